#include "widgets/trace_view.h"

#include <algorithm>

#include "engine/ato/run_history.h"
#include "models/beam_table_model.h"
#include "models/best_path.h"
#include "models/candidate_archive_model.h"
#include "models/run_trace_model.h"
#include "widgets/responsive_columns.h"
#include "engine/judge/judge_text.h"
#include "models/step_stats_model.h"
#include "widgets/beam_table_view.h"
#include "widgets/best_path_view.h"
#include "widgets/candidate_pool_view.h"
#include "widgets/objective_chart.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace gauntlet {

namespace {

QString qs(const std::string &s)
{
    return QString::fromUtf8(s.data(), int(s.size()));
}

QString outputText(const std::optional<ato::RunResult> &result)
{
    return result ? qs(result->outputText) : QString();
}

nlohmann::json outputJudges(const std::optional<ato::RunResult> &result)
{
    return result ? judge::judgeReportOf(result->judges, "output") : nlohmann::json();
}

}  // namespace

TraceView::TraceView(RunTraceModel *trace, QWidget *parent)
    : QWidget(parent), m_heading(new QLabel(this)), m_slider(new QSlider(Qt::Horizontal, this)), m_stepLabel(new QLabel(this)),
      m_beamModel(new BeamTableModel(trace, this)), m_beamView(new BeamTableView(this)), m_statsModel(new StepStatsModel(trace, this)),
      m_chart(new ObjectiveChart(this)), m_bestPath(new BestPathView(this)), m_archiveModel(new CandidateArchiveModel(trace, this)),
      m_archiveProxy(new QSortFilterProxyModel(this)), m_archiveView(new QTableView(this)), m_archiveFilter(new QLineEdit(this)),
      m_poolView(new CandidatePoolView(this)), m_tabs(new QTabWidget(this))
{
    QFont headingFont = m_heading->font();
    headingFont.setBold(true);
    m_heading->setFont(headingFont);
    m_heading->setObjectName(QStringLiteral("traceHeading"));
    m_heading->setWordWrap(true);
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_slider->setRange(0, 0);
    m_slider->setPageStep(1);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setEnabled(false);
    m_slider->setToolTip(tr("Step shown in the beam table (Alt+Left / Alt+Right)"));
    // The slider keeps a usable width beside the step label, which wraps (issue 34: in Compare at
    // the default size, and in German, the label's guard counts left the slider about 10 px).
    m_slider->setMinimumWidth(140);
    m_stepLabel->setWordWrap(true);
    m_stepLabel->setMinimumWidth(120);
    m_stepLabel->setToolTip(tr("The step shown; with guards on, the candidates of this step each guard refused: the vocabulary "
                               "guard drops candidates that add a word outside common present-day English; the grammar guard "
                               "keeps a candidate out of the beam when link-grammar parses it worse than the seed or a changed word "
                               "changes its part of speech"));
    connect(m_slider, &QSlider::valueChanged, this, [this](int value) {
        if (value != m_current)
            setCurrentIndex(value);
    });

    m_beamView->setBeamModel(m_beamModel);
    m_chart->setStatsModel(m_statsModel);

    m_archiveProxy->setSourceModel(m_archiveModel);
    m_archiveProxy->setSortRole(CandidateArchiveModel::ValueRole);
    m_archiveProxy->setFilterKeyColumn(CandidateArchiveModel::TextColumn);
    m_archiveProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_archiveView->setModel(m_archiveProxy);
    m_archiveView->setSortingEnabled(true);
    m_archiveView->sortByColumn(CandidateArchiveModel::LossColumn, Qt::AscendingOrder);
    m_archiveView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_archiveView->setAlternatingRowColors(true);
    m_archiveView->verticalHeader()->hide();
    // The Text column keeps at least 35 % and PPL stays on screen: narrow archives drop the judges,
    // "selected" (the output stays bold), L_cos, L_CoLA, the phase and then the fate (what became of
    // each candidate, which the guide promises: a review found it hidden at 1600x1000) first.
    auto *archiveColumns = new ResponsiveColumns(m_archiveView, CandidateArchiveModel::TextColumn,
                                                 {CandidateArchiveModel::JudgesColumn, CandidateArchiveModel::SelectedColumn,
                                                  CandidateArchiveModel::CohesionColumn, CandidateArchiveModel::FluencyColumn,
                                                  CandidateArchiveModel::PhaseColumn, CandidateArchiveModel::FateColumn,
                                                  CandidateArchiveModel::StepColumn},
                                                 0.35);
    archiveColumns->setFixedWidth(CandidateArchiveModel::StepColumn, 48);
    archiveColumns->setFixedWidth(CandidateArchiveModel::PhaseColumn, 52);
    archiveColumns->setFixedWidth(CandidateArchiveModel::JudgesColumn, 200);
    archiveColumns->setFixedWidth(CandidateArchiveModel::SelectedColumn, 110);
    archiveColumns->setFixedWidth(CandidateArchiveModel::FateColumn, 120);
    m_archiveFilter->setPlaceholderText(tr("Filter the archive by text..."));
    m_archiveFilter->setClearButtonEnabled(true);
    connect(m_archiveFilter, &QLineEdit::textChanged, m_archiveProxy, &QSortFilterProxyModel::setFilterFixedString);
    auto *archivePage = new QWidget(this);
    m_archivePage = archivePage;
    auto *archiveLayout = new QVBoxLayout(archivePage);
    archiveLayout->setContentsMargins(0, 4, 0, 0);
    archiveLayout->addWidget(m_archiveFilter);
    archiveLayout->addWidget(m_archiveView);

    // four tabs (the chart's too when narrow) must not widen the view past a laptop screen
    m_tabs->setUsesScrollButtons(true);
    m_tabs->setElideMode(Qt::ElideRight);
    m_tabs->addTab(m_bestPath, tr("Best path"));
    m_tabs->setTabToolTip(0, tr("Best path: the chain of texts that led to the best member, step by step"));
    m_tabs->addTab(archivePage, tr("Candidate archive"));
    m_tabs->setTabToolTip(m_tabs->indexOf(archivePage), tr("Candidate archive: every candidate the run scored"));
    m_tabs->addTab(m_poolView, tr("Candidate pool"));
    m_tabs->setTabToolTip(m_tabs->indexOf(m_poolView), tr("Candidate pool: every candidate of the step shown, with what became of it and why"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (archiveVisible())
            flushArchive();
        showPool();
    });

    auto *top = new QHBoxLayout;
    top->addWidget(m_heading, 1);
    auto *stepBox = new QHBoxLayout;
    stepBox->addWidget(new QLabel(tr("Step:"), this));
    stepBox->addWidget(m_slider, 3);
    stepBox->addWidget(m_stepLabel, 2);

    m_lower = new QSplitter(Qt::Horizontal, this);
    m_lower->addWidget(m_chart);
    m_lower->addWidget(m_tabs);
    m_lower->setStretchFactor(0, 1);
    m_lower->setStretchFactor(1, 1);
    m_lower->setChildrenCollapsible(false);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_beamView);
    split->addWidget(m_lower);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    m_resultLine = new QLabel(this);
    m_resultLine->setObjectName(QStringLiteral("traceResultLine"));
    m_resultLine->setWordWrap(true);
    m_resultLine->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_resultLine->hide();
    layout->addWidget(m_resultLine);
    layout->addLayout(stepBox);
    layout->addWidget(split, 1);
    setTraceModel(trace);
}

