// The taxonomy editor of the Coverage workspace: the categories as a tree (paths split at '/'),
// and for the selected category its kind (deterministic / semantic), description, the "all
// matchers must match" switch and its matchers (field, pattern, flags) with a live count of the
// segments of the current corpus each matcher and the whole category accept, plus a few of those
// segments. Every edit goes through a QUndoStack (coverage_taxonomy_commands.h); Save hands the
// edited taxonomy to whoever stores it.
#pragma once

#include "engine/sampling/corpus.h"
#include "engine/sampling/taxonomy.h"

#include <QWidget>

#include <functional>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTableWidget;
class QTreeWidget;
class QUndoStack;

namespace gauntlet {

class TaxonomyEditor : public QWidget {
    Q_OBJECT
public:
    explicit TaxonomyEditor(QWidget *parent = nullptr);

    /// Starts editing `taxonomy` (clears the undo history).
    void setTaxonomy(const sampling::Taxonomy &taxonomy);
    const sampling::Taxonomy &taxonomy() const { return m_taxonomy; }
    /// The corpus the live counts read (null: none). Not owned; must outlive its use here.
    void setCorpus(const sampling::Corpus *corpus);
    QUndoStack *undoStack() const { return m_undo; }
    QTreeWidget *tree() const { return m_tree; }
    QTableWidget *matcherTable() const { return m_matchers; }
    QListWidget *exampleSegments() const { return m_examples; }
    QLabel *countLabel() const { return m_count; }

    void selectCategory(const QString &path);
    QString selectedPath() const { return m_selected; }

    // Edits (each one undoable). They return an error message, or "" when applied.
    QString addCategory(const QString &path, sampling::CategoryKind kind);
    QString removeCategory(const QString &path);
    QString setKind(const QString &path, sampling::CategoryKind kind);
    QString setDescription(const QString &path, const QString &description);
    QString setRequireAll(const QString &path, bool all);
    QString addMatcher(const QString &path, const sampling::CategoryMatcher &matcher);
    QString setMatcher(const QString &path, int row, const sampling::CategoryMatcher &matcher);
    QString removeMatcher(const QString &path, int row);

    /// Segments of the corpus the category `path` accepts (-1 with an invalid matcher or no corpus).
    int matchCount(const QString &path) const;
    /// Segments the matcher alone accepts (-1 when invalid or no corpus).
    int matcherCount(const QString &path, int row) const;

    /// Used by the undo commands: shows `taxonomy` and selects `path` (when it still exists).
    void applyTaxonomy(const sampling::Taxonomy &taxonomy, const QString &path);

Q_SIGNALS:
    /// Save was pressed (or Ctrl+S) with a valid taxonomy.
    void saveRequested(const sampling::Taxonomy &taxonomy);
    void changed();

private:
    // The constructor's steps: the tree, form and matcher table set up; the category buttons with
    // undo and redo (their row comes back); the two panes; the signals.
    void setUpViews();
    QHBoxLayout *treeButtonRow();
    void layOut(QHBoxLayout *treeButtons);
    void connectSignals();
    QString push(sampling::Taxonomy after, const QString &text, const QString &select, int mergeKey = -1);
    /// Applies `change` to a copy of category `path` and pushes the result as `text` (selecting
    /// `path`); nothing when there is no such category or `change` says it changed nothing.
    QString changeCategory(const QString &path, const QString &text, const std::function<bool(sampling::TaxonomyCategory &)> &change);
    void rebuildTree();
    void showCategory();
    void updateCounts();
    /// The Matches column of the tree: segments of the corpus each deterministic category accepts.
    void updateTreeCounts();
    void addCategoryDialog();
    void addMatcherClicked();
    void matcherEdited(int row, int column);
    void applyMatcherCell(int row, int column);
    /// Matching segment indices of a one-category taxonomy (empty + *error on an invalid matcher).
    QVector<int> matches(const sampling::TaxonomyCategory &category, QString *error, int limit = -1) const;

    sampling::Taxonomy m_taxonomy;
    const sampling::Corpus *m_corpus = nullptr;
    QString m_selected;
    bool m_filling = false;
    QUndoStack *m_undo;
    QTreeWidget *m_tree;
    QLabel *m_pathLabel;
    QComboBox *m_kind;
    QLineEdit *m_description;
    QCheckBox *m_requireAll;
    QTableWidget *m_matchers;
    QPushButton *m_addMatcher, *m_removeMatcher, *m_addCategory, *m_removeCategory, *m_save;
    QLabel *m_count;
    QListWidget *m_examples;
};

}  // namespace gauntlet
