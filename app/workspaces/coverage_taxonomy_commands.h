// Undo for the taxonomy editor (coverage_taxonomy_editor.h): every edit (add, remove or change a
// category or a matcher) is one QUndoCommand holding the taxonomy before and after, so undo and
// redo restore exactly what was there, and consecutive edits of one text field merge.
#pragma once

#include "engine/sampling/taxonomy.h"

#include <QUndoCommand>

namespace gauntlet {

class TaxonomyEditor;

class TaxonomyEditCommand : public QUndoCommand {
public:
    /// `mergeKey` > 0 lets consecutive commands with the same key on the same category merge.
    TaxonomyEditCommand(TaxonomyEditor *editor, sampling::Taxonomy before, sampling::Taxonomy after, const QString &text,
                        const QString &selectPath, int mergeKey = -1);

    void undo() override;
    void redo() override;
    int id() const override { return m_mergeKey; }
    bool mergeWith(const QUndoCommand *other) override;

private:
    TaxonomyEditor *m_editor;
    sampling::Taxonomy m_before;
    sampling::Taxonomy m_after;
    QString m_selectPath;
    int m_mergeKey;
};

}  // namespace gauntlet
