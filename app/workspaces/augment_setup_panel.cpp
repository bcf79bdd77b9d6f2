// The Augment workspace's run setup: seeds, model pack, and the search settings form.
#include "app/workspaces/augment_setup_panel.h"

#include "app/workspaces/augment_settings_form.h"
#include "engine/ato/model_pack.h"
#include "engine/core/settings.h"
#include "engine/store/project.h"
#include "engine/verify/example_store.h"
#include "models/seed_set_model.h"

#include <nlohmann/json.hpp>

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSignalBlocker>
#include <QPushButton>
#include <QStackedWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace gauntlet {

namespace {

constexpr int SeedIdRole = Qt::UserRole + 1;

}  // namespace

AugmentSetupPanel::AugmentSetupPanel(QWidget *parent) : QWidget(parent), m_seedSets(new SeedSetModel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 6, 0);
    layout->addWidget(createSeedsBox(), 1);
    layout->addWidget(createModelsBox());
    m_form = new AugmentSettingsForm(this);
    connect(m_form, &AugmentSettingsForm::defaultsApplied, this, &AugmentSetupPanel::applyPackObjectiveToForm);
    connect(m_form, &AugmentSettingsForm::methodChanged, this, [this](const QString &method) {
        if (m_settings)
            m_settings->setValue(KeyMethod, method);
    });
    layout->addWidget(m_form);

    ato::AtoConfig initial;
    // guarded and restricted to plausible proposals unless the user unchecks them (as in the CLI)
    initial.grammarGuard = initial.vocabularyGuard = initial.wordRelations = initial.trigramContext = true;
    initial.wordEmbeddingDistance = true;
    setForm(initial);
    updateModelPackInfo();
    applyPackObjectiveToForm();
}

QWidget *AugmentSetupPanel::createSeedsBox()
{
    auto *seedsBox = new QGroupBox(tr("Seeds"), this);
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
    m_skipFinished = new QCheckBox(tr("Skip seeds already finished"), seedsBox);
    m_skipFinished->setObjectName(QStringLiteral("skipFinishedBox"));
    m_skipFinished->setToolTip(tr("Leave out the seeds that already have a finished run of this method with these settings in the "
                                  "project, e.g. to go on after stopping a long job (the command line's --resume)"));
    seedsLayout->addWidget(m_sourceCombo);
    seedsLayout->addWidget(m_sourceStack);
    seedsLayout->addWidget(m_seedList, 1);
    seedsLayout->addWidget(m_skipFinished);
    connect(m_typedSeeds, &QPlainTextEdit::textChanged, this, [this] {
        if (m_settings)
            m_settings->setValue(KeyTypedSeeds, m_typedSeeds->toPlainText());
    });
    connect(m_sourceCombo, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (m_settings)
            m_settings->setValue(KeySeedSource, index);
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
                Q_EMIT errorOccurred(error);
        }
    });
    return seedsBox;
}

QWidget *AugmentSetupPanel::createModelsBox()
{
    auto *modelsBox = new QGroupBox(tr("Models"), this);
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
    return modelsBox;
}

void AugmentSetupPanel::setProject(storage::Project *project)
{
    m_project = project;
    m_seedSets->setProject(project);
    fillSeedSetList();
    fillMtSystems();
}

void AugmentSetupPanel::fillMtSystems()
{
    QStringList systems;
    if (m_project) {
        try {
            for (const translate::MtSystemConfig &system : verify::ExampleStore(m_project->database()).mtSystems())
                if (system.kind != translate::MtSystemConfig::Kind::Manual)  // a manual system has nothing to compute
                    systems << system.name;
        } catch (const std::exception &e) {
            Q_EMIT errorOccurred(tr("Cannot read the project's MT systems: %1").arg(QString::fromUtf8(e.what())));
        }
    }
    m_form->setMtSystems(systems);
}

bool AugmentSetupPanel::skipFinishedSeeds() const
{
    return m_skipFinished->isChecked();
}

