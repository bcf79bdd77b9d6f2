#include "app/workspaces/contribute_page.h"
#include "engine/core/arg_text.h"

#include "app/workspaces/acceptance_gate_box.h"
#include "app/workspaces/example_form.h"
#include "app/workspaces/example_list_pane.h"
#include "app/workspaces/outputs_panel.h"
#include "app/workspaces/rules_editor.h"
#include "app/workspaces/seed_picker_dialog.h"
#include "engine/augment/example_from_run.h"
#include "engine/store/project.h"
#include "models/example_list_model.h"

#include <QLabel>
#include <QMessageBox>
#include <QTime>
#include <QTimer>

#include <cmath>
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

void ContributePage::setProfileName(const QString &name)
{
    m_profile = name;
    m_outputs->setProfileName(name);
}

void ContributePage::setProject(storage::Project *project)
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
        verify::ExampleStore store(m_project->database());
        if (const auto e = store.example(m_id); e && e->status != m_exampleStatus) {
            m_exampleStatus = e->status;
            setEditable(editable());
            showExampleStatus(*e);  // e.g. "submitted for review" became "returned" with the reviewer's comment
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
    } catch (const storage::StoreError &e) {
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
    verify::ExampleStore store(m_project->database());
    std::optional<verify::ChallengeExample> e;
    QVector<verify::StoredRule> rules;
    try {
        e = store.example(id);
        rules = store.rules(id);
    } catch (const storage::StoreError &err) {
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
    showExampleStatus(*e);
    m_list->select(id);
    showProvenance(&*e);
    refreshAssessment();
}

void ContributePage::showExampleStatus(const verify::ChallengeExample &e)
{
    const QString status = ExampleListModel::statusLabel(e.status);
    if (e.status == verify::ExampleStatus::Returned && m_project) {
        // The reviewer's reason, from the latest return in the history (issue 32: only Review showed it).
        QString reviewer, comment;
        for (const verify::ExampleEvent &ev : verify::ExampleStore(m_project->database()).history(e.id))
            if (ev.kind == QLatin1String("status") && ev.toStatus == QLatin1String("returned")) {
                reviewer = ev.author;
                comment = ev.comment;
            }
        showStatus(tr("Example %1 was returned by %2: \"%3\". Edit it and submit it again.").arg(core::argText(e.id), core::argText(reviewer), core::argText(comment)), false);
        return;
    }
    showStatus(editable() ? tr("Example %1 (%2)").arg(e.id).arg(status) : tr("Example %1 is %2 and cannot be edited.").arg(e.id).arg(status),
               false);
}

void ContributePage::showProvenance(const verify::ChallengeExample *example)
{
    QStringList lines;
    try {
        if (example && m_project) {
            const auto number = [](double v) { return std::isnan(v) ? QStringLiteral("-") : QString::number(v, 'f', 3); };
            for (const augment::ExampleProvenance &p : augment::exampleProvenance(m_project->database(), *example)) {
                if (!p.runExists) {
                    lines << tr("Made from augmentation run %1, which is no longer in the project.").arg(p.runId);
                    continue;
                }
                QString line = tr("Made from <a href=\"run:%1\">augmentation run %1</a> (%2) of seed %3: \u201c%4\u201d")
                                   .arg(core::argText(p.runId), core::argText(p.method.toHtmlEscaped()), core::argText(p.seedId ? QString::number(*p.seedId) : tr("(typed)")), core::argText(p.seedText.toHtmlEscaped()));
                if (!p.selectedBy.isEmpty())
                    line += QStringLiteral("<br>")
                            + (p.fromOutput ? tr("Difficulty D: %1 (seed) \u2192 %2 (output, lower is harder)").arg(number(p.difficultyBefore), number(p.difficultyAfter))
                                            : tr("Difficulty D: %1 (seed) \u2192 %2 (this text, %3; lower is harder)")
                                                  .arg(number(p.difficultyBefore), number(p.difficultyAfter), p.selectedBy.toHtmlEscaped()));
                lines << line;
            }
        }
    } catch (const std::exception &e) {
        lines << QString::fromUtf8(e.what()).toHtmlEscaped();
    }
    m_provenance->setText(lines.join(QStringLiteral("<br>")));
    m_provenance->setVisible(!lines.isEmpty());
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
        verify::ExampleStore store(m_project->database());
        const verify::ExampleAssessment a = assessLive(store, m_id, editable());
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
        verify::ExampleStore(m_project->database()).submit(m_id, m_profile);
    } catch (const storage::StoreError &e) {
        return QString::fromUtf8(e.what());
    }
    m_exampleStatus = verify::ExampleStatus::Submitted;
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
    verify::ExampleStore(m_project->database()).removeExample(m_id);
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
    verify::ChallengeExample e = m_form->collect();
    e.id = m_id;
    e.author = m_profile;
    QString ruleError;
    const QVector<verify::VerificationRule> rules = m_rules->collectRules(&ruleError);
    m_rules->markInvalidRules();
    try {
        e.validate();
    } catch (const storage::StoreError &err) {
        showStatus(m_id ? tr("Not saved: %1").arg(QString::fromUtf8(err.what())) : tr("Not saved yet: %1").arg(QString::fromUtf8(err.what())),
                   true);
        return false;
    }
    if (!ruleError.isEmpty()) {
        showStatus(tr("Not saved: %1").arg(ruleError), true);
        return false;
    }
    try {
        verify::ExampleStore store(m_project->database());
        if (m_id == 0) {
            m_id = store.addExample(e);
            m_exampleStatus = verify::ExampleStatus::Draft;
        } else {
            store.updateExample(e);
        }
        store.setRules(m_id, rules, m_profile);
    } catch (const storage::StoreError &err) {
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
    m_exampleStatus = verify::ExampleStatus::Draft;
    m_form->clear();
    m_rules->clear();
    m_translatedSource.clear();
    m_hasOutputs = false;
    m_loading = false;
    m_dirty = false;
    m_list->select(0);
    showProvenance(nullptr);
    m_outputs->setExampleId(0);
    m_outputs->setMatrix({});
    setEditable(true);
    m_gate = verify::GateResult();
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
