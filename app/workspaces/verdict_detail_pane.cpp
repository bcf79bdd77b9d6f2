#include "app/workspaces/verdict_detail_pane.h"

#include "engine/store/project.h"
#include "engine/verify/example_store.h"
#include "engine/verify/verdict_override_store.h"
#include "engine/verify/verification_runner.h"
#include "models/verdict_matrix_model.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QShortcut>
#include <QTableView>
#include <QTextBrowser>
#include <QUndoStack>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>

namespace gauntlet {

namespace {

QString escaped(const QString &text)
{
    return text.toHtmlEscaped().replace(u'\n', QStringLiteral("<br>"));
}

QString when(const QString &timestamp)
{
    return timestamp.left(19).replace(u'T', u' ');
}

/// Setting or removing one verdict by hand; undo restores what was there before (with its
/// original reviewer and time).
class OverrideCommand : public QUndoCommand {
public:
    OverrideCommand(VerdictDetailPane *pane, storage::Project *project, qint64 exampleId, std::optional<verify::VerdictOverride> before,
                    std::optional<verify::VerdictOverride> after, QString ruleKey, QString translation, const QString &text)
        : QUndoCommand(text), m_pane(pane), m_project(project), m_id(exampleId), m_before(std::move(before)), m_after(std::move(after)),
          m_ruleKey(std::move(ruleKey)), m_translation(std::move(translation))
    {
    }
    void redo() override
    {
        if (m_first)  // already done by the pane, which pushed this command
            m_first = false;
        else
            apply(m_after);
    }
    void undo() override { apply(m_before); }

private:
    void apply(const std::optional<verify::VerdictOverride> &state)
    {
        try {
            verify::VerdictOverrideStore store(m_project->database());
            if (state) {
                store.restore(m_id, *state);
            } else {
                const QVector<verify::StoredRule> rules = verify::ExampleStore(m_project->database()).rules(m_id);
                for (int i = 0; i < rules.size(); ++i)
                    if (rules[i].rule.cacheKey() == m_ruleKey)
                        store.removeOverride(m_id, i, m_translation, m_pane->profileName());
            }
        } catch (const std::exception &e) {  // e.g. the rule or the output changed since
            m_pane->showError(QString::fromUtf8(e.what()));
            return;
        }
        Q_EMIT m_pane->verdictsChanged();
    }

