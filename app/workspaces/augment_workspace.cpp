#include "app/workspaces/augment_workspace.h"

#include "engine/ato/ato_error.h"
#include "engine/ato/model_pack.h"
#include "engine/core/settings.h"
#include "engine/store/project.h"

#include <nlohmann/json.hpp>
#include "engine/ato/run_history.h"
#include "models/run_history_model.h"
#include "models/seed_queue_model.h"
#include "models/seed_set_model.h"
#include "widgets/message_panel.h"
#include "widgets/objective_chart.h"
#include "widgets/trace_view.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QFrame>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace gauntlet {

namespace {

constexpr int SeedIdRole = Qt::UserRole + 1;

QString qs(const std::string &s)
{
    return QString::fromUtf8(s.data(), int(s.size()));
}

QString duration(double seconds)
{
    if (seconds < 0)
        return QStringLiteral("--:--");
    const qint64 s = qint64(seconds + 0.5);
    if (s >= 3600)
        return QStringLiteral("%1:%2:%3").arg(s / 3600).arg((s / 60) % 60, 2, 10, QLatin1Char('0')).arg(s % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

QSpinBox *spin(int minimum, int maximum, const QString &tip)
{
    auto *box = new QSpinBox;
    box->setRange(minimum, maximum);
    box->setToolTip(tip);
    box->setAccelerated(true);
    return box;
}

QDoubleSpinBox *doubleSpin(double maximum, const QString &tip)
{
    auto *box = new QDoubleSpinBox;
    box->setRange(0, maximum);
    box->setDecimals(2);
    box->setToolTip(tip);
    return box;
}

}  // namespace

AugmentWorkspace::AugmentWorkspace(QWidget *parent)
    : QWidget(parent), m_session(new AugmentSession(this)), m_seedSets(new SeedSetModel(this)), m_history(new RunHistoryModel(this))
{
    auto *setup = createSetupPanel();

    m_errorPanel = new MessagePanel(MessagePanel::Kind::Error, QStringLiteral("augmentErrorPanel"), this);
    m_warningPanel = new MessagePanel(MessagePanel::Kind::Warning, QStringLiteral("augmentWarningPanel"), this);

    m_live = new TraceView(this);
    m_live->setHeading(tr("No run yet: choose seeds on the left and press Start (Ctrl+R)."));
    m_tabs = new QTabWidget(this);
    m_tabs->addTab(m_live, tr("Live"));
    m_tabs->addTab(createHistoryPage(), tr("History"));
    m_tabs->addTab(createComparePage(), tr("Compare"));

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_errorPanel);
    rightLayout->addWidget(m_warningPanel);
    rightLayout->addWidget(m_tabs, 1);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(setup);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setChildrenCollapsible(false);
    splitter->setSizes({340, 900});  // the runs get the room; the setup panel scrolls (drag to widen it)
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(splitter);

    m_statusWidget = new QWidget(this);
    m_progress = new QProgressBar(m_statusWidget);
    m_progress->setMinimumWidth(170);
    m_progress->setMaximumWidth(240);
    m_progress->setTextVisible(false);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_eta = new QLabel(m_statusWidget);
    auto *statusLayout = new QHBoxLayout(m_statusWidget);
    statusLayout->setContentsMargins(0, 0, 0, 0);
    statusLayout->addWidget(m_eta);
    statusLayout->addWidget(m_progress);
    m_statusWidget->hide();

    createActions();

    // the engine's events
    connect(m_session, &AugmentSession::jobStarted, this, [this](int seeds) {
        m_statusWidget->show();
        m_eta->setText(tr("Augment: %n seed(s) queued", nullptr, seeds));
        updateButtons();
        Q_EMIT runningChanged(true);
    });
    connect(m_session, &AugmentSession::modelsLoading, this, [this] {
        m_eta->setText(tr("Augment: loading the models..."));
        m_live->setHeading(tr("Loading the models..."));
        m_progress->setRange(0, 0);  // busy
    });
    connect(m_session, &AugmentSession::modelsLoaded, this, [this](double seconds) {
        m_progress->setRange(0, 1);
        m_eta->setText(tr("Augment: models ready (%1 s)").arg(seconds, 0, 'f', 1));
    });
    connect(m_session, &AugmentSession::runStarted, this, [this](int index, qint64 runId, const QString &seed, const ato::AtoConfig &config) {
        m_liveSeedIndex = index;
        m_live->beginRun(seed, runId);
        m_live->setGuards(config.grammarGuard, config.vocabularyGuard);
        m_live->setHeading(tr("Run %1 \u00b7 seed %2 of %3 \u00b7 %4 \u00b7 %5: %6")
                               .arg(runId)
                               .arg(index + 1)
                               .arg(m_session->queue()->rowCount())
                               .arg(qs(ato::methodName(config.method)), guardsText(config), seed));
        reloadHistory();
    });
    connect(m_session, &AugmentSession::stepsFinished, this, [this](int index, const std::vector<ato::StepFinishedEvent> &steps) {
        if (index == m_liveSeedIndex)
            m_live->addSteps(steps);
    });
    connect(m_session, &AugmentSession::phaseChanged, this, [this](int index, int, const QString &phaseSeed) {
        if (index == m_liveSeedIndex)
            m_live->setPhase2Seed(phaseSeed);
    });
    connect(m_session, &AugmentSession::archiveScored, this, [this](int index, const ato::ArchiveScoredEvent &scored) {
        if (index == m_liveSeedIndex)
            m_live->setArchivePerplexities(scored);
    });
    connect(m_session, &AugmentSession::runEnded, this,
            [this](int index, AugmentSession::RunStatus, const QString &, const std::optional<ato::RunResult> &result) {
                if (index == m_liveSeedIndex)
                    m_live->setResult(result);
                reloadHistory();
            });
    connect(m_session, &AugmentSession::progressChanged, this, [this](int done, int total, double eta) {
        m_progress->setRange(0, qMax(1, total));
        m_progress->setValue(done);
        m_eta->setText(tr("Augment: step %1 of %2 \u00b7 ETA %3").arg(done).arg(total).arg(duration(eta)));
    });
    connect(m_session, &AugmentSession::errorOccurred, this, &AugmentWorkspace::showError);
    connect(m_session, &AugmentSession::warningOccurred, m_warningPanel, &MessagePanel::addMessage);
    connect(m_session, &AugmentSession::jobFinished, this, [this](bool cancelled) {
        m_progress->setRange(0, 1);
        m_progress->setValue(1);
        m_eta->setText(cancelled ? tr("Augment: stopped; finished steps are saved") : tr("Augment: done"));
        if (m_live->stepCount() == 0)
            m_live->setHeading(errors().isEmpty() ? tr("Stopped before the first step.") : tr("Nothing ran: see the message above."));
        reloadHistory();
        refreshCompareChoices();
        updateButtons();
        Q_EMIT runningChanged(false);
    });
    updateButtons();
    ato::AtoConfig initial;
    initial.grammarGuard = initial.vocabularyGuard = true;  // guarded unless the user unchecks them (as in the CLI)
    setForm(initial);
    updateModelPackInfo();
    applyPackObjectiveToForm();
}

void AugmentWorkspace::reloadHistory()
{
    const QString error = m_history->reload();
    if (!error.isEmpty())
        showError(error);
    const int row = m_history->rowOf(m_replay->runId());
    if (row >= 0) {
        const QSignalBlocker block(m_historyView->selectionModel());
        m_historyView->selectionModel()->select(m_history->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    }
    updateButtons();
}

AugmentWorkspace::~AugmentWorkspace() = default;

QWidget *AugmentWorkspace::createSetupPanel()
{
    auto *panel = new QWidget;
    auto *layout = new QVBoxLayout(panel);
    layout->setContentsMargins(0, 0, 6, 0);

    // Seeds
    auto *seedsBox = new QGroupBox(tr("Seeds"), panel);
    auto *seedsLayout = new QVBoxLayout(seedsBox);
    m_sourceCombo = new QComboBox(seedsBox);
    m_sourceCombo->addItems({tr("From a seed set of the project"), tr("From a file"), tr("Typed text")});
    m_sourceCombo->setToolTip(tr("Where the seed texts come from"));
    m_sourceStack = new QStackedWidget(seedsBox);
    m_seedSetCombo = new QComboBox(seedsBox);
    m_seedSetCombo->setModel(m_seedSets);
    m_seedSetCombo->setModelColumn(SeedSetModel::NameColumn);
    m_seedSetCombo->setToolTip(tr("A seed set of the project (File > Import Seeds adds more)"));
    m_sourceStack->addWidget(m_seedSetCombo);
    auto *filePage = new QWidget(seedsBox);
    auto *fileLayout = new QHBoxLayout(filePage);
    fileLayout->setContentsMargins(0, 0, 0, 0);
    m_seedFile = new QLineEdit(filePage);
    m_seedFile->setPlaceholderText(tr("TSV, text or JSONL file"));
    m_seedFile->setReadOnly(true);
    auto *browseSeeds = new QPushButton(tr("Choose..."), filePage);
    fileLayout->addWidget(m_seedFile, 1);
    fileLayout->addWidget(browseSeeds);
    m_sourceStack->addWidget(filePage);
    m_typedSeeds = new QPlainTextEdit(seedsBox);
    m_typedSeeds->setPlaceholderText(tr("One seed text per line"));
    m_typedSeeds->setMaximumHeight(220);
    m_typedSeeds->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
    filePage->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
    m_sourceStack->addWidget(m_typedSeeds);
    m_seedList = new QListWidget(seedsBox);
    m_seedList->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_seedList->setToolTip(tr("Select one or more seeds (Ctrl/Shift+click); they run one after another"));
    m_seedList->setWordWrap(true);
    m_seedList->setMinimumHeight(110);
    m_sourceStack->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Maximum);
    seedsLayout->addWidget(m_sourceCombo);
    seedsLayout->addWidget(m_sourceStack);
    seedsLayout->addWidget(m_seedList, 1);
    connect(m_sourceCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        // only the current page counts for the stack's height
        for (int i = 0; i < m_sourceStack->count(); ++i)
            m_sourceStack->widget(i)->setSizePolicy(QSizePolicy::Preferred, i == index ? QSizePolicy::Preferred : QSizePolicy::Ignored);
        m_sourceStack->setCurrentIndex(index);
        m_sourceStack->updateGeometry();
        m_seedList->setVisible(index != TypedSeeds);
        if (index == ProjectSeeds)
            fillSeedSetList();
        else if (index == FileSeeds)
            m_seedList->clear();
    });
    connect(m_seedSetCombo, &QComboBox::currentIndexChanged, this, [this] { fillSeedSetList(); });
    connect(browseSeeds, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Seed File"), QString(), tr("Seed files (*.tsv *.txt *.jsonl);;All files (*)"));
        if (!path.isEmpty()) {
            const QString error = loadSeedFile(path);
            if (!error.isEmpty())
                showError(error);
        }
    });

    // Models
    auto *modelsBox = new QGroupBox(tr("Models"), panel);
    auto *modelsLayout = new QVBoxLayout(modelsBox);
    auto *packRow = new QHBoxLayout;
    m_modelPack = new QLineEdit(modelsBox);
    m_modelPack->setPlaceholderText(tr("the default model pack"));
    m_modelPack->setToolTip(tr("A model pack folder with difficulty/ (or sentinel/), acceptability/ (or cola/) and lm/; "
                               "empty = the default pack shipped with Gauntlet"));
    auto *browsePack = new QPushButton(tr("Choose..."), modelsBox);
    packRow->addWidget(m_modelPack, 1);
    packRow->addWidget(browsePack);
    m_modelPackInfo = new QLabel(modelsBox);
    m_modelPackInfo->setWordWrap(true);
    m_modelPackInfo->setStyleSheet(QStringLiteral("color: #555;"));
    modelsLayout->addLayout(packRow);
    modelsLayout->addWidget(m_modelPackInfo);
    connect(m_modelPack, &QLineEdit::editingFinished, this, [this] { setModelPackFolder(m_modelPack->text()); });
    connect(browsePack, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Model Pack Folder"), modelPackFolder());
        if (!dir.isEmpty())
            setModelPackFolder(dir);
    });

    // Method and search settings (tooltips: engine/ato/ato_config.h)
    auto *searchBox = new QGroupBox(tr("Method and search settings"), panel);
    auto *form = new QFormLayout(searchBox);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_method = new QComboBox(searchBox);
    m_method->addItem(tr("ATO-Direct"), QStringLiteral("direct"));
    m_method->addItem(tr("ATO-TwoPhase"), QStringLiteral("two-phase"));
    m_method->addItem(tr("Random words (baseline)"), QStringLiteral("random-words"));
    m_method->addItem(tr("Random subwords (baseline)"), QStringLiteral("random-subwords"));
    m_method->setToolTip(tr("ATO-Direct (Algorithm 2): whole-word vocabulary, candidate archive, lowest-perplexity output.\n"
                            "ATO-TwoPhase (Algorithm 3): subword phase 1, then perplexity steps in the language model's tokens.\n"
                            "Baselines: exactly R words or subword tokens replaced at random (Section 3.5, Appendix B.4)."));
    m_beamWidth = spin(1, 1000, tr("B: beam members kept per step (paper: 50)"));
    m_shortlist = spin(1, 100000, tr("K: top (position, token) pairs by gradient over L x |V| (paper: 200)"));
    m_candidates = spin(1, 10000, tr("N: candidates sampled per beam member (paper: 64)"));
    m_injections = spin(0, 999, tr("R: members drawn at random from the rest of the pool, diversity injection (paper: 15); must be below B"));
    m_steps = spin(0, 10000, tr("T (ATO-Direct) / T1 (phase 1 of ATO-TwoPhase): not stated in the paper; 20 by default"));
    m_frozen = spin(0, 100, tr("Positions substituted in this many preceding iterations are frozen (paper: 2)"));
    m_lambdaF = doubleSpin(10000, tr("lambda_f: weight of L_CoLA = -log P(acceptable) in L = D + lambda_f L_CoLA + lambda_c L_cos (paper: 20)"));
    m_lambdaC = doubleSpin(10000, tr("lambda_c: weight of L_cos = 1 - cos(CLS, beam-mean CLS) (paper: 50)"));
    m_phase2Steps = spin(0, 10000, tr("T2: perplexity-only steps of ATO-TwoPhase's phase 2 (paper: 40)"));
    m_replacements = spin(1, 100, tr("Tokens the random baselines replace (paper: exactly 2)"));
    m_randomSeed = new QLineEdit(searchBox);
    m_randomSeed->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{1,19}")), m_randomSeed));
    m_randomSeed->setToolTip(tr("Seeds every random draw of the run: the same settings, seed text and models give the same run"));
    m_device = new QComboBox(searchBox);
    m_device->setEditable(true);
    m_device->addItems({QStringLiteral("cpu"), QStringLiteral("cuda"), QStringLiteral("cuda:1")});
    m_device->setToolTip(tr("cpu, or cuda / cuda:N with a CUDA build of libtorch"));
    m_dtype = new QComboBox(searchBox);
    m_dtype->addItems({QStringLiteral("float32"), QStringLiteral("float64"), QStringLiteral("bfloat16")});
    m_dtype->setToolTip(tr("Scorer dtype"));
    m_threads = spin(0, 256, tr("CPU threads for torch; 0 = all cores"));
    m_threads->setSpecialValueText(tr("all cores"));
    const QString unguarded = tr("Uncheck both guards for the paper's unguarded search.");
    m_grammarGuard = new QCheckBox(tr("Grammar guard (link-grammar)"), searchBox);
    m_grammarGuard->setToolTip(tr("A candidate enters the beam, or becomes the output, only if link-grammar parses it with no more "
                                  "null links (words left unlinked) than the seed, at a cost at most 1 above the seed's, and every "
                                  "word it changed keeps the seed word's part of speech. Not in the paper.")
                               + QLatin1Char('\n') + unguarded);
    m_vocabularyGuard = new QCheckBox(tr("Vocabulary guard (common present-day words)"), searchBox);
    m_vocabularyGuard->setToolTip(tr("Every word a candidate adds to the seed must be a common present-day English word "
                                     "(Zipf frequency %1 or more in the model pack's present-day table); rare, archaic and "
                                     "made-up words are never tried. Not in the paper.")
                                      .arg(ato::AtoConfig().guardMinZipf)
                                  + QLatin1Char('\n') + unguarded);
    form->addRow(tr("Method:"), m_method);
    form->addRow(tr("Beam width B:"), m_beamWidth);
    form->addRow(tr("Shortlist K:"), m_shortlist);
    form->addRow(tr("Candidates N:"), m_candidates);
    form->addRow(tr("Injections R:"), m_injections);
    form->addRow(tr("Steps T:"), m_steps);
    form->addRow(tr("Phase-2 steps T2:"), m_phase2Steps);
    form->addRow(tr("Frozen iterations:"), m_frozen);
    form->addRow(tr("lambda_f:"), m_lambdaF);
    form->addRow(tr("lambda_c:"), m_lambdaC);
    form->addRow(tr("Replacements:"), m_replacements);
    form->addRow(tr("Random seed:"), m_randomSeed);
    form->addRow(tr("Device:"), m_device);
    form->addRow(tr("Dtype:"), m_dtype);
    form->addRow(tr("Threads:"), m_threads);
    form->addRow(tr("Guards:"), m_grammarGuard);
    form->addRow(QString(), m_vocabularyGuard);
    auto *defaults = new QPushButton(tr("Paper defaults"), searchBox);
    defaults->setToolTip(tr("Reset every search setting to the paper's default (the lambdas to the model pack's, if it recommends its "
                            "own); the guards stay as they are"));
    connect(defaults, &QPushButton::clicked, this, [this] {
        const ato::AtoConfig current = configFromForm();
        ato::AtoConfig fresh;
        fresh.method = current.method;
        fresh.grammarGuard = current.grammarGuard;  // not search settings of the paper: left as they are
        fresh.vocabularyGuard = current.vocabularyGuard;
        setForm(fresh);
        applyPackObjectiveToForm();
    });
    form->addRow(QString(), defaults);
    const auto methodChanged = [this, form] {
        const QString method = m_method->currentData().toString();
        const bool random = method.startsWith(QLatin1String("random"));
        for (QWidget *w : {static_cast<QWidget *>(m_beamWidth), static_cast<QWidget *>(m_shortlist), static_cast<QWidget *>(m_candidates),
                           static_cast<QWidget *>(m_injections), static_cast<QWidget *>(m_steps), static_cast<QWidget *>(m_frozen),
                           static_cast<QWidget *>(m_lambdaF), static_cast<QWidget *>(m_lambdaC)})
            w->setEnabled(!random);
        m_phase2Steps->setEnabled(method == QLatin1String("two-phase"));
        m_replacements->setEnabled(random);
        Q_UNUSED(form);
        if (m_settings)
            m_settings->setValue(KeyMethod, method);
    };
    connect(m_method, &QComboBox::currentIndexChanged, this, methodChanged);

    // Start / Stop above the settings and the queue below them: always in sight, never scrolled away
    auto *outer = new QWidget(this);
    auto *buttons = new QHBoxLayout;
    m_start = new QPushButton(style()->standardIcon(QStyle::SP_MediaPlay), tr("Start"), outer);
    m_start->setToolTip(tr("Run the selected seeds (Ctrl+R)"));
    m_stop = new QPushButton(style()->standardIcon(QStyle::SP_MediaStop), tr("Stop"), outer);
    m_stop->setToolTip(tr("Stop after the current step; finished steps stay saved (Esc or Ctrl+.)"));
    for (QPushButton *b : {m_start, m_stop})
        b->setMinimumHeight(30);
    buttons->addWidget(m_start, 1);
    buttons->addWidget(m_stop, 1);
    connect(m_start, &QPushButton::clicked, this, [this] { startRun(); });
    connect(m_stop, &QPushButton::clicked, this, &AugmentWorkspace::stopRun);
    auto *queueBox = new QGroupBox(tr("Queue"), outer);
    auto *queueLayout = new QVBoxLayout(queueBox);
    queueLayout->setContentsMargins(4, 4, 4, 4);
    m_queueView = new QTableView(queueBox);
    m_queueView->setModel(m_session->queue());
    m_queueView->verticalHeader()->hide();
    m_queueView->horizontalHeader()->setSectionResizeMode(SeedQueueModel::SeedColumn, QHeaderView::Stretch);
    m_queueView->horizontalHeader()->setSectionResizeMode(SeedQueueModel::StateColumn, QHeaderView::ResizeToContents);
    m_queueView->horizontalHeader()->setSectionResizeMode(SeedQueueModel::RunColumn, QHeaderView::ResizeToContents);
    m_queueView->setSelectionMode(QAbstractItemView::NoSelection);
    m_queueView->setWordWrap(false);
    m_queueView->setFixedHeight(110);
    m_queueView->setToolTip(tr("The seeds of this job, run one after another"));
    queueLayout->addWidget(m_queueView);

    layout->addWidget(seedsBox, 1);
    layout->addWidget(modelsBox);
    layout->addWidget(searchBox);

    auto *scroll = new QScrollArea(outer);
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *outerLayout = new QVBoxLayout(outer);
    outerLayout->setContentsMargins(0, 0, 0, 0);
    outerLayout->addLayout(buttons);
    outerLayout->addWidget(scroll, 1);
    outerLayout->addWidget(queueBox);
    outer->setMinimumWidth(340);
    outer->setMaximumWidth(460);
    return outer;
}

