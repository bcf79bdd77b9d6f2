// Which English words begin with a vowel sound, from the CMU Pronouncing Dictionary (Debian's
// pocketsphinx-en-us ships it next to the trigram model: cmudict-en-us.dict, "word PH ON EMES" per
// line, variants as "word(2)"). Issue 31: a word after "a" or "an" may be replaced only by one
// that takes the same article ("a day" must not become "a hour").
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>

namespace gauntlet::judge {

class Pronunciations {
public:
    /// Reads a CMUdict-format file. Throws JudgeError naming the file when it is missing or holds
    /// no pronunciation.
    explicit Pronunciations(const std::string &path);
    /// GAUNTLET_CMUDICT if set, else Debian's /usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict.
    static std::string defaultPath();
    /// The dictionary at defaultPath(), loaded once per process.
    static std::shared_ptr<const Pronunciations> english();

    /// Whether the first pronunciation of `word` (lower-case) begins with a vowel (so it takes
    /// "an"); nullopt for a word the dictionary does not have.
    std::optional<bool> startsWithVowel(const std::string &word) const;
    size_t size() const { return m_vowelInitial.size(); }

private:
    std::unordered_map<std::string, bool> m_vowelInitial;
};

}  // namespace gauntlet::judge
