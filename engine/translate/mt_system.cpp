#include "engine/translate/mt_system.h"

#include "engine/core/enum_names.h"
#include "engine/translate/prompt_template.h"
#include "engine/translate/translate_error.h"

#include <QRegularExpression>

namespace gauntlet::translate {

namespace {

using Kind = MtSystemConfig::Kind;

const core::EnumName<Kind> KindNames[] = {{Kind::Apertium, "apertium"}, {Kind::Chat, "chat"}, {Kind::Manual, "manual"}};

}  // namespace

QString mtSystemKindName(MtSystemConfig::Kind kind)
{
    return QString::fromLatin1(core::enumNameOrLast(KindNames, kind));
}

MtSystemConfig::Kind parseMtSystemKind(const QString &name)
{
    return core::enumFromNameOrThrow(KindNames, name, [&] {
        return TranslateError(QStringLiteral("unknown MT system kind '%1' (apertium, chat or manual)").arg(name));
    });
}

void MtSystemConfig::validate() const
{
    const QString trimmed = name.trimmed();
    if (trimmed.isEmpty())
        throw TranslateError(QStringLiteral("an MT system needs a name"));
    if (trimmed.size() > 100)
        throw TranslateError(QStringLiteral("MT system name '%1...' is longer than 100 characters").arg(trimmed.left(20)));
    const QString prefix = QStringLiteral("MT system '%1': ").arg(name);
    switch (kind) {
    case Kind::Apertium: {
        static const QRegularExpression pairPattern(QStringLiteral("^[A-Za-z0-9_]+-[A-Za-z0-9_-]+$"));
        if (!pairPattern.match(apertiumPair).hasMatch())
            throw TranslateError(prefix + QStringLiteral("Apertium pair '%1' is not of the form src-tgt (e.g. eng-spa)").arg(apertiumPair));
        if (apertiumTimeoutMs < 100 || apertiumTimeoutMs > 3600 * 1000)
            throw TranslateError(prefix + QStringLiteral("timeout %1 ms is outside 100 ms to 1 h").arg(apertiumTimeoutMs));
        break;
    }
    case Kind::Chat:
        try {
            endpoint.validate();
        } catch (const TranslateError &e) {
            throw TranslateError(prefix + QString::fromStdString(e.what()));
        }
        if (!promptTemplate.isEmpty() && !missingPlaceholders(promptTemplate, {QStringLiteral("source_text")}).isEmpty())
            throw TranslateError(prefix + QStringLiteral("the translation prompt lacks the {source_text} placeholder"));
        break;
    case Kind::Manual:
        break;
    }
}

QJsonObject MtSystemConfig::settingsJson() const
{
    switch (kind) {
    case Kind::Apertium:
        return QJsonObject{{QStringLiteral("pair"), apertiumPair}, {QStringLiteral("timeout_ms"), apertiumTimeoutMs}};
    case Kind::Chat: {
        QJsonObject json = endpoint.toJson();
        json.insert(QStringLiteral("prompt"), promptTemplate);
        return json;
    }
    case Kind::Manual:
        break;
    }
    return {};
}

MtSystemConfig MtSystemConfig::fromSettingsJson(const QString &name, Kind kind, const QJsonObject &settings)
{
    MtSystemConfig config;
    config.name = name;
    config.kind = kind;
    try {
        switch (kind) {
        case Kind::Apertium:
            config.apertiumPair = settings.value(QLatin1String("pair")).toString();
            config.apertiumTimeoutMs = settings.value(QLatin1String("timeout_ms")).toInt(config.apertiumTimeoutMs);
            break;
        case Kind::Chat:
            config.endpoint = ChatEndpoint::fromJson(settings);
            if (settings.contains(QLatin1String("prompt")) && !settings.value(QLatin1String("prompt")).isString())
                throw TranslateError(QStringLiteral("prompt: expected a string"));
            config.promptTemplate = settings.value(QLatin1String("prompt")).toString();
            break;
        case Kind::Manual:
            break;
        }
    } catch (const TranslateError &e) {
        throw TranslateError(QStringLiteral("MT system '%1': %2").arg(name, QString::fromStdString(e.what())));
    }
    return config;
}

QString MtSystemConfig::effectivePrompt() const
{
    return promptTemplate.isEmpty() ? defaultTranslationPrompt() : promptTemplate;
}

QString buildTranslationPrompt(const MtSystemConfig &system, const TranslationRequest &request)
{
    return fillPromptTemplate(system.effectivePrompt(), {
                                                            {QStringLiteral("source_lang"), request.sourceLanguage},
                                                            {QStringLiteral("target_lang"), request.targetLanguage},
                                                            {QStringLiteral("source_text"), request.sourceText},
                                                            {QStringLiteral("instructions"), request.instructions},
                                                            // A data URL (LTB's image or audio source media) is not text to translate with.
                                                            {QStringLiteral("context"), request.context.startsWith(QLatin1String("data:")) ? QString() : request.context},
                                                        });
}

}  // namespace gauntlet::translate
