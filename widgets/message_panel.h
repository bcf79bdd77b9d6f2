// A dismissable panel of messages above a workspace's results: errors (red) that stopped
// something, or warnings (amber) about something that goes on without a part (a judge that is not
// installed). Shows the last four messages; hidden while it has none.
#pragma once

#include <QFrame>
#include <QStringList>

class QLabel;

namespace gauntlet {

class MessagePanel : public QFrame {
    Q_OBJECT
public:
    enum class Kind { Error, Warning };
    /// `objectName` names the panel (its style sheet selects it by that name).
    MessagePanel(Kind kind, const QString &objectName, QWidget *parent = nullptr);

    void addMessage(const QString &message);
    /// Messages since the panel was last dismissed, oldest first.
    QStringList messages() const { return m_messages; }
    /// Forgets the messages and hides the panel (the Dismiss button does this).
    void clearMessages();

private:
    QLabel *m_label;
    QStringList m_messages;
};

}  // namespace gauntlet
