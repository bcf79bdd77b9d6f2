#include "app/workspaces/evaluate_new_campaign.h"

#include "engine/evaluate/evaluate_error.h"
#include "engine/verify/example_store.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace gauntlet {

using namespace evaluate;

NewCampaignDialog::NewCampaignDialog(const QStringList &profiles, QWidget *parent)
    : QDialog(parent), m_name(new QLineEdit(this)), m_protocol(new QComboBox(this)),
      m_twoStage(new QCheckBox(tr("Two stages: without, then with the rules"), this)),
      m_ruleForm(new QCheckBox(tr("Ask the rule form after the last stage"), this)), m_scales(new QListWidget(this)),
      m_annotators(new QLineEdit(this)), m_redundancy(new QSpinBox(this)), m_perAnnotator(new QSpinBox(this)),
      m_seed(new QSpinBox(this)), m_shuffle(new QCheckBox(tr("Shuffle the order of the translations per annotator and item"), this)),
      m_hideNames(new QCheckBox(tr("Hide system names (annotators see A, B, ...)"), this)), m_instructions(new QPlainTextEdit(this)),
      m_status(new QComboBox(this)), m_includeReference(new QCheckBox(tr("Add the human reference as system \"human\""), this)),
      m_badReferences(new QSpinBox(this)), m_characterBased(new QCheckBox(tr("By characters (CJK, Thai) instead of words"), this)),
      m_checks(new QLineEdit(this))
{
    setWindowTitle(tr("New Campaign"));
    nameFields();
    setDefaults(profiles);
    layOut(checksRow());
    connect(m_protocol, &QComboBox::currentIndexChanged, this, &NewCampaignDialog::updateEnabled);
    connect(m_badReferences, &QSpinBox::valueChanged, this, &NewCampaignDialog::updateEnabled);
    updateEnabled();
}

void NewCampaignDialog::nameFields()
{
    // objectNames: the tests find the fields by them
    m_name->setObjectName(QStringLiteral("campaignName"));
    m_protocol->setObjectName(QStringLiteral("protocol"));
    m_twoStage->setObjectName(QStringLiteral("twoStage"));
    m_ruleForm->setObjectName(QStringLiteral("ruleForm"));
    m_scales->setObjectName(QStringLiteral("likertScales"));
    m_annotators->setObjectName(QStringLiteral("annotators"));
    m_redundancy->setObjectName(QStringLiteral("redundancy"));
    m_perAnnotator->setObjectName(QStringLiteral("itemsPerAnnotator"));
    m_seed->setObjectName(QStringLiteral("seed"));
    m_shuffle->setObjectName(QStringLiteral("shuffleSystems"));
    m_hideNames->setObjectName(QStringLiteral("hideSystemNames"));
    m_instructions->setObjectName(QStringLiteral("instructions"));
    m_status->setObjectName(QStringLiteral("exampleStatus"));
    m_includeReference->setObjectName(QStringLiteral("includeReference"));
    m_badReferences->setObjectName(QStringLiteral("badReferences"));
    m_characterBased->setObjectName(QStringLiteral("characterBased"));
    m_checks->setObjectName(QStringLiteral("checksFile"));
    m_pairedSeeds = new QCheckBox(tr("Add the seeds of augmented examples as a paired control"), this);
    m_pairedSeeds->setObjectName(QStringLiteral("pairedSeeds"));
    m_pairedSeeds->setToolTip(tr("For each example made from an augmentation run, the same item with the run's seed as source and the "
                                 "same MT systems' stored translations of it; the two items are paired, so results compare them"));
}

void NewCampaignDialog::setDefaults(const QStringList &profiles)
{
    m_protocol->addItem(tr("cESA (translations side by side)"), int(Protocol::Cesa));
    m_protocol->addItem(tr("ESA (one translation)"), int(Protocol::Esa));
    m_protocol->addItem(tr("Likert 1-5"), int(Protocol::Likert));
    m_protocol->addItem(tr("LTB rule form"), int(Protocol::RuleForm));
    // One set of defaults for the window and `campaigns create` (CampaignOptions).
    const CampaignOptions defaults;
    m_twoStage->setChecked(defaults.twoStage);
    for (const QString &scale : LikertScale::namedScales()) {
        auto *item = new QListWidgetItem(scale, m_scales);
        item->setCheckState(Qt::Checked);
    }
    m_scales->setMaximumHeight(4 * m_scales->fontMetrics().height() + 12);
    m_annotators->setPlaceholderText(tr("comma-separated names"));
    m_annotators->setText(profiles.join(QStringLiteral(", ")));
    m_redundancy->setRange(1, 20);
    m_redundancy->setValue(defaults.redundancy);
    m_perAnnotator->setRange(0, 100000);
    m_perAnnotator->setSpecialValueText(tr("no limit"));
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setValue(1);
    m_seed->setToolTip(tr("Seed of the shuffled item and system orders (stored with the campaign)"));
    m_shuffle->setChecked(true);
    m_hideNames->setChecked(true);
    m_instructions->setPlaceholderText(tr("Shown to the annotators above every item"));
    m_instructions->setMaximumHeight(5 * m_instructions->fontMetrics().height());
    m_status->addItem(tr("all examples"), QString());
    for (verify::ExampleStatus s : {verify::ExampleStatus::Draft, verify::ExampleStatus::Submitted, verify::ExampleStatus::Accepted, verify::ExampleStatus::Returned})
        m_status->addItem(verify::exampleStatusName(s), verify::exampleStatusName(s));
    m_badReferences->setRange(0, 100000);
    m_badReferences->setToolTip(tr("Appraise bad references: copies of the first N items with a phrase replaced; annotators should score them lower"));
    m_checks->setPlaceholderText(tr("none"));
    m_checks->setToolTip(tr("A JSON list of items with known answers: \"check\" tutorial (must be right to go on), loud (a wrong answer is "
                            "shown and retried) or silent (only logged), \"expected\" score ranges and spans per translation"));
}

