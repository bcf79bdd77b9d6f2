#include "engine/evaluate/appraise.h"
#include "engine/core/arg_text.h"

#include "engine/evaluate/evaluate_error.h"
#include "engine/evaluate/mqm_score.h"
#include "engine/evaluate/python_literal.h"

#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace gauntlet::evaluate {

namespace {

[[noreturn]] void fail(const QString &where, const QString &reason)
{
    throw EvaluateError(QStringLiteral("%1: %2").arg(where, reason));
}

int whole(const QJsonValue &v, const QString &what, const QString &where)
{
    const double d = v.toDouble(-1.0);
    if (!v.isDouble() || d < 0 || d != std::floor(d) || d > 1e9)
        fail(where, QStringLiteral("%1 must be a whole number >= 0").arg(what));
    return int(d);
}

/// The spans of the mqm column; undecided ones are counted in `undecided` and left out.
QVector<ErrorSpan> spansFromCell(const QString &cell, const QString &where, int *undecided)
{
    const QString text = cell.trimmed();
    if (text.isEmpty() || text == QLatin1String("None"))
        return {};
    QJsonValue value = parsePythonLiteral(text, where);
    if (value.isObject())  // Appraise's MakeAnnotation stores one span as a dict
        value = QJsonArray{value};
    if (!value.isArray())
        fail(where, QStringLiteral("expected a list of spans"));
    QVector<ErrorSpan> out;
    for (const QJsonValue &v : value.toArray()) {
        if (!v.isObject())
            fail(where, QStringLiteral("every span must be a dict"));
        const QJsonObject o = v.toObject();
        const QString severity = o.value(QStringLiteral("severity")).toString();
        if (severity == QLatin1String("undecided")) {
            ++*undecided;
            continue;
        }
        ErrorSpan s;
        try {
            s.severity = parseSeverity(severity);  // MQM campaigns add critical and neutral
        } catch (const EvaluateError &) {
            fail(where, QStringLiteral("span severity '%1' is not minor, major, critical or neutral").arg(severity));
        }
        // MQM spans: the web interface stores the category path as "error_type", a list such as
        // ["Accuracy", "Mistranslation"] (kept as "Accuracy/Mistranslation"); older files and
        // Gauntlet's own before issue 32 wrote "category"; absent or None in ESA.
        if (const QJsonValue type = o.value(QStringLiteral("error_type")); type.isArray()) {
            QStringList path;
            for (const QJsonValue &part : type.toArray())
                path << part.toString();
            s.category = path.join(u'/');
        } else if (type.isString()) {
            s.category = type.toString();
        } else {
            s.category = o.value(QStringLiteral("category")).toString();
        }
        const QJsonValue a = o.value(QStringLiteral("start_i")), b = o.value(QStringLiteral("end_i"));
        if (a.toString() == QLatin1String("missing") && b.toString() == QLatin1String("missing")) {
            s.missing = true;
            out << s;
            continue;
        }
        s.start = whole(a, QStringLiteral("start_i"), where);
        s.end = whole(b, QStringLiteral("end_i"), where);
        if (s.end < s.start)
            fail(where, QStringLiteral("span end %1 is before its start %2").arg(s.end).arg(s.start));
        out << s;
    }
    return out;
}

qint64 epochMs(const QString &cell, const QString &what, const QString &where)
{
    bool ok = false;
    const double v = cell.toDouble(&ok);
    if (!ok || !std::isfinite(v) || v < 0)
        fail(where, QStringLiteral("%1 '%2' is not a time in seconds").arg(what, cell));
    return qint64(std::llround(v * 1000.0));
}

/// str() of a Python float: the shortest repr, with ".0" for whole numbers.
QString pythonFloat(qint64 ms)
{
    QString s = QString::number(double(ms) / 1000.0, 'g', QLocale::FloatingPointShortest);
    if (!s.contains(u'.') && !s.contains(u'e'))
        s += QStringLiteral(".0");
    return s;
}

/// csv.writer's QUOTE_MINIMAL.
QString csvCell(const QString &s)
{
    if (!s.contains(u',') && !s.contains(u'"') && !s.contains(u'\n') && !s.contains(u'\r'))
        return s;
    QString quoted = s;
    quoted.replace(u'"', QStringLiteral("\"\""));
    return u'"' + quoted + u'"';
}

/// The number of UTF-16 units JavaScript's trim() drops before `text` (white space and U+FEFF).
int trimmedLead(const QString &text)
{
    int lead = 0;
    while (lead < text.size() && (text[lead].isSpace() || text[lead] == QChar(0xFEFF)))
        ++lead;
    return lead;
}

/// `value` as compact JSON text, as JSON.stringify writes a scalar, list or null.
QString compactJson(const QJsonValue &value)
{
    return QString::fromUtf8(QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact)).chopped(1).mid(1);
}

