// CoverageStore's corpora (coverage_store.h): adding a corpus held in memory, listing, reading it
// back whole, in parts or in chunks, single segments, removing. The streamed import is in
// corpus_import.cpp; both write rows with SegmentInserter (coverage_store_rows.h).
#include "engine/sampling/coverage_store.h"

#include "engine/sampling/coverage_store_rows.h"
#include "engine/store/database.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <limits>

namespace gauntlet::sampling {

using namespace sampling;

qint64 insertCorpusRow(storage::Database &db, const QString &name, const QString &sourceFile, bool postEditIsReference, bool hasDocuments)
{
    storage::SqlQuery insert(db, QStringLiteral("INSERT INTO corpora (name, source_file, post_edit_is_reference, has_documents, created_at) "
                                       "VALUES (?, ?, ?, ?, ?)"));
    insert.bind(0, name).bind(1, sourceFile).bind(2, postEditIsReference ? 1 : 0).bind(3, hasDocuments ? 1 : 0).bind(4, storage::utcTimestamp()).exec();
    return insert.lastInsertId();
}

SegmentInserter::SegmentInserter(storage::Database &db, qint64 corpusId)
    : m_corpusId(corpusId),
      m_segments(db, QStringLiteral("INSERT INTO corpus_segments (corpus_id, position, document_id, segment_key, position_in_document, "
                                    "source, post_edit, post_edit_score, gold_labels_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")),
      m_translations(db, QStringLiteral("INSERT INTO segment_translations (segment_id, position, system, mt) VALUES (?, ?, ?, ?)"))
{
}

void SegmentInserter::insert(int position, const CorpusSegment &s)
{
    QJsonArray gold;
    for (const GoldLabel &g : s.goldLabels)
        gold.append(QJsonObject{{QStringLiteral("category"), g.category}, {QStringLiteral("confidence"), g.confidence}});
    m_segments.bind(0, m_corpusId).bind(1, position).bind(2, s.documentId).bind(3, s.segmentKey).bind(4, s.positionInDocument).bind(5, s.source)
        .bind(6, s.postEdit).bind(7, s.postEditScore).bind(8, QString::fromUtf8(QJsonDocument(gold).toJson(QJsonDocument::Compact))).exec();
    const qint64 segmentId = m_segments.lastInsertId();
    for (int k = 0; k < s.translations.size(); ++k)
        m_translations.bind(0, segmentId).bind(1, k).bind(2, s.translations[k].system).bind(3, s.translations[k].mt).exec();
}

// --- corpora -----------------------------------------------------------------------------------

qint64 CoverageStore::addCorpus(const Corpus &corpus, bool replace)
{
    if (corpus.name.trimmed().isEmpty())
        throw storage::StoreError(QStringLiteral("a corpus needs a name"));
    if (corpus.segments.isEmpty())
        throw storage::StoreError(QStringLiteral("corpus '%1' has no segments").arg(corpus.name));
    storage::Transaction transaction(m_db);
    if (const auto existing = corpusId(corpus.name)) {
        if (!replace)
            throw storage::StoreError(QStringLiteral("a corpus named '%1' already exists (replace it explicitly)").arg(corpus.name));
        storage::SqlQuery(m_db, QStringLiteral("DELETE FROM corpora WHERE id = ?")).bind(0, *existing).exec();
    }
    const qint64 id = insertCorpusRow(m_db, corpus.name, corpus.sourceFile, corpus.postEditIsReference, corpus.hasDocuments);
    SegmentInserter inserter(m_db, id);
    for (int i = 0; i < corpus.segments.size(); ++i) {
        if (corpus.segments[i].translations.isEmpty())
            throw storage::StoreError(QStringLiteral("corpus '%1': segment '%2' has no MT output").arg(corpus.name, corpus.segments[i].segmentKey));
        inserter.insert(i, corpus.segments[i]);
    }
    storeCorpusSummary(id);
    transaction.commit();
    return id;
}

QVector<CorpusSummary> CoverageStore::corpora()
{
    // The summary stored at import (schema 20): reading it costs nothing on a large corpus, where
    // the aggregates over every segment took seconds on each project open (issue 33 item 7).
    QVector<CorpusSummary> list;
    storage::SqlQuery q(m_db, QStringLiteral("SELECT id, name, created_at, segment_count, document_count, mean_post_edit_score, has_documents, systems_json "
                                    "FROM corpora ORDER BY name"));
    q.exec();
    while (q.next()) {
        CorpusSummary s;
        s.id = q.value(0).toLongLong();
        s.name = q.value(1).toString();
        s.createdAt = q.value(2).toString();
        s.segments = q.value(3).toInt();
        s.documents = q.value(4).toInt();
        s.meanPostEditScore = q.value(5).toDouble();
        s.hasDocuments = q.value(6).toInt() != 0;
        const QJsonArray systems = QJsonDocument::fromJson(q.value(7).toString().toUtf8()).array();
        for (const QJsonValue &v : systems)
            s.systems.append(v.toString());
        list.append(s);
    }
    return list;
}

void CoverageStore::storeCorpusSummary(qint64 corpusId)
{
    storage::SqlQuery q(m_db, QStringLiteral(
        "UPDATE corpora SET "
        "segment_count = (SELECT COUNT(*) FROM corpus_segments s WHERE s.corpus_id = corpora.id), "
        "document_count = (SELECT COUNT(DISTINCT s.document_id) FROM corpus_segments s WHERE s.corpus_id = corpora.id), "
        "mean_post_edit_score = (SELECT COALESCE(AVG(s.post_edit_score), 0) FROM corpus_segments s WHERE s.corpus_id = corpora.id), "
        "systems_json = (SELECT json_group_array(system) FROM (SELECT t.system AS system FROM segment_translations t "
        "JOIN corpus_segments s ON s.id = t.segment_id WHERE s.corpus_id = corpora.id GROUP BY t.system ORDER BY MIN(t.position), MIN(t.id))) "
        "WHERE id = ?"));
    q.bind(0, corpusId).exec();
}

std::optional<qint64> CoverageStore::corpusId(const QString &name)
{
    return idByName(m_db, QStringLiteral("corpora"), name);
}

Corpus CoverageStore::corpus(qint64 id, CorpusParts parts)
{
    return corpus(id, parts, 0, -1);
}

int CoverageStore::segmentCount(qint64 corpusId)
{
    return countRows(m_db, QStringLiteral("SELECT COUNT(*) FROM corpus_segments WHERE corpus_id = ?"), corpusId);
}

Corpus CoverageStore::corpus(qint64 id, CorpusParts parts, int first, int count)
{
    const int end = count < 0 ? std::numeric_limits<int>::max() : first + count;
    storage::SqlQuery q(m_db, QStringLiteral("SELECT name, source_file, post_edit_is_reference, has_documents FROM corpora WHERE id = ?"));
    selectById(m_db, q, id, QStringLiteral("corpus"));
    Corpus corpus;
    corpus.name = q.value(0).toString();
    corpus.sourceFile = q.value(1).toString();
    corpus.postEditIsReference = q.value(2).toInt() != 0;
    corpus.hasDocuments = q.value(3).toInt() != 0;
    const bool all = parts == CorpusParts::All;
    // Columns a part leaves out are read as '' so the statement keeps its shape.
    storage::SqlQuery qs(m_db, QStringLiteral("SELECT id, document_id, %1, position_in_document, source, %2, post_edit_score, %3 "
                                     "FROM corpus_segments WHERE corpus_id = ? AND position >= ? AND position < ? ORDER BY position")
                          .arg(all ? QStringLiteral("segment_key") : QStringLiteral("''"), all ? QStringLiteral("post_edit") : QStringLiteral("''"),
                               all ? QStringLiteral("gold_labels_json") : QStringLiteral("'[]'")));
    qs.bind(0, id).bind(1, first).bind(2, end).exec();
    QHash<qint64, int> index;
    while (qs.next()) {
        CorpusSegment s;
        if (parts != CorpusParts::Sampling)
            index.insert(qs.value(0).toLongLong(), corpus.segments.size());
        s.documentId = qs.value(1).toString();
        s.segmentKey = qs.value(2).toString();
        s.positionInDocument = qs.value(3).toInt();
        s.source = qs.value(4).toString();
        s.postEdit = qs.value(5).toString();
        s.postEditScore = qs.value(6).toDouble();
        if (all) {
            for (const QJsonValue &v : QJsonDocument::fromJson(qs.value(7).toString().toUtf8()).array())
                s.goldLabels.append({v.toObject().value(QStringLiteral("category")).toString(), v.toObject().value(QStringLiteral("confidence")).toDouble()});
        }
        corpus.segments.append(s);
    }
    if (parts == CorpusParts::Sampling)
        return corpus;
    storage::SqlQuery qt(m_db, QStringLiteral("SELECT t.segment_id, t.system, t.mt FROM segment_translations t JOIN corpus_segments s ON s.id = t.segment_id "
                                     "WHERE s.corpus_id = ? AND s.position >= ? AND s.position < ? %1 ORDER BY t.segment_id, t.position")
                          .arg(all ? QString() : QStringLiteral("AND t.position = 0")));
    qt.bind(0, id).bind(1, first).bind(2, end).exec();
    while (qt.next())
        corpus.segments[index.value(qt.value(0).toLongLong())].translations.append({qt.value(1).toString(), qt.value(2).toString()});
    return corpus;
}

QVector<CorpusSegment> CoverageStore::segments(qint64 corpusId, const QVector<int> &positions)
{
    storage::SqlQuery q(m_db, QStringLiteral("SELECT id, document_id, segment_key, position_in_document, source, post_edit, post_edit_score, gold_labels_json "
                                    "FROM corpus_segments WHERE corpus_id = ? AND position = ?"));
    storage::SqlQuery qt(m_db, QStringLiteral("SELECT system, mt FROM segment_translations WHERE segment_id = ? ORDER BY position"));
    QVector<CorpusSegment> result;
    result.reserve(positions.size());
    for (int position : positions) {
        q.bind(0, corpusId).bind(1, position).exec();
        if (!q.next())
            throw storage::StoreError(QStringLiteral("no segment %1 in corpus %2").arg(position + 1).arg(corpusId));
        CorpusSegment s;
        s.documentId = q.value(1).toString();
        s.segmentKey = q.value(2).toString();
        s.positionInDocument = q.value(3).toInt();
        s.source = q.value(4).toString();
        s.postEdit = q.value(5).toString();
        s.postEditScore = q.value(6).toDouble();
        for (const QJsonValue &v : QJsonDocument::fromJson(q.value(7).toString().toUtf8()).array())
            s.goldLabels.append({v.toObject().value(QStringLiteral("category")).toString(), v.toObject().value(QStringLiteral("confidence")).toDouble()});
        qt.bind(0, q.value(0).toLongLong()).exec();
        while (qt.next())
            s.translations.append({qt.value(0).toString(), qt.value(1).toString()});
        result.append(s);
    }
    return result;
}

bool CoverageStore::removeCorpus(qint64 id)
{
    storage::SqlQuery q(m_db, QStringLiteral("DELETE FROM corpora WHERE id = ?"));
    q.bind(0, id).exec();
    return q.rowsAffected() > 0;
}

}  // namespace gauntlet::sampling
