#include "app/workspaces/contribute_workspace.h"

#include "app/workspaces/contribute_page.h"
#include "app/workspaces/review_panel.h"
#include "engine/core/settings.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QTabWidget>
#include <QVBoxLayout>

namespace gauntlet {

ContributeWorkspace::ContributeWorkspace(QWidget *parent)
    : QWidget(parent), m_profile(new QLineEdit(this)), m_tabs(new QTabWidget(this)), m_page(new ContributePage(this)),
      m_review(new ReviewPanel(this))
{
    auto *header = new QHBoxLayout;
    header->addWidget(new QLabel(tr("Profile name:"), this));
    m_profile->setPlaceholderText(tr("recorded as author and reviewer"));
    m_profile->setMaximumWidth(240);
    // The same profile as the command line's: $GAUNTLET_PROFILE, else $USER (issue 19).
    const QString profile = qEnvironmentVariable("GAUNTLET_PROFILE").trimmed();
    m_profile->setText(profile.isEmpty() ? qEnvironmentVariable("USER") : profile);
    header->addWidget(m_profile);
    header->addStretch(1);
    m_tabs->addTab(m_page, tr("Contribute"));
    m_tabs->addTab(m_review, tr("Review"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(header);
    layout->addWidget(m_tabs, 1);
    connect(m_profile, &QLineEdit::editingFinished, this, &ContributeWorkspace::applyProfile);
    connect(m_profile, &QLineEdit::textChanged, this, [this] {
        m_page->setProfileName(m_profile->text().trimmed());
        m_review->setProfileName(m_profile->text().trimmed());
    });
    connect(m_page, &ContributePage::examplesChanged, m_review, &ReviewPanel::reload);
    connect(m_page, &ContributePage::runRequested, this, &ContributeWorkspace::runRequested);
    connect(m_review, &ReviewPanel::examplesChanged, m_page, &ContributePage::reloadList);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (m_tabs->widget(index) == m_review) {
            m_page->saveNow();
            m_review->reload();
        }
    });
    applyProfile();
}

void ContributeWorkspace::setSettings(core::Settings *settings)
{
    m_settings = settings;
    const QString stored = settings ? settings->value(KeyProfileName).toString() : QString();
    if (!stored.isEmpty())
        m_profile->setText(stored);
    applyProfile();
}

void ContributeWorkspace::applyProfile()
{
    const QString name = m_profile->text().trimmed();
    m_page->setProfileName(name);
    m_review->setProfileName(name);
    if (m_settings && !name.isEmpty())
        m_settings->setValue(KeyProfileName, name);
}

void ContributeWorkspace::setProject(storage::Project *project)
{
    m_page->setProject(project);
    m_review->setProject(project);
}

void ContributeWorkspace::showExample(qint64 id)
{
    m_tabs->setCurrentWidget(m_page);
    m_page->reloadList();
    m_page->openExample(id);
}

bool ContributeWorkspace::confirmClose()
{
    return m_page->confirmDiscard();
}

}  // namespace gauntlet
