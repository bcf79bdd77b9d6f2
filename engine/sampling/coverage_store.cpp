#include "engine/sampling/coverage_store.h"
#include "engine/core/arg_text.h"

#include "engine/sampling/coverage_store_rows.h"
#include "engine/sampling/sampling_error.h"
#include "engine/store/database.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <algorithm>
#include <limits>

namespace gauntlet::sampling {

using namespace sampling;

namespace {

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QString compact(const QJsonArray &a)
{
    return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
}


}  // namespace

int countRows(storage::Database &db, const QString &sql, qint64 id)
{
    storage::SqlQuery q(db, sql);
    q.bind(0, id).exec();
    return q.next() ? q.value(0).toInt() : 0;
}

void selectById(storage::Database &db, storage::SqlQuery &q, qint64 id, const QString &what)
{
    q.bind(0, id).exec();
    if (!q.next())
        throw storage::StoreError(QStringLiteral("no %1 with id %2 in %3").arg(what).arg(id).arg(db.path()));
}

std::optional<qint64> idByName(storage::Database &db, const QString &table, const QString &name)
{
    storage::SqlQuery q(db, QStringLiteral("SELECT id FROM %1 WHERE name = ?").arg(table));
    q.bind(0, name).exec();
    if (q.next())
        return q.value(0).toLongLong();
    return std::nullopt;
}


// --- taxonomies --------------------------------------------------------------------------------

qint64 CoverageStore::addTaxonomy(const Taxonomy &taxonomy, bool replace)
{
    try {
        taxonomy.validate(QStringLiteral("taxonomy '%1'").arg(taxonomy.name));
    } catch (const SamplingError &e) {
        throw storage::StoreError(QString::fromStdString(e.what()));
    }
    storage::Transaction transaction(m_db);
    if (const auto existing = taxonomyId(taxonomy.name)) {
        if (!replace)
            throw storage::StoreError(QStringLiteral("a taxonomy named '%1' already exists (replace it explicitly)").arg(taxonomy.name));
        storage::SqlQuery(m_db, QStringLiteral("DELETE FROM taxonomies WHERE id = ?")).bind(0, *existing).exec();
    }
    storage::SqlQuery insert(m_db, QStringLiteral("INSERT INTO taxonomies (name, description, source, licence, created_at) VALUES (?, ?, ?, ?, ?)"));
    insert.bind(0, taxonomy.name).bind(1, taxonomy.description).bind(2, taxonomy.source).bind(3, taxonomy.licence).bind(4, storage::utcTimestamp()).exec();
    const qint64 id = insert.lastInsertId();
    for (int i = 0; i < taxonomy.categories.size(); ++i) {
        const TaxonomyCategory &c = taxonomy.categories[i];
        storage::SqlQuery q(m_db, QStringLiteral("INSERT INTO taxonomy_categories (taxonomy_id, position, path, kind, description, require_all, examples_json) "
                                        "VALUES (?, ?, ?, ?, ?, ?, ?)"));
        q.bind(0, id).bind(1, i).bind(2, c.path)
            .bind(3, c.kind == CategoryKind::Deterministic ? QStringLiteral("deterministic") : QStringLiteral("semantic"))
            .bind(4, c.description).bind(5, c.requireAll ? 1 : 0).bind(6, compact(QJsonArray::fromStringList(c.examples))).exec();
        const qint64 categoryId = q.lastInsertId();
        for (int m = 0; m < c.matchers.size(); ++m) {
            storage::SqlQuery qm(m_db, QStringLiteral("INSERT INTO category_matchers (category_id, position, field, pattern, flags) VALUES (?, ?, ?, ?, ?)"));
            qm.bind(0, categoryId).bind(1, m).bind(2, matchFieldName(c.matchers[m].field)).bind(3, c.matchers[m].pattern).bind(4, c.matchers[m].flags).exec();
        }
    }
    transaction.commit();
    return id;
}

QVector<TaxonomySummary> CoverageStore::taxonomies()
{
    QVector<TaxonomySummary> list;
    storage::SqlQuery q(m_db, QStringLiteral(
        "SELECT t.id, t.name, t.created_at, "
        "(SELECT COUNT(*) FROM taxonomy_categories c WHERE c.taxonomy_id = t.id), "
        "(SELECT COUNT(*) FROM taxonomy_categories c WHERE c.taxonomy_id = t.id AND c.kind = 'deterministic') "
        "FROM taxonomies t ORDER BY t.name"));
    q.exec();
    while (q.next())
        list.append({q.value(0).toLongLong(), q.value(1).toString(), q.value(3).toInt(), q.value(4).toInt(), q.value(2).toString()});
    return list;
}

std::optional<qint64> CoverageStore::taxonomyId(const QString &name)
{
    return idByName(m_db, QStringLiteral("taxonomies"), name);
}

Taxonomy CoverageStore::taxonomy(qint64 id)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT name, description, source, licence FROM taxonomies WHERE id = ?"));
    selectById(m_db, q, id, QStringLiteral("taxonomy"));
    Taxonomy t;
    t.name = q.value(0).toString();
    t.description = q.value(1).toString();
    t.source = q.value(2).toString();
    t.licence = q.value(3).toString();
    storage::SqlQuery qc(m_db, QStringLiteral("SELECT id, path, kind, description, require_all, examples_json FROM taxonomy_categories "
                                     "WHERE taxonomy_id = ? ORDER BY position"));
    qc.bind(0, id).exec();
    QVector<qint64> ids;
    while (qc.next()) {
        TaxonomyCategory c;
        ids.append(qc.value(0).toLongLong());
        c.path = qc.value(1).toString();
        c.kind = qc.value(2).toString() == QLatin1String("deterministic") ? CategoryKind::Deterministic : CategoryKind::Semantic;
        c.description = qc.value(3).toString();
        c.requireAll = qc.value(4).toInt() != 0;
        for (const QJsonValue &v : QJsonDocument::fromJson(qc.value(5).toString().toUtf8()).array())
            c.examples.append(v.toString());
        t.categories.append(c);
    }
    for (int i = 0; i < ids.size(); ++i) {
        storage::SqlQuery qm(m_db, QStringLiteral("SELECT field, pattern, flags FROM category_matchers WHERE category_id = ? ORDER BY position"));
        qm.bind(0, ids[i]).exec();
        while (qm.next()) {
            MatchField field = MatchField::Source;
            matchFieldFromName(qm.value(0).toString(), &field);  // the schema's CHECK allows only the four names
            t.categories[i].matchers.append({field, qm.value(1).toString(), qm.value(2).toString()});
        }
    }
    return t;
}

