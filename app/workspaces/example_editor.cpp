#include "app/workspaces/example_editor.h"

#include "app/workspaces/systems_dialog.h"
#include "engine/verify/ltb_taxonomy.h"
#include "engine/store/project.h"
#include "engine/translate/translation_runner.h"
#include "engine/verify/verification_runner.h"
#include "models/example_list_model.h"
#include "app/workspaces/verdict_detail_pane.h"
#include "models/verdict_matrix_model.h"

#include <QBrush>
#include <QCheckBox>
#include <QColor>
#include <QCompleter>
#include <QStandardItemModel>
#include <QDialog>
#include <QDialogButtonBox>
#include <QListWidget>
#include <QComboBox>
#include <QDateTime>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace gauntlet {

namespace {

enum RuleColumn { KindColumn, TextColumn, CaseColumn, NormalizationColumn, RuleColumnCount };

constexpr int AutosaveDelayMs = 800;

QStringList splitTags(const QString &text)
{
    QStringList tags;
    for (const QString &t : text.split(u',', Qt::SkipEmptyParts))
        if (!t.trimmed().isEmpty())
            tags << t.trimmed();
    return tags;
}

}  // namespace

ExampleEditor::ExampleEditor(QWidget *parent)
    : QWidget(parent), m_listModel(new ExampleListModel(this)), m_matrixModel(new VerdictMatrixModel(this)),
      m_autosave(new QTimer(this))
{
    m_autosave->setSingleShot(true);
    m_autosave->setInterval(AutosaveDelayMs);
    connect(m_autosave, &QTimer::timeout, this, [this] { saveNow(); });
    m_profile = qEnvironmentVariable("USER", QStringLiteral("anonymous"));
    buildUi();
    newExample();
}

ExampleEditor::~ExampleEditor()
{
    if (m_translationRunner)
        m_translationRunner->disconnect(this);
    if (m_verificationRunner)
        m_verificationRunner->disconnect(this);
}

