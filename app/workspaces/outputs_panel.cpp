#include "app/workspaces/outputs_panel.h"

#include "app/workspaces/systems_dialog.h"
#include "app/workspaces/verdict_detail_pane.h"
#include "app/workspaces/verifier_choice_button.h"
#include "engine/store/project.h"
#include "engine/translate/translation_runner.h"
#include "engine/verify/example_store.h"
#include "engine/verify/verification_runner.h"
#include "models/verdict_matrix_model.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QSplitter>
#include <QVBoxLayout>

namespace gauntlet {

namespace {

QPushButton *button(QWidget *parent, const char *name, const QString &text, const QString &toolTip = {})
{
    auto *b = new QPushButton(text, parent);
    b->setObjectName(QLatin1String(name));
    b->setToolTip(toolTip);
    return b;
}

}  // namespace

OutputsPanel::OutputsPanel(QWidget *parent)
    : QGroupBox(tr("MT outputs and verdicts"), parent), m_matrixModel(new VerdictMatrixModel(this))
{
    setObjectName(QStringLiteral("outputsPanel"));
    auto *outputsLayout = new QVBoxLayout(this);
    auto *actions = new QHBoxLayout;
    m_translateButton = button(this, "translateButton", tr("&Translate"), tr("Run the project's MT systems on the source text (Ctrl+T)"));
    m_manualButton = button(this, "pasteOutputButton", tr("Paste output..."), tr("Add the output of a system you ran elsewhere"));
    m_removeOutputButton = button(this, "removeOutputButton", tr("Remove output"));
    m_verifyButton = button(this, "verifyButton", tr("&Verify"), tr("Check the reference and every output against the rules (Ctrl+Shift+V)"));
    m_verifierChoice = new VerifierChoiceButton(this);
    m_cancelButton = button(this, "cancelButton", tr("Cancel"));
    m_cancelButton->setEnabled(false);
    m_systemsButton = button(this, "systemsButton", tr("MT systems && verifiers..."));
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("outputsProgress"));
    m_progress->setVisible(false);
    actions->addWidget(m_translateButton);
    actions->addWidget(m_manualButton);
    actions->addWidget(m_removeOutputButton);
    actions->addWidget(m_verifyButton);
    actions->addWidget(m_verifierChoice);
    actions->addWidget(m_cancelButton);
    actions->addWidget(m_progress, 1);
    actions->addStretch(0);
    actions->addWidget(m_systemsButton);
    outputsLayout->addLayout(actions);
    m_matrixView = new QTableView(this);
    m_matrixView->setModel(m_matrixModel);
    m_matrixView->verticalHeader()->hide();
    m_matrixView->setObjectName(QStringLiteral("verdictMatrixView"));
    m_matrixView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_matrixView->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_matrixView->horizontalHeader()->setSectionResizeMode(VerdictMatrixModel::TranslationColumn, QHeaderView::Stretch);
    m_matrixView->verticalHeader()->setDefaultSectionSize(m_matrixView->fontMetrics().height() + 8);
    // The header and three rows at least (issue 35: the page must fit 1280x720).
    m_matrixView->setMinimumHeight(4 * (m_matrixView->fontMetrics().height() + 8) + 6);
    m_matrixView->setWordWrap(false);
    m_verdictDetail = new VerdictDetailPane(m_matrixView, m_matrixModel, this);
    // The matrix above the selected cell's replies and the verdict set by hand; the user moves
    // the handle between them, and neither collapses.
    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(QStringLiteral("outputsSplitter"));
    split->setChildrenCollapsible(false);
    split->addWidget(m_matrixView);
    split->addWidget(m_verdictDetail);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    outputsLayout->addWidget(split, 1);
    connect(m_verdictDetail, &VerdictDetailPane::verdictsChanged, this, &OutputsPanel::verdictsChanged);
    connect(m_translateButton, &QPushButton::clicked, this, &OutputsPanel::translate);
    connect(m_verifyButton, &QPushButton::clicked, this, &OutputsPanel::verify);
    connect(m_cancelButton, &QPushButton::clicked, this, &OutputsPanel::cancel);
    connect(m_manualButton, &QPushButton::clicked, this, &OutputsPanel::addManualOutput);
    connect(m_removeOutputButton, &QPushButton::clicked, this, &OutputsPanel::removeOutput);
    connect(m_systemsButton, &QPushButton::clicked, this, &OutputsPanel::editSystems);
}