bool CoverageStore::removeTaxonomy(qint64 id)
{
    storage::SqlQuery q(m_db, QStringLiteral("DELETE FROM taxonomies WHERE id = ?"));
    q.bind(0, id).exec();
    return q.rowsAffected() > 0;
}

// --- labellings --------------------------------------------------------------------------------

void CoverageStore::requireNoSamples(qint64 corpusId, qint64 taxonomyId)
{
    if (const int samples = sampleCount(corpusId, taxonomyId); samples > 0)
        throw storage::StoreError(QStringLiteral("%1 stored sample(s) were drawn under the current labels of this corpus and taxonomy; classifying "
                                        "again would delete them. Export them first (coverage --sample NAME --json, or Export CSV in the "
                                        "Sample tab), then classify with --replace-samples")
                             .arg(samples));
}

int CoverageStore::sampleCount(qint64 corpusId, qint64 taxonomyId)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT COUNT(*) FROM samples s JOIN corpus_labellings l ON l.id = s.labelling_id "
                                    "WHERE l.corpus_id = ? AND l.taxonomy_id = ?"));
    q.bind(0, corpusId).bind(1, taxonomyId).exec();
    return q.next() ? q.value(0).toInt() : 0;
}

qint64 CoverageStore::saveLabelling(qint64 corpusId, qint64 taxonomyId, const QVector<SegmentLabels> &labels,
                                    const QString &classifier, const QJsonObject &settings, bool replaceSamples)
{
    QVector<qint64> segmentIds;
    {
        storage::SqlQuery q(m_db, QStringLiteral("SELECT id FROM corpus_segments WHERE corpus_id = ? ORDER BY position"));
        q.bind(0, corpusId).exec();
        while (q.next())
            segmentIds.append(q.value(0).toLongLong());
    }
    if (segmentIds.isEmpty())
        throw storage::StoreError(QStringLiteral("no corpus with id %1 (or it has no segments)").arg(corpusId));
    if (labels.size() != segmentIds.size())
        throw storage::StoreError(QStringLiteral("%1 label sets for the %2 segments of corpus %3").arg(core::argText(labels.size()), core::argText(segmentIds.size()), core::argText(corpusId)));
    if (countRows(m_db, QStringLiteral("SELECT COUNT(*) FROM taxonomies WHERE id = ?"), taxonomyId) == 0)
        throw storage::StoreError(QStringLiteral("no taxonomy with id %1").arg(taxonomyId));
    for (const SegmentLabels &segment : labels) {
        for (const SegmentLabel &l : segment) {
            if (!(l.confidence >= 0.0 && l.confidence <= 1.0) || l.category.isEmpty())
                throw storage::StoreError(QStringLiteral("invalid label '%1' with confidence %2").arg(l.category).arg(l.confidence));
        }
    }
    storage::Transaction transaction(m_db);
    if (!replaceSamples)
        requireNoSamples(corpusId, taxonomyId);
    storage::SqlQuery(m_db, QStringLiteral("DELETE FROM corpus_labellings WHERE corpus_id = ? AND taxonomy_id = ?")).bind(0, corpusId).bind(1, taxonomyId).exec();
    storage::SqlQuery insert(m_db, QStringLiteral("INSERT INTO corpus_labellings (corpus_id, taxonomy_id, classifier, settings_json, created_at) VALUES (?, ?, ?, ?, ?)"));
    insert.bind(0, corpusId).bind(1, taxonomyId).bind(2, classifier).bind(3, compact(settings)).bind(4, storage::utcTimestamp()).exec();
    const qint64 id = insert.lastInsertId();
    storage::SqlQuery ql(m_db, QStringLiteral("INSERT INTO segment_labels (labelling_id, segment_id, rank, category, confidence, origin) VALUES (?, ?, ?, ?, ?, ?)"));
    for (int i = 0; i < labels.size(); ++i) {
        for (int r = 0; r < labels[i].size(); ++r) {
            const SegmentLabel &l = labels[i][r];
            ql.bind(0, id).bind(1, segmentIds[i]).bind(2, r).bind(3, l.category).bind(4, l.confidence).bind(5, labelOriginName(l.origin)).exec();
        }
    }
    transaction.commit();
    return id;
}

