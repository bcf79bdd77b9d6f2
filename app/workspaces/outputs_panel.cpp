#include "app/workspaces/outputs_panel.h"

#include "app/workspaces/systems_dialog.h"
#include "app/workspaces/verdict_detail_pane.h"
#include "app/workspaces/verifier_choice_button.h"
#include "engine/store/project.h"
#include "engine/translate/translation_runner.h"
#include "engine/verify/example_store.h"
#include "engine/verify/verification_runner.h"
#include "models/verdict_matrix_model.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace gauntlet {

namespace {

QPushButton *button(QWidget *parent, const char *name, const QString &text, const QString &toolTip = {})
{
    auto *b = new QPushButton(text, parent);
    b->setObjectName(QLatin1String(name));
    b->setToolTip(toolTip);
    return b;
}

}  // namespace

OutputsPanel::OutputsPanel(QWidget *parent)
    : QGroupBox(tr("MT outputs and verdicts"), parent), m_matrixModel(new VerdictMatrixModel(this))
{
    setObjectName(QStringLiteral("outputsPanel"));
    auto *outputsLayout = new QVBoxLayout(this);
    auto *actions = new QHBoxLayout;
    m_translateButton = button(this, "translateButton", tr("&Translate"), tr("Run the project's MT systems on the source text (Ctrl+T)"));
    m_manualButton = button(this, "pasteOutputButton", tr("Paste output..."), tr("Add the output of a system you ran elsewhere"));
    m_removeOutputButton = button(this, "removeOutputButton", tr("Remove output"));
    m_verifyButton = button(this, "verifyButton", tr("&Verify"), tr("Check the reference and every output against the rules (Ctrl+Shift+V)"));
    m_verifierChoice = new VerifierChoiceButton(this);
    m_cancelButton = button(this, "cancelButton", tr("Cancel"));
    m_cancelButton->setEnabled(false);
    m_systemsButton = button(this, "systemsButton", tr("MT systems && verifiers..."));
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("outputsProgress"));
    m_progress->setVisible(false);
    actions->addWidget(m_translateButton);
    actions->addWidget(m_manualButton);
    actions->addWidget(m_removeOutputButton);
    actions->addWidget(m_verifyButton);
    actions->addWidget(m_verifierChoice);
    actions->addWidget(m_cancelButton);
    actions->addWidget(m_progress, 1);
    actions->addStretch(0);
    actions->addWidget(m_systemsButton);
    outputsLayout->addLayout(actions);
    m_matrixView = new QTableView(this);
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
    m_verdictDetail = new VerdictDetailPane(m_matrixView, m_matrixModel, this);
    m_verdictDetail->setMinimumHeight(260);
    outputsLayout->addWidget(m_verdictDetail);
    connect(m_verdictDetail, &VerdictDetailPane::verdictsChanged, this, &OutputsPanel::verdictsChanged);
    connect(m_translateButton, &QPushButton::clicked, this, &OutputsPanel::translate);
    connect(m_verifyButton, &QPushButton::clicked, this, &OutputsPanel::verify);
    connect(m_cancelButton, &QPushButton::clicked, this, &OutputsPanel::cancel);
    connect(m_manualButton, &QPushButton::clicked, this, &OutputsPanel::addManualOutput);
    connect(m_removeOutputButton, &QPushButton::clicked, this, &OutputsPanel::removeOutput);
    connect(m_systemsButton, &QPushButton::clicked, this, &OutputsPanel::editSystems);
}

OutputsPanel::~OutputsPanel()
{
    if (m_translationRunner)
        m_translationRunner->disconnect(this);
    if (m_verificationRunner)
        m_verificationRunner->disconnect(this);
}

void OutputsPanel::setProject(Project *project)
{
    cancel();
    m_project = project;
    m_verdictDetail->setProject(project);
    m_verifierChoice->setProject(project);
}

void OutputsPanel::setProfileName(const QString &name)
{
    m_verdictDetail->setProfileName(name);
}

void OutputsPanel::setExampleId(qint64 id)
{
    m_id = id;
    m_verdictDetail->setExampleId(id);
    updateButtons();
}

void OutputsPanel::setMatrix(const VerdictMatrix &matrix)
{
    m_matrixModel->setMatrix(matrix);
}

void OutputsPanel::setEditable(bool editable)
{
    m_editable = editable;
    updateButtons();
}

bool OutputsPanel::canTranslate() const
{
    return m_translateButton->isEnabled();
}

bool OutputsPanel::canVerify() const
{
    return m_verifyButton->isEnabled();
}

void OutputsPanel::updateButtons()
{
    const bool busy = isBusy();
    const bool ready = m_project && m_id != 0;
    m_translateButton->setEnabled(ready && m_editable && !busy);
    m_manualButton->setEnabled(ready && m_editable && !busy);
    m_removeOutputButton->setEnabled(ready && m_editable && !busy);
    m_verifyButton->setEnabled(ready && !busy);
    m_cancelButton->setEnabled(busy);
    m_systemsButton->setEnabled(m_project != nullptr);
    m_progress->setVisible(busy);
}

