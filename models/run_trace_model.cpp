#include "models/run_trace_model.h"

#include "engine/ato/run_history.h"

#include <cmath>

namespace gauntlet {

RunTraceModel::RunTraceModel(QObject *parent) : QAbstractListModel(parent) {}

void RunTraceModel::clear()
{
    beginResetModel();
    m_steps.clear();
    m_candidates.clear();
    m_seedText.clear();
    m_phase2Seed.clear();
    m_result.reset();
    m_runId = 0;
    m_plannedSteps = 0;
    m_grammarGuard = m_vocabularyGuard = false;
    endResetModel();
}

void RunTraceModel::beginRun(const QString &seedText, qint64 runId)
{
    clear();
    m_seedText = seedText;
    m_runId = runId;
    Q_EMIT detailsChanged();
}

void RunTraceModel::addSteps(const std::vector<ato::StepFinishedEvent> &steps)
{
    std::vector<ato::StepFinishedEvent> added;
    const int firstCandidates = int(m_candidates.size());
    for (const ato::StepFinishedEvent &s : steps) {
        const int last = m_steps.empty() && added.empty() ? -1 : (added.empty() ? m_steps.back().step : added.back().step);
        if (s.step <= last)
            continue;  // a replaced step (not sent live): keep the order by step
        if (!s.candidates.empty())
            m_candidates.push_back({s.step, s.phase, s.candidates});
        ato::StepFinishedEvent beamOnly = s;
        beamOnly.candidates.clear();
        added.push_back(std::move(beamOnly));
    }
    if (added.empty())
        return;
    const int first = int(m_steps.size());
    beginInsertRows({}, first, first + int(added.size()) - 1);
    for (ato::StepFinishedEvent &s : added)
        m_steps.push_back(std::move(s));
    endInsertRows();
    Q_EMIT stepsAppended(first, int(m_steps.size()) - 1, firstCandidates);
}

void RunTraceModel::setGuards(bool grammar, bool vocabulary)
{
    m_grammarGuard = grammar;
    m_vocabularyGuard = vocabulary;
    Q_EMIT detailsChanged();
}

void RunTraceModel::setPhase2Seed(const QString &text)
{
    m_phase2Seed = text;
    Q_EMIT detailsChanged();
}

void RunTraceModel::setPlannedSteps(int lastStep)
{
    m_plannedSteps = lastStep;
    Q_EMIT detailsChanged();
}

void RunTraceModel::setResult(const std::optional<ato::RunResult> &result)
{
    m_result = result;
    Q_EMIT detailsChanged();
}

void RunTraceModel::setArchivePerplexities(const ato::ArchiveScoredEvent &scored)
{
    Q_EMIT perplexitiesScored(scored);
}

void RunTraceModel::setTrace(const ato::RunTrace &trace)
{
    beginResetModel();
    m_steps = trace.steps;
    for (ato::StepFinishedEvent &s : m_steps)
        s.candidates.clear();
    m_candidates.clear();
    // one entry per (step, phase) run of the archive: a sorted view inserts each once
    for (size_t i = 0; i < trace.archive.size();) {
        size_t end = i;
        while (end < trace.archive.size() && trace.archiveSteps[end] == trace.archiveSteps[i] && trace.archivePhases[end] == trace.archivePhases[i])
            ++end;
        m_candidates.push_back({trace.archiveSteps[i], trace.archivePhases[i],
                                std::vector<ato::ArchiveRecord>(trace.archive.begin() + std::ptrdiff_t(i), trace.archive.begin() + std::ptrdiff_t(end))});
        i = end;
    }
    m_seedText = trace.summary.seedText;
    m_runId = trace.summary.id;
    m_grammarGuard = trace.config.grammarGuard;
    m_vocabularyGuard = trace.config.vocabularyGuard;
    m_plannedSteps = ato::plannedSteps(trace.config);
    m_phase2Seed.clear();
    bool twoPhase = false;
    for (const ato::StepFinishedEvent &s : m_steps)
        twoPhase = twoPhase || s.phase == 2;
    if (trace.phase2SeedText) {
        // What the search started phase 2 from (stored with the run): replay shows what Live showed.
        m_phase2Seed = *trace.phase2SeedText;
    } else if (twoPhase && !m_steps.empty() && !m_steps.front().beam.empty()) {
        // Runs stored before schema 17: the lowest-D phase-1 candidate (engine/ato/search.cpp),
        // which ignores the guards the search applied, so it may differ from the Live view.
        double bestD = m_steps.front().beam.front().values.difficulty;
        m_phase2Seed = m_seedText;
        for (size_t i = 0; i < trace.archive.size(); ++i) {
            const double d = trace.archive[i].values.difficulty;
            if (trace.archivePhases[i] == 1 && !std::isnan(d) && !(d >= bestD)) {
                bestD = d;
                m_phase2Seed = QString::fromStdString(trace.archive[i].text);
            }
        }
    }
    m_result = trace.result;
    endResetModel();
    Q_EMIT detailsChanged();
}

int RunTraceModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_steps.size());
}

QVariant RunTraceModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const ato::StepFinishedEvent &s = m_steps[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return tr("step %1 \u00b7 phase %2").arg(s.step).arg(s.phase);
    case StepRole:
        return s.step;
    case PhaseRole:
        return s.phase;
    case BestLossRole:
        return s.bestLoss;
    default:
        return {};
    }
}

TraceTableModel::TraceTableModel(int columns, const RunTraceModel *source, bool followRows, QObject *parent)
    : FlatTableModel(columns, parent), m_source(source), m_followRows(followRows)
{
    connectSource();
}

void TraceTableModel::setSourceTrace(const RunTraceModel *source)
{
    if (source == m_source)
        return;
    beginResetModel();
    if (m_source)
        disconnect(m_source, nullptr, this, nullptr);
    forgetSource();
    m_source = source;
    connectSource();
    endResetModel();
}

void TraceTableModel::connectSource()
{
    if (!m_source)
        return;
    connect(m_source, &QAbstractItemModel::modelAboutToBeReset, this, [this] {
        beginResetModel();
        forgetSource();
    });
    connect(m_source, &QAbstractItemModel::modelReset, this, [this] { endResetModel(); });
    connect(m_source, &QObject::destroyed, this, [this] {
        beginResetModel();
        forgetSource();
        m_source = nullptr;
        endResetModel();
    });
    if (!m_followRows)
        return;
    connect(m_source, &QAbstractItemModel::rowsAboutToBeInserted, this,
            [this](const QModelIndex &, int first, int last) { beginInsertRows({}, first, last); });
    connect(m_source, &QAbstractItemModel::rowsInserted, this, [this] { endInsertRows(); });
}

}  // namespace gauntlet
