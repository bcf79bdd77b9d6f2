#include "models/rule_table_model.h"

#include <algorithm>

#include <QBrush>
#include <QColor>
#include <QJsonObject>

namespace gauntlet {

namespace {
QString labelOf(const QList<QPair<QString, QString>> &options, const QString &key)
{
    for (const auto &option : options) {
        if (option.first == key)
            return option.second;
    }
    return key;
}

/// A choice column's data for `role`: the label of `key` among `options()` to show, `key` itself
/// to edit.
QVariant choiceData(int role, QList<QPair<QString, QString>> (*options)(), const QString &key)
{
    if (role == Qt::DisplayRole)
        return labelOf(options(), key);
    if (role == Qt::EditRole)
        return key;
    return {};
}

bool isOption(const QList<QPair<QString, QString>> &options, const QString &key)
{
    for (const auto &option : options) {
        if (option.first == key)
            return true;
    }
    return false;
}
}  // namespace

RuleTableModel::RuleTableModel(QObject *parent) : FlatTableModel(ColumnCount, parent) {}

QList<QPair<QString, QString>> RuleTableModel::kindOptions()
{
    return {{QStringLiteral("llm"), tr("Natural language (LLM)")},
            {QStringLiteral("contains"), tr("Contains")},
            {QStringLiteral("not_contains"), tr("Does not contain")},
            {QStringLiteral("regex"), tr("Regular expression")}};
}

QList<QPair<QString, QString>> RuleTableModel::normalizationOptions()
{
    return {{QStringLiteral("nfc"), tr("NFC")}, {QStringLiteral("nfkc"), tr("NFKC")}, {QStringLiteral("none"), tr("None")}};
}

void RuleTableModel::setRules(const QVector<Row> &rows)
{
    beginResetModel();
    m_rows = rows;
    for (Row &r : m_rows) {
        if (!isOption(kindOptions(), r.kind))
            r.kind = QStringLiteral("llm");
        if (!isOption(normalizationOptions(), r.normalization))
            r.normalization = QStringLiteral("nfc");
    }
    m_problems = QVector<QString>(m_rows.size());
    endResetModel();
}

void RuleTableModel::insertRule(int index, const Row &row)
{
    index = std::clamp(index, 0, int(m_rows.size()));
    Row r = row;
    if (!isOption(kindOptions(), r.kind))
        r.kind = QStringLiteral("llm");
    if (!isOption(normalizationOptions(), r.normalization))
        r.normalization = QStringLiteral("nfc");
    beginInsertRows({}, index, index);
    m_rows.insert(index, r);
    m_problems.insert(index, QString());
    endInsertRows();
    Q_EMIT edited();
}

void RuleTableModel::removeRule(int index)
{
    if (index < 0 || index >= m_rows.size())
        return;
    beginRemoveRows({}, index, index);
    m_rows.removeAt(index);
    m_problems.removeAt(index);
    endRemoveRows();
    Q_EMIT edited();
}

verify::VerificationRule RuleTableModel::toRule(const Row &row)
{
    verify::VerificationRule rule;
    rule.kind = verify::parseRuleKind(row.kind);
    rule.text = row.text;
    rule.setOptionsJson(QJsonObject{{QStringLiteral("case_sensitive"), row.caseSensitive},
                                    {QStringLiteral("normalization"), row.normalization}});
    return rule;
}

QVector<verify::VerificationRule> RuleTableModel::collectRules(QString *error) const
{
    QVector<verify::VerificationRule> rules;
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].text.trimmed().isEmpty())
            continue;  // a row being typed; it is saved once it has text
        const verify::VerificationRule rule = toRule(m_rows[i]);
        try {
            rule.validate();
        } catch (const std::exception &e) {
            if (error && error->isEmpty())
                *error = tr("Rule %1: %2").arg(i + 1).arg(QString::fromUtf8(e.what()));
        }
        rules.append(rule);
    }
    if (error && error->isEmpty() && rules.size() > verify::MaxRulesPerExample)
        *error = tr("at most %1 rules").arg(verify::MaxRulesPerExample);
    return rules;
}

void RuleTableModel::markInvalidRules()
{
    for (int i = 0; i < m_rows.size(); ++i) {
        QString problem;
        if (!m_rows[i].text.trimmed().isEmpty()) {
            try {
                toRule(m_rows[i]).validate();
            } catch (const std::exception &e) {
                problem = QString::fromUtf8(e.what());
            }
        }
        m_problems[i] = problem;
    }
    if (!m_rows.isEmpty())
        Q_EMIT dataChanged(index(0, TextColumn), index(rowCount() - 1, TextColumn), {Qt::BackgroundRole, Qt::ToolTipRole});
}

QVariant RuleTableModel::data(const QModelIndex &index, int role) const
{
    if (!isRowIndex(index))
        return {};
    const Row &r = m_rows[index.row()];
    switch (index.column()) {
    case KindColumn:
        return choiceData(role, &RuleTableModel::kindOptions, r.kind);
    case TextColumn:
        if (role == Qt::DisplayRole || role == Qt::EditRole)
            return r.text;
        if (role == Qt::ToolTipRole)
            return m_problems[index.row()].isEmpty() ? r.text : m_problems[index.row()];
        if (role == Qt::BackgroundRole && !m_problems[index.row()].isEmpty())
            return QBrush(QColor(0xff, 0xcd, 0xd2));
        break;
    case CaseColumn:
        if (role == Qt::CheckStateRole)
            return r.caseSensitive ? Qt::Checked : Qt::Unchecked;
        break;
    case NormalizationColumn:
        return choiceData(role, &RuleTableModel::normalizationOptions, r.normalization);
    default:
        break;
    }
    return {};
}

bool RuleTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!isRowIndex(index) || !(flags(index) & Qt::ItemIsEnabled))
        return false;
    Row &r = m_rows[index.row()];
    const Row before = r;
    if (index.column() == KindColumn && role == Qt::EditRole && isOption(kindOptions(), value.toString()))
        r.kind = value.toString();
    else if (index.column() == TextColumn && role == Qt::EditRole)
        r.text = value.toString();
    else if (index.column() == CaseColumn && role == Qt::CheckStateRole)
        r.caseSensitive = value.toInt() == Qt::Checked;
    else if (index.column() == NormalizationColumn && role == Qt::EditRole && isOption(normalizationOptions(), value.toString()))
        r.normalization = value.toString();
    else
        return false;
    if (r == before)
        return true;
    if (index.column() == KindColumn)  // the string options' cells change their enabled state
        Q_EMIT dataChanged(index, this->index(index.row(), ColumnCount - 1));
    else
        Q_EMIT dataChanged(index, index);
    Q_EMIT edited();
    return true;
}

Qt::ItemFlags RuleTableModel::flags(const QModelIndex &index) const
{
    if (!isRowIndex(index))
        return Qt::NoItemFlags;
    const bool stringRule = m_rows[index.row()].kind != QLatin1String("llm");
    switch (index.column()) {
    case KindColumn:
    case TextColumn:
        return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
    case CaseColumn:
        return stringRule ? Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable : Qt::ItemIsSelectable;
    case NormalizationColumn:
        return stringRule ? Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable : Qt::ItemIsSelectable;
    default:
        return Qt::NoItemFlags;
    }
}

QVariant RuleTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return columnTitle(section, {tr("Kind"), tr("Rule"), tr("Match case"), tr("Normalisation")});
}

}  // namespace gauntlet
