// The Augment workspace. The live ATO beam search is not built yet; for now it shows the seed
// sets of the project, which are what augmentation starts from.
#pragma once

#include <QWidget>

class QTableView;

namespace gauntlet {

class Project;
class SeedSetModel;

class AugmentWorkspace : public QWidget {
    Q_OBJECT
public:
    explicit AugmentWorkspace(QWidget *parent = nullptr);
    void setProject(Project *project);
    /// Re-reads the seed sets; returns an error message or an empty string.
    QString reload();
    SeedSetModel *seedSetModel() const { return m_model; }

private:
    SeedSetModel *m_model;
    QTableView *m_view;
};

}  // namespace gauntlet
