#include "app/workspaces/contribute_page.h"

#include "app/workspaces/acceptance_gate_box.h"
#include "app/workspaces/example_form.h"
#include "app/workspaces/example_list_pane.h"
#include "app/workspaces/outputs_panel.h"
#include "app/workspaces/rules_editor.h"
#include "app/workspaces/seed_picker_dialog.h"
#include "engine/store/project.h"
#include "models/example_list_model.h"

#include <QLabel>
#include <QMessageBox>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QTime>
#include <QTimer>
#include <QVBoxLayout>

#include <memory>

namespace gauntlet {

namespace {
constexpr int AutosaveDelayMs = 800;
}  // namespace

ContributePage::ContributePage(QWidget *parent) : QWidget(parent), m_autosave(new QTimer(this))
{
    setObjectName(QStringLiteral("contributePage"));
    m_autosave->setSingleShot(true);
    m_autosave->setInterval(AutosaveDelayMs);
    connect(m_autosave, &QTimer::timeout, this, [this] { saveNow(); });
    m_profile = qEnvironmentVariable("USER", QStringLiteral("anonymous"));
    buildUi();
    newExample();
}

void ContributePage::buildUi()
{
    m_list = new ExampleListPane(this);
    connect(m_list, &ExampleListPane::newRequested, this, [this] {
        if (confirmDiscard())
            newExample();
    });
    connect(m_list, &ExampleListPane::seedRequested, this, &ContributePage::chooseSeed);
    connect(m_list, &ExampleListPane::deleteRequested, this, &ContributePage::removeCurrentExample);
    connect(m_list, &ExampleListPane::exampleChosen, this, &ContributePage::openExample);

    // Right: the example and its rules (scrolled), then the outputs, verdicts and gate in view below.
    auto *form = new QWidget(this);
    auto *formLayout = new QVBoxLayout(form);
    m_form = new ExampleForm(form);
    m_rules = new RulesEditor(form);
    formLayout->addWidget(m_form);
    formLayout->addWidget(m_rules);
    formLayout->addStretch(1);
    connect(m_form, &ExampleForm::edited, this, &ContributePage::markDirty);
    connect(m_rules, &RulesEditor::edited, this, &ContributePage::markDirty);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(form);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    m_outputs = new OutputsPanel(this);
    m_outputs->setBeforeRun([this] { return saveNow(); });
    connect(m_outputs, &OutputsPanel::translationStarted, this, [this](const QString &source) { m_translatedSource = source; });
    connect(m_outputs, &OutputsPanel::manualOutputAdded, this, [this] {
        if (!m_hasOutputs)
            m_translatedSource = m_form->sourceText();
    });
    connect(m_outputs, &OutputsPanel::outputsChanged, this, &ContributePage::refreshAssessment);
    connect(m_outputs, &OutputsPanel::verdictsChanged, this, [this] {
        refreshAssessment();
        Q_EMIT examplesChanged();
    });
    connect(m_outputs, &OutputsPanel::busyChanged, this, &ContributePage::updateButtons);
    connect(m_outputs, &OutputsPanel::statusMessage, this, &ContributePage::showStatus);
    m_gateBox = new AcceptanceGateBox(this);
    connect(m_gateBox, &AcceptanceGateBox::submitRequested, this, [this] {
        const QString error = submit();
        if (!error.isEmpty())
            QMessageBox::warning(this, tr("Cannot submit"), error);
    });

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("contributeStatusLabel"));
    m_status->setWordWrap(true);
    auto *results = new QWidget(this);
    auto *resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    resultsLayout->addWidget(m_outputs, 1);
    resultsLayout->addWidget(m_gateBox);
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
    splitter->addWidget(m_list);
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({260, 800});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(splitter);

    const auto shortcut = [this](const QKeySequence &keys, auto action) {
        auto *s = new QShortcut(keys, this, action);
        s->setContext(Qt::WidgetWithChildrenShortcut);
    };
    shortcut(QKeySequence::Save, [this] { saveNow(); });
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_T), [this] {
        if (m_outputs->canTranslate())
            m_outputs->translate();
    });
    shortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V), [this] {
        if (m_outputs->canVerify())
            m_outputs->verify();
    });
    shortcut(QKeySequence(Qt::Key_Escape), [this] { m_outputs->cancel(); });
}

void ContributePage::setProfileName(const QString &name)
{
    m_profile = name;
    m_outputs->setProfileName(name);
}

void ContributePage::setProject(Project *project)
{
    m_project = project;
    m_outputs->setProject(project);
    m_list->setProject(project);
    newExample();
}

void ContributePage::reloadList()
{
    m_list->reload(m_id);
    if (m_id && m_project) {
        ExampleStore store(m_project->database());
        if (const auto e = store.example(m_id); e && e->status != m_exampleStatus) {
            m_exampleStatus = e->status;
            setEditable(editable());
            refreshAssessment();
        }
    }
}







