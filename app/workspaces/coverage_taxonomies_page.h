// The Taxonomies tab of the Coverage workspace (coverage_workspace.h): the project's taxonomies
// (list `taxonomyList`), import / export JSON, the bundled ones, and the taxonomy editor
// (coverage_taxonomy_editor.h, `taxonomyEditor`) with its Save and unsaved-edits guard.
#pragma once

#include "engine/sampling/taxonomy.h"

#include <QWidget>

class QComboBox;
class QListWidget;

namespace gauntlet {

struct CoverageState;
class TaxonomyEditor;

class CoverageTaxonomiesPage : public QWidget {
    Q_OBJECT
public:
    CoverageTaxonomiesPage(CoverageState &state, QWidget *parent = nullptr);

    /// Refills the list from the store, keeping the current item (or `selected` when none).
    void reload(const QString &selected);
    /// Shows the selected taxonomy (CoverageState::taxonomy) in the editor unless the editor holds
    /// unsaved edits of another one.
    void followSelection();
    TaxonomyEditor *editor() const { return m_editor; }

    // Each returns an error message naming the file, or "".
    QString importTaxonomyFile(const QString &path);
    QString importBundledTaxonomy(const QString &name);
    QString exportTaxonomy(const QString &name, const QString &path);
    /// Stores the editor's taxonomy under its name (replacing it drops its labellings and samples).
    QString saveTaxonomy(const sampling::Taxonomy &taxonomy);
    /// True when the editor has no unsaved edits, or the user saved or discarded them.
    bool confirmDiscardEdits();

Q_SIGNALS:
    void statusChanged(const QString &text, bool error);
    /// The user picked `name` in the list.
    void taxonomyChosen(const QString &name);
    /// The project's taxonomies changed; `name` is the one to select.
    void taxonomiesChanged(const QString &name);
    /// A taxonomy was removed with its labellings and samples.
    void taxonomyRemoved();

private:
    void importDialog();
    void exportDialog();
    void removeSelected();
    void selectInList(const QString &name);

    CoverageState &m_state;
    QListWidget *m_list;
    QComboBox *m_bundled;
    TaxonomyEditor *m_editor;
};

}  // namespace gauntlet
