// What `gauntlet score` prints: corpus scores of one or more systems (sacrebleu's single-system
// lines, or its multi-system table; paired tests with their intervals and p-values) and
// sentence-level scores. Text, JSON and LaTeX are the bytes sacrebleu 2.6.0 prints for the same
// command line (sacrebleu/utils.py print_single_results and print_results_table, Score.format);
// TSV is gauntlet's own.
#pragma once

#include "engine/metrics/metric.h"
#include "engine/metrics/significance.h"

#include <QStringList>
#include <QTextStream>

#include <optional>
#include <string>
#include <vector>

namespace gauntlet::cli {

enum class ScoreFormat { Text, Json, Latex, Tsv };

/// One system's corpus score for one metric.
struct CorpusScore {
    double score = 0.0;
    std::string verbose;                              ///< BLEU's precisions and brevity penalty; else empty
    std::optional<metrics::ConfidenceInterval> interval;  ///< --confidence, --paired-bs
    std::optional<double> pValue;                     ///< paired tests, not for the baseline
    metrics::Statistics total;                        ///< summed sufficient statistics
    std::size_t segments = 0;
};

/// How the corpus scores were computed.
enum class ScoreTest { None, Confidence, PairedBootstrap, PairedRandomization };

/// What both reports share: the systems, the metrics and how they are shown.
struct ReportHeader {
    QStringList systems;                   ///< as sacrebleu names them ("Baseline: " first in paired tests)
    std::vector<std::string> metricNames;  ///< "BLEU", "chrF2", "TER"
    std::vector<std::string> signatures;   ///< one per metric, sacrebleu's long form
    int width = 1;
    bool scoreOnly = false;
    bool shortSignatures = false;  ///< -sh: abbreviated keys (not in one system's JSON, as sacrebleu)
    bool exactJson = false;        ///< --exact: unrounded scores and statistics in the JSON (sentence level: gauntlet's JSON of every score)
};

struct CorpusReport : ReportHeader {
    std::vector<std::vector<CorpusScore>> scores;  ///< [system][metric]
    ScoreTest test = ScoreTest::None;
    int samples = 0;   ///< resamples or trials of the test
    bool detail = false;           ///< -d: sacrebleu's per-origlang lines; without a test set, its notice
};

/// Sentence-level scores: one per segment, metric and system.
struct SentenceReport : ReportHeader {
    std::vector<std::vector<std::vector<double>>> scores;        ///< [system][metric][segment]
    std::vector<std::vector<std::vector<std::string>>> verbose;  ///< same layout; BLEU only, else empty
};

/// sacrebleu's Signature.format(short=True): "nrefs:1|case:mixed|..." -> "#:1|c:mixed|...".
/// `metricName` ("BLEU", "chrF2", "TER") picks the metric's abbreviations (tok is "t" for TER).
std::string shortSignature(const std::string &metricName, const std::string &signature);

void printCorpusReport(QTextStream &out, const CorpusReport &report, ScoreFormat format);
void printSentenceReport(QTextStream &out, const SentenceReport &report, ScoreFormat format);

}  // namespace gauntlet::cli