void ContributePage::chooseSeed()
{
    if (!m_project)
        return;
    std::unique_ptr<SeedPickerDialog> dialog;
    try {
        dialog = std::make_unique<SeedPickerDialog>(*m_project, this);
    } catch (const StoreError &e) {
        showStatus(QString::fromUtf8(e.what()), true);
        return;
    }
    if (dialog->exec() != QDialog::Accepted || dialog->selectedText().isEmpty())
        return;
    // Seed sets do not record their language: the contributor names it.
    newExampleFromText(dialog->selectedText(), QString());
}

void ContributePage::openExample(qint64 id)
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
    m_form->load(*e);
    m_rules->loadRules(rules);
    m_translatedSource = e->sourceText;
    m_loading = false;
    m_dirty = false;
    setEditable(editable());
    const QString status = ExampleListModel::statusLabel(e->status);
    showStatus(editable() ? tr("Example %1 (%2)").arg(id).arg(status) : tr("Example %1 is %2 and cannot be edited.").arg(id).arg(status),
               false);
    m_list->select(id);
    refreshAssessment();
}

void ContributePage::setEditable(bool editable)
{
    m_form->setEditable(editable);
    m_rules->setEditable(editable);
    updateButtons();
}

void ContributePage::refreshAssessment()
{
    m_outputs->setExampleId(m_id);
    if (!m_project || m_id == 0) {
        m_outputs->setMatrix({});
        updateButtons();
        return;
    }
    try {
        ExampleStore store(m_project->database());
        const ExampleAssessment a = assessLive(store, m_id, editable());
        m_hasOutputs = !store.translations(m_id).isEmpty();
        m_outputs->setMatrix(a.matrix);
        m_gate = a.gate;
        m_gateBox->showAssessment(a, outputsStale());
    } catch (const std::exception &e) {
        showStatus(QString::fromUtf8(e.what()), true);
    }
    updateButtons();
}

bool ContributePage::outputsStale() const
{
    return m_hasOutputs && m_form->sourceText() != m_translatedSource;
}

void ContributePage::updateButtons()
{
    const bool busy = m_outputs->isBusy();
    const bool ready = m_project && m_id != 0;
    m_outputs->setEditable(editable());
    m_list->updateButtons(m_project != nullptr, ready, busy);
    m_gateBox->setSubmitEnabled(ready && editable() && !busy && m_gate.holds() && !m_dirty && !outputsStale());
}

QString ContributePage::submit()
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

void ContributePage::removeCurrentExample()
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

void ContributePage::markDirty()
{
    if (m_loading)
        return;
    m_dirty = true;
    showStatus(tr("Editing..."), false);
    m_autosave->start();
}

void ContributePage::showStatus(const QString &text, bool error)
{
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #c62828") : QString());
}

bool ContributePage::saveNow()
{
    m_autosave->stop();
    if (!m_dirty)
        return true;
    if (!m_project) {
        showStatus(tr("Open a project to save examples."), true);
        return false;
    }
    ChallengeExample e = m_form->collect();
    e.id = m_id;
    e.author = m_profile;
    QString ruleError;
    const QVector<VerificationRule> rules = m_rules->collectRules(&ruleError);
    m_rules->markInvalidRules();
    try {
        e.validate();
    } catch (const StoreError &err) {
        showStatus(m_id ? tr("Not saved: %1").arg(QString::fromUtf8(err.what())) : tr("Not saved yet: %1").arg(QString::fromUtf8(err.what())),
                   true);
        return false;
    }
    if (!ruleError.isEmpty()) {
        showStatus(tr("Not saved: %1").arg(ruleError), true);
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

bool ContributePage::confirmDiscard()
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

void ContributePage::newExample()
{
    m_autosave->stop();
    m_loading = true;
    m_id = 0;
    m_exampleStatus = ExampleStatus::Draft;
    m_form->clear();
    m_rules->clear();
    m_translatedSource.clear();
    m_hasOutputs = false;
    m_loading = false;
    m_dirty = false;
    m_list->select(0);
    m_outputs->setExampleId(0);
    m_outputs->setMatrix({});
    setEditable(true);
    m_gate = GateResult();
    m_gateBox->showStartHint();
    updateButtons();
    showStatus(m_project ? tr("New example: it is saved as a draft once it has both languages and a source text.")
                         : tr("Open a project to author examples."),
               false);
}

void ContributePage::newExampleFromText(const QString &text, const QString &language)
{
    if (!confirmDiscard())
        return;
    newExample();
    m_form->setSource(text, language);  // marks the example dirty: it is saved once both languages are given
    m_form->focusLanguage();
}

}  // namespace gauntlet