void TraceView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    setNarrow(width() < NarrowWidth);
}

void TraceView::setNarrow(bool narrow)
{
    if (narrow == m_narrow)
        return;
    m_narrow = narrow;
    // Narrow (Compare, small windows): the chart becomes the first tab beside the best path and
    // the archive, so each gets the view's whole width; wide: chart and tabs side by side.
    QWidget *current = m_tabs->currentWidget();
    if (narrow) {
        m_tabs->insertTab(0, m_chart, tr("Objective"));
        m_tabs->setTabToolTip(0, tr("Objective: the objective and its terms per step"));
    } else {
        m_tabs->removeTab(m_tabs->indexOf(m_chart));
        m_lower->insertWidget(0, m_chart);
        m_chart->show();
    }
    if (current && m_tabs->indexOf(current) >= 0)
        m_tabs->setCurrentWidget(current);
}

void TraceView::setHeading(const QString &heading)
{
    m_heading->setText(heading);
    m_heading->setVisible(!heading.isEmpty());
}

void TraceView::setTraceModel(RunTraceModel *model)
{
    if (model == m_trace || model == nullptr)
        return;
    if (m_trace)
        disconnect(m_trace, nullptr, this, nullptr);
    m_trace = model;
    // the sub-models follow the trace's resets (and the statistics its appended rows) before this view does
    m_beamModel->setSourceTrace(m_trace);
    m_statsModel->setSourceTrace(m_trace);
    m_archiveModel->setSourceTrace(m_trace);
    connect(m_trace, &QAbstractItemModel::modelReset, this, &TraceView::traceReset);
    connect(m_trace, &RunTraceModel::stepsAppended, this, &TraceView::stepsAppended);
    connect(m_trace, &RunTraceModel::detailsChanged, this, &TraceView::detailsChanged);
    connect(m_trace, &RunTraceModel::perplexitiesScored, this, [this](const ato::ArchiveScoredEvent &scored) {
        flushArchive();  // the entries the scores belong to must be in the archive model first
        m_archiveModel->setPerplexities(scored.phase, scored.perplexities);
    });
    traceReset();
}

