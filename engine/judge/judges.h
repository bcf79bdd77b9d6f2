// The independent judges of an augmented text, together (issue 16): grammaticality (link-grammar),
// spelling (Hunspell) and a real MT round trip (Apertium). None of them is a term of ATO's
// objective, so the search cannot learn to fool them; every result Gauntlet shows carries them.
// Each judge is optional at run time: one whose package or dictionary is missing is left out with
// a message (unavailable()), the others still run.
#pragma once

#include "engine/judge/grammar_judge.h"
#include "engine/judge/round_trip_judge.h"
#include "engine/judge/spelling_judge.h"
#include "engine/judge/trigram_model.h"

#include <nlohmann/json_fwd.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gauntlet::judge {

/// CMU's trigram model's view of one text (issue 31).
struct TrigramVerdict {
    double log10Prob = 0;                   ///< TrigramModel::textLogProb: log10 P(text), <s> to </s>
    int words = 0;                          ///< words scored (TrigramModel::words)
    std::vector<std::string> unknownWords;  ///< words outside the model's vocabulary
    /// log10 P per scored word and </s>: comparable across lengths (news seeds: about -2.3).
    double perWord() const { return log10Prob / double(words + 1); }
};

/// Every judge's verdict on one text; a judge that did not run is absent.
struct JudgeReport {
    std::optional<TrigramVerdict> trigram;
    std::optional<GrammarVerdict> grammar;
    std::optional<std::vector<std::string>> misspelled;  ///< words Hunspell rejects
    /// One per round-trip pair, in JudgeOptions::pairs order: {forward mode, verdict}.
    std::vector<std::pair<std::string, RoundTripVerdict>> mt;
    /// Judges whose knowledge the search was filtered by ("grammar", "spelling", "trigram"): their
    /// verdicts on its output only echo the filter and are shown as guards held, after the others
    /// (issue 31). Set by the run that produced the text; empty for a seed or a text judged alone.
    std::vector<std::string> guards;
};

struct JudgeOptions {
    bool grammar = true;
    bool spelling = true;
    bool mt = true;
    bool trigram = true;  ///< CMU's trigram model (TrigramModel::english)
    /// Apertium forward modes for the round trip; empty = installedRoundTripPairs(), of which
    /// eng-spa alone when installed (the others take as long again each).
    std::vector<std::string> pairs;
};

class Judges {
public:
    /// Loads the judges `options` asks for; never throws for a missing package: that judge is
    /// left out and unavailable() says why.
    explicit Judges(const JudgeOptions &options = {});

    /// One report per text, in order. A round trip that fails (Apertium error, timeout) is left
    /// out of every report and added to unavailable().
    std::vector<JudgeReport> judge(const std::vector<std::string> &texts);

    /// One line per judge that is missing or failed, naming the package to install.
    const std::vector<std::string> &unavailable() const { return m_unavailable; }
    /// The Apertium pairs the round trip runs ("eng-spa").
    const std::vector<std::string> &pairs() const { return m_pairs; }

private:
    std::shared_ptr<const GrammarJudge> m_grammar;
    std::shared_ptr<const SpellingJudge> m_spelling;
    std::shared_ptr<const TrigramModel> m_trigram;
    std::vector<std::string> m_pairs;
    std::vector<std::string> m_unavailable;
};

/// The trigram verdict of `text` under `model`.
TrigramVerdict trigramVerdict(const TrigramModel &model, const std::string &text);

/// {"trigram": {"log10_prob", "words", "per_word", "unknown_words"}, "guards": [...],
///  "grammar": {"complete", "null_links", "timed_out", "disjunct_cost"}, "misspelled": [...],
///  "mt": {"eng-spa": {"translation", "back_translation", "unknown_words": [...], "round_trip_chrf"}}};
/// judges that did not run are left out.
nlohmann::json toJson(const JudgeReport &report);
/// The inverse of toJson; missing parts stay absent. Throws nlohmann::json::exception on wrong types.
JudgeReport judgeReportFromJson(const nlohmann::json &json);

}  // namespace gauntlet::judge
