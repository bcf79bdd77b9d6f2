#include "engine/sampling/corpus_reader.h"
#include "engine/core/arg_text.h"

#include "engine/core/text_file.h"
#include "engine/sampling/sampling_error.h"

#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringDecoder>

#include <algorithm>

namespace gauntlet::sampling {

namespace {

const QStringList DocumentAliases{QStringLiteral("doc_id"), QStringLiteral("document"), QStringLiteral("doc"), QStringLiteral("docid")};

/// The column to use: the explicit one (must exist) or the first alias present, or "".
QString pickColumn(const QStringList &header, const QString &explicitName, const QStringList &aliases, const QString &what,
                   const QString &name, bool required)
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

/// A JSONL line as column -> value (keys trimmed and lower-cased).
QHash<QString, QString> jsonFields(const QString &line, const QString &where)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(line.toUtf8(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        throw SamplingError(QStringLiteral("%1: not a JSON object (%2)")
                                .arg(where, error.error != QJsonParseError::NoError ? error.errorString() : QStringLiteral("another JSON value")));
    QHash<QString, QString> fields;
    const QJsonObject object = doc.object();
    for (auto it = object.begin(); it != object.end(); ++it) {
        QString value;
        if (it->isString())
            value = it->toString();
        else if (it->isDouble())
            value = QString::number(it->toDouble(), 'g', 17);
        else if (it->isBool())
            value = it->toBool() ? QStringLiteral("true") : QStringLiteral("false");
        else if (!it->isNull())
            throw SamplingError(QStringLiteral("%1: field \"%2\" must be a string or a number").arg(where, it.key()));
        fields.insert(it.key().trimmed().toLower(), value);
    }
    return fields;
}

}  // namespace

CorpusRowReader::CorpusRowReader(QIODevice *device, const QString &name, const CorpusFileOptions &options)
    : m_device(device), m_name(name), m_options(options)
{
    CorpusFormat format = options.format;
    if (format == CorpusFormat::Auto) {
        const QString suffix = QFileInfo(name).suffix().toLower();
        format = (suffix == QLatin1String("jsonl") || suffix == QLatin1String("json")) ? CorpusFormat::Jsonl : CorpusFormat::Tsv;
    }
    m_jsonl = format == CorpusFormat::Jsonl;
    QString line;
    if (m_jsonl) {
        // The header is every key of every object, in first-seen order: one pass over the file.
        const qint64 start = m_device->pos();
        bool any = false;
        while (readLine(&line)) {
            if (line.trimmed().isEmpty())
                continue;
            any = true;
            const QHash<QString, QString> fields = jsonFields(line, QStringLiteral("%1:%2").arg(core::argText(m_name), core::argText(m_line)));
            // QJsonObject iterates keys sorted; the header order only matters in messages.
            QStringList keys = fields.keys();
            keys.sort();
            for (const QString &key : std::as_const(keys)) {
                if (!m_header.contains(key))
                    m_header.append(key);
            }
        }
        if (!any)
            throw SamplingError(QStringLiteral("%1: empty file (no JSON lines)").arg(m_name));
        if (!m_device->seek(start))
            throw SamplingError(QStringLiteral("%1: cannot read the file a second time").arg(m_name));
        m_line = 0;
    } else {
        if (!readLine(&line) || (line.isEmpty() && m_device->atEnd()))
            throw SamplingError(QStringLiteral("%1: empty file (a TSV corpus starts with a header row)").arg(m_name));
        m_header = line.split(u'\t');
        for (QString &h : m_header)
            h = h.trimmed().toLower();
    }
    m_docColumn = pickColumn(m_header, options.documentColumn, DocumentAliases, QStringLiteral("document id"), name, false);
    m_keyColumn = pickColumn(m_header, options.keyColumn, {QStringLiteral("seg_id"), QStringLiteral("segment_id"), QStringLiteral("idx"), QStringLiteral("id")},
                             QStringLiteral("segment key"), name, false);
    m_srcColumn = pickColumn(m_header, options.sourceColumn,
                             {QStringLiteral("source"), QStringLiteral("src"), QStringLiteral("src_tok"), QStringLiteral("src_detok")},
                             QStringLiteral("source"), name, true);
    m_mtColumn = pickColumn(m_header, options.mtColumn,
                            {QStringLiteral("mt"), QStringLiteral("mt_tok"), QStringLiteral("mt_detok"), QStringLiteral("target"),
                             QStringLiteral("translation"), QStringLiteral("hyp")},
                            QStringLiteral("MT"), name, true);
    m_peColumn = pickColumn(m_header, options.postEditColumn,
                            {QStringLiteral("post_edit"), QStringLiteral("postedit"), QStringLiteral("pe"), QStringLiteral("pe_tok"),
                             QStringLiteral("reference"), QStringLiteral("ref")},
                            QStringLiteral("post-edit or reference"), name, true);
    m_systemColumn = pickColumn(m_header, options.systemColumn, {QStringLiteral("system"), QStringLiteral("sys")}, QStringLiteral("system"), name, false);
    m_labelsColumn = options.labelsColumn.isEmpty() ? QString() : pickColumn(m_header, options.labelsColumn, {}, QStringLiteral("labels"), name, true);
}

QString CorpusRowReader::documentColumnAliases() const
{
    return DocumentAliases.join(QStringLiteral(", "));
}

bool CorpusRowReader::readLine(QString *line)
{
    if (m_device->atEnd())
        return false;
    QByteArray bytes = m_device->readLine();
    ++m_line;
    // A UTF-16 file is named as such (its byte-order mark), not as a line of bad UTF-8.
    if (m_line == 1 && (bytes.startsWith("\xFF\xFE") || bytes.startsWith("\xFE\xFF")))
        throw SamplingError(QStringLiteral("%1: %2").arg(m_name, core::notUtf8Reason(bytes)));
    if (m_line == 1 && bytes.startsWith("\xEF\xBB\xBF"))
        bytes.remove(0, 3);
    if (bytes.endsWith('\n'))
        bytes.chop(1);
    if (bytes.endsWith('\r'))
        bytes.chop(1);
    QStringDecoder decoder(QStringDecoder::Utf8);
    *line = decoder.decode(bytes);
    if (decoder.hasError() || (m_line == 1 && bytes.contains('\0')))
        throw SamplingError(QStringLiteral("%1:%2: %3").arg(core::argText(m_name), core::argText(m_line), core::argText(core::notUtf8Reason(bytes))));
    return true;
}

bool CorpusRowReader::next(CorpusRow *row)
{
    QString line;
    while (readLine(&line)) {
        if (line.trimmed().isEmpty() && (m_jsonl || line.isEmpty()))
            continue;
        const QString where = QStringLiteral("%1:%2").arg(core::argText(m_name), core::argText(m_line));
        QHash<QString, QString> values;
        if (m_jsonl) {
            values = jsonFields(line, where);
        } else {
            const QStringList fields = line.split(u'\t');
            if (fields.size() != m_header.size())
                throw SamplingError(QStringLiteral("%1: %2 fields, the header has %3 (truncated line or tab inside a field?)")
                                        .arg(where).arg(fields.size()).arg(m_header.size()));
            for (int c = 0; c < fields.size(); ++c)
                values.insert(m_header[c], fields[c]);
        }
        ++m_rowsRead;
        const QString system = m_systemColumn.isEmpty() ? QString() : values.value(m_systemColumn);
        if (!m_options.systems.isEmpty() && !m_options.systems.contains(system))
            continue;
        const auto text = [&](const QString &column) {
            QString value = values.value(column);
            if (m_options.removeSpanMarkers)
                value.remove(QStringLiteral("<v>")).remove(QStringLiteral("</v>"));
            return value;
        };
        CorpusRow r;
        r.line = m_line;
        r.system = system;
        r.source = text(m_srcColumn);
        if (r.source.trimmed().isEmpty())
            throw SamplingError(QStringLiteral("%1: empty source").arg(where));
        r.key = m_keyColumn.isEmpty() ? QString::number(m_line) : values.value(m_keyColumn);
        // Without a document column every segment is its own document.
        r.documentId = m_docColumn.isEmpty() ? QStringLiteral("segment-") + r.key : values.value(m_docColumn);
        if (r.documentId.isEmpty())
            throw SamplingError(QStringLiteral("%1: empty document id").arg(where));
        r.mt = text(m_mtColumn);
        r.postEdit = text(m_peColumn);
        if (!m_labelsColumn.isEmpty()) {
            for (const QString &item : values.value(m_labelsColumn).split(m_options.labelSeparator, Qt::SkipEmptyParts)) {
                const QString category = item.section(m_options.labelFieldSeparator, 0, 0).trimmed();
                if (!category.isEmpty() && !m_options.ignoredLabels.contains(category) && !r.labels.contains(category))
                    r.labels.append(category);
            }
            r.labels.sort();
        }
        *row = r;
        return true;
    }
    return false;
}

CorpusSegment SegmentBuilder::build(const QVector<CorpusRow> &rows, const QStringList &systemOrder, int positionInDocument,
                                    bool prefixKeyWithDocument) const
{
    const CorpusRow &first = rows.first();
    CorpusSegment s;
    s.documentId = first.documentId;
    s.segmentKey = first.key;
    s.positionInDocument = positionInDocument;
    s.source = first.source;
    s.postEdit = first.postEdit;
    QHash<QString, int> labelRows;
    for (const CorpusRow &row : rows) {
        const QString where = QStringLiteral("%1:%2").arg(core::argText(m_name), core::argText(row.line));
        if (row.source != s.source)
            throw SamplingError(QStringLiteral("%1: segment '%2' has a different source than on its first row").arg(where, s.segmentKey));
        if (row.postEdit != s.postEdit)
            throw SamplingError(QStringLiteral("%1: segment '%2' has a different post-edit than on its first row").arg(where, s.segmentKey));
        for (const SystemTranslation &t : std::as_const(s.translations)) {
            if (t.system == row.system)
                throw SamplingError(QStringLiteral("%1: segment '%2' repeats system '%3'").arg(where, s.segmentKey, row.system));
        }
        s.translations.append({row.system, row.mt});
        for (const QString &category : row.labels)
            ++labelRows[category];
    }
    if (!m_options.systems.isEmpty() && s.translations.size() != m_options.systems.size())
        throw SamplingError(QStringLiteral("%1: segment '%2' lacks one of the systems %3").arg(m_name, s.segmentKey, m_options.systems.join(QStringLiteral(", "))));
    std::stable_sort(s.translations.begin(), s.translations.end(), [&](const SystemTranslation &a, const SystemTranslation &b) {
        return systemOrder.indexOf(a.system) < systemOrder.indexOf(b.system);
    });
    if (prefixKeyWithDocument)
        s.segmentKey = s.documentId + u':' + s.segmentKey;
    s.postEditScore = postEditScore(s.translations.first().mt, s.postEdit);
    for (auto it = labelRows.begin(); it != labelRows.end(); ++it)
        s.goldLabels.append({it.key(), double(it.value()) / rows.size()});
    std::sort(s.goldLabels.begin(), s.goldLabels.end(), [](const GoldLabel &a, const GoldLabel &b) {
        return a.confidence != b.confidence ? a.confidence > b.confidence : a.category < b.category;
    });
    return s;
}

}  // namespace gauntlet::sampling
