#include "app/workspaces/coverage_relabel_command.h"

namespace gauntlet {

RelabelCommand::RelabelCommand(std::function<void(int, const sampling::SegmentLabels &)> apply, int row, sampling::SegmentLabels before,
                               sampling::SegmentLabels after, const QString &text)
    : QUndoCommand(text), m_apply(std::move(apply)), m_row(row), m_before(std::move(before)), m_after(std::move(after))
{
}

void RelabelCommand::undo()
{
    m_apply(m_row, m_before);
}

void RelabelCommand::redo()
{
    if (m_firstRedo) {  // already stored by the relabelling
        m_firstRedo = false;
        return;
    }
    m_apply(m_row, m_after);
}

}  // namespace gauntlet
