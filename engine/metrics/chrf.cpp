#include "engine/metrics/chrf.h"

#include "engine/metrics/ngram_counts.h"
#include "engine/metrics/python_text.h"

#include <algorithm>

namespace gauntlet::metrics {

namespace {

// string.punctuation, as CHRF._PUNCTS.
bool isAsciiPunctuation(char32_t c)
{
    return (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60)
        || (c >= 0x7B && c <= 0x7E);
}

// CHRF._remove_punctuation: one leading or trailing punctuation mark split off each word
// (trailing first; "(hi)" gives "(hi" and ")", sacrebleu issue #124).
std::vector<std::u32string_view> splitPunctuation(std::u32string_view sentence)
{
    std::vector<std::u32string_view> tokens;
    for (std::u32string_view w : splitPythonWhitespace(sentence)) {
        if (w.size() == 1) {
            tokens.push_back(w);
        } else if (isAsciiPunctuation(w.back())) {
            tokens.push_back(w.substr(0, w.size() - 1));
            tokens.push_back(w.substr(w.size() - 1));
        } else if (isAsciiPunctuation(w.front())) {
            tokens.push_back(w.substr(0, 1));
            tokens.push_back(w.substr(1));
        } else {
            tokens.push_back(w);
        }
    }
    return tokens;
}

// The n-grams of one segment, one table per order (characters, then words), with the text the
// table keys point into.
struct SegmentNgrams {
    std::u32string chars;            // the character stream (whitespace removed unless kept)
    detail::WordSequence words;  // punctuation-split words, for chrF++
    std::vector<detail::NgramCounts> perOrder;
};

void extractNgrams(std::string_view utf8, const ChrfOptions &o, SegmentNgrams &out)
{
    std::u32string text = decodeUtf8(utf8);
    if (o.lowercase)
        text = lowerPython(text);  // CHRF._preprocess_segment
    if (o.whitespace) {
        out.chars = text;
    } else {
        out.chars.clear();
        for (std::u32string_view w : splitPythonWhitespace(text))
            out.chars.append(w);  // ''.join(line.split())
    }
    out.perOrder.clear();
    const std::u32string_view chars(out.chars);
    for (int n = 1; n <= o.charOrder; ++n) {
        detail::NgramCounts counts;
        const auto len = static_cast<std::size_t>(n);
        for (std::size_t i = 0; i + len <= chars.size(); ++i)
            ++counts[chars.substr(i, len)];
        out.perOrder.push_back(std::move(counts));
    }
    if (o.wordOrder > 0) {
        out.words = detail::WordSequence(splitPunctuation(text));
        for (int n = 1; n <= o.wordOrder; ++n)
            out.perOrder.push_back(detail::countWordNgrams(out.words, n));
    }
}

}  // namespace

Chrf::Chrf(ChrfOptions options)
    : m_options(options)
{
    if (m_options.charOrder < 0 || m_options.wordOrder < 0 || m_options.charOrder + m_options.wordOrder == 0)
        throw MetricsError("chrF: the character and word orders must be >= 0 and not both 0");
    if (m_options.beta < 0)
        throw MetricsError("chrF: beta must be >= 0");
}

std::string Chrf::name() const
{
    return "chrF" + std::to_string(m_options.beta) + std::string(static_cast<std::size_t>(m_options.wordOrder), '+');
}

std::string Chrf::signature(int nrefs) const
{
    return "nrefs:" + std::to_string(nrefs) + "|case:" + (m_options.lowercase ? "lc" : "mixed")
        + "|eff:" + (m_options.epsSmoothing ? "no" : "yes") + "|nc:" + std::to_string(m_options.charOrder)
        + "|nw:" + std::to_string(m_options.wordOrder) + "|space:" + (m_options.whitespace ? "yes" : "no")
        + "|version:2.6.0";
}

std::size_t Chrf::statisticsSize() const
{
    return 3 * static_cast<std::size_t>(m_options.charOrder + m_options.wordOrder);
}

Statistics Chrf::segmentStatistics(std::string_view hypothesis, const std::vector<std::string_view> &references) const
{
    if (references.empty())
        throw MetricsError("chrF: a segment needs at least one reference");
    SegmentNgrams hyp;
    extractNgrams(hypothesis, m_options, hyp);
    std::vector<long long> hypTotals;
    for (const auto &counts : hyp.perOrder) {
        long long total = 0;
        for (const auto &entry : counts)
            total += entry.second;
        hypTotals.push_back(total);
    }

    // CHRF._compute_segment_statistics: the reference with the best sentence F-score (the first
    // one on ties).
    Statistics best;
    double bestF = -1.0;
    SegmentNgrams ref;
    Statistics stats(statisticsSize());
    for (std::string_view reference : references) {
        extractNgrams(reference, m_options, ref);
        for (std::size_t k = 0; k < hyp.perOrder.size(); ++k) {
            // CHRF._get_match_statistics.
            const auto &refCounts = ref.perOrder[k];
            long long refTotal = 0;
            for (const auto &entry : refCounts)
                refTotal += entry.second;
            long long matches = 0;
            for (const auto &[ngram, count] : hyp.perOrder[k]) {
                const auto it = refCounts.find(ngram);
                if (it != refCounts.end())
                    matches += std::min(count, it->second);
            }
            stats[3 * k] = refCounts.empty() ? 0.0 : static_cast<double>(hypTotals[k]);
            stats[3 * k + 1] = static_cast<double>(refTotal);
            stats[3 * k + 2] = static_cast<double>(matches);
        }
        const double f = scoreFromStatistics(stats);
        if (f > bestF) {
            bestF = f;
            best = stats;
        }
    }
    return best;
}

double Chrf::scoreFromStatistics(const Statistics &statistics) const { return fScore<double>(statistics); }

double Chrf::scoreFromFloat32Statistics(const Statistics &float32Sums) const { return fScore<float>(float32Sums); }

// CHRF._compute_f_score, operation for operation. `Ratio` is the type of n_match / n_hyp and
// n_match / n_ref: double for Python numbers, float for numpy float32 sums (significance.py);
// every other operation mixes in a Python number and so is double either way.
template<typename Ratio>
double Chrf::fScore(const Statistics &statistics) const
{
    if (statistics.size() != statisticsSize())
        throw MetricsError("chrF: expected " + std::to_string(statisticsSize()) + " statistics, got "
                           + std::to_string(statistics.size()));
    const double eps = 1e-16;
    const int order = m_options.charOrder + m_options.wordOrder;
    const double factor = static_cast<double>(m_options.beta) * m_options.beta;
    double score = 0.0;
    int effectiveOrder = 0;
    double avgPrec = 0.0;
    double avgRec = 0.0;
    for (int i = 0; i < order; ++i) {
        const auto nHyp = static_cast<Ratio>(statistics[3 * static_cast<std::size_t>(i)]);
        const auto nRef = static_cast<Ratio>(statistics[3 * static_cast<std::size_t>(i) + 1]);
        const auto nMatch = static_cast<Ratio>(statistics[3 * static_cast<std::size_t>(i) + 2]);
        const double prec = nHyp > 0 ? static_cast<double>(static_cast<Ratio>(nMatch / nHyp)) : eps;
        const double rec = nRef > 0 ? static_cast<double>(static_cast<Ratio>(nMatch / nRef)) : eps;
        const double denom = factor * prec + rec;
        score += denom > 0 ? (1 + factor) * prec * rec / denom : eps;
        if (nHyp > 0 && nRef > 0) {
            avgPrec += prec;
            avgRec += rec;
            ++effectiveOrder;
        }
    }
    if (m_options.epsSmoothing)
        return 100 * score / order;
    if (effectiveOrder == 0) {
        avgPrec = avgRec = 0.0;
    } else {
        avgPrec /= effectiveOrder;
        avgRec /= effectiveOrder;
    }
    if (avgPrec + avgRec != 0.0) {
        score = (1 + factor) * avgPrec * avgRec;
        score /= (factor * avgPrec) + avgRec;
        return 100 * score;
    }
    return 0.0;
}

}  // namespace gauntlet::metrics
