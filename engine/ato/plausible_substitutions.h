// What the search may propose at each position (issue 31): "propose only what real knowledge of
// English allows", so the gradient ranks plausible words instead of guards throwing most samples
// away. For one phase of one run (the phase's seed ids under its tokenizer):
//
//   1. Relatives: each word of the seed may become only a word that WordNet relates to it in the
//      part of speech link-grammar's parse of the seed gives it, and the same inflection
//      (judge::SubstituteLexicon: synonyms, co-hyponyms, hypernyms, hyponyms, similar and antonym
//      adjectives; verbs only their antonyms), of the one sense the sentence fits best when word
//      vectors are given (SubstituteLexicon::senses, a simplified Lesk), drawn from the pool of
//      words the vocabulary guard allows. Function words (SubstituteLexicon::isStopword), names (a capital
//      letter inside the sentence), numbers and words WordNet does not know are never changed.
//      Each relative is written into the seed text (the sentence-initial capital kept), encoded
//      with the phase's tokenizer, and kept when it has the seed's length in tokens: its tokens are
//      reached from the seed's one substitution at a time (BAE, Garg and Ramakrishnan 2020, and
//      TextAttack's WordSwap constraints do the same with a masked LM or embeddings).
//   2. Meaning (with word vectors; TextAttack's WordEmbeddingDistance): a relative is kept when its
//      vector's cosine with the seed word's is at least `minWordSimilarity`, and its cosine with
//      the centroid of the seed's other content words falls at most `maxContextLoss` below the seed
//      word's ("crash" -> "report" in a sentence about a truck accident is dropped). After "a" or
//      "an", only relatives that take the same article (CMU's pronouncing dictionary) are kept. A
//      word the seed already has elsewhere is never a substitute ("the match of the match").
//   3. Context: a relative is proposed for a member only where CMU's trigram model
//      (judge::TrigramModel) gives its window (the log-probabilities of the word and the two after
//      it, in the member's current words) at most `maxWindowDrop` (log10) below the phase seed's
//      window at that word.
//
// The same restrictions hold for the random baselines (they draw uniformly from allowedAt), so
// comparisons at equal edits stay fair. Not thread-safe (memoised per member).
#pragma once

#include "engine/ato/values.h"
#include "engine/judge/grammar_judge.h"
#include "engine/judge/pronunciations.h"
#include "engine/judge/substitute_lexicon.h"
#include "engine/judge/trigram_model.h"
#include "engine/judge/word_vectors.h"
#include "engine/text/tokenizer.h"

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gauntlet::ato {

class PlausibleSubstitutions {
public:
    struct Settings {
        bool relatives = true;        ///< restrict to WordNet relatives (off: any pool word; the context test still applies)
        bool context = true;          ///< the trigram window test
        double maxWindowDrop = 1.0;   ///< log10: a factor of 10 in the window's probability
        /// With the context test, where no function word stands two words back: how much more a
        /// relative's trigram probability may rise than the seed word's when "the" stands there
        /// (log10; "next week" may not become "next day", which asks for "the next day"). 0: off.
        double maxDeterminerShift = 0.5;
        /// At most this share of the phase seed's words may differ from it (at least one word; 0:
        /// no limit); a member at the limit may change only its changed words again (TextAttack's
        /// MaxModificationRate).
        double maxChangedShare = 0;
        double minWordSimilarity = 0.4;  ///< cosine of the relative's vector with the seed word's (with vectors)
        double maxContextLoss = 0.15;    ///< how much less its vector may agree with the sentence's other words (with vectors)
        /// With vectors: the relatives of the one sense the sentence fits best (SubstituteLexicon::senses),
        /// instead of those of the word's first two senses.
        bool senseByContext = true;
    };

    /// Optional knowledge (null: that test is off): word vectors and a pronouncing dictionary.
    struct Knowledge {
        const judge::WordVectors *vectors = nullptr;
        const judge::Pronunciations *pronunciations = nullptr;
        /// link-grammar: the seed is parsed once and each word's relatives are taken in the part of
        /// speech its best linkage gives it ("plans.v" or "plans.n"); null: every analysis.
        const judge::GrammarJudge *grammar = nullptr;
    };

    /// `phaseIds`: the phase seed as a full model input (with specials) under `tokenizer`;
    /// `phaseText`: its text; `anchorText`: the run's seed, whose words give the relatives (used
    /// word by word when it has as many words as phaseText, else phaseText's own words). `pool`:
    /// Without the relatives restriction every word of the lexicon's pool is a candidate.
    PlausibleSubstitutions(const text::Tokenizer &tokenizer, const TokenIds &phaseIds, const std::string &phaseText,
                           const std::string &anchorText, const judge::SubstituteLexicon &lexicon,
                           std::shared_ptr<const judge::TrigramModel> trigram, const Settings &settings, const Knowledge &knowledge);
    /// Without word vectors and pronunciations.
    PlausibleSubstitutions(const text::Tokenizer &tokenizer, const TokenIds &phaseIds, const std::string &phaseText,
                           const std::string &anchorText, const judge::SubstituteLexicon &lexicon,
                           std::shared_ptr<const judge::TrigramModel> trigram, const Settings &settings);

    /// [L] lists: per position of `ids` (a member of the phase: same length as the phase seed), the
    /// tokens that may replace its current token there (sorted, never the current token). Empty
    /// lists where nothing may change.
    const std::vector<std::vector<std::int64_t>> &allowedAt(const TokenIds &ids) const;

    /// Words of the phase seed that have at least one relative reachable by substitutions.
    int changeableWords() const { return m_changeable; }
    /// Relatives (word, alternative) pairs in the table.
    int alternatives() const { return m_alternatives; }
    /// The most words a member may change (Settings::maxChangedShare of the seed's words); 0: no limit.
    int maxChangedWords() const { return m_maxChanged; }

private:
    /// One way to write word k: the tokens it differs from the phase seed at (empty: the seed's own).
    struct Variant {
        std::map<std::int64_t, std::int64_t> tokens;  ///< position -> token, where it differs from the seed
        int lmId = -1;                                ///< judge::TrigramModel id of the word
    };
    struct Word {
        std::vector<std::int64_t> span;  ///< positions any variant changes, sorted
        std::vector<Variant> variants;   ///< variants[0]: the phase seed's word
        int lmIndex = -1;                ///< its index among the trigram model's words of the text (-1: none)
    };
    /// Leaves only its own variant to every word whose span overlaps an earlier word's.
    void dropClashingWords();

    TokenIds m_seed;
    std::vector<Word> m_words;
    std::vector<int> m_seedLm;           ///< the phase seed's trigram word ids
    std::vector<double> m_seedWindow;    ///< windowLogProb of the phase seed at each trigram word
    std::shared_ptr<const judge::TrigramModel> m_trigram;
    Settings m_settings;
    int m_changeable = 0;
    int m_alternatives = 0;
    int m_maxChanged = 0;
    mutable std::map<TokenIds, std::vector<std::vector<std::int64_t>>> m_memo;
};

}  // namespace gauntlet::ato