/// The spans as Appraise's web interface stores them: JSON.stringify of its span list, with
/// "error_type" the MQM category path as a list (null in ESA). Its screen splits the trimmed text
/// with JavaScript's split(""), so offsets count UTF-16 code units from the first non-blank
/// character; code points are converted unless `text` is a placeholder (items imported without
/// their text keep the offsets they came with).
QString spansCell(const QVector<ErrorSpan> &spans, const QString &text)
{
    const bool placeholder = text == appraisePlaceholderText() || text == wmtPlaceholderText();
    const int lead = placeholder ? 0 : trimmedLead(text);
    QStringList parts;
    for (const ErrorSpan &s : spans) {
        int from = s.start, to = s.end;
        if (!s.missing && !placeholder) {
            try {
                // Appraise shows the trimmed text: a span on leading blanks starts at its first character.
                from = std::max(0, utf16Index(text, s.start) - lead);
                to = std::max(from, utf16Index(text, s.end + 1) - 1 - lead);
            } catch (const EvaluateError &) {
                // offsets outside the text (never valid answers): written as stored
            }
        }
        // The web interface's key order (QJsonObject would sort the keys).
        parts << QStringLiteral("{\"start_i\":%1,\"end_i\":%2,\"severity\":%3,\"error_type\":%4}")
                     .arg(compactJson(s.missing ? QJsonValue(QStringLiteral("missing")) : QJsonValue(from)),
                          compactJson(s.missing ? QJsonValue(QStringLiteral("missing")) : QJsonValue(to)),
                          compactJson(severityName(s.severity)),
                          compactJson(s.category.isEmpty() ? QJsonValue() : QJsonValue(QJsonArray::fromStringList(s.category.split(u'/')))));
    }
    return u'[' + parts.join(u',') + u']';
}

/// An Appraise language code for a language as Gauntlet stores it (a name such as "German", or
/// already a code): the ISO 639-3 code Appraise's markets use ("deu"), a script suffix kept
/// ("zho-Hans"); a name Qt does not know is written as it is.
QString languageCode(const QString &language)
{
    const QString name = language.trimmed();
    if (name.isEmpty())
        return name;
    const QString base = name.section(u'-', 0, 0);
    const QLocale::Language byCode = QLocale::codeToLanguage(base, QLocale::AnyLanguageCode);
    if (byCode != QLocale::AnyLanguage && byCode != QLocale::C)
        return QLocale::languageToCode(byCode, QLocale::ISO639Part3) + name.mid(base.size());
    for (int l = QLocale::Abkhazian; l <= QLocale::LastLanguage; ++l)
        if (QLocale::languageToString(QLocale::Language(l)).compare(name, Qt::CaseInsensitive) == 0)
            return QLocale::languageToCode(QLocale::Language(l), QLocale::ISO639Part3);
    return name;
}

struct Row {
    QString where, user, system, itemId, type, source, target, doc;
    int score = 0;
    QVector<ErrorSpan> spans;
    qint64 startMs = 0, endMs = 0;
};

