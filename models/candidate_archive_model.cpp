#include "models/candidate_archive_model.h"

#include "models/beam_table_model.h"
#include "models/bold_font.h"
#include "engine/judge/judge_text.h"

#include <algorithm>
#include <cmath>

namespace gauntlet {

namespace {

QString fateText(int fate)
{
    if (fate < 0)
        return {};
    switch (ato::CandidateFate(fate)) {
    case ato::CandidateFate::Kept:
    case ato::CandidateFate::Injected: return CandidateArchiveModel::tr("in the beam");
    case ato::CandidateFate::Grammar: return CandidateArchiveModel::tr("refused: grammar");
    default: return CandidateArchiveModel::tr("not taken");
    }
}

QString key(int phase, const QString &text)
{
    return QString::number(phase) + QLatin1Char('\n') + text;
}

}  // namespace

CandidateArchiveModel::CandidateArchiveModel(const RunTraceModel *source, QObject *parent)
    : TraceTableModel(ColumnCount, source, false, parent)
{
}

void CandidateArchiveModel::readSource()
{
    if (!sourceTrace())
        return;
    for (; m_groupsRead < sourceTrace()->candidates().size(); ++m_groupsRead)
        addCandidates(m_groupsRead);
    const std::vector<ato::StepFinishedEvent> &steps = sourceTrace()->steps();
    for (; m_stepsRead < steps.size(); ++m_stepsRead)
        noteFates(steps[m_stepsRead].phase, steps[m_stepsRead].pool);
}

void CandidateArchiveModel::addCandidates(size_t group)
{
    const RunTraceModel::StepCandidates &candidates = sourceTrace()->candidates()[group];
    std::vector<Entry> fresh;
    QHash<QString, int> added;
    for (size_t i = 0; i < candidates.candidates.size(); ++i) {
        const QString k = key(candidates.phase, QString::fromStdString(candidates.candidates[i].text));
        if (m_index.contains(k) || added.contains(k))
            continue;
        added.insert(k, int(m_entries.size() + fresh.size()));
        fresh.push_back({int(group), int(i), -1, std::nullopt});
    }
    if (fresh.empty())
        return;
    const int first = int(m_entries.size());
    beginInsertRows({}, first, first + int(fresh.size()) - 1);
    m_entries.insert(m_entries.end(), fresh.begin(), fresh.end());
    m_index.insert(added);
    endInsertRows();
}

int CandidateArchiveModel::setSelectedOutput(const QString &text, const nlohmann::json &judges)
{
    const int old = m_selected;
    const bool judgesChanged = judges != m_outputJudges;
    m_outputJudges = judges;
    m_selected = -1;
    if (!text.isEmpty()) {
        for (int phase = 2; phase >= 1 && m_selected < 0; --phase)
            m_selected = m_index.value(key(phase, text), -1);
    }
    if (old >= 0 && old != m_selected)
        Q_EMIT dataChanged(index(old, 0), index(old, ColumnCount - 1));
    if (m_selected >= 0 && (old != m_selected || judgesChanged))
        Q_EMIT dataChanged(index(m_selected, 0), index(m_selected, ColumnCount - 1));
    return m_selected;
}

namespace {
/// Precedence of what the archive shows: in a beam > refused by the grammar guard > not taken.
int fateRank(int fate)
{
    switch (ato::CandidateFate(fate)) {
    case ato::CandidateFate::Kept:
    case ato::CandidateFate::Injected: return 3;
    case ato::CandidateFate::Grammar: return 2;
    case ato::CandidateFate::NotTaken: return 1;
    default: return 0;
    }
}
}  // namespace

void CandidateArchiveModel::noteFates(int phase, const std::vector<ato::PoolRecord> &pool)
{
    int first = -1, last = -1;
    for (const ato::PoolRecord &c : pool) {
        if (!ato::fateScored(c.fate))
            continue;
        const int row = m_index.value(key(phase, QString::fromStdString(c.text)), -1);
        if (row < 0)
            continue;
        Entry &e = m_entries[size_t(row)];
        if (e.fate >= 0 && fateRank(int(c.fate)) <= fateRank(e.fate))
            continue;
        e.fate = int(c.fate);
        first = first < 0 ? row : std::min(first, row);
        last = std::max(last, row);
    }
    if (first >= 0)
        Q_EMIT dataChanged(index(first, FateColumn), index(last, FateColumn));
}

void CandidateArchiveModel::setPerplexities(int phase, const std::vector<std::pair<std::string, double>> &perplexities)
{
    int first = -1, last = -1;
    for (const auto &[text, perplexity] : perplexities) {
        const int row = m_index.value(key(phase, QString::fromStdString(text)), -1);
        if (row < 0)
            continue;
        m_entries[size_t(row)].perplexity = perplexity;
        first = first < 0 ? row : std::min(first, row);
        last = std::max(last, row);
    }
    if (first >= 0)
        Q_EMIT dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

void CandidateArchiveModel::clear()
{
    beginResetModel();
    forgetSource();
    endResetModel();
}

void CandidateArchiveModel::forgetSource()
{
    m_entries.clear();
    m_index.clear();
    m_groupsRead = m_stepsRead = 0;
    m_selected = -1;
    m_outputJudges = nullptr;
}

QVariant CandidateArchiveModel::data(const QModelIndex &index, int role) const
{
    if (!isRowIndex(index))
        return {};
    const Entry &e = m_entries[size_t(index.row())];
    const RunTraceModel::StepCandidates &group = groupOf(e);
    const ato::ArchiveRecord &candidate = group.candidates[size_t(e.item)];
    const bool selected = index.row() == m_selected;
    const auto value = [&]() -> QVariant {
        switch (index.column()) {
        case StepColumn: return group.step;
        case PhaseColumn: return group.phase;
        case TextColumn: return QString::fromStdString(candidate.text);
        case DifficultyColumn: return candidate.values.difficulty;
        case FluencyColumn: return candidate.values.fluencyLoss;
        case CohesionColumn: return candidate.values.cohesionLoss;
        case LossColumn: return candidate.values.loss;
        case PerplexityColumn: return e.perplexity.value_or(candidate.values.perplexity);
        case SelectedColumn: return selected ? 1 : 0;
        case JudgesColumn: return selected ? judge::judgeSummary(m_outputJudges) : QString();
        case FateColumn: return fateText(e.fate);
        default: return {};
        }
    };
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case StepColumn:
        case PhaseColumn:
        case TextColumn:
        case FateColumn:
        case JudgesColumn: return value();
        case SelectedColumn: return selected ? tr("selected output") : QString();
        default: return BeamTableModel::formatValue(value().toDouble());
        }
    case ValueRole: {
        const QVariant v = value();
        return v.typeId() == QMetaType::Double && std::isnan(v.toDouble()) ? QVariant() : v;  // unknown sorts first
    }
    case SelectedRole: return selected;
    case Qt::FontRole: return boldFontIf(selected);
    case Qt::ToolTipRole:
        if (index.column() == TextColumn)
            return QString::fromStdString(candidate.text);
        if (selected && !judge::judgeVerdicts(m_outputJudges).isEmpty())
            return tr("The run's output, selected from the archive") + QStringLiteral("\n\n") + judge::judgeDetails(m_outputJudges);
        if (selected)
            return tr("The run's output, selected from the archive");
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == TextColumn || index.column() >= SelectedColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                                                                  : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant CandidateArchiveModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return columnTitle(section, {tr("Step"), tr("Phase"), tr("Text"), tr("D"), tr("L_CoLA"), tr("L_cos"), tr("L"), tr("PPL"), tr("Output"),
                                 tr("Fate"), tr("Judges")});
}

}  // namespace gauntlet
