// The vocabulary guard of ATO (issue 16): the words a search may add to a seed are common
// present-day English words. A word is allowed when, lower-cased,
//   1. it is made of ASCII letters ("a" and "i" are the only one-letter words),
//   2. its Zipf frequency in a present-day table is at least `minZipf` (the default pack's
//      present_day_frequencies.tsv, counted on news, Wikipedia, Tatoeba, TICO-19 and UD web text:
//      no Early Modern English drama and no 19th-century books, where "thou" and "hath" are common),
//   3. Hunspell's en_US dictionary accepts it (no misspellings, no proper names in lower case),
//   4. it is not in archaicWords(): Early Modern English forms and forms of address that ATO used
//      as filler ("thou", "hath", "sir").
// A candidate passes when every word it has that its seed does not have is allowed (words compared
// lower-cased, as maximal runs of Unicode letters: a word with a non-ASCII letter is one word, and
// not in the table), and its
// first letter has the case of the seed's first letter (a sentence keeps its capital: the
// whole-word vocabulary is lower-case, and link-grammar reads the first word case-blind).
#pragma once

#include "engine/judge/spelling_judge.h"

#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace gauntlet::judge {

class VocabularyGuard {
public:
    static constexpr double defaultMinZipf = 4.0;  ///< 10 occurrences per million words (wordfreq's "common")

    /// `zipf`: word -> Zipf value (engine/ato/word_frequency.h's table). Throws JudgeError when no
    /// word is allowed (an empty or unrelated table).
    VocabularyGuard(const std::unordered_map<std::string, double> &zipf, const SpellingJudge &spelling,
                    double minZipf = defaultMinZipf);

    /// Whether `word` (any case) is allowed.
    bool allows(const std::string &word) const;
    /// The words of `candidate` that are not words of `seed` and are not allowed, lower-cased, in
    /// order, each once. Empty: the candidate passes.
    std::vector<std::string> wordsOutside(const std::string &seed, const std::string &candidate) const;
    bool passes(const std::string &seed, const std::string &candidate) const
    {
        return sameInitialCase(seed, candidate) && wordsOutside(seed, candidate).empty();
    }
    /// Whether the first letters or digits of the two texts (punctuation skipped) are both
    /// upper-case or both lower-case; true when either starts with a digit, a non-ASCII character
    /// or has none.
    static bool sameInitialCase(const std::string &seed, const std::string &candidate);

    std::size_t size() const { return m_allowed.size(); }
    double minZipf() const { return m_minZipf; }

    /// The allowed words, sorted (the pool ATO's word relatives are drawn from; issue 31).
    std::vector<std::string> allowedWords() const;

    /// The lower-cased maximal runs of letters of `text` (Unicode letters and combining marks:
    /// "Zülooking" is one word, not "z" + "looking").
    static std::vector<std::string> words(const std::string &text);
    /// The excluded archaic forms and filler forms of address, sorted.
    static const std::vector<std::string> &archaicWords();

private:
    std::unordered_set<std::string> m_allowed;
    double m_minZipf;
};

}  // namespace gauntlet::judge
