#include "engine/ato/candidate_guard.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <thread>
#include <unordered_set>

namespace gauntlet::ato {

namespace {
std::string lower(std::string s)
{
    for (char &c : s) {
        if (c >= 'A' && c <= 'Z')
            c = char(c | 0x20);
    }
    return s;
}

std::string fixed(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    return buf;
}

std::string partOfSpeechName(char pos)
{
    switch (pos) {
    case 'n': return "a noun";
    case 'v': return "a verb";
    case 'a': return "an adjective";
    case 'e': return "an adverb";
    case '?': return "a word it guessed";
    case '\0': return "a function word";
    default: return std::string("'") + pos + "'";
    }
}
}  // namespace

CandidateGuard::CandidateGuard(std::string seedText, std::shared_ptr<const judge::VocabularyGuard> vocabulary,
                               std::shared_ptr<const judge::GrammarJudge> grammar, double costSlack, bool keepPartOfSpeech,
                               int parseThreads)
    : m_seedText(std::move(seedText)), m_vocabulary(std::move(vocabulary)), m_grammar(std::move(grammar)), m_keepPartOfSpeech(keepPartOfSpeech),
      m_parseThreads(std::max(1, parseThreads))
{
    if (m_grammar) {
        const judge::GrammarVerdict v = m_grammar->parse(m_seedText);
        if (v.nullLinks < 0) {
            m_grammar.reset();
        } else {
            // A seed with a linkage at null count 0 that only has post-processing violations
            // gets one null link of slack: the complete-parse rule would reject every candidate.
            m_seedNullLinks = v.complete ? 0 : std::max(v.nullLinks, 1);
            m_maxDisjunctCost = (std::isnan(v.disjunctCost) ? 0.0 : v.disjunctCost) + costSlack;
            m_seedWords = v.linkageWords;
            m_grammarCache.emplace(m_seedText, std::string());
        }
    }
}

void CandidateGuard::setContext(std::shared_ptr<const judge::TrigramModel> trigram, double maxDrop)
{
    m_trigram = std::move(trigram);
    m_maxContextDrop = maxDrop;
    m_seedLogProb = m_trigram ? m_trigram->textLogProb(m_seedText) : std::numeric_limits<double>::quiet_NaN();
}

std::string CandidateGuard::contextRefusal(const std::string &text) const
{
    if (!m_trigram)
        return {};
    const double lp = m_trigram->textLogProb(text);
    if (lp >= m_seedLogProb - m_maxContextDrop)
        return {};
    return "trigram log10 P " + fixed(lp) + " is " + fixed(m_seedLogProb - lp) + " below the seed's " + fixed(m_seedLogProb) + "; at most "
           + fixed(m_maxContextDrop);
}

std::string CandidateGuard::vocabularyRefusal(const std::string &text) const
{
    if (!m_vocabulary)
        return {};
    const std::vector<std::string> outside = m_vocabulary->wordsOutside(m_seedText, text);
    if (!outside.empty()) {
        std::string out = "not in the vocabulary: ";
        for (size_t i = 0; i < outside.size(); ++i)
            out += (i ? ", " : "") + outside[i];
        return out;
    }
    if (!judge::VocabularyGuard::sameInitialCase(m_seedText, text))
        return "changes the case of the first letter";
    return {};
}

std::string CandidateGuard::grammarRefusal(const std::string &text, bool parseIfUnknown) const
{
    if (!m_grammar)
        return {};
    const auto it = m_grammarCache.find(text);
    if (it != m_grammarCache.end())
        return it->second;
    if (!parseIfUnknown)
        return "not parsed";
    ++m_parses;
    std::string refusal = judgeGrammar(text);
    m_grammarCache.emplace(text, refusal);
    return refusal;
}

void CandidateGuard::prefetchGrammar(const std::vector<std::string> &texts) const
{
    if (!m_grammar)
        return;
    std::vector<const std::string *> todo;
    std::unordered_set<std::string> queued;
    for (const std::string &t : texts) {
        if (!m_grammarCache.count(t) && queued.insert(t).second)
            todo.push_back(&t);
    }
    if (todo.empty())
        return;
    std::vector<std::string> verdicts(todo.size());
    const size_t threads = std::min(todo.size(), size_t(m_parseThreads));
    const auto work = [&](size_t first) {
        for (size_t i = first; i < todo.size(); i += threads)
            verdicts[i] = judgeGrammar(*todo[i]);
    };
    std::vector<std::thread> pool;
    for (size_t t = 1; t < threads; ++t)
        pool.emplace_back(work, t);
    work(0);
    for (std::thread &t : pool)
        t.join();
    for (size_t i = 0; i < todo.size(); ++i)
        m_grammarCache.emplace(*todo[i], std::move(verdicts[i]));
    m_parses += int(todo.size());
}

std::string CandidateGuard::judgeGrammar(const std::string &text) const
{
    std::vector<std::string> words;
    const judge::GrammarCheck check = m_grammar->checkWithin(text, m_seedNullLinks, m_maxDisjunctCost, &words);
    switch (check.refusal) {
    case judge::GrammarRefusal::None:
        break;
    case judge::GrammarRefusal::Empty:
        return "no words to parse";
    case judge::GrammarRefusal::TimedOut:
        return "the parse timed out";
    case judge::GrammarRefusal::NoLinkage:
        return m_seedNullLinks == 0 ? "no complete linkage within disjunct cost " + fixed(m_maxDisjunctCost)
                                    : "no linkage with at most " + std::to_string(m_seedNullLinks) + " null links within disjunct cost "
                                          + fixed(m_maxDisjunctCost);
    case judge::GrammarRefusal::PostProcessing:
        return "every complete linkage breaks a post-processing rule";
    case judge::GrammarRefusal::Cost:
        return "disjunct cost " + fixed(check.disjunctCost) + " above " + fixed(m_maxDisjunctCost);
    }
    if (m_keepPartOfSpeech && words.size() == m_seedWords.size()) {
        for (size_t i = 0; i < words.size(); ++i) {
            const std::string word = judge::linkageWordText(words[i]);
            const std::string seedWord = judge::linkageWordText(m_seedWords[i]);
            if (lower(word) == lower(seedWord))
                continue;
            const char seedPos = judge::partOfSpeech(m_seedWords[i]);
            const char pos = judge::partOfSpeech(words[i]);
            // A seed word link-grammar left out or guessed ('?') sets no part of speech; a changed
            // word must be one it knows and links, of the seed word's part of speech.
            if (seedPos == '?' || pos == seedPos)
                continue;
            if (pos == '?')
                return "'" + word + "' is a word link-grammar guessed";
            return "part of speech: '" + word + "' is " + partOfSpeechName(pos) + " where the seed's '" + seedWord + "' is "
                   + partOfSpeechName(seedPos);
        }
    }
    return {};
}

}  // namespace gauntlet::ato
