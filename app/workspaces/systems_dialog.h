// The project's MT systems and LLM verifiers: add installed Apertium pairs, OpenAI-compatible
// chat endpoints (with the editable LTB translation or verifier prompt) and manual systems;
// remove them. API keys are named by their environment variable, never entered here.
#pragma once

#include <QDialog>

class QListWidget;
class QLabel;

namespace gauntlet {

namespace storage { class Project; }
namespace translate { struct MtSystemConfig; }

class SystemsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SystemsDialog(storage::Project *project, QWidget *parent = nullptr);

private:
    void reload();
    void addApertium();
    void addEndpoint(bool verifier);
    void addManual();
    /// Stores `system` (the error, if any, shown under the lists) and reloads the lists.
    void saveSystem(const translate::MtSystemConfig &system);
    void removeSelected();

    storage::Project *m_project;
    QListWidget *m_systems;
    QListWidget *m_verifiers;
    QLabel *m_error;
};

}  // namespace gauntlet
