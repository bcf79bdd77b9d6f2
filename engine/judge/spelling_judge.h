// Spelling from Hunspell (Debian libhunspell-dev, hunspell-en-us) through its C API: the words of a
// text that the dictionary does not know. A judge the search does not optimise.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace gauntlet::judge {

/// The words of `text` as the spelling judge checks them: maximal runs of letters, digits and
/// apostrophes (' and U+2019) between whitespace, hyphens and other punctuation, with leading and
/// trailing ASCII apostrophes removed (U+2019 is one of en_US's WORDCHARS and stays, as in the
/// hunspell CLI); runs holding a digit are left out (the CLI accepts them). UTF-8 in and out; invalid UTF-8 reads as U+FFFD (a non-word).
std::vector<std::string> spellingWords(const std::string &text);

/// A Hunspell dictionary. spell() and misspelled() may be called from several threads (a mutex
/// serialises Hunspell, which is not thread-safe).
class SpellingJudge {
public:
    /// The process-wide en_US dictionary: $DICPATH/en_US.{aff,dic} if set, else
    /// /usr/share/hunspell/en_US.{aff,dic}. Throws JudgeError naming the missing file and package
    /// (hunspell-en-us).
    static std::shared_ptr<const SpellingJudge> english();
    /// Loads `affPath` / `dicPath`; throws JudgeError naming a missing or unreadable file.
    SpellingJudge(const std::string &affPath, const std::string &dicPath);
    ~SpellingJudge();
    SpellingJudge(const SpellingJudge &) = delete;
    SpellingJudge &operator=(const SpellingJudge &) = delete;

    /// Whether the dictionary accepts `word` (UTF-8) as it is spelled (case as Hunspell treats it:
    /// "london" is wrong, "London" and "the"/"The" are right).
    bool spell(const std::string &word) const;
    /// The words of `text` (spellingWords) the dictionary rejects, in order, repeats kept.
    std::vector<std::string> misspelled(const std::string &text) const;

private:
    void *m_handle;  // Hunhandle*
    mutable std::mutex m_mutex;
};

}  // namespace gauntlet::judge
