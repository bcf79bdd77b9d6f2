// Reference-free signals of how badly a real MT system handles a text (issue 21): the black-box MT
// term of the search (AtoConfig::mtTermSystem) and the round-trip signals of stored run
// translations. What a system can give:
//   - Apertium (a forward mode whose way back is installed, round_trip_judge.h): the words it marks
//     unknown in the forward translation and the round-trip chrF (sacrebleu chrF2, 0-100) of the
//     back-translation against the text;
//   - an OpenAI-compatible chat endpoint: the round-trip chrF through the same system (the text
//     translated into the target language, that translation translated back), two requests a text
//     plus retries, never past a request budget.
// A text that a system handles worse has more unknown words and comes back further from itself
// (lower chrF); see mtBadnessOrder for how the two are combined.
#pragma once

#include "engine/translate/mt_system.h"

#include <limits>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gauntlet::judge {

/// One text's signal; a part that was not measured is -1 / NaN.
struct MtSignal {
    int unknownWords = -1;  ///< Apertium: source words marked '*' (unknown) in the forward translation; -1: not measured (endpoints)
    double roundTripChrf = std::numeric_limits<double>::quiet_NaN();  ///< chrF2 of the back-translation against the text, 0-100
    std::string translation;      ///< the forward translation (Apertium's marks removed)
    std::string backTranslation;  ///< the translation back into the source language
    bool measured() const { return unknownWords >= 0 || roundTripChrf == roundTripChrf; }
};

/// Indices of `signals` from the text the system handles worst to the one it handles best: more
/// unknown words first (a word outside the system's dictionaries is its plainest failure), then
/// lower round-trip chrF; texts without a measurement last. Ties keep index order, so with the
/// candidates listed best-by-objective first the objective breaks ties. Deterministic.
std::vector<size_t> mtBadnessOrder(const std::vector<MtSignal> &signals);

/// What measuring cost, summed over calls.
struct MtSignalCost {
    int texts = 0;     ///< texts measured (cached ones not counted)
    int requests = 0;  ///< endpoint requests (retries included); 0 for Apertium
    double ms = 0;     ///< wall-clock time spent measuring
};

/// A system that measures signals, with a cache by text (a text is measured once per source).
/// Not thread-safe; one per run.
class MtSignalSource {
public:
    virtual ~MtSignalSource() = default;
    /// e.g. "apertium eng-spa" or "chat NAME".
    virtual std::string describe() const = 0;
    /// The signal of each text, in order; texts the budget no longer covers come back unmeasured.
    /// Throws JudgeError when the system fails (Apertium missing or failing, an endpoint error).
    std::vector<MtSignal> measure(const std::vector<std::string> &texts);
    const MtSignalCost &cost() const { return m_cost; }

protected:
    /// Measures texts not in the cache; adds requests to m_cost.requests.
    virtual std::vector<MtSignal> measureNew(const std::vector<std::string> &texts) = 0;
    MtSignalCost m_cost;

private:
    std::map<std::string, MtSignal> m_cache;
};

/// Apertium `forwardMode` ("eng-spa") and its way back (RoundTripPair::of). Throws JudgeError
/// naming the package when either mode is not installed.
std::unique_ptr<MtSignalSource> apertiumSignalSource(const std::string &forwardMode, int timeoutMs = 120000);

/// A chat system's round trip: `sourceLanguage` -> `targetLanguage` -> `sourceLanguage`, at most
/// `budget` requests in all (a call's retries are capped so it cannot pass the budget). Throws
/// JudgeError for a system that is not a chat system or an empty target language.
std::unique_ptr<MtSignalSource> chatSignalSource(const translate::MtSystemConfig &system, const QString &sourceLanguage,
                                                 const QString &targetLanguage, int budget);

/// The source for a project MT system: Apertium (its pair) or chat (as above). Throws JudgeError
/// for a manual system or one whose way back is missing.
std::unique_ptr<MtSignalSource> mtSignalSource(const translate::MtSystemConfig &system, const QString &sourceLanguage,
                                               const QString &targetLanguage, int budget);

/// One chat translation, blocking (needs a QCoreApplication): `text` from `from` into `to` with
/// `system`'s prompt, retries capped at `maxRequests` - 1. Returns false with `error` on failure;
/// `requests` receives the requests made (>= 1).
bool chatTranslate(const translate::MtSystemConfig &system, const QString &from, const QString &to, const QString &text, int maxRequests,
                   QString *translation, QString *error, int *requests);

}  // namespace gauntlet::judge
