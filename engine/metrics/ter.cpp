#include "engine/metrics/ter.h"

#include "engine/metrics/mteval_rules.h"
#include "engine/metrics/python_text.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <unordered_map>

namespace gauntlet::metrics {

// ---------------------------------------------------------------------------------------------
// TercomTokenizer (sacrebleu/tokenizers/tokenizer_ter.py)

namespace {

// TercomTokenizer.ASIAN_PUNCT and FULL_WIDTH_PUNCT.
bool isAsianPunctuation(char32_t c)
{
    return c == 0x3001 || c == 0x3002 || (c >= 0x3008 && c <= 0x3011) || (c >= 0x3014 && c <= 0x301F)
        || (c >= 0xFF61 && c <= 0xFF65) || c == 0x30FB;
}

bool isFullWidthPunctuation(char32_t c)
{
    return c == 0xFF0E || c == 0xFF0C || c == 0xFF1F || c == 0xFF1A || c == 0xFF1B || c == 0xFF01 || c == 0xFF02
        || c == 0xFF08 || c == 0xFF09;
}

// The character classes that _normalize_asian pads with spaces, one regex each in sacrebleu:
// CJK Unified Ideographs (+ Extension A), CJK Strokes, CJK Radicals Supplement, CJK
// Compatibility, CJK Compatibility Ideographs and Forms, the range U+3200-U+3F22, and the two
// punctuation sets. Every rule rewrites one character c to " c ", so one pass over their union
// gives the same words. The three Hiragana/Katakana rules of _normalize_asian are anchored with
// `^` to the start of the string and need the whole string to be kana; after
// _normalize_general_and_western the string always starts with a space, so they never match
// and are left out.
bool isAsianSplitCharacter(char32_t c)
{
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x31C0 && c <= 0x31EF)
        || (c >= 0x2E80 && c <= 0x2EFF) || (c >= 0x3300 && c <= 0x33FF) || (c >= 0xF900 && c <= 0xFAFF)
        || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0x3200 && c <= 0x3F22) || isAsianPunctuation(c)
        || isFullWidthPunctuation(c);
}

// _normalize_general_and_western.
std::u32string normalizeGeneralAndWestern(std::u32string_view input)
{
    using detail::replaceAll;
    std::u32string s = replaceAll(input, U"\n-", U"");
    s = replaceAll(s, U"\n", U" ");
    s = replaceAll(s, U"&quot;", U"\"");
    s = replaceAll(s, U"&amp;", U"&");
    s = replaceAll(s, U"&lt;", U"<");
    s = replaceAll(s, U"&gt;", U">");
    s = detail::padAsciiPunctuation(U" " + s + U" ");
    // Possessives: r"'s " -> r" 's ", then r"'s$" -> r" 's". The string ends with the space added
    // above, so `$` (end, or before a final "\n") can only follow "'s" in the "\n" case.
    s = replaceAll(s, U"'s ", U" 's ");
    if (s.size() >= 3 && s.compare(s.size() - 3, 3, U"'s\n") == 0)
        s.replace(s.size() - 3, 2, U" 's");
    s = detail::splitPeriodCommaAfterNonDigit(s);
    s = detail::splitPeriodCommaBeforeNonDigit(s);
    return detail::splitDashAfterDigit(s);
}

std::u32string normalizeAsian(std::u32string_view input)
{
    return detail::padCharacters(input, isAsianSplitCharacter);
}

// _remove_punct and _remove_asian_punct.
std::u32string removePunctuation(std::u32string_view input, bool asian)
{
    std::u32string out;
    out.reserve(input.size());
    for (char32_t c : input) {
        const bool western = c == '.' || c == ',' || c == '?' || c == ':' || c == ';' || c == '!' || c == '"'
            || c == '(' || c == ')';
        if (western || (asian && (isAsianPunctuation(c) || isFullWidthPunctuation(c))))
            continue;
        out.push_back(c);
    }
    return out;
}

}  // namespace