QVector<LabellingSummary> CoverageStore::labellings()
{
    QVector<LabellingSummary> list;
    storage::SqlQuery q(m_db, QStringLiteral(
        "SELECT l.id, l.corpus_id, l.taxonomy_id, c.name, t.name, l.classifier, l.created_at, "
        "(SELECT COUNT(DISTINCT segment_id) FROM segment_labels s WHERE s.labelling_id = l.id) "
        "FROM corpus_labellings l JOIN corpora c ON c.id = l.corpus_id JOIN taxonomies t ON t.id = l.taxonomy_id ORDER BY l.id"));
    q.exec();
    while (q.next()) {
        LabellingSummary s;
        s.id = q.value(0).toLongLong();
        s.corpusId = q.value(1).toLongLong();
        s.taxonomyId = q.value(2).toLongLong();
        s.corpusName = q.value(3).toString();
        s.taxonomyName = q.value(4).toString();
        s.classifier = q.value(5).toString();
        s.createdAt = q.value(6).toString();
        s.labelledSegments = q.value(7).toInt();
        list.append(s);
    }
    return list;
}

std::optional<qint64> CoverageStore::labellingId(qint64 corpusId, qint64 taxonomyId)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT id FROM corpus_labellings WHERE corpus_id = ? AND taxonomy_id = ?"));
    q.bind(0, corpusId).bind(1, taxonomyId).exec();
    if (q.next())
        return q.value(0).toLongLong();
    return std::nullopt;
}

