// A workspace page for a job that is not built yet: its title and one plain sentence.
#pragma once

#include <QWidget>

class QLabel;
class QVBoxLayout;

namespace gauntlet {

class PlaceholderPanel : public QWidget {
    Q_OBJECT
public:
    PlaceholderPanel(const QString &title, const QString &message, QWidget *parent = nullptr);
    QString title() const;
    QString message() const;
    /// Adds `widget` below the message (e.g. a read-only view of what the project already holds).
    void addContent(QWidget *widget);

private:
    QLabel *m_title;
    QLabel *m_message;
    QVBoxLayout *m_layout;
};

}  // namespace gauntlet
