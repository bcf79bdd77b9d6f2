// The candidate archive of an ATO run, over a RunTraceModel (models/run_trace_model.h): every
// candidate the trace's steps scored, unique by (phase, text) as in the project's
// archive_candidates table, with its step and terms read from the trace's candidates(); the run's
// selected output is marked (bold, "selected") and, for a judged run, carries the independent
// judges' verdicts (the Judges column and its tooltip; only the output is judged: judging every
// candidate is too slow). An entry refers to its candidate in the trace (issue 36: it held copies)
// and keeps only the archive's own state: its fate from the steps' pools and the perplexity that
// chose the output. Sort and filter it through a QSortFilterProxyModel: numeric columns sort by
// ValueRole (set it as the proxy's sort role).
#pragma once

#include "models/run_trace_model.h"

#include <QHash>

#include <optional>
#include <vector>

namespace gauntlet {

class CandidateArchiveModel : public TraceTableModel {
    Q_OBJECT
public:
    enum Column { StepColumn, PhaseColumn, TextColumn, DifficultyColumn, FluencyColumn, CohesionColumn, LossColumn, PerplexityColumn,
                  SelectedColumn, FateColumn, JudgesColumn, ColumnCount };
    enum Role {
        ValueRole = Qt::UserRole + 1,  ///< numbers as double (NaN unknown), text as QString: sort by this
        SelectedRole,                  ///< bool: the run's selected output
    };

    /// An archive over the candidates of `source` (not owned; nullptr: empty until setSourceTrace).
    explicit CandidateArchiveModel(const RunTraceModel *source, QObject *parent = nullptr);

    /// Archives what the source added since the last call: the candidates of its new candidates()
    /// entries (those already archived in their phase are skipped), then the fates in its new steps'
    /// pools (noteFates). Not automatic: inserting thousands of rows per step into a sorted table
    /// that nobody looks at only costs the GUI thread time (widgets/trace_view calls it when the
    /// archive is shown). A reset of the source empties the archive.
    void readSource();
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
    /// Empties the archive (the marks and judges too); the next readSource() reads the source anew.
    void clear();

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    int flatRowCount() const override { return int(m_entries.size()); }
    void forgetSource() override;
    void addCandidates(size_t group);
    struct Entry {
        int group = 0;  ///< index into the source's candidates()
        int item = 0;   ///< index into that entry's candidates
        int fate = -1;  ///< ato::CandidateFate seen with the highest precedence (-1: none noted)
        std::optional<double> perplexity;  ///< set by setPerplexities; else the candidate's own
    };
    const RunTraceModel::StepCandidates &groupOf(const Entry &e) const { return sourceTrace()->candidates()[size_t(e.group)]; }
    std::vector<Entry> m_entries;
    size_t m_groupsRead = 0;  ///< entries of the source's candidates() archived
    size_t m_stepsRead = 0;   ///< steps of the source whose pools' fates are noted
    QHash<QString, int> m_index;  ///< "<phase>\n<text>" -> row
    int m_selected = -1;
    nlohmann::json m_outputJudges;
};

}  // namespace gauntlet
