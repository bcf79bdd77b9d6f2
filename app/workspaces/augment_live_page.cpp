// The Augment workspace's Live tab: the running job's current run, step by step.
#include "app/workspaces/augment_live_page.h"

#include "app/workspaces/augment_session.h"
#include "app/workspaces/run_mt_panel.h"
#include "models/run_history_model.h"
#include "models/seed_queue_model.h"
#include "widgets/trace_view.h"

#include <QVBoxLayout>

namespace gauntlet {

AugmentLivePage::AugmentLivePage(AugmentSession *session, QWidget *parent)
    : QWidget(parent),
      m_session(session),
      m_trace(new RunTraceModel(this)),
      m_view(new TraceView(m_trace, this)),
      m_mt(new RunMtPanel(m_view, QStringLiteral("live"), this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_mt);
    layout->addWidget(m_view, 1);
    m_view->setHeading(tr("No run yet: choose seeds on the left and press Start (Ctrl+R)."));

    connect(session, &AugmentSession::modelsLoading, this, [this] { m_view->setHeading(tr("Loading the models...")); });
    connect(session, &AugmentSession::runStarted, this, [this](int index, qint64 runId, const QString &seed, const ato::AtoConfig &config) {
        m_seedIndex = index;
        m_trace->beginRun(seed, runId);
        m_mt->showStoredTranslations();  // a new run: nothing translated yet
        m_trace->setGuards(config.grammarGuard, config.vocabularyGuard);
        m_trace->setPlannedSteps(ato::plannedSteps(config));  // "step 7 of 8", as the queue says
        m_view->setHeading(tr("Run %1 \u00b7 seed %2 of %3 \u00b7 %4 \u00b7 %5: %6")
                               .arg(runId)
                               .arg(index + 1)
                               .arg(m_session->queue()->rowCount())
                               .arg(RunHistoryModel::methodLabel(QString::fromStdString(ato::methodLabel(config))), guardsText(config), seed));
    });
    connect(session, &AugmentSession::stepsFinished, this, [this](int index, const std::vector<ato::StepFinishedEvent> &steps) {
        if (index == m_seedIndex)
            m_trace->addSteps(steps);
    });
    connect(session, &AugmentSession::phaseChanged, this, [this](int index, int, const QString &phaseSeed) {
        if (index == m_seedIndex)
            m_trace->setPhase2Seed(phaseSeed);
    });
    connect(session, &AugmentSession::archiveScored, this, [this](int index, const ato::ArchiveScoredEvent &scored) {
        if (index == m_seedIndex)
            m_trace->setArchivePerplexities(scored);
    });
    connect(session, &AugmentSession::runEnded, this,
            [this](int index, AugmentSession::RunStatus, const QString &, const std::optional<ato::RunResult> &result) {
                if (index == m_seedIndex)
                    m_trace->setResult(result);
            });
}

void AugmentLivePage::setProject(storage::Project *project)
{
    m_mt->setProject(project);
}

void AugmentLivePage::prepareJob()
{
    m_trace->clear();
    m_view->setHeading(tr("Starting..."));
    m_seedIndex = -1;
}

void AugmentLivePage::jobFinished(bool failed)
{
    if (m_view->stepCount() == 0)
        m_view->setHeading(failed ? tr("Nothing ran: see the message above.") : tr("Stopped before the first step."));
}

QString AugmentLivePage::guardsText(const ato::AtoConfig &config)
{
    if (config.grammarGuard && config.vocabularyGuard)
        return tr("grammar and vocabulary guards");
    if (config.grammarGuard)
        return tr("grammar guard");
    if (config.vocabularyGuard)
        return tr("vocabulary guard");
    return tr("no guards");
}

}  // namespace gauntlet