LabellingSummary CoverageStore::labelling(qint64 id)
{
    for (const LabellingSummary &s : labellings()) {
        if (s.id == id)
            return s;
    }
    throw storage::StoreError(QStringLiteral("no labelling with id %1 in %2").arg(id).arg(m_db.path()));
}

QVector<SegmentLabels> CoverageStore::labels(qint64 labellingId)
{
    const LabellingSummary summary = labelling(labellingId);
    QHash<qint64, int> index;
    {
        storage::SqlQuery q(m_db, QStringLiteral("SELECT id FROM corpus_segments WHERE corpus_id = ? ORDER BY position"));
        q.bind(0, summary.corpusId).exec();
        while (q.next())
            index.insert(q.value(0).toLongLong(), index.size());
    }
    QVector<SegmentLabels> labels(index.size());
    storage::SqlQuery q(m_db, QStringLiteral("SELECT segment_id, category, confidence, origin FROM segment_labels WHERE labelling_id = ? ORDER BY segment_id, rank"));
    q.bind(0, labellingId).exec();
    QSet<QString> categories;  // one shared copy of each category name, not one per label
    while (q.next()) {
        SegmentLabel l;
        const QString category = q.value(1).toString();
        auto known = categories.constFind(category);
        l.category = known != categories.constEnd() ? *known : *categories.insert(category);
        l.confidence = q.value(2).toDouble();
        l.origin = labelOriginFromName(q.value(3).toString());
        labels[index.value(q.value(0).toLongLong())].append(l);
    }
    return labels;
}

sampling::SamplingPool CoverageStore::samplingPool(qint64 labellingId)
{
    const LabellingSummary summary = labelling(labellingId);
    bool hasDocuments = true;
    {
        storage::SqlQuery q(m_db, QStringLiteral("SELECT has_documents FROM corpora WHERE id = ?"));
        q.bind(0, summary.corpusId).exec();
        if (!q.next())
            throw storage::StoreError(QStringLiteral("no corpus with id %1 in %2").arg(core::argText(summary.corpusId), core::argText(m_db.path())));
        hasDocuments = q.value(0).toInt() != 0;
    }
    sampling::SamplingPoolBuilder builder(taxonomy(summary.taxonomyId), hasDocuments);
    builder.reserve(int(m_db.scalar(QStringLiteral("SELECT COUNT(*) FROM corpus_segments WHERE corpus_id = %1").arg(summary.corpusId)).toLongLong()));
    // One pass in corpus order; the unique index (labelling_id, segment_id, rank) gives each
    // segment's labels in rank order without a sort. A segment without labels comes once with NULLs.
    storage::SqlQuery q(m_db, QStringLiteral("SELECT s.id, s.document_id, s.position_in_document, s.post_edit_score, s.source, l.category, l.confidence "
                                    "FROM corpus_segments s LEFT JOIN segment_labels l ON l.segment_id = s.id AND l.labelling_id = ? "
                                    "WHERE s.corpus_id = ? ORDER BY s.position, l.rank"));
    q.bind(0, labellingId).bind(1, summary.corpusId).exec();
    QSet<QString> categories;  // one shared copy of each category name
    qint64 current = -1;
    while (q.next()) {
        const qint64 segment = q.value(0).toLongLong();
        if (segment != current) {
            builder.addSegment(q.value(1).toString(), q.value(2).toInt(), q.value(3).toDouble(), q.value(4).toString());
            current = segment;
        }
        if (q.value(5).isNull())
            continue;
        const QString category = q.value(5).toString();
        auto known = categories.constFind(category);
        builder.addLabel(known != categories.constEnd() ? *known : *categories.insert(category), q.value(6).toDouble());
    }
    return builder.finish();
}

