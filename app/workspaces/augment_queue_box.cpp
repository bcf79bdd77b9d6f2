// The Augment workspace's queue box: the job's seeds and their states.
#include "app/workspaces/augment_queue_box.h"

#include "models/seed_queue_model.h"

#include <QHeaderView>
#include <QTableView>
#include <QVBoxLayout>

namespace gauntlet {

AugmentQueueBox::AugmentQueueBox(SeedQueueModel *queue, QWidget *parent) : QGroupBox(tr("Queue"), parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_view = new QTableView(this);
    m_view->setModel(queue);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(SeedQueueModel::SeedColumn, QHeaderView::Stretch);
    m_view->horizontalHeader()->setSectionResizeMode(SeedQueueModel::StateColumn, QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(SeedQueueModel::RunColumn, QHeaderView::ResizeToContents);
    m_view->setSelectionMode(QAbstractItemView::NoSelection);
    m_view->setWordWrap(false);
    m_view->setFixedHeight(110);
    m_view->setToolTip(tr("The seeds of this job, run one after another"));
    layout->addWidget(m_view);
}

}  // namespace gauntlet
