#include "app/workspaces/review_panel.h"
#include "engine/core/save_file.h"
#include "engine/core/arg_text.h"

#include "app/workspaces/verdict_detail_pane.h"
#include "app/workspaces/verifier_stats_view.h"
#include "engine/core/text_file.h"
#include "engine/evaluate/rule_evidence.h"
#include "engine/verify/ltb_release.h"
#include "engine/store/project.h"
#include "models/example_list_model.h"
#include "models/verdict_matrix_model.h"

#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace gauntlet {

namespace {

QString paragraph(const QString &label, const QString &text)
{
    if (text.trimmed().isEmpty())
        return {};
    return QStringLiteral("<p><b>%1</b><br>%2</p>").arg(label.toHtmlEscaped(), text.toHtmlEscaped().replace(u'\n', QStringLiteral("<br>")));
}

}  // namespace

ReviewPanel::ReviewPanel(QWidget *parent)
    : QWidget(parent), m_filter(new QComboBox(this)), m_queueModel(new ExampleListModel(this)), m_queue(new QTableView(this)),
      m_details(new QTextBrowser(this)), m_matrixModel(new VerdictMatrixModel(this)), m_matrix(new QTableView(this)),
      m_comment(new QPlainTextEdit(this)), m_acceptButton(new QPushButton(tr("&Accept"), this)),
      m_returnButton(new QPushButton(tr("&Return with comment"), this)), m_commentButton(new QPushButton(tr("C&omment"), this)),
      m_exportButton(new QPushButton(tr("Export accepted..."), this)), m_importButton(new QPushButton(tr("Import LTB release..."), this)),
      m_contributors(new QLabel(this)), m_status(new QLabel(this))
{
    m_profile = qEnvironmentVariable("USER", QStringLiteral("anonymous"));
    m_filter->setObjectName(QStringLiteral("reviewFilter"));
    m_filter->addItem(tr("Waiting for review"), QStringLiteral("submitted"));
    m_filter->addItem(tr("Accepted"), QStringLiteral("accepted"));
    m_filter->addItem(tr("Returned"), QStringLiteral("returned"));
    m_filter->addItem(tr("All examples"), QString());
    connect(m_filter, &QComboBox::currentIndexChanged, this, &ReviewPanel::applyFilter);
    m_queue->setModel(m_queueModel);
    m_queue->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_queue->setSelectionMode(QAbstractItemView::SingleSelection);
    m_queue->verticalHeader()->hide();
    m_queue->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_queue->horizontalHeader()->setSectionResizeMode(ExampleListModel::SourceColumn, QHeaderView::Stretch);
    m_queue->setColumnHidden(ExampleListModel::UpdatedColumn, true);
    m_queue->setWordWrap(false);
    connect(m_queue, &QTableView::clicked, this, [this](const QModelIndex &index) { showExample(m_queueModel->idAt(index.row())); });
    connect(m_queue, &QTableView::activated, this, [this](const QModelIndex &index) { showExample(m_queueModel->idAt(index.row())); });

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_filter);
    leftLayout->addWidget(m_queue, 1);
    m_contributors->setWordWrap(true);
    leftLayout->addWidget(m_contributors);
    auto *exchange = new QHBoxLayout;
    exchange->addWidget(m_exportButton);
    exchange->addWidget(m_importButton);
    leftLayout->addLayout(exchange);

    m_matrix->setModel(m_matrixModel);
    m_matrix->setObjectName(QStringLiteral("reviewMatrixView"));
    m_matrix->setSelectionMode(QAbstractItemView::SingleSelection);
    m_verdictDetail = new VerdictDetailPane(m_matrix, m_matrixModel, this);
    m_verdictDetail->setProfileName(m_profile);
    m_verifierStats = new VerifierStatsView(this);
    connect(m_verdictDetail, &VerdictDetailPane::verdictsChanged, this, [this] {
        showExample(m_id);
        m_verifierStats->reload();
        Q_EMIT examplesChanged();
    });
    m_matrix->verticalHeader()->hide();
    m_matrix->verticalHeader()->setDefaultSectionSize(m_matrix->fontMetrics().height() + 8);
    m_matrix->setWordWrap(false);
    m_matrix->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_matrix->horizontalHeader()->setSectionResizeMode(VerdictMatrixModel::TranslationColumn, QHeaderView::Stretch);
    m_comment->setPlaceholderText(tr("Comment for the contributor (required when returning)"));
    m_comment->setMaximumHeight(80);
    m_status->setWordWrap(true);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_acceptButton);
    buttons->addWidget(m_returnButton);
    buttons->addWidget(m_commentButton);
    buttons->addStretch(1);
    auto *right = new QSplitter(Qt::Vertical, this);
    right->addWidget(m_details);
    // The selected example's verdicts with the cell detail, and the project's verifier agreement.
    auto *verdictTabs = new QTabWidget(this);
    verdictTabs->setObjectName(QStringLiteral("reviewVerdictTabs"));
    auto *matrixPage = new QSplitter(Qt::Vertical, verdictTabs);
    matrixPage->addWidget(m_matrix);
    matrixPage->addWidget(m_verdictDetail);
    verdictTabs->addTab(matrixPage, tr("Verdicts"));
    verdictTabs->addTab(m_verifierStats, tr("Verifier agreement"));
    right->addWidget(verdictTabs);
    auto *actions = new QWidget(this);
    auto *actionsLayout = new QVBoxLayout(actions);
    actionsLayout->setContentsMargins(0, 0, 0, 0);
    actionsLayout->addWidget(m_comment);
    actionsLayout->addLayout(buttons);
    actionsLayout->addWidget(m_status);
    right->addWidget(actions);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);

    auto *splitter = new QSplitter(this);
    splitter->addWidget(left);
    splitter->addWidget(right);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({380, 760});
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(splitter);

    auto report = [this](const QString &error) {
        m_status->setText(error);
        m_status->setStyleSheet(error.isEmpty() ? QString() : QStringLiteral("color: #c62828"));
    };
    connect(m_acceptButton, &QPushButton::clicked, this, [this, report] { report(accept()); });
    connect(m_returnButton, &QPushButton::clicked, this, [this, report] { report(returnToContributor()); });
    connect(m_commentButton, &QPushButton::clicked, this, [this, report] { report(addComment()); });
    connect(m_exportButton, &QPushButton::clicked, this, [this, report] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export accepted examples"), QStringLiteral("v1.json"),
                                                          tr("LTB release (*.json)"));
        if (!path.isEmpty())
            report(exportAccepted(path));
    });
    connect(m_importButton, &QPushButton::clicked, this, [this, report] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Import LTB release"), QString(), tr("LTB release (*.json);;All files (*)"));
        if (!path.isEmpty())
            report(importRelease(path));
    });
    updateButtons();
}

