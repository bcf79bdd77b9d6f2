// Which words may stand in for a word of a seed text (issue 31): real knowledge of English that
// ATO's search cannot change, used to restrict what the search proposes before it samples
// (engine/ato/plausible_substitutions.h), as BAE/BERT-Attack and TextAttack's word-swap constraints
// do with a masked LM or word embeddings.
//
// The relations come from WordNet 3.0 (Debian's wordnet-base, read through libwordnet's C API,
// `morphstr`, `index_lookup`, `read_synset`): for each analysis of the word (part of speech and
// base form, by WordNet's morphology), its `maxSenses` most frequent senses give
//   - their synonyms (the synset's words),
//   - for verbs only the antonyms ("fell" -> "rose", "won" -> "lost"): even a verb's synonyms
//     take other complements or forms ("promised to repair" -> "assured to repair"),
//   - for nouns and adjectives, their co-hyponyms ("sisters": the other hyponyms of each hypernym;
//     Tuesday -> Friday, twelve -> fifteen, road -> path) under hypernyms with at most
//     `maxSisters` hyponyms (verbs' hypernyms are too broad: "raise" -> "move"),
//   - their hypernyms and direct hyponyms (of a synset with at most `maxSisters` hyponyms),
//     adjectives' similar and antonym sets.
// A candidate is a word of the pool (the words the search may write: lower-case, known to the
// trigram model) with one of those base forms in the same part of speech and the same inflection
// as the seed word there (base form, -s, -ed, -ing, -er, -est or irregular: "roads" -> "streets",
// not "street"; "fell" -> "rose"). Multi-word WordNet entries are left out.
#pragma once

#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace gauntlet::judge {

class SubstituteLexicon {
public:
    struct Options {
        int maxSenses = 2;    ///< senses per analysis, most frequent first (WordNet's order)
        /// Co-hyponyms are taken only under a hypernym with at most this many hyponyms: a broad
        /// one ("time period") would make any period a "sister" of "weekend".
        int maxSisters = 60;
        /// Senses senses() offers for a choice by context (PlausibleSubstitutions picks one).
        int maxSensesInContext = 4;
    };

    /// `pool`: the words the search may write (lower-case; others are ignored). `wordnetDir`: the
    /// folder of WordNet's index.* and data.* files. Throws JudgeError naming the folder (and the
    /// package, wordnet-base) when WordNet cannot be opened, or when no word of the pool is in it.
    SubstituteLexicon(const std::vector<std::string> &pool, const Options &options, const std::string &wordnetDir = defaultDir());
    explicit SubstituteLexicon(const std::vector<std::string> &pool) : SubstituteLexicon(pool, Options{}) {}

    /// WNSEARCHDIR if set, else Debian's /usr/share/wordnet.
    static std::string defaultDir();

    /// The pool words that may replace `word` (any case; compared lower-case), sorted, without
    /// `word` itself; empty for words WordNet does not know (names, function words, numbers in
    /// digits). Memoised; thread-safe.
    std::vector<std::string> substitutes(const std::string &word) const { return substitutes(word, '\0'); }
    /// The same, for the word read as one part of speech: 'n' noun, 'v' verb, 'a' adjective, 'e'
    /// adverb (judge::partOfSpeech of its link-grammar linkage word); any other value: every
    /// analysis. ("closed" as a verb gives "opened", never the adjective "open".)
    std::vector<std::string> substitutes(const std::string &word, char partOfSpeech) const;

    /// The pool: lower-case letter words, each once, in the order given.
    const std::vector<std::string> &pool() const { return m_pool; }
    /// Whether `word` (lower-case) is an English function word that is never substituted
    /// (articles, pronouns, prepositions, conjunctions, auxiliaries: TextAttack's stopwords).
    static bool isStopword(const std::string &word);

    /// One sense of a word and its substitutes (as substitutes() gathers them, for that sense alone).
    struct Sense {
        std::vector<std::string> substitutes;  ///< pool words, sorted
        /// Words that characterise the sense, for choosing it by context: its relatives' lemmas
        /// and the words of its definition (WordNet's gloss), lower-case.
        std::vector<std::string> signature;
    };
    /// The word's first Options::maxSensesInContext senses in `partOfSpeech` (see substitutes()),
    /// in WordNet's order (most frequent first), each with its substitutes and signature; for
    /// choosing a sense by context (a simplified Lesk, Lesk 1986, with word vectors in place of
    /// word overlap). Thread-safe.
    std::vector<Sense> senses(const std::string &word, char partOfSpeech) const;

    /// Pool words WordNet knows in some part of speech.
    size_t poolSize() const { return m_poolKnown; }

private:
    /// Adds to `out` the pool words that are `lemmas` in WordNet part of speech `pos` with
    /// inflection `inflected`, other than `word` itself.
    void addForms(const std::set<std::string> &lemmas, int pos, const std::string &inflected, const std::string &word,
                  std::set<std::string> &out) const;

    Options m_options;
    std::vector<std::string> m_pool;
    /// "p:base" -> pool words with that base form in part of speech p (1 noun, 2 verb, 3 adjective, 4 adverb), each with its inflection.
    std::unordered_map<std::string, std::vector<std::pair<std::string, std::string>>> m_forms;
    size_t m_poolKnown = 0;
    mutable std::mutex m_mutex;
    mutable std::unordered_map<std::string, std::vector<std::string>> m_memo;
};

}  // namespace gauntlet::judge