std::u32string tokenizeTercom(std::u32string_view sentence, const TerOptions &options)
{
    if (sentence.empty())
        return {};
    std::u32string s = options.caseSensitive ? std::u32string(sentence) : lowerPython(sentence);
    if (options.normalized) {
        s = normalizeGeneralAndWestern(s);
        if (options.asianSupport)
            s = normalizeAsian(s);
    }
    if (options.noPunct)
        s = removePunctuation(s, options.asianSupport);
    return detail::joinPythonWords(s);
}

std::string tokenizeTercom(std::string_view utf8Sentence, const TerOptions &options)
{
    return encodeUtf8(tokenizeTercom(std::u32string_view(decodeUtf8(utf8Sentence)), options));
}

// ---------------------------------------------------------------------------------------------
// Edit distance with shifts (sacrebleu/metrics/lib_ter.py)

namespace {

constexpr int kMaxShiftSize = 10;
constexpr int kMaxShiftDist = 50;
constexpr int kBeamWidth = 25;
constexpr int kMaxShiftCandidates = 1000;
constexpr long long kInfinity = 10000000000000000LL;  // int(1e16)

// Edit operations, named as in lib_ter: rewriting the hypothesis into the reference, 'd' consumes
// a hypothesis word and 'i' a reference word.
enum Op : char { OpNop = ' ', OpSub = 's', OpIns = 'i', OpDel = 'd', OpUndef = 'x' };

using Words = std::vector<std::int32_t>;

// BeamEditDistance for one reference. sacrebleu caches matrix rows in a trie keyed by hypothesis
// prefixes; every hypothesis it sees during one translation_edit_rate call has the same length,
// so a row depends on the prefix alone and the cache changes no result. Here the rows of the
// hypothesis being shifted are kept, and a candidate reuses them up to its first changed word.
class BeamEditDistance {
public:
    explicit BeamEditDistance(const Words &ref)
        : m_ref(ref)
        , m_cols(ref.size() + 1)
    {
    }

    // Full matrix for `hyp` (kept as the base for candidates); returns the distance and the trace.
    long long computeBase(const Words &hyp, std::string &trace)
    {
        setHypothesisLength(hyp.size());
        m_baseCost.assign((hyp.size() + 1) * m_cols, kInfinity);
        m_baseOp.assign((hyp.size() + 1) * m_cols, OpUndef);
        for (std::size_t j = 0; j < m_cols; ++j) {
            m_baseCost[j] = static_cast<long long>(j);  // the initial row: j insertions
            m_baseOp[j] = OpIns;
        }
        for (std::size_t i = 1; i <= hyp.size(); ++i)
            fillRow(hyp, i, &m_baseCost[(i - 1) * m_cols], &m_baseCost[i * m_cols], &m_baseOp[i * m_cols]);

        // Back-trace from the bottom-right cell.
        trace.clear();
        std::size_t i = hyp.size();
        std::size_t j = m_ref.size();
        while (i > 0 || j > 0) {
            const char op = m_baseOp[i * m_cols + j];
            trace.push_back(op);
            if (op == OpSub || op == OpNop) {
                --i, --j;
            } else if (op == OpIns) {
                --j;
            } else if (op == OpDel) {
                --i;
            } else {
                throw MetricsError("TER: edit distance trace left the beam");
            }
        }
        std::reverse(trace.begin(), trace.end());
        return m_baseCost[hyp.size() * m_cols + m_ref.size()];
    }

    // Distance for `hyp`, which equals the base hypothesis in its first `prefix` words.
    long long computeFromBase(const Words &hyp, std::size_t prefix)
    {
        if (prefix >= hyp.size())
            return m_baseCost[hyp.size() * m_cols + m_ref.size()];
        m_rowA.assign(m_baseCost.begin() + static_cast<std::ptrdiff_t>(prefix * m_cols),
                      m_baseCost.begin() + static_cast<std::ptrdiff_t>((prefix + 1) * m_cols));
        long long *prev = m_rowA.data();
        m_rowB.resize(m_cols);
        m_ops.resize(m_cols);
        long long *cur = m_rowB.data();
        for (std::size_t i = prefix + 1; i <= hyp.size(); ++i) {
            std::fill(cur, cur + m_cols, kInfinity);
            fillRow(hyp, i, prev, cur, m_ops.data());
            std::swap(prev, cur);
        }
        return prev[m_ref.size()];
    }

private:
    void setHypothesisLength(std::size_t nHyp)
    {
        m_nHyp = nHyp;
        const double nRef = static_cast<double>(m_ref.size());
        m_lengthRatio = nHyp ? nRef / static_cast<double>(nHyp) : 1.0;
        // "in some crazy sentences, the difference in length is so large that we may end up with
        // zero overlap with previous row"
        if (kBeamWidth < m_lengthRatio / 2)
            m_beamWidth = static_cast<long long>(std::ceil(m_lengthRatio / 2 + kBeamWidth));
        else
            m_beamWidth = kBeamWidth;
    }

