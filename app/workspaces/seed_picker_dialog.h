// Picks one of the project's seed texts (all seed sets, filtered as you type) to start a new
// Contribute example from.
#pragma once

#include <QDialog>

class QListWidget;

namespace gauntlet {

namespace storage { class Project; }

class SeedPickerDialog : public QDialog {
    Q_OBJECT
public:
    /// Lists `project`'s seeds. Throws StoreError when they cannot be read.
    explicit SeedPickerDialog(storage::Project &project, QWidget *parent = nullptr);

    /// The chosen seed's text, or an empty string.
    QString selectedText() const;

private:
    QListWidget *m_list;
};

}  // namespace gauntlet