bool OutputsPanel::prepare()
{
    return m_project && !isBusy() && (!m_beforeRun || m_beforeRun()) && m_id != 0;
}

void OutputsPanel::translate()
{
    if (!prepare())
        return;
    ExampleStore store(m_project->database());
    QVector<MtSystemConfig> systems;
    for (const MtSystemConfig &s : store.mtSystems())
        if (s.kind != MtSystemConfig::Kind::Manual)
            systems.append(s);
    if (systems.isEmpty()) {
        Q_EMIT statusMessage(tr("The project has no MT systems to run. Add Apertium pairs or a chat endpoint under 'MT systems & verifiers...'."), true);
        return;
    }
    const auto e = store.example(m_id);
    if (!e)
        return;
    Q_EMIT translationStarted(e->sourceText);
    QVector<TranslationJob> jobs;
    for (const MtSystemConfig &s : std::as_const(systems))
        jobs.append({s, {e->sourceLanguage, e->targetLanguage, e->sourceText, e->instructions, e->contextNote}, {}});
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
        Q_EMIT outputsChanged();
    });
    connect(runner, &TranslationRunner::finished, this, [this, runner, failures] {
        const bool cancelled = std::any_of(runner->results().begin(), runner->results().end(),
                                           [](const TranslationResult &r) { return r.status == TranslationResult::Status::Cancelled; });
        runner->deleteLater();
        m_translationRunner = nullptr;
        Q_EMIT outputsChanged();
        if (!failures->isEmpty())
            Q_EMIT statusMessage(tr("Some systems failed (the others' outputs are stored):\n%1").arg(failures->join(u'\n')), true);
        else
            Q_EMIT statusMessage(cancelled ? tr("Translation cancelled; finished outputs are kept.") : tr("Translated."), false);
        updateButtons();
        Q_EMIT busyChanged();
        Q_EMIT translationFinished();
    });
    runner->start(jobs);
    updateButtons();
    Q_EMIT busyChanged();
}

void OutputsPanel::verify()
{
    if (!prepare())
        return;
    ExampleStore store(m_project->database());
    QVector<VerificationRule> rules;
    for (const StoredRule &r : store.rules(m_id))
        rules.append(r.rule);
    const QVector<VerifierConfig> all = store.verifiers();
    const QVector<VerifierConfig> verifiers = m_verifierChoice->chosen(all);
    const bool llmRules = std::any_of(rules.begin(), rules.end(), [](const VerificationRule &r) { return !r.isStringRule(); });
    if (llmRules && !all.isEmpty() && verifiers.isEmpty()) {
        Q_EMIT statusMessage(tr("Choose at least one verifier in the Verifiers menu next to Verify."), true);
        return;
    }
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
    auto done = [this, runner] {
        runner->deleteLater();
        m_verificationRunner = nullptr;
    };
    connect(runner, &VerificationRunner::finished, this, [this, runner, id, done] {
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
        done();
        Q_EMIT outputsChanged();
        if (problems.isEmpty())
            Q_EMIT statusMessage(tr("Verified: %1 new verdicts, %2 reused.").arg(fresh).arg(reused), false);
        else
            Q_EMIT statusMessage(tr("Verified with problems (those verdicts stay unknown):\n%1").arg(problems.join(u'\n')), true);
        updateButtons();
        Q_EMIT busyChanged();
        Q_EMIT verificationFinished();
    });
    try {
        runner->start(e->sourceText, rules, texts, verifiers, store.verdicts(m_id));
    } catch (const std::exception &err) {
        done();
        Q_EMIT statusMessage(QString::fromUtf8(err.what()), true);
        updateButtons();
        Q_EMIT busyChanged();
        Q_EMIT verificationFinished();
        return;
    }
    updateButtons();
    Q_EMIT busyChanged();
}

void OutputsPanel::cancel()
{
    if (m_translationRunner)
        m_translationRunner->cancel();
    if (m_verificationRunner)
        m_verificationRunner->cancel();
}

void OutputsPanel::addManualOutput()
{
    if (!prepare())
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
    } catch (const StoreError &e) {
        Q_EMIT statusMessage(QString::fromUtf8(e.what()), true);
        return;
    }
    Q_EMIT manualOutputAdded();
    Q_EMIT outputsChanged();
}

void OutputsPanel::removeOutput()
{
    const QModelIndex index = m_matrixView->currentIndex();
    if (!m_project || !index.isValid() || index.data(VerdictMatrixModel::IsReferenceRole).toBool()) {
        Q_EMIT statusMessage(tr("Select an MT output row in the table first."), true);
        return;
    }
    const QString system = m_matrixModel->matrix().rows.value(index.row()).label;
    ExampleStore(m_project->database()).removeTranslation(m_id, system);
    Q_EMIT outputsChanged();
}

void OutputsPanel::editSystems()
{
    if (!m_project)
        return;
    SystemsDialog dialog(m_project, this);
    dialog.exec();
    Q_EMIT outputsChanged();
}

}  // namespace gauntlet
