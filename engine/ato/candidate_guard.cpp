#include "engine/ato/candidate_guard.h"

#include <algorithm>
#include <cmath>
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
            m_grammarCache.emplace(m_seedText, true);
        }
    }
}

void CandidateGuard::setContext(std::shared_ptr<const judge::TrigramModel> trigram, double maxDrop)
{
    m_trigram = std::move(trigram);
    m_maxContextDrop = maxDrop;
    m_seedLogProb = m_trigram ? m_trigram->textLogProb(m_seedText) : std::numeric_limits<double>::quiet_NaN();
}

bool CandidateGuard::contextPasses(const std::string &text) const
{
    return !m_trigram || m_trigram->textLogProb(text) >= m_seedLogProb - m_maxContextDrop;
}

bool CandidateGuard::vocabularyPasses(const std::string &text) const
{
    return !m_vocabulary || m_vocabulary->passes(m_seedText, text);
}

bool CandidateGuard::grammarPasses(const std::string &text, bool parseIfUnknown) const
{
    if (!m_grammar)
        return true;
    const auto it = m_grammarCache.find(text);
    if (it != m_grammarCache.end())
        return it->second;
    if (!parseIfUnknown)
        return false;
    ++m_parses;
    const bool ok = judgeGrammar(text);
    m_grammarCache.emplace(text, ok);
    return ok;
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
    std::vector<char> verdicts(todo.size());
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
        m_grammarCache.emplace(*todo[i], verdicts[i] != 0);
    m_parses += int(todo.size());
}

bool CandidateGuard::judgeGrammar(const std::string &text) const
{
    std::vector<std::string> words;
    bool ok = m_grammar->parsesWithin(text, m_seedNullLinks, m_maxDisjunctCost, &words);
    if (ok && m_keepPartOfSpeech && words.size() == m_seedWords.size()) {
        for (size_t i = 0; i < words.size() && ok; ++i) {
            if (lower(judge::linkageWordText(words[i])) == lower(judge::linkageWordText(m_seedWords[i])))
                continue;
            const char seedPos = judge::partOfSpeech(m_seedWords[i]);
            const char pos = judge::partOfSpeech(words[i]);
            // A seed word link-grammar left out or guessed ('?') sets no part of speech; a changed
            // word must be one it knows and links, of the seed word's part of speech.
            ok = seedPos == '?' || pos == seedPos;
        }
    }
    return ok;
}

}  // namespace gauntlet::ato
