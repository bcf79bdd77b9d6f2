// MT systems of a project (LTB, papers.md: up to ten MT outputs per example): Apertium pairs,
// OpenAI-compatible chat-completions endpoints with the translation prompt, and manual systems
// whose output the contributor pastes.
#pragma once

#include "engine/translate/chat_client.h"

#include <QJsonObject>
#include <QString>

namespace gauntlet::translate {

/// At most this many MT systems per example (LTB).
constexpr int MaxMtSystemsPerExample = 10;

struct MtSystemConfig {
    enum class Kind { Apertium, Chat, Manual };

    QString name;                 ///< unique in the project, 1 to 100 characters; shown as the row's model
    Kind kind = Kind::Manual;
    QString apertiumPair;         ///< Apertium: the mode, e.g. "eng-spa"
    int apertiumTimeoutMs = 60000;///< Apertium: 100 ms to 1 h
    ChatEndpoint endpoint;        ///< Chat: where to send the prompt
    QString promptTemplate;       ///< Chat: the translation prompt; empty means defaultTranslationPrompt()

    /// Throws TranslateError naming the system and the bad field. A chat prompt must contain
    /// {source_text}.
    void validate() const;
    /// The settings without the name and kind (those are columns of their own in the store).
    QJsonObject settingsJson() const;
    /// Throws TranslateError naming `name` when `settings` has a wrongly typed field.
    static MtSystemConfig fromSettingsJson(const QString &name, Kind kind, const QJsonObject &settings);
    QString effectivePrompt() const;
};

QString mtSystemKindName(MtSystemConfig::Kind kind);  ///< "apertium", "chat", "manual"
/// Throws TranslateError for anything but the three names above.
MtSystemConfig::Kind parseMtSystemKind(const QString &name);

/// What one translation call gets: the example's languages, text and optional guidance.
struct TranslationRequest {
    QString sourceLanguage;   ///< free name, e.g. "Serbian (Cyrillic)"
    QString targetLanguage;
    QString sourceText;
    QString instructions;     ///< optional translation instructions
    QString context;          ///< optional context note (LTB's media context, as text)
};

/// The prompt a chat MT system sends for `request`.
QString buildTranslationPrompt(const MtSystemConfig &system, const TranslationRequest &request);

struct TranslationResult {
    enum class Status { Pending, Ok, Failed, Cancelled, Manual };
    QString system;
    Status status = Status::Pending;
    QString text;         ///< the translation when Ok
    QString error;        ///< one line when Failed or Cancelled, naming the system
    int attempts = 0;
    qint64 elapsedMs = 0;
};

}  // namespace gauntlet::translate
