#include "engine/core/names.h"

#include <QRegularExpression>

namespace gauntlet::core {

namespace {
/// C0 (tab and newline included), DEL and C1.
bool isControl(char16_t c)
{
    return c < 0x20 || (c >= 0x7f && c <= 0x9f);
}
/// The bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), which
/// reorder the text around them.
bool isBidiOverride(char16_t c)
{
    return (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}
}  // namespace

QString nameProblem(const QString &name, int maxLength)
{
    if (name.trimmed().isEmpty())
        return QStringLiteral("is empty");
    if (!name.isValidUtf16())
        return QStringLiteral("is not valid Unicode (it holds a lone surrogate)");
    qsizetype codePoints = 0;
    for (qsizetype i = 0; i < name.size(); ++i) {
        const char16_t c = name[i].unicode();
        if (!QChar::isLowSurrogate(c))
            ++codePoints;
        const bool control = isControl(c);
        const bool bidi = c == 0x200e || c == 0x200f || isBidiOverride(c);  // in a name, the marks too
        if (control || bidi)
            return QStringLiteral("holds the %1 U+%2 at character %3")
                .arg(control ? QStringLiteral("control character") : QStringLiteral("bidirectional control"),
                     QStringLiteral("%1").arg(int(c), 4, 16, QLatin1Char('0')).toUpper(), QString::number(i + 1));
    }
    if (codePoints > maxLength)
        return QStringLiteral("has %1 characters; at most %2 are allowed").arg(QString::number(codePoints), QString::number(maxLength));
    return {};
}

QString displayText(const QString &text)
{
    QString out;
    out.reserve(text.size());
    for (const QChar ch : text) {
        const char16_t c = ch.unicode();
        if (isControl(c) || isBidiOverride(c))  // LRM/RLM only mark direction: shown as they are
            out += QStringLiteral("<U+") + QStringLiteral("%1").arg(int(c), 4, 16, QLatin1Char('0')).toUpper() + u'>';
        else
            out += ch;
    }
    return out;
}

QString safeFileName(const QString &name)
{
    QString out;
    bool dash = false;
    for (const QChar ch : name) {
        if (ch.isLetterOrNumber() || ch == u'_' || ch == u'.' || ch == u'-') {
            out += ch;
            dash = ch == u'-';
        } else if (!dash && !out.isEmpty()) {
            out += u'-';
            dash = true;
        }
    }
    // no "..", no hidden file, no trailing separator
    out.replace(QRegularExpression(QStringLiteral("\\.{2,}")), QStringLiteral("."));
    while (!out.isEmpty() && (out.front() == u'.' || out.front() == u'-'))
        out.remove(0, 1);
    out.truncate(80);
    while (!out.isEmpty() && (out.back() == u'.' || out.back() == u'-'))
        out.chop(1);
    return out.isEmpty() ? QStringLiteral("export") : out;
}

}  // namespace gauntlet::core