void ExampleEditor::buildUi()
{
    // Left: the contributor's examples.
    m_list = new QTableView(this);
    m_list->setModel(m_listModel);
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->verticalHeader()->hide();
    m_list->horizontalHeader()->setStretchLastSection(true);
    m_list->setColumnHidden(ExampleListModel::UpdatedColumn, true);
    m_list->setColumnHidden(ExampleListModel::AuthorColumn, true);
    m_list->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_list->horizontalHeader()->setSectionResizeMode(ExampleListModel::SourceColumn, QHeaderView::Stretch);
    m_list->setWordWrap(false);
    m_newButton = new QPushButton(tr("&New example"), this);
    m_newButton->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    m_newButton->setToolTip(tr("Start a new challenge example (Ctrl+Shift+N)"));
    m_deleteButton = new QPushButton(tr("Delete"), this);
    m_seedButton = new QPushButton(tr("From a seed..."), this);
    m_seedButton->setToolTip(tr("Start a new example from one of the project's seed texts"));
    connect(m_seedButton, &QPushButton::clicked, this, &ExampleEditor::chooseSeed);
    connect(m_newButton, &QPushButton::clicked, this, [this] {
        if (confirmDiscard())
            newExample();
    });
    connect(m_deleteButton, &QPushButton::clicked, this, &ExampleEditor::removeCurrentExample);
    connect(m_list, &QTableView::activated, this, [this](const QModelIndex &index) { openExample(m_listModel->idAt(index.row())); });
    connect(m_list, &QTableView::clicked, this, [this](const QModelIndex &index) { openExample(m_listModel->idAt(index.row())); });
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(new QLabel(tr("My examples"), left));
    leftLayout->addWidget(m_list, 1);
    auto *listButtons = new QHBoxLayout;
    listButtons->addWidget(m_newButton);
    listButtons->addWidget(m_seedButton);
    listButtons->addWidget(m_deleteButton);
    leftLayout->addLayout(listButtons);

    // Right: the editor.
    auto *form = new QWidget(this);
    auto *formLayout = new QVBoxLayout(form);

    auto *example = new QGroupBox(tr("Example"), form);
    auto *fields = new QFormLayout(example);
    m_sourceLang = new QLineEdit(example);
    m_sourceLang->setPlaceholderText(tr("e.g. English, Serbian (Cyrillic), Neapolitan"));
    m_sourceIso = new QLineEdit(example);
    m_sourceIso->setPlaceholderText(tr("ISO code (optional)"));
    m_sourceIso->setMaximumWidth(140);
    m_targetLang = new QLineEdit(example);
    m_targetLang->setPlaceholderText(tr("e.g. Spanish"));
    m_targetIso = new QLineEdit(example);
    m_targetIso->setPlaceholderText(tr("ISO code (optional)"));
    m_targetIso->setMaximumWidth(140);
    auto *languages = new QHBoxLayout;
    languages->addWidget(m_sourceLang, 2);
    languages->addWidget(m_sourceIso, 1);
    languages->addWidget(new QLabel(QStringLiteral("→"), example));
    languages->addWidget(m_targetLang, 2);
    languages->addWidget(m_targetIso, 1);
    fields->addRow(tr("Languages:"), languages);
    m_source = new QPlainTextEdit(example);
    m_source->setPlaceholderText(tr("An input that most MT systems get wrong (at most 5000 characters)"));
    m_source->setMinimumHeight(60);
    m_source->setMaximumHeight(110);
    m_sourceCount = new QLabel(example);
    auto *sourceBox = new QVBoxLayout;
    sourceBox->addWidget(m_source);
    sourceBox->addWidget(m_sourceCount, 0, Qt::AlignRight);
    fields->addRow(tr("Source text:"), sourceBox);
    m_instructions = new QLineEdit(example);
    m_instructions->setPlaceholderText(tr("Optional translation instructions"));
    fields->addRow(tr("Instructions:"), m_instructions);
    m_context = new QLineEdit(example);
    m_context->setPlaceholderText(tr("Optional context (what the text accompanies)"));
    fields->addRow(tr("Context:"), m_context);
    m_attribution = new QLineEdit(example);
    m_attribution->setPlaceholderText(tr("Where reused material comes from, e.g. a URL"));
    fields->addRow(tr("Attribution:"), m_attribution);
    m_reference = new QPlainTextEdit(example);
    m_reference->setPlaceholderText(tr("Your correct translation: it must pass every rule"));
    m_reference->setMinimumHeight(50);
    m_reference->setMaximumHeight(90);
    fields->addRow(tr("Reference:"), m_reference);
    m_linguistics = new QLineEdit(example);
    m_linguistics->setPlaceholderText(tr("LTB taxonomy tags, comma-separated (e.g. polysemy, wordplay)"));
    {
        // Suggest LTB's taxonomy tags for the tag being typed (the text after the last comma).
        auto *tags = new QStandardItemModel(this);
        for (const LtbTaxonomyTag &t : bundledLtbTaxonomy()) {
            auto *item = new QStandardItem(t.tag);
            item->setToolTip(t.path);
            tags->appendRow(item);
        }
        auto *completer = new QCompleter(tags, this);
        completer->setObjectName(QStringLiteral("linguisticsCompleter"));
        completer->setCaseSensitivity(Qt::CaseInsensitive);
        completer->setFilterMode(Qt::MatchContains);
        completer->setWidget(m_linguistics);
        connect(m_linguistics, &QLineEdit::textEdited, completer, [completer](const QString &text) {
            const QString last = text.section(u',', -1).trimmed();
            if (last.isEmpty())
                return;
            completer->setCompletionPrefix(last);
            completer->complete();
        });
        connect(completer, qOverload<const QString &>(&QCompleter::activated), this, [this](const QString &tag) {
            const QString text = m_linguistics->text();
            const int comma = text.lastIndexOf(u',');
            m_linguistics->setText((comma < 0 ? QString() : text.left(comma + 1) + u' ') + tag);
            markDirty();
        });
    }
    fields->addRow(tr("Linguistic tags:"), m_linguistics);
    m_tags = new QLineEdit(example);
    m_tags->setPlaceholderText(tr("Free tags, comma-separated"));
    fields->addRow(tr("Tags:"), m_tags);
    formLayout->addWidget(example);

    auto *rulesBox = new QGroupBox(tr("Verification rules"), form);
    auto *rulesLayout = new QVBoxLayout(rulesBox);
    auto *rulesHelp = new QLabel(tr("One conceptual issue per rule. Natural-language rules go to the LLM verifiers; "
                                    "string rules are checked here (contains, does not contain, regular expression)."),
                                 rulesBox);
    rulesHelp->setWordWrap(true);
    rulesLayout->addWidget(rulesHelp);
    m_rules = new QTableWidget(0, RuleColumnCount, rulesBox);
    m_rules->setHorizontalHeaderLabels({tr("Kind"), tr("Rule"), tr("Match case"), tr("Normalisation")});
    m_rules->horizontalHeader()->setSectionResizeMode(TextColumn, QHeaderView::Stretch);
    m_rules->verticalHeader()->setDefaultSectionSize(28);
    m_rules->setMinimumHeight(100);
    m_rules->setMaximumHeight(200);
    rulesLayout->addWidget(m_rules);
    auto *ruleButtons = new QHBoxLayout;
    m_addRuleButton = new QPushButton(tr("Add rule"), rulesBox);
    m_removeRuleButton = new QPushButton(tr("Remove rule"), rulesBox);
    m_ruleCount = new QLabel(rulesBox);
    ruleButtons->addWidget(m_addRuleButton);
    ruleButtons->addWidget(m_removeRuleButton);
    ruleButtons->addStretch(1);
    ruleButtons->addWidget(m_ruleCount);
    rulesLayout->addLayout(ruleButtons);
    connect(m_addRuleButton, &QPushButton::clicked, this, [this] {
        addRule(QStringLiteral("llm"), QString());
        m_rules->setCurrentCell(m_rules->rowCount() - 1, TextColumn);
        m_rules->editItem(m_rules->item(m_rules->rowCount() - 1, TextColumn));
    });
    connect(m_removeRuleButton, &QPushButton::clicked, this, &ExampleEditor::removeSelectedRule);
    m_undoRuleButton = new QPushButton(tr("Undo remove"), rulesBox);
    m_undoRuleButton->setToolTip(tr("Bring back the last removed rule (Ctrl+Z in the rules table)"));
    m_undoRuleButton->setEnabled(false);
    ruleButtons->insertWidget(2, m_undoRuleButton);
    connect(m_undoRuleButton, &QPushButton::clicked, this, &ExampleEditor::undoRemoveRule);
    auto *undoShortcut = new QShortcut(QKeySequence::Undo, m_rules, [this] { undoRemoveRule(); });
    undoShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    connect(m_rules, &QTableWidget::itemChanged, this, [this] { markDirty(); });
    formLayout->addWidget(rulesBox);

    auto *outputsBox = new QGroupBox(tr("MT outputs and verdicts"), this);
    auto *outputsLayout = new QVBoxLayout(outputsBox);
    auto *actions = new QHBoxLayout;
    m_translateButton = new QPushButton(tr("&Translate"), outputsBox);
    m_translateButton->setToolTip(tr("Run the project's MT systems on the source text (Ctrl+T)"));
    m_manualButton = new QPushButton(tr("Paste output..."), outputsBox);
    m_manualButton->setToolTip(tr("Add the output of a system you ran elsewhere"));
    m_removeOutputButton = new QPushButton(tr("Remove output"), outputsBox);
    m_verifyButton = new QPushButton(tr("&Verify"), outputsBox);
    m_verifyButton->setToolTip(tr("Check the reference and every output against the rules (Ctrl+Shift+V)"));
    m_cancelButton = new QPushButton(tr("Cancel"), outputsBox);
    m_cancelButton->setEnabled(false);
    m_systemsButton = new QPushButton(tr("MT systems && verifiers..."), outputsBox);
    m_progress = new QProgressBar(outputsBox);
    m_progress->setVisible(false);
    actions->addWidget(m_translateButton);
    actions->addWidget(m_manualButton);
    actions->addWidget(m_removeOutputButton);
    actions->addWidget(m_verifyButton);
    actions->addWidget(m_cancelButton);
    actions->addWidget(m_progress, 1);
    actions->addStretch(0);
    actions->addWidget(m_systemsButton);
    outputsLayout->addLayout(actions);
    m_matrixView = new QTableView(outputsBox);
    m_matrixView->setModel(m_matrixModel);
    m_matrixView->verticalHeader()->hide();
    m_matrixView->setObjectName(QStringLiteral("verdictMatrixView"));
    m_matrixView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_matrixView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_matrixView->horizontalHeader()->setSectionResizeMode(VerdictMatrixModel::TranslationColumn, QHeaderView::Stretch);
    m_matrixView->setMinimumHeight(120);
    m_matrixView->verticalHeader()->setDefaultSectionSize(m_matrixView->fontMetrics().height() + 8);
    m_matrixView->setWordWrap(false);
    outputsLayout->addWidget(m_matrixView);
    m_verdictDetail = new VerdictDetailPane(m_matrixView, m_matrixModel, outputsBox);
    m_verdictDetail->setMinimumHeight(260);
    outputsLayout->addWidget(m_verdictDetail);
    connect(m_verdictDetail, &VerdictDetailPane::verdictsChanged, this, [this] {
        refreshAssessment();
        Q_EMIT examplesChanged();
    });
    connect(m_translateButton, &QPushButton::clicked, this, &ExampleEditor::translate);
    connect(m_verifyButton, &QPushButton::clicked, this, &ExampleEditor::verify);
    connect(m_cancelButton, &QPushButton::clicked, this, &ExampleEditor::cancel);
    connect(m_manualButton, &QPushButton::clicked, this, &ExampleEditor::addManualOutput);
    connect(m_removeOutputButton, &QPushButton::clicked, this, &ExampleEditor::removeOutput);
    connect(m_systemsButton, &QPushButton::clicked, this, &ExampleEditor::editSystems);

    auto *gateBox = new QGroupBox(tr("Acceptance gate"), this);
    auto *gateLayout = new QHBoxLayout(gateBox);
    m_gateLabel = new QLabel(gateBox);
    m_gateLabel->setWordWrap(true);
    m_gateLabel->setTextFormat(Qt::RichText);
    m_submitButton = new QPushButton(tr("&Submit for review"), gateBox);
    m_submitButton->setToolTip(tr("Enabled when the gate holds: the reference passes every rule and at most 2 MT outputs pass all rules"));
    gateLayout->addWidget(m_gateLabel, 1);
    gateLayout->addWidget(m_submitButton, 0, Qt::AlignTop);
    connect(m_submitButton, &QPushButton::clicked, this, [this] {
        const QString error = submit();
        if (!error.isEmpty())
            QMessageBox::warning(this, tr("Cannot submit"), error);
    });
    formLayout->addStretch(1);

    auto *scroll = new QScrollArea(this);
    scroll->setWidget(form);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    // The outputs, verdicts and gate stay in view below the scrolled form.
    auto *results = new QWidget(this);
    auto *resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->addWidget(outputsBox, 1);
    resultsLayout->addWidget(gateBox);
    auto *vertical = new QSplitter(Qt::Vertical, this);
    vertical->addWidget(scroll);
    vertical->addWidget(results);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);
    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(vertical, 1);
    rightLayout->addWidget(m_status);

    auto *splitter = new QSplitter(this);
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({260, 800});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(splitter);

    m_editors = {m_sourceLang, m_sourceIso, m_targetLang, m_targetIso, m_source, m_instructions, m_context, m_attribution,
                 m_reference, m_linguistics, m_tags, m_rules, m_addRuleButton, m_removeRuleButton, m_translateButton,
                 m_manualButton, m_removeOutputButton};
    for (QLineEdit *edit : {m_sourceLang, m_sourceIso, m_targetLang, m_targetIso, m_instructions, m_context, m_attribution,
                            m_linguistics, m_tags})
        connect(edit, &QLineEdit::textEdited, this, &ExampleEditor::markDirty);
    for (QPlainTextEdit *edit : {m_source, m_reference})
        connect(edit, &QPlainTextEdit::textChanged, this, &ExampleEditor::markDirty);

    auto *save = new QShortcut(QKeySequence::Save, this, [this] { saveNow(); });
    save->setContext(Qt::WidgetWithChildrenShortcut);
    auto *translateShortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_T), this, [this] {
        if (m_translateButton->isEnabled())
            translate();
    });
    translateShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    auto *verifyShortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V), this, [this] {
        if (m_verifyButton->isEnabled())
            verify();
    });
    verifyShortcut->setContext(Qt::WidgetWithChildrenShortcut);
    auto *cancelShortcut = new QShortcut(QKeySequence(Qt::Key_Escape), this, [this] { cancel(); });
    cancelShortcut->setContext(Qt::WidgetWithChildrenShortcut);
}