QWidget *AugmentWorkspace::createHistoryPage()
{
    auto *page = new QWidget(this);
    m_historyView = new QTableView(page);
    m_historyView->setModel(m_history);
    m_historyView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_historyView->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_historyView->setAlternatingRowColors(true);
    m_historyView->verticalHeader()->hide();
    QHeaderView *header = m_historyView->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setSectionResizeMode(RunHistoryModel::SeedColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(RunHistoryModel::OutputColumn, QHeaderView::Stretch);
    header->resizeSection(RunHistoryModel::IdColumn, 50);
    header->resizeSection(RunHistoryModel::StepsColumn, 50);
    header->resizeSection(RunHistoryModel::StartedColumn, 140);
    header->resizeSection(RunHistoryModel::FinishedColumn, 140);
    connect(m_historyView->selectionModel(), &QItemSelectionModel::selectionChanged, this, &AugmentWorkspace::selectedRunChanged);

    m_exportJsonl = new QPushButton(tr("Export JSONL..."), page);
    m_exportJsonl->setToolTip(tr("The whole trace of the selected run as JSON Lines (the format of gauntlet augment --trace)"));
    m_exportCsv = new QPushButton(tr("Export CSV..."), page);
    m_exportCsv->setToolTip(tr("Every beam member of every step of the selected run as CSV"));
    m_exportChart = new QPushButton(tr("Save Chart..."), page);
    m_exportChart->setToolTip(tr("The objective chart as PNG or SVG"));
    m_compareButton = new QPushButton(tr("Compare"), page);
    m_compareButton->setToolTip(tr("Show the two selected runs side by side (select two rows with Ctrl+click)"));
    connect(m_exportJsonl, &QPushButton::clicked, this, [this] { exportDialog(QStringLiteral("jsonl")); });
    connect(m_exportCsv, &QPushButton::clicked, this, [this] { exportDialog(QStringLiteral("csv")); });
    connect(m_exportChart, &QPushButton::clicked, this, [this] { exportDialog(QStringLiteral("chart")); });
    connect(m_compareButton, &QPushButton::clicked, this, [this] {
        const QModelIndexList rows = m_historyView->selectionModel()->selectedRows();
        if (rows.size() >= 2) {
            const QString error = compareRuns(rows[0].data(RunHistoryModel::RunIdRole).toLongLong(), rows[1].data(RunHistoryModel::RunIdRole).toLongLong());
            if (!error.isEmpty())
                showError(error);
        }
    });
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_exportJsonl);
    buttons->addWidget(m_exportCsv);
    buttons->addWidget(m_exportChart);
    buttons->addStretch(1);
    buttons->addWidget(m_compareButton);

    m_replay = new TraceView(page);
    m_replay->setHeading(tr("Select a run above to replay it step by step (Alt+Left / Alt+Right)."));
    auto *top = new QWidget(page);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_historyView);
    topLayout->addLayout(buttons);
    auto *split = new QSplitter(Qt::Vertical, page);
    split->addWidget(top);
    split->addWidget(m_replay);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);
    return page;
}

