#include "models/verdict_matrix_model.h"

#include "models/bold_font.h"
#include "engine/core/enum_names.h"

#include <QBrush>
#include <QColor>

namespace gauntlet {

VerdictMatrixModel::VerdictMatrixModel(QObject *parent) : QAbstractTableModel(parent) {}

void VerdictMatrixModel::setMatrix(const verify::VerdictMatrix &matrix)
{
    beginResetModel();
    m_matrix = matrix;
    endResetModel();
}

int VerdictMatrixModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_matrix.rows.size());
}

int VerdictMatrixModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : FirstRuleColumn + int(m_matrix.rules.size());
}

QString VerdictMatrixModel::verdictLabel(verify::Verdict verdict)
{
    static const core::EnumName<verify::Verdict> Labels[] = {
        {verify::Verdict::Pass, QT_TR_NOOP("pass")}, {verify::Verdict::Fail, QT_TR_NOOP("fail")}, {verify::Verdict::Unknown, QT_TR_NOOP("unknown")}};
    return tr(core::enumNameOrLast(Labels, verdict));
}

const verify::VerdictCell *VerdictMatrixModel::cellAt(const QModelIndex &index) const
{
    if (!index.isValid() || index.row() >= m_matrix.rows.size() || index.column() < FirstRuleColumn)
        return nullptr;
    const verify::VerdictRow &row = m_matrix.rows[index.row()];
    const int rule = index.column() - FirstRuleColumn;
    return rule < row.cells.size() ? &row.cells[rule] : nullptr;
}

QVariant VerdictMatrixModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_matrix.rows.size() || index.column() >= columnCount())
        return {};
    const verify::VerdictRow &row = m_matrix.rows[index.row()];
    const int column = index.column();
    if (role == IsReferenceRole)
        return row.isReference;
    if (column == SystemColumn) {
        if (role == Qt::DisplayRole)
            return row.isReference ? tr("Reference") : row.label;
        if (role == Qt::FontRole)
            return boldFontIf(row.isReference);
        return {};
    }
    if (column == TranslationColumn) {
        if (role == Qt::DisplayRole)
            return row.translation.simplified();
        if (role == Qt::ToolTipRole)
            return row.translation;
        return {};
    }
    const bool overall = column == OverallColumn;
    const int rule = column - FirstRuleColumn;
    const verify::Verdict verdict = overall ? row.overall : row.cells.value(rule).verdict;
    const verify::VerdictCell *cell = overall ? nullptr : cellAt(index);
    const bool human = cell && cell->humanOverride;
    const bool disagree = cell && cell->verifiersDisagree();
    switch (role) {
    case Qt::DisplayRole:
        if (human)
            return tr("%1 (human)").arg(verdictLabel(verdict));
        if (cell && cell->perVerifier.size() >= 2) {
            QStringList each;
            for (verify::Verdict v : cell->perVerifier)
                each << verdictLabel(v);
            return disagree ? tr("%1 — disagree").arg(each.join(QStringLiteral(" / "))) : each.join(QStringLiteral(" / "));
        }
        return verdictLabel(verdict);
    case HumanOverrideRole:
        return human;
    case DisagreementRole:
        return disagree;
    case Qt::FontRole:
        return boldFontIf(human);
    case VerdictRole:
        return int(verdict);
    case Qt::TextAlignmentRole:
        return int(Qt::AlignCenter);
    case Qt::BackgroundRole:
        if (disagree && !human)
            return QBrush(QColor(0xff, 0xe0, 0xb2));
        return QBrush(verdict == verify::Verdict::Pass ? QColor(0xc8, 0xe6, 0xc9)
                      : verdict == verify::Verdict::Fail ? QColor(0xff, 0xcd, 0xd2)
                                                 : QColor(0xee, 0xee, 0xee));
    case Qt::ForegroundRole:
        return QBrush(QColor(0x21, 0x21, 0x21));
    case Qt::ToolTipRole:
        if (overall)
            return verdict == verify::Verdict::Pass ? tr("Passes every rule") : verdict == verify::Verdict::Fail ? tr("Fails at least one rule")
                                                                                                 : tr("Some verdicts are unknown");
    {
        QStringList parts{m_matrix.rules.value(rule).text};
        if (human)
            parts << tr("Set by hand: %1 by %2 (%3): %4")
                         .arg(verdictLabel(cell->humanOverride->verdict), cell->humanOverride->reviewer,
                              cell->humanOverride->createdAt.left(16).replace(u'T', u' '), cell->humanOverride->reason);
        if (disagree)
            parts << tr("The verifiers disagree.");
        if (cell && !cell->detail.isEmpty())
            parts << cell->detail;
        parts << tr("Select the cell for the whole reply.");
        return parts.join(QStringLiteral("\n\n"));
    }
    default:
        return {};
    }
}

QVariant VerdictMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    const int rule = section - FirstRuleColumn;
    const bool testsNothing = rule >= 0 && m_matrix.rulesTestingNothing.contains(rule);
    switch (role) {
    case Qt::DisplayRole:
        if (section == SystemColumn)
            return tr("System");
        if (section == TranslationColumn)
            return tr("Translation");
        if (section == OverallColumn)
            return tr("All rules");
        return testsNothing ? tr("Rule %1 (tests nothing)").arg(rule + 1) : tr("Rule %1").arg(rule + 1);
    case Qt::ToolTipRole:
        if (rule < 0)
            return {};
        return testsNothing ? tr("%1\n\nNo MT output fails this rule: it tests nothing.").arg(m_matrix.rules[rule].text)
                            : m_matrix.rules[rule].text;
    case TestsNothingRole:
        return testsNothing;
    default:
        return QAbstractTableModel::headerData(section, orientation, role);
    }
}

}  // namespace gauntlet
