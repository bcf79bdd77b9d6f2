// The Contribute page's left pane: the project's challenge examples (ExampleListModel) with
// New example (Ctrl+Shift+N), From a seed... and Delete.
#pragma once

#include <QWidget>

class QPushButton;
class QTableView;

namespace gauntlet {

class ExampleListModel;
namespace storage { class Project; }

class ExampleListPane : public QWidget {
    Q_OBJECT
public:
    explicit ExampleListPane(QWidget *parent = nullptr);

    void setProject(storage::Project *project);
    /// Reads the list again and selects example `id` (0: none).
    void reload(qint64 id);
    /// Selects example `id`'s row when it is listed; 0 clears the selection.
    void select(qint64 id);
    /// `hasExample`: a saved example is open; `busy`: outputs are being made or verified.
    void updateButtons(bool hasProject, bool hasExample, bool busy);

Q_SIGNALS:
    void newRequested();
    void seedRequested();
    void deleteRequested();
    /// The user clicked or activated example `id`.
    void exampleChosen(qint64 id);

private:
    ExampleListModel *m_model;
    QTableView *m_list;
    QPushButton *m_newButton;
    QPushButton *m_seedButton;
    QPushButton *m_deleteButton;
};

}  // namespace gauntlet