QWidget *AugmentWorkspace::createComparePage()
{
    auto *page = new QWidget(this);
    m_compareLeftCombo = new QComboBox(page);
    m_compareRightCombo = new QComboBox(page);
    m_compareLeft = new TraceView(page);
    m_compareRight = new TraceView(page);
    const auto side = [this, page](QComboBox *combo, TraceView *view) {
        auto *box = new QWidget(page);
        auto *layout = new QVBoxLayout(box);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->addWidget(combo);
        layout->addWidget(view, 1);
        connect(combo, &QComboBox::activated, this, [this, combo, view] {
            const qint64 id = combo->currentData().toLongLong();
            if (id <= 0 || !m_project)
                return;
            try {
                view->showTrace(RunHistory(m_project->database()).trace(id));
                view->setHeading(combo->currentText());
            } catch (const std::exception &e) {
                showError(QString::fromUtf8(e.what()));
            }
        });
        return box;
    };
    auto *split = new QSplitter(Qt::Horizontal, page);
    split->addWidget(side(m_compareLeftCombo, m_compareLeft));
    split->addWidget(side(m_compareRightCombo, m_compareRight));
    split->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);
    // the two step sliders move together when both runs have the step
    connect(m_compareLeft, &TraceView::currentIndexChanged, m_compareRight, [this](int index) {
        if (m_compareRight->currentIndex() != index && index < m_compareRight->stepCount())
            m_compareRight->setCurrentIndex(index);
    });
    connect(m_compareRight, &TraceView::currentIndexChanged, m_compareLeft, [this](int index) {
        if (m_compareLeft->currentIndex() != index && index < m_compareLeft->stepCount())
            m_compareLeft->setCurrentIndex(index);
    });
    return page;
}

