#include "app/workspaces/example_form.h"

#include "engine/verify/ltb_taxonomy.h"

#include <QCompleter>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QStandardItemModel>
#include <QVBoxLayout>

namespace gauntlet {

namespace {

QStringList splitTags(const QString &text)
{
    QStringList tags;
    for (const QString &t : text.split(u',', Qt::SkipEmptyParts))
        if (!t.trimmed().isEmpty())
            tags << t.trimmed();
    return tags;
}

QLineEdit *lineEdit(QWidget *parent, const char *name, const QString &placeholder)
{
    auto *edit = new QLineEdit(parent);
    edit->setObjectName(QLatin1String(name));
    edit->setPlaceholderText(placeholder);
    return edit;
}

}  // namespace

ExampleForm::ExampleForm(QWidget *parent) : QGroupBox(tr("Example"), parent)
{
    setObjectName(QStringLiteral("exampleForm"));
    auto *fields = new QFormLayout(this);
    m_sourceLang = lineEdit(this, "sourceLanguageEdit", tr("e.g. English, Serbian (Cyrillic), Neapolitan"));
    m_sourceIso = lineEdit(this, "sourceIsoEdit", tr("ISO code (optional)"));
    m_sourceIso->setMaximumWidth(140);
    m_targetLang = lineEdit(this, "targetLanguageEdit", tr("e.g. Spanish"));
    m_targetIso = lineEdit(this, "targetIsoEdit", tr("ISO code (optional)"));
    m_targetIso->setMaximumWidth(140);
    auto *languages = new QHBoxLayout;
    languages->addWidget(m_sourceLang, 2);
    languages->addWidget(m_sourceIso, 1);
    languages->addWidget(new QLabel(QStringLiteral("→"), this));
    languages->addWidget(m_targetLang, 2);
    languages->addWidget(m_targetIso, 1);
    fields->addRow(tr("Languages:"), languages);
    m_source = new QPlainTextEdit(this);
    m_source->setObjectName(QStringLiteral("sourceTextEdit"));
    m_source->setPlaceholderText(tr("An input that most MT systems get wrong (at most 5000 characters)"));
    m_source->setMinimumHeight(60);
    m_source->setMaximumHeight(110);
    m_sourceCount = new QLabel(this);
    m_sourceCount->setObjectName(QStringLiteral("sourceCountLabel"));
    auto *sourceBox = new QVBoxLayout;
    sourceBox->addWidget(m_source);
    sourceBox->addWidget(m_sourceCount, 0, Qt::AlignRight);
    fields->addRow(tr("Source text:"), sourceBox);
    m_instructions = lineEdit(this, "instructionsEdit", tr("Optional translation instructions"));
    fields->addRow(tr("Instructions:"), m_instructions);
    m_context = lineEdit(this, "contextEdit", tr("Optional context (what the text accompanies)"));
    fields->addRow(tr("Context:"), m_context);
    m_attribution = lineEdit(this, "attributionEdit", tr("Where reused material comes from, e.g. a URL"));
    fields->addRow(tr("Attribution:"), m_attribution);
    m_reference = new QPlainTextEdit(this);
    m_reference->setObjectName(QStringLiteral("referenceEdit"));
    m_reference->setPlaceholderText(tr("Your correct translation: it must pass every rule"));
    m_reference->setMinimumHeight(50);
    m_reference->setMaximumHeight(90);
    fields->addRow(tr("Reference:"), m_reference);
    m_linguistics = lineEdit(this, "linguisticsEdit", tr("LTB taxonomy tags, comma-separated (e.g. polysemy, wordplay)"));
    {
        // Suggest LTB's taxonomy tags for the tag being typed (the text after the last comma).
        auto *tags = new QStandardItemModel(this);
        for (const verify::LtbTaxonomyTag &t : verify::bundledLtbTaxonomy()) {
            auto *item = new QStandardItem(t.tag);
            item->setToolTip(t.path);
            tags->appendRow(item);
        }
        auto *completer = new QCompleter(tags, this);
        completer->setObjectName(QStringLiteral("linguisticsCompleter"));
        completer->setCaseSensitivity(Qt::CaseInsensitive);
        completer->setFilterMode(Qt::MatchContains);
        completer->setWidget(m_linguistics);
        connect(m_linguistics, &QLineEdit::textEdited, completer, [completer](const QString &text) {
            const QString last = text.section(u',', -1).trimmed();
            if (last.isEmpty())
                return;
            completer->setCompletionPrefix(last);
            completer->complete();
        });
        connect(completer, qOverload<const QString &>(&QCompleter::activated), this, [this](const QString &tag) {
            const QString text = m_linguistics->text();
            const int comma = text.lastIndexOf(u',');
            m_linguistics->setText((comma < 0 ? QString() : text.left(comma + 1) + u' ') + tag);
            Q_EMIT edited();
        });
    }
    fields->addRow(tr("Linguistic tags:"), m_linguistics);
    m_tags = lineEdit(this, "tagsEdit", tr("Free tags, comma-separated"));
    fields->addRow(tr("Tags:"), m_tags);

    for (QLineEdit *edit : {m_sourceLang, m_sourceIso, m_targetLang, m_targetIso, m_instructions, m_context, m_attribution,
                            m_linguistics, m_tags})
        connect(edit, &QLineEdit::textEdited, this, &ExampleForm::edited);
    for (QPlainTextEdit *edit : {m_source, m_reference})
        connect(edit, &QPlainTextEdit::textChanged, this, [this] {
            updateCount();
            if (!m_loading)
                Q_EMIT edited();
        });
    updateCount();
}

verify::ChallengeExample ExampleForm::collect() const
{
    verify::ChallengeExample e;
    e.sourceLanguage = m_sourceLang->text().trimmed();
    e.sourceLanguageIso = m_sourceIso->text().trimmed();
    e.targetLanguage = m_targetLang->text().trimmed();
    e.targetLanguageIso = m_targetIso->text().trimmed();
    e.sourceText = m_source->toPlainText();
    e.instructions = m_instructions->text();
    e.contextNote = m_context->text();
    e.attribution = m_attribution->text();
    e.reference = m_reference->toPlainText();
    e.linguistics = splitTags(m_linguistics->text());
    e.tags = splitTags(m_tags->text());
    return e;
}

void ExampleForm::load(const verify::ChallengeExample &e)
{
    m_loading = true;
    m_sourceLang->setText(e.sourceLanguage);
    m_sourceIso->setText(e.sourceLanguageIso);
    m_targetLang->setText(e.targetLanguage);
    m_targetIso->setText(e.targetLanguageIso);
    m_source->setPlainText(e.sourceText);
    m_instructions->setText(e.instructions);
    m_context->setText(e.contextNote);
    m_attribution->setText(e.attribution);
    m_reference->setPlainText(e.reference);
    m_linguistics->setText(e.linguistics.join(QStringLiteral(", ")));
    m_tags->setText(e.tags.join(QStringLiteral(", ")));
    m_loading = false;
}

void ExampleForm::clear()
{
    load(verify::ChallengeExample());
}

void ExampleForm::setEditable(bool editable)
{
    for (QLineEdit *edit : {m_sourceLang, m_sourceIso, m_targetLang, m_targetIso, m_instructions, m_context, m_attribution,
                            m_linguistics, m_tags})
        edit->setReadOnly(!editable);
    m_source->setReadOnly(!editable);
    m_reference->setReadOnly(!editable);
}

QString ExampleForm::sourceText() const
{
    return m_source->toPlainText();
}

void ExampleForm::setSource(const QString &text, const QString &language)
{
    m_sourceLang->setText(language);
    m_source->setPlainText(text);
}

void ExampleForm::focusLanguage()
{
    (m_sourceLang->text().isEmpty() ? m_sourceLang : m_targetLang)->setFocus();
}

void ExampleForm::updateCount()
{
    const int length = verify::codePointCount(m_source->toPlainText());
    m_sourceCount->setText(tr("%1 / %2 characters").arg(length).arg(verify::MaxSourceTextLength));
    m_sourceCount->setStyleSheet(length > verify::MaxSourceTextLength ? QStringLiteral("color: #c62828; font-weight: bold") : QString());
}

}  // namespace gauntlet
