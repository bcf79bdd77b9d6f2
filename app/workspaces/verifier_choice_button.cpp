#include "app/workspaces/verifier_choice_button.h"

#include "engine/store/project.h"

#include <QMenu>

namespace gauntlet {

VerifierChoiceButton::VerifierChoiceButton(QWidget *parent) : QToolButton(parent)
{
    setObjectName(QStringLiteral("verifierChoiceButton"));
    setText(tr("Verifiers"));
    setToolTip(tr("Choose which LLM verifiers Verify asks (all by default)"));
    setPopupMode(QToolButton::InstantPopup);
    auto *menu = new QMenu(this);
    menu->setObjectName(QStringLiteral("verifierChoiceMenu"));
    setMenu(menu);
    connect(menu, &QMenu::aboutToShow, this, &VerifierChoiceButton::fillMenu);
}

QVector<verify::VerifierConfig> VerifierChoiceButton::chosen(const QVector<verify::VerifierConfig> &all) const
{
    QVector<verify::VerifierConfig> out;
    for (const verify::VerifierConfig &v : all)
        if (!m_skipped.contains(v.name))
            out.append(v);
    return out;
}

void VerifierChoiceButton::fillMenu()
{
    QMenu *m = menu();
    m->clear();
    QVector<verify::VerifierConfig> all;
    try {
        if (m_project)
            all = verify::ExampleStore(m_project->database()).verifiers();
    } catch (const storage::StoreError &e) {
        m->addAction(QString::fromUtf8(e.what()))->setEnabled(false);
        return;
    }
    if (all.isEmpty()) {
        m->addAction(tr("The project has no LLM verifiers"))->setEnabled(false);
        return;
    }
    for (const verify::VerifierConfig &v : std::as_const(all)) {
        QAction *action = m->addAction(v.name);
        action->setCheckable(true);
        action->setChecked(!m_skipped.contains(v.name));
        connect(action, &QAction::toggled, this, [this, name = v.name](bool on) {
            if (on)
                m_skipped.remove(name);
            else
                m_skipped.insert(name);
        });
    }
}

}  // namespace gauntlet
