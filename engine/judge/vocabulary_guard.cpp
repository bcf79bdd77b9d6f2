#include "engine/judge/vocabulary_guard.h"

#include "engine/judge/judge_error.h"

#include <QString>

#include <algorithm>

namespace gauntlet::judge {

const std::vector<std::string> &VocabularyGuard::archaicWords()
{
    // Early Modern English pronouns and verb forms (Shakespeare, the King James Bible), archaic
    // adverbs and interjections, and forms of address that the search used as filler words
    // (issue 16: 31 of thou/sir/dear/ghastly in 20 ATO-Direct outputs). Sorted.
    static const std::vector<std::string> words = [] {
        std::vector<std::string> w{
            "alack",  "alas",   "anon",     "aye",     "betwixt", "canst",   "couldst", "didst",   "doth",  "dost",
            "ere",    "fain",   "fie",      "forsooth", "hadst", "hast",    "hath",    "hither",  "knave", "liege",
            "madam",  "mayst",  "methinks", "nay",     "oft",     "perchance", "prithee", "quoth",  "saith", "shalt",
            "shouldst", "sir",  "sire",     "sirrah", "spake",   "thee",    "thence",  "thine",   "thither", "thou",  "thy",
            "tis",    "twas",   "unto",     "verily", "wast",    "wench",   "whence",  "wherefore", "whither", "wilt", "wouldst",
            "ye",     "yea",    "yon",      "yonder"};
        std::sort(w.begin(), w.end());
        return w;
    }();
    return words;
}

std::vector<std::string> VocabularyGuard::words(const std::string &text)
{
    std::vector<std::string> out;
    const bool ascii = std::all_of(text.begin(), text.end(), [](char c) { return (c & 0x80) == 0; });
    if (ascii) {  // the common case, without a QString
        std::string word;
        for (const char c : text) {
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
                word += char(c | 0x20);
            } else if (!word.empty()) {
                out.push_back(std::move(word));
                word.clear();
            }
        }
        if (!word.empty())
            out.push_back(std::move(word));
        return out;
    }
    // Words are words in Unicode (issue 31: "llïa" was read as "ll" + "a"): maximal runs of letters
    // and combining marks (QChar::isLetter / isMark), lower-cased.
    const QString s = QString::fromUtf8(text.data(), qsizetype(text.size()));
    QString word;
    const auto flush = [&] {
        if (!word.isEmpty())
            out.push_back(word.toLower().toStdString());
        word.clear();
    };
    for (qsizetype i = 0; i < s.size(); ++i) {
        const QChar c = s.at(i);
        if (c.isLetter() || (c.isMark() && !word.isEmpty()) || (c.isHighSurrogate() && i + 1 < s.size()
                                                               && QChar::isLetter(QChar::surrogateToUcs4(c, s.at(i + 1))))) {
            word += c;
            if (c.isHighSurrogate())
                word += s.at(++i);
        } else {
            flush();
        }
    }
    flush();
    return out;
}

std::vector<std::string> VocabularyGuard::allowedWords() const
{
    std::vector<std::string> out(m_allowed.begin(), m_allowed.end());
    std::sort(out.begin(), out.end());
    return out;
}

VocabularyGuard::VocabularyGuard(const std::unordered_map<std::string, double> &zipf, const SpellingJudge &spelling, double minZipf)
    : m_minZipf(minZipf)
{
    const std::vector<std::string> &archaic = archaicWords();
    for (const auto &[word, value] : zipf) {
        if (!(value >= minZipf) || word.empty())
            continue;
        if (words(word) != std::vector<std::string>{word})
            continue;  // not lower-case ASCII letters only
        if (word.size() == 1 && word != "a" && word != "i")
            continue;
        if (std::binary_search(archaic.begin(), archaic.end(), word))
            continue;
        // Hunspell knows "I" only capitalised.
        if (!spelling.spell(word) && !(word == "i" && spelling.spell("I")))
            continue;
        m_allowed.insert(word);
    }
    if (m_allowed.empty())
        throw JudgeError("the vocabulary guard allows no word: the frequency table has no common English word at Zipf >= "
                         + std::to_string(minZipf));
}

bool VocabularyGuard::sameInitialCase(const std::string &seed, const std::string &candidate)
{
    const auto initial = [](const std::string &s) -> int {
        for (const char c : s) {
            if (c >= 'A' && c <= 'Z')
                return 1;
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || (c & 0x80))
                return c >= 'a' && c <= 'z' ? 0 : -1;  // a digit or non-ASCII first: no case to keep
        }
        return -1;
    };
    const int a = initial(seed), b = initial(candidate);
    return a < 0 || b < 0 || a == b;
}

bool VocabularyGuard::allows(const std::string &word) const
{
    const std::vector<std::string> w = words(word);
    return w.size() == 1 && w.front().size() == word.size() && m_allowed.count(w.front()) > 0;
}

std::vector<std::string> VocabularyGuard::wordsOutside(const std::string &seed, const std::string &candidate) const
{
    const std::vector<std::string> seedWords = words(seed);
    const std::unordered_set<std::string> inSeed(seedWords.begin(), seedWords.end());
    std::vector<std::string> out;
    for (const std::string &w : words(candidate)) {
        if (inSeed.count(w) || m_allowed.count(w))
            continue;
        if (std::find(out.begin(), out.end(), w) == out.end())
            out.push_back(w);
    }
    return out;
}

}  // namespace gauntlet::judge
