#include "engine/translate/prompt_template.h"

#include <QRegularExpression>

namespace gauntlet::translate {

QString defaultTranslationPrompt()
{
    // LTB's text prompt (server/services.py, translate_openrouter, in the LTB repository), with
    // the context note as one more optional line.
    return QStringLiteral(
        "Translate the following text from {source_lang} to {target_lang}. Output only the translation and nothing else:\n"
        "{source_text}\n"
        "Additional instructions for this translation are: \"{instructions}\"\n"
        "Use this context for the translation: {context}");
}

QString defaultVerifierPrompt()
{
    return QStringLiteral(
        "Your goal is to verify whether a translation fulfills a criterion.\n"
        "\n"
        "Criterion: {rule}\n"
        "\n"
        "Input: {source}\n"
        "\n"
        "Translation to verify: {translation}\n"
        "\n"
        "Output only pass or fail and nothing else.");
}

namespace {

const QRegularExpression &placeholderPattern()
{
    static const QRegularExpression pattern(QStringLiteral("\\{([A-Za-z_][A-Za-z0-9_]*)\\}"));
    return pattern;
}

}  // namespace

QString fillPromptTemplate(const QString &templ, const QHash<QString, QString> &values)
{
    QStringList kept;
    const QStringList lines = templ.split(u'\n');
    for (const QString &line : lines) {
        QString filled;
        int last = 0;
        bool anyPlaceholder = false;
        bool anyNonEmpty = false;
        auto it = placeholderPattern().globalMatch(line);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            const auto value = values.constFind(m.captured(1));
            if (value == values.constEnd())
                continue;
            anyPlaceholder = true;
            if (!value->trimmed().isEmpty())
                anyNonEmpty = true;
            filled += QStringView(line).mid(last, m.capturedStart() - last);
            filled += *value;
            last = m.capturedEnd();
        }
        filled += QStringView(line).mid(last);
        if (anyPlaceholder && !anyNonEmpty)
            continue;
        if (filled.trimmed().isEmpty() && !kept.isEmpty() && kept.constLast().trimmed().isEmpty())
            continue;
        kept << filled;
    }
    while (!kept.isEmpty() && kept.constLast().trimmed().isEmpty())
        kept.removeLast();
    return kept.join(u'\n');
}

QStringList missingPlaceholders(const QString &templ, const QStringList &required)
{
    QStringList missing;
    for (const QString &name : required)
        if (!templ.contains(u'{' + name + u'}'))
            missing << name;
    return missing;
}

}  // namespace gauntlet::translate
