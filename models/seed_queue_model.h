// The seeds of an Augment job in queue order with their run's status (ato::RunStatus, the one run
// status type): queued (or loading the models, for the first seed), running (step i of T), finished,
// cancelled (shown "stopped at step i", or "skipped" when the job stopped before its run started),
// failed (with the reason), and the run id in the project.
#pragma once

#include "engine/ato/run_status.h"
#include "models/flat_table_model.h"
#include <QVector>

namespace gauntlet {

class SeedQueueModel : public FlatTableModel {
    Q_OBJECT
public:
    enum Column { SeedColumn, StateColumn, RunColumn, ColumnCount };
    enum Role { StatusRole = Qt::UserRole + 1 };  ///< int(ato::RunStatus)

    explicit SeedQueueModel(QObject *parent = nullptr);

    void setSeeds(const QStringList &seeds);
    /// Sets the status of the seed's run (Running marks it started); `detail` is the tooltip's reason.
    void setStatus(int row, ato::RunStatus status, const QString &detail = {});
    /// While the seed is queued: whether the job is loading the models for it.
    void setLoadingModels(int row, bool loading);
    /// While running: the latest finished step and the steps per seed.
    void setStep(int row, int step, int steps);
    void setRunId(int row, qint64 runId);
    ato::RunStatus status(int row) const { return m_rows.at(row).status; }
    /// Whether a run started for the seed (a cancelled seed that never started was skipped).
    bool started(int row) const { return m_rows.at(row).started; }
    bool loadingModels(int row) const { return m_rows.at(row).loadingModels; }
    QString detail(int row) const { return m_rows.at(row).detail; }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    int flatRowCount() const override { return int(m_rows.size()); }
    struct Row {
        QString seed;
        ato::RunStatus status = ato::RunStatus::Queued;
        bool started = false, loadingModels = false;
        QString detail;
        int step = 0, steps = 0;
        qint64 runId = 0;
    };
    void changed(int row);
    QVector<Row> m_rows;
};

}  // namespace gauntlet
