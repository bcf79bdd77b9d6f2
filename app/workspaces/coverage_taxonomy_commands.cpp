#include "app/workspaces/coverage_taxonomy_commands.h"

#include "app/workspaces/coverage_taxonomy_editor.h"

namespace gauntlet {

TaxonomyEditCommand::TaxonomyEditCommand(TaxonomyEditor *editor, sampling::Taxonomy before, sampling::Taxonomy after, const QString &text,
                                         const QString &selectPath, int mergeKey)
    : QUndoCommand(text), m_editor(editor), m_before(std::move(before)), m_after(std::move(after)), m_selectPath(selectPath),
      m_mergeKey(mergeKey)
{
}

void TaxonomyEditCommand::undo()
{
    m_editor->applyTaxonomy(m_before, m_selectPath);
}

void TaxonomyEditCommand::redo()
{
    m_editor->applyTaxonomy(m_after, m_selectPath);
}

bool TaxonomyEditCommand::mergeWith(const QUndoCommand *other)
{
    const auto *o = static_cast<const TaxonomyEditCommand *>(other);
    if (o->m_selectPath != m_selectPath)
        return false;
    m_after = o->m_after;
    return true;
}

}  // namespace gauntlet