void AugmentWorkspace::createActions()
{
    m_startAction = new QAction(tr("Start augmentation"), this);
    m_startAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_stopAction = new QAction(tr("Stop augmentation"), this);
    m_stopAction->setShortcuts({QKeySequence(Qt::Key_Escape), QKeySequence(Qt::CTRL | Qt::Key_Period)});
    m_nextAction = new QAction(tr("Next step"), this);
    m_nextAction->setShortcuts({QKeySequence(Qt::ALT | Qt::Key_Right), QKeySequence(Qt::CTRL | Qt::Key_BracketRight)});
    m_previousAction = new QAction(tr("Previous step"), this);
    m_previousAction->setShortcuts({QKeySequence(Qt::ALT | Qt::Key_Left), QKeySequence(Qt::CTRL | Qt::Key_BracketLeft)});
    for (QAction *a : {m_startAction, m_stopAction, m_nextAction, m_previousAction}) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(a);
    }
    connect(m_startAction, &QAction::triggered, this, [this] {
        if (!isRunning())
            startRun();
    });
    connect(m_stopAction, &QAction::triggered, this, &AugmentWorkspace::stopRun);
    connect(m_nextAction, &QAction::triggered, this, [this] {
        if (TraceView *view = currentTrace())
            view->nextStep();
    });
    connect(m_previousAction, &QAction::triggered, this, [this] {
        if (TraceView *view = currentTrace())
            view->previousStep();
    });
}

