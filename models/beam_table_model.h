// The current beam of an ATO run as a table (one row per beam member, best first): rank, text with
// its substituted words (against the seed and the parent), D, L_CoLA, L_cos, the objective L,
// perplexity and whether diversity injection added it. Fed with ato::StepFinishedEvent, live or
// replayed from the project (engine/ato/run_history.h).
#pragma once

#include "engine/ato/run_events.h"
#include "models/text_changes.h"

#include "models/flat_table_model.h"
#include <QMetaType>
#include <QVector>

#include <vector>

namespace gauntlet {

class BeamTableModel : public FlatTableModel {
    Q_OBJECT
public:
    enum Column { RankColumn, TextColumn, DifficultyColumn, FluencyColumn, CohesionColumn, LossColumn, PerplexityColumn, InjectedColumn,
                  ColumnCount };
    enum Role {
        ValueRole = Qt::UserRole + 1,  ///< the raw number of a value column (double, NaN when unknown); the sort role
        SegmentsRole,                  ///< QVector<TextSegment> of the text column
        ChangesHtmlRole,               ///< the text column as HTML with its changes marked (models/text_changes.h)
    };

    explicit BeamTableModel(QObject *parent = nullptr);

    /// Shows the beam of `step`; `seedText` is the run's (or the phase's) seed, `previousBeam` the
    /// beam of the step before (parents are looked up by BeamMemberRecord::parentRank), empty for
    /// step 0.
    void setStep(const ato::StepFinishedEvent &step, const QString &seedText, const std::vector<ato::BeamMemberRecord> &previousBeam = {});
    void clear();
    int step() const { return m_step; }
    const ato::BeamMemberRecord &member(int row) const { return m_rows.at(size_t(row)).member; }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// "0.1235" with 4 decimals, or an en dash for an unknown (NaN) value.
    static QString formatValue(double value);

private:
    int flatRowCount() const override { return int(m_rows.size()); }
    struct Row {
        ato::BeamMemberRecord member;
        QVector<TextSegment> segments;
        QString tooltip;
    };
    QString tooltipFor(const ato::BeamMemberRecord &member, const QString &parentText) const;

    std::vector<Row> m_rows;
    int m_step = -1;
};

}  // namespace gauntlet

Q_DECLARE_METATYPE(QVector<gauntlet::TextSegment>)
