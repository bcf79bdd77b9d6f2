#include "app/workspaces/rule_option_delegate.h"

#include <QComboBox>

#include <algorithm>
#include <utility>

namespace gauntlet {

RuleOptionDelegate::RuleOptionDelegate(QList<QPair<QString, QString>> options, QObject *parent)
    : QStyledItemDelegate(parent), m_options(std::move(options))
{
}

QWidget *RuleOptionDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &, const QModelIndex &) const
{
    auto *box = new QComboBox(parent);
    box->setObjectName(QStringLiteral("ruleOptionEditor"));
    for (const auto &option : m_options)
        box->addItem(option.second, option.first);
    connect(box, &QComboBox::activated, this, [this, box] { Q_EMIT const_cast<RuleOptionDelegate *>(this)->commitData(box); });
    return box;
}

void RuleOptionDelegate::setEditorData(QWidget *editor, const QModelIndex &index) const
{
    auto *box = static_cast<QComboBox *>(editor);
    box->setCurrentIndex(std::max(0, box->findData(index.data(Qt::EditRole))));
}

void RuleOptionDelegate::setModelData(QWidget *editor, QAbstractItemModel *model, const QModelIndex &index) const
{
    model->setData(index, static_cast<QComboBox *>(editor)->currentData(), Qt::EditRole);
}

}  // namespace gauntlet