void AugmentWorkspace::setProject(Project *project)
{
    m_project = project;
    m_seedSets->setProject(project);
    m_history->setDatabase(project ? &project->database() : nullptr);
    m_replay->clear();
    m_replay->setHeading(tr("Select a run above to replay it step by step (Alt+Left / Alt+Right)."));
    fillSeedSetList();
    refreshCompareChoices();
    updateButtons();
}

void AugmentWorkspace::setSettings(Settings *settings)
{
    m_settings = settings;
    if (!m_settings)
        return;
    m_modelPack->setText(m_settings->value(KeyModelPack).toString());
    const int method = m_method->findData(m_settings->value(KeyMethod, QStringLiteral("direct")).toString());
    if (method >= 0)
        m_method->setCurrentIndex(method);
    updateModelPackInfo();
    const QString remembered = m_settings->value(KeySearchSettings).toString();
    bool restored = false;
    if (!remembered.isEmpty()) {
        try {
            ato::AtoConfig c = ato::configFromJson(nlohmann::json::parse(remembered.toStdString()));
            c.method = configFromForm().method;  // the method key wins: it is saved on every change
            setForm(c);
            restored = true;
        } catch (const std::exception &) {
            // a damaged or older entry: the defaults and the pack's weights
        }
    }
    if (!restored)
        applyPackObjectiveToForm();
}