    // Row i of the Levenshtein matrix inside the beam around the pseudo-diagonal; `cur` must hold
    // infinities outside it. Ties prefer no-op/substitution, then deletion, then insertion.
    void fillRow(const Words &hyp, std::size_t i, const long long *prev, long long *cur, char *curOp) const
    {
        const auto pseudoDiag = static_cast<long long>(std::floor(static_cast<double>(i) * m_lengthRatio));
        const long long nCols = static_cast<long long>(m_cols);
        const long long minJ = std::max(0LL, pseudoDiag - m_beamWidth);
        long long maxJ = std::min(nCols, pseudoDiag + m_beamWidth);
        if (i == m_nHyp)
            maxJ = nCols;
        const std::int32_t word = hyp[i - 1];
        for (long long jj = minJ; jj < maxJ; ++jj) {
            const auto j = static_cast<std::size_t>(jj);
            if (j == 0) {
                cur[0] = prev[0] + 1;
                curOp[0] = OpDel;
                continue;
            }
            long long best = cur[j];
            char op = curOp[j];
            const bool same = word == m_ref[j - 1];
            const long long sub = prev[j - 1] + (same ? 0 : 1);
            if (best > sub)
                best = sub, op = same ? OpNop : OpSub;
            const long long del = prev[j] + 1;
            if (best > del)
                best = del, op = OpDel;
            const long long ins = cur[j - 1] + 1;
            if (best > ins)
                best = ins, op = OpIns;
            cur[j] = best;
            curOp[j] = op;
        }
    }

