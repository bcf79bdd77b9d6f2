#include "engine/judge/judges.h"

#include "engine/judge/judge_error.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace gauntlet::judge {

namespace {

/// The English judge of type `Judge` (Judge::english()), or nullptr with "<what>: <why>" added to
/// `unavailable` when it cannot be loaded.
template <typename Judge>
std::shared_ptr<const Judge> englishOrNote(const char *what, std::vector<std::string> &unavailable)
{
    try {
        return Judge::english();
    } catch (const JudgeError &e) {
        unavailable.push_back(std::string(what) + ": " + e.what());
        return nullptr;
    }
}

}  // namespace

Judges::Judges(const JudgeOptions &options)
{
    if (options.grammar)
        m_grammar = englishOrNote<GrammarJudge>("grammar judge", m_unavailable);
    if (options.spelling)
        m_spelling = englishOrNote<SpellingJudge>("spelling judge", m_unavailable);
    if (options.trigram)
        m_trigram = englishOrNote<TrigramModel>("trigram judge", m_unavailable);
    if (options.mt) {
        const std::vector<std::string> installed = installedRoundTripPairs();
        if (!options.pairs.empty()) {
            for (const std::string &p : options.pairs) {
                if (std::find(installed.begin(), installed.end(), p) != installed.end())
                    m_pairs.push_back(p);
                else
                    m_unavailable.push_back("MT judge: the Apertium pair " + p + " (both ways) is not installed (install apertium-" + p + ")");
            }
        } else if (std::find(installed.begin(), installed.end(), "eng-spa") != installed.end()) {
            m_pairs.push_back("eng-spa");
        } else if (!installed.empty()) {
            m_pairs.push_back(installed.front());
        } else {
            m_unavailable.push_back("MT judge: no Apertium pair out of English and back is installed (install apertium and apertium-eng-spa)");
        }
    }
}

std::vector<JudgeReport> Judges::judge(const std::vector<std::string> &texts)
{
    std::vector<JudgeReport> out(texts.size());
    for (size_t i = 0; i < texts.size(); ++i) {
        if (m_grammar)
            out[i].grammar = m_grammar->parse(texts[i]);
        if (m_spelling)
            out[i].misspelled = m_spelling->misspelled(texts[i]);
        if (m_trigram)
            out[i].trigram = trigramVerdict(*m_trigram, texts[i]);
    }
    for (const std::string &pair : m_pairs) {
        try {
            const std::vector<RoundTripVerdict> v = roundTrip(texts, RoundTripPair::of(pair));
            for (size_t i = 0; i < texts.size(); ++i)
                out[i].mt.emplace_back(pair, v[i]);
        } catch (const JudgeError &e) {
            m_unavailable.push_back(std::string("MT judge: ") + e.what());
        }
    }
    return out;
}

TrigramVerdict trigramVerdict(const TrigramModel &model, const std::string &text)
{
    TrigramVerdict v;
    const std::vector<std::string> words = TrigramModel::words(text);
    const std::vector<int> ids = model.wordIds(words);
    v.log10Prob = model.sentenceLogProb(ids);
    v.words = int(words.size());
    for (size_t i = 0; i < words.size(); ++i)
        if (ids[i] < 0)
            v.unknownWords.push_back(words[i]);
    return v;
}

nlohmann::json toJson(const JudgeReport &report)
{
    nlohmann::json j = nlohmann::json::object();
    if (report.trigram)
        j["trigram"] = {{"log10_prob", report.trigram->log10Prob},
                        {"words", report.trigram->words},
                        {"per_word", report.trigram->perWord()},
                        {"unknown_words", report.trigram->unknownWords}};
    if (!report.guards.empty())
        j["guards"] = report.guards;
    if (report.grammar) {
        const GrammarVerdict &g = *report.grammar;
        j["grammar"] = {{"complete", g.complete},
                        {"null_links", g.nullLinks},
                        {"timed_out", g.timedOut},
                        {"disjunct_cost", std::isnan(g.disjunctCost) ? nlohmann::json(nullptr) : nlohmann::json(g.disjunctCost)}};
    }
    if (report.misspelled)
        j["misspelled"] = *report.misspelled;
    if (!report.mt.empty()) {
        nlohmann::json mt = nlohmann::json::object();
        for (const auto &[pair, v] : report.mt)
            mt[pair] = {{"translation", v.translation},
                        {"back_translation", v.backTranslation},
                        {"unknown_words", v.unknownWords},
                        {"round_trip_chrf", v.roundTripChrf}};
        j["mt"] = mt;
    }
    return j;
}

JudgeReport judgeReportFromJson(const nlohmann::json &j)
{
    JudgeReport r;
    if (j.contains("trigram")) {
        const nlohmann::json &t = j.at("trigram");
        r.trigram = TrigramVerdict{t.at("log10_prob").get<double>(), t.at("words").get<int>(),
                                   t.value("unknown_words", std::vector<std::string>())};
    }
    if (j.contains("guards"))
        r.guards = j.at("guards").get<std::vector<std::string>>();
    if (j.contains("grammar")) {
        const nlohmann::json &g = j.at("grammar");
        r.grammar = GrammarVerdict{g.at("complete").get<bool>(), g.at("null_links").get<int>(), g.value("timed_out", false),
                                   g.contains("disjunct_cost") && g.at("disjunct_cost").is_number() ? g.at("disjunct_cost").get<double>()
                                                                                                   : std::numeric_limits<double>::quiet_NaN(),
                                   {}};
    }
    if (j.contains("misspelled"))
        r.misspelled = j.at("misspelled").get<std::vector<std::string>>();
    if (j.contains("mt")) {
        for (const auto &[pair, v] : j.at("mt").items()) {
            RoundTripVerdict rt;
            rt.translation = v.value("translation", std::string());
            rt.backTranslation = v.value("back_translation", std::string());
            rt.unknownWords = v.value("unknown_words", std::vector<std::string>());
            rt.roundTripChrf = v.at("round_trip_chrf").get<double>();
            r.mt.emplace_back(pair, rt);
        }
    }
    return r;
}

}  // namespace gauntlet::judge
