#include "engine/evaluate/wmt_esa.h"
#include "engine/core/arg_text.h"

#include "engine/evaluate/evaluate_error.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <cmath>

namespace gauntlet::evaluate {

QString wmtPlaceholderText()
{
    return QStringLiteral("(translation text not included in the WMT24 ESA ratings)");
}

QVector<QStringList> parseCsv(const QString &text, const QString &fileName)
{
    QVector<QStringList> rows;
    QStringList row;
    QString field;
    bool quoted = false, fieldStarted = false;
    int line = 1;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (quoted) {
            if (c == u'"') {
                if (i + 1 < text.size() && text[i + 1] == u'"') {
                    field += u'"';
                    ++i;
                } else {
                    quoted = false;
                }
            } else {
                if (c == u'\n')
                    ++line;
                field += c;
            }
            continue;
        }
        if (c == u'"' && field.isEmpty()) {
            quoted = true;
            fieldStarted = true;
        } else if (c == u',') {
            row << field;
            field.clear();
            fieldStarted = true;
        } else if (c == u'\n' || c == u'\r') {
            if (c == u'\r' && i + 1 < text.size() && text[i + 1] == u'\n')
                ++i;
            if (fieldStarted || !field.isEmpty() || !row.isEmpty()) {
                row << field;
                rows << row;
            }
            row.clear();
            field.clear();
            fieldStarted = false;
            ++line;
        } else {
            field += c;
            fieldStarted = true;
        }
    }
    if (quoted)
        throw EvaluateError(QStringLiteral("%1: unterminated quoted field at line %2").arg(core::argText(fileName), core::argText(line)));
    if (fieldStarted || !field.isEmpty() || !row.isEmpty()) {
        row << field;
        rows << row;
    }
    return rows;
}

namespace {

QString twoLetter(const QString &code)
{
    static const QMap<QString, QString> map{{QStringLiteral("eng"), QStringLiteral("en")}, {QStringLiteral("ces"), QStringLiteral("cs")},
                                            {QStringLiteral("jpn"), QStringLiteral("ja")}, {QStringLiteral("zho"), QStringLiteral("zh")},
                                            {QStringLiteral("hin"), QStringLiteral("hi")}, {QStringLiteral("deu"), QStringLiteral("de")},
                                            {QStringLiteral("spa"), QStringLiteral("es")}, {QStringLiteral("rus"), QStringLiteral("ru")},
                                            {QStringLiteral("ukr"), QStringLiteral("uk")}, {QStringLiteral("isl"), QStringLiteral("is")}};
    return map.value(code, code);
}

}  // namespace

WmtEsaImport readWmtEsa(const QVector<QPair<QString, QByteArray>> &files, const QString &namePrefix)
{
    WmtEsaImport out;
    QSet<QString> seen;  // user|pair|line|system
    QSet<QString> items;  // item keys already in their campaign
    for (const auto &[fileName, bytes] : files) {
        const QVector<QStringList> rows = parseCsv(decodeUtf8(bytes, fileName), fileName);
        if (rows.isEmpty())  // issue 39: an empty file was "imported" with 0 rows and exit 0
            throw EvaluateError(QStringLiteral("%1: no rows (an empty file?)").arg(fileName));
        for (int r = 0; r < rows.size(); ++r) {
            const QStringList &f = rows[r];
            const QString where = QStringLiteral("%1, row %2").arg(core::argText(fileName), core::argText(r + 1));
            if (f.size() != 12)
                throw EvaluateError(QStringLiteral("%1: expected 12 columns (WMT24 ESA CSV), found %2").arg(where).arg(f.size()));
            ++out.rows;
            const QString user = f[0], system = f[1], line = f[2], type = f[3], doc = f[7];
            if (type != QLatin1String("TGT") || doc.contains(QStringLiteral("-tutorial")) || doc.endsWith(QStringLiteral("#bad"))
                || doc.endsWith(QStringLiteral("#dup")) || doc.endsWith(QStringLiteral("#incomplete")) || system == QLatin1String("refA")) {
                ++out.filtered;
                continue;
            }
            const QString pair = twoLetter(f[4]) + u'-' + twoLetter(f[5]);
            bool ok = false;
            const int score = f[6].toInt(&ok);
            if (!ok || score < 0 || score > 100)
                throw EvaluateError(QStringLiteral("%1: score '%2' is not an integer 0-100").arg(where, f[6]));
            const QString dedup = user + u'|' + pair + u'|' + line + u'|' + system;
            if (seen.contains(dedup)) {
                ++out.duplicates;
                out.droppedDuplicates << qMakePair(pair + u':' + line + u':' + system, score);
                continue;
            }
            seen.insert(dedup);
            QJsonParseError error;
            const QJsonDocument spansDoc = QJsonDocument::fromJson(f[9].toUtf8(), &error);
            if (error.error != QJsonParseError::NoError || !spansDoc.isArray())
                throw EvaluateError(QStringLiteral("%1: the spans column is not a JSON list").arg(where));
            TranslationJudgement j;
            j.system = system;
            j.score = score;
            for (const QJsonValue &v : spansDoc.array()) {
                const QJsonObject s = v.toObject();
                ErrorSpan span;
                const QString sev = s.value(QStringLiteral("severity")).toString();
                if (sev == QLatin1String("undecided")) {
                    ++out.undecidedSpans;  // no severity chosen in Appraise: left out
                    continue;
                }
                span.severity = sev == QLatin1String("major") ? Severity::Major : Severity::Minor;
                if (sev != QLatin1String("major") && sev != QLatin1String("minor"))
                    throw EvaluateError(QStringLiteral("%1: span severity '%2'").arg(where, sev));
                if (s.value(QStringLiteral("start_i")).toString() == QLatin1String("missing")) {
                    span.missing = true;
                } else {
                    span.start = s.value(QStringLiteral("start_i")).toInt(-1);
                    span.end = s.value(QStringLiteral("end_i")).toInt(-1);
                }
                j.spans << span;
            }
            ImportedCampaign &ic = out.pairs[pair];
            if (ic.campaign.name.isEmpty()) {
                ic.campaign.name = QStringLiteral("%1 %2").arg(namePrefix, pair).trimmed();
                ic.campaign.protocol = Protocol::Esa;
                ic.campaign.sourceLanguage = f[4];
                ic.campaign.targetLanguage = f[5];
                ic.campaign.options.shuffleSystems = false;
                ic.campaign.options.hideSystemNames = false;
            }
            const QString key = pair + u':' + line + u':' + system;
            if (!items.contains(key)) {
                items.insert(key);
                CampaignItem item;
                item.key = key;
                item.source = QStringLiteral("%1 line %2 (%3)").arg(pair, line, doc);
                item.translations = {{system, wmtPlaceholderText()}};
                ic.campaign.items << item;
            }
            StoredAnswer a;
            a.itemKey = key;
            a.systemOrder = {0};
            a.answer.stage = 1;
            a.answer.judgements = {j};
            const double t0 = f[10].toDouble(), t1 = f[11].toDouble();
            a.answer.elapsedMs = t1 >= t0 ? qint64(std::llround((t1 - t0) * 1000.0)) : 0;
            a.savedAt = QDateTime::fromMSecsSinceEpoch(qint64(t1 * 1000.0), Qt::UTC).toString(Qt::ISODateWithMs);
            ic.answers[user] << a;
        }
    }
    return out;
}

}  // namespace gauntlet::evaluate
