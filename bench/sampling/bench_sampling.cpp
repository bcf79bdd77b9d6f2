// Benchmark of engine/sampling (single thread): a synthetic labelled corpus of 100,000 segments in
// 5,000 documents (20 segments each) with 150 taxonomy categories of Zipf-distributed frequency
// (exponent 1.8: the long tail TACTICS targets, the rarest categories with about a dozen segments), 1-3 labels
// per segment with confidences, and post-edit scores (a third unedited). Each sampler draws
// B = 5,000 segments; reported: seconds (best of several passes), the ratio to random sampling,
// the peak resident memory (VmHWM) after each sampler (it only grows, so the increase over the
// pool's own footprint is what the samplers add), and Cov20/Cov1 as a sanity check.
// Usage: bench_sampling [passes]   (default 3)
#include "engine/sampling/coverage_measures.h"
#include "engine/sampling/sampler.h"
#include "tests/support/sampling_pool.h"

#include <QFile>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>

using namespace gauntlet::sampling;
using Clock = std::chrono::steady_clock;

namespace {

/// VmHWM or VmRSS of this process in MiB.
double memoryMiB(const char *field)
{
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith(field))
            return line.mid(int(std::strlen(field))).trimmed().split(' ').first().toDouble() / 1024.0;
    }
    return -1;
}

SamplingPool syntheticPool(int segments, int categories, int documentLength)
{
    std::mt19937_64 rng(2024);
    // Zipf weights 1/rank^1.8 over the categories: the rarest have about a dozen segments.
    std::vector<double> weights(categories);
    for (int c = 0; c < categories; ++c)
        weights[c] = std::pow(c + 1.0, -1.8);
    std::discrete_distribution<int> category(weights.begin(), weights.end());
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    static const char *words[] = {"the", "file", "click", "save", "open", "price", "date", "user", "account", "page", "settings",
                                  "download", "update", "error", "window", "tab", "search", "menu", "message", "button"};
    SamplingPool pool;
    for (int c = 0; c < categories; ++c)
        pool.categories.append(QStringLiteral("group%1/category%2").arg(c % 12).arg(c));
    pool.segments.reserve(segments);
    for (int i = 0; i < segments; ++i) {
        PoolSegment s;
        s.document = i / documentLength;
        s.position = i % documentLength;
        s.postEditScore = unit(rng) < 0.33 ? 0.0 : unit(rng) * 1.2;
        const int labels = 1 + int(rng() % 3);
        for (int k = 0; k < labels; ++k) {
            const int c = category(rng);
            if (!s.categories.contains(c)) {
                s.categories.append(c);
                s.confidences.append(k == 0 ? 0.5 + 0.5 * unit(rng) : 0.2 + 0.6 * unit(rng));
            }
        }
        QString text;
        for (int w = 0; w < 12; ++w)
            text += QLatin1String(words[rng() % 20]) + u' ';
        s.text = text + QString::number(i % 97);
        gauntlet::testing::appendSegment(pool, s);
    }
    return pool;
}

}  // namespace

int main(int argc, char **argv)
{
    const int passes = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
    constexpr int Segments = 100000, Categories = 150, DocumentLength = 20, Budget = 5000;
    const double rssStart = memoryMiB("VmRSS:");
    const auto buildStart = Clock::now();
    const SamplingPool pool = syntheticPool(Segments, Categories, DocumentLength);
    const double buildSeconds = std::chrono::duration<double>(Clock::now() - buildStart).count();
    const QVector<int> counts = pool.categoryCounts();
    int rare = 0;
    for (int c : counts)
        rare += c < 20 ? 1 : 0;
    const double poolPeak = memoryMiB("VmHWM:");
    std::printf("synthetic corpus: %d segments, %lld documents, %d categories (%d with < 20 segments; largest %d, smallest %d), B = %d\n",
                Segments, qlonglong(pool.documents.size()), Categories, rare, *std::max_element(counts.begin(), counts.end()),
                *std::min_element(counts.begin(), counts.end()), Budget);
    std::printf("pool built in %.2f s; resident memory %.1f MiB before, peak %.1f MiB after building\n", buildSeconds, rssStart, poolPeak);
    std::printf("%-15s %10s %12s %14s %8s %6s %6s\n", "method", "seconds", "x random", "peak MiB", "+MiB", "Cov20", "Cov1");
    double randomSeconds = 0.0;
    for (SamplingMethod method : {SamplingMethod::Random, SamplingMethod::Tactics, SamplingMethod::EqualAllocation, SamplingMethod::LowConfidence,
                                  SamplingMethod::Dsir}) {
        SamplerSettings settings;
        settings.method = method;
        settings.budget = Budget;
        settings.seed = 1;
        double best = 1e300;
        Sample sample;
        for (int p = 0; p < passes; ++p) {
            const auto start = Clock::now();
            sample = drawSample(pool, settings);
            best = std::min(best, std::chrono::duration<double>(Clock::now() - start).count());
        }
        if (method == SamplingMethod::Random)
            randomSeconds = best;
        const double peak = memoryMiB("VmHWM:");
        const CoverageMeasures m = measureCoverage(pool, sample.segments);
        std::printf("%-15s %10.3f %12.1f %14.1f %8.1f %6d %6d\n", qPrintable(samplingMethodName(method)), best, best / randomSeconds, peak,
                    peak - poolPeak, m.cov20, m.cov1);
        if (sample.segments.size() > Budget)
            return 1;
    }
    const auto start = Clock::now();
    const SamplerSettings settings;
    QVector<int> all(Segments);
    std::iota(all.begin(), all.end(), 0);
    const CoverageMeasures whole = measureCoverage(pool, all);
    std::printf("measures of the whole corpus: %.3f s (Cov20 %d of %d feasible)\n", std::chrono::duration<double>(Clock::now() - start).count(),
                whole.cov20, whole.feasibleCategories);
    return 0;
}
