// An item delegate that edits a taxonomy category with a searchable combo box of the paths the
// model offers in SegmentLabelModel::CategoriesRole (models/segment_label_model.h).
#pragma once

#include <QStyledItemDelegate>

namespace gauntlet {

class CategoryDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;
};

}  // namespace gauntlet
