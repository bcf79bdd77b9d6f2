#include "engine/sampling/corpus.h"

#include "engine/metrics/ter.h"
#include "engine/sampling/sampling_error.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QStringDecoder>

#include <algorithm>

namespace gauntlet::sampling {

namespace {

/// One input row as column -> value.
using Row = QHash<QString, QString>;

struct RawRow {
    int line = 0;
    Row values;
};

QStringList decodeLines(const QByteArray &bytes, const QString &name)
{
    QStringList lines;
    QByteArray data = bytes;
    if (data.startsWith("\xEF\xBB\xBF"))
        data.remove(0, 3);
    const QList<QByteArray> parts = data.split('\n');
    for (int i = 0; i < parts.size(); ++i) {
        QByteArray part = parts[i];
        if (part.endsWith('\r'))
            part.chop(1);
        QStringDecoder decoder(QStringDecoder::Utf8);
        QString line = decoder.decode(part);
        if (decoder.hasError())
            throw SamplingError(QStringLiteral("%1:%2: not valid UTF-8").arg(name).arg(i + 1));
        lines.append(line);
    }
    while (!lines.isEmpty() && lines.constLast().isEmpty())
        lines.removeLast();
    return lines;
}

QVector<RawRow> readTsvRows(const QStringList &lines, const QString &name, QStringList *header)
{
    if (lines.isEmpty())
        throw SamplingError(QStringLiteral("%1: empty file (a TSV corpus starts with a header row)").arg(name));
    *header = lines.first().split(u'\t');
    for (QString &h : *header)
        h = h.trimmed().toLower();
    QVector<RawRow> rows;
    for (int i = 1; i < lines.size(); ++i) {
        if (lines[i].isEmpty())
            continue;
        const QStringList fields = lines[i].split(u'\t');
        if (fields.size() != header->size())
            throw SamplingError(QStringLiteral("%1:%2: %3 fields, the header has %4 (truncated line or tab inside a field?)")
                                    .arg(name).arg(i + 1).arg(fields.size()).arg(header->size()));
        RawRow row;
        row.line = i + 1;
        for (int c = 0; c < fields.size(); ++c)
            row.values.insert(header->at(c), fields[c]);
        rows.append(row);
    }
    return rows;
}

QVector<RawRow> readJsonlRows(const QStringList &lines, const QString &name, QStringList *header)
{
    QVector<RawRow> rows;
    QSet<QString> keys;
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].trimmed().isEmpty())
            continue;
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(lines[i].toUtf8(), &error);
        if (error.error != QJsonParseError::NoError || !doc.isObject())
            throw SamplingError(QStringLiteral("%1:%2: not a JSON object (%3)").arg(name).arg(i + 1)
                                    .arg(error.error != QJsonParseError::NoError ? error.errorString() : QStringLiteral("another JSON value")));
        RawRow row;
        row.line = i + 1;
        const QJsonObject object = doc.object();
        for (auto it = object.begin(); it != object.end(); ++it) {
            const QString key = it.key().trimmed().toLower();
            QString value;
            if (it->isString())
                value = it->toString();
            else if (it->isDouble())
                value = QString::number(it->toDouble(), 'g', 17);
            else if (it->isBool())
                value = it->toBool() ? QStringLiteral("true") : QStringLiteral("false");
            else if (it->isNull())
                value = QString();
            else
                throw SamplingError(QStringLiteral("%1:%2: field \"%3\" must be a string or a number").arg(name).arg(i + 1).arg(it.key()));
            row.values.insert(key, value);
            if (!keys.contains(key)) {
                keys.insert(key);
                header->append(key);
            }
        }
        rows.append(row);
    }
    if (rows.isEmpty())
        throw SamplingError(QStringLiteral("%1: empty file (no JSON lines)").arg(name));
    return rows;
}

/// The column to use: the explicit one (must exist) or the first alias present, or "".
QString pickColumn(const QStringList &header, const QString &explicitName, const QStringList &aliases,
                   const QString &what, const QString &name, bool required)
{
    if (!explicitName.isEmpty()) {
        const QString lower = explicitName.toLower();
        if (!header.contains(lower))
            throw SamplingError(QStringLiteral("%1: no column '%2' for the %3 (columns: %4)").arg(name, explicitName, what, header.join(QStringLiteral(", "))));
        return lower;
    }
    for (const QString &alias : aliases) {
        if (header.contains(alias))
            return alias;
    }
    if (required)
        throw SamplingError(QStringLiteral("%1: no %2 column (looked for %3; columns: %4)")
                                .arg(name, what, aliases.join(QStringLiteral(", ")), header.join(QStringLiteral(", "))));
    return {};
}

}  // namespace

