#include "engine/metrics/bleu.h"

#include "engine/core/enum_names.h"
#include "engine/metrics/ngram_counts.h"
#include "engine/metrics/python_text.h"
#include "engine/metrics/tokenizer_13a.h"
#include "engine/metrics/tokenizer_intl.h"
#include "engine/metrics/tokenizer_zh.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace gauntlet::metrics {

namespace {

double defaultSmoothValue(BleuSmoothing method)
{
    switch (method) {
    case BleuSmoothing::Floor:
        return 0.1;
    case BleuSmoothing::AddK:
        return 1.0;
    default:
        return 0.0;  // none and exp take no value
    }
}

// sacrebleu.utils.my_log: log floored for zero precisions.
double myLog(double x) { return x == 0.0 ? -9999999999.0 : std::log(x); }

// BLEU._get_closest_ref_len: the closest length; the shorter one on a tie.
long long closestRefLen(long long hypLen, const std::vector<long long> &refLens)
{
    long long closestDiff = -1;
    long long closestLen = -1;
    for (long long refLen : refLens) {
        const long long diff = std::llabs(hypLen - refLen);
        if (closestDiff == -1 || diff < closestDiff) {
            closestDiff = diff;
            closestLen = refLen;
        } else if (diff == closestDiff && refLen < closestLen) {
            closestLen = refLen;
        }
    }
    return closestLen;
}

const core::EnumName<BleuTokenizer> TokenizerNames[] = {{BleuTokenizer::None, "none"}, {BleuTokenizer::Char, "char"},
                                                        {BleuTokenizer::Intl, "intl"}, {BleuTokenizer::Zh, "zh"},
                                                        {BleuTokenizer::T13a, "13a"}};
const core::EnumName<BleuSmoothing> SmoothingNames[] = {
    {BleuSmoothing::None, "none"}, {BleuSmoothing::Floor, "floor"}, {BleuSmoothing::AddK, "add-k"}, {BleuSmoothing::Exp, "exp"}};

const char *tokenizerName(BleuTokenizer t)
{
    return core::enumNameOrLast(TokenizerNames, t);
}

const char *smoothingName(BleuSmoothing m)
{
    return core::enumNameOrLast(SmoothingNames, m);
}

}  // namespace

std::optional<BleuTokenizer> bleuTokenizerNamed(std::string_view name)
{
    return core::enumFromName(TokenizerNames, name);
}

std::optional<BleuSmoothing> bleuSmoothingNamed(std::string_view name)
{
    return core::enumFromName(SmoothingNames, name);
}

double BleuScore::ratio() const
{
    return refLen ? static_cast<double>(sysLen) / static_cast<double>(refLen) : 0.0;
}

std::string BleuScore::verbose() const
{
    std::string s;
    for (std::size_t i = 0; i < precisions.size(); ++i) {
        if (i)
            s += '/';
        s += formatFixed(precisions[i], 1);
    }
    s += " (BP = " + formatFixed(bp, 3) + " ratio = " + formatFixed(ratio(), 3)
        + " hyp_len = " + std::to_string(sysLen) + " ref_len = " + std::to_string(refLen) + ")";
    return s;
}

Bleu::Bleu(BleuOptions options)
    : m_options(options)
{
    if (m_options.maxNgramOrder < 1)
        throw MetricsError("BLEU: max n-gram order must be at least 1");
}

std::string Bleu::signature(int nrefs) const
{
    std::string smooth = smoothingName(m_options.smoothMethod);
    if (m_options.smoothMethod == BleuSmoothing::Floor || m_options.smoothMethod == BleuSmoothing::AddK) {
        smooth += "[" + formatFixed(m_options.smoothValue.value_or(defaultSmoothValue(m_options.smoothMethod)), 2)
            + "]";
    }
    return "nrefs:" + std::to_string(nrefs) + "|case:" + (m_options.lowercase ? "lc" : "mixed")
        + "|eff:" + (m_options.effectiveOrder ? "yes" : "no") + "|tok:" + tokenizerName(m_options.tokenizer)
        + "|smooth:" + smooth + "|version:2.6.0";
}

std::size_t Bleu::statisticsSize() const { return 2 + 2 * static_cast<std::size_t>(m_options.maxNgramOrder); }

std::u32string Bleu::preprocess(std::string_view line) const
{
    // BLEU._preprocess_segment: lower() first, then the tokenizer on rstrip()'d text.
    std::u32string text = decodeUtf8(line);
    if (m_options.lowercase)
        text = lowerPython(text);
    const std::u32string_view stripped = rstripPython(text);
    switch (m_options.tokenizer) {
    case BleuTokenizer::None:
        return std::u32string(stripped);
    case BleuTokenizer::Char: {
        // TokenizerChar: " ".join(line); the whitespace characters vanish in the later split().
        std::u32string out;
        out.reserve(stripped.size() * 2);
        for (char32_t c : stripped) {
            if (!out.empty())
                out.push_back(U' ');
            out.push_back(c);
        }
        return out;
    }
    case BleuTokenizer::Intl:
        return tokenizeIntl(stripped);
    case BleuTokenizer::Zh:
        return tokenizeZh(stripped);
    case BleuTokenizer::T13a:
        break;
    }
    return tokenize13a(stripped);
}

