#include "engine/judge/substitute_lexicon.h"

#include "engine/judge/judge_error.h"

#include <QFileInfo>
#include <QString>

#include <wn.h>

#include <algorithm>
#include <set>
#include <unordered_set>

namespace gauntlet::judge {

namespace {

/// libwordnet keeps global state (open files, static buffers): one call at a time, process-wide.
std::mutex &wordnetMutex()
{
    static std::mutex mutex;
    return mutex;
}

/// Opens WordNet in `dir` once per process (under wordnetMutex). Throws JudgeError.
void openWordnet(const std::string &dir)
{
    static std::string opened;
    if (!opened.empty()) {
        if (opened != dir)
            throw JudgeError("WordNet is already open from " + opened + " in this process; cannot open " + dir);
        return;
    }
    if (!QFileInfo(QString::fromStdString(dir + "/index.noun")).isFile())
        throw JudgeError("WordNet's files are not in " + dir + " (install wordnet-base, or set WNSEARCHDIR)");
    qputenv("WNSEARCHDIR", QByteArray::fromStdString(dir));
    if (wninit() != 0)
        throw JudgeError("libwordnet cannot open WordNet in " + dir);
    opened = dir;
}

std::string lowerAscii(std::string s)
{
    for (char &c : s) {
        if (c >= 'A' && c <= 'Z')
            c = char(c | 0x20);
    }
    return s;
}

bool lowerLetters(const std::string &s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

bool endsWith(const std::string &s, const char *suffix)
{
    const std::string t(suffix);
    return s.size() > t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0;
}

/// How `word` is inflected from `base` in part of speech `pos` (a coarse class: enough to keep a
/// plural a plural and a past form past).
std::string inflection(const std::string &word, const std::string &base, int pos)
{
    if (word == base)
        return "base";
    if (pos == VERB && endsWith(word, "ing"))
        return "ing";
    if (pos == VERB && endsWith(word, "ed"))
        return "ed";
    if ((pos == ADJ || pos == ADV) && endsWith(word, "est"))
        return "est";
    if ((pos == ADJ || pos == ADV) && endsWith(word, "er"))
        return "er";
    if (pos == NOUN)
        return "s";  // a noun not in its base form is a plural, regular ("rats") or not ("mice")
    if (pos == VERB && endsWith(word, "s"))
        return "s";
    return "irregular";
}

/// The base forms of `word` in `pos`: the word itself where WordNet lists it, then morphstr's.
/// Under wordnetMutex.
std::vector<std::string> baseForms(const std::string &word, int pos)
{
    std::vector<std::string> out;
    std::string buffer = word;
    if (IndexPtr idx = index_lookup(buffer.data(), pos)) {
        out.push_back(word);
        free_index(idx);
    }
    buffer = word;
    for (char *base = morphstr(buffer.data(), pos); base; base = morphstr(nullptr, pos)) {
        const std::string b(base);
        if (std::find(out.begin(), out.end(), b) == out.end())
            out.push_back(b);
    }
    return out;
}

/// The single-word lemmas of synset `s`, lower-cased (adjective markers such as "(a)" cut).
void addWords(SynsetPtr s, std::set<std::string> &out)
{
    for (int i = 0; i < s->wcount; ++i) {
        std::string w = s->words[i];
        const auto paren = w.find('(');
        if (paren != std::string::npos)
            w.resize(paren);
        w = lowerAscii(w);
        if (lowerLetters(w))
            out.insert(w);
    }
}

int hyponymsOf(SynsetPtr s)
{
    int n = 0;
    for (int q = 0; q < s->ptrcount; ++q)
        n += s->ptrtyp[q] == HYPOPTR || s->ptrtyp[q] == INSTANCES ? 1 : 0;
    return n;
}

/// Related lemmas of `base` in `pos` (see the header): of its first options.maxSenses senses, or
/// of sense `onlySense` (0-based) alone; `gloss`, if given, receives the lower-case letter words of
/// that sense's definition. Under wordnetMutex.
std::set<std::string> relatedLemmas(const std::string &base, int pos, const SubstituteLexicon::Options &options, int onlySense = -1,
                                    std::vector<std::string> *gloss = nullptr)
{
    std::set<std::string> out;
    std::string buffer = base;
    IndexPtr idx = index_lookup(buffer.data(), pos);
    if (!idx)
        return out;
    const int senses = std::min(idx->off_cnt, options.maxSenses);
    for (int k = 0; k < senses; ++k) {
        if (onlySense >= 0 && k != onlySense)
            continue;
        SynsetPtr s = read_synset(pos, long(idx->offset[k]), buffer.data());
        if (!s)
            continue;
        if (gloss && s->defn) {
            std::string word;
            for (const char *c = s->defn;; ++c) {
                if (*c && ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z'))) {
                    word += char(*c | 0x20);
                } else {
                    if (word.size() > 2 && !SubstituteLexicon::isStopword(word))
                        gloss->push_back(word);
                    word.clear();
                    if (!*c)
                        break;
                }
            }
        }
        if (pos != VERB)
            addWords(s, out);
        for (int p = 0; p < s->ptrcount; ++p) {
            const int type = s->ptrtyp[p];
            const int targetPos = s->ppos[p];
            if ((type == HYPOPTR || type == INSTANCES) && hyponymsOf(s) > options.maxSisters)
                continue;  // a broad word's hyponyms ("travel" -> every way of moving)
            // A verb keeps its antonyms only: even its synonyms take other complements and forms
            // ("promised to repair" -> "assured to repair", "demand better pay" -> "need better pay",
            // "rose" -> "arose").
            if (pos == VERB && type != ANTPTR)
                continue;
            // ... and an antonym pointer belongs to one word of the synset ("descend" -> "ascend"
            // is not an antonym of "fall"); pfrm is that word's 1-based index.
            if (type == ANTPTR && s->pfrm[p] > 0 && s->pfrm[p] <= s->wcount && lowerAscii(s->words[s->pfrm[p] - 1]) != base)
                continue;
            if (type == ANTPTR || type == SIMPTR || type == HYPOPTR || type == INSTANCES || type == VERBGROUP) {
                if (SynsetPtr t = read_synset(targetPos, s->ptroff[p], nullptr)) {
                    // An antonym is a lexical pointer: from one word to one word ("rise" -> "fall",
                    // not "fall"'s synonym "descend"); pto is the target word's 1-based index.
                    const int to = type == ANTPTR ? s->pto[p] : 0;
                    if (to > 0 && to <= t->wcount) {
                        char *only = t->words[to - 1];
                        Synset one = *t;
                        one.wcount = 1;
                        one.words = &only;
                        addWords(&one, out);
                    } else {
                        addWords(t, out);
                    }
                    free_synset(t);
                }
            } else if (type == HYPERPTR || type == INSTANCE) {
                SynsetPtr h = read_synset(targetPos, s->ptroff[p], nullptr);
                if (!h)
                    continue;
                addWords(h, out);
                // Sisters only under a specific hypernym: a verb's hypernym is broad ("raise" ->
                // "move": any motion), and so is a noun's with many hyponyms ("weekend" -> "time
                // period", whose 100+ hyponyms include "play" and "school").
                if (pos != VERB && hyponymsOf(h) <= options.maxSisters) {
                    for (int q = 0; q < h->ptrcount; ++q) {
                        if (h->ptrtyp[q] != HYPOPTR && h->ptrtyp[q] != INSTANCES)
                            continue;
                        if (SynsetPtr sister = read_synset(h->ppos[q], h->ptroff[q], nullptr)) {
                            addWords(sister, out);
                            free_synset(sister);
                        }
                    }
                }
                free_synset(h);
            }
        }
        free_synset(s);
    }
    free_index(idx);
    return out;
}

}  // namespace

bool SubstituteLexicon::isStopword(const std::string &word)
{
    // Closed-class English words (TextAttack's default stopword set, trimmed to single words).
    static const std::unordered_set<std::string> words{
        "a", "about", "above", "across", "after", "afterwards", "again", "against", "all", "almost", "alone", "along", "already",
        "also", "although", "am", "among", "amongst", "an", "and", "another", "any", "anyhow", "anyone", "anything", "anyway",
        "anywhere", "are", "around", "as", "at", "be", "became", "because", "been", "before", "beforehand", "behind", "being",
        "below", "beside", "besides", "between", "beyond", "both", "but", "by", "can", "cannot", "could", "did", "do", "does",
        "doing", "done", "down", "due", "during", "each", "either", "else", "elsewhere", "empty", "enough", "even", "ever",
        "everyone", "everything", "everywhere", "except", "few", "first", "for", "former", "formerly", "from", "further", "had",
        "has", "have", "having", "he", "hence", "her", "here", "hereafter", "hereby", "herein", "hereupon", "hers", "herself",
        "him", "himself", "his", "how", "however", "i", "if", "in", "indeed", "into", "is", "it", "its", "itself", "just",
        "latter", "latterly", "least", "less", "many", "may", "me", "meanwhile", "might", "mine", "more", "moreover", "most",
        "mostly", "must", "my", "myself", "namely", "neither", "never", "nevertheless", "next", "no", "nobody", "none",
        "noone", "nor", "not", "nothing", "now", "nowhere", "of", "off", "on", "once", "one", "only", "onto", "or", "other",
        "others", "otherwise", "our", "ours", "ourselves", "out", "over", "per", "please", "rather", "re", "same", "several",
        "shall", "she", "should", "since", "so", "some", "somehow", "someone", "something", "sometime", "sometimes",
        "somewhere", "still", "such", "than", "that", "the", "their", "theirs", "them", "themselves", "then", "thence",
        "there", "thereafter", "thereby", "therefore", "therein", "thereupon", "these", "they", "this", "those", "though",
        "through", "throughout", "thru", "thus", "to", "together", "too", "toward", "towards", "under", "unless", "until",
        "up", "upon", "us", "used", "very", "via", "was", "we", "were", "what", "whatever", "when", "whence", "whenever",
        "where", "whereafter", "whereas", "whereby", "wherein", "whereupon", "wherever", "whether", "which", "while",
        "whither", "who", "whoever", "whole", "whom", "whose", "why", "will", "with", "within", "without", "would", "yet",
        "you", "your", "yours", "yourself", "yourselves"};
    return words.count(word) > 0;
}

namespace {

/// WordNet's part of speech for judge::partOfSpeech's letter ('n', 'v', 'a', 'e'); 0 for any other.
int wordnetPos(char partOfSpeech)
{
    return partOfSpeech == 'n' ? NOUN : partOfSpeech == 'v' ? VERB : partOfSpeech == 'a' ? ADJ : partOfSpeech == 'e' ? ADV : 0;
}

}  // namespace

void SubstituteLexicon::addForms(const std::set<std::string> &lemmas, int pos, const std::string &inflected, const std::string &word,
                                 std::set<std::string> &out) const
{
    for (const std::string &lemma : lemmas) {
        const auto it = m_forms.find(std::to_string(pos) + ":" + lemma);
        if (it == m_forms.end())
            continue;
        for (const auto &[surface, form] : it->second)
            if (form == inflected && surface != word)
                out.insert(surface);
    }
}

std::vector<SubstituteLexicon::Sense> SubstituteLexicon::senses(const std::string &wordAnyCase, char partOfSpeech) const
{
    const std::string word = lowerAscii(wordAnyCase);
    const int only = wordnetPos(partOfSpeech);
    std::vector<Sense> out;
    if (!lowerLetters(word))
        return out;
    Options wide = m_options;
    wide.maxSenses = m_options.maxSensesInContext;
    const std::lock_guard lock(wordnetMutex());
    for (int pos = NOUN; pos <= ADV; ++pos) {
        if (only != 0 && pos != only)
            continue;
        for (const std::string &base : baseForms(word, pos)) {
            const std::string form = inflection(word, base, pos);
            std::string buffer = base;
            IndexPtr idx = index_lookup(buffer.data(), pos);
            const int count = idx ? std::min(idx->off_cnt, wide.maxSenses) : 0;
            if (idx)
                free_index(idx);
            for (int k = 0; k < count; ++k) {
                Sense sense;
                const std::set<std::string> lemmas = relatedLemmas(base, pos, wide, k, &sense.signature);
                sense.signature.insert(sense.signature.end(), lemmas.begin(), lemmas.end());
                std::set<std::string> substitutes;
                addForms(lemmas, pos, form, word, substitutes);
                sense.substitutes.assign(substitutes.begin(), substitutes.end());
                out.push_back(std::move(sense));
            }
        }
    }
    return out;
}

std::string SubstituteLexicon::defaultDir()
{
    const QByteArray env = qgetenv("WNSEARCHDIR");
    return env.isEmpty() ? std::string("/usr/share/wordnet") : env.toStdString();
}

SubstituteLexicon::SubstituteLexicon(const std::vector<std::string> &pool, const Options &options, const std::string &wordnetDir)
    : m_options(options)
{
    const std::lock_guard lock(wordnetMutex());
    openWordnet(wordnetDir);
    std::unordered_set<std::string> seen;
    for (const std::string &word : pool) {
        if (!lowerLetters(word) || !seen.insert(word).second)
            continue;
        m_pool.push_back(word);
        bool known = false;
        for (int pos = NOUN; pos <= ADV; ++pos) {
            for (const std::string &base : baseForms(word, pos)) {
                m_forms[std::to_string(pos) + ":" + base].emplace_back(word, inflection(word, base, pos));
                known = true;
            }
        }
        m_poolKnown += known ? 1 : 0;
    }
    if (m_poolKnown == 0)
        throw JudgeError("no word of the substitution pool is in WordNet (" + wordnetDir + ")");
}

std::vector<std::string> SubstituteLexicon::substitutes(const std::string &wordAnyCase, char partOfSpeech) const
{
    const std::string word = lowerAscii(wordAnyCase);
    const int only = wordnetPos(partOfSpeech);
    const std::string key = word + '/' + std::to_string(only);
    {
        const std::lock_guard lock(m_mutex);
        const auto it = m_memo.find(key);
        if (it != m_memo.end())
            return it->second;
    }
    std::set<std::string> out;
    if (lowerLetters(word)) {
        const std::lock_guard lock(wordnetMutex());
        for (int pos = NOUN; pos <= ADV; ++pos) {
            if (only != 0 && pos != only)
                continue;
            for (const std::string &base : baseForms(word, pos))
                addForms(relatedLemmas(base, pos, m_options), pos, inflection(word, base, pos), word, out);
        }
    }
    std::vector<std::string> result(out.begin(), out.end());
    const std::lock_guard lock(m_mutex);
    m_memo.emplace(key, result);
    return result;
}

}  // namespace gauntlet::judge