/// One row of an Appraise scores CSV (12 or 14 columns); a BAD row's "#bad" document suffix is
/// dropped. Counts the row (and its undecided spans) in `out`. Throws EvaluateError naming `where`.
Row readRow(const QStringList &f, const QString &where, AppraiseImport &out)
{
    Row row;
    row.where = where;
    if (f.size() != 12 && f.size() != 14)
        fail(row.where, QStringLiteral("expected 12 or 14 columns (Appraise scores CSV), found %1").arg(f.size()));
    ++out.rows;
    row.user = f[0];
    row.system = f[1];
    row.itemId = f[2];
    row.type = f[3];
    row.source = f[4];
    row.target = f[5];
    row.doc = f[7];
    // Appraise gives a BAD item its TGT's itemID and system and the documentID "<doc>#bad".
    if (row.type == QLatin1String("BAD") && row.doc.endsWith(QStringLiteral("#bad")))
        row.doc.chop(4);
    if (row.user.isEmpty() || row.system.isEmpty() || row.itemId.isEmpty())
        fail(row.where, QStringLiteral("user, system and itemID must not be empty"));
    static const QSet<QString> types{QStringLiteral("TGT"), QStringLiteral("REF"), QStringLiteral("BAD"), QStringLiteral("CHK")};
    if (!types.contains(row.type))
        fail(row.where, QStringLiteral("item type '%1' is not TGT, REF, BAD or CHK").arg(row.type));
    bool ok = false;
    row.score = f[6].toInt(&ok);
    if (!ok || row.score < 0 || row.score > 100)
        fail(row.where, QStringLiteral("score '%1' is not a whole number 0-100").arg(f[6]));
    row.spans = spansFromCell(f[9], row.where + QStringLiteral(", mqm column"), &out.undecidedSpans);
    row.startMs = epochMs(f[10], QStringLiteral("start_time"), row.where);
    row.endMs = epochMs(f[11], QStringLiteral("end_time"), row.where);
    return row;
}

/// The rating rows of the files, in order: checks (CHK) and tutorial documents are counted in
/// `out` and left out. Throws EvaluateError naming the file and row.
QVector<Row> readRows(const QVector<QPair<QString, QByteArray>> &files, AppraiseImport &out)
{
    QVector<Row> rows;
    for (const auto &[fileName, bytes] : files) {
        const QVector<QStringList> cells = parseCsv(decodeUtf8(bytes, fileName), fileName);
        if (cells.isEmpty())  // issue 39: an empty file was "imported" with 0 rows and exit 0
            fail(fileName, QStringLiteral("no rows (an empty file?)"));
        for (int r = 0; r < cells.size(); ++r) {
            const Row row = readRow(cells[r], QStringLiteral("%1, row %2").arg(core::argText(fileName), core::argText(r + 1)), out);
            if (row.type == QLatin1String("CHK")) {
                ++out.checks;
                continue;
            }
            // Appraise's tutorial documents ("...-tutorial...") teach the annotator; their rows
            // are no ratings of a system (the WMT importer leaves them out too).
            if (row.doc.contains(QLatin1String("-tutorial"), Qt::CaseInsensitive)) {
                ++out.tutorials;
                continue;
            }
            rows << row;
        }
    }
    return rows;
}

/// What makes two rows one rating: user, pair, document, item, system and type.
QString rowKey(const Row &row)
{
    return row.user + u'|' + row.source + u'-' + row.target + u'|' + row.doc + u'|' + row.itemId + u'|' + row.system + u'|' + row.type;
}

/// For every rating (rowKey), the index of the row that counts.
QHash<QString, int> latestRows(const QVector<Row> &rows)
{
    // A rating saved again is a new row; Appraise takes the latest as the answer (the highest
    // end time, the later row on a tie). It is stored where the first one stood.
    QHash<QString, int> latest;
    for (int i = 0; i < rows.size(); ++i) {
        const auto it = latest.find(rowKey(rows[i]));
        if (it == latest.end())
            latest.insert(rowKey(rows[i]), i);
        else if (rows[i].endMs >= rows[*it].endMs)
            *it = i;
    }
    return latest;
}