void ExampleEditor::setProfileName(const QString &name)
{
    m_profile = name;
    m_verdictDetail->setProfileName(name);
}

void ExampleEditor::setProject(Project *project)
{
    cancel();
    m_project = project;
    m_verdictDetail->setProject(project);
    m_listModel->setProject(project);
    m_listModel->setStatusFilter({});
    newExample();
}

void ExampleEditor::reloadList()
{
    m_listModel->reload();
    const int row = m_listModel->rowOf(m_id);
    if (row >= 0)
        m_list->selectRow(row);
    if (m_id && m_project) {
        ExampleStore store(m_project->database());
        if (const auto e = store.example(m_id); e && e->status != m_exampleStatus) {
            m_exampleStatus = e->status;
            setEditable(m_exampleStatus == ExampleStatus::Draft || m_exampleStatus == ExampleStatus::Returned);
            refreshAssessment();
        }
    }
}

void ExampleEditor::addRule(const QString &kind, const QString &text, bool caseSensitive)
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
        markDirty();
    });
    connect(caseBox, &QCheckBox::toggled, this, &ExampleEditor::markDirty);
    connect(normBox, &QComboBox::currentIndexChanged, this, &ExampleEditor::markDirty);
    m_loading = wasLoading;
    if (!m_loading)
        markDirty();
    updateCounters();
}