QHBoxLayout *NewCampaignDialog::checksRow()
{
    auto *browse = new QPushButton(tr("Browse..."), this);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Attention Checks"), QString(), tr("JSON (*.json)"));
        if (!path.isEmpty())
            m_checks->setText(path);
    });
    auto *checksRow = new QHBoxLayout;
    checksRow->addWidget(m_checks, 1);
    checksRow->addWidget(browse);
    return checksRow;
}

void NewCampaignDialog::layOut(QHBoxLayout *checksRow)
{
    auto *form = new QFormLayout;
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Protocol:"), m_protocol);
    form->addRow(m_twoStage);
    form->addRow(m_ruleForm);
    form->addRow(tr("Likert scales:"), m_scales);
    form->addRow(tr("Annotators:"), m_annotators);
    form->addRow(tr("Annotators per item:"), m_redundancy);
    form->addRow(tr("Items per annotator:"), m_perAnnotator);
    form->addRow(tr("Instructions:"), m_instructions);
    auto *order = new QGroupBox(tr("Order and names"), this);
    auto *orderForm = new QFormLayout(order);
    orderForm->addRow(m_shuffle);
    orderForm->addRow(m_hideNames);
    orderForm->addRow(tr("Seed:"), m_seed);
    auto *items = new QGroupBox(tr("Items and quality control"), this);
    auto *itemsForm = new QFormLayout(items);
    itemsForm->addRow(tr("Examples:"), m_status);
    itemsForm->addRow(m_includeReference);
    itemsForm->addRow(m_pairedSeeds);
    itemsForm->addRow(tr("Bad references:"), m_badReferences);
    itemsForm->addRow(m_characterBased);
    itemsForm->addRow(tr("Attention checks:"), checksRow);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setObjectName(QStringLiteral("createButton"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // The settings scroll above the buttons, so the dialog fits a 1280x720 screen (issue 35).
    auto *content = new QWidget(this);
    auto *contentLayout = new QVBoxLayout(content);
    contentLayout->setContentsMargins(0, 0, 0, 0);
    contentLayout->addLayout(form);
    contentLayout->addWidget(order);
    contentLayout->addWidget(items);
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("newCampaignScroll"));
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(content->sizeHint().width() + scroll->verticalScrollBar()->sizeHint().width());
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(scroll, 1);
    layout->addWidget(buttons);
    resize(sizeHint().width(), std::min(content->sizeHint().height() + 60, 600));
}

void NewCampaignDialog::updateEnabled()
{
    const auto p = Protocol(m_protocol->currentData().toInt());
    m_twoStage->setEnabled(p == Protocol::Cesa);
    m_ruleForm->setEnabled(p == Protocol::Cesa || p == Protocol::Esa);
    m_scales->setEnabled(p == Protocol::Likert);
    m_characterBased->setEnabled(m_badReferences->value() > 0);
}

Campaign NewCampaignDialog::definition() const
{
    Campaign c;
    c.name = m_name->text().trimmed();
    c.protocol = Protocol(m_protocol->currentData().toInt());
    c.options.twoStage = m_twoStage->isChecked() && c.protocol == Protocol::Cesa;
    c.options.ruleForm = m_ruleForm->isChecked() && (c.protocol == Protocol::Cesa || c.protocol == Protocol::Esa);
    if (c.protocol == Protocol::Likert)
        for (int i = 0; i < m_scales->count(); ++i)
            if (m_scales->item(i)->checkState() == Qt::Checked)
                c.scales << LikertScale::named(m_scales->item(i)->text());
    c.options.redundancy = m_redundancy->value();
    c.options.itemsPerAnnotator = m_perAnnotator->value();
    c.options.seed = std::uint64_t(m_seed->value());
    c.options.shuffleSystems = m_shuffle->isChecked();
    c.options.hideSystemNames = m_hideNames->isChecked();
    c.options.instructions = m_instructions->toPlainText().trimmed();
    return c;
}

evaluate::CampaignSetup NewCampaignDialog::setup() const
{
    evaluate::CampaignSetup s;
    s.status = m_status->currentData().toString();
    s.includeReference = m_includeReference->isChecked();
    s.badReferences = m_badReferences->value();
    s.characterBased = m_characterBased->isChecked();
    s.pairedSeeds = m_pairedSeeds->isChecked();
    const QString path = m_checks->text().trimmed();
    if (!path.isEmpty()) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            throw EvaluateError(tr("Cannot read %1: %2").arg(path, file.errorString()));
        s.checks = readCheckItems(file.readAll(), path);
    }
    return s;
}

QStringList NewCampaignDialog::annotators() const
{
    QStringList names;
    for (const QString &n : m_annotators->text().split(u',', Qt::SkipEmptyParts))
        names << n.trimmed();
    return names;
}

}  // namespace gauntlet
