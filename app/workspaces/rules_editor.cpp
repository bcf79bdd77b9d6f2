#include "app/workspaces/rules_editor.h"

#include <QBrush>
#include <QCheckBox>
#include <QColor>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QTableWidget>
#include <QVBoxLayout>

namespace gauntlet {

namespace {
enum RuleColumn { KindColumn, TextColumn, CaseColumn, NormalizationColumn, RuleColumnCount };
}  // namespace

RulesEditor::RulesEditor(QWidget *parent) : QGroupBox(tr("Verification rules"), parent)
{
    setObjectName(QStringLiteral("rulesEditor"));
    auto *rulesLayout = new QVBoxLayout(this);
    auto *rulesHelp = new QLabel(tr("One conceptual issue per rule. Natural-language rules go to the LLM verifiers; "
                                    "string rules are checked here (contains, does not contain, regular expression)."),
                                 this);
    rulesHelp->setWordWrap(true);
    rulesLayout->addWidget(rulesHelp);
    m_rules = new QTableWidget(0, RuleColumnCount, this);
    m_rules->setObjectName(QStringLiteral("rulesTable"));
    m_rules->setHorizontalHeaderLabels({tr("Kind"), tr("Rule"), tr("Match case"), tr("Normalisation")});
    m_rules->horizontalHeader()->setSectionResizeMode(TextColumn, QHeaderView::Stretch);
    m_rules->verticalHeader()->setDefaultSectionSize(28);
    m_rules->setMinimumHeight(100);
    m_rules->setMaximumHeight(200);
    rulesLayout->addWidget(m_rules);
    auto *ruleButtons = new QHBoxLayout;
    m_addRuleButton = new QPushButton(tr("Add rule"), this);
    m_addRuleButton->setObjectName(QStringLiteral("addRuleButton"));
    m_removeRuleButton = new QPushButton(tr("Remove rule"), this);
    m_removeRuleButton->setObjectName(QStringLiteral("removeRuleButton"));
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
        m_rules->setCurrentCell(m_rules->rowCount() - 1, TextColumn);
        m_rules->editItem(m_rules->item(m_rules->rowCount() - 1, TextColumn));
    });
    connect(m_removeRuleButton, &QPushButton::clicked, this, &RulesEditor::removeSelectedRule);
    connect(m_undoRuleButton, &QPushButton::clicked, this, &RulesEditor::undoRemoveRule);
    auto *undoShortcut = new QShortcut(QKeySequence::Undo, m_rules, [this] { undoRemoveRule(); });
    undoShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(m_rules, &QTableWidget::itemChanged, this, &RulesEditor::changed);
    updateCounter();
}

void RulesEditor::changed()
{
    updateCounter();
    if (!m_loading)
        Q_EMIT edited();
}

QString RulesEditor::rowValue(int row, int column) const
{
    return static_cast<QComboBox *>(m_rules->cellWidget(row, column))->currentData().toString();
}

void RulesEditor::setRowValue(int row, int column, const QString &value)
{
    auto *box = static_cast<QComboBox *>(m_rules->cellWidget(row, column));
    box->setCurrentIndex(std::max(0, box->findData(value)));
}

bool RulesEditor::rowCaseSensitive(int row) const
{
    return static_cast<QCheckBox *>(m_rules->cellWidget(row, CaseColumn))->isChecked();
}

void RulesEditor::setRowCaseSensitive(int row, bool on)
{
    static_cast<QCheckBox *>(m_rules->cellWidget(row, CaseColumn))->setChecked(on);
}

void RulesEditor::addRule(const QString &kind, const QString &text, bool caseSensitive)
{
    const bool wasLoading = m_loading;
    m_loading = true;
    const int row = m_rules->rowCount();
    m_rules->insertRow(row);
    auto *kindBox = new QComboBox(m_rules);
    kindBox->addItem(tr("Natural language (LLM)"), QStringLiteral("llm"));
    kindBox->addItem(tr("Contains"), QStringLiteral("contains"));
    kindBox->addItem(tr("Does not contain"), QStringLiteral("not_contains"));
    kindBox->addItem(tr("Regular expression"), QStringLiteral("regex"));
    kindBox->setCurrentIndex(std::max(0, kindBox->findData(kind)));
    m_rules->setCellWidget(row, KindColumn, kindBox);
    m_rules->setItem(row, TextColumn, new QTableWidgetItem(text));
    auto *caseBox = new QCheckBox(m_rules);
    caseBox->setChecked(caseSensitive);
    m_rules->setCellWidget(row, CaseColumn, caseBox);
    auto *normBox = new QComboBox(m_rules);
    normBox->addItem(tr("NFC"), QStringLiteral("nfc"));
    normBox->addItem(tr("NFKC"), QStringLiteral("nfkc"));
    normBox->addItem(tr("None"), QStringLiteral("none"));
    m_rules->setCellWidget(row, NormalizationColumn, normBox);
    auto updateStringOptions = [caseBox, normBox, kindBox] {
        const bool stringRule = kindBox->currentData().toString() != QLatin1String("llm");
        caseBox->setEnabled(stringRule);
        normBox->setEnabled(stringRule);
    };
    updateStringOptions();
    connect(kindBox, &QComboBox::currentIndexChanged, this, [this, updateStringOptions] {
        updateStringOptions();
        changed();
    });
    connect(caseBox, &QCheckBox::toggled, this, &RulesEditor::changed);
    connect(normBox, &QComboBox::currentIndexChanged, this, &RulesEditor::changed);
    m_loading = wasLoading;
    changed();
}

