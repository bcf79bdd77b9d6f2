#include "engine/ato/plausible_substitutions.h"

#include <algorithm>
#include <optional>
#include <set>

namespace gauntlet::ato {

namespace {

bool asciiSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

bool asciiLetter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/// A whitespace-separated token of a text and the byte range of its core (the token without
/// leading and trailing characters that are not letters or digits; judge::TrigramModel::words).
struct TextWord {
    size_t coreBegin = 0, coreEnd = 0;  ///< bytes; empty core: no letter or digit
    std::string core;
};

std::vector<TextWord> textWords(const std::string &text)
{
    // Bytes >= 0x80 count as letters here, so a core keeps its non-ASCII letters; such a core is
    // never changed (the pool is ASCII), it only has to be found.
    const auto alnum = [](char c) { return asciiLetter(c) || (c >= '0' && c <= '9') || (c & 0x80); };
    std::vector<TextWord> out;
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && asciiSpace(text[i]))
            ++i;
        if (i >= text.size())
            break;
        size_t end = i;
        while (end < text.size() && !asciiSpace(text[end]))
            ++end;
        size_t b = i, e = end;
        while (b < e && !alnum(text[b]))
            ++b;
        while (e > b && !alnum(text[e - 1]))
            --e;
        out.push_back({b, e, text.substr(b, e - b)});
        i = end;
    }
    return out;
}

std::string lower(std::string s)
{
    for (char &c : s)
        if (c >= 'A' && c <= 'Z')
            c = char(c | 0x20);
    return s;
}

using Settings = PlausibleSubstitutions::Settings;
using Knowledge = PlausibleSubstitutions::Knowledge;

/// Each anchor word's part of speech from link-grammar's best linkage of `anchorText` ('\0' where
/// no linkage word matches): the linkage words are matched to the text's words in order, by their text.
std::vector<char> anchorPartsOfSpeech(const std::vector<TextWord> &anchors, const std::string &anchorText,
                                      const judge::GrammarJudge &grammar)
{
    std::vector<char> partOfSpeech(anchors.size(), '\0');
    const judge::GrammarVerdict v = grammar.parse(anchorText);
    size_t next = 0;
    for (size_t k = 0; k < anchors.size(); ++k) {
        const std::string want = lower(anchors[k].core);
        for (size_t j = next; j < v.linkageWords.size() && !want.empty(); ++j) {
            if (lower(judge::linkageWordText(v.linkageWords[j])) == want) {
                partOfSpeech[k] = judge::partOfSpeech(v.linkageWords[j]);
                next = j + 1;
                break;
            }
        }
    }
    return partOfSpeech;
}