void AugmentSetupPanel::setSettings(core::Settings *settings)
{
    m_settings = settings;
    if (!m_settings)
        return;
    m_modelPack->setText(m_settings->value(KeyModelPack).toString());
    m_form->setMethod(m_settings->value(KeyMethod, QStringLiteral("direct")).toString());
    // The seed source and typed seeds come back as they were left (issue 34: typed seeds were lost).
    {
        const QSignalBlocker block(m_typedSeeds);
        m_typedSeeds->setPlainText(m_settings->value(KeyTypedSeeds).toString());
    }
    const int source = m_settings->value(KeySeedSource, 0).toInt();
    if (source >= 0 && source < m_sourceCombo->count())
        m_sourceCombo->setCurrentIndex(source);
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

QString AugmentSetupPanel::reload()
{
    const QString error = m_seedSets->reload();
    fillSeedSetList();
    fillMtSystems();
    return error;
}

void AugmentSetupPanel::fillSeedSetList()
{
    if (m_sourceCombo->currentIndex() != ProjectSeeds)
        return;
    m_seedList->clear();
    if (!m_project || m_seedSetCombo->currentIndex() < 0)
        return;
    const qint64 setId = m_seedSets->index(m_seedSetCombo->currentIndex(), 0).data(SeedSetModel::SetIdRole).toLongLong();
    try {
        for (const storage::Seed &seed : m_project->seeds().seeds(setId)) {
            auto *item = new QListWidgetItem(seed.record.text, m_seedList);
            item->setData(SeedIdRole, seed.id);
            item->setToolTip(seed.record.text);
        }
    } catch (const storage::StoreError &e) {
        Q_EMIT errorOccurred(QString::fromUtf8(e.what()));
    }
    if (m_seedList->count() > 0)
        m_seedList->setCurrentRow(0);
}

void AugmentSetupPanel::setSeedSource(SeedSource source)
{
    m_sourceCombo->setCurrentIndex(source);
}

QString AugmentSetupPanel::loadSeedFile(const QString &path)
{
    try {
        const QVector<storage::SeedRecord> seeds = storage::readSeedFile(path);
        setSeedSource(FileSeeds);
        m_seedFile->setText(QDir::toNativeSeparators(path));
        m_seedList->clear();
        for (const storage::SeedRecord &r : seeds) {
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

void AugmentSetupPanel::setTypedSeeds(const QString &text)
{
    setSeedSource(TypedSeeds);
    m_typedSeeds->setPlainText(text);
}

std::vector<augment::SeedItem> AugmentSetupPanel::chosenSeeds() const
{
    std::vector<augment::SeedItem> seeds;
    if (m_sourceCombo->currentIndex() == TypedSeeds) {
        for (const QString &line : m_typedSeeds->toPlainText().split(QLatin1Char('\n'))) {
            if (!line.trimmed().isEmpty())
                seeds.push_back({line.trimmed().toStdString(), std::nullopt});
        }
        return seeds;
    }
    QList<QListWidgetItem *> items = m_seedList->selectedItems();
    std::sort(items.begin(), items.end(), [this](QListWidgetItem *a, QListWidgetItem *b) { return m_seedList->row(a) < m_seedList->row(b); });
    for (QListWidgetItem *item : items) {
        const QVariant id = item->data(SeedIdRole);
        seeds.push_back({item->text().toStdString(), id.isValid() ? std::optional<qint64>(id.toLongLong()) : std::nullopt});
    }
    return seeds;
}

void AugmentSetupPanel::setModelPackFolder(const QString &folder)
{
    m_modelPack->setText(folder);
    if (m_settings)
        m_settings->setValue(KeyModelPack, folder);
    updateModelPackInfo();
    applyPackObjectiveToForm();
}

QString AugmentSetupPanel::modelPackFolder() const
{
    const QString folder = m_modelPack->text().trimmed();
    return folder.isEmpty() ? ato::defaultModelPack().folder : folder;
}

void AugmentSetupPanel::applyPackObjectiveToForm()
{
    const QString folder = modelPackFolder();
    if (folder.isEmpty())
        return;
    const ato::ModelPack pack = ato::modelPackAt(folder);
    if (!pack.packJsonError.isEmpty())
        return;  // shown in the model pack line
    m_form->setLambdas(pack.lambdaFluency, pack.lambdaCohesion);
}

void AugmentSetupPanel::updateModelPackInfo()
{
    const QString folder = modelPackFolder();
    if (folder.isEmpty()) {
        m_modelPackInfo->setText(tr("No default model pack was found; choose a model pack folder."));
        return;
    }
    const ato::ModelPack pack = ato::modelPackAt(folder);
    const auto mark = [](const QString &path) { return path.isEmpty() ? QStringLiteral("\u2717") : QStringLiteral("\u2713"); };
    // A zero-width space after each separator lets a long path wrap at the panel's width (issue 35).
    QString wrappable = QDir::toNativeSeparators(folder);
    wrappable.replace(QDir::separator(), QString(QDir::separator()) + QChar(0x200B));
    QString info = tr("%1\ndifficulty %2 \u00b7 acceptability %3 \u00b7 language model %4 \u00b7 word list %5")
                       .arg(wrappable, mark(pack.difficulty), mark(pack.acceptability),
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

ato::AtoConfig AugmentSetupPanel::configFromForm() const
{
    return m_form->config();
}

void AugmentSetupPanel::setForm(const ato::AtoConfig &config)
{
    m_form->setConfig(config);
}

void AugmentSetupPanel::rememberSearchSettings(const ato::AtoConfig &config)
{
    if (m_settings)
        m_settings->setValue(KeySearchSettings, QString::fromStdString(ato::toJson(config).dump()));
}

}  // namespace gauntlet
