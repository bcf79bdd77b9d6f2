// The Qt::FontRole answer of an emphasised cell, which several models in models/ give (issue 36).
#pragma once

#include <QFont>
#include <QVariant>

namespace gauntlet {

/// A bold font when `bold`, else no value (the view's own font).
inline QVariant boldFontIf(bool bold)
{
    if (!bold)
        return {};
    QFont font;
    font.setBold(true);
    return font;
}

}  // namespace gauntlet