void ReviewPanel::setProfileName(const QString &name)
{
    m_profile = name;
    m_verdictDetail->setProfileName(name);
}

void ReviewPanel::setProject(storage::Project *project)
{
    m_project = project;
    m_verdictDetail->setProject(project);
    m_verifierStats->setProject(project);
    m_queueModel->setProject(project);
    applyFilter();
}

void ReviewPanel::applyFilter()
{
    const QString status = m_filter->currentData().toString();
    m_queue->setColumnHidden(ExampleListModel::StatusColumn, !status.isEmpty());  // one status: the column says nothing
    m_queueModel->setStatusFilter(status.isEmpty() ? QVector<verify::ExampleStatus>{} : QVector<verify::ExampleStatus>{verify::parseExampleStatus(status)});
    reload();
}

void ReviewPanel::reload()
{
    m_verifierStats->reload();
    const qint64 keep = m_id;
    m_queueModel->reload();
    if (!selectExample(keep))
        showExample(0);
    QStringList counts;
    if (m_project) {
        try {
            for (const auto &[author, n] : verify::ExampleStore(m_project->database()).acceptedCounts())
                counts << tr("%1: %2").arg(core::argText(author.isEmpty() ? tr("(no name)") : author), core::argText(n));
        } catch (const storage::StoreError &e) {
            counts << QString::fromUtf8(e.what());
        }
    }
    m_contributors->setText(counts.isEmpty() ? tr("No accepted examples yet.")
                                             : tr("Accepted per contributor (LTB co-authorship after 10): %1").arg(counts.join(QStringLiteral(", "))));
}

bool ReviewPanel::selectExample(qint64 id)
{
    const int row = m_queueModel->rowOf(id);
    if (id == 0 || row < 0)
        return false;
    m_queue->selectRow(row);
    showExample(id);
    return true;
}

