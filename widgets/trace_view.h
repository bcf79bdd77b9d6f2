// One ATO run, live or replayed: a step slider, the beam table of the chosen step, the objective
// chart, the best path, the candidate archive (sortable, filterable, the output marked) and the
// chosen step's candidate pool with each candidate's fate, with the
// independent judges' verdicts on a finished run's seed and output and, per step, how many
// candidates the guards refused. While a run streams, the view follows the newest step unless the
// user moved the slider back. The view renders a RunTraceModel its page owns; its tables (the step
// statistics behind the chart, the beam table, the candidate archive) are views over that trace
// (models/run_trace_model.h TraceTableModel), not copies of it.
#pragma once

#include "models/best_path.h"
#include "models/run_trace_model.h"
#include "engine/ato/run_events.h"

#include <QHash>
#include <QWidget>

#include <optional>
#include <vector>

class QLabel;
class QLineEdit;
class QSlider;
class QSplitter;
class QSortFilterProxyModel;
class QTableView;
class QTabWidget;

namespace gauntlet {

class BeamTableModel;
class BeamTableView;
class BestPathView;
class CandidateArchiveModel;
class CandidatePoolView;
class ObjectiveChart;
class StepStatsModel;

class TraceView : public QWidget {
    Q_OBJECT
public:
    /// Renders `trace` (not owned; its owner fills it: the live page from the job's events, a
    /// replay from the store). Issue 36: the view no longer holds the run or forwards to it.
    explicit TraceView(RunTraceModel *trace, QWidget *parent = nullptr);

    /// The line under the heading that says how the run ended: whether the output is harder than
    /// the seed (D before and after) and the search's notes; empty while a run goes on.
    QString resultText() const;
    /// The MT translations of the run's texts (text -> one per system) shown beside the best path's
    /// entries (models/best_path.h attachTranslations); cleared when another run is shown.
    void setPathTranslations(const QHash<QString, QVector<PathTranslation>> &translations);
    const QHash<QString, QVector<PathTranslation>> &pathTranslations() const { return m_translations; }

    qint64 runId() const { return m_trace->runId(); }
    QString seedText() const { return m_trace->seedText(); }
    int stepCount() const { return int(m_trace->steps().size()); }
    /// The trace this view renders (not owned).
    RunTraceModel *traceModel() const { return m_trace; }
    /// Index into the steps (0 = the seed), -1 when empty.
    int currentIndex() const { return m_current; }
    void setCurrentIndex(int index);
    /// Lets the archive model read the candidates that arrived while the archive tab was hidden
    /// (CandidateArchiveModel::readSource; the view does this itself when the tab is shown) and
    /// marks the output.
    void flushArchive();
    void nextStep();
    void previousStep();
    /// A short heading above the view ("Run 12 · seed ..." or "Live").
    void setHeading(const QString &heading);

    BeamTableModel *beamModel() const { return m_beamModel; }
    StepStatsModel *statsModel() const { return m_statsModel; }
    CandidateArchiveModel *archiveModel() const { return m_archiveModel; }
    QSortFilterProxyModel *archiveProxy() const { return m_archiveProxy; }
    ObjectiveChart *chart() const { return m_chart; }
    BestPathView *bestPathView() const { return m_bestPath; }
    BeamTableView *beamView() const { return m_beamView; }
    QTableView *archiveView() const { return m_archiveView; }
    /// The pool of the step the slider shows, each candidate with its fate (issue 34 item 6).
    CandidatePoolView *poolView() const { return m_poolView; }
    QSlider *slider() const { return m_slider; }
    /// Below this width the objective chart moves into the tabs (setNarrow).
    static constexpr int NarrowWidth = 900;
    bool isNarrow() const { return m_narrow; }
    /// The tabs under the beam table: Objective (when narrow), Best path, Candidate archive, Candidate pool.
    QTabWidget *tabs() const { return m_tabs; }
    QLabel *stepLabel() const { return m_stepLabel; }

Q_SIGNALS:
    void currentIndexChanged(int index);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void setTraceModel(RunTraceModel *model);
    void setNarrow(bool narrow);
    void traceReset();
    void stepsAppended(int first, int last, int firstCandidates);
    void detailsChanged();
    void showCurrent();
    void updateSliderRange();
    /// " · refused: vocabulary 12, grammar 3" for the guards the run has on (or that refused anything).
    QString guardText(const ato::StepFinishedEvent &step) const;

    RunTraceModel *m_trace = nullptr;
    QHash<QString, QVector<PathTranslation>> m_translations;
    size_t m_archived = 0;  ///< entries of m_trace->candidates() already in the archive model
    size_t m_fatesNoted = 0;  ///< steps whose pool's fates the archive model has (noteFates)
    bool archiveVisible() const;
    /// Gives the pool view the current step's pool when its tab is shown (and the step changed).
    void showPool();
    int m_poolStep = -1;  ///< the step index whose pool the pool view holds (-1: none)
    int m_current = -1;

    QLabel *m_heading;
    QLabel *m_resultLine = nullptr;  ///< how the run ended (resultText); hidden while it runs
    void showResultLine();
    QSlider *m_slider;
    QLabel *m_stepLabel;
    BeamTableModel *m_beamModel;
    BeamTableView *m_beamView;
    StepStatsModel *m_statsModel;
    ObjectiveChart *m_chart;
    BestPathView *m_bestPath;
    CandidateArchiveModel *m_archiveModel;
    QSortFilterProxyModel *m_archiveProxy;
    QTableView *m_archiveView;
    QSplitter *m_lower = nullptr;  ///< chart | tabs when wide
    bool m_narrow = false;
    QWidget *m_archivePage;
    QLineEdit *m_archiveFilter;
    CandidatePoolView *m_poolView;
    QTabWidget *m_tabs;
};

}  // namespace gauntlet