QVector<VerificationRule> RulesEditor::collectRules(QString *error) const
{
    QVector<VerificationRule> rules;
    for (int row = 0; row < m_rules->rowCount(); ++row) {
        const QTableWidgetItem *item = m_rules->item(row, TextColumn);
        const QString text = item ? item->text() : QString();
        if (text.trimmed().isEmpty())
            continue;  // a row being typed; it is saved once it has text
        VerificationRule rule;
        rule.kind = parseRuleKind(rowValue(row, KindColumn));
        rule.text = text;
        rule.caseSensitive = rowCaseSensitive(row);
        rule.setOptionsJson(QJsonObject{{QStringLiteral("case_sensitive"), rule.caseSensitive},
                                        {QStringLiteral("normalization"), rowValue(row, NormalizationColumn)}});
        try {
            rule.validate();
        } catch (const std::exception &e) {
            if (error && error->isEmpty())
                *error = tr("Rule %1: %2").arg(row + 1).arg(QString::fromUtf8(e.what()));
        }
        rules.append(rule);
    }
    if (error && error->isEmpty() && rules.size() > MaxRulesPerExample)
        *error = tr("at most %1 rules").arg(MaxRulesPerExample);
    return rules;
}

void RulesEditor::removeSelectedRule()
{
    const int row = m_rules->currentRow();
    if (row < 0)
        return;
    RemovedRule removed;
    removed.row = row;
    removed.kind = rowValue(row, KindColumn);
    removed.text = m_rules->item(row, TextColumn) ? m_rules->item(row, TextColumn)->text() : QString();
    removed.caseSensitive = rowCaseSensitive(row);
    removed.normalization = rowValue(row, NormalizationColumn);
    m_removedRules.append(removed);
    m_rules->removeRow(row);
    m_undoRuleButton->setEnabled(true);
    changed();
}

void RulesEditor::undoRemoveRule()
{
    if (m_removedRules.isEmpty() || m_rules->rowCount() >= MaxRulesPerExample || !m_rules->isEnabled())
        return;
    const RemovedRule removed = m_removedRules.takeLast();
    const bool wasLoading = m_loading;
    m_loading = true;
    addRule(removed.kind, removed.text, removed.caseSensitive);
    setRowValue(m_rules->rowCount() - 1, NormalizationColumn, removed.normalization);
    // Move the restored row back up to where it was, one swap at a time (by value: cell widgets
    // cannot move between rows).
    for (int i = m_rules->rowCount() - 1; i > removed.row && i > 0; --i) {
        for (int column : {int(KindColumn), int(NormalizationColumn)}) {
            const QString above = rowValue(i - 1, column);
            setRowValue(i - 1, column, rowValue(i, column));
            setRowValue(i, column, above);
        }
        const bool c = rowCaseSensitive(i - 1);
        setRowCaseSensitive(i - 1, rowCaseSensitive(i));
        setRowCaseSensitive(i, c);
        const QString t = m_rules->item(i - 1, TextColumn)->text();
        m_rules->item(i - 1, TextColumn)->setText(m_rules->item(i, TextColumn)->text());
        m_rules->item(i, TextColumn)->setText(t);
    }
    m_loading = wasLoading;
    m_undoRuleButton->setEnabled(!m_removedRules.isEmpty());
    changed();
}

void RulesEditor::markInvalidRules()
{
    const bool wasLoading = m_loading;
    m_loading = true;  // colouring an item emits itemChanged
    for (int row = 0; row < m_rules->rowCount(); ++row) {
        QTableWidgetItem *item = m_rules->item(row, TextColumn);
        if (!item)
            continue;
        QString problem;
        if (!item->text().trimmed().isEmpty()) {
            VerificationRule rule;
            rule.kind = parseRuleKind(rowValue(row, KindColumn));
            rule.text = item->text();
            rule.caseSensitive = rowCaseSensitive(row);
            try {
                rule.validate();
            } catch (const std::exception &e) {
                problem = QString::fromUtf8(e.what());
            }
        }
        item->setBackground(problem.isEmpty() ? QBrush() : QBrush(QColor(0xff, 0xcd, 0xd2)));
        item->setToolTip(problem.isEmpty() ? item->text() : problem);
    }
    m_loading = wasLoading;
}

void RulesEditor::loadRules(const QVector<StoredRule> &rules)
{
    const bool wasLoading = m_loading;
    m_loading = true;
    m_rules->setRowCount(0);
    for (const StoredRule &r : rules) {
        addRule(ruleKindName(r.rule.kind), r.rule.text, r.rule.caseSensitive);
        setRowValue(m_rules->rowCount() - 1, NormalizationColumn,
                    r.rule.optionsJson().value(QLatin1String("normalization")).toString(QStringLiteral("nfc")));
    }
    m_removedRules.clear();
    m_undoRuleButton->setEnabled(false);
    m_loading = wasLoading;
    updateCounter();
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
    m_ruleCount->setText(tr("%1 / %2 rules").arg(m_rules->rowCount()).arg(MaxRulesPerExample));
    m_ruleCount->setStyleSheet(m_rules->rowCount() > MaxRulesPerExample ? QStringLiteral("color: #c62828; font-weight: bold") : QString());
    m_addRuleButton->setEnabled(m_rules->rowCount() < MaxRulesPerExample && m_rules->isEnabled());
}

}  // namespace gauntlet