/// The item of `texts` (the campaign the file came from) that `row` rates, by its key `original`,
/// its position, or a one-system key ("<doc>#<system>", "<doc>:<system>"); null when none.
const CampaignItem *knownItem(const Campaign &texts, const Row &row, const QString &original)
{
    int index = texts.indexOfItem(original);
    bool numeric = false;
    const int position = row.itemId.toInt(&numeric);
    if (index < 0 && numeric && position >= 0 && position < texts.items.size() && texts.items[position].key == row.doc)
        index = position;
    for (const QChar separator : {u'#', u':'})  // an item of one system, exported by its shared key
        if (index < 0)
            index = texts.indexOfItem(row.doc + separator + row.system);
    return index >= 0 ? &texts.items[index] : nullptr;
}

/// `spans` with their UTF-16 offsets in the trimmed `knownText` (as Appraise counts) turned into
/// code points of `knownText`; as they are without a text. Throws EvaluateError naming `where`
/// for a span outside the text.
QVector<ErrorSpan> spansInCodePoints(QVector<ErrorSpan> spans, const QString &knownText, const QString &where, const QString &original)
{
    if (!knownText.isEmpty()) {
        const int lead = trimmedLead(knownText);  // Appraise counts from the trimmed text
        for (ErrorSpan &s : spans) {
            if (s.missing)
                continue;
            if (s.end + lead >= knownText.size())
                fail(where, QStringLiteral("span %1-%2 lies outside the %3 UTF-16 units of the translation of '%4'")
                                .arg(core::argText(s.start), core::argText(s.end), core::argText(knownText.size() - lead), core::argText(original)));
            s.start = codePointIndex(knownText, s.start + lead);
            s.end = codePointIndex(knownText, s.end + lead);
        }
    }
    return spans;
}

}  // namespace

QString appraisePlaceholderText()
{
    return QStringLiteral("(translation text not included in the Appraise scores CSV)");
}

AppraiseImport readAppraiseScores(const QVector<QPair<QString, QByteArray>> &files, const QString &namePrefix, const Campaign *texts)
{
    AppraiseImport out;
    const QVector<Row> rows = readRows(files, out);
    const QHash<QString, int> latest = latestRows(rows);
    QSet<QString> seen;  // user|pair|key
    for (const bool bad : {false, true}) {
        for (const Row &first : rows) {
            if ((first.type == QLatin1String("BAD")) != bad)
                continue;
            const Row &row = rows[latest.value(rowKey(first))];
            const QString pair = row.source + u'-' + row.target;
            ImportedCampaign &ic = out.pairs[pair];
            Campaign &c = ic.campaign;
            if (c.name.isEmpty()) {
                c.name = QStringLiteral("%1 %2").arg(namePrefix, pair).trimmed();
                c.protocol = Protocol::Esa;
                c.sourceLanguage = row.source;
                c.targetLanguage = row.target;
                c.options.shuffleSystems = false;
                c.options.hideSystemNames = false;
            }
            const QString original = row.doc + u'|' + row.itemId + u'|' + row.system;
            const QString key = bad ? original + QStringLiteral("#bad") : original;
            if (bad && c.indexOfItem(original) < 0) {
                ++out.orphanBad;
                continue;
            }
            if (seen.contains(row.user + u'|' + pair + u'|' + key)) {
                ++out.duplicates;
                continue;
            }
            seen.insert(row.user + u'|' + pair + u'|' + key);
            // The rated text, where the campaign the file came from is at hand: its source and
            // translation, so offsets convert back to code points (issue 32).
            const CampaignItem *known = texts ? knownItem(*texts, row, original) : nullptr;
            QString knownText;
            if (known)
                for (const CandidateTranslation &t : known->translations)
                    if (t.system == row.system)
                        knownText = t.text;
            if (c.indexOfItem(key) < 0) {
                CampaignItem item;
                item.key = key;
                item.source = QStringLiteral("%1 document %2, item %3").arg(pair, row.doc, row.itemId);
                item.translations = {{row.system, appraisePlaceholderText()}};
                if (!knownText.isEmpty()) {
                    item.source = known->source;
                    item.translations = {{row.system, knownText}};
                    ++out.withTexts;
                }
                if (bad) {
                    item.check = CheckKind::BadReference;
                    item.originalKey = original;
                }
                c.items << item;
            }
            StoredAnswer a;
            a.itemKey = key;
            a.systemOrder = {0};
            a.answer.stage = 1;
            a.answer.judgements = {TranslationJudgement{row.system, row.score, spansInCodePoints(row.spans, knownText, row.where, original)}};
            a.answer.elapsedMs = row.endMs >= row.startMs ? row.endMs - row.startMs : 0;
            a.savedAt = QDateTime::fromMSecsSinceEpoch(row.endMs, Qt::UTC).toString(Qt::ISODateWithMs);
            ic.answers[row.user] << a;
        }
    }
    for (ImportedCampaign &ic : out.pairs)
        adoptSpanCategories(ic.campaign, ic.answers);  // MQM rows name a category per span
    return out;
}

