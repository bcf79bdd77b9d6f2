#include "widgets/placeholder_panel.h"

#include <QLabel>
#include <QVBoxLayout>

namespace gauntlet {

PlaceholderPanel::PlaceholderPanel(const QString &title, const QString &message, QWidget *parent)
    : QWidget(parent), m_title(new QLabel(title, this)), m_message(new QLabel(message, this)), m_layout(new QVBoxLayout(this))
{
    QFont font = m_title->font();
    font.setPointSizeF(font.pointSizeF() * 1.6);
    font.setBold(true);
    m_title->setFont(font);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_layout->setContentsMargins(24, 24, 24, 24);
    m_layout->setSpacing(12);
    m_layout->addWidget(m_title);
    m_layout->addWidget(m_message);
    m_layout->addStretch(1);
}

QString PlaceholderPanel::title() const
{
    return m_title->text();
}

QString PlaceholderPanel::message() const
{
    return m_message->text();
}

void PlaceholderPanel::addContent(QWidget *widget)
{
    m_layout->insertWidget(m_layout->count() - 1, widget, 10);
}

}  // namespace gauntlet
