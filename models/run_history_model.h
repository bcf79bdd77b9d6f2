// Every ATO run stored in a project (engine/ato/run_history.h), newest first: id, status, method,
// seed, output, steps, best L, timestamps and the examples made from the run (issue 21); the
// tooltip shows the run's config and error.
#pragma once

#include "engine/ato/run_history.h"

#include <QAbstractTableModel>
#include <QHash>
#include <QVector>

namespace gauntlet {

class Database;

class RunHistoryModel : public QAbstractTableModel {
    Q_OBJECT
public:
    /// A method as the window names it, translated: "direct" -> "ATO-Direct", "two-phase" ->
    /// "ATO-TwoPhase", "random-words" -> "random words" (issue 34: raw names showed in German).
    static QString methodLabel(const QString &method);
    /// A run's status as the window names it everywhere: finished, running, stopped (Stop or
    /// Ctrl-C), interrupted (the process ended mid-run), failed; translated.
    static QString statusLabel(const RunSummary &run);

    enum Column { IdColumn, StatusColumn, MethodColumn, SeedColumn, OutputColumn, DifficultyColumn, StepsColumn, BestLossColumn,
                  StartedColumn, FinishedColumn, ExamplesColumn, ColumnCount };
    enum Role {
        RunIdRole = Qt::UserRole + 1,
        StatusRole,
        ExampleIdsRole,  ///< QList<qint64>: the examples made from the run (their "run:N" tag), by id
    };

    explicit RunHistoryModel(QObject *parent = nullptr);

    /// Shows the runs of `db` (nullptr: none). The database must outlive the model or be reset.
    void setDatabase(Database *db);
    /// Re-reads the runs. Store errors leave the model empty and are returned; "" means success.
    QString reload();
    /// Shows `runs` as given (tests, or a caller that read them itself).
    void setRuns(const QVector<RunSummary> &runs);
    /// The row of run `runId`, or -1.
    int rowOf(qint64 runId) const;
    const RunSummary &run(int row) const { return m_runs.at(row); }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    Database *m_db = nullptr;
    QVector<RunSummary> m_runs;
    QHash<qint64, QVector<qint64>> m_examples;  ///< run id -> examples made from it
};

}  // namespace gauntlet