QByteArray appraiseScoresCsv(const Campaign &campaign, const QMap<QString, QVector<StoredAnswer>> &answers, int stage,
                              int *checksLeftOut)
{
    QHash<QString, int> firstIndexOf;  // shared key -> the first item's position
    for (int i = 0; i < campaign.items.size(); ++i) {
        const CampaignItem &item = campaign.items[i];
        if (item.check == CheckKind::BadReference || item.translations.size() != 1)
            continue;
        const QString shared = keyWithoutSystem(item.key, item.translations[0].system);
        if (!firstIndexOf.contains(shared))
            firstIndexOf.insert(shared, i);
    }
    QString out;
    for (auto it = answers.cbegin(); it != answers.cend(); ++it) {
        for (const StoredAnswer &s : it.value()) {
            const int index = campaign.indexOfItem(s.itemKey);
            if (index < 0 || s.answer.stage != stage)
                continue;
            const CampaignItem &item = campaign.items[index];
            // Appraise's CHK is a repeated real item that its scripts count with TGT: Gauntlet's
            // attention checks and tutorials are left out rather than enter its system scores.
            if (item.check != CheckKind::None && item.check != CheckKind::BadReference) {
                if (checksLeftOut)
                    ++*checksLeftOut;
                continue;
            }
            const QString type = item.check == CheckKind::BadReference ? QStringLiteral("BAD") : QStringLiteral("TGT");
            const qint64 endMs = QDateTime::fromString(s.savedAt, Qt::ISODateWithMs).toMSecsSinceEpoch();
            for (int pos = 0; pos < s.answer.judgements.size() && pos < s.systemOrder.size(); ++pos) {
                const int t = s.systemOrder[pos];
                const TranslationJudgement &j = s.answer.judgements[pos];
                if (t < 0 || t >= item.translations.size() || !j.score)
                    continue;
                const QString system = item.translations[t].system;
                QString key = item.key;
                if (item.check == CheckKind::BadReference && key.endsWith(QStringLiteral("#bad")))
                    key.chop(4);
                QString doc = key, itemId = QString::number(index);
                const QString suffix = u'|' + system;
                if (key.endsWith(suffix) && key.chopped(suffix.size()).contains(u'|')) {
                    const QString rest = key.chopped(suffix.size());
                    doc = rest.section(u'|', 0, -2);
                    itemId = rest.section(u'|', -1);
                } else {
                    // One system per item ("example:7:sysA", "x#sysA"): the key without the system,
                    // and one itemID for every system of it, so Appraise pairs them on
                    // itemID:documentID (issue 32: each system's rows had their own).
                    doc = keyWithoutSystem(key, system);
                    itemId = QString::number(firstIndexOf.value(doc, index));
                }
                if (item.check == CheckKind::BadReference)
                    doc += QStringLiteral("#bad");  // as Appraise names a BAD item's document
                out += QStringList{csvCell(it.key()), csvCell(system), csvCell(itemId), type, csvCell(languageCode(campaign.sourceLanguageOf(item))),
                                   csvCell(languageCode(campaign.targetLanguageOf(item))), QString::number(*j.score), csvCell(doc), QStringLiteral("False"),
                                   csvCell(spansCell(j.spans, item.translations[t].text)), pythonFloat(endMs - s.answer.elapsedMs), pythonFloat(endMs)}
                           .join(u',');
                out += QStringLiteral("\r\n");
            }
        }
    }
    return out.toUtf8();
}

}  // namespace gauntlet::evaluate
