// Layout checks for the laptop-fit test (issue 35): what a user at a small screen would see as
// broken. Each finding names the widget (class, object name, text) and what is wrong.
//
//  - text cut: a button, check box, non-wrapping label, spin box or combo box narrower than its
//    text needs (its size hint, or the current text's advance plus the frame), a line edit
//    narrower than 12 average characters (or its placeholder, if shorter), a word-wrapped label
//    lower than its text needs at its width, a horizontal slider under 80 px;
//  - covered: two visible widgets of one layout that overlap by more than 2 px both ways;
//  - clipped: a widget with text that its ancestors cut off, outside a scroll area (inside one,
//    the user can scroll to it);
//  - squeezed: a list, table or text box whose viewport is lower than 3 lines (a scroll area:
//    5 lines) while its content needs more: scrolling a two-line slit is not reading.
// Tables, trees, text editors and charts are containers of their own and not checked here.
#pragma once

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QAbstractSlider>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QScrollArea>
#include <QTextEdit>
#include <QComboBox>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QStringList>
#include <QTextDocument>
#include <QWidget>

namespace gauntlet::testing {

inline QString describe(const QWidget *w)
{
    QString text;
    if (const auto *b = qobject_cast<const QAbstractButton *>(w))
        text = b->text();
    else if (const auto *l = qobject_cast<const QLabel *>(w))
        text = l->text();
    else if (const auto *c = qobject_cast<const QComboBox *>(w))
        text = c->currentText();
    else if (const auto *e = qobject_cast<const QLineEdit *>(w))
        text = e->placeholderText();
    text.replace(u'\n', u' ');
    if (text.size() > 60)
        text = text.left(57) + QStringLiteral("...");
    QString path;
    for (const QWidget *p = w; p && !p->isWindow(); p = p->parentWidget()) {
        if (!p->objectName().isEmpty() && !p->objectName().startsWith(QLatin1String("qt_"))) {
            path = p->objectName();
            break;
        }
    }
    return QStringLiteral("%1 \"%2\" (in %3, %4x%5)")
        .arg(QString::fromLatin1(w->metaObject()->className()), text, path.isEmpty() ? QStringLiteral("?") : path)
        .arg(w->width())
        .arg(w->height());
}

/// The nearest scroll area whose viewport holds `w`, or null.
inline const QAbstractScrollArea *enclosingScrollArea(const QWidget *w)
{
    for (const QWidget *p = w->parentWidget(); p && !p->isWindow(); p = p->parentWidget()) {
        if (const auto *area = qobject_cast<const QAbstractScrollArea *>(p); area && area->viewport()->isAncestorOf(w))
            return area;
    }
    return nullptr;
}

/// True for widgets that belong to a Qt composite (a combo's line edit, a spin box's editor, a
/// scroll bar's parts, a tab bar's buttons): checked as part of their owner.
inline bool partOfComposite(const QWidget *w)
{
    for (const QWidget *p = w->parentWidget(); p && !p->isWindow(); p = p->parentWidget()) {
        if (qobject_cast<const QComboBox *>(p) || qobject_cast<const QAbstractSpinBox *>(p))
            return true;
        if (const auto *area = qobject_cast<const QAbstractScrollArea *>(p)) {
            if (!area->viewport()->isAncestorOf(w))
                return true;  // a scroll bar or corner widget
        }
    }
    return w->objectName().startsWith(QLatin1String("qt_"));
}

inline QString textCut(const QWidget *w)
{
    const int width = w->width();
    if (const auto *b = qobject_cast<const QAbstractButton *>(w)) {
        if (!b->text().isEmpty() && width + 1 < b->sizeHint().width())
            return QStringLiteral("needs %1 px").arg(b->sizeHint().width());
    } else if (const auto *l = qobject_cast<const QLabel *>(w)) {
        if (l->text().isEmpty() || l->pixmap().cacheKey() != 0)
            return {};
        if (l->wordWrap()) {
            const int need = l->heightForWidth(width);
            if (need > 0 && l->height() + 1 < need)
                return QStringLiteral("needs %1 px of height at this width").arg(need);
        } else if (width + 1 < l->sizeHint().width() && !(l->textFormat() == Qt::RichText || (l->textFormat() == Qt::AutoText && Qt::mightBeRichText(l->text())))) {
            return QStringLiteral("needs %1 px").arg(l->sizeHint().width());
        } else if (width + 1 < l->minimumSizeHint().width()) {
            return QStringLiteral("needs %1 px").arg(l->minimumSizeHint().width());
        }
    } else if (const auto *c = qobject_cast<const QComboBox *>(w)) {
        const QFontMetrics fm(c->font());
        const int text = std::min(fm.horizontalAdvance(c->currentText()), 24 * fm.averageCharWidth());
        if (!c->currentText().isEmpty() && width < text + 28)
            return QStringLiteral("needs %1 px").arg(text + 28);
    } else if (const auto *e = qobject_cast<const QLineEdit *>(w)) {
        const QFontMetrics fm(e->font());
        int need = 12 * fm.averageCharWidth();
        if (!e->placeholderText().isEmpty())
            need = std::min(need, fm.horizontalAdvance(e->placeholderText()));
        if (width < need + 10)
            return QStringLiteral("needs %1 px").arg(need + 10);
    } else if (const auto *s = qobject_cast<const QAbstractSpinBox *>(w)) {
        if (width + 1 < s->minimumSizeHint().width())
            return QStringLiteral("needs %1 px").arg(s->minimumSizeHint().width());
    } else if (const auto *s = qobject_cast<const QAbstractSlider *>(w)) {
        if (s->orientation() == Qt::Horizontal && width < 80)
            return QStringLiteral("a slider of %1 px").arg(width);
    }
    return {};
}

inline bool hasText(const QWidget *w)
{
    return qobject_cast<const QAbstractButton *>(w) || qobject_cast<const QLabel *>(w) || qobject_cast<const QComboBox *>(w)
           || qobject_cast<const QLineEdit *>(w) || qobject_cast<const QAbstractSpinBox *>(w) || qobject_cast<const QAbstractSlider *>(w);
}

inline QString squeezed(const QWidget *w)
{
    const auto *area = qobject_cast<const QAbstractScrollArea *>(w);
    if (!area || qobject_cast<const QComboBox *>(w->parentWidget()))
        return {};
    const int shown = area->viewport()->height();
    const int line = w->fontMetrics().lineSpacing();
    int need = 0;
    if (const auto *s = qobject_cast<const QScrollArea *>(w)) {
        if (s->widget())
            need = std::min(s->widget()->sizeHint().height(), 5 * line);
    } else if (const auto *v = qobject_cast<const QAbstractItemView *>(w)) {
        if (v->model() && v->model()->rowCount() > 0)
            need = std::min(v->model()->rowCount(), 3) * std::max(line, v->sizeHintForRow(0));
    } else if (const auto *t = qobject_cast<const QPlainTextEdit *>(w)) {
        need = std::min(int(t->document()->size().height()) * line, 3 * line);
    } else if (const auto *t = qobject_cast<const QTextEdit *>(w)) {
        need = std::min(int(t->document()->size().height()), 3 * line);
    }
    if (need > 0 && shown + 1 < need)
        return QStringLiteral("shows %1 px of %2").arg(shown).arg(need);
    return {};
}

/// Every finding in the visible widgets under `root` (see the file comment).
inline QStringList layoutFindings(const QWidget *root)
{
    QStringList out;
    const QList<QWidget *> all = root->findChildren<QWidget *>();
    for (const QWidget *w : all) {
        if (!w->isVisible() || w->isWindow() || partOfComposite(w) || w->width() <= 0)
            continue;
        if (const QString s = squeezed(w); !s.isEmpty())
            out << QStringLiteral("squeezed: %1 %2").arg(describe(w), s);
        if (hasText(w)) {
            const QString cut = textCut(w);
            if (!cut.isEmpty())
                out << QStringLiteral("text cut: %1 %2").arg(describe(w), cut);
            if (const QAbstractScrollArea *area = enclosingScrollArea(w)) {
                // Inside a scroll area the user can scroll to it, unless it runs past the right
                // edge with no horizontal scroll bar to reach it.
                const QRect inView(w->mapTo(area->viewport(), QPoint(0, 0)), w->size());
                if (!area->horizontalScrollBar()->isVisible() && inView.right() > area->viewport()->width() + 1)
                    out << QStringLiteral("clipped: %1 runs %2 px past its scroll area's right edge, with no horizontal scroll bar")
                               .arg(describe(w))
                               .arg(inView.right() - area->viewport()->width());
            } else {
                const QRect shown = w->visibleRegion().boundingRect();
                if (!shown.isEmpty() && shown != w->rect())
                    out << QStringLiteral("clipped: %1 shows %2x%3").arg(describe(w)).arg(shown.width()).arg(shown.height());
                else if (shown.isEmpty() && !root->rect().intersects(QRect(w->mapTo(root, QPoint(0, 0)), w->size())))
                    out << QStringLiteral("clipped: %1 is off the window").arg(describe(w));
            }
        }
        // Overlap with a later sibling of the same layout.
        const QWidget *parent = w->parentWidget();
        if (!parent || !parent->layout() || parent->layout()->indexOf(const_cast<QWidget *>(w)) < 0)
            continue;
        for (const QObject *o : parent->children()) {
            const auto *s = qobject_cast<const QWidget *>(o);
            if (!s || s <= w || !s->isVisible() || s->isWindow() || parent->layout()->indexOf(const_cast<QWidget *>(s)) < 0)
                continue;
            const QRect both = w->geometry().intersected(s->geometry());
            if (both.width() > 2 && both.height() > 2)
                out << QStringLiteral("covered: %1 and %2 overlap by %3x%4").arg(describe(w), describe(s)).arg(both.width()).arg(both.height());
        }
    }
    return out;
}

}  // namespace gauntlet::testing
