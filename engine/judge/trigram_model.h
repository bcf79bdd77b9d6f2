// A real language model of English that ATO's search never optimises (issue 31): CMU's US-English
// trigram model (Debian's pocketsphinx-en-us, `en-us.lm.bin`: 72k words, 2.0M bigrams, 1.7M
// trigrams, trained on far more text than the default pack), read through sphinxbase's C API
// (`ngram_model_read`, `ngram_ng_prob`). It is a plausibility judge of whole texts and, per changed
// word, the context test of ATO's substitutions (engine/ato/plausible_substitutions.h).
//
// Words: a text's whitespace-separated tokens, lower-cased (Unicode), with leading and trailing
// characters that are neither letters nor digits stripped ("Ring's," -> "ring's"; "(2020)" ->
// "2020"); a token with no letter or digit ("-", "--") is no word. The model's vocabulary is
// lower-case; a word outside it (names, numbers in digits, rare words) is "unknown": it costs
// `unknownLogProb` and cuts the history, so the next word is scored as after a sentence start
// instead of with the model's large closed-vocabulary penalty (DESIGN.md: names need care).
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

struct ngram_model_s;
struct logmath_s;

namespace gauntlet::judge {

class TrigramModel {
public:
    /// log10 P charged for a word outside the model's vocabulary (about a word seen once in 10^7).
    static constexpr double unknownLogProb = -7.0;

    /// Reads an ARPA or sphinx binary (`.lm.bin`) trigram model. Throws JudgeError naming the file
    /// when it is missing or sphinxbase cannot read it.
    explicit TrigramModel(const std::string &path);
    ~TrigramModel();
    TrigramModel(const TrigramModel &) = delete;
    TrigramModel &operator=(const TrigramModel &) = delete;

    /// GAUNTLET_TRIGRAM_LM if set, else Debian's /usr/share/pocketsphinx/model/en-us/en-us.lm.bin.
    static std::string defaultPath();
    /// The model at defaultPath(), loaded once per process and shared. Throws JudgeError naming the
    /// file and the package (pocketsphinx-en-us) when it is missing.
    static std::shared_ptr<const TrigramModel> english();

    /// The words of `text` as the model reads them (see the file comment).
    static std::vector<std::string> words(const std::string &text);

    /// The model's id of a (lower-case) word; -1 when it is outside the vocabulary.
    int wordId(const std::string &word) const;
    std::vector<int> wordIds(const std::vector<std::string> &words) const;
    bool knows(const std::string &word) const { return wordId(word) >= 0; }

    /// log10 P(w | h2 h1): h1 the word before w, h2 the one before that; -1 for "none" (the
    /// history stops there). An unknown w (-1) gives unknownLogProb. The sentence start is
    /// sentenceStart(). Equals python3-sphinxbase's NGramModel.prob([w, h1, h2]) * log10(1.0001).
    double logProb(int w, int h1, int h2) const;
    int sentenceStart() const { return m_start; }
    int sentenceEnd() const { return m_end; }

    /// log10 P of the whole sentence `ids` (wordIds), from <s> through </s>: the sum of every
    /// word's logProb given the two before it (cut at unknown words), plus </s>.
    double sentenceLogProb(const std::vector<int> &ids) const;
    /// The terms of sentenceLogProb that word k takes part in: the log-probabilities of word k and
    /// of the two words after it (</s> included): what a substitution at k changes. 0 <= k < size.
    double windowLogProb(const std::vector<int> &ids, size_t k) const;
    /// sentenceLogProb(wordIds(words(text))).
    double textLogProb(const std::string &text) const;

    /// Words in the model's vocabulary.
    int size() const;

private:
    ngram_model_s *m_model = nullptr;
    int m_start = -1;
    int m_end = -1;
    int m_unknownId = -1;
    /// sphinxbase's trie model caches its last lookups: one lookup at a time.
    mutable std::mutex m_mutex;
    /// The probability of ids[j] in `ids` framed by <s> ... </s> (j = size: </s>).
    double termAt(const std::vector<int> &ids, size_t j) const;
};

}  // namespace gauntlet::judge