OutputsPanel::~OutputsPanel()
{
    if (m_translationRunner)
        m_translationRunner->disconnect(this);
    if (m_verificationRunner)
        m_verificationRunner->disconnect(this);
}

void OutputsPanel::setProject(storage::Project *project)
{
    cancel();
    m_project = project;
    m_verdictDetail->setProject(project);
    m_verifierChoice->setProject(project);
}

void OutputsPanel::setProfileName(const QString &name)
{
    m_verdictDetail->setProfileName(name);
}

void OutputsPanel::setExampleId(qint64 id)
{
    m_id = id;
    m_verdictDetail->setExampleId(id);
    updateButtons();
}

void OutputsPanel::setMatrix(const verify::VerdictMatrix &matrix)
{
    m_matrixModel->setMatrix(matrix);
}

void OutputsPanel::setEditable(bool editable)
{
    m_editable = editable;
    updateButtons();
}

bool OutputsPanel::canTranslate() const
{
    return m_translateButton->isEnabled();
}

bool OutputsPanel::canVerify() const
{
    return m_verifyButton->isEnabled();
}

void OutputsPanel::updateButtons()
{
    const bool busy = isBusy();
    const bool ready = m_project && m_id != 0;
    m_translateButton->setEnabled(ready && m_editable && !busy);
    m_manualButton->setEnabled(ready && m_editable && !busy);
    m_removeOutputButton->setEnabled(ready && m_editable && !busy);
    m_verifyButton->setEnabled(ready && !busy);
    m_cancelButton->setEnabled(busy);
    m_systemsButton->setEnabled(m_project != nullptr);
    m_progress->setVisible(busy);
}

bool OutputsPanel::prepare()
{
    return m_project && !isBusy() && (!m_beforeRun || m_beforeRun()) && m_id != 0;
}

void OutputsPanel::addManualOutput()
{
    if (!prepare())
        return;
    bool ok = false;
    const QString system = QInputDialog::getText(this, tr("Paste output"), tr("MT system (e.g. the service you used):"),
                                                 QLineEdit::Normal, QString(), &ok).trimmed();
    if (!ok || system.isEmpty())
        return;
    const QString text = QInputDialog::getMultiLineText(this, tr("Paste output"), tr("Its translation of the source text:"), QString(), &ok);
    if (!ok || text.trimmed().isEmpty())
        return;
    try {
        verify::ExampleStore(m_project->database()).setTranslation(m_id, system, QStringLiteral("manual"), text.trimmed());
    } catch (const storage::StoreError &e) {
        Q_EMIT statusMessage(QString::fromUtf8(e.what()), true);
        return;
    }
    Q_EMIT manualOutputAdded();
    Q_EMIT outputsChanged();
}

void OutputsPanel::removeOutput()
{
    const QModelIndex index = m_matrixView->currentIndex();
    if (!m_project || !index.isValid() || index.data(VerdictMatrixModel::IsReferenceRole).toBool()) {
        Q_EMIT statusMessage(tr("Select an MT output row in the table first."), true);
        return;
    }
    const QString system = m_matrixModel->matrix().rows.value(index.row()).label;
    verify::ExampleStore(m_project->database()).removeTranslation(m_id, system);
    Q_EMIT outputsChanged();
}

void OutputsPanel::editSystems()
{
    if (!m_project)
        return;
    SystemsDialog dialog(m_project, this);
    dialog.exec();
    Q_EMIT outputsChanged();
}

}  // namespace gauntlet