QString AugmentWorkspace::reload()
{
    const QString error = m_seedSets->reload();
    fillSeedSetList();
    const QString historyError = m_history->reload();
    refreshCompareChoices();
    return error.isEmpty() ? historyError : error;
}

void AugmentWorkspace::fillSeedSetList()
{
    if (m_sourceCombo->currentIndex() != ProjectSeeds)
        return;
    m_seedList->clear();
    if (!m_project || m_seedSetCombo->currentIndex() < 0)
        return;
    const qint64 setId = m_seedSets->index(m_seedSetCombo->currentIndex(), 0).data(SeedSetModel::SetIdRole).toLongLong();
    try {
        for (const Seed &seed : m_project->seeds().seeds(setId)) {
            auto *item = new QListWidgetItem(seed.record.text, m_seedList);
            item->setData(SeedIdRole, seed.id);
            item->setToolTip(seed.record.text);
        }
    } catch (const StoreError &e) {
        showError(QString::fromUtf8(e.what()));
    }
    if (m_seedList->count() > 0)
        m_seedList->setCurrentRow(0);
}

void AugmentWorkspace::setSeedSource(SeedSource source)
{
    m_sourceCombo->setCurrentIndex(source);
}

QString AugmentWorkspace::loadSeedFile(const QString &path)
{
    try {
        const QVector<SeedRecord> seeds = readSeedFile(path);
        setSeedSource(FileSeeds);
        m_seedFile->setText(QDir::toNativeSeparators(path));
        m_seedList->clear();
        for (const SeedRecord &r : seeds) {
            auto *item = new QListWidgetItem(r.text, m_seedList);
            item->setToolTip(r.text);
        }
        if (m_seedList->count() > 0)
            m_seedList->setCurrentRow(0);
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

void AugmentWorkspace::setTypedSeeds(const QString &text)
{
    setSeedSource(TypedSeeds);
    m_typedSeeds->setPlainText(text);
}

void AugmentWorkspace::setModelPackFolder(const QString &folder)
{
    m_modelPack->setText(folder);
    if (m_settings)
        m_settings->setValue(KeyModelPack, folder);
    updateModelPackInfo();
    applyPackObjectiveToForm();
}

void AugmentWorkspace::applyPackObjectiveToForm()
{
    const QString folder = modelPackFolder();
    if (folder.isEmpty())
        return;
    const ato::ModelPack pack = ato::modelPackAt(folder);
    if (!pack.packJsonError.isEmpty())
        return;  // shown in the model pack line
    if (pack.lambdaFluency)
        m_lambdaF->setValue(*pack.lambdaFluency);
    if (pack.lambdaCohesion)
        m_lambdaC->setValue(*pack.lambdaCohesion);
}

QString AugmentWorkspace::modelPackFolder() const
{
    const QString folder = m_modelPack->text().trimmed();
    return folder.isEmpty() ? ato::defaultModelPack().folder : folder;
}

void AugmentWorkspace::updateModelPackInfo()
{
    const QString folder = modelPackFolder();
    if (folder.isEmpty()) {
        m_modelPackInfo->setText(tr("No default model pack was found; choose a model pack folder."));
        return;
    }
    const ato::ModelPack pack = ato::modelPackAt(folder);
    const auto mark = [](const QString &path) { return path.isEmpty() ? QStringLiteral("\u2717") : QStringLiteral("\u2713"); };
    QString info = tr("%1\ndifficulty %2 \u00b7 acceptability %3 \u00b7 language model %4 \u00b7 word list %5")
                       .arg(QDir::toNativeSeparators(folder), mark(pack.difficulty), mark(pack.acceptability),
                            mark(pack.languageModel), mark(pack.wordList));
    if (!pack.packJsonError.isEmpty())
        info += QLatin1Char('\n') + pack.packJsonError;
    else if (pack.lambdaFluency || pack.lambdaCohesion)
        info += QLatin1Char('\n')
                + tr("Recommends lambda_f %1, lambda_c %2 for its models (pack.json; the paper's 20 and 50 belong to Sentinel-src-25)")
                      .arg(pack.lambdaFluency.value_or(20.0))
                      .arg(pack.lambdaCohesion.value_or(50.0));
    m_modelPackInfo->setText(info);
    m_modelPackInfo->setToolTip(pack.objectiveNote);
}

ato::AtoConfig AugmentWorkspace::configFromForm() const
{
    ato::AtoConfig c;
    c.method = ato::parseMethod(m_method->currentData().toString().toStdString());
    c.beamWidth = m_beamWidth->value();
    c.shortlistSize = m_shortlist->value();
    c.candidatesPerMember = m_candidates->value();
    c.randomInjections = m_injections->value();
    c.steps = m_steps->value();
    c.frozenIterations = m_frozen->value();
    c.lambdaFluency = m_lambdaF->value();
    c.lambdaCohesion = m_lambdaC->value();
    c.phase2Steps = m_phase2Steps->value();
    c.randomReplacements = m_replacements->value();
    c.seed = m_randomSeed->text().toULongLong();
    c.device = m_device->currentText().trimmed().toStdString();
    c.dtype = m_dtype->currentText().toStdString();
    c.threads = m_threads->value();
    c.grammarGuard = m_grammarGuard->isChecked();
    c.vocabularyGuard = m_vocabularyGuard->isChecked();
    return c;
}

void AugmentWorkspace::setForm(const ato::AtoConfig &c)
{
    const int method = m_method->findData(qs(ato::methodName(c.method)));
    if (method >= 0)
        m_method->setCurrentIndex(method);
    m_beamWidth->setValue(c.beamWidth);
    m_shortlist->setValue(c.shortlistSize);
    m_candidates->setValue(c.candidatesPerMember);
    m_injections->setValue(c.randomInjections);
    m_steps->setValue(c.steps);
    m_frozen->setValue(c.frozenIterations);
    m_lambdaF->setValue(c.lambdaFluency);
    m_lambdaC->setValue(c.lambdaCohesion);
    m_phase2Steps->setValue(c.phase2Steps);
    m_replacements->setValue(c.randomReplacements);
    m_randomSeed->setText(QString::number(c.seed));
    m_device->setCurrentText(qs(c.device));
    m_dtype->setCurrentText(qs(c.dtype));
    m_threads->setValue(c.threads);
    m_grammarGuard->setChecked(c.grammarGuard);
    m_vocabularyGuard->setChecked(c.vocabularyGuard);
    Q_EMIT m_method->currentIndexChanged(m_method->currentIndex());
}

bool AugmentWorkspace::startRun()
{
    if (isRunning())
        return false;
    if (!m_project) {
        showError(tr("Open a project first (File > Open Project): every run is stored in it."));
        return false;
    }
    std::vector<SeedJobItem> seeds;
    if (m_sourceCombo->currentIndex() == TypedSeeds) {
        for (const QString &line : m_typedSeeds->toPlainText().split(QLatin1Char('\n'))) {
            if (!line.trimmed().isEmpty())
                seeds.push_back({line.trimmed(), std::nullopt});
        }
    } else {
        QList<QListWidgetItem *> items = m_seedList->selectedItems();
        std::sort(items.begin(), items.end(), [this](QListWidgetItem *a, QListWidgetItem *b) { return m_seedList->row(a) < m_seedList->row(b); });
        for (QListWidgetItem *item : items) {
            const QVariant id = item->data(SeedIdRole);
            seeds.push_back({item->text(), id.isValid() ? std::optional<qint64>(id.toLongLong()) : std::nullopt});
        }
    }
    if (seeds.empty()) {
        showError(tr("No seed chosen: select one or more seeds in the list, or type a seed text."));
        return false;
    }
    ato::AtoConfig config;
    try {
        config = configFromForm();
        config.validate();
    } catch (const ato::AtoError &e) {
        showError(tr("The search settings are not valid: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    // Every search setting (B, K, N, R, T, lambdas, guards, ...) is remembered for the next launch,
    // as the method is (issue 18); the model folders come from the pack, not from here.
    if (m_settings)
        m_settings->setValue(KeySearchSettings, QString::fromStdString(ato::toJson(config).dump()));
    const QString folder = modelPackFolder();
    if (folder.isEmpty()) {
        showError(tr("No model pack: the default pack was not found. Choose a model pack folder under Models."));
        return false;
    }
    const ato::ModelPack pack = ato::modelPackAt(folder);
    if (pack.folder.isEmpty() || pack.difficulty.isEmpty()) {
        showError(tr("The model folder %1 cannot be used: it holds no difficulty model (difficulty/ or sentinel/).")
                      .arg(QDir::toNativeSeparators(folder)));
        return false;
    }
    ato::applyModelPack(config, pack);
    m_live->clear();
    m_live->setHeading(tr("Starting..."));
    m_liveSeedIndex = -1;
    showTab(LiveTab);
    if (!m_session->start(config, seeds, m_project->path()))
        return false;
    updateButtons();
    return true;
}

void AugmentWorkspace::stopRun()
{
    if (!isRunning())
        return;
    m_session->stop();
    m_eta->setText(tr("Augment: stopping after the current step..."));
    m_stop->setEnabled(false);
}

bool AugmentWorkspace::isRunning() const
{
    return m_session->isRunning();
}

void AugmentWorkspace::updateButtons()
{
    const bool running = isRunning();
    m_start->setEnabled(!running && m_project);
    m_stop->setEnabled(running);
    m_startAction->setEnabled(!running);
    m_stopAction->setEnabled(running);
    const int selected = m_historyView->selectionModel() ? int(m_historyView->selectionModel()->selectedRows().size()) : 0;
    m_exportJsonl->setEnabled(selected >= 1);
    m_exportCsv->setEnabled(selected >= 1);
    m_exportChart->setEnabled(m_replay->stepCount() > 0);
    m_compareButton->setEnabled(selected == 2);
}

void AugmentWorkspace::showError(const QString &message)
{
    m_errorPanel->addMessage(message);
}

QStringList AugmentWorkspace::errors() const
{
    return m_errorPanel->messages();
}

void AugmentWorkspace::clearErrors()
{
    m_errorPanel->clearMessages();
}

QStringList AugmentWorkspace::warnings() const
{
    return m_warningPanel->messages();
}

void AugmentWorkspace::clearWarnings()
{
    m_warningPanel->clearMessages();
}

QString AugmentWorkspace::guardsText(const ato::AtoConfig &config) const
{
    if (config.grammarGuard && config.vocabularyGuard)
        return tr("grammar and vocabulary guards");
    if (config.grammarGuard)
        return tr("grammar guard");
    if (config.vocabularyGuard)
        return tr("vocabulary guard");
    return tr("no guards");
}

void AugmentWorkspace::selectedRunChanged()
{
    updateButtons();
    const QModelIndexList rows = m_historyView->selectionModel()->selectedRows();
    if (rows.size() != 1)
        return;
    const QString error = replayRun(rows.first().data(RunHistoryModel::RunIdRole).toLongLong());
    if (!error.isEmpty())
        showError(error);
}

QString AugmentWorkspace::replayRun(qint64 runId)
{
    if (!m_project)
        return tr("Open a project first.");
    try {
        const RunTrace trace = RunHistory(m_project->database()).trace(runId);
        m_replay->showTrace(trace);
        m_replay->setHeading(tr("Run %1 \u00b7 %2 \u00b7 %3 \u00b7 %4 \u00b7 %5")
                                 .arg(runId)
                                 .arg(trace.summary.method, guardsText(trace.config), trace.summary.status, trace.summary.seedText));
        const int row = m_history->rowOf(runId);
        if (row >= 0) {
            const QModelIndex index = m_history->index(row, 0);
            if (!m_historyView->selectionModel()->isRowSelected(row, {})) {
                const QSignalBlocker block(m_historyView->selectionModel());
                m_historyView->selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
            }
        }
        updateButtons();
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

QString AugmentWorkspace::compareRuns(qint64 left, qint64 right)
{
    if (!m_project)
        return tr("Open a project first.");
    refreshCompareChoices();
    try {
        RunHistory history(m_project->database());
        m_compareLeft->showTrace(history.trace(left));
        m_compareRight->showTrace(history.trace(right));
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
    m_compareLeftCombo->setCurrentIndex(m_compareLeftCombo->findData(left));
    m_compareRightCombo->setCurrentIndex(m_compareRightCombo->findData(right));
    m_compareLeft->setHeading(m_compareLeftCombo->currentText());
    m_compareRight->setHeading(m_compareRightCombo->currentText());
    showTab(CompareTab);
    return {};
}

void AugmentWorkspace::refreshCompareChoices()
{
    for (QComboBox *combo : {m_compareLeftCombo, m_compareRightCombo}) {
        const qint64 current = combo->currentData().toLongLong();
        combo->clear();
        combo->addItem(tr("Choose a run..."), qint64(0));
        for (int row = 0; row < m_history->rowCount(); ++row) {
            const RunSummary &r = m_history->run(row);
            QString seed = r.seedText;
            if (seed.size() > 70)
                seed = seed.left(67) + QStringLiteral("...");
            combo->addItem(tr("Run %1 \u00b7 %2 \u00b7 %3").arg(r.id).arg(r.method, seed), r.id);
        }
        const int index = combo->findData(current);
        combo->setCurrentIndex(index >= 0 ? index : 0);
    }
}

QString AugmentWorkspace::exportRunJsonl(qint64 runId, const QString &path)
{
    if (!m_project)
        return tr("Open a project first.");
    try {
        RunHistory(m_project->database()).exportJsonl(runId, path);
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

QString AugmentWorkspace::exportRunCsv(qint64 runId, const QString &path)
{
    if (!m_project)
        return tr("Open a project first.");
    try {
        RunHistory(m_project->database()).exportCsv(runId, path);
        return {};
    } catch (const std::exception &e) {
        return QString::fromUtf8(e.what());
    }
}

TraceView *AugmentWorkspace::currentTrace() const
{
    switch (currentTab()) {
    case LiveTab: return m_live;
    case HistoryTab: return m_replay;
    case CompareTab: return m_compareLeft;
    }
    return m_live;
}

QString AugmentWorkspace::saveChart(const QString &path)
{
    TraceView *view = currentTrace();
    if (!view || view->stepCount() == 0)
        return tr("There is no chart to save yet.");
    return view->chart()->save(path);
}

void AugmentWorkspace::exportDialog(const QString &kind)
{
    const QModelIndexList rows = m_historyView->selectionModel()->selectedRows();
    if (kind != QLatin1String("chart") && rows.isEmpty())
        return;
    const qint64 runId = rows.isEmpty() ? m_replay->runId() : rows.first().data(RunHistoryModel::RunIdRole).toLongLong();
    QString error;
    if (kind == QLatin1String("jsonl")) {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Run as JSON Lines"), QStringLiteral("run-%1.jsonl").arg(runId),
                                                          tr("JSON Lines (*.jsonl)"));
        if (path.isEmpty())
            return;
        error = exportRunJsonl(runId, path);
    } else if (kind == QLatin1String("csv")) {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Run as CSV"), QStringLiteral("run-%1.csv").arg(runId), tr("CSV (*.csv)"));
        if (path.isEmpty())
            return;
        error = exportRunCsv(runId, path);
    } else {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save Chart"), QStringLiteral("run-%1-objective.png").arg(runId),
                                                          tr("PNG image (*.png);;SVG drawing (*.svg)"));
        if (path.isEmpty())
            return;
        error = m_replay->chart()->save(path);
    }
    if (!error.isEmpty())
        showError(error);
}

void AugmentWorkspace::showTab(Tab tab)
{
    m_tabs->setCurrentIndex(int(tab));
}

AugmentWorkspace::Tab AugmentWorkspace::currentTab() const
{
    return Tab(m_tabs->currentIndex());
}

QString AugmentWorkspace::etaText() const
{
    return m_eta->text();
}

}  // namespace gauntlet
