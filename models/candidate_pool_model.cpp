#include "models/candidate_pool_model.h"

#include "models/beam_table_model.h"
#include "models/bold_font.h"

#include <algorithm>
#include <cmath>

namespace gauntlet {

CandidatePoolModel::CandidatePoolModel(QObject *parent) : FlatTableModel(ColumnCount, parent) {}

void CandidatePoolModel::setPool(int step, const std::vector<ato::PoolRecord> &pool)
{
    beginResetModel();
    m_step = step;
    m_pool = pool;
    endResetModel();
}

int CandidatePoolModel::count(ato::CandidateFate fate) const
{
    return int(std::count_if(m_pool.begin(), m_pool.end(), [fate](const ato::PoolRecord &c) { return c.fate == fate; }));
}

QString CandidatePoolModel::fateLabel(ato::CandidateFate fate)
{
    switch (fate) {
    case ato::CandidateFate::Kept: return tr("kept");
    case ato::CandidateFate::Injected: return tr("injected");
    case ato::CandidateFate::NotTaken: return tr("not taken");
    case ato::CandidateFate::Grammar: return tr("refused: grammar");
    case ato::CandidateFate::Vocabulary: return tr("refused: vocabulary");
    case ato::CandidateFate::Context: return tr("refused: trigram");
    case ato::CandidateFate::Tokenizer: return tr("refused: tokenizer");
    }
    return {};
}

QString CandidatePoolModel::fateDescription(ato::CandidateFate fate)
{
    switch (fate) {
    case ato::CandidateFate::Kept: return tr("Entered the next beam: one of the B - R best by the objective");
    case ato::CandidateFate::Injected: return tr("Entered the next beam by diversity injection (drawn at random from the rest)");
    case ato::CandidateFate::NotTaken: return tr("Scored and not refused, but the beam was full before it was reached");
    case ato::CandidateFate::Grammar:
        return tr("Scored, then kept out of the beam by the grammar guard: link-grammar parses it worse than the seed, at a higher "
                  "cost, or a changed word has another part of speech");
    case ato::CandidateFate::Vocabulary: return tr("Dropped before scoring: it adds a word outside common present-day English");
    case ato::CandidateFate::Context: return tr("Dropped before scoring: the trigram language model finds the sentence much less likely than the seed");
    case ato::CandidateFate::Tokenizer: return tr("Dropped before scoring: its text does not tokenize back to the same tokens");
    }
    return {};
}

QVariant CandidatePoolModel::data(const QModelIndex &index, int role) const
{
    if (!isRowIndex(index))
        return {};
    const ato::PoolRecord &c = m_pool[size_t(index.row())];
    const auto number = [](double v) { return std::isnan(v) ? QVariant() : QVariant(v); };
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case FateColumn: return fateLabel(c.fate);
        case TextColumn: return QString::fromStdString(c.text);
        case LossColumn: return std::isnan(c.values.loss) ? QString() : BeamTableModel::formatValue(c.values.loss);
        case DifficultyColumn: return std::isnan(c.values.difficulty) ? QString() : BeamTableModel::formatValue(c.values.difficulty);
        case ParentColumn: return c.parentRank >= 0 ? QVariant(c.parentRank + 1) : QVariant();
        case ReasonColumn: return QString::fromStdString(c.reason);
        default: return {};
        }
    case ValueRole:
        switch (index.column()) {
        case FateColumn: return int(c.fate);
        case TextColumn: return QString::fromStdString(c.text);
        case LossColumn: return number(c.values.loss);
        case DifficultyColumn: return number(c.values.difficulty);
        case ParentColumn: return c.parentRank >= 0 ? QVariant(c.parentRank + 1) : QVariant();
        case ReasonColumn: return QString::fromStdString(c.reason);
        default: return {};
        }
    case FateRole: return int(c.fate);
    case Qt::ToolTipRole:
        switch (index.column()) {
        case FateColumn: return fateDescription(c.fate);
        case TextColumn: return QString::fromStdString(c.text);
        case ParentColumn: return tr("Made from beam member %1 of the previous step").arg(c.parentRank + 1);
        case ReasonColumn: return QString::fromStdString(c.reason);
        default: return {};
        }
    case Qt::FontRole:
        return boldFontIf(c.fate == ato::CandidateFate::Kept || c.fate == ato::CandidateFate::Injected);
    case Qt::TextAlignmentRole:
        return index.column() == LossColumn || index.column() == DifficultyColumn || index.column() == ParentColumn
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant CandidatePoolModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == ParentColumn)
        return tr("The beam member (rank, 1 = best) of the previous step the candidate was made from");
    if (role != Qt::DisplayRole)
        return {};
    return columnTitle(section, {tr("Fate"), tr("Text"), tr("L"), tr("D"), tr("From"), tr("Why")});
}

CandidatePoolProxy::CandidatePoolProxy(QObject *parent) : QSortFilterProxyModel(parent)
{
    setSortRole(CandidatePoolModel::ValueRole);
    setFilterKeyColumn(CandidatePoolModel::TextColumn);
    setFilterCaseSensitivity(Qt::CaseInsensitive);
}

void CandidatePoolProxy::setFates(const std::vector<ato::CandidateFate> &fates)
{
    m_fates = fates;
    invalidateFilter();
}

bool CandidatePoolProxy::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    if (!m_fates.empty()) {
        const QModelIndex i = sourceModel()->index(sourceRow, 0, sourceParent);
        const auto fate = ato::CandidateFate(i.data(CandidatePoolModel::FateRole).toInt());
        if (std::find(m_fates.begin(), m_fates.end(), fate) == m_fates.end())
            return false;
    }
    return QSortFilterProxyModel::filterAcceptsRow(sourceRow, sourceParent);
}

}  // namespace gauntlet
