// The beam of one step of a RunTraceModel (models/run_trace_model.h) as a table (one row per beam
// member, best first): rank, text with its substituted words (against the seed and the parent), D,
// L_CoLA, L_cos, the objective L, perplexity and whether diversity injection added it. A view over
// the trace, live or replayed: it keeps the step's index and the marked words and tooltips it
// derived from the members, and reads the members themselves from the trace (issue 36: it held
// copies).
#pragma once

#include "models/run_trace_model.h"
#include "models/text_changes.h"

#include <QMetaType>
#include <QVector>

#include <vector>

namespace gauntlet {

class BeamTableModel : public TraceTableModel {
    Q_OBJECT
public:
    enum Column { RankColumn, TextColumn, DifficultyColumn, FluencyColumn, CohesionColumn, LossColumn, PerplexityColumn, InjectedColumn,
                  ColumnCount };
    enum Role {
        ValueRole = Qt::UserRole + 1,  ///< the raw number of a value column (double, NaN when unknown); the sort role
        SegmentsRole,                  ///< QVector<TextSegment> of the text column
        ChangesHtmlRole,               ///< the text column as HTML with its changes marked (models/text_changes.h)
    };

    /// A table over the steps of `source` (not owned; nullptr: empty until setSourceTrace).
    explicit BeamTableModel(const RunTraceModel *source, QObject *parent = nullptr);

    /// Shows the beam of the source's step at `row` (an index into steps()): words are marked against
    /// the run's seed (in phase 2 the text phase 2 started from, when known) and against each
    /// member's parent in the step before (BeamMemberRecord::parentRank; none across phases). A row
    /// out of range shows nothing.
    void setStep(int row);
    void clear();
    /// The step number shown (-1: none).
    int step() const { return m_step; }
    /// The member in `row`, in the source's steps (throws std::out_of_range for a row not shown).
    const ato::BeamMemberRecord &member(int row) const { return beam().at(size_t(row)); }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// "0.1235" with 4 decimals, or an en dash for an unknown (NaN) value.
    static QString formatValue(double value);

private:
    int flatRowCount() const override { return int(m_shown.size()); }
    void forgetSource() override;
    /// The beam of the step shown (empty when none).
    const std::vector<ato::BeamMemberRecord> &beam() const;
    /// What the table derives from one member: its words marked, its tooltip.
    struct Shown {
        QVector<TextSegment> segments;
        QString tooltip;
    };
    QString tooltipFor(const ato::BeamMemberRecord &member, const QString &parentText) const;

    std::vector<Shown> m_shown;  ///< one per member of beam()
    int m_row = -1, m_step = -1;
};

}  // namespace gauntlet

Q_DECLARE_METATYPE(QVector<gauntlet::TextSegment>)
