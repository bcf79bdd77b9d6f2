// Which of the project's LLM verifiers Verify asks (as `gauntlet verify --verifier NAME`, repeated):
// a tool button with a menu of checkable verifier names, all checked by default; verifiers added
// later start checked. The choice lasts for the session.
#pragma once

#include "engine/verify/example_store.h"

#include <QSet>
#include <QToolButton>

namespace gauntlet {

namespace storage { class Project; }

class VerifierChoiceButton : public QToolButton {
    Q_OBJECT
public:
    explicit VerifierChoiceButton(QWidget *parent = nullptr);

    void setProject(storage::Project *project) { m_project = project; }
    /// The verifiers of `all` that are checked, in their order.
    QVector<verify::VerifierConfig> chosen(const QVector<verify::VerifierConfig> &all) const;

private:
    void fillMenu();

    storage::Project *m_project = nullptr;
    /// Names of verifiers the user unchecked.
    QSet<QString> m_skipped;
};

}  // namespace gauntlet
