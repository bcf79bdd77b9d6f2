// The Augment workspace's "Queue" box below the setup panel: the seeds of the current (or last)
// job, one row each with its state and run id (AugmentSession::queue(), a SeedQueueModel).
#pragma once

#include <QGroupBox>

class QTableView;

namespace gauntlet {

class SeedQueueModel;

class AugmentQueueBox : public QGroupBox {
    Q_OBJECT
public:
    explicit AugmentQueueBox(SeedQueueModel *queue, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }

private:
    QTableView *m_view;
};

}  // namespace gauntlet
