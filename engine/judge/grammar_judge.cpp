#include "engine/judge/grammar_judge.h"

#include "engine/judge/judge_error.h"

extern "C" {
#include <link-grammar/link-includes.h>
}

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>

namespace gauntlet::judge {

namespace {

// link-grammar reports through a per-thread handler; by default it prints Info and Warning lines
// (dictionary locale, version) to stderr. Errors are kept for the exception message, the rest
// dropped.
void quietHandler(lg_errinfo *info, void *data)
{
    if (info->severity <= lg_Error && data)
        *static_cast<std::string *>(data) += info->text;
}

struct ParseOptions {
    Parse_Options opts;
    explicit ParseOptions(const GrammarOptions &o) : opts(parse_options_create())
    {
        parse_options_set_verbosity(opts, 0);
        parse_options_set_spell_guess(opts, 0);
        parse_options_set_linkage_limit(opts, o.linkageLimit);
        parse_options_set_max_parse_time(opts, o.maxParseSeconds);
        parse_options_set_islands_ok(opts, false);
        parse_options_set_min_null_count(opts, 0);
        parse_options_set_max_null_count(opts, 0);
    }
    ~ParseOptions() { parse_options_delete(opts); }
    ParseOptions(const ParseOptions &) = delete;
    ParseOptions &operator=(const ParseOptions &) = delete;
};

struct SentenceHandle {
    Sentence sentence;
    SentenceHandle(const std::string &text, Dictionary dict) : sentence(sentence_create(text.c_str(), dict)) {}
    ~SentenceHandle()
    {
        if (sentence)
            sentence_delete(sentence);
    }
    SentenceHandle(const SentenceHandle &) = delete;
    SentenceHandle &operator=(const SentenceHandle &) = delete;
};

/// The disjunct cost of linkage 0, the best (linkages are sorted by violations, then disjunct
/// cost, then link cost), and its words; NaN when none can be made.
double bestLinkage(Sentence sentence, Parse_Options opts, std::vector<std::string> *words)
{
    Linkage linkage = linkage_create(0, sentence, opts);
    if (!linkage)
        return std::numeric_limits<double>::quiet_NaN();
    const double cost = linkage_disjunct_cost(linkage);
    if (words) {
        words->clear();
        const int n = int(linkage_get_num_words(linkage));
        for (int i = 0; i < n; ++i) {
            const char *w = linkage_get_word(linkage, WordIdx(i));
            const std::string word = w ? w : "";
            if (word != "LEFT-WALL" && word != "RIGHT-WALL")
                words->push_back(word);
        }
    }
    linkage_delete(linkage);
    return cost;
}

bool blank(const std::string &s)
{
    return s.find_first_not_of(" \t\r\n") == std::string::npos;
}

/// `text` with every ASCII control character (NUL included) as a space: link-grammar reads a C
/// string, so a NUL would cut the text (the guard and Hunspell would judge different texts), and
/// one at the start crashed it (issue 39).
std::string withoutControls(const std::string &text)
{
    std::string out = text;
    for (char &c : out) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            c = ' ';
    }
    return out;
}

}  // namespace

char partOfSpeech(const std::string &w)
{
    if (w.size() >= 3 && w.back() == ']' && (w.compare(w.size() - 3, 3, "[!]") == 0 || w.compare(w.size() - 3, 3, "[?]") == 0))
        return '?';
    if (w.find('[') != std::string::npos)
        return '?';  // "[~]" and the like: a guessed or spelled reading
    const auto dot = w.rfind('.');
    if (dot == std::string::npos || dot == 0 || dot + 1 >= w.size())
        return '\0';
    const std::string sub = w.substr(dot + 1);
    if (!std::all_of(sub.begin(), sub.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '-' || (c >= '0' && c <= '9'); }))
        return '\0';
    const char c = sub.front();
    return c == 's' || c == 'p' ? 'n' : c;
}

std::string linkageWordText(const std::string &w)
{
    std::string s = w;
    if (s.size() > 2 && s.front() == '[' && s.back() == ']')
        s = s.substr(1, s.size() - 2);  // a null-linked word
    const auto bracket = s.find('[');
    if (bracket != std::string::npos && bracket > 0)
        s = s.substr(0, bracket);
    const auto dot = s.rfind('.');
    if (dot != std::string::npos && dot > 0 && dot + 1 < s.size()) {
        const std::string sub = s.substr(dot + 1);
        if (std::all_of(sub.begin(), sub.end(), [](char c) { return (c >= 'a' && c <= 'z') || c == '-' || (c >= '0' && c <= '9'); }))
            s = s.substr(0, dot);
    }
    return s;
}

GrammarJudge::GrammarJudge(void *dictionary) : m_dictionary(dictionary) {}

GrammarJudge::~GrammarJudge()
{
    dictionary_delete(static_cast<Dictionary>(m_dictionary));
}