    VerdictDetailPane *m_pane;
    storage::Project *m_project;
    qint64 m_id;
    std::optional<verify::VerdictOverride> m_before, m_after;
    QString m_ruleKey, m_translation;
    bool m_first = true;
};

}  // namespace

VerdictDetailPane::VerdictDetailPane(QTableView *view, VerdictMatrixModel *model, QWidget *parent)
    : QWidget(parent), m_view(view), m_model(model), m_text(new QTextBrowser(this)), m_verdict(new QComboBox(this)),
      m_reason(new QLineEdit(this)), m_setButton(new QPushButton(tr("Set &by hand"), this)),
      m_removeButton(new QPushButton(tr("Remove verdict set by hand"), this)), m_undoButton(new QPushButton(tr("Undo"), this)),
      m_askAgainButton(new QPushButton(tr("Ask &again"), this)),
      m_undo(new QUndoStack(this))
{
    setObjectName(QStringLiteral("verdictDetailPane"));
    m_text->setObjectName(QStringLiteral("verdictDetailText"));
    m_verdict->setObjectName(QStringLiteral("overrideVerdictCombo"));
    m_reason->setObjectName(QStringLiteral("overrideReasonEdit"));
    m_setButton->setObjectName(QStringLiteral("overrideSetButton"));
    m_removeButton->setObjectName(QStringLiteral("overrideRemoveButton"));
    m_undoButton->setObjectName(QStringLiteral("overrideUndoButton"));
    m_askAgainButton->setObjectName(QStringLiteral("verdictAskAgainButton"));
    m_askAgainButton->setToolTip(tr("Ask the verifiers again for the selected cell, ignoring its stored verdicts"));
    m_text->setOpenLinks(false);
    m_text->setMinimumHeight(3 * m_text->fontMetrics().lineSpacing() + 12);  // three lines at least
    m_verdict->addItem(VerdictMatrixModel::verdictLabel(verify::Verdict::Pass), int(verify::Verdict::Pass));
    m_verdict->addItem(VerdictMatrixModel::verdictLabel(verify::Verdict::Fail), int(verify::Verdict::Fail));
    m_verdict->setToolTip(tr("The verdict you set by hand; it counts instead of the verifiers' verdict"));
    m_reason->setPlaceholderText(tr("Reason (required), e.g. the verifier missed the negation"));
    m_setButton->setToolTip(tr("Set the selected cell's verdict by hand, with the reason (Enter)"));
    m_undoButton->setToolTip(tr("Undo the last verdict set or removed by hand (Ctrl+Z)"));

    // Two rows, so the reason keeps a readable width at 1280x720 and in German (issue 35): the
    // verdict and its reason, then the actions on the cell.
    auto *form = new QHBoxLayout;
    form->addWidget(new QLabel(tr("Human verdict:"), this));
    form->addWidget(m_verdict);
    form->addWidget(m_reason, 1);
    auto *actions = new QHBoxLayout;
    actions->addStretch(1);
    actions->addWidget(m_setButton);
    actions->addWidget(m_removeButton);
    actions->addWidget(m_undoButton);
    actions->addWidget(m_askAgainButton);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_text, 1);
    layout->addLayout(form);
    layout->addLayout(actions);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex &current) {
        if (current.isValid()) {
            m_rowLabel = m_model->matrix().rows.value(current.row()).label;
            m_column = current.column();
        }
        showCell();
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, &VerdictDetailPane::restoreSelection);
    connect(m_setButton, &QPushButton::clicked, this, [this] { showError(applyOverride()); });
    connect(m_reason, &QLineEdit::returnPressed, this, [this] { showError(applyOverride()); });
    connect(m_removeButton, &QPushButton::clicked, this, [this] { showError(removeOverride()); });
    connect(m_undoButton, &QPushButton::clicked, m_undo, &QUndoStack::undo);
    connect(m_askAgainButton, &QPushButton::clicked, this, [this] { showError(askAgain()); });
    connect(m_undo, &QUndoStack::canUndoChanged, m_undoButton, &QPushButton::setEnabled);
    for (QWidget *target : {static_cast<QWidget *>(m_view), static_cast<QWidget *>(m_text)}) {
        auto *undo = new QShortcut(QKeySequence::Undo, target, [this] { m_undo->undo(); });
        undo->setContext(Qt::WidgetShortcut);
        auto *redo = new QShortcut(QKeySequence::Redo, target, [this] { m_undo->redo(); });
        redo->setContext(Qt::WidgetShortcut);
    }
    showCell();
}

void VerdictDetailPane::setProject(storage::Project *project)
{
    if (m_runner)
        m_runner->cancel();
    m_project = project;
    m_undo->clear();
    showCell();
}

void VerdictDetailPane::setExampleId(qint64 id)
{
    if (id != m_id) {
        m_undo->clear();
        m_rowLabel.clear();
        m_column = -1;
    }
    m_id = id;
    // An example imported from an LTB release has no verifiers' verdict where one was set by hand.
    m_fromRelease = false;
    if (m_project && id != 0)
        if (const auto e = verify::ExampleStore(m_project->database()).example(id))
            m_fromRelease = !e->ltbId.isEmpty();
    showCell();
}

void VerdictDetailPane::restoreSelection()
{
    const verify::VerdictMatrix &matrix = m_model->matrix();
    for (int r = 0; r < matrix.rows.size(); ++r)
        if (matrix.rows[r].label == m_rowLabel && m_column >= 0 && m_column < m_model->columnCount()) {
            m_view->setCurrentIndex(m_model->index(r, m_column));
            return;
        }
    showCell();
}

void VerdictDetailPane::showError(const QString &error)
{
    if (!error.isEmpty())
        m_text->append(QStringLiteral("<p style='color:#c62828'>%1</p>").arg(error.toHtmlEscaped()));
}

