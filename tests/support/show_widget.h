// Showing a widget under test and waiting for its window, as the GUI tests do before they click
// (and making it the active window where keyboard focus and shortcuts need it), and finding the
// button they click by its text.
#pragma once

#include <QPushButton>
#include <QSize>
#include <QString>
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

/// Makes `widget`'s window the active one and waits until it is; false when it never is (QVERIFY
/// it). Again after a dialog took the activation.
inline bool activate(QWidget &widget)
{
    widget.activateWindow();
    return QTest::qWaitForWindowActive(&widget);
}

/// showExposed, then activate: the window under test with keyboard focus.
inline bool showActive(QWidget &widget, QSize size = {})
{
    return showExposed(widget, size) && activate(widget);
}

/// The push button below `parent` whose text is `text` (the last one found), or nullptr (QVERIFY it).
inline QPushButton *buttonWithText(const QWidget &parent, const QString &text)
{
    QPushButton *found = nullptr;
    for (QPushButton *b : parent.findChildren<QPushButton *>())
        if (b->text() == text)
            found = b;
    return found;
}

}  // namespace gauntlet::testing
