// The Augment workspace's method and search settings form (tooltips: engine/ato/ato_config.h).
#include "app/workspaces/augment_settings_form.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QRegularExpression>
#include <QLabel>
#include <QLineEdit>
#include <QHBoxLayout>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSpinBox>

namespace gauntlet {

namespace {

QString qs(const std::string &s)
{
    return QString::fromUtf8(s.data(), int(s.size()));
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

/// The line the guards' tooltips end with.
QString unguardedNote()
{
    return AugmentSettingsForm::tr("Uncheck the four guards for the paper's unguarded search.");
}

}  // namespace

AugmentSettingsForm::AugmentSettingsForm(QWidget *parent) : QGroupBox(tr("Method and search settings"), parent)
{
    auto *form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    // Labels go above their fields when the panel is narrow (German at 1280x720; issue 35).
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    createSearchFields();
    addSearchRows(form);
    addGuards(form);
    addMtTerm(form);
    addDefaultsRow(form);
    connect(m_method, &QComboBox::currentIndexChanged, this, [this] {
        updateEnabled();
        Q_EMIT methodChanged(m_method->currentData().toString());
    });
    updateEnabled();  // the first method's fields, before any change
}

void AugmentSettingsForm::createSearchFields()
{
    m_method = new QComboBox(this);
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
    m_wordBucket = new QComboBox(this);
    m_wordBucket->setObjectName(QStringLiteral("wordBucketBox"));
    m_wordBucket->addItem(tr("All words"), QStringLiteral("all"));
    m_wordBucket->addItem(tr("Common words"), QStringLiteral("common"));
    m_wordBucket->addItem(tr("Rare words"), QStringLiteral("rare"));
    m_wordBucket->setToolTip(tr("Random words: draw from all whole words, or from the common or the rare half of those with Zipf "
                                "frequency above 2.5, split at their median (Appendix B.4; the model pack's word frequencies)"));
    m_randomSeed = new QLineEdit(this);
    m_randomSeed->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{1,19}")), m_randomSeed));
    m_randomSeed->setToolTip(tr("Seeds every random draw of the run: the same settings, seed text and models give the same run"));
    m_device = new QComboBox(this);
    m_device->setEditable(true);
    m_device->addItems({QStringLiteral("cpu"), QStringLiteral("cuda"), QStringLiteral("cuda:1")});
    m_device->setToolTip(tr("cpu, or cuda / cuda:N with a CUDA build of libtorch"));
    m_device->setObjectName(QStringLiteral("deviceBox"));
    // Only what the engine understands can be typed (issue 34: the field took any text).
    m_device->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("cpu|cuda(:[0-9]{1,2})?")), m_device));
    m_dtype = new QComboBox(this);
    m_dtype->addItems({QStringLiteral("float32"), QStringLiteral("float64"), QStringLiteral("bfloat16")});
    m_dtype->setToolTip(tr("Scorer dtype"));
    m_threads = spin(0, 256, tr("CPU threads for torch; 0 = all cores"));
    m_threads->setSpecialValueText(tr("all cores"));
    const QString unguarded = unguardedNote();
    m_grammarGuard = new QCheckBox(tr("Grammar guard (link-grammar)"), this);
    m_grammarGuard->setToolTip(tr("A candidate enters the beam, or becomes the output, only if link-grammar parses it with no more "
                                  "null links (words left unlinked) than the seed, at a cost at most 1 above the seed's, and every "
                                  "word it changed keeps the seed word's part of speech. Not in the paper.")
                               + QLatin1Char('\n') + unguarded);
    m_vocabularyGuard = new QCheckBox(tr("Vocabulary guard (common present-day words)"), this);
    m_vocabularyGuard->setToolTip(tr("Every word a candidate adds to the seed must be a common present-day English word "
                                     "(Zipf frequency %1 or more in the model pack's present-day table); rare, archaic and "
                                     "made-up words are never tried. Not in the paper.")
                                      .arg(ato::AtoConfig().guardMinZipf)
                                  + QLatin1Char('\n') + unguarded);
}

void AugmentSettingsForm::addSearchRows(QFormLayout *form)
{
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
    form->addRow(tr("Word bucket:"), m_wordBucket);
    form->addRow(tr("Random seed:"), m_randomSeed);
    form->addRow(tr("Device:"), m_device);
    form->addRow(tr("Dtype:"), m_dtype);
    form->addRow(tr("Threads:"), m_threads);
}

