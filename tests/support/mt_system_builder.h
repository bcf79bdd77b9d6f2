// MT systems for the tests that store or run them: an Apertium pair, or an OpenAI-compatible chat
// endpoint; what a test needs beyond that it sets on the result.
#pragma once

#include "engine/translate/mt_system.h"

#include <QString>

namespace gauntlet::testing {

/// The system `name` that runs the installed Apertium pair `pair`.
inline translate::MtSystemConfig apertiumSystem(const QString &name, const QString &pair)
{
    translate::MtSystemConfig s;
    s.name = name;
    s.kind = translate::MtSystemConfig::Kind::Apertium;
    s.apertiumPair = pair;
    return s;
}

/// The system `name` that asks `model` at the chat-completions endpoint `baseUrl`.
inline translate::MtSystemConfig chatSystem(const QString &name, const QString &baseUrl, const QString &model)
{
    translate::MtSystemConfig s;
    s.name = name;
    s.kind = translate::MtSystemConfig::Kind::Chat;
    s.endpoint.baseUrl = baseUrl;
    s.endpoint.model = model;
    return s;
}

}  // namespace gauntlet::testing