Statistics Bleu::segmentStatistics(std::string_view hypothesis, const std::vector<std::string_view> &references) const
{
    if (references.empty())
        throw MetricsError("BLEU: a segment needs at least one reference");
    const int maxOrder = m_options.maxNgramOrder;

    // BLEU._extract_reference_info: per order, the maximum count of each n-gram over references.
    std::vector<std::u32string> refTexts;
    refTexts.reserve(references.size());
    std::vector<detail::WordSequence> refWords;
    refWords.reserve(references.size());
    std::vector<long long> refLens;
    for (std::string_view ref : references) {
        refTexts.push_back(preprocess(ref));
        refWords.emplace_back(splitPythonWhitespace(refTexts.back()));
        refLens.push_back(static_cast<long long>(refWords.back().size()));
    }
    const std::u32string hypText = preprocess(hypothesis);
    const detail::WordSequence hypWords(splitPythonWhitespace(hypText));
    const auto hypLen = static_cast<long long>(hypWords.size());

    // BLEU._compute_segment_statistics.
    Statistics stats(statisticsSize(), 0.0);
    stats[0] = static_cast<double>(hypLen);
    stats[1] = static_cast<double>(closestRefLen(hypLen, refLens));
    for (int order = 1; order <= maxOrder; ++order) {
        detail::NgramCounts refCounts = detail::countWordNgrams(refWords.front(), order);
        for (std::size_t r = 1; r < refWords.size(); ++r) {
            for (const auto &[ngram, count] : detail::countWordNgrams(refWords[r], order)) {
                long long &best = refCounts[ngram];
                best = std::max(best, count);
            }
        }
        long long correct = 0;
        long long total = 0;
        for (const auto &[ngram, count] : detail::countWordNgrams(hypWords, order)) {
            total += count;
            const auto it = refCounts.find(ngram);
            if (it != refCounts.end())
                correct += std::min(count, it->second);
        }
        stats[1 + static_cast<std::size_t>(order)] = static_cast<double>(correct);
        stats[1 + static_cast<std::size_t>(maxOrder + order)] = static_cast<double>(total);
    }
    return stats;
}

namespace {

/// Bleu::computeBleu of `bleu`'s options over (summed) statistics in sacrebleu's layout;
/// `float32Counts` as there. Throws MetricsError for statistics of another size.
BleuScore bleuOfStatistics(const Bleu &bleu, const Statistics &statistics, bool float32Counts)
{
    if (statistics.size() != bleu.statisticsSize())
        throw MetricsError("BLEU: expected " + std::to_string(bleu.statisticsSize()) + " statistics, got "
                           + std::to_string(statistics.size()));
    const BleuOptions &o = bleu.options();
    const auto n = static_cast<std::ptrdiff_t>(o.maxNgramOrder);
    std::vector<double> correct(statistics.begin() + 2, statistics.begin() + 2 + n);
    std::vector<double> total(statistics.begin() + 2 + n, statistics.end());
    return Bleu::computeBleu(std::move(correct), std::move(total), static_cast<long long>(statistics[0]),
                             static_cast<long long>(statistics[1]), o.smoothMethod, o.smoothValue, o.effectiveOrder,
                             o.maxNgramOrder, float32Counts);
}

}  // namespace

BleuScore Bleu::compute(const Statistics &statistics) const
{
    return bleuOfStatistics(*this, statistics, false);
}

double Bleu::scoreFromStatistics(const Statistics &statistics) const { return compute(statistics).score; }

double Bleu::scoreFromFloat32Statistics(const Statistics &float32Sums) const
{
    return bleuOfStatistics(*this, float32Sums, true).score;
}

BleuScore Bleu::computeBleu(std::vector<double> correct, std::vector<double> total, long long sysLen,
                            long long refLen, BleuSmoothing method, std::optional<double> smoothValue,
                            bool effectiveOrder, int maxNgramOrder, bool float32Counts)
{
    const double smooth = smoothValue.value_or(defaultSmoothValue(method));
    BleuScore result;
    result.sysLen = sysLen;
    result.refLen = refLen;
    // Brevity penalty.
    result.bp = 1.0;
    if (sysLen < refLen)
        result.bp = sysLen > 0 ? std::exp(1.0 - static_cast<double>(refLen) / static_cast<double>(sysLen)) : 0.0;
    result.precisions.assign(static_cast<std::size_t>(maxNgramOrder), 0.0);

    // Early stop if there are no matches (sacrebleu #141).
    if (std::all_of(correct.begin(), correct.end(), [](double c) { return c == 0.0; })) {
        result.counts = std::move(correct);
        result.totals = std::move(total);
        return result;
    }

    double smoothMteval = 1.0;
    int effOrder = maxNgramOrder;
    for (int n = 1; n <= maxNgramOrder; ++n) {
        const auto k = static_cast<std::size_t>(n - 1);
        if (method == BleuSmoothing::AddK && n > 1) {
            correct[k] += smooth;
            total[k] += smooth;
            if (float32Counts) {  // `correct[n - 1] += smooth_value` stores into a float32 array
                correct[k] = static_cast<float>(correct[k]);
                total[k] = static_cast<float>(total[k]);
            }
        }
        if (total[k] == 0.0)
            break;
        if (effectiveOrder)
            effOrder = n;
        if (correct[k] == 0.0) {
            if (method == BleuSmoothing::Exp) {
                smoothMteval *= 2;
                result.precisions[k] = 100.0 / (smoothMteval * total[k]);
            } else if (method == BleuSmoothing::Floor) {
                result.precisions[k] = 100.0 * smooth / total[k];
            }
        } else {
            result.precisions[k] = 100.0 * correct[k] / total[k];
        }
    }
    double logSum = 0.0;
    for (int n = 0; n < effOrder; ++n)
        logSum += myLog(result.precisions[static_cast<std::size_t>(n)]);
    result.score = result.bp * std::exp(logSum / effOrder);
    result.counts = std::move(correct);
    result.totals = std::move(total);
    return result;
}

}  // namespace gauntlet::metrics
