#include "app/workspaces/seed_picker_dialog.h"
#include "engine/core/arg_text.h"

#include "engine/store/project.h"

#include <QDialogButtonBox>
#include <QLineEdit>
#include <QListWidget>
#include <QVBoxLayout>

namespace gauntlet {

SeedPickerDialog::SeedPickerDialog(storage::Project &project, QWidget *parent) : QDialog(parent), m_list(new QListWidget(this))
{
    setWindowTitle(tr("Start from a seed"));
    auto *layout = new QVBoxLayout(this);
    auto *filter = new QLineEdit(this);
    filter->setObjectName(QStringLiteral("seedFilterEdit"));
    filter->setPlaceholderText(tr("Filter the seed texts"));
    m_list->setObjectName(QStringLiteral("seedList"));
    layout->addWidget(filter);
    layout->addWidget(m_list, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_list, &QListWidget::itemDoubleClicked, this, &QDialog::accept);
    storage::SeedStore seeds = project.seeds();
    for (const storage::SeedSetInfo &set : seeds.sets())
        for (const storage::Seed &seed : seeds.seeds(set.id)) {
            auto *item = new QListWidgetItem(seed.record.text, m_list);
            item->setToolTip(tr("%1, seed %2").arg(core::argText(set.name), core::argText(seed.position + 1)));
        }
    connect(filter, &QLineEdit::textChanged, m_list, [this](const QString &text) {
        for (int i = 0; i < m_list->count(); ++i)
            m_list->item(i)->setHidden(!m_list->item(i)->text().contains(text, Qt::CaseInsensitive));
    });
    resize(700, 480);
}

QString SeedPickerDialog::selectedText() const
{
    return m_list->currentItem() ? m_list->currentItem()->text() : QString();
}

}  // namespace gauntlet
