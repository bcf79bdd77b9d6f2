// The Contribute page's verification rules: a table view over RuleTableModel (kind, text, match
// case, Unicode normalisation per row), at most MaxRulesPerExample; invalid rules are marked red
// with the reason; a removed rule can be brought back in its place (Undo remove, Ctrl+Z in the
// table; removals go on a QUndoStack). Delete in the table removes the current rule.
#pragma once

#include "engine/verify/example_store.h"

#include <QGroupBox>

class QLabel;
class QPushButton;
class QTableView;
class QUndoStack;

namespace gauntlet {

class RuleTableModel;

class RulesEditor : public QGroupBox {
    Q_OBJECT
public:
    explicit RulesEditor(QWidget *parent = nullptr);

    /// Adds a rule row (kind: "llm", "contains", "not_contains", "regex"); emits edited().
    void addRule(const QString &kind, const QString &text, bool caseSensitive = false);
    /// Removes the rule in the current row (undoable); emits edited().
    void removeSelectedRule();
    /// Brings back the last removed rule at its old position; emits edited().
    void undoRemoveRule();
    /// Shows `rules` and forgets removed rules; emits no edited().
    void loadRules(const QVector<verify::StoredRule> &rules);
    void clear() { loadRules({}); }
    /// The rules with text, in row order; the first invalid rule's reason goes to `error`.
    QVector<verify::VerificationRule> collectRules(QString *error) const;
    /// Colours each invalid rule's text cell red, with the reason as its tooltip.
    void markInvalidRules();
    void setEditable(bool editable);

Q_SIGNALS:
    void edited();

private:
    void updateCounter();

    RuleTableModel *m_model;
    QUndoStack *m_undo;
    QTableView *m_rules;
    QLabel *m_ruleCount;
    QPushButton *m_addRuleButton;
    QPushButton *m_removeRuleButton;
    QPushButton *m_undoRuleButton;
};

}  // namespace gauntlet
