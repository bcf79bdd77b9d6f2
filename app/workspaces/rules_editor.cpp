#include "app/workspaces/rules_editor.h"

#include "app/workspaces/rule_option_delegate.h"
#include "models/rule_table_model.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QTableView>
#include <QUndoCommand>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>

namespace gauntlet {

namespace {
/// Removing one rule; undo puts it back at its row (or at the end, if the table got shorter).
class RemoveRuleCommand : public QUndoCommand {
public:
    RemoveRuleCommand(RuleTableModel *model, int row) : m_model(model), m_row(row), m_rule(model->row(row)) {}
    void redo() override { m_model->removeRule(m_row); }
    void undo() override { m_model->insertRule(m_row, m_rule); }

private:
    RuleTableModel *m_model;
    int m_row;
    RuleTableModel::Row m_rule;
};
}  // namespace

RulesEditor::RulesEditor(QWidget *parent)
    : QGroupBox(tr("Verification rules"), parent), m_model(new RuleTableModel(this)), m_undo(new QUndoStack(this))
{
    setObjectName(QStringLiteral("rulesEditor"));
    auto *rulesLayout = new QVBoxLayout(this);
    auto *rulesHelp = new QLabel(tr("One conceptual issue per rule. Natural-language rules go to the LLM verifiers; "
                                    "string rules are checked here (contains, does not contain, regular expression)."),
                                 this);
    rulesHelp->setWordWrap(true);
    rulesLayout->addWidget(rulesHelp);
    m_rules = new QTableView(this);
    m_rules->setObjectName(QStringLiteral("rulesTable"));
    m_rules->setModel(m_model);
    m_rules->setItemDelegateForColumn(RuleTableModel::KindColumn, new RuleOptionDelegate(RuleTableModel::kindOptions(), m_rules));
    m_rules->setItemDelegateForColumn(RuleTableModel::NormalizationColumn,
                                      new RuleOptionDelegate(RuleTableModel::normalizationOptions(), m_rules));
    m_rules->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::SelectedClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::AnyKeyPressed);
    // wide enough for the longest kind, so the kind's combo box shows it whole
    int kindWidth = 0;
    for (const auto &option : RuleTableModel::kindOptions())
        kindWidth = std::max(kindWidth, m_rules->fontMetrics().horizontalAdvance(option.second));
    m_rules->horizontalHeader()->resizeSection(RuleTableModel::KindColumn, kindWidth + 48);
    m_rules->horizontalHeader()->setSectionResizeMode(RuleTableModel::TextColumn, QHeaderView::Stretch);
    m_rules->verticalHeader()->setDefaultSectionSize(28);
    m_rules->setMinimumHeight(100);
    m_rules->setMaximumHeight(200);
    rulesLayout->addWidget(m_rules);
    auto *ruleButtons = new QHBoxLayout;
    m_addRuleButton = new QPushButton(tr("Add rule"), this);
    m_addRuleButton->setObjectName(QStringLiteral("addRuleButton"));
    m_removeRuleButton = new QPushButton(tr("Remove rule"), this);
    m_removeRuleButton->setObjectName(QStringLiteral("removeRuleButton"));
    m_removeRuleButton->setToolTip(tr("Remove the selected rule (Delete in the rules table)"));
    m_undoRuleButton = new QPushButton(tr("Undo remove"), this);
    m_undoRuleButton->setObjectName(QStringLiteral("undoRemoveRuleButton"));
    m_undoRuleButton->setToolTip(tr("Bring back the last removed rule (Ctrl+Z in the rules table)"));
    m_undoRuleButton->setEnabled(false);
    m_ruleCount = new QLabel(this);
    ruleButtons->addWidget(m_addRuleButton);
    ruleButtons->addWidget(m_removeRuleButton);
    ruleButtons->addWidget(m_undoRuleButton);
    ruleButtons->addStretch(1);
    ruleButtons->addWidget(m_ruleCount);
    rulesLayout->addLayout(ruleButtons);
    connect(m_addRuleButton, &QPushButton::clicked, this, [this] {
        addRule(QStringLiteral("llm"), QString());
        const QModelIndex text = m_model->index(m_model->rowCount() - 1, RuleTableModel::TextColumn);
        m_rules->setCurrentIndex(text);
        m_rules->edit(text);
    });
    connect(m_removeRuleButton, &QPushButton::clicked, this, &RulesEditor::removeSelectedRule);
    connect(m_undoRuleButton, &QPushButton::clicked, this, &RulesEditor::undoRemoveRule);
    connect(m_undo, &QUndoStack::canUndoChanged, m_undoRuleButton, &QPushButton::setEnabled);
    auto *undoShortcut = new QShortcut(QKeySequence::Undo, m_rules, [this] { undoRemoveRule(); });
    undoShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    // Only while the table itself has focus: in a cell editor Delete deletes text.
    auto *removeShortcut = new QShortcut(QKeySequence::Delete, m_rules, [this] {
        if (m_rules->isEnabled())
            removeSelectedRule();
    });
    removeShortcut->setContext(Qt::WidgetShortcut);
    connect(m_model, &RuleTableModel::edited, this, [this] {
        updateCounter();
        Q_EMIT edited();
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, &RulesEditor::updateCounter);
    updateCounter();
}

void RulesEditor::addRule(const QString &kind, const QString &text, bool caseSensitive)
{
    RuleTableModel::Row row;
    row.kind = kind;
    row.text = text;
    row.caseSensitive = caseSensitive;
    m_model->insertRule(m_model->rowCount(), row);
}

QVector<verify::VerificationRule> RulesEditor::collectRules(QString *error) const
{
    return m_model->collectRules(error);
}

void RulesEditor::removeSelectedRule()
{
    const int row = m_rules->currentIndex().row();
    if (row < 0 || row >= m_model->rowCount())
        return;
    m_undo->push(new RemoveRuleCommand(m_model, row));
}

void RulesEditor::undoRemoveRule()
{
    if (!m_undo->canUndo() || m_model->rowCount() >= verify::MaxRulesPerExample || !m_rules->isEnabled())
        return;
    m_undo->undo();
}

void RulesEditor::markInvalidRules()
{
    m_model->markInvalidRules();
}

void RulesEditor::loadRules(const QVector<verify::StoredRule> &rules)
{
    QVector<RuleTableModel::Row> rows;
    for (const verify::StoredRule &r : rules) {
        RuleTableModel::Row row;
        row.kind = verify::ruleKindName(r.rule.kind);
        row.text = r.rule.text;
        row.caseSensitive = r.rule.caseSensitive;
        row.normalization = r.rule.optionsJson().value(QLatin1String("normalization")).toString(QStringLiteral("nfc"));
        rows.append(row);
    }
    m_model->setRules(rows);
    m_undo->clear();
}

void RulesEditor::setEditable(bool editable)
{
    m_rules->setEnabled(editable);
    m_removeRuleButton->setEnabled(editable);
    m_addRuleButton->setEnabled(editable);
    updateCounter();
}

void RulesEditor::updateCounter()
{
    const int count = m_model->rowCount();
    m_ruleCount->setText(tr("%1 / %2 rules").arg(count).arg(verify::MaxRulesPerExample));
    m_ruleCount->setStyleSheet(count > verify::MaxRulesPerExample ? QStringLiteral("color: #c62828; font-weight: bold") : QString());
    m_addRuleButton->setEnabled(count < verify::MaxRulesPerExample && m_rules->isEnabled());
}

}  // namespace gauntlet
