#include "app/workspaces/augment_workspace.h"

#include "models/seed_set_model.h"
#include "widgets/placeholder_panel.h"

#include <QHeaderView>
#include <QLabel>
#include <QTableView>
#include <QVBoxLayout>

namespace gauntlet {

AugmentWorkspace::AugmentWorkspace(QWidget *parent) : QWidget(parent), m_model(new SeedSetModel(this)), m_view(new QTableView(this))
{
    auto *panel = new PlaceholderPanel(
        tr("Augment"),
        tr("Watching the ATO beam search live is coming in a later version. "
           "Seed texts can already be imported (File > Import Seeds, or gauntlet seeds import)."),
        this);
    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setSortingEnabled(false);
    auto *heading = new QLabel(tr("Seed sets in this project"), this);
    QFont font = heading->font();
    font.setBold(true);
    heading->setFont(font);
    auto *box = new QWidget(this);
    auto *boxLayout = new QVBoxLayout(box);
    boxLayout->setContentsMargins(0, 0, 0, 0);
    boxLayout->addWidget(heading);
    boxLayout->addWidget(m_view);
    panel->addContent(box);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(panel);
}

void AugmentWorkspace::setProject(Project *project)
{
    m_model->setProject(project);
    m_view->resizeColumnsToContents();
}

QString AugmentWorkspace::reload()
{
    const QString error = m_model->reload();
    m_view->resizeColumnsToContents();
    return error;
}

}  // namespace gauntlet
