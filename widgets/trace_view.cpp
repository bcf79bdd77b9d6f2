#include "widgets/trace_view.h"

#include <algorithm>

#include "engine/ato/run_history.h"
#include "models/beam_table_model.h"
#include "models/best_path.h"
#include "models/candidate_archive_model.h"
#include "widgets/responsive_columns.h"
#include "models/judge_text.h"
#include "models/step_stats_model.h"
#include "widgets/beam_table_view.h"
#include "widgets/best_path_view.h"
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
    return result ? judgeReportOf(result->judges, "output") : nlohmann::json();
}

}  // namespace

TraceView::TraceView(QWidget *parent)
    : QWidget(parent), m_heading(new QLabel(this)), m_slider(new QSlider(Qt::Horizontal, this)), m_stepLabel(new QLabel(this)),
      m_beamModel(new BeamTableModel(this)), m_beamView(new BeamTableView(this)), m_statsModel(new StepStatsModel(this)),
      m_chart(new ObjectiveChart(this)), m_bestPath(new BestPathView(this)), m_archiveModel(new CandidateArchiveModel(this)),
      m_archiveProxy(new QSortFilterProxyModel(this)), m_archiveView(new QTableView(this)), m_archiveFilter(new QLineEdit(this)),
      m_tabs(new QTabWidget(this))
{
    QFont headingFont = m_heading->font();
    headingFont.setBold(true);
    m_heading->setFont(headingFont);
    m_heading->setWordWrap(true);
    m_heading->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_slider->setRange(0, 0);
    m_slider->setPageStep(1);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setEnabled(false);
    m_slider->setToolTip(tr("Step shown in the beam table (Alt+Left / Alt+Right)"));
    m_stepLabel->setMinimumWidth(170);
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
    // L_cos, L_CoLA, the phase and "selected" (the output stays bold) first.
    auto *archiveColumns = new ResponsiveColumns(m_archiveView, CandidateArchiveModel::TextColumn,
                                                 {CandidateArchiveModel::JudgesColumn, CandidateArchiveModel::CohesionColumn,
                                                  CandidateArchiveModel::FluencyColumn, CandidateArchiveModel::PhaseColumn,
                                                  CandidateArchiveModel::SelectedColumn, CandidateArchiveModel::StepColumn},
                                                 0.35);
    archiveColumns->setFixedWidth(CandidateArchiveModel::StepColumn, 48);
    archiveColumns->setFixedWidth(CandidateArchiveModel::PhaseColumn, 52);
    archiveColumns->setFixedWidth(CandidateArchiveModel::JudgesColumn, 200);
    archiveColumns->setFixedWidth(CandidateArchiveModel::SelectedColumn, 110);
    m_archiveFilter->setPlaceholderText(tr("Filter the archive by text..."));
    m_archiveFilter->setClearButtonEnabled(true);
    connect(m_archiveFilter, &QLineEdit::textChanged, m_archiveProxy, &QSortFilterProxyModel::setFilterFixedString);
    auto *archivePage = new QWidget(this);
    m_archivePage = archivePage;
    auto *archiveLayout = new QVBoxLayout(archivePage);
    archiveLayout->setContentsMargins(0, 4, 0, 0);
    archiveLayout->addWidget(m_archiveFilter);
    archiveLayout->addWidget(m_archiveView);

    m_tabs->addTab(m_bestPath, tr("Best path"));
    m_tabs->addTab(archivePage, tr("Candidate archive"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        if (archiveVisible())
            flushArchive();
    });

    auto *top = new QHBoxLayout;
    top->addWidget(m_heading, 1);
    auto *stepBox = new QHBoxLayout;
    stepBox->addWidget(new QLabel(tr("Step:"), this));
    stepBox->addWidget(m_slider, 1);
    stepBox->addWidget(m_stepLabel);

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
    layout->addLayout(stepBox);
    layout->addWidget(split, 1);
    clear();
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

void TraceView::clear()
{
    m_steps.clear();
    m_seedText.clear();
    m_phase2Seed.clear();
    m_result.reset();
    m_pendingArchive.clear();
    m_runId = 0;
    m_current = -1;
    m_plannedSteps = 0;
    m_grammarGuard = m_vocabularyGuard = false;
    m_beamModel->clear();
    m_statsModel->clear();
    m_archiveModel->clear();
    m_bestPath->setPath({});
    m_chart->setCurrentStep(-1);
    updateSliderRange();
    m_stepLabel->setText(tr("no steps yet"));
}

void TraceView::beginRun(const QString &seedText, qint64 runId)
{
    clear();
    m_seedText = seedText;
    m_runId = runId;
}

void TraceView::addSteps(const std::vector<ato::StepFinishedEvent> &steps)
{
    if (steps.empty())
        return;
    const bool follow = m_current < 0 || m_current == int(m_steps.size()) - 1;
    for (const ato::StepFinishedEvent &s : steps) {
        if (!s.candidates.empty())
            m_pendingArchive.push_back({s.step, s.phase, s.candidates});
        ato::StepFinishedEvent beamOnly;
        beamOnly.phase = s.phase;
        beamOnly.step = s.step;
        beamOnly.beam = s.beam;
        beamOnly.candidatesScored = s.candidatesScored;
        beamOnly.duplicates = s.duplicates;
        beamOnly.filtered = s.filtered;
        beamOnly.vocabularyRejected = s.vocabularyRejected;
        beamOnly.grammarRejected = s.grammarRejected;
        beamOnly.elapsedMs = s.elapsedMs;
        beamOnly.bestLoss = s.bestLoss;
        beamOnly.meanLoss = s.meanLoss;
        if (!m_steps.empty() && m_steps.back().step >= s.step) {
            // a replaced step (should not happen live); keep the order by step
            continue;
        }
        m_steps.push_back(std::move(beamOnly));
    }
    m_statsModel->addSteps(steps);
    if (archiveVisible())
        flushArchive();
    updateSliderRange();
    if (follow)
        setCurrentIndex(int(m_steps.size()) - 1);
    else
        showCurrent();  // the label's "of N" changes
}

void TraceView::setGuards(bool grammar, bool vocabulary)
{
    m_grammarGuard = grammar;
    m_vocabularyGuard = vocabulary;
    showCurrent();
}

QString TraceView::guardText(const ato::StepFinishedEvent &s) const
{
    QStringList parts;
    if (m_vocabularyGuard || s.vocabularyRejected > 0)
        parts << tr("vocabulary %1").arg(s.vocabularyRejected);
    if (m_grammarGuard || s.grammarRejected > 0)
        parts << tr("grammar %1").arg(s.grammarRejected);
    return parts.isEmpty() ? QString() : QStringLiteral(" \u00b7 ") + tr("guards refused: %1").arg(parts.join(QStringLiteral(", ")));
}

void TraceView::setPhase2Seed(const QString &text)
{
    m_phase2Seed = text;
}

void TraceView::setPlannedSteps(int lastStep)
{
    m_plannedSteps = lastStep;
    showCurrent();
}

void TraceView::setArchivePerplexities(const ato::ArchiveScoredEvent &scored)
{
    flushArchive();  // the entries the scores belong to must be in the model first
    m_archiveModel->setPerplexities(scored.phase, scored.perplexities);
}

void TraceView::setResult(const std::optional<ato::RunResult> &result)
{
    m_result = result;
    if (archiveVisible())
        flushArchive();
    else
        m_archiveModel->setSelectedOutput(outputText(result), outputJudges(result));
    showCurrent();
}

bool TraceView::archiveVisible() const
{
    return m_tabs->currentWidget() == m_archivePage && m_archivePage->isVisible();
}

void TraceView::flushArchive()
{
    if (!m_pendingArchive.empty()) {
        for (const PendingCandidates &p : m_pendingArchive)
            m_archiveModel->addCandidates(p.step, p.phase, p.candidates);
        m_pendingArchive.clear();
    }
    m_archiveModel->setSelectedOutput(outputText(m_result), outputJudges(m_result));
}

void TraceView::showTrace(const RunTrace &trace)
{
    clear();
    m_seedText = trace.summary.seedText;
    m_runId = trace.summary.id;
    setGuards(trace.config.grammarGuard, trace.config.vocabularyGuard);
    m_plannedSteps = ato::plannedSteps(trace.config);
    // one insertion per (step, phase) run of the archive: a sorted proxy re-sorts once per insertion
    for (size_t i = 0; i < trace.archive.size();) {
        size_t end = i;
        while (end < trace.archive.size() && trace.archiveSteps[end] == trace.archiveSteps[i] && trace.archivePhases[end] == trace.archivePhases[i])
            ++end;
        m_archiveModel->addCandidates(trace.archiveSteps[i], trace.archivePhases[i],
                                      std::vector<ato::ArchiveRecord>(trace.archive.begin() + std::ptrdiff_t(i), trace.archive.begin() + std::ptrdiff_t(end)));
        i = end;
    }
    m_steps = trace.steps;
    m_statsModel->addSteps(trace.steps);
    if (m_statsModel->phaseBoundaryStep() >= 0 && !trace.steps.empty() && !trace.steps.front().beam.empty()) {
        // ATO-TwoPhase starts phase 2 from the lowest-D phase-1 candidate (engine/ato/search.cpp)
        double bestD = trace.steps.front().beam.front().values.difficulty;
        m_phase2Seed = m_seedText;
        for (size_t i = 0; i < trace.archive.size(); ++i) {
            const double d = trace.archive[i].values.difficulty;
            if (trace.archivePhases[i] == 1 && !std::isnan(d) && !(d >= bestD)) {
                bestD = d;
                m_phase2Seed = qs(trace.archive[i].text);
            }
        }
    }
    m_result = trace.result;
    m_archiveModel->setSelectedOutput(outputText(trace.result), outputJudges(trace.result));
    updateSliderRange();
    setCurrentIndex(int(m_steps.size()) - 1);
}

void TraceView::updateSliderRange()
{
    const QSignalBlocker block(m_slider);
    m_slider->setRange(0, qMax(0, int(m_steps.size()) - 1));
    m_slider->setEnabled(m_steps.size() > 1);
    m_slider->setValue(qMax(0, m_current));
}

void TraceView::setCurrentIndex(int index)
{
    if (m_steps.empty()) {
        m_current = -1;
        return;
    }
    index = qBound(0, index, int(m_steps.size()) - 1);
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
    if (m_current < 0 || m_current >= int(m_steps.size())) {
        m_stepLabel->setText(tr("no steps yet"));
        return;
    }
    const ato::StepFinishedEvent &s = m_steps[size_t(m_current)];
    const bool phase2 = s.phase == 2;
    const QString reference = phase2 && !m_phase2Seed.isEmpty() ? m_phase2Seed : m_seedText;
    static const std::vector<ato::BeamMemberRecord> none;
    const std::vector<ato::BeamMemberRecord> &previous =
        m_current > 0 && m_steps[size_t(m_current - 1)].phase == s.phase ? m_steps[size_t(m_current - 1)].beam : none;
    m_beamModel->setStep(s, reference, previous);
    // "of" the run's planned last step (the queue says the same; issue 18), or of the last step
    // reached when the run went further or nothing was planned
    const int last = std::max(m_plannedSteps, m_steps.back().step);
    m_stepLabel->setText(tr("step %1 of %2 \u00b7 phase %3").arg(s.step).arg(last).arg(s.phase) + guardText(s));
    m_chart->setCurrentStep(s.step);
    m_bestPath->setPath(bestPath(m_steps, m_current, m_phase2Seed, m_result));
}

}  // namespace gauntlet
