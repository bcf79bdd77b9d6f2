// RunMtPanel's runs: translating a run's texts on its BackgroundJob (engine/augment/run_translations.h
// translateRun with its own database connection) and creating examples from the run
// (engine/augment/example_from_run.h). The bar's widgets and menus are in run_mt_panel.cpp.
#include "app/workspaces/run_mt_panel.h"

#include "app/workspaces/background_job.h"
#include "app/workspaces/contribute_workspace.h"
#include "engine/augment/example_from_run.h"
#include "engine/core/settings.h"
#include "engine/store/database.h"
#include "engine/store/project.h"
#include "models/best_path.h"
#include "widgets/best_path_view.h"
#include "widgets/trace_view.h"

#include <QLabel>
#include <QProgressBar>

#include <utility>

namespace gauntlet {

bool RunMtPanel::startTranslation(const QVector<augment::RunText> &texts, std::optional<PendingExample> createAfter)
{
    if (!m_project || m_view->runId() <= 0) {
        Q_EMIT errorOccurred(tr("There is no stored run to translate: open a project and start or select a run."));
        return false;
    }
    if (isBusy()) {
        Q_EMIT errorOccurred(tr("A translation is still running: wait for it or press Cancel."));
        return false;
    }
    augment::RunTranslateOptions options;
    options.systems = chosenSystems();
    if (options.systems.isEmpty()) {
        Q_EMIT errorOccurred(tr("No MT system is checked under Systems. Add an Apertium pair or an endpoint in Contribute under 'MT systems & verifiers...'"));
        return false;
    }
    options.texts.texts = texts;
    m_pending = std::move(createAfter);
    const QString path = m_project->path();
    const qint64 runId = m_view->runId();
    m_report = std::make_shared<augment::RunTranslateReport>();
    m_progress->setRange(0, 0);
    m_progress->setFormat(tr("Translating..."));
    m_progress->show();
    m_status->setText(tr("Translating %n text(s) with %1...", nullptr, int(texts.size())).arg(options.systems.join(QStringLiteral(", "))));
    m_job->start(QStringLiteral("translate"),
                 [this, path, runId, options, report = m_report](BackgroundJob::Control &control) mutable {
                     options.cancel = control.cancelFlag();
                     options.progress = [&control](int done, int total) { control.progress(done, total); };
                     // delivered on the GUI thread; the destructor waits for this job, so `this` outlives them
                     options.translated = [this](const augment::RunTranslation &t) {
                         QMetaObject::invokeMethod(this, [this, t] {
                             if (m_view->runId() != t.runId)
                                 return;  // the view moved on to another run meanwhile (stored all the same)
                             addTranslation(t);
                             m_view->setPathTranslations(m_byText);
                         }, Qt::QueuedConnection);
                     };
                     const auto db = storage::Database::open(path, storage::Database::Mode::ReadWrite);
                     *report = translateRun(*db, runId, options);
                     return QString();
                 },
                 nullptr);
    updateButtons();
    return true;
}

void RunMtPanel::finishTranslation(const augment::RunTranslateReport &report, const QString &error)
{
    m_progress->hide();
    QString summary = report.cancelled ? tr("Cancelled: %1 translated, %2 already stored; finished translations are kept.")
                                       : tr("%1 translated, %2 already stored.");
    summary = summary.arg(report.translated).arg(report.reused);
    if (report.refused > 0)
        summary += QLatin1Char(' ') + tr("%n refused: the run's budget of endpoint requests is spent.", nullptr, report.refused);
    if (report.failed > 0)
        summary += QLatin1Char(' ') + tr("%n failed.", nullptr, report.failed);
    // a candidate's translations do not show on the path: say them here
    for (const augment::RunText &t : report.texts) {
        if (!t.label.startsWith(QLatin1String("candidate")))
            continue;
        for (const augment::RunTranslation &r : report.rows)
            if (r.text == t.text)
                summary += QStringLiteral("\n%1: %2").arg(systemLabel(r), r.translation)
                           + (r.unknownWords > 0 ? QStringLiteral(" (") + (r.unknownWords == 1 ? tr("1 unknown word") : tr("%1 unknown words").arg(r.unknownWords)) + QLatin1Char(')') : QString());
    }
    m_status->setText(error.isEmpty() ? summary : QString());
    if (!error.isEmpty())
        Q_EMIT errorOccurred(tr("Translation failed: %1").arg(error));
    else if (!report.problems.isEmpty())
        Q_EMIT errorOccurred(tr("Some translations were not made (the others are stored):\n%1").arg(report.problems.join(QLatin1Char('\n'))));
    updateButtons();
    Q_EMIT translationFinished();
    const std::optional<PendingExample> pending = std::exchange(m_pending, std::nullopt);
    if (pending && error.isEmpty() && !report.cancelled)
        makeExample(*pending);
}

void RunMtPanel::createExample()
{
    const QVector<PathEntry> &path = m_view->bestPathView()->path();
    if (!m_project || m_view->runId() <= 0 || path.isEmpty()) {
        Q_EMIT errorOccurred(tr("There is no run to make an example from: start a run or select one in History."));
        return;
    }
    const PathEntry &last = path.constLast();
    PendingExample pending{last.text, QStringLiteral("step %1, the best text so far").arg(last.step), last.kind == PathEntry::Kind::Output};
    makeExample(pending);
}

void RunMtPanel::createExampleFromSelectedCandidate()
{
    const QVector<augment::RunText> texts = selectedCandidates();
    if (texts.size() != 1) {
        Q_EMIT errorOccurred(tr("Select one candidate in the archive to make an example from."));
        return;
    }
    makeExample(PendingExample{texts.front().text, QStringLiteral("archive %1").arg(texts.front().label), false});
}

void RunMtPanel::makeExample(const PendingExample &pending)
{
    if (!m_project)
        return;
    if (isBusy()) {
        Q_EMIT errorOccurred(tr("A translation is still running: wait for it or press Cancel."));
        return;
    }
    augment::ExampleFromRunOptions options;
    options.runId = m_view->runId();
    options.author = m_settings ? m_settings->value(ContributeWorkspace::KeyProfileName).toString().trimmed() : QString();
    for (const char *variable : {"GAUNTLET_PROFILE", "USER"})
        if (options.author.isEmpty())
            options.author = qEnvironmentVariable(variable).trimmed();
    if (options.author.isEmpty())
        options.author = QStringLiteral("anonymous");
    if (!pending.output) {
        options.text = pending.text;
        options.origin = pending.origin;
    }
    try {
        storage::Database &db = m_project->database();
        if (augment::RunTranslationStore(db).translationsOfText(options.runId, pending.text).isEmpty()) {
            // the example's MT outputs and target language come from the run's translations: make them first
            startTranslation({augment::RunText{pending.output ? QStringLiteral("output") : pending.origin, pending.text}}, pending);
            return;
        }
        // One draft per target language the text was translated into, each named by its language.
        const QVector<augment::ExampleFromRunResult> made = augment::createExamplesFromRun(db, options);
        QStringList parts;
        for (const augment::ExampleFromRunResult &m : made)
            parts << tr("%1 (%2, %n MT output(s))", nullptr, m.outputs).arg(m.exampleId).arg(m.targetLanguage);
        m_status->setText(tr("Created draft example(s) %1.").arg(parts.join(QStringLiteral(", "))));
        Q_EMIT exampleCreated(made.constFirst().exampleId);
    } catch (const std::exception &e) {
        Q_EMIT errorOccurred(tr("Could not create the example: %1").arg(QString::fromUtf8(e.what())));
    }
}

}  // namespace gauntlet
