// Benchmark of engine/metrics (single thread):
//  1. segments per second of each MT metric's sufficient statistics on the 6,877 (MT, reference)
//     pairs of the WMT21 TED en-de corpus (../shared/data/corpora/wmt21-ted-mqm-ende), best of
//     several passes, with each metric's speed relative to BLEU measured in the same run;
//  2. Krippendorff's alpha on 100,000 synthetic ratings (20,000 items x 5 raters, seeded): nominal
//     and ordinal on a 1-5 scale, interval and ratio on continuous 0-100 scores, relative alpha.
// Usage: bench_metrics [passes]   (default 3)
#include "engine/metrics/bleu.h"
#include "engine/metrics/chrf.h"
#include "engine/metrics/krippendorff.h"
#include "engine/metrics/ter.h"
#include "tests/metrics/ted_segments.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>

using namespace gauntlet::metrics;
using Clock = std::chrono::steady_clock;

namespace {

double seconds(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

// Best-of-`passes` wall time of computing every segment's statistics.
double timeMetric(const Metric &metric, const std::vector<tedcorpus::Segment> &segments, int passes, double &checksum)
{
    double best = 1e300;
    for (int p = 0; p < passes; ++p) {
        const auto start = Clock::now();
        double sum = 0.0;
        for (const auto &s : segments)
            sum += metric.segmentStatistics(s.mt, {s.reference})[0];
        best = std::min(best, seconds(start, Clock::now()));
        checksum += sum;
    }
    return best;
}

}  // namespace

int main(int argc, char **argv)
{
    const int passes = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
    const auto segments = tedcorpus::readSegments();
    std::printf("MT metrics: %zu TED segment pairs, best of %d passes, one thread\n", segments.size(), passes);
    BleuOptions sentence;
    sentence.effectiveOrder = true;
    ChrfOptions plusPlus;
    plusPlus.wordOrder = 2;
    const Bleu bleu;
    const Bleu sentenceBleu(sentence);
    const Chrf chrf2;
    const Chrf chrf2pp(plusPlus);
    const Ter ter;
    const std::pair<const char *, const Metric *> metrics[] = {
        {"BLEU", &bleu}, {"sentence BLEU", &sentenceBleu}, {"chrF2", &chrf2}, {"chrF2++", &chrf2pp}, {"TER", &ter}};
    double checksum = 0.0;
    double bleuRate = 0.0;
    std::printf("  %-14s %12s %14s %10s\n", "metric", "seconds", "segments/s", "vs BLEU");
    for (const auto &[name, metric] : metrics) {
        const double t = timeMetric(*metric, segments, passes, checksum);
        const double rate = static_cast<double>(segments.size()) / t;
        if (bleuRate == 0.0)
            bleuRate = rate;
        std::printf("  %-14s %12.4f %14.0f %9.2fx\n", name, t, rate, rate / bleuRate);
    }

    // 100,000 ratings: 20,000 items x 5 raters; each rater has a bias and the items a true score.
    constexpr int kItems = 20000;
    constexpr int kRaters = 5;
    std::mt19937_64 rng(2024);
    std::normal_distribution<double> truth(60.0, 20.0), noise(0.0, 10.0), bias(0.0, 8.0);
    std::vector<double> raterBias(kRaters);
    for (double &b : raterBias)
        b = bias(rng);
    std::vector<Rating> continuous, likert;
    continuous.reserve(kItems * kRaters);
    likert.reserve(kItems * kRaters);
    for (int i = 0; i < kItems; ++i) {
        const double t = truth(rng);
        for (int r = 0; r < kRaters; ++r) {
            const double v = std::clamp(t + raterBias[static_cast<std::size_t>(r)] + noise(rng), 0.0, 100.0);
            const std::string item = "item" + std::to_string(i);
            const std::string rater = "rater" + std::to_string(r);
            continuous.push_back({item, rater, v});
            likert.push_back({item, rater, std::round(1.0 + v / 25.0)});
        }
    }
    std::printf("\nKrippendorff's alpha: %zu ratings (%d items x %d raters), best of %d passes\n", continuous.size(),
                kItems, kRaters, passes);
    std::printf("  %-34s %10s %12s %10s\n", "level", "seconds", "ratings/s", "alpha");
    const std::pair<const char *, std::function<double()>> runs[] = {
        {"nominal (1-5)", [&] { return krippendorffAlpha(likert, MeasurementLevel::Nominal).alpha; }},
        {"ordinal (1-5)", [&] { return krippendorffAlpha(likert, MeasurementLevel::Ordinal).alpha; }},
        {"interval (continuous)", [&] { return krippendorffAlpha(continuous, MeasurementLevel::Interval).alpha; }},
        {"ratio (1-5)", [&] { return krippendorffAlpha(likert, MeasurementLevel::Ratio).alpha; }},
        {"relative (z-scores, continuous)", [&] { return relativeAlpha(continuous).alpha; }},
    };
    for (const auto &[name, run] : runs) {
        double best = 1e300;
        double alpha = 0.0;
        for (int p = 0; p < passes; ++p) {
            const auto start = Clock::now();
            alpha = run();
            best = std::min(best, seconds(start, Clock::now()));
        }
        std::printf("  %-34s %10.4f %12.0f %10.4f\n", name, best, static_cast<double>(continuous.size()) / best, alpha);
    }
    std::printf("\n(checksum %.0f)\n", checksum);
    return 0;
}
