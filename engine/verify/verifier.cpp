#include "engine/verify/verifier.h"

#include "engine/translate/prompt_template.h"
#include "engine/translate/translate_error.h"
#include "engine/verify/verify_error.h"

namespace gauntlet::verify {

void VerifierConfig::validate() const
{
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty())
        throw VerifyError(QStringLiteral("a verifier needs a name"));
    if (trimmed.size() > 100)
        throw VerifyError(QStringLiteral("verifier name '%1...' is longer than 100 characters").arg(trimmed.left(20)));
    try {
        endpoint.validate();
    } catch (const translate::TranslateError &e) {
        throw VerifyError(QStringLiteral("verifier '%1': %2").arg(name, QString::fromStdString(e.what())));
    }
    if (!promptTemplate.isEmpty()) {
        const QStringList missing = translate::missingPlaceholders(promptTemplate, {QStringLiteral("rule"), QStringLiteral("translation")});
        if (!missing.isEmpty())
            throw VerifyError(QStringLiteral("verifier '%1': the prompt lacks {%2}").arg(name, missing.join(QStringLiteral("}, {"))));
    }
}

QString VerifierConfig::effectivePrompt() const
{
    return promptTemplate.isEmpty() ? translate::defaultVerifierPrompt() : promptTemplate;
}

QJsonObject VerifierConfig::settingsJson() const
{
    QJsonObject json = endpoint.toJson();
    json.insert(QStringLiteral("prompt"), promptTemplate);
    return json;
}

VerifierConfig VerifierConfig::fromSettingsJson(const QString &name, const QJsonObject &settings)
{
    VerifierConfig config;
    config.name = name;
    try {
        config.endpoint = translate::ChatEndpoint::fromJson(settings);
    } catch (const translate::TranslateError &e) {
        throw VerifyError(QStringLiteral("verifier '%1': %2").arg(name, QString::fromStdString(e.what())));
    }
    const QJsonValue prompt = settings.value(QLatin1String("prompt"));
    if (!prompt.isUndefined() && !prompt.isString())
        throw VerifyError(QStringLiteral("verifier '%1': prompt: expected a string").arg(name));
    config.promptTemplate = prompt.toString();
    return config;
}

QString buildVerifierPrompt(const VerifierConfig &verifier, const QString &rule, const QString &source,
                            const QString &translation)
{
    return translate::fillPromptTemplate(verifier.effectivePrompt(), {{QStringLiteral("rule"), rule},
                                                           {QStringLiteral("source"), source},
                                                           {QStringLiteral("translation"), translation}});
}

}  // namespace gauntlet::verify