void ReviewPanel::showExample(qint64 id)
{
    m_id = id;
    m_verdictDetail->setExampleId(id);
    m_details->clear();
    m_matrixModel->setMatrix({});
    if (!m_project || id == 0) {
        m_details->setHtml(tr("<p>Select an example in the queue.</p>"));
        updateButtons();
        return;
    }
    try {
        verify::ExampleStore store(m_project->database());
        const auto e = store.example(id);
        if (!e) {
            m_id = 0;
            updateButtons();
            return;
        }
        QString html = QStringLiteral("<h3>%1</h3>")
                           .arg(tr("Example %1 by %2: %3 → %4 (%5)")
                                    .arg(e->id)
                                    .arg(e->author.toHtmlEscaped(), e->sourceLanguage.toHtmlEscaped(), e->targetLanguage.toHtmlEscaped(),
                                         ExampleListModel::statusLabel(e->status)));
        html += paragraph(tr("Source text"), e->sourceText);
        html += paragraph(tr("Instructions"), e->instructions);
        html += paragraph(tr("Context"), e->contextNote);
        html += paragraph(tr("Reference"), e->reference);
        html += paragraph(tr("Attribution"), e->attribution);
        html += paragraph(tr("Linguistic tags"), e->linguistics.join(QStringLiteral(", ")));
        html += paragraph(tr("Tags"), e->tags.join(QStringLiteral(", ")));
        const verify::ExampleAssessment a = store.assess(id);
        QStringList ruleTexts;
        for (const verify::VerificationRule &rule : a.matrix.rules)
            ruleTexts << rule.text;
        // Issue 19, item 13: the annotators' rule form answers from Evaluate campaigns.
        const evaluate::ExampleRuleEvidence evidence = evaluate::ruleFormEvidence(m_project->database(), id, ruleTexts);
        QString rules;
        for (int i = 0; i < a.matrix.rules.size(); ++i) {
            const evaluate::RuleFormCounts &c = evidence.rules[i];
            rules += QStringLiteral("<li>%1 <i>(%2)</i>%3%4</li>")
                         .arg(a.matrix.rules[i].text.toHtmlEscaped(), verify::ruleKindName(a.matrix.rules[i].kind),
                              a.matrix.rulesTestingNothing.contains(i) ? tr(" — tests nothing") : QString(),
                              c.total() == 0 ? QString()
                                             : QStringLiteral("<br><span style='color:#1565c0'>%1</span>")
                                                   .arg(tr("Rule form: %1 realistic, %2 too strict, %3 not sure")
                                                            .arg(c.realistic)
                                                            .arg(c.tooStrict)
                                                            .arg(c.notSure)));
        }
        html += QStringLiteral("<p><b>%1</b></p><ol>%2</ol>").arg(tr("Verification rules"), rules);
        if (!evidence.isEmpty())
            html += QStringLiteral("<p style='color:#1565c0'>%1</p>")
                        .arg(tr("Rule form: could an incorrect translation pass all rules? %1 yes, %2 no (campaigns: %3)")
                                 .arg(evidence.incorrectCouldPassYes)
                                 .arg(evidence.incorrectCouldPassNo)
                                 .arg(evidence.campaigns.join(QStringLiteral(", ")).toHtmlEscaped()));
        html += QStringLiteral("<p><b>%1</b> %2<br>%3</p>")
                    .arg(tr("Acceptance gate:"), verify::gateStateName(a.gate.state), a.gate.explanation.join(QStringLiteral("<br>")).toHtmlEscaped().replace(QStringLiteral("&lt;br&gt;"), QStringLiteral("<br>")));
        if (a.agreement.verifiers >= 2 && a.agreement.units > 0)
            html += QStringLiteral("<p><b>%1</b> %2</p>")
                        .arg(tr("Verifier agreement:"),
                             tr("%1 of %2 (rule, translation) pairs unanimous%3")
                                 .arg(a.agreement.unanimous)
                                 .arg(a.agreement.units)
                                 .arg(a.agreement.alpha ? tr(", Krippendorff's alpha %1").arg(*a.agreement.alpha, 0, 'f', 2) : QString()));
        QString thread;
        for (const verify::ExampleEvent &ev : store.history(id)) {
            QString what;
            if (ev.kind == QLatin1String("comment"))
                what = tr("commented");
            else if (ev.kind == QLatin1String("created"))
                what = tr("created it");
            else if (ev.kind == QLatin1String("rules"))
                what = tr("changed the rules");
            else if (ev.kind == QLatin1String("verdict"))
                what = ev.toStatus == QLatin1String("removed") ? tr("removed a verdict set by hand (%1)").arg(ev.fromStatus)
                                                                 : tr("set a verdict by hand (%1)").arg(ev.toStatus);
            else
                what = tr("set it to %1").arg(ev.toStatus);
            thread += QStringLiteral("<li>%1 <b>%2</b> %3%4</li>")
                          .arg(ev.createdAt.left(16).replace(u'T', u' '), ev.author.toHtmlEscaped(), what,
                               ev.comment.isEmpty() ? QString() : QStringLiteral(": ") + ev.comment.toHtmlEscaped());
        }
        html += QStringLiteral("<p><b>%1</b></p><ul>%2</ul>").arg(tr("History and comments"), thread);
        m_details->setHtml(html);
        m_matrixModel->setMatrix(a.matrix);
    } catch (const std::exception &err) {
        m_details->setPlainText(QString::fromUtf8(err.what()));
    }
    updateButtons();
}