void VerdictDetailPane::showCell()
{
    const QModelIndex index = m_view->currentIndex();
    const verify::VerdictCell *cell = m_model->cellAt(index);
    const bool editable = cell && m_project && m_id != 0;
    m_setButton->setEnabled(editable);
    m_reason->setEnabled(editable);
    m_verdict->setEnabled(editable);
    m_removeButton->setEnabled(editable && cell->humanOverride);
    m_undoButton->setEnabled(m_undo->canUndo());
    m_askAgainButton->setEnabled(editable && !m_runner);
    if (!cell) {
        m_text->setHtml(tr("<p>Select a verdict in the matrix to see the verifiers' whole replies and to set the verdict by hand.</p>"));
        return;
    }
    const verify::VerdictMatrix &matrix = m_model->matrix();
    const verify::VerdictRow &row = matrix.rows[index.row()];
    const int rule = index.column() - VerdictMatrixModel::FirstRuleColumn;
    const verify::VerificationRule &r = matrix.rules[rule];
    // One compact paragraph for what the cell is about, then the verdict set by hand and each
    // verifier's reply in full.
    QString html = QStringLiteral("<p style='margin:0'><b>%1</b> <i>(%2)</i>: %3<br><b>%4</b>: %5<br><b>%6</b> %7%8</p>")
                       .arg(tr("Rule %1").arg(rule + 1), verify::ruleKindName(r.kind), escaped(r.text),
                            row.isReference ? tr("Reference") : escaped(row.label), escaped(row.translation), tr("Verdict that counts:"),
                            VerdictMatrixModel::verdictLabel(cell->verdict),
                            !cell->humanOverride ? QString()
                            : m_fromRelease && cell->machineVerdict == verify::Verdict::Unknown
                                ? tr(" (set by hand; the verifiers' verdict is not in the release)")
                                : tr(" (set by hand; the verifiers say %1)").arg(VerdictMatrixModel::verdictLabel(cell->machineVerdict)));
    if (const auto &o = cell->humanOverride)
        html += QStringLiteral("<p style='background:#e3f2fd'><b>%1</b><br>%2</p>")
                    .arg(tr("Set by hand: %1 by %2 on %3").arg(VerdictMatrixModel::verdictLabel(o->verdict), o->reviewer.toHtmlEscaped(), when(o->createdAt)),
                         tr("Reason: %1").arg(escaped(o->reason)));
    if (cell->verifiersDisagree())
        html += QStringLiteral("<p style='color:#e65100'><b>%1</b></p>").arg(tr("The verifiers disagree on this cell."));
    if (r.isStringRule()) {
        html += QStringLiteral("<p>%1</p>").arg(tr("A string rule, checked locally (no verifier reply)."));
    } else {
        for (const QString &verifier : matrix.verifiers) {
            const auto record = std::find_if(cell->records.begin(), cell->records.end(), [&](const verify::CellVerdict &c) { return c.verifier == verifier; });
            if (record == cell->records.end()) {
                html += QStringLiteral("<p><b>%1</b>: %2</p>").arg(verifier.toHtmlEscaped(), tr("no verdict yet (verify)"));
                continue;
            }
            const verify::VerdictRecord &rec = record->record;
            html += QStringLiteral("<p style='margin-bottom:0'><b>%1</b>: %2%3</p>")
                        .arg(verifier.toHtmlEscaped(), VerdictMatrixModel::verdictLabel(rec.verdict),
                             rec.createdAt.isEmpty() ? QString() : QStringLiteral(" — ") + when(rec.createdAt));
            html += rec.isFinal() ? QStringLiteral("<pre style='white-space:pre-wrap; margin-top:2px; margin-left:16px'>%1</pre>")
                                        .arg(rec.rawReply.isEmpty() ? tr("(empty reply)") : rec.rawReply.toHtmlEscaped())
                                  : QStringLiteral("<p style='color:#c62828'>%1</p>").arg(rec.error.toHtmlEscaped());
        }
        if (matrix.verifiers.isEmpty())
            html += QStringLiteral("<p>%1</p>").arg(tr("The project has no verifier for natural-language rules."));
    }
    m_text->setHtml(html);
}

