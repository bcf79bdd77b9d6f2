// A real MT system as a judge: Apertium (the offline rule-based MT system, Debian apertium and its
// language-pair packages) translates a text out of English and back, as separate processes. What
// it reports (issue 16):
//   - unknown words: the words Apertium marks as not in its dictionaries ('*'), or that it could not
//     transfer ('@') or generate ('#'), in the forward translation;
//   - round-trip chrF: sacrebleu's chrF2 (engine/metrics/chrf.h) of the back-translation against the
//     text, 0-100. A text that is harder for the MT system tends to come back further from itself.
#pragma once

#include <string>
#include <vector>

namespace gauntlet::judge {

/// A forward/back pair of Apertium modes, e.g. {"eng-spa", "spa-eng"}.
struct RoundTripPair {
    std::string forward;
    std::string back;
    /// "eng-spa" -> {"eng-spa", "spa-eng"}; "en-gl" -> {"en-gl", "gl-en"}. A variant suffix
    /// ("eng-cat_valencia") is dropped for the way back.
    static RoundTripPair of(const std::string &forwardMode);
};

struct RoundTripVerdict {
    std::string translation;      ///< the forward translation, Apertium's marks removed
    std::string backTranslation;  ///< the translation back into English
    std::vector<std::string> unknownWords;  ///< words marked '*', '@' or '#' in the forward translation, marks removed
    double roundTripChrf = 0;     ///< chrF2 of backTranslation against the text, 0-100
};

/// The forward modes of the installed Apertium pairs whose way back is installed too, among
/// eng-spa, eng-cat, en-gl (sorted). Empty when Apertium is not installed.
std::vector<std::string> installedRoundTripPairs();

/// Translates `texts` (one line each; newlines inside a text become spaces) out of English and back
/// with one Apertium process per direction. Throws JudgeError naming the pair when a mode is not
/// installed, Apertium is missing (install apertium and apertium-eng-spa), times out after
/// `timeoutMs`, fails, or returns another number of lines.
std::vector<RoundTripVerdict> roundTrip(const std::vector<std::string> &texts, const RoundTripPair &pair, int timeoutMs = 120000);

/// The source words Apertium did not know: those marked '*' at the start of a word in its
/// translation, marks removed. '@' (no transfer) and '#' (a generation error: a leaked tag such as
/// "#prpers") mark Apertium's own failures on known words, not unknown words (issue 34: they were
/// counted, and the MT term ranked on them); `otherMarks` (optional) receives those words.
/// `cleaned` receives the text with every mark removed.
std::vector<std::string> apertiumMarkedWords(const std::string &translation, std::string *cleaned = nullptr,
                                             std::vector<std::string> *otherMarks = nullptr);

}  // namespace gauntlet::judge