/// Whether the phase word `core` (anchor word `anchor`) may be replaced at all: both all ASCII
/// letters, not an acronym or a name (a capital that is not the text's first word, `initial`), not
/// a stopword and not a word link-grammar had to guess (`partOfSpeech` '?').
bool replaceable(const std::string &core, const std::string &anchor, bool initial, char partOfSpeech)
{
    if (core.empty() || anchor.empty() || !std::all_of(core.begin(), core.end(), asciiLetter)
        || !std::all_of(anchor.begin(), anchor.end(), asciiLetter))
        return false;
    const bool capital = core[0] >= 'A' && core[0] <= 'Z';
    const bool allCaps = core.size() > 1 && std::all_of(core.begin(), core.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
    if (allCaps || (capital && !initial))
        return false;  // an acronym or a name
    const bool anchorCapital = anchor[0] >= 'A' && anchor[0] <= 'Z';
    if (anchorCapital && !initial)
        return false;
    if (judge::SubstituteLexicon::isStopword(lower(anchor)))
        return false;
    return partOfSpeech != '?';  // '?': a word link-grammar had to guess
}

/// The words that may stand for `anchorWord` (part of speech `partOfSpeech`): the lexicon's whole
/// pool without Settings::relatives; with word vectors, a sentence `context` and senseByContext,
/// the substitutes of the sense nearest the context; else all its substitutes for that part of speech.
std::vector<std::string> candidateWords(const judge::SubstituteLexicon &lexicon, const Settings &settings, const Knowledge &knowledge,
                                        const std::string &anchorWord, char partOfSpeech, const std::vector<float> &context)
{
    std::vector<std::string> alternatives;
    if (!settings.relatives) {
        alternatives = lexicon.pool();
    } else if (knowledge.vectors && !context.empty() && settings.senseByContext) {
        // The sense the sentence is about: the one whose signature (relatives and definition)
        // is nearest the other content words (a simplified Lesk with word vectors); "square"
        // near "police", "package" and "station" is a plaza, not a power of two.
        double best = -2;
        for (const judge::SubstituteLexicon::Sense &sense : lexicon.senses(anchorWord, partOfSpeech)) {
            const double fit = judge::WordVectors::cosine(knowledge.vectors->centroid(sense.signature), context);
            if (fit > best) {  // the best-fitting sense, even when it has no substitute
                best = fit;
                alternatives = sense.substitutes;
            }
        }
    } else {
        alternatives = lexicon.substitutes(anchorWord, partOfSpeech);
    }
    return alternatives;
}

/// The lower-cased cores of the two non-empty words before word k: {the word before, the one before that}.
std::pair<std::string, std::string> twoWordsBefore(const std::vector<TextWord> &words, size_t k)
{
    std::string article, before2;
    for (size_t j = k; j-- > 0;) {
        if (!words[j].core.empty()) {
            if (article.empty()) {
                article = lower(words[j].core);
                continue;
            }
            before2 = lower(words[j].core);
            break;
        }
    }
    return {article, before2};
}

/// Whether `alt`, in place of `anchorWord` after `article` (with `before2` before it), wants a
/// determiner two words back that the seed word does not.
bool needsDeterminer(const judge::TrigramModel *trigram, const Settings &settings, const std::string &article,
                     const std::string &before2, const std::string &alt, const std::string &anchorWord)
{
    // "report next week" -> "report next day": "day" after "next" wants "the" ("the next
    // day") where "week" does not. Without a determiner two words back, a relative is
    // refused when a determiner there raises its trigram probability (log10 P(w | the,
    // prev) - log10 P(w | prev)) by more than maxDeterminerShift over the seed word's.
    // Where the model has no such trigram both differences are the same back-off weight.
    if (!trigram || !settings.context || !(settings.maxDeterminerShift > 0) || article.empty()
        || judge::SubstituteLexicon::isStopword(before2))
        return false;
    const int prev = trigram->wordId(article), the = trigram->wordId("the");
    const int a = trigram->wordId(alt), s = trigram->wordId(anchorWord);
    if (prev < 0 || the < 0 || a < 0 || s < 0)
        return false;
    const auto shift = [&](int w) { return trigram->logProb(w, prev, the) - trigram->logProb(w, prev, -1); };
    return shift(a) - shift(s) > settings.maxDeterminerShift;
}

/// The positions (and new tokens) where `text` under `tokenizer`, with its specials, differs from
/// `seed`; empty when the two differ in length or nowhere.
std::map<std::int64_t, std::int64_t> changedTokens(const text::Tokenizer &tokenizer, const TokenIds &seed, const std::string &text)
{
    std::map<std::int64_t, std::int64_t> tokens;
    const std::vector<int> inner = tokenizer.encode(text);
    const std::vector<int> full = tokenizer.withSequenceSpecials(inner);
    if (full.size() != seed.size())
        return tokens;
    for (size_t i = 0; i < full.size(); ++i)
        if (std::int64_t(full[i]) != seed[i])
            tokens.emplace(std::int64_t(i), std::int64_t(full[i]));
    return tokens;
}

}  // namespace

