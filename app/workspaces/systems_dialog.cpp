#include "app/workspaces/systems_dialog.h"

#include "engine/verify/example_store.h"
#include "engine/store/project.h"
#include "engine/translate/apertium.h"
#include "engine/translate/prompt_template.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace gauntlet {

SystemsDialog::SystemsDialog(storage::Project *project, QWidget *parent)
    : QDialog(parent), m_project(project), m_systems(new QListWidget(this)), m_verifiers(new QListWidget(this)), m_error(new QLabel(this))
{
    setWindowTitle(tr("MT systems and verifiers"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("MT systems (up to ten outputs per example):"), this));
    layout->addWidget(m_systems);
    auto *systemButtons = new QHBoxLayout;
    auto *apertium = new QPushButton(tr("Add Apertium pair..."), this);
    auto *chat = new QPushButton(tr("Add chat endpoint..."), this);
    auto *manual = new QPushButton(tr("Add manual system..."), this);
    systemButtons->addWidget(apertium);
    systemButtons->addWidget(chat);
    systemButtons->addWidget(manual);
    systemButtons->addStretch(1);
    layout->addLayout(systemButtons);
    layout->addWidget(new QLabel(tr("LLM verifiers for natural-language rules (several: their agreement is shown):"), this));
    layout->addWidget(m_verifiers);
    auto *verifierButtons = new QHBoxLayout;
    auto *verifier = new QPushButton(tr("Add verifier..."), this);
    auto *remove = new QPushButton(tr("Remove selected"), this);
    verifierButtons->addWidget(verifier);
    verifierButtons->addStretch(1);
    verifierButtons->addWidget(remove);
    layout->addLayout(verifierButtons);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c62828"));
    layout->addWidget(m_error);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::accept);
    layout->addWidget(buttons);
    connect(apertium, &QPushButton::clicked, this, &SystemsDialog::addApertium);
    connect(chat, &QPushButton::clicked, this, [this] { addEndpoint(false); });
    connect(verifier, &QPushButton::clicked, this, [this] { addEndpoint(true); });
    connect(manual, &QPushButton::clicked, this, &SystemsDialog::addManual);
    connect(remove, &QPushButton::clicked, this, &SystemsDialog::removeSelected);
    resize(620, 480);
    reload();
}

void SystemsDialog::reload()
{
    m_systems->clear();
    m_verifiers->clear();
    try {
        verify::ExampleStore store(m_project->database());
        for (const translate::MtSystemConfig &s : store.mtSystems()) {
            QString detail;
            if (s.kind == translate::MtSystemConfig::Kind::Apertium)
                detail = tr("Apertium %1").arg(s.apertiumPair);
            else if (s.kind == translate::MtSystemConfig::Kind::Chat)
                detail = tr("%1 at %2").arg(s.endpoint.model, s.endpoint.baseUrl);
            else
                detail = tr("manual");
            auto *item = new QListWidgetItem(QStringLiteral("%1 — %2").arg(s.name, detail), m_systems);
            item->setData(Qt::UserRole, s.name);
        }
        for (const verify::VerifierConfig &v : store.verifiers()) {
            auto *item = new QListWidgetItem(tr("%1 — %2 at %3").arg(v.name, v.endpoint.model, v.endpoint.baseUrl), m_verifiers);
            item->setData(Qt::UserRole, v.name);
        }
    } catch (const storage::StoreError &e) {
        m_error->setText(QString::fromUtf8(e.what()));
    }
}

void SystemsDialog::addApertium()
{
    const QStringList pairs = translate::installedApertiumPairs();
    if (pairs.isEmpty()) {
        m_error->setText(tr("No Apertium pairs are installed (looked in %1).").arg(translate::apertiumModesDirectory()));
        return;
    }
    bool ok = false;
    const QString pair = QInputDialog::getItem(this, tr("Add Apertium pair"), tr("Installed pair:"), pairs, 0, false, &ok);
    if (!ok)
        return;
    translate::MtSystemConfig s;
    s.name = tr("Apertium %1").arg(pair);
    s.kind = translate::MtSystemConfig::Kind::Apertium;
    s.apertiumPair = pair;
    saveSystem(s);
}