void AugmentSettingsForm::addGuards(QFormLayout *form)
{
    const QString unguarded = unguardedNote();
    m_wordRelations = new QCheckBox(tr("Word relatives only (WordNet)"), this);
    m_wordRelations->setToolTip(tr("A word may become only a WordNet relative of the seed's word (synonym, sister term, broader or "
                                   "narrower term) in the same part of speech and inflection; function words, names and numbers "
                                   "stay. Restricts what is proposed, before sampling. Not in the paper.")
                                + QLatin1Char('\n') + unguarded);
    m_wordVectors = new QCheckBox(tr("Meaning kept (word vectors)"), this);
    m_wordVectors->setToolTip(tr("With word relatives: a relative must be close to the seed's word in the model pack's word vectors "
                                 "(cosine at least %1) and fit the sentence's other words nearly as well; after \"a\"/\"an\" "
                                 "it must take the same article. Not in the paper.")
                                  .arg(ato::AtoConfig().minWordSimilarity));
    connect(m_wordRelations, &QCheckBox::toggled, m_wordVectors, &QWidget::setEnabled);
    m_trigramContext = new QCheckBox(tr("Trigram context (CMU English LM)"), this);
    m_trigramContext->setToolTip(tr("A word is proposed only where CMU's trigram model finds it at most 10 times less likely in its "
                                    "context than the seed's word, a candidate is kept only if the whole text is at most 100 times "
                                    "less likely than the seed, and the output is the most plausible candidate harder than the "
                                    "seed. Not in the paper.")
                                 + QLatin1Char('\n') + unguarded);
    // The guards and restrictions under their heading, across the form's width: their names are long.
    form->addRow(new QLabel(tr("Guards:"), this));
    for (QCheckBox *box : {m_grammarGuard, m_vocabularyGuard, m_wordRelations, m_wordVectors, m_trigramContext})
        form->addRow(box);
}

void AugmentSettingsForm::addMtTerm(QFormLayout *form)
{
    m_mtSystem = new QComboBox(this);
    m_mtSystem->setObjectName(QStringLiteral("mtTermSystemBox"));
    m_mtSystem->addItem(tr("Off"), QString());
    m_mtSystem->setToolTip(tr("A project MT system ranks the candidates the objective selects by how badly it handles them, "
                              "with a signal that needs no reference: Apertium's unknown words, then the round trip's chrF. "
                              "Add systems in Contribute under 'MT systems & verifiers...'. Not in the paper."));
    m_mtWhere = new QComboBox(this);
    m_mtWhere->setObjectName(QStringLiteral("mtTermWhereBox"));
    m_mtWhere->addItem(tr("On the output (once per run)"), QStringLiteral("output"));
    m_mtWhere->addItem(tr("On the beam (every step)"), QStringLiteral("beam"));
    m_mtWhere->setToolTip(tr("Output: the output is the worst-handled of the candidates the method's choice ranks first. "
                             "Beam: each step, the worst-handled of the best accepted candidates lead the next beam."));
    m_mtTarget = new QLineEdit(this);
    m_mtTarget->setObjectName(QStringLiteral("mtTermTargetEdit"));
    m_mtTarget->setPlaceholderText(tr("e.g. Spanish (chat systems)"));
    m_mtTarget->setToolTip(tr("The language a chat system is asked to translate into; an Apertium pair has its own"));
    const auto update = [this] {
        const bool on = !m_mtSystem->currentData().toString().isEmpty();
        m_mtWhere->setEnabled(on);
        m_mtTarget->setEnabled(on);
    };
    connect(m_mtSystem, &QComboBox::currentIndexChanged, this, update);
    update();
    form->addRow(tr("MT term:"), m_mtSystem);
    form->addRow(tr("MT term acts:"), m_mtWhere);
    form->addRow(tr("MT term target:"), m_mtTarget);
}

void AugmentSettingsForm::setMtSystems(const QStringList &systems)
{
    const QString chosen = m_mtSystem->currentData().toString();
    while (m_mtSystem->count() > 1)
        m_mtSystem->removeItem(1);
    for (const QString &name : systems)
        m_mtSystem->addItem(name, name);
    selectMtSystem(chosen);
}

void AugmentSettingsForm::selectMtSystem(const QString &system)
{
    int index = m_mtSystem->findData(system);
    if (index < 0) {
        m_mtSystem->addItem(system, system);
        index = m_mtSystem->count() - 1;
    }
    m_mtSystem->setCurrentIndex(index);
}

