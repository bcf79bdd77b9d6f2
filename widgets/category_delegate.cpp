#include "widgets/category_delegate.h"

#include "models/segment_label_model.h"

#include <QComboBox>
#include <QCompleter>

namespace gauntlet {

QWidget *CategoryDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &index) const
{
    auto *box = new QComboBox(parent);
    box->setEditable(true);
    box->setInsertPolicy(QComboBox::NoInsert);
    box->addItems(index.data(SegmentLabelModel::CategoriesRole).toStringList());
    box->completer()->setFilterMode(Qt::MatchContains);
    box->completer()->setCompletionMode(QCompleter::PopupCompletion);
    return box;
}

void CategoryDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    auto *box = static_cast<QComboBox *>(editor);
    const int i = box->findText(index.data(Qt::EditRole).toString());
    box->setCurrentIndex(i);
    if (i < 0)
        box->setEditText(QString());
}

void CategoryDelegate::setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const
{
    auto *box = static_cast<QComboBox *>(editor);
    model->setData(index, box->currentText(), Qt::EditRole);
}

}  // namespace gauntlet