QString VerdictDetailPane::applyOverride()
{
    const QModelIndex index = m_view->currentIndex();
    const verify::VerdictCell *cell = m_model->cellAt(index);
    if (!cell || !m_project || m_id == 0)
        return tr("Select a verdict in the matrix first.");
    if (m_reason->text().trimmed().isEmpty())
        return tr("Give a reason for the verdict you set by hand.");
    const int rule = index.column() - VerdictMatrixModel::FirstRuleColumn;
    const QString translation = m_model->matrix().rows[index.row()].translation;
    const QString ruleKey = m_model->matrix().rules[rule].cacheKey();
    const auto verdict = verify::Verdict(m_verdict->currentData().toInt());
    try {
        verify::VerdictOverrideStore store(m_project->database());
        const auto before = store.setOverride(m_id, rule, translation, verdict, m_reason->text(), m_profile);
        std::optional<verify::VerdictOverride> after;
        for (const verify::VerdictOverride &o : store.overrides(m_id))
            if (o.ruleKey == ruleKey && o.translation == translation)
                after = o;
        m_undo->push(new OverrideCommand(this, m_project, m_id, before, after, ruleKey, translation, tr("Set verdict by hand")));
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
    m_reason->clear();
    Q_EMIT verdictsChanged();
    return {};
}

QString VerdictDetailPane::removeOverride()
{
    const QModelIndex index = m_view->currentIndex();
    const verify::VerdictCell *cell = m_model->cellAt(index);
    if (!cell || !cell->humanOverride || !m_project || m_id == 0)
        return tr("The selected verdict was not set by hand.");
    const int rule = index.column() - VerdictMatrixModel::FirstRuleColumn;
    const QString translation = m_model->matrix().rows[index.row()].translation;
    const QString ruleKey = m_model->matrix().rules[rule].cacheKey();
    try {
        const auto before = verify::VerdictOverrideStore(m_project->database()).removeOverride(m_id, rule, translation, m_profile);
        m_undo->push(new OverrideCommand(this, m_project, m_id, before, std::nullopt, ruleKey, translation, tr("Remove verdict set by hand")));
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
    Q_EMIT verdictsChanged();
    return {};
}

QString VerdictDetailPane::askAgain()
{
    const QModelIndex index = m_view->currentIndex();
    const verify::VerdictCell *cell = m_model->cellAt(index);
    if (!cell || !m_project || m_id == 0)
        return tr("Select a verdict in the matrix first.");
    if (m_runner)
        return {};
    const verify::VerificationRule rule = m_model->matrix().rules[index.column() - VerdictMatrixModel::FirstRuleColumn];
    const QString translation = m_model->matrix().rows[index.row()].translation;
    auto *runner = new verify::VerificationRunner(this);
    const qint64 id = m_id;
    storage::Project *project = m_project;
    connect(runner, &verify::VerificationRunner::finished, this, [this, runner, id, project] {
        QStringList problems;
        try {
            if (project == m_project)  // not when the project was closed meanwhile (setProject cancels)
                verify::ExampleStore(m_project->database()).saveVerdicts(id, runner->verdicts());
        } catch (const std::exception &e) {
            problems << QString::fromUtf8(e.what());
        }
        for (const verify::VerdictEntry &entry : runner->verdicts().entries())
            if (!entry.record.isFinal())
                problems << entry.record.error;
        runner->deleteLater();
        m_runner = nullptr;
        Q_EMIT verdictsChanged();
        showCell();
        showError(problems.join(u'\n'));
        Q_EMIT askAgainFinished();
    });
    try {
        verify::ExampleStore store(m_project->database());
        const auto example = store.example(id);
        if (!example)
            throw storage::StoreError(QStringLiteral("there is no example %1").arg(id));
        m_runner = runner;
        runner->start(example->sourceText, {rule}, {translation}, store.verifiers(), {});  // no known verdicts: ask again
    } catch (const std::exception &e) {
        m_runner = nullptr;
        runner->deleteLater();
        return QString::fromUtf8(e.what());
    }
    showCell();
    return {};
}

}  // namespace gauntlet
