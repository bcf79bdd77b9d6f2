// Every ATO run stored in a project (engine/ato/run_history.h), newest first: id, status, method,
// the settings that differ between the runs listed, seed, output, D of seed and output, the judges'
// verdict on the output, steps, best L, the user's tags and note (editable), timestamps and the
// examples made from the run (issues 21, 34); the tooltip shows the run's config and error. Sort
// and filter it through a QSortFilterProxyModel with SortRole as its sort role.
#pragma once

#include "engine/ato/run_history.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "models/flat_table_model.h"
#include <QHash>
#include <QVector>

namespace gauntlet {

namespace storage { class Database; }

class RunHistoryModel : public FlatTableModel {
    Q_OBJECT
public:
    /// A method as the window names it, translated: "direct" -> "ATO-Direct", "two-phase" ->
    /// "ATO-TwoPhase", "random-words" -> "random words" (issue 34: raw names showed in German).
    static QString methodLabel(const QString &method);
    /// A run's status as the window names it everywhere: finished, running, stopped (Stop or
    /// Ctrl-C), interrupted (the process ended mid-run), failed; translated.
    static QString statusLabel(const ato::RunSummary &run);

    enum Column { IdColumn, StatusColumn, MethodColumn, SettingsColumn, SeedColumn, OutputColumn, DifficultyColumn, JudgesColumn,
                  StepsColumn, BestLossColumn, TagsColumn, NoteColumn, StartedColumn, FinishedColumn, ExamplesColumn, ColumnCount };
    enum Role {
        RunIdRole = Qt::UserRole + 1,
        StatusRole,
        ExampleIdsRole,  ///< QList<qint64>: the examples made from the run (their "run:N" tag), by id
        SortRole,        ///< numbers as numbers (D sorts by the output's D, then the seed's), the rest as text
        /// What the History filter matches: the shown text, and for the status also the name the
        /// command line uses (`gauntlet runs list`: "cancelled" for a run shown as "stopped").
        FilterRole,
    };

    explicit RunHistoryModel(QObject *parent = nullptr);

    /// Shows the runs of `db` (nullptr: none). The database must outlive the model or be reset.
    void setDatabase(storage::Database *db);
    /// Re-reads the runs. Store errors leave the model empty and are returned; "" means success.
    QString reload();
    /// Shows `runs` as given (tests, or a caller that read them itself).
    void setRuns(const QVector<ato::RunSummary> &runs);
    /// The row of run `runId`, or -1.
    int rowOf(qint64 runId) const;
    const ato::RunSummary &run(int row) const { return m_runs.at(row); }
    /// The run-defining settings (ato::runDefiningSettings) whose values differ between the runs
    /// listed, in key order; the Settings column shows each run's values of these.
    const std::vector<std::string> &differingSettings() const { return m_differing; }
    /// "beam_width 16 · steps 6": run `row`'s values of the differing settings.
    QString settingsText(int row) const;

    Qt::ItemFlags flags(const QModelIndex &index) const override;
    /// Tags and Note are editable: the change is stored at once (RunHistory::setTagsAndNote).
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    int flatRowCount() const override { return int(m_runs.size()); }
    storage::Database *m_db = nullptr;
    QVector<ato::RunSummary> m_runs;
    QHash<qint64, QVector<qint64>> m_examples;  ///< run id -> examples made from it
    std::vector<nlohmann::json> m_settings;     ///< per row: its run-defining settings (null when unreadable)
    std::vector<std::string> m_differing;

Q_SIGNALS:
    /// Storing a tag or note failed.
    void errorOccurred(const QString &message);
};

}  // namespace gauntlet
