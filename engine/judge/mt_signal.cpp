#include "engine/judge/mt_signal.h"

#include "engine/judge/judge_error.h"
#include "engine/judge/round_trip_judge.h"
#include "engine/metrics/chrf.h"
#include "engine/translate/apertium.h"
#include "engine/translate/chat_client.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>

namespace gauntlet::judge {

std::vector<size_t> mtBadnessOrder(const std::vector<MtSignal> &signals)
{
    std::vector<size_t> order(signals.size());
    std::iota(order.begin(), order.end(), size_t(0));
    const auto worse = [&](size_t a, size_t b) {
        const MtSignal &x = signals[a], &y = signals[b];
        if (x.measured() != y.measured())
            return x.measured();
        if (x.unknownWords != y.unknownWords)
            return x.unknownWords > y.unknownWords;
        const bool xc = !std::isnan(x.roundTripChrf), yc = !std::isnan(y.roundTripChrf);
        if (xc != yc)
            return xc;
        return xc && x.roundTripChrf < y.roundTripChrf;
    };
    std::stable_sort(order.begin(), order.end(), worse);
    return order;
}

std::vector<MtSignal> MtSignalSource::measure(const std::vector<std::string> &texts)
{
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::string> fresh;
    for (const std::string &t : texts) {
        if (!m_cache.count(t) && std::find(fresh.begin(), fresh.end(), t) == fresh.end())
            fresh.push_back(t);
    }
    if (!fresh.empty()) {
        const std::vector<MtSignal> measured = measureNew(fresh);
        for (size_t i = 0; i < fresh.size(); ++i) {
            // An unmeasured text (budget spent) is not cached: it stays unmeasured anyway.
            if (measured[i].measured())
                m_cache[fresh[i]] = measured[i];
        }
        m_cost.texts += int(fresh.size());
    }
    std::vector<MtSignal> out;
    out.reserve(texts.size());
    for (const std::string &t : texts) {
        const auto it = m_cache.find(t);
        out.push_back(it != m_cache.end() ? it->second : MtSignal{});
    }
    m_cost.ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return out;
}

namespace {

class ApertiumSource : public MtSignalSource {
public:
    ApertiumSource(const std::string &mode, int timeoutMs) : m_pair(RoundTripPair::of(mode)), m_timeoutMs(timeoutMs)
    {
        const QStringList installed = translate::installedApertiumPairs();
        for (const std::string &m : {m_pair.forward, m_pair.back}) {
            if (!installed.contains(QString::fromStdString(m)))
                throw JudgeError("the Apertium mode " + m + " is not installed (install apertium and the apertium-" + m
                                 + " language pair package); the MT signal of " + mode + " needs both ways");
        }
    }
    std::string describe() const override { return "apertium " + m_pair.forward; }

protected:
    std::vector<MtSignal> measureNew(const std::vector<std::string> &texts) override
    {
        const std::vector<RoundTripVerdict> verdicts = roundTrip(texts, m_pair, m_timeoutMs);
        std::vector<MtSignal> out(texts.size());
        for (size_t i = 0; i < texts.size(); ++i) {
            out[i].unknownWords = int(verdicts[i].unknownWords.size());
            out[i].roundTripChrf = verdicts[i].roundTripChrf;
            out[i].translation = verdicts[i].translation;
            out[i].backTranslation = verdicts[i].backTranslation;
        }
        return out;
    }

private:
    RoundTripPair m_pair;
    int m_timeoutMs;
};

class ChatSource : public MtSignalSource {
public:
    ChatSource(translate::MtSystemConfig system, QString from, QString to, int budget)
        : m_system(std::move(system)), m_from(std::move(from)), m_to(std::move(to)), m_budget(budget)
    {
        if (m_system.kind != translate::MtSystemConfig::Kind::Chat)
            throw JudgeError("MT system '" + m_system.name.toStdString() + "' is not a chat system");
        if (m_to.trimmed().isEmpty())
            throw JudgeError("the round trip through chat system '" + m_system.name.toStdString() + "' needs a target language");
    }
    std::string describe() const override { return "chat " + m_system.name.toStdString(); }

protected:
    std::vector<MtSignal> measureNew(const std::vector<std::string> &texts) override
    {
        std::vector<MtSignal> out(texts.size());
        const metrics::Chrf chrf;
        for (size_t i = 0; i < texts.size(); ++i) {
            // A round trip needs two requests; with fewer left the text stays unmeasured.
            if (m_budget - m_cost.requests < 2)
                break;
            QString forward, back, error;
            int requests = 0;
            const bool ok = chatTranslate(m_system, m_from, m_to, QString::fromStdString(texts[i]), m_budget - m_cost.requests - 1,
                                          &forward, &error, &requests);
            m_cost.requests += requests;
            if (!ok)
                throw JudgeError("the MT signal of chat system '" + m_system.name.toStdString() + "' failed: " + error.toStdString());
            if (m_budget - m_cost.requests < 1)
                break;
            const bool backOk =
                chatTranslate(m_system, m_to, m_from, forward, m_budget - m_cost.requests, &back, &error, &requests);
            m_cost.requests += requests;
            if (!backOk)
                throw JudgeError("the MT signal of chat system '" + m_system.name.toStdString() + "' failed on the way back: "
                                 + error.toStdString());
            out[i].translation = forward.toStdString();
            out[i].backTranslation = back.toStdString();
            out[i].roundTripChrf = chrf.sentenceScore(out[i].backTranslation, {texts[i]});
        }
        return out;
    }

private:
    translate::MtSystemConfig m_system;
    QString m_from, m_to;
    int m_budget;
};

}  // namespace

bool chatTranslate(const translate::MtSystemConfig &system, const QString &from, const QString &to, const QString &text, int maxRequests,
                   QString *translation, QString *error, int *requests)
{
    translate::TranslationRequest request;
    request.sourceLanguage = from;
    request.targetLanguage = to;
    request.sourceText = text;
    translate::ChatEndpoint endpoint = system.endpoint;
    endpoint.maxRetries = std::max(0, std::min(endpoint.maxRetries, maxRequests - 1));
    const translate::ChatReply reply = translate::callChatCompletionBlocking(endpoint, translate::buildTranslationPrompt(system, request));
    *requests = std::max(1, reply.attempts);
    *translation = reply.content.trimmed();
    const bool ok = reply.ok && !translation->isEmpty();
    if (!ok)
        *error = reply.ok ? QStringLiteral("%1: empty reply").arg(system.name) : reply.error;
    return ok;
}

std::unique_ptr<MtSignalSource> apertiumSignalSource(const std::string &forwardMode, int timeoutMs)
{
    return std::make_unique<ApertiumSource>(forwardMode, timeoutMs);
}

std::unique_ptr<MtSignalSource> chatSignalSource(const translate::MtSystemConfig &system, const QString &sourceLanguage,
                                                 const QString &targetLanguage, int budget)
{
    return std::make_unique<ChatSource>(system, sourceLanguage, targetLanguage, budget);
}

std::unique_ptr<MtSignalSource> mtSignalSource(const translate::MtSystemConfig &system, const QString &sourceLanguage,
                                               const QString &targetLanguage, int budget)
{
    switch (system.kind) {
    case translate::MtSystemConfig::Kind::Apertium:
        return apertiumSignalSource(system.apertiumPair.toStdString(), system.apertiumTimeoutMs);
    case translate::MtSystemConfig::Kind::Chat:
        return chatSignalSource(system, sourceLanguage, targetLanguage, budget);
    case translate::MtSystemConfig::Kind::Manual:
        break;
    }
    throw JudgeError("MT system '" + system.name.toStdString() + "' is manual: it has no output to measure");
}

}  // namespace gauntlet::judge
