// Simulated input on the Evaluate workspace's annotation screen, for tests: a text selection at
// code-point offsets (as spans are stored) and repeated key presses (scores move by keys).
#pragma once

#include "app/workspaces/evaluate_annotation.h"
#include "engine/evaluate/annotation.h"

#include <QTest>
#include <QTextCursor>
#include <QTextEdit>

namespace gauntlet::testing {

/// Selects code points [startCp, endCpInclusive] of `card`'s text, as Shift+arrows would, and
/// gives the text the focus, so that the keys 1 / 2 / M act on the selection.
inline void selectCodePoints(TranslationCard *card, int startCp, int endCpInclusive)
{
    const QString text = card->textView()->toPlainText();
    QTextCursor c = card->textView()->textCursor();
    c.setPosition(evaluate::utf16Index(text, startCp));
    c.setPosition(evaluate::utf16Index(text, endCpInclusive + 1), QTextCursor::KeepAnchor);
    card->textView()->setTextCursor(c);
    card->textView()->setFocus();
}

/// Focuses `widget` and presses `key` `times` times (e.g. Right on a score slider: +5 each).
inline void pressKeys(QWidget *widget, Qt::Key key, int times)
{
    widget->setFocus();
    for (int i = 0; i < times; ++i)
        QTest::keyClick(widget, key);
}

}  // namespace gauntlet::testing
