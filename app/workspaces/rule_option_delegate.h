// Edits the rules table's choice cells (rule kind, Unicode normalisation) with a combo box over
// the stored keys that RuleTableModel gives through Qt::EditRole; a choice is committed as soon
// as it is made.
#pragma once

#include <QList>
#include <QPair>
#include <QStyledItemDelegate>

namespace gauntlet {

class RuleOptionDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    /// `options`: (key, translated label) in menu order (RuleTableModel::kindOptions()).
    RuleOptionDelegate(QList<QPair<QString, QString>> options, QObject *parent = nullptr);

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option, const QModelIndex &index) const override;
    void setEditorData(QWidget *editor, const QModelIndex &index) const override;
    void setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const override;

private:
    QList<QPair<QString, QString>> m_options;
};

}  // namespace gauntlet