    const Words &m_ref;
    std::size_t m_cols;
    std::size_t m_nHyp = 0;
    double m_lengthRatio = 1.0;
    long long m_beamWidth = kBeamWidth;
    std::vector<long long> m_baseCost;
    std::vector<char> m_baseOp;
    std::vector<long long> m_rowA, m_rowB;
    std::vector<char> m_ops;
};

// _perform_shift: move words[start, start + length) to before position `target`.
Words performShift(const Words &words, std::size_t start, std::size_t length, std::size_t target)
{
    Words out;
    out.reserve(words.size());
    auto append = [&](std::size_t from, std::size_t to) {
        to = std::min(to, words.size());
        if (from < to)
            out.insert(out.end(), words.begin() + static_cast<std::ptrdiff_t>(from),
                       words.begin() + static_cast<std::ptrdiff_t>(to));
    };
    if (target < start) {
        append(0, target);
        append(start, start + length);
        append(target, start);
        append(start + length, words.size());
    } else if (target > start + length) {
        append(0, start);
        append(start + length, target);
        append(start, start + length);
        append(target, words.size());
    } else {
        append(0, start);
        append(start + length, length + target);
        append(start, start + length);
        append(length + target, words.size());
    }
    return out;
}

struct Alignment {
    std::vector<long long> align;  // reference position -> hypothesis position (-1: before the start)
    std::vector<int> refErr;
    std::vector<int> hypErr;
};

// _flip_trace then trace_to_alignment.
Alignment alignmentFromTrace(const std::string &inverseTrace, std::size_t nRef)
{
    Alignment a;
    a.align.assign(nRef, -1);
    long long posHyp = -1;
    long long posRef = -1;
    for (char inv : inverseTrace) {
        const char op = inv == OpIns ? char(OpDel) : inv == OpDel ? char(OpIns) : inv;
        if (op == OpNop || op == OpSub) {
            ++posHyp, ++posRef;
            a.align[static_cast<std::size_t>(posRef)] = posHyp;
            a.hypErr.push_back(op == OpSub);
            a.refErr.push_back(op == OpSub);
        } else if (op == OpIns) {
            ++posHyp;
            a.hypErr.push_back(1);
        } else {
            ++posRef;
            a.align[static_cast<std::size_t>(posRef)] = posHyp;
            a.refErr.push_back(1);
        }
    }
    return a;
}

struct ShiftResult {
    long long delta = 0;
    Words words;
};

// _shift: the best single shift of `wordsH`, ranked by (distance reduction, length, earliest
// start, earliest target); `checkedCandidates` counts every candidate evaluated so far.
ShiftResult bestShift(const Words &wordsH, const Words &wordsR, BeamEditDistance &ed, int &checkedCandidates,
                      long long &preScore)
{
    std::string inverseTrace;
    preScore = ed.computeBase(wordsH, inverseTrace);
    const Alignment al = alignmentFromTrace(inverseTrace, wordsR.size());

    bool haveBest = false;
    long long bestKey[4] = {0, 0, 0, 0};
    Words bestWords;
    const std::size_t nH = wordsH.size();
    const std::size_t nR = wordsR.size();
    bool stop = false;
    // _find_shifted_pairs: every (start_h, start_r, length) with equal word runs.
    for (std::size_t startH = 0; startH < nH && !stop; ++startH) {
        for (std::size_t startR = 0; startR < nR && !stop; ++startR) {
            const long long dist = static_cast<long long>(startR) - static_cast<long long>(startH);
            if (dist > kMaxShiftDist || dist < -kMaxShiftDist)
                continue;
            std::size_t length = 0;
            while (wordsH[startH + length] == wordsR[startR + length] && length < kMaxShiftSize) {
                ++length;
                // The candidate (startH, startR, length).
                [&] {
                    // Shift only when the hypothesis words are wrong and the reference words unmatched.
                    int hypErrors = 0;
                    int refErrors = 0;
                    for (std::size_t k = startH; k < startH + length; ++k)
                        hypErrors += al.hypErr[k];
                    if (hypErrors == 0)
                        return;
                    for (std::size_t k = startR; k < startR + length; ++k)
                        refErrors += al.refErr[k];
                    if (refErrors == 0)
                        return;
                    // Don't shift within the subsequence itself.
                    const long long alignedR = al.align[startR];
                    if (static_cast<long long>(startH) <= alignedR
                        && alignedR < static_cast<long long>(startH + length))
                        return;
                    long long prevIdx = -1;
                    for (long long offset = -1; offset < static_cast<long long>(length); ++offset) {
                        long long idx;
                        const long long r = static_cast<long long>(startR) + offset;
                        if (r == -1)
                            idx = 0;  // insert before the beginning
                        else if (r < static_cast<long long>(nR))
                            idx = al.align[static_cast<std::size_t>(r)] + 1;  // sacrebleu inserts before
                        else
                            break;
                        if (idx == prevIdx)
                            continue;
                        prevIdx = idx;
                        Words shifted = performShift(wordsH, startH, length, static_cast<std::size_t>(idx));
                        std::size_t prefix = 0;
                        while (prefix < nH && shifted[prefix] == wordsH[prefix])
                            ++prefix;
                        const long long key[4] = {preScore - ed.computeFromBase(shifted, prefix),
                                                  static_cast<long long>(length),
                                                  -static_cast<long long>(startH), -idx};
                        ++checkedCandidates;
                        if (!haveBest || std::lexicographical_compare(bestKey, bestKey + 4, key, key + 4)) {
                            haveBest = true;
                            std::copy(key, key + 4, bestKey);
                            bestWords = std::move(shifted);
                        }
                    }
                    if (checkedCandidates >= kMaxShiftCandidates)
                        stop = true;
                }();
                if (stop)
                    break;
                if (nH == startH + length || nR == startR + length)
                    break;
            }
        }
    }
    if (!haveBest)
        return {0, wordsH};
    return {bestKey[0], std::move(bestWords)};
}

}  // namespace

