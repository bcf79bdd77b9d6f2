#include "models/segment_label_model.h"

namespace gauntlet {

using namespace sampling;

SegmentLabelModel::SegmentLabelModel(QObject *parent) : FlatTableModel(ColumnCount, parent) {}

void SegmentLabelModel::setLabelling(const Corpus &corpus, const QVector<SegmentLabels> &labels, const QStringList &categories)
{
    beginResetModel();
    m_rows.clear();
    m_rows.reserve(corpus.segments.size());
    for (const CorpusSegment &s : corpus.segments)
        m_rows.append({s.documentId, s.source});
    m_labels = labels;
    m_labels.resize(m_rows.size());
    m_categories = categories;
    endResetModel();
}

void SegmentLabelModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_labels.clear();
    m_categories.clear();
    endResetModel();
}

void SegmentLabelModel::setSegmentLabels(int row, const SegmentLabels &labels)
{
    if (row < 0 || row >= m_labels.size())
        return;
    m_labels[row] = labels;
    Q_EMIT dataChanged(index(row, Primary), index(row, Secondary));
}

QVariant SegmentLabelModel::data(const QModelIndex &index, int role) const
{
    if (!isRowIndex(index))
        return {};
    const int row = index.row();
    const SegmentLabels &labels = m_labels[row];
    if (role == CategoriesRole)
        return m_categories;
    if (role == Qt::TextAlignmentRole && (index.column() == Position || index.column() == Confidence))
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && index.column() == Source)
        return m_rows[row].source;
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    switch (index.column()) {
    case Position: return row + 1;
    case Document: return m_rows[row].document;
    case Source: return m_rows[row].source;
    case Primary: return labels.isEmpty() ? QString() : labels.first().category;
    case Confidence: return labels.isEmpty() ? QVariant() : QVariant(QString::number(labels.first().confidence, 'f', 2));
    case Origin: return labels.isEmpty() ? QString() : labelOriginName(labels.first().origin);
    case Secondary: {
        QStringList rest;
        for (int i = 1; i < labels.size(); ++i)
            rest.append(QStringLiteral("%1 (%2)").arg(labels[i].category).arg(labels[i].confidence, 0, 'f', 2));
        return rest.join(QStringLiteral("; "));
    }
    default: return {};
    }
}

QVariant SegmentLabelModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    return columnTitle(section, {tr("#"), tr("Document"), tr("Source"), tr("Primary category"), tr("Confidence"), tr("Origin"),
                                 tr("Secondary categories")});
}

Qt::ItemFlags SegmentLabelModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == Primary && !m_categories.isEmpty())
        f |= Qt::ItemIsEditable;
    return f;
}

bool SegmentLabelModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !checkIndex(index, CheckIndexOption::IndexIsValid) || index.column() != Primary)
        return false;
    const QString category = value.toString();
    if (!m_categories.contains(category))
        return false;
    const SegmentLabels &labels = m_labels[index.row()];
    if (!labels.isEmpty() && labels.first().category == category)
        return false;
    Q_EMIT relabelRequested(index.row(), category);
    return false;
}

}  // namespace gauntlet