QVector<VerificationRule> ExampleEditor::collectRules(QString *error) const
{
    QVector<VerificationRule> rules;
    for (int row = 0; row < m_rules->rowCount(); ++row) {
        const QTableWidgetItem *item = m_rules->item(row, TextColumn);
        const QString text = item ? item->text() : QString();
        if (text.trimmed().isEmpty())
            continue;  // a row being typed; it is saved once it has text
        VerificationRule rule;
        rule.kind = parseRuleKind(static_cast<QComboBox *>(m_rules->cellWidget(row, KindColumn))->currentData().toString());
        rule.text = text;
        rule.caseSensitive = static_cast<QCheckBox *>(m_rules->cellWidget(row, CaseColumn))->isChecked();
        rule.setOptionsJson(QJsonObject{{QStringLiteral("case_sensitive"), rule.caseSensitive},
                                        {QStringLiteral("normalization"),
                                         static_cast<QComboBox *>(m_rules->cellWidget(row, NormalizationColumn))->currentData().toString()}});
        try {
            rule.validate();
        } catch (const std::exception &e) {
            if (error && error->isEmpty())
                *error = tr("Rule %1: %2").arg(row + 1).arg(QString::fromUtf8(e.what()));
        }
        rules.append(rule);
    }
    return rules;
}

void ExampleEditor::removeSelectedRule()
{
    const int row = m_rules->currentRow();
    if (row < 0)
        return;
    RemovedRule removed;
    removed.row = row;
    removed.kind = static_cast<QComboBox *>(m_rules->cellWidget(row, KindColumn))->currentData().toString();
    removed.text = m_rules->item(row, TextColumn) ? m_rules->item(row, TextColumn)->text() : QString();
    removed.caseSensitive = static_cast<QCheckBox *>(m_rules->cellWidget(row, CaseColumn))->isChecked();
    removed.normalization = static_cast<QComboBox *>(m_rules->cellWidget(row, NormalizationColumn))->currentData().toString();
    m_removedRules.append(removed);
    m_rules->removeRow(row);
    m_undoRuleButton->setEnabled(true);
    markDirty();
}

void ExampleEditor::undoRemoveRule()
{
    if (m_removedRules.isEmpty() || m_rules->rowCount() >= MaxRulesPerExample || !m_rules->isEnabled())
        return;
    const RemovedRule removed = m_removedRules.takeLast();
    addRule(removed.kind, removed.text, removed.caseSensitive);
    const int last = m_rules->rowCount() - 1;
    auto *norm = static_cast<QComboBox *>(m_rules->cellWidget(last, NormalizationColumn));
    norm->setCurrentIndex(std::max(0, norm->findData(removed.normalization)));
    // Move the restored row back to where it was: re-add the rows after it.
    for (int i = last; i > removed.row && i > 0; --i) {
        // Swap rows i-1 and i by value (cell widgets cannot move between rows).
        auto swapCombo = [this](int a, int b, int column) {
            auto *x = static_cast<QComboBox *>(m_rules->cellWidget(a, column));
            auto *y = static_cast<QComboBox *>(m_rules->cellWidget(b, column));
            const int xi = x->currentIndex();
            x->setCurrentIndex(y->currentIndex());
            y->setCurrentIndex(xi);
        };
        const bool wasLoading = m_loading;
        m_loading = true;
        swapCombo(i - 1, i, KindColumn);
        swapCombo(i - 1, i, NormalizationColumn);
        auto *ca = static_cast<QCheckBox *>(m_rules->cellWidget(i - 1, CaseColumn));
        auto *cb = static_cast<QCheckBox *>(m_rules->cellWidget(i, CaseColumn));
        const bool c = ca->isChecked();
        ca->setChecked(cb->isChecked());
        cb->setChecked(c);
        const QString t = m_rules->item(i - 1, TextColumn)->text();
        m_rules->item(i - 1, TextColumn)->setText(m_rules->item(i, TextColumn)->text());
        m_rules->item(i, TextColumn)->setText(t);
        m_loading = wasLoading;
    }
    m_undoRuleButton->setEnabled(!m_removedRules.isEmpty());
    markDirty();
}