void SystemsDialog::saveSystem(const translate::MtSystemConfig &system)
{
    try {
        verify::ExampleStore(m_project->database()).saveMtSystem(system);
        m_error->clear();
    } catch (const storage::StoreError &e) {
        m_error->setText(QString::fromUtf8(e.what()));
    }
    reload();
}

void SystemsDialog::addManual()
{
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Add manual system"), tr("Name (e.g. the service whose outputs you paste):"),
                                               QLineEdit::Normal, QString(), &ok).trimmed();
    if (!ok || name.isEmpty())
        return;
    translate::MtSystemConfig s;
    s.name = name;
    saveSystem(s);
}

void SystemsDialog::addEndpoint(bool verifier)
{
    QDialog dialog(this);
    dialog.setWindowTitle(verifier ? tr("Add LLM verifier") : tr("Add chat endpoint"));
    auto *form = new QFormLayout(&dialog);
    auto *name = new QLineEdit(&dialog);
    auto *url = new QLineEdit(QStringLiteral("http://127.0.0.1:8000/v1"), &dialog);
    auto *model = new QLineEdit(&dialog);
    auto *key = new QLineEdit(&dialog);
    key->setPlaceholderText(tr("e.g. OPENROUTER_API_KEY (the variable's name, not the key)"));
    auto *temperature = new QDoubleSpinBox(&dialog);
    temperature->setRange(0, 2);
    temperature->setSingleStep(0.1);
    auto *timeout = new QSpinBox(&dialog);
    timeout->setRange(1, 3600);
    timeout->setValue(60);
    timeout->setSuffix(tr(" s"));
    auto *retries = new QSpinBox(&dialog);
    retries->setRange(0, 10);
    retries->setValue(3);
    auto *prompt = new QPlainTextEdit(verifier ? translate::defaultVerifierPrompt() : translate::defaultTranslationPrompt(), &dialog);
    form->addRow(tr("Name:"), name);
    form->addRow(tr("Base URL:"), url);
    form->addRow(tr("Model:"), model);
    form->addRow(tr("API key variable:"), key);
    form->addRow(tr("Temperature:"), temperature);
    form->addRow(tr("Timeout:"), timeout);
    form->addRow(tr("Retries:"), retries);
    form->addRow(verifier ? tr("Verifier prompt:") : tr("Translation prompt:"), prompt);
    auto *error = new QLabel(&dialog);
    error->setWordWrap(true);
    error->setStyleSheet(QStringLiteral("color: #c62828"));
    form->addRow(error);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, [&] {
        translate::ChatEndpoint e;
        e.baseUrl = url->text().trimmed();
        e.model = model->text().trimmed();
        e.apiKeyVariable = key->text().trimmed();
        e.temperature = temperature->value();
        e.timeoutMs = timeout->value() * 1000;
        e.maxRetries = retries->value();
        const QString promptText = prompt->toPlainText() == (verifier ? translate::defaultVerifierPrompt() : translate::defaultTranslationPrompt())
                                       ? QString()
                                       : prompt->toPlainText();
        try {
            verify::ExampleStore store(m_project->database());
            if (verifier) {
                verify::VerifierConfig v{name->text().trimmed(), e, promptText};
                store.saveVerifier(v);
            } else {
                translate::MtSystemConfig s;
                s.name = name->text().trimmed();
                s.kind = translate::MtSystemConfig::Kind::Chat;
                s.endpoint = e;
                s.promptTemplate = promptText;
                store.saveMtSystem(s);
            }
            dialog.accept();
        } catch (const storage::StoreError &err) {
            error->setText(QString::fromUtf8(err.what()));
        }
    });
    dialog.resize(560, 520);
    dialog.exec();
    reload();
}

void SystemsDialog::removeSelected()
{
    verify::ExampleStore store(m_project->database());
    if (QListWidgetItem *item = m_systems->currentItem(); item && item->isSelected())
        store.removeMtSystem(item->data(Qt::UserRole).toString());
    if (QListWidgetItem *item = m_verifiers->currentItem(); item && item->isSelected())
        store.removeVerifier(item->data(Qt::UserRole).toString());
    reload();
}

}  // namespace gauntlet
