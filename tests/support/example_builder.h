// Challenge examples, verification rules and LLM verifiers for the store, verify and workspace
// tests in one line each; what a test needs beyond that it sets on the result.
#pragma once

#include "engine/verify/example_store.h"
#include "engine/verify/verification_rule.h"
#include "engine/verify/verifier.h"

#include <QString>
#include <QStringList>

namespace gauntlet::testing {

/// An example of `sourceText` from `sourceLanguage` into `targetLanguage`, with `reference`.
inline verify::ChallengeExample makeExample(const QString &sourceLanguage, const QString &targetLanguage, const QString &sourceText,
                                    const QString &reference = {})
{
    verify::ChallengeExample e;
    e.sourceLanguage = sourceLanguage;
    e.targetLanguage = targetLanguage;
    e.sourceText = sourceText;
    e.reference = reference;
    return e;
}

/// A rule of `kind` (an LLM criterion by default) with `text`.
inline verify::VerificationRule makeRule(const QString &text, verify::VerificationRule::Kind kind = verify::VerificationRule::Kind::Llm)
{
    verify::VerificationRule rule;
    rule.kind = kind;
    rule.text = text;
    return rule;
}

/// A verifier `name` asking `model` at `baseUrl` (the default prompt).
inline verify::VerifierConfig makeVerifier(const QString &name, const QString &baseUrl, const QString &model)
{
    verify::VerifierConfig v;
    v.name = name;
    v.endpoint.baseUrl = baseUrl;
    v.endpoint.model = model;
    return v;
}

/// Saves one verifier per name in `names`, each asking the model of its own name at `baseUrl`.
inline void saveVerifiers(verify::ExampleStore &store, const QString &baseUrl, const QStringList &names)
{
    for (const QString &name : names)
        store.saveVerifier(makeVerifier(name, baseUrl, name));
}

}  // namespace gauntlet::testing
