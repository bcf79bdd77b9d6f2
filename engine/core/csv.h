// CSV fields as RFC 4180 writes them. Header-only so that every engine module (and widgets/) can
// use it without linking the core library.
#pragma once

#include <QString>

namespace gauntlet::core {

/// One CSV field (RFC 4180): `text` unchanged, or wrapped in double quotes with inner quotes
/// doubled when it holds a comma, a double quote, "\n" or "\r".
inline QString csvField(const QString &text)
{
    if (!text.contains(u',') && !text.contains(u'"') && !text.contains(u'\n') && !text.contains(u'\r'))
        return text;
    QString quoted = text;
    quoted.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return u'"' + quoted + u'"';
}

}  // namespace gauntlet::core
