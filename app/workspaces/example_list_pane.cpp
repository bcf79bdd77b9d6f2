#include "app/workspaces/example_list_pane.h"

#include "models/example_list_model.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace gauntlet {

ExampleListPane::ExampleListPane(QWidget *parent) : QWidget(parent), m_model(new ExampleListModel(this)), m_list(new QTableView(this))
{
    setObjectName(QStringLiteral("exampleListPane"));
    m_list->setObjectName(QStringLiteral("exampleListView"));
    m_list->setModel(m_model);
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->verticalHeader()->hide();
    m_list->horizontalHeader()->setStretchLastSection(true);
    m_list->setColumnHidden(ExampleListModel::UpdatedColumn, true);
    m_list->setColumnHidden(ExampleListModel::AuthorColumn, true);
    m_list->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->horizontalHeader()->setSectionResizeMode(ExampleListModel::SourceColumn, QHeaderView::Stretch);
    m_list->setWordWrap(false);
    m_newButton = new QPushButton(tr("&New example"), this);
    m_newButton->setObjectName(QStringLiteral("newExampleButton"));
    m_newButton->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    m_newButton->setToolTip(tr("Start a new challenge example (Ctrl+Shift+N)"));
    m_deleteButton = new QPushButton(tr("Delete"), this);
    m_deleteButton->setObjectName(QStringLiteral("deleteExampleButton"));
    m_seedButton = new QPushButton(tr("From a seed..."), this);
    m_seedButton->setObjectName(QStringLiteral("fromSeedButton"));
    m_seedButton->setToolTip(tr("Start a new example from one of the project's seed texts"));
    connect(m_seedButton, &QPushButton::clicked, this, &ExampleListPane::seedRequested);
    connect(m_newButton, &QPushButton::clicked, this, &ExampleListPane::newRequested);
    connect(m_deleteButton, &QPushButton::clicked, this, &ExampleListPane::deleteRequested);
    auto choose = [this](const QModelIndex &index) { Q_EMIT exampleChosen(m_model->idAt(index.row())); };
    connect(m_list, &QTableView::activated, this, choose);
    connect(m_list, &QTableView::clicked, this, choose);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(tr("My examples"), this));
    layout->addWidget(m_list, 1);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_newButton);
    buttons->addWidget(m_seedButton);
    buttons->addWidget(m_deleteButton);
    layout->addLayout(buttons);
}

void ExampleListPane::setProject(storage::Project *project)
{
    m_model->setProject(project);
    m_model->setStatusFilter({});
}

void ExampleListPane::reload(qint64 id)
{
    m_model->reload();
    const int row = m_model->rowOf(id);
    if (row >= 0)
        m_list->selectRow(row);
}

void ExampleListPane::select(qint64 id)
{
    const int row = id ? m_model->rowOf(id) : -1;
    if (row >= 0)
        m_list->selectRow(row);
    else if (id == 0)
        m_list->clearSelection();
}

void ExampleListPane::updateButtons(bool hasProject, bool hasExample, bool busy)
{
    m_deleteButton->setEnabled(hasExample && !busy);
    m_newButton->setEnabled(hasProject);
    m_seedButton->setEnabled(hasProject && !busy);
}

}  // namespace gauntlet