std::shared_ptr<const GrammarJudge> GrammarJudge::english()
{
    static std::mutex mutex;
    static std::shared_ptr<const GrammarJudge> judge;
    const std::lock_guard<std::mutex> lock(mutex);
    if (!judge) {
        std::string errors;
        lg_error_set_handler(quietHandler, &errors);
        Dictionary dict = dictionary_create_lang("en");
        lg_error_set_handler(quietHandler, nullptr);
        if (!dict)
            throw JudgeError("the link-grammar English dictionary cannot be loaded (install link-grammar-dictionaries-en)"
                             + (errors.empty() ? std::string() : ": " + errors));
        judge.reset(new GrammarJudge(dict));
    }
    return judge;
}

GrammarVerdict GrammarJudge::parse(const std::string &raw, const GrammarOptions &options) const
{
    GrammarVerdict v;
    const std::string text = withoutControls(raw);
    if (blank(text))
        return v;
    lg_error_set_handler(quietHandler, nullptr);
    ParseOptions o(options);
    SentenceHandle s(text, static_cast<Dictionary>(m_dictionary));
    if (!s.sentence || sentence_split(s.sentence, o.opts) < 0)
        return v;
    // link-parser: first without null links ...
    int found = sentence_parse(s.sentence, o.opts);
    if (parse_options_timer_expired(o.opts)) {
        v.timedOut = true;
        return v;
    }
    if (found > 0) {
        // As the CLI: a linkage at null count 0 ends the search, even one with only
        // post-processing violations (then it is not complete).
        v.nullLinks = 0;
        v.complete = sentence_num_valid_linkages(s.sentence) > 0;
        v.disjunctCost = bestLinkage(s.sentence, o.opts, &v.linkageWords);
        return v;
    }
    // ... then, when none was found, with 1 .. length null links.
    parse_options_set_min_null_count(o.opts, 1);
    parse_options_set_max_null_count(o.opts, sentence_length(s.sentence));
    found = sentence_parse(s.sentence, o.opts);
    if (parse_options_timer_expired(o.opts)) {
        v.timedOut = true;
        v.nullLinks = -1;
        return v;
    }
    if (found > 0) {
        v.nullLinks = sentence_null_count(s.sentence);
        v.disjunctCost = bestLinkage(s.sentence, o.opts, &v.linkageWords);
    }
    return v;
}

bool GrammarJudge::parsesWithin(const std::string &raw, int maxNullLinks, double maxDisjunctCost, std::vector<std::string> *words,
                                const GrammarOptions &options) const
{
    return checkWithin(raw, maxNullLinks, maxDisjunctCost, words, options).passes();
}

GrammarCheck GrammarJudge::checkWithin(const std::string &raw, int maxNullLinks, double maxDisjunctCost, std::vector<std::string> *words,
                                       const GrammarOptions &options) const
{
    GrammarCheck out;
    const std::string text = withoutControls(raw);
    if (blank(text) || maxNullLinks < 0) {
        out.refusal = GrammarRefusal::Empty;
        return out;
    }
    lg_error_set_handler(quietHandler, nullptr);
    ParseOptions o(options);
    parse_options_set_max_null_count(o.opts, maxNullLinks);
    // A linkage's disjunct cost is the sum of its disjuncts' (each >= 0), so a linkage within
    // maxDisjunctCost uses no disjunct above it: leaving those out of the parse loses none of the
    // linkages this check can accept, and prunes the search (the default cap is 2.7).
    if (std::isfinite(maxDisjunctCost) && maxDisjunctCost >= 0) {
        const float cap = std::nextafter(float(maxDisjunctCost), std::numeric_limits<float>::infinity());
        if (cap < parse_options_get_disjunct_cost(o.opts))
            parse_options_set_disjunct_cost(o.opts, cap);
    }
    SentenceHandle s(text, static_cast<Dictionary>(m_dictionary));
    if (!s.sentence || sentence_split(s.sentence, o.opts) < 0) {
        out.refusal = GrammarRefusal::Empty;
        return out;
    }
    const int found = sentence_parse(s.sentence, o.opts);
    if (parse_options_timer_expired(o.opts)) {
        out.refusal = GrammarRefusal::TimedOut;
        return out;
    }
    if (found <= 0) {
        out.refusal = GrammarRefusal::NoLinkage;
        return out;
    }
    if (maxNullLinks == 0 && sentence_num_valid_linkages(s.sentence) == 0) {
        out.refusal = GrammarRefusal::PostProcessing;
        return out;
    }
    out.disjunctCost = bestLinkage(s.sentence, o.opts, words);
    if (out.disjunctCost > maxDisjunctCost)
        out.refusal = GrammarRefusal::Cost;
    return out;
}

}  // namespace gauntlet::judge
