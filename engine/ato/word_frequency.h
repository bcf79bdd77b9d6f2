// Word frequencies on the Zipf scale and the common / rare split of the random-word baseline
// (ATO paper, Appendix B.4: "We require Zipf frequency greater than 2.5 to filter out extremely rare
// words, then split the remainder at the median into common and rare buckets"). The paper reads
// Zipf values from the wordfreq library; Gauntlet ships its own table, counted on the English prose
// of ../shared/data/english when the default pack is built (`gauntlet train word-frequencies`).
#pragma once

#include "engine/judge/vocabulary_guard.h"
#include "engine/text/tokenizer.h"

#include <QString>

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace gauntlet::ato {

/// The text of a tokenizer piece without its word-start marker (SentencePiece U+2581, byte-level
/// BPE's U+0120), e.g. "\u2581house" -> "house"; other pieces unchanged.
std::string withoutWordStartMarker(const std::string &piece);

/// Zipf frequency = log10(occurrences per billion words) (Speer's wordfreq scale; 3 = once per
/// million words). Words are lower-case ASCII letters.
struct WordFrequencies {
    std::unordered_map<std::string, double> zipf;
    std::int64_t totalWords = 0;  ///< running words the table was counted on
};

/// Counts the lower-cased maximal runs of ASCII letters [a-z]+ in `lines` (what the word list
/// holds), over `lines` in order; only words in `keep` are kept when it is non-empty.
/// Zipf = log10(count / total * 1e9), total = every run counted.
WordFrequencies countWordFrequencies(const std::vector<std::string> &lines, const std::vector<std::string> &keep = {});

/// Reads a table written by writeWordFrequencies: header "word\tcount\tzipf", then one row per
/// word. Throws AtoError naming the file and line for a missing file, a short row or a bad number.
WordFrequencies readWordFrequencies(const QString &path);

/// Writes the table (words sorted by descending count, then alphabetically), with a comment
/// line "# total_words N" after the header. Throws AtoError naming the file if it cannot be written.
void writeWordFrequencies(const WordFrequencies &frequencies, const QString &path);

/// The whole-word vocabulary split as Appendix B.4 does: the ids whose word (the piece's text
/// without the word-start marker, lower-cased) has Zipf > `floor`; `common` = Zipf >= the median
/// of those, `rare` = the rest. Ids whose word is not in the table are left out of both.
struct WordBuckets {
    std::vector<int> common;
    std::vector<int> rare;
    double median = 0;  ///< the split point (paper, with wordfreq: 4.09)
};
WordBuckets splitByZipf(const text::Tokenizer &tokenizer, const std::vector<int> &wholeWords, const WordFrequencies &frequencies,
                        double floor = 2.5);

/// The vocabulary guard of issue 16 over the Zipf table at `path` (empty: the default pack's
/// present_day_frequencies.tsv) and Hunspell's en_US dictionary, allowing words of Zipf >=
/// `minZipf`. Throws AtoError naming the table when it is missing, unreadable or allows no word,
/// or naming the missing Hunspell dictionary.
std::shared_ptr<const judge::VocabularyGuard> loadVocabularyGuard(const std::string &path,
                                                                  double minZipf = judge::VocabularyGuard::defaultMinZipf);

}  // namespace gauntlet::ato
