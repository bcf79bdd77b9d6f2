#include "widgets/splitter_memory.h"

#include "engine/core/settings.h"

#include <QSplitter>
#include <QStringList>

namespace gauntlet {

QString widgetPath(const QWidget *root, const QWidget *widget)
{
    QStringList parts;
    for (const QWidget *w = widget; w && w != root; w = w->parentWidget()) {
        const QWidget *parent = w->parentWidget();
        int index = 0;
        if (parent) {
            for (const QObject *sibling : parent->children()) {
                if (sibling == w)
                    break;
                if (sibling->isWidgetType() && sibling->metaObject() == w->metaObject())
                    ++index;
            }
        }
        parts.prepend(QString::fromLatin1(w->metaObject()->className()).section(QStringLiteral("::"), -1) + QString::number(index));
    }
    return parts.join(QLatin1Char('/'));
}

void rememberSplitters(QWidget *root, core::Settings *settings, const QString &prefix)
{
    if (!root || !settings)
        return;
    for (QSplitter *splitter : root->findChildren<QSplitter *>()) {
        const QByteArray key = (prefix + QLatin1Char('/') + widgetPath(root, splitter)).toUtf8();
        const QByteArray state = settings->value(key.constData()).toByteArray();
        if (!state.isEmpty())
            splitter->restoreState(state);
        QObject::connect(splitter, &QSplitter::splitterMoved, splitter, [splitter, settings, key] {
            settings->setValue(key.constData(), splitter->saveState());
        });
    }
}

}  // namespace gauntlet
