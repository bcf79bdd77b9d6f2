// `gauntlet eval-pack`: an independent held-out evaluation of a model pack through the code that
// ships (engine/nn's loadModelFolder and scorers, not the training graphs), each number against a
// baseline measured in the same run, with the quality bars of the default pack (issue #5):
//   difficulty     Pearson / Spearman with the held-out z-normalised human means (documents split
//                  as `train difficulty` splits them) against a least-squares line on the token
//                  count fitted on the training documents; must beat it on the pooled test set;
//   acceptability  Matthews correlation on CoLA in_domain_dev / out_of_domain_dev against the
//                  majority class (MCC 0); must exceed 0.1 in-domain; and, when the classifier's
//                  folder holds hard_negatives_held_out.tsv (CoLA raw format; issue 16), accuracy
//                  and MCC on those link-grammar-labelled ATO and random-edit texts;
//   lm             perplexity of held-out English lines (split as `train lm` splits them) against a
//                  unigram model of the same tokenizer, and the AUC of mean token log-probability
//                  for CoLA in_domain_dev acceptable vs unacceptable sentences; AUC must exceed 0.5.
#pragma once

#include <QString>

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace gauntlet::train {

struct PackEvaluationOptions {
    QString packDir;            ///< folder with difficulty/, acceptability/, lm/ (any may be missing)
    QString dataDir;            ///< ../shared/data
    uint64_t seed = 1;          ///< the split seed the pack was trained with (scripts/build-default-pack.sh: 1)
    int64_t maxLmLines = 2000;  ///< held-out English lines scored (the trainer's evaluation cap)
    int threads = 0;            ///< CPU threads; 0 = leave torch's default
};

/// One reported number and the baseline it is read against.
struct PackMetric {
    std::string model;       ///< "difficulty", "acceptability", "lm"
    std::string metric;      ///< e.g. "pearson (pooled test)"
    double value = 0;
    std::string baseline;    ///< e.g. "token-count line"
    double baselineValue = 0;
    std::optional<bool> bar; ///< set for the quality bars: whether it holds
    std::string barText;     ///< the bar in words, e.g. "> baseline"
    int64_t n = 0;           ///< examples behind the number
};

struct PackEvaluation {
    std::vector<PackMetric> metrics;
    std::vector<std::string> skipped;  ///< roles the pack lacks
    /// Every bar set in `metrics` holds (and at least one was measured).
    bool barsHold() const;
    /// A Markdown section ("## Held-out evaluation (gauntlet eval-pack)") with a table.
    std::string markdown() const;
};

/// Runs the evaluation; progress lines go to `log` when given. Throws TrainError /
/// nn::ModelError / io::IoError naming the missing or malformed file.
PackEvaluation evaluatePack(const PackEvaluationOptions &options, std::ostream *log);

}  // namespace gauntlet::train
