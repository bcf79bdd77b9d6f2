// The seeds of an Augment job in queue order with their state: queued, running (step i of T),
// finished, stopped, failed (with the reason) or skipped (the job stopped first), and the run id in
// the project.
#pragma once

#include "models/flat_table_model.h"
#include <QVector>

namespace gauntlet {

class SeedQueueModel : public FlatTableModel {
    Q_OBJECT
public:
    enum Column { SeedColumn, StateColumn, RunColumn, ColumnCount };
    enum class State { Queued, Loading, Running, Finished, Stopped, Failed, Skipped };  ///< Skipped: never started (the job was stopped)
    enum Role { StateRole = Qt::UserRole + 1 };

    explicit SeedQueueModel(QObject *parent = nullptr);

    void setSeeds(const QStringList &seeds);
    void setState(int row, State state, const QString &detail = {});
    /// While running: the latest finished step and the steps per seed.
    void setStep(int row, int step, int steps);
    void setRunId(int row, qint64 runId);
    State state(int row) const { return m_rows.at(row).state; }
    QString detail(int row) const { return m_rows.at(row).detail; }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    int flatRowCount() const override { return int(m_rows.size()); }
    struct Row {
        QString seed;
        State state = State::Queued;
        QString detail;
        int step = 0, steps = 0;
        qint64 runId = 0;
    };
    void changed(int row);
    QVector<Row> m_rows;
};

}  // namespace gauntlet