QStringList Corpus::systems() const
{
    QStringList list;
    for (const CorpusSegment &s : segments) {
        for (const SystemTranslation &t : s.translations) {
            if (!list.contains(t.system))
                list.append(t.system);
        }
    }
    return list;
}

QStringList Corpus::documents() const
{
    QStringList list;
    QSet<QString> seen;
    for (const CorpusSegment &s : segments) {
        if (!seen.contains(s.documentId)) {
            seen.insert(s.documentId);
            list.append(s.documentId);
        }
    }
    return list;
}

double postEditScore(const QString &mt, const QString &postEdit)
{
    static const metrics::Ter ter;
    const std::string hyp = mt.toStdString();
    const std::string ref = postEdit.toStdString();
    const metrics::Statistics stats = ter.segmentStatistics(hyp, {std::string_view(ref)});
    return ter.scoreFromStatistics(stats) / 100.0;
}

Corpus parseCorpus(const QByteArray &bytes, const QString &name, const CorpusFileOptions &options)
{
    CorpusFormat format = options.format;
    if (format == CorpusFormat::Auto) {
        const QString suffix = QFileInfo(name).suffix().toLower();
        format = (suffix == QLatin1String("jsonl") || suffix == QLatin1String("json")) ? CorpusFormat::Jsonl : CorpusFormat::Tsv;
    }
    const QStringList lines = decodeLines(bytes, name);
    QStringList header;
    const QVector<RawRow> rows = format == CorpusFormat::Jsonl ? readJsonlRows(lines, name, &header)
                                                              : readTsvRows(lines, name, &header);
    if (rows.isEmpty())
        throw SamplingError(QStringLiteral("%1: no segments (only a header)").arg(name));

    const QString docColumn = pickColumn(header, options.documentColumn,
                                         {QStringLiteral("doc_id"), QStringLiteral("document"), QStringLiteral("doc"), QStringLiteral("docid")},
                                         QStringLiteral("document id"), name, false);
    const QString keyColumn = pickColumn(header, options.keyColumn,
                                         {QStringLiteral("seg_id"), QStringLiteral("segment_id"), QStringLiteral("idx"), QStringLiteral("id")},
                                         QStringLiteral("segment key"), name, false);
    const QString srcColumn = pickColumn(header, options.sourceColumn,
                                         {QStringLiteral("source"), QStringLiteral("src"), QStringLiteral("src_tok"), QStringLiteral("src_detok")},
                                         QStringLiteral("source"), name, true);
    const QString mtColumn = pickColumn(header, options.mtColumn,
                                        {QStringLiteral("mt"), QStringLiteral("mt_tok"), QStringLiteral("mt_detok"), QStringLiteral("target"),
                                         QStringLiteral("translation"), QStringLiteral("hyp")},
                                        QStringLiteral("MT"), name, true);
    const QString peColumn = pickColumn(header, options.postEditColumn,
                                        {QStringLiteral("post_edit"), QStringLiteral("postedit"), QStringLiteral("pe"), QStringLiteral("pe_tok"),
                                         QStringLiteral("reference"), QStringLiteral("ref")},
                                        QStringLiteral("post-edit or reference"), name, true);
    const QString systemColumn = pickColumn(header, options.systemColumn, {QStringLiteral("system"), QStringLiteral("sys")},
                                            QStringLiteral("system"), name, false);
    const QString labelsColumn = options.labelsColumn.isEmpty()
                                     ? QString()
                                     : pickColumn(header, options.labelsColumn, {}, QStringLiteral("labels"), name, true);

    Corpus corpus;
    corpus.name = QFileInfo(name).completeBaseName();
    corpus.sourceFile = name;
    corpus.postEditIsReference = peColumn.startsWith(QLatin1String("ref"));

    struct Pending {
        CorpusSegment segment;
        QHash<QString, int> labelRows;
        int rows = 0;
    };
    QVector<Pending> pending;
    QHash<QString, int> segmentIndex;        // doc + '\x1f' + key -> pending index
    QHash<QString, int> documentLength;      // doc -> segments so far
    QStringList systemOrder = options.systems;

    auto text = [&](const RawRow &row, const QString &column) {
        QString value = row.values.value(column);
        if (options.removeSpanMarkers)
            value.remove(QStringLiteral("<v>")).remove(QStringLiteral("</v>"));
        return value;
    };
    for (const RawRow &row : rows) {
        const QString where = QStringLiteral("%1:%2").arg(name).arg(row.line);
        const QString system = systemColumn.isEmpty() ? QString() : row.values.value(systemColumn);
        if (!options.systems.isEmpty() && !options.systems.contains(system))
            continue;
        if (!systemOrder.contains(system))
            systemOrder.append(system);
        const QString source = text(row, srcColumn);
        if (source.trimmed().isEmpty())
            throw SamplingError(QStringLiteral("%1: empty source").arg(where));
        const QString key = keyColumn.isEmpty() ? QStringLiteral("%1").arg(row.line) : row.values.value(keyColumn);
        // Without a document column every segment is its own document.
        const QString doc = docColumn.isEmpty() ? QStringLiteral("segment-") + key : row.values.value(docColumn);
        if (doc.isEmpty())
            throw SamplingError(QStringLiteral("%1: empty document id").arg(where));
        const QString id = doc + QChar(0x1f) + key;
        auto it = segmentIndex.find(id);
        if (it == segmentIndex.end()) {
            Pending p;
            p.segment.documentId = doc;
            p.segment.segmentKey = key;
            p.segment.positionInDocument = documentLength[doc]++;
            p.segment.source = source;
            p.segment.postEdit = text(row, peColumn);
            it = segmentIndex.insert(id, pending.size());
            pending.append(p);
        }
        Pending &p = pending[*it];
        if (p.segment.source != source)
            throw SamplingError(QStringLiteral("%1: segment '%2' has a different source than on its first row").arg(where, key));
        if (p.segment.postEdit != text(row, peColumn))
            throw SamplingError(QStringLiteral("%1: segment '%2' has a different post-edit than on its first row").arg(where, key));
        for (const SystemTranslation &t : p.segment.translations) {
            if (t.system == system)
                throw SamplingError(QStringLiteral("%1: segment '%2' repeats system '%3'").arg(where, key, system));
        }
        p.segment.translations.append({system, text(row, mtColumn)});
        ++p.rows;
        if (!labelsColumn.isEmpty()) {
            QSet<QString> rowLabels;
            for (const QString &item : row.values.value(labelsColumn).split(options.labelSeparator, Qt::SkipEmptyParts)) {
                const QString category = item.section(options.labelFieldSeparator, 0, 0).trimmed();
                if (!category.isEmpty() && !options.ignoredLabels.contains(category))
                    rowLabels.insert(category);
            }
            for (const QString &category : rowLabels)
                ++p.labelRows[category];
        }
    }
    if (pending.isEmpty())
        throw SamplingError(QStringLiteral("%1: no segments of the systems %2").arg(name, options.systems.join(QStringLiteral(", "))));

    // Keys unique over the corpus stay as they are; keys that restart in every document become
    // "<document>:<key>".
    QSet<QString> keys;
    bool keysRepeat = false;
    for (const Pending &p : pending) {
        keysRepeat = keysRepeat || keys.contains(p.segment.segmentKey);
        keys.insert(p.segment.segmentKey);
    }
    int scored = 0;
    for (Pending &p : pending) {
        if (options.progress && scored % 64 == 0 && !options.progress(scored, int(pending.size())))
            throw SamplingError(QStringLiteral("%1: reading cancelled").arg(name));
        ++scored;
        CorpusSegment &s = p.segment;
        if (!options.systems.isEmpty() && s.translations.size() != options.systems.size())
            throw SamplingError(QStringLiteral("%1: segment '%2' lacks one of the systems %3").arg(name, s.segmentKey, options.systems.join(QStringLiteral(", "))));
        std::stable_sort(s.translations.begin(), s.translations.end(), [&](const SystemTranslation &a, const SystemTranslation &b) {
            return systemOrder.indexOf(a.system) < systemOrder.indexOf(b.system);
        });
        if (keysRepeat)
            s.segmentKey = s.documentId + u':' + s.segmentKey;
        s.postEditScore = postEditScore(s.translations.first().mt, s.postEdit);
        for (auto it = p.labelRows.begin(); it != p.labelRows.end(); ++it)
            s.goldLabels.append({it.key(), double(it.value()) / p.rows});
        std::sort(s.goldLabels.begin(), s.goldLabels.end(), [](const GoldLabel &a, const GoldLabel &b) {
            return a.confidence != b.confidence ? a.confidence > b.confidence : a.category < b.category;
        });
        corpus.segments.append(s);
    }
    if (options.progress && !options.progress(int(pending.size()), int(pending.size())))
        throw SamplingError(QStringLiteral("%1: reading cancelled").arg(name));
    return corpus;
}

Corpus readCorpusFile(const QString &path, const CorpusFileOptions &options)
{
    QFile file(path);
    if (!QFileInfo(path).isFile())
        throw SamplingError(QStringLiteral("%1: no such file").arg(path));
    if (!file.open(QIODevice::ReadOnly))
        throw SamplingError(QStringLiteral("%1: cannot read: %2").arg(path, file.errorString()));
    Corpus corpus = parseCorpus(file.readAll(), path, options);
    corpus.sourceFile = QFileInfo(path).absoluteFilePath();
    return corpus;
}

}  // namespace gauntlet::sampling
