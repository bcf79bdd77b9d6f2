// The labels of a classified corpus as a table (Coverage workspace, manual relabelling): one row
// per segment with its position, document, source, primary category (editable), its confidence
// and origin, and the secondary categories. Editing the primary category does not change the
// model: it emits relabelRequested, and whoever stores the change calls setSegmentLabels.
#pragma once

#include "engine/sampling/classification.h"
#include "engine/sampling/corpus.h"

#include "models/flat_table_model.h"
#include <QStringList>

namespace gauntlet {

class SegmentLabelModel : public FlatTableModel {
    Q_OBJECT
public:
    enum Column { Position, Document, Source, Primary, Confidence, Origin, Secondary, ColumnCount };
    enum Role { CategoriesRole = Qt::UserRole + 1 };  ///< the taxonomy's category paths (editor choices)

    explicit SegmentLabelModel(QObject *parent = nullptr);

    /// Shows `corpus` with `labels` (parallel to its segments); `categories` are the paths a
    /// segment may be given.
    void setLabelling(const sampling::Corpus &corpus, const QVector<sampling::SegmentLabels> &labels, const QStringList &categories);
    void clear();
    /// Replaces one segment's labels (after a stored relabelling).
    void setSegmentLabels(int row, const sampling::SegmentLabels &labels);
    const sampling::SegmentLabels &segmentLabels(int row) const { return m_labels[row]; }
    QStringList categories() const { return m_categories; }

    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    /// Primary column: emits relabelRequested(row, category) for a known, different category and
    /// returns false (the model changes only through setSegmentLabels).
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

Q_SIGNALS:
    void relabelRequested(int row, const QString &category);

private:
    int flatRowCount() const override { return int(m_rows.size()); }
    struct Row {
        QString document;
        QString source;
    };
    QVector<Row> m_rows;
    QVector<sampling::SegmentLabels> m_labels;
    QStringList m_categories;
};

}  // namespace gauntlet
