#include "engine/core/names.h"

namespace gauntlet::core {

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
        const bool control = c < 0x20 || (c >= 0x7f && c <= 0x9f);
        const bool bidi = c == 0x200e || c == 0x200f || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
        if (control || bidi)
            return QStringLiteral("holds the %1 U+%2 at character %3")
                .arg(control ? QStringLiteral("control character") : QStringLiteral("bidirectional control"),
                     QStringLiteral("%1").arg(int(c), 4, 16, QLatin1Char('0')).toUpper(), QString::number(i + 1));
    }
    if (codePoints > maxLength)
        return QStringLiteral("has %1 characters; at most %2 are allowed").arg(QString::number(codePoints), QString::number(maxLength));
    return {};
}

}  // namespace gauntlet::core
