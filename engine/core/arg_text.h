// One multi-argument QString::arg instead of chained .arg(a).arg(b) (issue 39 item 11): in a chain
// a name holding "%2" is itself substituted by the next .arg ("a seed set named '30%2'"), while the
// multi-argument form substitutes every placeholder in one pass. QString's multi-argument arg takes
// strings only; argText gives the text the single-argument .arg would have written for a number
// (integers in decimal, floating point as .arg(double) with its defaults: 'g', 6 digits).
#pragma once

#include <QString>
#include <QStringView>

#include <type_traits>

namespace gauntlet::core {

inline QString argText(const QString &s)
{
    return s;
}
inline QString argText(QStringView s)
{
    return s.toString();
}
inline QString argText(QLatin1String s)
{
    return QString(s);
}
inline QString argText(QChar c)
{
    return QString(c);
}
inline QString argText(const char *utf8)
{
    return QString::fromUtf8(utf8);
}
template <typename T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool> && !std::is_same_v<T, char>, int> = 0>
QString argText(T v)
{
    return QString::number(v);
}
template <typename T, std::enable_if_t<std::is_floating_point_v<T>, int> = 0>
QString argText(T v)
{
    return QString::number(double(v), 'g', 6);
}

}  // namespace gauntlet::core