TerEdits translationEditRate(const Words &hypothesisWords, const Words &referenceWords)
{
    TerEdits result;
    result.refLength = static_cast<long long>(referenceWords.size());
    if (referenceWords.empty()) {
        result.edits = static_cast<long long>(hypothesisWords.size());
        return result;
    }
    BeamEditDistance ed(referenceWords);
    long long shifts = 0;
    int checkedCandidates = 0;
    Words input = hypothesisWords;
    long long distance = 0;
    while (true) {
        ShiftResult shift = bestShift(input, referenceWords, ed, checkedCandidates, distance);
        if (checkedCandidates >= kMaxShiftCandidates)
            break;
        if (shift.delta <= 0)
            break;
        ++shifts;
        input = std::move(shift.words);
    }
    // `distance` is the edit distance of `input`: bestShift computed it before looking at shifts,
    // and `input` has not changed since.
    result.edits = shifts + distance;
    return result;
}

// ---------------------------------------------------------------------------------------------
// The metric (sacrebleu/metrics/ter.py)

Ter::Ter(TerOptions options)
    : m_options(options)
{
}

std::string Ter::signature(int nrefs) const
{
    return "nrefs:" + std::to_string(nrefs) + "|case:" + (m_options.caseSensitive ? "mixed" : "lc")
        + "|tok:tercom|norm:" + (m_options.normalized ? "yes" : "no") + "|punct:"
        + (m_options.noPunct ? "no" : "yes") + "|asian:" + (m_options.asianSupport ? "yes" : "no")
        + "|version:2.6.0";
}

Statistics Ter::segmentStatistics(std::string_view hypothesis, const std::vector<std::string_view> &references) const
{
    if (references.empty())
        throw MetricsError("TER: a segment needs at least one reference");
    // Word ids shared by the hypothesis and its references. TER._preprocess_segment: the tokenizer
    // on the rstrip()'d text.
    std::unordered_map<std::u32string_view, std::int32_t> ids;
    std::deque<std::u32string> texts;  // the ids' keys point into these; a deque never moves them
    auto toWords = [&](std::string_view utf8) {
        const std::u32string decoded = decodeUtf8(utf8);
        texts.push_back(tokenizeTercom(rstripPython(decoded), m_options));
        Words words;
        for (std::u32string_view w : splitPythonWhitespace(texts.back()))
            words.push_back(ids.emplace(w, static_cast<std::int32_t>(ids.size())).first->second);
        return words;
    };
    const Words hyp = toWords(hypothesis);
    // TER._compute_segment_statistics: fewest edits over references, average reference length.
    long long bestEdits = kInfinity;
    long long refLengths = 0;
    for (std::string_view reference : references) {
        const TerEdits e = translationEditRate(hyp, toWords(reference));
        refLengths += e.refLength;
        bestEdits = std::min(bestEdits, e.edits);
    }
    return {static_cast<double>(bestEdits), static_cast<double>(refLengths) / static_cast<double>(references.size())};
}

namespace {

// TER._compute_score_from_stats; `Ratio` is the type of edits / length (float for numpy float32
// sums, see Metric::scoreFromFloat32Statistics).
template<typename Ratio>
double terScore(const Statistics &statistics)
{
    if (statistics.size() != 2)
        throw MetricsError("TER: expected 2 statistics, got " + std::to_string(statistics.size()));
    const auto edits = static_cast<Ratio>(statistics[0]);
    const auto refLength = static_cast<Ratio>(statistics[1]);
    double score;
    if (refLength > 0)
        score = static_cast<double>(static_cast<Ratio>(edits / refLength));
    else if (edits > 0)
        score = 1.0;  // empty reference(s) and non-empty hypothesis
    else
        score = 0.0;  // both empty
    return 100 * score;
}

}  // namespace

double Ter::scoreFromStatistics(const Statistics &statistics) const { return terScore<double>(statistics); }

double Ter::scoreFromFloat32Statistics(const Statistics &float32Sums) const { return terScore<float>(float32Sums); }

}  // namespace gauntlet::metrics
