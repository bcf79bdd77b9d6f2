// Showing a widget under test and waiting for its window, as the GUI tests do before they click.
#pragma once

#include <QSize>
#include <QTest>
#include <QWidget>

namespace gauntlet::testing {

/// Resizes `widget` to `size` (when one is given), shows it and waits until its window is exposed;
/// false when it never is (QVERIFY it).
inline bool showExposed(QWidget &widget, QSize size = {})
{
    if (size.isValid())
        widget.resize(size);
    widget.show();
    return QTest::qWaitForWindowExposed(&widget);
}

}  // namespace gauntlet::testing