QString TraceView::guardText(const ato::StepFinishedEvent &s) const
{
    QStringList parts;
    if (m_trace->vocabularyGuard() || s.vocabularyRejected > 0)
        parts << tr("vocabulary %1").arg(s.vocabularyRejected);
    if (s.contextRejected > 0)
        parts << tr("trigram %1").arg(s.contextRejected);
    if (m_trace->grammarGuard() || s.grammarRejected > 0)
        parts << tr("grammar %1").arg(s.grammarRejected);
    return parts.isEmpty() ? QString() : QStringLiteral(" \u00b7 ") + tr("guards refused: %1").arg(parts.join(QStringLiteral(", ")));
}

void TraceView::traceReset()
{
    showResultLine();
    m_current = -1;  // the beam table, statistics and archive reset with the trace themselves
    m_poolView->clear();
    m_poolStep = -1;
    m_translations.clear();
    m_bestPath->setPath({});
    m_chart->setCurrentStep(-1);
    const std::vector<ato::StepFinishedEvent> &steps = m_trace->steps();
    if (!steps.empty())  // a replay: everything at once, the archive too
        flushArchive();
    updateSliderRange();
    if (steps.empty())
        m_stepLabel->setText(tr("no steps yet"));
    else
        setCurrentIndex(int(steps.size()) - 1);
}

void TraceView::stepsAppended(int first, int last, int firstCandidates)
{
    Q_UNUSED(firstCandidates);
    const bool follow = m_current < 0 || m_current == first - 1;
    if (archiveVisible())
        flushArchive();
    updateSliderRange();
    if (follow)
        setCurrentIndex(last);
    else
        showCurrent();  // the label's "of N" changes
}

