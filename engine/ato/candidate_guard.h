// The guards of one seed's search (issue 16): knowledge the search cannot fool, checked on a
// candidate's text. The vocabulary guard is cheap (a set lookup per word) and filters the pool; the
// grammar guard runs link-grammar and is checked at selection only, walking candidates in order of
// the objective until the beam is full (about B to 2B parses per step, not B x N).
#pragma once

#include "engine/judge/grammar_judge.h"
#include "engine/judge/trigram_model.h"
#include "engine/judge/vocabulary_guard.h"

#include <limits>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace gauntlet::ato {

class CandidateGuard {
public:
    /// `vocabulary` and `grammar` may be null (that guard is off). The seed is parsed once here:
    /// a candidate may have at most the seed's null links (none when the seed parses completely),
    /// and its best linkage may cost at most `costSlack` more than the seed's (link-grammar's
    /// disjunct cost: costly readings such as "my" as an interjection or a guessed unknown word
    /// let word salad parse "completely"). With `keepPartOfSpeech`, when the candidate's best
    /// linkage has as many words as the seed's, every word it changed has the seed word's part of
    /// speech there (judge::partOfSpeech of the linkage words: a verb stays a verb; "fell.v-d" may
    /// become "rose.v-d", not "dear.a"), and no changed word is one link-grammar had to guess.
    /// A seed that link-grammar cannot parse within its time limit turns the grammar guard off for
    /// this seed (grammarActive() false).
    /// `parseThreads` (>= 1) bounds the parses prefetchGrammar runs at once.
    CandidateGuard(std::string seedText, std::shared_ptr<const judge::VocabularyGuard> vocabulary,
                   std::shared_ptr<const judge::GrammarJudge> grammar, double costSlack = 1.0, bool keepPartOfSpeech = true,
                   int parseThreads = 1);

    /// Turns on the trigram sentence test (issue 31): a candidate's log10 probability under `trigram`
    /// (judge::TrigramModel::textLogProb) may be at most `maxDrop` below the seed's. Null: off.
    void setContext(std::shared_ptr<const judge::TrigramModel> trigram, double maxDrop);
    /// The trigram sentence test (true when it is off).
    bool contextPasses(const std::string &text) const { return contextRefusal(text).empty(); }
    /// Why the trigram sentence test refuses `text` ("log10 P -31.20 is 2.40 below the seed's
    /// -28.80; at most 2.00"), empty when it passes or is off (issue 34 item 6).
    std::string contextRefusal(const std::string &text) const;
    bool contextActive() const { return m_trigram != nullptr; }
    /// The seed's log10 probability under the trigram model (NaN when the test is off).
    double seedLogProb() const { return m_seedLogProb; }

    /// Every word `text` adds to the seed is allowed (true when the vocabulary guard is off).
    bool vocabularyPasses(const std::string &text) const { return vocabularyRefusal(text).empty(); }
    /// Why the vocabulary guard refuses `text` ("not in the vocabulary: thee, ye"; "changes the
    /// case of the first letter"), empty when it passes or is off.
    std::string vocabularyRefusal(const std::string &text) const;
    /// link-grammar parses `text` with at most the seed's null links (true when the guard is off).
    /// Memoised per text for the run. With `parseIfUnknown` false a text not parsed before is
    /// refused without parsing.
    bool grammarPasses(const std::string &text, bool parseIfUnknown = true) const { return grammarRefusal(text, parseIfUnknown).empty(); }
    /// Why the grammar guard refuses `text` (memoised with the verdict): "no complete linkage within
    /// disjunct cost 2.15", "disjunct cost 3.10 above 2.15", "part of speech: 'dear' is an adjective
    /// where the seed's 'fell' is a verb", "'teh' is a word link-grammar guessed", "the parse timed
    /// out"; empty when it passes or the guard is off. With `parseIfUnknown` false a text not parsed
    /// before is refused ("not parsed") without parsing.
    std::string grammarRefusal(const std::string &text, bool parseIfUnknown = true) const;
    /// Whether grammarPasses(text) is memoised (or the grammar guard is off): it would not parse.
    bool grammarKnown(const std::string &text) const { return !m_grammar || m_grammarCache.count(text) > 0; }
    /// Parses those of `texts` not memoised yet, up to parseThreads at once, and memoises the
    /// verdicts grammarPasses would give (link-grammar shares one dictionary between threads; each
    /// parse has its own sentence and options). Selection calls it for the next candidates in order
    /// of the objective, so the cores parse side by side instead of one at a time.
    void prefetchGrammar(const std::vector<std::string> &texts) const;
    int parseThreads() const { return m_parseThreads; }
    /// Both.
    bool accepts(const std::string &text) const { return vocabularyPasses(text) && contextPasses(text) && grammarPasses(text); }

    bool vocabularyActive() const { return m_vocabulary != nullptr; }
    bool grammarActive() const { return m_grammar != nullptr; }
    int seedNullLinks() const { return m_seedNullLinks; }
    /// The highest disjunct cost a candidate's best linkage may have.
    double maxDisjunctCost() const { return m_maxDisjunctCost; }
    /// Texts parsed so far (cache misses).
    int parses() const { return m_parses; }

private:
    std::string m_seedText;
    std::shared_ptr<const judge::VocabularyGuard> m_vocabulary;
    std::shared_ptr<const judge::GrammarJudge> m_grammar;
    int m_seedNullLinks = -1;
    double m_maxDisjunctCost = 0;
    bool m_keepPartOfSpeech = true;
    std::vector<std::string> m_seedWords;  ///< the seed's best linkage
    int m_parseThreads = 1;
    std::shared_ptr<const judge::TrigramModel> m_trigram;
    double m_seedLogProb = std::numeric_limits<double>::quiet_NaN();
    double m_maxContextDrop = 0;
    /// The grammar guard's refusal of `text`, empty when it passes (a parse; no memo).
    std::string judgeGrammar(const std::string &text) const;
    mutable std::unordered_map<std::string, std::string> m_grammarCache;  ///< text -> refusal (empty: passes)
    mutable int m_parses = 0;
};

}  // namespace gauntlet::ato
