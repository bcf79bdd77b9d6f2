// The Augment workspace's Live tab, the "view" end of seed -> search -> store -> view while a job
// runs: one TraceView that follows AugmentSession's events for the run in progress (runStarted,
// stepsFinished, phaseChanged, archiveScored, runEnded) with a heading saying which run it is, and
// the MT bar (RunMtPanel) that translates its best path and makes an example from it.
#pragma once

#include "engine/ato/ato_config.h"

#include <QWidget>

namespace gauntlet {

class AugmentSession;
namespace storage { class Project; }
class RunMtPanel;
class RunTraceModel;
class TraceView;

class AugmentLivePage : public QWidget {
    Q_OBJECT
public:
    /// Follows the runs of `session`'s jobs.
    explicit AugmentLivePage(AugmentSession *session, QWidget *parent = nullptr);

    TraceView *view() const { return m_view; }
    /// The live run's trace, which the page fills from the session's events and the view renders.
    RunTraceModel *trace() const { return m_trace; }
    /// The MT bar above the trace (translations of the run, Create Example).
    RunMtPanel *mtPanel() const { return m_mt; }
    void setProject(storage::Project *project);
    /// Empties the view for a job about to start ("Starting...").
    void prepareJob();
    /// Says why nothing is shown when the job ended before its first step (`failed`: an error was shown).
    void jobFinished(bool failed);

    /// "grammar and vocabulary guards", ..., "no guards", for the run headings (Live and History).
    static QString guardsText(const ato::AtoConfig &config);

private:
    AugmentSession *m_session;
    RunTraceModel *m_trace;
    TraceView *m_view;
    RunMtPanel *m_mt;
    /// The job's seed index of the run shown, -1 before the first run starts.
    int m_seedIndex = -1;
};

}  // namespace gauntlet
