// One step's candidate pool (issue 34 item 6): every candidate the step built, with what became of
// it (kept, injected, not taken, or refused by the grammar guard, the vocabulary guard, the trigram
// sentence test or the re-tokenization check) and the reason, so a refused candidate with a lower L
// than the beam's best is explained. Fed with ato::StepFinishedEvent::pool, live or replayed
// (engine/ato/run_history.h loads it from step_pool). Sort and filter through CandidatePoolProxy.
#pragma once

#include "engine/ato/candidate_fate.h"

#include "models/flat_table_model.h"
#include <QSortFilterProxyModel>

#include <vector>

namespace gauntlet {

class CandidatePoolModel : public FlatTableModel {
    Q_OBJECT
public:
    enum Column { FateColumn, TextColumn, LossColumn, DifficultyColumn, ParentColumn, ReasonColumn, ColumnCount };
    enum Role {
        ValueRole = Qt::UserRole + 1,  ///< numbers as double (unknown: invalid, sorts first), text as QString
        FateRole,                      ///< int: the ato::CandidateFate
    };

    explicit CandidatePoolModel(QObject *parent = nullptr);

    /// Shows the pool of step `step` (replaces the rows; an empty pool clears them).
    void setPool(int step, const std::vector<ato::PoolRecord> &pool);
    void clear() { setPool(-1, {}); }
    int step() const { return m_step; }
    /// How many candidates of the pool have `fate`.
    int count(ato::CandidateFate fate) const;

    /// The fate as the window names it ("kept", "refused: grammar", ...), translated.
    static QString fateLabel(ato::CandidateFate fate);
    /// What the fate means, for tooltips.
    static QString fateDescription(ato::CandidateFate fate);

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    int flatRowCount() const override { return int(m_pool.size()); }
    int m_step = -1;
    std::vector<ato::PoolRecord> m_pool;
};

/// Filters a CandidatePoolModel by fate (a set of fates; empty: all) and by text, and sorts numbers
/// by value.
class CandidatePoolProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit CandidatePoolProxy(QObject *parent = nullptr);
    /// Shows only candidates whose fate is in `fates` (empty: every fate).
    void setFates(const std::vector<ato::CandidateFate> &fates);

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const override;

private:
    std::vector<ato::CandidateFate> m_fates;
};

}  // namespace gauntlet
