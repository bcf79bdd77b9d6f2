#include "app/workspaces/contribute_workspace.h"

#include "app/workspaces/example_editor.h"
#include "app/workspaces/review_panel.h"
#include "engine/core/settings.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QTabWidget>
#include <QVBoxLayout>

namespace gauntlet {

ContributeWorkspace::ContributeWorkspace(QWidget *parent)
    : QWidget(parent), m_profile(new QLineEdit(this)), m_tabs(new QTabWidget(this)), m_editor(new ExampleEditor(this)),
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
    m_tabs->addTab(m_editor, tr("Contribute"));
    m_tabs->addTab(m_review, tr("Review"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(header);
    layout->addWidget(m_tabs, 1);
    connect(m_profile, &QLineEdit::editingFinished, this, &ContributeWorkspace::applyProfile);
    connect(m_profile, &QLineEdit::textChanged, this, [this] {
        m_editor->setProfileName(m_profile->text().trimmed());
        m_review->setProfileName(m_profile->text().trimmed());
    });
    connect(m_editor, &ExampleEditor::examplesChanged, m_review, &ReviewPanel::reload);
    connect(m_review, &ReviewPanel::examplesChanged, m_editor, &ExampleEditor::reloadList);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (m_tabs->widget(index) == m_review) {
            m_editor->saveNow();
            m_review->reload();
        }
    });
    applyProfile();
}

void ContributeWorkspace::setSettings(Settings *settings)
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
    m_editor->setProfileName(name);
    m_review->setProfileName(name);
    if (m_settings && !name.isEmpty())
        m_settings->setValue(KeyProfileName, name);
}

void ContributeWorkspace::setProject(Project *project)
{
    m_editor->setProject(project);
    m_review->setProject(project);
}

bool ContributeWorkspace::confirmClose()
{
    return m_editor->confirmDiscard();
}

}  // namespace gauntlet
