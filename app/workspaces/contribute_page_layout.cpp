// ContributePage's layout: the example list on the left; the example form and its rules
// (scrolled) above the outputs, verdict matrix and gate on the right; the status line; and the
// page's keyboard shortcuts (Ctrl+S save, Ctrl+T translate, Ctrl+Shift+V verify, Esc cancel).
// The open example's state and its saving are in contribute_page.cpp.
#include "app/workspaces/contribute_page.h"

#include "app/workspaces/acceptance_gate_box.h"
#include "app/workspaces/example_form.h"
#include "app/workspaces/example_list_pane.h"
#include "app/workspaces/outputs_panel.h"
#include "app/workspaces/rules_editor.h"

#include <QLabel>
#include <QMessageBox>
#include <QScrollArea>
#include <QShortcut>
#include <QSplitter>
#include <QVBoxLayout>

namespace gauntlet {

void ContributePage::buildUi()
{
    m_list = new ExampleListPane(this);
    connect(m_list, &ExampleListPane::newRequested, this, [this] {
        if (confirmDiscard())
            newExample();
    });
    connect(m_list, &ExampleListPane::seedRequested, this, &ContributePage::chooseSeed);
    connect(m_list, &ExampleListPane::deleteRequested, this, &ContributePage::removeCurrentExample);
    connect(m_list, &ExampleListPane::exampleChosen, this, &ContributePage::openExample);

    // Right: the example and its rules (scrolled), then the outputs, verdicts and gate in view below.
    auto *form = new QWidget(this);
    auto *formLayout = new QVBoxLayout(form);
    m_provenance = new QLabel(form);
    m_provenance->setObjectName(QStringLiteral("contributeProvenanceLabel"));
    m_provenance->setWordWrap(true);
    m_provenance->setTextFormat(Qt::RichText);
    m_provenance->setTextInteractionFlags(Qt::TextBrowserInteraction);
    m_provenance->setStyleSheet(QStringLiteral("QLabel { background: #eef4fb; border: 1px solid #c5d6ea; border-radius: 3px; padding: 4px; }"));
    m_provenance->hide();
    connect(m_provenance, &QLabel::linkActivated, this, [this](const QString &link) {
        if (link.startsWith(QLatin1String("run:")))
            Q_EMIT runRequested(link.mid(4).toLongLong());
    });
    formLayout->addWidget(m_provenance);
    m_form = new ExampleForm(form);
    m_rules = new RulesEditor(form);
    formLayout->addWidget(m_form);
    formLayout->addWidget(m_rules);
    formLayout->addStretch(1);
    connect(m_form, &ExampleForm::edited, this, &ContributePage::markDirty);
    connect(m_rules, &RulesEditor::edited, this, &ContributePage::markDirty);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(form);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    m_outputs = new OutputsPanel(this);
    // Translate and Verify save first; when the example cannot be saved they say so and send nothing.
    m_outputs->setBeforeRun([this] {
        if (saveNow())
            return true;
        showStatus(tr("Nothing was sent: %1").arg(m_status->text()), true);
        return false;
    });
    connect(m_outputs, &OutputsPanel::translationStarted, this, [this](const QString &source) { m_translatedSource = source; });
    connect(m_outputs, &OutputsPanel::manualOutputAdded, this, [this] {
        if (!m_hasOutputs)
            m_translatedSource = m_form->sourceText();
    });
    connect(m_outputs, &OutputsPanel::outputsChanged, this, &ContributePage::refreshAssessment);
    connect(m_outputs, &OutputsPanel::verdictsChanged, this, [this] {
        refreshAssessment();
        Q_EMIT examplesChanged();
    });
    connect(m_outputs, &OutputsPanel::busyChanged, this, &ContributePage::updateButtons);
    connect(m_outputs, &OutputsPanel::statusMessage, this, &ContributePage::showStatus);
    m_gateBox = new AcceptanceGateBox(this);
    connect(m_gateBox, &AcceptanceGateBox::submitRequested, this, [this] {
        const QString error = submit();
        if (!error.isEmpty())
            QMessageBox::warning(this, tr("Cannot submit"), error);
    });

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("contributeStatusLabel"));
    m_status->setWordWrap(true);
    // Three parts a user can resize, none collapsing (issue 35: at 1280x720 the form kept 60 px
    // and the gate covered the verdict row): the form (scrolled, at least a few fields), the
    // outputs with the verdicts, and the gate (its text scrolled when it is long).
    scroll->setMinimumHeight(150);
    auto *vertical = new QSplitter(Qt::Vertical, this);
    vertical->setObjectName(QStringLiteral("contributeSplitter"));
    vertical->setChildrenCollapsible(false);
    vertical->addWidget(scroll);
    vertical->addWidget(m_outputs);
    vertical->addWidget(m_gateBox);
    vertical->setStretchFactor(0, 2);
    vertical->setStretchFactor(1, 3);
    vertical->setStretchFactor(2, 0);
    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(vertical, 1);
    rightLayout->addWidget(m_status);

    auto *splitter = new QSplitter(this);
    splitter->addWidget(m_list);
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({260, 800});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(splitter);

    const auto shortcut = [this](const QKeySequence &keys, auto action) {
        auto *s = new QShortcut(keys, this, action);
        s->setContext(Qt::WidgetWithChildrenShortcut);
    };
    shortcut(QKeySequence::Save, [this] { saveNow(); });
    shortcut(QKeySequence(Qt::CTRL | Qt::Key_T), [this] {
        if (m_outputs->canTranslate())
            m_outputs->translate();
    });
    shortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V), [this] {
        if (m_outputs->canVerify())
            m_outputs->verify();
    });
    shortcut(QKeySequence(Qt::Key_Escape), [this] { m_outputs->cancel(); });
}

}  // namespace gauntlet