QString TraceView::resultText() const
{
    const std::optional<ato::RunResult> &r = m_trace ? m_trace->result() : std::optional<ato::RunResult>();
    if (!r)
        return {};
    const auto d = [](double v) { return std::isnan(v) ? QStringLiteral("?") : QString::number(v, 'f', 3); };
    // The same verdict the command line prints (issue 34: a TwoPhase output easier than its seed
    // was "not harder" there and unmarked here).
    QString text = r->harder() ? tr("The output is harder to translate than the seed: D %1 \u2192 %2 (lower is harder).")
                                     .arg(d(r->seedValues.difficulty), d(r->values.difficulty))
                               : tr("The output is NOT harder to translate than the seed: D %1 \u2192 %2 (lower is harder).")
                                     .arg(d(r->seedValues.difficulty), d(r->values.difficulty));
    for (const std::string &note : r->notes)
        text += u' ' + QString::fromStdString(note) + u'.';
    return text;
}

void TraceView::showResultLine()
{
    const QString text = resultText();
    m_resultLine->setText(text);
    m_resultLine->setVisible(!text.isEmpty());
    const bool harder = m_trace && m_trace->result() && m_trace->result()->harder();
    m_resultLine->setStyleSheet(text.isEmpty() || harder ? QString() : QStringLiteral("color: #b71c1c"));
}

void TraceView::detailsChanged()
{
    showResultLine();
    if (archiveVisible())
        flushArchive();
    else
        m_archiveModel->setSelectedOutput(outputText(m_trace->result()), outputJudges(m_trace->result()));
    showCurrent();
}

bool TraceView::archiveVisible() const
{
    return m_tabs->currentWidget() == m_archivePage && m_archivePage->isVisible();
}

void TraceView::flushArchive()
{
    m_archiveModel->readSource();
    m_archiveModel->setSelectedOutput(outputText(m_trace->result()), outputJudges(m_trace->result()));
}

void TraceView::updateSliderRange()
{
    const int count = int(m_trace->steps().size());
    const QSignalBlocker block(m_slider);
    m_slider->setRange(0, qMax(0, count - 1));
    m_slider->setEnabled(count > 1);
    m_slider->setValue(qMax(0, m_current));
}

void TraceView::setCurrentIndex(int index)
{
    const int count = int(m_trace->steps().size());
    if (count == 0) {
        m_current = -1;
        return;
    }
    index = qBound(0, index, count - 1);
    m_current = index;
    {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(index);
    }
    showCurrent();
    Q_EMIT currentIndexChanged(index);
}

void TraceView::nextStep()
{
    setCurrentIndex(m_current + 1);
}

void TraceView::previousStep()
{
    setCurrentIndex(m_current - 1);
}

void TraceView::showCurrent()
{
    const std::vector<ato::StepFinishedEvent> &steps = m_trace->steps();
    if (m_current < 0 || m_current >= int(steps.size())) {
        m_stepLabel->setText(tr("no steps yet"));
        return;
    }
    const ato::StepFinishedEvent &s = steps[size_t(m_current)];
    m_beamModel->setStep(m_current);
    // "of" the run's planned last step (the queue says the same; issue 18), or of the last step
    // reached when the run went further or nothing was planned
    const int last = std::max(m_trace->plannedSteps(), steps.back().step);
    m_stepLabel->setText(tr("step %1 of %2 \u00b7 phase %3").arg(s.step).arg(last).arg(s.phase) + guardText(s));
    m_chart->setCurrentStep(s.step);
    QVector<PathEntry> path = bestPath(steps, m_current, m_trace->phase2Seed(), m_trace->result());
    attachTranslations(path, m_translations);
    m_bestPath->setPath(path);
    showPool();
}

void TraceView::showPool()
{
    if (m_tabs->currentWidget() != m_poolView || m_current == m_poolStep)
        return;
    const std::vector<ato::StepFinishedEvent> &steps = m_trace->steps();
    if (m_current < 0 || m_current >= int(steps.size()))
        return;
    m_poolStep = m_current;
    m_poolView->setPool(steps[size_t(m_current)].step, steps[size_t(m_current)].pool);
}

void TraceView::setPathTranslations(const QHash<QString, QVector<PathTranslation>> &translations)
{
    m_translations = translations;
    showCurrent();
}

}  // namespace gauntlet