void ReviewPanel::updateButtons()
{
    std::optional<verify::ExampleStatus> status;
    if (m_project && m_id) {
        try {
            if (const auto e = verify::ExampleStore(m_project->database()).example(m_id))
                status = e->status;
        } catch (const storage::StoreError &) {
        }
    }
    m_acceptButton->setEnabled(status == verify::ExampleStatus::Submitted);
    m_returnButton->setEnabled(status == verify::ExampleStatus::Submitted);
    m_commentButton->setEnabled(status.has_value());
    m_exportButton->setEnabled(m_project != nullptr);
    m_importButton->setEnabled(m_project != nullptr);
}

QString ReviewPanel::accept()
{
    if (!m_project || !m_id)
        return tr("Select an example first.");
    return review([this](verify::ExampleStore &store, const QString &comment) { store.accept(m_id, m_profile, comment); }, true);
}

QString ReviewPanel::returnToContributor()
{
    if (!m_project || !m_id)
        return tr("Select an example first.");
    if (m_comment->toPlainText().trimmed().isEmpty())
        return tr("Write a comment saying what the contributor should fix.");
    return review([this](verify::ExampleStore &store, const QString &comment) { store.returnExample(m_id, m_profile, comment); }, true);
}

QString ReviewPanel::addComment()
{
    if (!m_project || !m_id)
        return tr("Select an example first.");
    return review([this](verify::ExampleStore &store, const QString &comment) { store.comment(m_id, m_profile, comment); }, false);
}

QString ReviewPanel::review(const std::function<void(verify::ExampleStore &, const QString &comment)> &change, bool reloadQueue)
{
    try {
        verify::ExampleStore store(m_project->database());
        change(store, m_comment->toPlainText().trimmed());
    } catch (const storage::StoreError &e) {
        return QString::fromUtf8(e.what());
    }
    m_comment->clear();
    const qint64 id = m_id;
    if (reloadQueue)
        reload();
    showExample(id);
    if (reloadQueue)
        Q_EMIT examplesChanged();
    return {};
}

QString ReviewPanel::exportAccepted(const QString &path)
{
    if (!m_project)
        return tr("Open a project first.");
    try {
        verify::ExampleStore store(m_project->database());
        QVector<qint64> ids;
        for (const verify::ChallengeExample &e : store.examples(verify::ExampleStatus::Accepted))
            ids.append(e.id);
        const QByteArray json = verify::writeLtbRelease(store, ids);
        if (const QString why = core::saveFile(path, json); !why.isEmpty())
            return tr("Cannot write %1: %2").arg(path, why);
        m_status->setText(tr("Exported %1 accepted examples to %2").arg(ids.size()).arg(path));
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString ReviewPanel::importRelease(const QString &path)
{
    if (!m_project)
        return tr("Open a project first.");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return tr("Cannot read %1: %2").arg(path, file.errorString());
    try {
        const QVector<verify::ExampleBundle> bundles = verify::parseLtbRelease(file.readAll(), path);
        QVector<qint64> already;
        const QVector<qint64> ids = verify::ExampleStore(m_project->database()).importExamples(bundles, &already);
        QString status = tr("Imported %n example(s) from %1", "", int(ids.size())).arg(path);
        if (!already.isEmpty())
            status += u' ' + tr("%n example(s) already in the project were skipped.", "", int(already.size()));
        m_status->setText(status);
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
    reload();
    Q_EMIT examplesChanged();
    return {};
}

}  // namespace gauntlet
