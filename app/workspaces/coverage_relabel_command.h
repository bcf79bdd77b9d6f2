// Undo for manual relabelling in the Coverage workspace's label table: one QUndoCommand per
// relabelled segment, holding its labels before and after (both already valid in the store). The
// relabelling itself is stored before the command is pushed, so its first redo does nothing.
#pragma once

#include "engine/sampling/classification.h"

#include <QUndoCommand>

#include <functional>

namespace gauntlet {

class RelabelCommand : public QUndoCommand {
public:
    /// `apply(row, labels)` stores and shows a segment's labels.
    RelabelCommand(std::function<void(int, const sampling::SegmentLabels &)> apply, int row, sampling::SegmentLabels before,
                   sampling::SegmentLabels after, const QString &text);

    void undo() override;
    void redo() override;

private:
    std::function<void(int, const sampling::SegmentLabels &)> m_apply;
    int m_row;
    sampling::SegmentLabels m_before;
    sampling::SegmentLabels m_after;
    bool m_firstRedo = true;
};

}  // namespace gauntlet
