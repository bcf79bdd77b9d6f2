// LLM verifiers: an OpenAI-compatible endpoint asked LTB's verifier prompt for one (rule,
// translation) pair; the reply is read with parseVerifierReply() and kept raw.
#pragma once

#include "engine/translate/chat_client.h"

#include <QJsonObject>
#include <QString>

namespace gauntlet::verify {

struct VerificationRule;

struct VerifierConfig {
    QString name;             ///< unique in the project, 1 to 100 characters
    translate::ChatEndpoint endpoint;
    QString promptTemplate;   ///< empty means defaultVerifierPrompt(); needs {rule} and {translation}

    /// Throws VerifyError naming the verifier and the bad field.
    void validate() const;
    QString effectivePrompt() const;
    /// The endpoint's fields plus "prompt".
    QJsonObject settingsJson() const;
    /// Throws VerifyError naming `name` on a wrongly typed field.
    static VerifierConfig fromSettingsJson(const QString &name, const QJsonObject &settings);
};

/// The prompt `verifier` sends for `rule` (an Llm rule) on `translation` of `source`.
QString buildVerifierPrompt(const VerifierConfig &verifier, const QString &rule, const QString &source,
                            const QString &translation);

}  // namespace gauntlet::verify