void AugmentSettingsForm::addDefaultsRow(QFormLayout *form)
{
    auto *defaults = new QPushButton(tr("Paper defaults"), this);
    defaults->setObjectName(QStringLiteral("paperDefaultsButton"));
    // Paper defaults replace every search setting at once: one click brings them back (issue 34).
    m_undoDefaults = new QPushButton(tr("Undo defaults"), this);
    m_undoDefaults->setObjectName(QStringLiteral("undoDefaultsButton"));
    m_undoDefaults->setToolTip(tr("Bring back the settings Paper defaults replaced"));
    m_undoDefaults->hide();
    connect(m_undoDefaults, &QPushButton::clicked, this, [this] {
        setConfig(m_beforeDefaults);
        m_undoDefaults->hide();
    });
    defaults->setToolTip(tr("Reset every search setting to the paper's default (the lambdas to the model pack's, if it recommends its "
                            "own); the guards stay as they are"));
    connect(defaults, &QPushButton::clicked, this, [this] {
        const ato::AtoConfig current = config();
        m_beforeDefaults = current;
        ato::AtoConfig fresh;
        fresh.method = current.method;
        fresh.grammarGuard = current.grammarGuard;  // not search settings of the paper: left as they are
        fresh.vocabularyGuard = current.vocabularyGuard;
        fresh.wordRelations = current.wordRelations;
        fresh.wordEmbeddingDistance = current.wordEmbeddingDistance;
        fresh.trigramContext = current.trigramContext;
        fresh.mtTermSystem = current.mtTermSystem;  // nor is the MT term
        fresh.mtTermWhere = current.mtTermWhere;
        fresh.mtTermTargetLanguage = current.mtTermTargetLanguage;
        setConfig(fresh);
        m_undoDefaults->show();
        Q_EMIT defaultsApplied();
    });
    auto *defaultsRow = new QHBoxLayout;
    defaultsRow->addWidget(defaults);
    defaultsRow->addWidget(m_undoDefaults);
    defaultsRow->addStretch(1);
    form->addRow(QString(), defaultsRow);
}

void AugmentSettingsForm::updateEnabled()
{
    const QString method = m_method->currentData().toString();
    const bool random = method.startsWith(QLatin1String("random"));
    for (QWidget *w : {static_cast<QWidget *>(m_beamWidth), static_cast<QWidget *>(m_shortlist), static_cast<QWidget *>(m_candidates),
                       static_cast<QWidget *>(m_injections), static_cast<QWidget *>(m_steps), static_cast<QWidget *>(m_frozen),
                       static_cast<QWidget *>(m_lambdaF), static_cast<QWidget *>(m_lambdaC)})
        w->setEnabled(!random);
    m_phase2Steps->setEnabled(method == QLatin1String("two-phase"));
    m_replacements->setEnabled(random);
    m_wordBucket->setEnabled(method == QLatin1String("random-words"));
}

ato::AtoConfig AugmentSettingsForm::config() const
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
    c.randomWordBucket = m_wordBucket->currentData().toString().toStdString();
    c.seed = m_randomSeed->text().toULongLong();
    c.device = m_device->currentText().trimmed().toStdString();
    c.dtype = m_dtype->currentText().toStdString();
    c.threads = m_threads->value();
    c.grammarGuard = m_grammarGuard->isChecked();
    c.vocabularyGuard = m_vocabularyGuard->isChecked();
    c.wordRelations = m_wordRelations->isChecked();
    c.wordEmbeddingDistance = m_wordVectors->isChecked();
    c.trigramContext = m_trigramContext->isChecked();
    c.mtTermSystem = m_mtSystem->currentData().toString().toStdString();
    c.mtTermWhere = m_mtWhere->currentData().toString().toStdString();
    c.mtTermTargetLanguage = m_mtTarget->text().trimmed().toStdString();
    return c;
}

void AugmentSettingsForm::setConfig(const ato::AtoConfig &c)
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
    if (const int bucket = m_wordBucket->findData(qs(c.randomWordBucket)); bucket >= 0)
        m_wordBucket->setCurrentIndex(bucket);
    m_randomSeed->setText(QString::number(c.seed));
    m_device->setCurrentText(qs(c.device));
    m_dtype->setCurrentText(qs(c.dtype));
    m_threads->setValue(c.threads);
    m_grammarGuard->setChecked(c.grammarGuard);
    m_vocabularyGuard->setChecked(c.vocabularyGuard);
    m_wordRelations->setChecked(c.wordRelations);
    m_wordVectors->setChecked(c.wordEmbeddingDistance);
    m_wordVectors->setEnabled(c.wordRelations);
    m_trigramContext->setChecked(c.trigramContext);
    selectMtSystem(qs(c.mtTermSystem));
    if (const int where = m_mtWhere->findData(qs(c.mtTermWhere)); where >= 0)
        m_mtWhere->setCurrentIndex(where);
    m_mtTarget->setText(qs(c.mtTermTargetLanguage));
    Q_EMIT m_method->currentIndexChanged(m_method->currentIndex());
}

bool AugmentSettingsForm::setMethod(const QString &method)
{
    const int index = m_method->findData(method);
    if (index >= 0)
        m_method->setCurrentIndex(index);
    return index >= 0;
}

void AugmentSettingsForm::setLambdas(std::optional<double> fluency, std::optional<double> cohesion)
{
    if (fluency)
        m_lambdaF->setValue(*fluency);
    if (cohesion)
        m_lambdaC->setValue(*cohesion);
}

}  // namespace gauntlet
