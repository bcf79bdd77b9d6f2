// OutputsPanel's runs: translating the example with the project's MT systems (TranslationRunner)
// and verifying the reference and outputs (VerificationRunner), with progress, cancel and the
// status line; the panel's widgets and output editing are in outputs_panel.cpp.
#include "app/workspaces/outputs_panel.h"

#include "app/workspaces/verifier_choice_button.h"
#include "engine/store/project.h"
#include "engine/translate/translation_runner.h"
#include "engine/verify/example_store.h"
#include "engine/verify/verification_runner.h"

#include <QProgressBar>

#include <algorithm>
#include <memory>

namespace gauntlet {

void OutputsPanel::translate()
{
    if (!prepare())
        return;
    verify::ExampleStore store(m_project->database());
    QVector<translate::MtSystemConfig> systems;
    for (const translate::MtSystemConfig &s : store.mtSystems())
        if (s.kind != translate::MtSystemConfig::Kind::Manual)
            systems.append(s);
    if (systems.isEmpty()) {
        Q_EMIT statusMessage(tr("The project has no MT systems to run. Add Apertium pairs or a chat endpoint under 'MT systems & verifiers...'."), true);
        return;
    }
    const auto e = store.example(m_id);
    if (!e)
        return;
    Q_EMIT translationStarted(e->sourceText);
    QVector<translate::TranslationJob> jobs;
    for (const translate::MtSystemConfig &s : std::as_const(systems))
        jobs.append({s, {e->sourceLanguage, e->targetLanguage, e->sourceText, e->instructions, e->contextNote}, {}});
    m_translationRunner = new translate::TranslationRunner(this);
    auto *runner = m_translationRunner;
    const qint64 id = m_id;
    auto failures = std::make_shared<QStringList>();
    connect(runner, &translate::TranslationRunner::progress, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
        m_progress->setFormat(tr("Translating: %1 of %2").arg(done).arg(total));
    });
    connect(runner, &translate::TranslationRunner::jobFinished, this, [this, runner, id, failures](int index) {
        const translate::TranslationJob &job = runner->jobs()[index];
        const translate::TranslationResult &r = runner->results()[index];
        try {
            verify::ExampleStore s(m_project->database());
            if (r.status == translate::TranslationResult::Status::Ok) {
                s.setTranslation(id, job.system.name, translate::mtSystemKindName(job.system.kind), r.text);
            } else if (r.status == translate::TranslationResult::Status::Failed) {
                *failures << r.error;
                const auto stored = s.translations(id);
                const bool hasText = std::any_of(stored.begin(), stored.end(),
                                                 [&](const verify::StoredTranslation &t) { return t.system == job.system.name && !t.text.isEmpty(); });
                if (!hasText)
                    s.setTranslation(id, job.system.name, translate::mtSystemKindName(job.system.kind), QString(), r.error);
            }
        } catch (const storage::StoreError &err) {
            *failures << QString::fromUtf8(err.what());
        }
        Q_EMIT outputsChanged();
    });
    connect(runner, &translate::TranslationRunner::finished, this, [this, runner, failures] {
        const bool cancelled = std::any_of(runner->results().begin(), runner->results().end(),
                                           [](const translate::TranslationResult &r) { return r.status == translate::TranslationResult::Status::Cancelled; });
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
    verify::ExampleStore store(m_project->database());
    QVector<verify::VerificationRule> rules;
    for (const verify::StoredRule &r : store.rules(m_id))
        rules.append(r.rule);
    const QVector<verify::VerifierConfig> all = store.verifiers();
    const QVector<verify::VerifierConfig> verifiers = m_verifierChoice->chosen(all);
    const bool llmRules = std::any_of(rules.begin(), rules.end(), [](const verify::VerificationRule &r) { return !r.isStringRule(); });
    if (llmRules && !all.isEmpty() && verifiers.isEmpty()) {
        Q_EMIT statusMessage(tr("Choose at least one verifier in the Verifiers menu next to Verify."), true);
        return;
    }
    const auto e = store.example(m_id);
    QStringList texts{e->reference};
    for (const verify::StoredTranslation &t : store.translations(m_id))
        texts << t.text;
    m_verificationRunner = new verify::VerificationRunner(this);
    auto *runner = m_verificationRunner;
    const qint64 id = m_id;
    connect(runner, &verify::VerificationRunner::progress, this, [this](int done, int total) {
        m_progress->setRange(0, std::max(total, 1));
        m_progress->setValue(done);
        m_progress->setFormat(tr("Verifying: %1 of %2").arg(done).arg(total));
    });
    auto done = [this, runner] {
        runner->deleteLater();
        m_verificationRunner = nullptr;
    };
    connect(runner, &verify::VerificationRunner::finished, this, [this, runner, id, done] {
        QStringList problems;
        try {
            verify::ExampleStore(m_project->database()).saveVerdicts(id, runner->verdicts());
        } catch (const storage::StoreError &err) {
            problems << QString::fromUtf8(err.what());
        }
        for (const verify::VerdictEntry &entry : runner->verdicts().entries())
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

}  // namespace gauntlet
