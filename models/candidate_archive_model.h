// The candidate archive of an ATO run: every candidate scored so far, unique by (phase, text) as in
// the project's archive_candidates table, with its step and terms; the run's selected output is
// marked (bold, "selected") and, for a judged run, carries the independent judges' verdicts (the
// Judges column and its tooltip; only the output is judged: judging every candidate is too slow). Sort and filter it through a QSortFilterProxyModel: numeric columns
// sort by ValueRole (set it as the proxy's sort role).
#pragma once

#include "engine/ato/run_events.h"

#include "models/flat_table_model.h"
#include <QHash>

#include <vector>

namespace gauntlet {

class CandidateArchiveModel : public FlatTableModel {
    Q_OBJECT
public:
    enum Column { StepColumn, PhaseColumn, TextColumn, DifficultyColumn, FluencyColumn, CohesionColumn, LossColumn, PerplexityColumn,
                  SelectedColumn, FateColumn, JudgesColumn, ColumnCount };
    enum Role {
        ValueRole = Qt::UserRole + 1,  ///< numbers as double (NaN unknown), text as QString: sort by this
        SelectedRole,                  ///< bool: the run's selected output
    };

    explicit CandidateArchiveModel(QObject *parent = nullptr);

    /// Appends the candidates of one step (entries already archived in `phase` are skipped).
    void addCandidates(int step, int phase, const std::vector<ato::ArchiveRecord> &candidates);
    /// Marks the entry with this text (in the highest phase that has it) as the selected output;
    /// an empty text clears the mark. `judges` is the judges' report on the output (judges.h toJson;
    /// null: not judged). Returns the marked row, or -1 when no entry has the text.
    int setSelectedOutput(const QString &text, const nlohmann::json &judges = {});
    int selectedRow() const { return m_selected; }
    /// Notes what became of the scored candidates of one step's pool (issue 34 item 6: the archive
    /// mixed refused candidates with accepted ones and marked neither): an entry shows "in the beam"
    /// once any step took it, else "refused: grammar" once the grammar guard refused it, else "not
    /// taken". Candidates dropped before scoring are not archived and are skipped.
    void noteFates(int phase, const std::vector<ato::PoolRecord> &pool);
    /// Sets the perplexity of the entries of `phase` with the given texts (ato::ArchiveScoredEvent).
    void setPerplexities(int phase, const std::vector<std::pair<std::string, double>> &perplexities);
    void clear();

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    int flatRowCount() const override { return int(m_entries.size()); }
    struct Entry {
        int step = 0, phase = 1;
        QString text;
        ato::TermValues values;
        int fate = -1;  ///< ato::CandidateFate seen with the highest precedence (-1: none noted)
        int fateStep = -1;  ///< the step that took it into the beam
    };
    std::vector<Entry> m_entries;
    QHash<QString, int> m_index;  ///< "<phase>\n<text>" -> row
    int m_selected = -1;
    nlohmann::json m_outputJudges;
};

}  // namespace gauntlet