PlausibleSubstitutions::PlausibleSubstitutions(const text::Tokenizer &tokenizer, const TokenIds &phaseIds, const std::string &phaseText,
                                               const std::string &anchorText, const judge::SubstituteLexicon &lexicon,
                                               std::shared_ptr<const judge::TrigramModel> trigram, const Settings &settings,
                                               const Knowledge &knowledge)
    : m_seed(phaseIds), m_trigram(std::move(trigram)), m_settings(settings)
{
    const std::vector<TextWord> words = textWords(phaseText);
    std::vector<TextWord> anchors = textWords(anchorText);
    if (anchors.size() != words.size())
        anchors = words;
    // The trigram model's words are the non-empty cores, in order (TrigramModel::words).
    std::vector<std::string> lmWords;
    m_words.resize(words.size());
    for (size_t k = 0; k < words.size(); ++k) {
        if (words[k].core.empty())
            continue;
        m_words[k].lmIndex = int(lmWords.size());
        lmWords.push_back(lower(words[k].core));
    }
    m_seedLm = m_trigram->wordIds(lmWords);
    for (size_t j = 0; j < m_seedLm.size(); ++j)
        m_seedWindow.push_back(m_trigram->windowLogProb(m_seedLm, j));

    // The seed's content words (not function words), for the context centroid of word vectors.
    std::vector<std::string> anchorWords;
    for (const TextWord &a : anchors)
        anchorWords.push_back(lower(a.core));
    const auto contextOf = [&](size_t k) {
        std::vector<std::string> others;
        for (size_t j = 0; j < anchorWords.size(); ++j)
            if (j != k && !anchorWords[j].empty() && !judge::SubstituteLexicon::isStopword(anchorWords[j]))
                others.push_back(anchorWords[j]);
        return others;
    };
    const std::vector<char> partOfSpeech = knowledge.grammar && m_settings.relatives
                                               ? anchorPartsOfSpeech(anchors, anchorText, *knowledge.grammar)
                                               : std::vector<char>(anchors.size(), '\0');
    size_t firstCore = words.size();
    for (size_t k = 0; k < words.size() && firstCore == words.size(); ++k)
        if (!words[k].core.empty())
            firstCore = k;
    for (size_t k = 0; k < words.size(); ++k) {
        Word &w = m_words[k];
        Variant own;
        own.lmId = w.lmIndex >= 0 ? m_seedLm[size_t(w.lmIndex)] : -1;
        w.variants.push_back(own);
        const std::string &core = words[k].core;
        const std::string &anchor = anchors[k].core;
        if (!replaceable(core, anchor, k == firstCore, partOfSpeech[k]))
            continue;
        const bool capital = core[0] >= 'A' && core[0] <= 'Z';
        const std::string anchorWord = lower(anchor);
        std::vector<float> context;
        double anchorFit = 0;
        if (knowledge.vectors) {
            context = knowledge.vectors->centroid(contextOf(k));
            anchorFit = knowledge.vectors->cosine(anchorWord, context);
        }
        std::vector<std::string> alternatives = candidateWords(lexicon, m_settings, knowledge, anchorWord, partOfSpeech[k], context);
        if (lower(core) != anchorWord)
            alternatives.push_back(anchorWord);  // back to the run's own seed word
        // The word before: "a" or "an" asks the same article of a relative. The two before: see
        // needsDeterminer.
        const auto [article, before2] = twoWordsBefore(words, k);
        std::optional<bool> anchorVowel;
        if (knowledge.pronunciations && (article == "a" || article == "an"))
            anchorVowel = knowledge.pronunciations->startsWithVowel(anchorWord);
        std::set<std::int64_t> span;
        for (std::string alt : alternatives) {
            if (alt == lower(core) || alt.empty() || (!m_settings.relatives && judge::SubstituteLexicon::isStopword(alt)))
                continue;
            // A word already in the sentence elsewhere is no substitute ("the opening match of the
            // match"): in the run's seed, or in this phase's seed (phase 2 starts from phase 1's text).
            if (alt != anchorWord && (std::find(anchorWords.begin(), anchorWords.end(), alt) != anchorWords.end()
                                      || std::find(lmWords.begin(), lmWords.end(), alt) != lmWords.end()))
                continue;
            if (alt != anchorWord && (article == "a" || article == "an") && knowledge.pronunciations) {
                const std::optional<bool> vowel = knowledge.pronunciations->startsWithVowel(alt);
                if (!vowel || !anchorVowel || *vowel != *anchorVowel)
                    continue;
            }
            if (alt != anchorWord && needsDeterminer(m_trigram.get(), m_settings, article, before2, alt, anchorWord))
                continue;
            if (alt != anchorWord && knowledge.vectors) {
                const double similarity = knowledge.vectors->cosine(anchorWord, alt);
                if (!(similarity >= m_settings.minWordSimilarity))
                    continue;  // far from the seed's word, or either has no vector
                if (!context.empty() && !(knowledge.vectors->cosine(alt, context) >= anchorFit - m_settings.maxContextLoss))
                    continue;
            }
            if (capital)
                alt[0] = char(alt[0] & ~0x20);
            const std::string text = phaseText.substr(0, words[k].coreBegin) + alt + phaseText.substr(words[k].coreEnd);
            Variant v;
            v.tokens = changedTokens(tokenizer, m_seed, text);
            if (v.tokens.empty())
                continue;
            v.lmId = m_trigram->wordId(lower(alt));
            for (const auto &[position, token] : v.tokens)
                span.insert(position);
            w.variants.push_back(std::move(v));
        }
        w.span.assign(span.begin(), span.end());
        if (w.variants.size() > 1) {
            ++m_changeable;
            m_alternatives += int(w.variants.size()) - 1;
        }
    }
    if (m_settings.maxChangedShare > 0)
        m_maxChanged = std::max(1, int(m_settings.maxChangedShare * double(lmWords.size()) + 0.5));
    dropClashingWords();
}