void ExampleEditor::markInvalidRules()
{
    // Each invalid rule's text cell turns red with the reason as its tooltip.
    const bool wasLoading = m_loading;
    m_loading = true;  // colouring an item emits itemChanged
    for (int row = 0; row < m_rules->rowCount(); ++row) {
        QTableWidgetItem *item = m_rules->item(row, TextColumn);
        if (!item)
            continue;
        QString problem;
        if (!item->text().trimmed().isEmpty()) {
            VerificationRule rule;
            rule.kind = parseRuleKind(static_cast<QComboBox *>(m_rules->cellWidget(row, KindColumn))->currentData().toString());
            rule.text = item->text();
            rule.caseSensitive = static_cast<QCheckBox *>(m_rules->cellWidget(row, CaseColumn))->isChecked();
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

void ExampleEditor::loadRules(const QVector<StoredRule> &rules)
{
    const bool wasLoading = m_loading;
    m_loading = true;
    m_rules->setRowCount(0);
    for (const StoredRule &r : rules) {
        addRule(ruleKindName(r.rule.kind), r.rule.text, r.rule.caseSensitive);
        auto *norm = static_cast<QComboBox *>(m_rules->cellWidget(m_rules->rowCount() - 1, NormalizationColumn));
        norm->setCurrentIndex(std::max(0, norm->findData(r.rule.optionsJson().value(QLatin1String("normalization")).toString(QStringLiteral("nfc")))));
    }
    m_loading = wasLoading;
}

ChallengeExample ExampleEditor::collect() const
{
    ChallengeExample e;
    e.id = m_id;
    e.author = m_profile;
    e.sourceLanguage = m_sourceLang->text().trimmed();
    e.sourceLanguageIso = m_sourceIso->text().trimmed();
    e.targetLanguage = m_targetLang->text().trimmed();
    e.targetLanguageIso = m_targetIso->text().trimmed();
    e.sourceText = m_source->toPlainText();
    e.instructions = m_instructions->text();
    e.contextNote = m_context->text();
    e.attribution = m_attribution->text();
    e.reference = m_reference->toPlainText();
    e.linguistics = splitTags(m_linguistics->text());
    e.tags = splitTags(m_tags->text());
    return e;
}

void ExampleEditor::markDirty()
{
    updateCounters();
    if (m_loading)
        return;
    m_dirty = true;
    showStatus(tr("Editing..."), false);
    m_autosave->start();
}

void ExampleEditor::updateCounters()
{
    const int length = codePointCount(m_source->toPlainText());
    m_sourceCount->setText(tr("%1 / %2 characters").arg(length).arg(MaxSourceTextLength));
    m_sourceCount->setStyleSheet(length > MaxSourceTextLength ? QStringLiteral("color: #c62828; font-weight: bold") : QString());
    m_ruleCount->setText(tr("%1 / %2 rules").arg(m_rules->rowCount()).arg(MaxRulesPerExample));
    m_ruleCount->setStyleSheet(m_rules->rowCount() > MaxRulesPerExample ? QStringLiteral("color: #c62828; font-weight: bold") : QString());
    m_addRuleButton->setEnabled(m_rules->rowCount() < MaxRulesPerExample && m_rules->isEnabled());
}

void ExampleEditor::showStatus(const QString &text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #c62828") : QString());
}

bool ExampleEditor::saveNow()
{
    m_autosave->stop();
    if (!m_dirty)
        return true;
    if (!m_project) {
        showStatus(tr("Open a project to save examples."), true);
        return false;
    }
    const ChallengeExample e = collect();
    QString ruleError;
    const QVector<VerificationRule> rules = collectRules(&ruleError);
    markInvalidRules();
    try {
        e.validate();
    } catch (const StoreError &err) {
        showStatus(m_id ? tr("Not saved: %1").arg(QString::fromUtf8(err.what()))
                        : tr("Not saved yet: %1").arg(QString::fromUtf8(err.what())),
                   true);
        return false;
    }
    if (!ruleError.isEmpty() || rules.size() > MaxRulesPerExample) {
        showStatus(tr("Not saved: %1").arg(ruleError.isEmpty() ? tr("at most %1 rules").arg(MaxRulesPerExample) : ruleError), true);
        return false;
    }
    try {
        ExampleStore store(m_project->database());
        if (m_id == 0) {
            m_id = store.addExample(e);
            m_exampleStatus = ExampleStatus::Draft;
        } else {
            store.updateExample(e);
        }
        store.setRules(m_id, rules);
    } catch (const StoreError &err) {
        showStatus(tr("Not saved: %1").arg(QString::fromUtf8(err.what())), true);
        return false;
    }
    m_dirty = false;
    showStatus(tr("Draft saved at %1").arg(QTime::currentTime().toString(QStringLiteral("HH:mm:ss"))), false);
    reloadList();
    refreshAssessment();
    Q_EMIT examplesChanged();
    return true;
}

bool ExampleEditor::confirmDiscard()
{
    if (!m_dirty || saveNow())
        return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved example"),
                                              tr("This example cannot be saved yet:\n%1\n\nDiscard the unsaved changes?").arg(m_status->text()),
                                              QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Cancel);
    if (answer != QMessageBox::Discard)
        return false;
    m_dirty = false;
    return true;
}

void ExampleEditor::newExample()
{
    m_autosave->stop();
    m_loading = true;
    m_id = 0;
    m_exampleStatus = ExampleStatus::Draft;
    for (QLineEdit *edit : {m_sourceLang, m_sourceIso, m_targetLang, m_targetIso, m_instructions, m_context, m_attribution,
                            m_linguistics, m_tags})
        edit->clear();
    m_source->clear();
    m_reference->clear();
    m_rules->setRowCount(0);
    m_removedRules.clear();
    m_undoRuleButton->setEnabled(false);
    m_translatedSource.clear();
    m_hasOutputs = false;
    m_loading = false;
    m_dirty = false;
    m_list->clearSelection();
    setEditable(true);
    m_matrixModel->setMatrix({});
    m_gate = GateResult();
    m_gateLabel->setText(tr("Write the source text, the reference and rules, then translate and verify."));
    updateCounters();
    updateButtons();
    showStatus(m_project ? tr("New example: it is saved as a draft once it has both languages and a source text.")
                         : tr("Open a project to author examples."),
               false);
}

void ExampleEditor::newExampleFromText(const QString &text, const QString &language)
{
    if (!confirmDiscard())
        return;
    newExample();
    m_sourceLang->setText(language);
    m_source->setPlainText(text);  // marks the example dirty: it is saved once both languages are given
    (language.isEmpty() ? m_sourceLang : m_targetLang)->setFocus();
}

void ExampleEditor::chooseSeed()
{
    if (!m_project)
        return;
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Start from a seed"));
    auto *layout = new QVBoxLayout(&dialog);
    auto *filter = new QLineEdit(&dialog);
    filter->setPlaceholderText(tr("Filter the seed texts"));
    auto *list = new QListWidget(&dialog);
    layout->addWidget(filter);
    layout->addWidget(list, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(list, &QListWidget::itemDoubleClicked, &dialog, &QDialog::accept);
    try {
        SeedStore seeds = m_project->seeds();
        for (const SeedSetInfo &set : seeds.sets())
            for (const Seed &seed : seeds.seeds(set.id)) {
                auto *item = new QListWidgetItem(seed.record.text, list);
                item->setToolTip(tr("%1, seed %2").arg(set.name).arg(seed.position + 1));
            }
    } catch (const StoreError &e) {
        showStatus(QString::fromUtf8(e.what()), true);
        return;
    }
    connect(filter, &QLineEdit::textChanged, list, [list](const QString &text) {
        for (int i = 0; i < list->count(); ++i)
            list->item(i)->setHidden(!list->item(i)->text().contains(text, Qt::CaseInsensitive));
    });
    dialog.resize(700, 480);
    if (dialog.exec() != QDialog::Accepted || !list->currentItem())
        return;
    // Seed sets do not record their language: the contributor names it.
    newExampleFromText(list->currentItem()->text(), QString());
}

void ExampleEditor::openExample(qint64 id)
{
    if (id == m_id && id != 0)
        return;
    if (!confirmDiscard())
        return;
    if (!m_project)
        return;
    ExampleStore store(m_project->database());
    std::optional<ChallengeExample> e;
    QVector<StoredRule> rules;
    try {
        e = store.example(id);
        rules = store.rules(id);
    } catch (const StoreError &err) {
        showStatus(QString::fromUtf8(err.what()), true);
        return;
    }
    if (!e)
        return;
    m_loading = true;
    m_id = id;
    m_exampleStatus = e->status;
    m_sourceLang->setText(e->sourceLanguage);
    m_sourceIso->setText(e->sourceLanguageIso);
    m_targetLang->setText(e->targetLanguage);
    m_targetIso->setText(e->targetLanguageIso);
    m_source->setPlainText(e->sourceText);
    m_instructions->setText(e->instructions);
    m_context->setText(e->contextNote);
    m_attribution->setText(e->attribution);
    m_reference->setPlainText(e->reference);
    m_linguistics->setText(e->linguistics.join(QStringLiteral(", ")));
    m_tags->setText(e->tags.join(QStringLiteral(", ")));
    loadRules(rules);
    m_removedRules.clear();
    m_undoRuleButton->setEnabled(false);
    m_translatedSource = e->sourceText;
    m_loading = false;
    m_dirty = false;
    const bool editable = e->status == ExampleStatus::Draft || e->status == ExampleStatus::Returned;
    setEditable(editable);
    updateCounters();
    showStatus(editable ? tr("Example %1 (%2)").arg(id).arg(ExampleListModel::statusLabel(e->status))
                        : tr("Example %1 is %2 and cannot be edited.").arg(id).arg(ExampleListModel::statusLabel(e->status)),
               false);
    const int row = m_listModel->rowOf(id);
    if (row >= 0)
        m_list->selectRow(row);
    refreshAssessment();
}

void ExampleEditor::setEditable(bool editable)
{
    for (QWidget *w : std::as_const(m_editors)) {
        if (auto *line = qobject_cast<QLineEdit *>(w))
            line->setReadOnly(!editable);
        else if (auto *text = qobject_cast<QPlainTextEdit *>(w))
            text->setReadOnly(!editable);
        else
            w->setEnabled(editable);
    }
    updateButtons();
}

void ExampleEditor::checkStringRulesLocally()
{
    // String rules are cheap and local: their verdicts follow every edit, so the gate is live.
    ExampleStore store(m_project->database());
    const auto e = store.example(m_id);
    if (!e)
        return;
    VerdictCache cache = store.verdicts(m_id);
    QStringList texts{e->reference};
    for (const StoredTranslation &t : store.translations(m_id))
        texts << t.text;
    bool added = false;
    for (const StoredRule &r : store.rules(m_id)) {
        if (!r.rule.isStringRule())
            continue;
        for (const QString &t : std::as_const(texts)) {
            if (t.trimmed().isEmpty() || cache.find(r.rule, {}, t))
                continue;
            cache.insert(r.rule, {}, t, VerdictRecord{checkStringRule(r.rule, t), {}, {}, {}});
            added = true;
        }
    }
    if (added)
        store.saveVerdicts(m_id, cache);
}

void ExampleEditor::refreshAssessment()
{
    if (m_verdictDetail)
        m_verdictDetail->setExampleId(m_id);
    if (!m_project || m_id == 0) {
        m_matrixModel->setMatrix({});
        updateButtons();
        return;
    }
    try {
        if (m_exampleStatus == ExampleStatus::Draft || m_exampleStatus == ExampleStatus::Returned)
            checkStringRulesLocally();
        ExampleStore store(m_project->database());
        const ExampleAssessment a = store.assess(m_id);
        m_hasOutputs = !store.translations(m_id).isEmpty();
        m_matrixModel->setMatrix(a.matrix);
        m_gate = a.gate;
        const QString state = a.gate.state == GateResult::State::Holds   ? tr("<b style='color:#2e7d32'>The gate holds.</b>")
                              : a.gate.state == GateResult::State::Fails ? tr("<b style='color:#c62828'>The gate does not hold.</b>")
                                                                         : tr("<b style='color:#ef6c00'>The gate is undecided.</b>");
        QStringList lines;
        for (const QString &line : a.gate.explanation)
            lines << line.toHtmlEscaped();
        QString agreement;
        if (a.agreement.verifiers >= 2 && a.agreement.units > 0)
            agreement = tr("<br>Verifiers agree on %1 of %2 pairs%3.")
                            .arg(a.agreement.unanimous)
                            .arg(a.agreement.units)
                            .arg(a.agreement.alpha ? tr(" (Krippendorff's alpha %1)").arg(*a.agreement.alpha, 0, 'f', 2) : QString());
        if (outputsStale())
            lines.prepend(tr("<b style='color:#c62828'>The source text changed after the MT outputs were made: translate again "
                             "(or remove the old outputs) before submitting.</b>"));
        m_gateLabel->setText(state + QStringLiteral("<br>") + lines.join(QStringLiteral("<br>")) + agreement);
    } catch (const std::exception &e) {
        showStatus(QString::fromUtf8(e.what()), true);
    }
    updateButtons();
}

bool ExampleEditor::outputsStale() const
{
    return m_hasOutputs && m_source->toPlainText() != m_translatedSource;
}

void ExampleEditor::updateButtons()
{
    const bool busy = m_translationRunner || m_verificationRunner;
    const bool editable = m_exampleStatus == ExampleStatus::Draft || m_exampleStatus == ExampleStatus::Returned;
    const bool ready = m_project && m_id != 0;
    m_translateButton->setEnabled(ready && editable && !busy);
    m_manualButton->setEnabled(ready && editable && !busy);
    m_removeOutputButton->setEnabled(ready && editable && !busy);
    m_verifyButton->setEnabled(ready && !busy);
    m_cancelButton->setEnabled(busy);
    m_systemsButton->setEnabled(m_project != nullptr);
    m_deleteButton->setEnabled(ready && !busy);
    m_newButton->setEnabled(m_project != nullptr);
    m_seedButton->setEnabled(m_project != nullptr && !busy);
    m_submitButton->setEnabled(ready && editable && !busy && m_gate.holds() && !m_dirty && !outputsStale());
    m_progress->setVisible(busy);
}

void ExampleEditor::translate()
{
    if (!m_project || m_translationRunner || !saveNow() || m_id == 0)
        return;
    ExampleStore store(m_project->database());
    QVector<MtSystemConfig> systems;
    for (const MtSystemConfig &s : store.mtSystems())
        if (s.kind != MtSystemConfig::Kind::Manual)
            systems.append(s);
    if (systems.isEmpty()) {
        showStatus(tr("The project has no MT systems to run. Add Apertium pairs or a chat endpoint under 'MT systems & verifiers...'."), true);
        return;
    }
    const ChallengeExample e = collect();
    m_translatedSource = e.sourceText;
    QVector<TranslationJob> jobs;
    for (const MtSystemConfig &s : std::as_const(systems))
        jobs.append({s, {e.sourceLanguage, e.targetLanguage, e.sourceText, e.instructions, e.contextNote}, {}});
    m_translationRunner = new TranslationRunner(this);
    auto *runner = m_translationRunner;
    const qint64 id = m_id;
    auto failures = std::make_shared<QStringList>();
    connect(runner, &TranslationRunner::progress, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
        m_progress->setFormat(tr("Translating: %1 of %2").arg(done).arg(total));
    });
    connect(runner, &TranslationRunner::jobFinished, this, [this, runner, id, failures](int index) {
        const TranslationJob &job = runner->jobs()[index];
        const TranslationResult &r = runner->results()[index];
        try {
            ExampleStore s(m_project->database());
            if (r.status == TranslationResult::Status::Ok) {
                s.setTranslation(id, job.system.name, mtSystemKindName(job.system.kind), r.text);
            } else if (r.status == TranslationResult::Status::Failed) {
                *failures << r.error;
                const auto stored = s.translations(id);
                const bool hasText = std::any_of(stored.begin(), stored.end(),
                                                 [&](const StoredTranslation &t) { return t.system == job.system.name && !t.text.isEmpty(); });
                if (!hasText)
                    s.setTranslation(id, job.system.name, mtSystemKindName(job.system.kind), QString(), r.error);
            }
        } catch (const StoreError &err) {
            *failures << QString::fromUtf8(err.what());
        }
        refreshAssessment();
    });
    connect(runner, &TranslationRunner::finished, this, [this, runner, failures] {
        const bool cancelled = std::any_of(runner->results().begin(), runner->results().end(),
                                           [](const TranslationResult &r) { return r.status == TranslationResult::Status::Cancelled; });
        runner->deleteLater();
        m_translationRunner = nullptr;
        refreshAssessment();
        if (!failures->isEmpty())
            showStatus(tr("Some systems failed (the others' outputs are stored):\n%1").arg(failures->join(u'\n')), true);
        else
            showStatus(cancelled ? tr("Translation cancelled; finished outputs are kept.") : tr("Translated."), false);
        updateButtons();
        Q_EMIT translationFinished();
    });
    runner->start(jobs);
    updateButtons();
}

void ExampleEditor::verify()
{
    if (!m_project || m_verificationRunner || !saveNow() || m_id == 0)
        return;
    ExampleStore store(m_project->database());
    QVector<VerificationRule> rules;
    for (const StoredRule &r : store.rules(m_id))
        rules.append(r.rule);
    const auto e = store.example(m_id);
    QStringList texts{e->reference};
    for (const StoredTranslation &t : store.translations(m_id))
        texts << t.text;
    m_verificationRunner = new VerificationRunner(this);
    auto *runner = m_verificationRunner;
    const qint64 id = m_id;
    connect(runner, &VerificationRunner::progress, this, [this](int done, int total) {
        m_progress->setRange(0, std::max(total, 1));
        m_progress->setValue(done);
        m_progress->setFormat(tr("Verifying: %1 of %2").arg(done).arg(total));
    });
    connect(runner, &VerificationRunner::finished, this, [this, runner, id] {
        QStringList problems;
        try {
            ExampleStore(m_project->database()).saveVerdicts(id, runner->verdicts());
        } catch (const StoreError &err) {
            problems << QString::fromUtf8(err.what());
        }
        for (const VerdictEntry &entry : runner->verdicts().entries())
            if (!entry.record.isFinal() && !problems.contains(entry.record.error))
                problems << entry.record.error;
        const int fresh = runner->verifiedCount(), reused = runner->reusedCount();
        runner->deleteLater();
        m_verificationRunner = nullptr;
        refreshAssessment();
        if (problems.isEmpty())
            showStatus(tr("Verified: %1 new verdicts, %2 reused.").arg(fresh).arg(reused), false);
        else
            showStatus(tr("Verified with problems (those verdicts stay unknown):\n%1").arg(problems.join(u'\n')), true);
        updateButtons();
        Q_EMIT verificationFinished();
    });
    try {
        runner->start(e->sourceText, rules, texts, store.verifiers(), store.verdicts(m_id));
    } catch (const std::exception &err) {
        runner->deleteLater();
        m_verificationRunner = nullptr;
        showStatus(QString::fromUtf8(err.what()), true);
        updateButtons();
        Q_EMIT verificationFinished();
        return;
    }
    updateButtons();
}

void ExampleEditor::cancel()
{
    if (m_translationRunner)
        m_translationRunner->cancel();
    if (m_verificationRunner)
        m_verificationRunner->cancel();
}

QString ExampleEditor::submit()
{
    if (!m_project || m_id == 0)
        return tr("There is no saved example to submit.");
    if (!saveNow())
        return m_status->text();
    try {
        ExampleStore(m_project->database()).submit(m_id, m_profile);
    } catch (const StoreError &e) {
        return QString::fromUtf8(e.what());
    }
    m_exampleStatus = ExampleStatus::Submitted;
    setEditable(false);
    showStatus(tr("Example %1 submitted for review.").arg(m_id), false);
    reloadList();
    Q_EMIT examplesChanged();
    return {};
}

void ExampleEditor::addManualOutput()
{
    if (!m_project || m_id == 0 || !saveNow())
        return;
    bool ok = false;
    const QString system = QInputDialog::getText(this, tr("Paste output"), tr("MT system (e.g. the service you used):"),
                                                 QLineEdit::Normal, QString(), &ok).trimmed();
    if (!ok || system.isEmpty())
        return;
    const QString text = QInputDialog::getMultiLineText(this, tr("Paste output"), tr("Its translation of the source text:"), QString(), &ok);
    if (!ok || text.trimmed().isEmpty())
        return;
    try {
        ExampleStore(m_project->database()).setTranslation(m_id, system, QStringLiteral("manual"), text.trimmed());
        if (!m_hasOutputs)
            m_translatedSource = m_source->toPlainText();
    } catch (const StoreError &e) {
        showStatus(QString::fromUtf8(e.what()), true);
        return;
    }
    refreshAssessment();
}

void ExampleEditor::removeOutput()
{
    const QModelIndex index = m_matrixView->currentIndex();
    if (!m_project || !index.isValid() || index.data(VerdictMatrixModel::IsReferenceRole).toBool()) {
        showStatus(tr("Select an MT output row in the table first."), true);
        return;
    }
    const QString system = m_matrixModel->matrix().rows.value(index.row()).label;
    ExampleStore(m_project->database()).removeTranslation(m_id, system);
    refreshAssessment();
}

void ExampleEditor::editSystems()
{
    if (!m_project)
        return;
    SystemsDialog dialog(m_project, this);
    dialog.exec();
    refreshAssessment();
}

void ExampleEditor::removeCurrentExample()
{
    if (!m_project || m_id == 0)
        return;
    if (QMessageBox::question(this, tr("Delete example"),
                              tr("Delete example %1 with its rules, outputs, verdicts and history? This cannot be undone.").arg(m_id))
        != QMessageBox::Yes)
        return;
    ExampleStore(m_project->database()).removeExample(m_id);
    m_dirty = false;
    newExample();
    reloadList();
    Q_EMIT examplesChanged();
}

}  // namespace gauntlet
