#include "widgets/message_panel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace gauntlet {

MessagePanel::MessagePanel(Kind kind, const QString &objectName, QWidget *parent) : QFrame(parent), m_label(new QLabel(this))
{
    setObjectName(objectName);
    const bool error = kind == Kind::Error;
    setStyleSheet(QStringLiteral("#%1 { background: %2; border: 1px solid %3; border-radius: 4px; }")
                      .arg(objectName, error ? QStringLiteral("#fdecea") : QStringLiteral("#fff8e1"),
                           error ? QStringLiteral("#e0a39c") : QStringLiteral("#e6c36a")));
    m_label->setWordWrap(true);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *dismiss = new QToolButton(this);
    dismiss->setText(tr("Dismiss"));
    dismiss->setToolTip(tr("Hide these messages"));
    connect(dismiss, &QToolButton::clicked, this, &MessagePanel::clearMessages);
    auto *icon = new QLabel(this);
    icon->setPixmap(style()->standardIcon(error ? QStyle::SP_MessageBoxWarning : QStyle::SP_MessageBoxInformation).pixmap(24, 24));
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(icon, 0, Qt::AlignTop);
    layout->addWidget(m_label, 1);
    layout->addWidget(dismiss, 0, Qt::AlignTop);
    hide();
}

void MessagePanel::addMessage(const QString &message)
{
    m_messages << message;
    QStringList shown = m_messages.mid(qMax(0, int(m_messages.size()) - 4));
    for (QString &s : shown)
        s = s.toHtmlEscaped();
    m_label->setText(shown.join(QStringLiteral("<br>")));
    show();
}

void MessagePanel::clearMessages()
{
    m_messages.clear();
    m_label->clear();
    hide();
}

}  // namespace gauntlet