void PlausibleSubstitutions::dropClashingWords()
{
    // Two words whose variants touch one position would make a member's words ambiguous: keep the
    // first word's claim (it does not happen with whitespace-split tokenizers).
    std::set<std::int64_t> claimed;
    for (Word &w : m_words) {
        const bool clash = std::any_of(w.span.begin(), w.span.end(), [&](std::int64_t p) { return claimed.count(p) > 0; });
        if (clash) {
            m_alternatives -= int(w.variants.size()) - 1;
            m_changeable -= w.variants.size() > 1 ? 1 : 0;
            w.variants.resize(1);
            w.span.clear();
        }
        claimed.insert(w.span.begin(), w.span.end());
    }
}

PlausibleSubstitutions::PlausibleSubstitutions(const text::Tokenizer &tokenizer, const TokenIds &phaseIds, const std::string &phaseText,
                                               const std::string &anchorText, const judge::SubstituteLexicon &lexicon,
                                               std::shared_ptr<const judge::TrigramModel> trigram, const Settings &settings)
    : PlausibleSubstitutions(tokenizer, phaseIds, phaseText, anchorText, lexicon, std::move(trigram), settings, Knowledge())
{
}

const std::vector<std::vector<std::int64_t>> &PlausibleSubstitutions::allowedAt(const TokenIds &ids) const
{
    const auto memo = m_memo.find(ids);
    if (memo != m_memo.end())
        return memo->second;
    std::vector<std::vector<std::int64_t>> allowed(ids.size());
    if (ids.size() != m_seed.size())
        return m_memo.emplace(ids, std::move(allowed)).first->second;
    // The token a variant puts at `position` (the seed's where it does not change it).
    const auto tokenOf = [&](const Variant &v, std::int64_t position) {
        const auto it = v.tokens.find(position);
        return it == v.tokens.end() ? m_seed[size_t(position)] : it->second;
    };
    // Which variant each word of `ids` is (-1: none of them, then the word cannot change).
    std::vector<int> current(m_words.size(), -1);
    std::vector<int> lm = m_seedLm;
    for (size_t k = 0; k < m_words.size(); ++k) {
        const Word &w = m_words[k];
        for (size_t v = 0; v < w.variants.size() && current[k] < 0; ++v) {
            const bool same = std::all_of(w.span.begin(), w.span.end(), [&](std::int64_t p) { return ids[size_t(p)] == tokenOf(w.variants[v], p); });
            if (same)
                current[k] = int(v);
        }
        if (w.lmIndex >= 0)
            lm[size_t(w.lmIndex)] = current[k] >= 0 ? w.variants[size_t(current[k])].lmId : -1;
    }
    int changed = 0;
    for (size_t k = 0; k < m_words.size(); ++k)
        changed += current[k] > 0 ? 1 : 0;
    const bool atLimit = m_maxChanged > 0 && changed >= m_maxChanged;
    for (size_t k = 0; k < m_words.size(); ++k) {
        const Word &w = m_words[k];
        if (current[k] < 0 || w.variants.size() < 2 || (atLimit && current[k] == 0))
            continue;
        for (size_t v = 0; v < w.variants.size(); ++v) {
            if (int(v) == current[k])
                continue;
            // Reachable in one substitution: differs from the member's word at exactly one position.
            std::int64_t at = -1;
            int differing = 0;
            for (std::int64_t p : w.span) {
                if (ids[size_t(p)] != tokenOf(w.variants[v], p)) {
                    at = p;
                    ++differing;
                }
            }
            if (differing != 1)
                continue;
            // Not a word the member already has elsewhere ("a remote land in the north of the land").
            const int id = w.variants[v].lmId;
            bool repeated = false;
            for (size_t j = 0; j < m_words.size() && id >= 0 && !repeated; ++j)
                repeated = j != k && m_words[j].lmIndex >= 0 && lm[size_t(m_words[j].lmIndex)] == id
                           && current[j] > 0;  // only against words the search changed: the seed's own repeats stand
            if (repeated)
                continue;
            if (m_settings.context && w.lmIndex >= 0) {
                std::vector<int> candidate = lm;
                candidate[size_t(w.lmIndex)] = w.variants[v].lmId;
                const double window = m_trigram->windowLogProb(candidate, size_t(w.lmIndex));
                if (window < m_seedWindow[size_t(w.lmIndex)] - m_settings.maxWindowDrop)
                    continue;
            }
            allowed[size_t(at)].push_back(tokenOf(w.variants[v], at));
        }
    }
    for (auto &tokens : allowed) {
        std::sort(tokens.begin(), tokens.end());
        tokens.erase(std::unique(tokens.begin(), tokens.end()), tokens.end());
    }
    return m_memo.emplace(ids, std::move(allowed)).first->second;
}

}  // namespace gauntlet::ato