namespace {

/// The id of the segment at `position` of the labelling's corpus; throws StoreError.
qint64 segmentIdAt(storage::Database &db, const LabellingSummary &summary, int position)
{
    storage::SqlQuery q(db, QStringLiteral("SELECT id FROM corpus_segments WHERE corpus_id = ? ORDER BY position LIMIT 1 OFFSET ?"));
    q.bind(0, summary.corpusId).bind(1, std::max(0, position)).exec();
    if (position < 0 || !q.next())
        throw storage::StoreError(QStringLiteral("no segment %1 in corpus '%2'").arg(position + 1).arg(summary.corpusName));
    return q.value(0).toLongLong();
}

}  // namespace

SegmentLabels CoverageStore::setPrimaryCategory(qint64 labellingId, int segmentPosition, const QString &category)
{
    if (category.trimmed().isEmpty())
        throw storage::StoreError(QStringLiteral("a primary category cannot be empty"));
    const LabellingSummary summary = labelling(labellingId);
    const qint64 segmentId = segmentIdAt(m_db, summary, segmentPosition);
    SegmentLabels labels{{category, 1.0, LabelOrigin::Manual}};
    {
        storage::SqlQuery q(m_db, QStringLiteral("SELECT category, confidence, origin FROM segment_labels WHERE labelling_id = ? AND segment_id = ? ORDER BY rank"));
        q.bind(0, labellingId).bind(1, segmentId).exec();
        while (q.next()) {
            if (q.value(0).toString() != category)
                labels.append({q.value(0).toString(), q.value(1).toDouble(), labelOriginFromName(q.value(2).toString())});
        }
    }
    setSegmentLabels(labellingId, segmentPosition, labels);
    return labels;
}

void CoverageStore::setSegmentLabels(qint64 labellingId, int segmentPosition, const SegmentLabels &labels)
{
    for (const SegmentLabel &l : labels) {
        if (!(l.confidence >= 0.0 && l.confidence <= 1.0) || l.category.trimmed().isEmpty())
            throw storage::StoreError(QStringLiteral("invalid label '%1' with confidence %2").arg(l.category).arg(l.confidence));
    }
    const LabellingSummary summary = labelling(labellingId);
    const qint64 segmentId = segmentIdAt(m_db, summary, segmentPosition);
    storage::Transaction transaction(m_db);
    storage::SqlQuery(m_db, QStringLiteral("DELETE FROM segment_labels WHERE labelling_id = ? AND segment_id = ?")).bind(0, labellingId).bind(1, segmentId).exec();
    storage::SqlQuery ql(m_db, QStringLiteral("INSERT INTO segment_labels (labelling_id, segment_id, rank, category, confidence, origin) VALUES (?, ?, ?, ?, ?, ?)"));
    for (int r = 0; r < labels.size(); ++r)
        ql.bind(0, labellingId).bind(1, segmentId).bind(2, r).bind(3, labels[r].category).bind(4, labels[r].confidence)
            .bind(5, labelOriginName(labels[r].origin)).exec();
    transaction.commit();
}

// --- samples -----------------------------------------------------------------------------------

