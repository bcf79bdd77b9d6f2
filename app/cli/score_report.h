// What `gauntlet score` prints: corpus scores of one or more systems (sacrebleu's single-system
// lines, or its multi-system table; paired tests with their intervals and p-values) and
// sentence-level scores, as text, JSON or TSV.
#pragma once

#include "engine/metrics/metric.h"
#include "engine/metrics/significance.h"

#include <QStringList>
#include <QTextStream>

#include <optional>
#include <string>
#include <vector>

namespace gauntlet::cli {

enum class ScoreFormat { Text, Json, Tsv };

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

struct CorpusReport {
    QStringList systems;                 ///< as sacrebleu names them ("Baseline: " first in paired tests)
    std::vector<std::string> metricNames;  ///< "BLEU", "chrF2", "TER"
    std::vector<std::string> signatures;   ///< one per metric
    std::vector<std::vector<CorpusScore>> scores;  ///< [system][metric]
    ScoreTest test = ScoreTest::None;
    int samples = 0;   ///< resamples or trials of the test
    int width = 2;
    bool scoreOnly = false;
};

/// Sentence-level scores: one per segment, metric and system.
struct SentenceReport {
    QStringList systems;
    std::vector<std::string> metricNames;
    std::vector<std::string> signatures;
    std::vector<std::vector<std::vector<double>>> scores;        ///< [system][metric][segment]
    std::vector<std::vector<std::vector<std::string>>> verbose;  ///< same layout; BLEU only, else empty
    int width = 2;
    bool scoreOnly = false;
};

void printCorpusReport(QTextStream &out, const CorpusReport &report, ScoreFormat format);
void printSentenceReport(QTextStream &out, const SentenceReport &report, ScoreFormat format);

}  // namespace gauntlet::cli
