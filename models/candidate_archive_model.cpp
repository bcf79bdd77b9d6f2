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

CandidateArchiveModel::CandidateArchiveModel(QObject *parent) : FlatTableModel(ColumnCount, parent) {}

void CandidateArchiveModel::addCandidates(int step, int phase, const std::vector<ato::ArchiveRecord> &candidates)
{
    std::vector<Entry> fresh;
    QHash<QString, int> added;
    for (const ato::ArchiveRecord &c : candidates) {
        const QString text = QString::fromStdString(c.text);
        const QString k = key(phase, text);
        if (m_index.contains(k) || added.contains(k))
            continue;
        added.insert(k, int(m_entries.size() + fresh.size()));
        fresh.push_back({step, phase, text, c.values});
    }
    if (fresh.empty())
        return;
    const int first = int(m_entries.size());
    beginInsertRows({}, first, first + int(fresh.size()) - 1);
    for (Entry &e : fresh)
        m_entries.push_back(std::move(e));
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
        m_entries[size_t(row)].values.perplexity = perplexity;
        first = first < 0 ? row : std::min(first, row);
        last = std::max(last, row);
    }
    if (first >= 0)
        Q_EMIT dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

void CandidateArchiveModel::clear()
{
    beginResetModel();
    m_entries.clear();
    m_index.clear();
    m_selected = -1;
    m_outputJudges = nullptr;
    endResetModel();
}

QVariant CandidateArchiveModel::data(const QModelIndex &index, int role) const
{
    if (!isRowIndex(index))
        return {};
    const Entry &e = m_entries[size_t(index.row())];
    const bool selected = index.row() == m_selected;
    const auto value = [&]() -> QVariant {
        switch (index.column()) {
        case StepColumn: return e.step;
        case PhaseColumn: return e.phase;
        case TextColumn: return e.text;
        case DifficultyColumn: return e.values.difficulty;
        case FluencyColumn: return e.values.fluencyLoss;
        case CohesionColumn: return e.values.cohesionLoss;
        case LossColumn: return e.values.loss;
        case PerplexityColumn: return e.values.perplexity;
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
            return e.text;
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