qint64 CoverageStore::saveSample(const QString &name, qint64 labellingId, const Sample &sample, const CoverageMeasures &measures)
{
    if (name.trimmed().isEmpty())
        throw storage::StoreError(QStringLiteral("a sample needs a name"));
    const LabellingSummary summary = labelling(labellingId);
    QVector<qint64> segmentIds;
    {
        storage::SqlQuery q(m_db, QStringLiteral("SELECT id FROM corpus_segments WHERE corpus_id = ? ORDER BY position"));
        q.bind(0, summary.corpusId).exec();
        while (q.next())
            segmentIds.append(q.value(0).toLongLong());
    }
    for (int i : sample.segments) {
        if (i < 0 || i >= segmentIds.size())
            throw storage::StoreError(QStringLiteral("sample '%1': segment index %2 outside corpus '%3'").arg(core::argText(name), core::argText(i), core::argText(summary.corpusName)));
    }
    if (sampleId(name))
        throw storage::StoreError(QStringLiteral("a sample named '%1' already exists").arg(name));
    storage::Transaction transaction(m_db);
    storage::SqlQuery insert(m_db, QStringLiteral("INSERT INTO samples (name, labelling_id, method, budget, seed, settings_json, measures_json, created_at) "
                                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"));
    insert.bind(0, name).bind(1, labellingId).bind(2, samplingMethodName(sample.settings.method)).bind(3, sample.settings.budget)
        .bind(4, QString::number(sample.settings.seed)).bind(5, compact(sample.settings.toJson())).bind(6, compact(measures.toJson()))
        .bind(7, storage::utcTimestamp()).exec();
    const qint64 id = insert.lastInsertId();
    storage::SqlQuery qs(m_db, QStringLiteral("INSERT INTO sample_segments (sample_id, position, segment_id) VALUES (?, ?, ?)"));
    for (int k = 0; k < sample.segments.size(); ++k)
        qs.bind(0, id).bind(1, k).bind(2, segmentIds[sample.segments[k]]).exec();
    transaction.commit();
    return id;
}

QVector<SampleSummary> CoverageStore::samples()
{
    QVector<SampleSummary> list;
    storage::SqlQuery q(m_db, QStringLiteral("SELECT s.id, s.name, s.labelling_id, s.method, s.budget, s.seed, s.created_at, "
                                    "(SELECT COUNT(*) FROM sample_segments x WHERE x.sample_id = s.id) FROM samples s ORDER BY s.name"));
    q.exec();
    while (q.next()) {
        SampleSummary s;
        s.id = q.value(0).toLongLong();
        s.name = q.value(1).toString();
        s.labellingId = q.value(2).toLongLong();
        s.method = q.value(3).toString();
        s.budget = q.value(4).toInt();
        s.seed = q.value(5).toString().toULongLong();
        s.createdAt = q.value(6).toString();
        s.size = q.value(7).toInt();
        list.append(s);
    }
    return list;
}

std::optional<qint64> CoverageStore::sampleId(const QString &name)
{
    return idByName(m_db, QStringLiteral("samples"), name);
}

Sample CoverageStore::sample(qint64 id)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT settings_json, labelling_id FROM samples WHERE id = ?"));
    selectById(m_db, q, id, QStringLiteral("sample"));
    Sample sample;
    try {
        sample.settings = SamplerSettings::fromJson(QJsonDocument::fromJson(q.value(0).toString().toUtf8()).object());
    } catch (const SamplingError &e) {
        throw storage::StoreError(QStringLiteral("sample %1: %2").arg(id).arg(QString::fromStdString(e.what())));
    }
    labelling(q.value(1).toLongLong());  // throws when the labelling is gone
    storage::SqlQuery qs(m_db, QStringLiteral("SELECT c.position FROM sample_segments x JOIN corpus_segments c ON c.id = x.segment_id "
                                     "WHERE x.sample_id = ? ORDER BY x.position"));
    qs.bind(0, id).exec();
    while (qs.next())
        sample.segments.append(qs.value(0).toInt());
    sample.levelSizes = {int(sample.segments.size())};
    return sample;
}

bool CoverageStore::removeSample(qint64 id)
{
    storage::SqlQuery q(m_db, QStringLiteral("DELETE FROM samples WHERE id = ?"));
    q.bind(0, id).exec();
    return q.rowsAffected() > 0;
}

}  // namespace gauntlet::sampling
