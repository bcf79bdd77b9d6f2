// A reusable libtorch training loop: AdamW (Loshchilov & Hutter 2019) with linear warm-up and
// linear decay, gradient-norm clipping, periodic evaluation on a held-out split, early stopping
// with patience, the best parameters kept, a progress line on stderr and a JSON + Markdown report.
#pragma once
#include <QString>
#include <torch/torch.h>
#include <cstdint>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace gauntlet::train {

struct LoopOptions {
    int64_t maxSteps = 1000;       ///< optimiser steps
    double learningRate = 5e-4;    ///< peak learning rate
    int64_t warmupSteps = 100;     ///< linear warm-up from 0 to learningRate, then linear decay to 0 at maxSteps
    double weightDecay = 0.01;     ///< AdamW decoupled weight decay (not applied to 1-D tensors: biases, norms)
    double clipNorm = 1.0;         ///< global gradient L2 norm clip; <= 0 disables
    int64_t evalEvery = 100;       ///< evaluate every this many steps (and at the end)
    int64_t patience = 5;          ///< stop after this many evaluations without improvement; <= 0 never
    uint64_t seed = 1;             ///< torch::manual_seed and the trainers' shuffling
    int threads = 2;               ///< torch::set_num_threads (CPU)
    bool useGpu = true;            ///< CUDA when torch::cuda::is_available()
    bool progress = true;          ///< a progress line on stderr
};

/// One evaluation: `value` is what early stopping minimises (e.g. dev loss, or minus a correlation);
/// `metrics` are reported as they are.
struct Evaluation {
    double value = 0;
    std::map<std::string, double> metrics;
};

struct LoopHistoryEntry {
    int64_t step = 0;
    double trainLoss = 0;          ///< mean training loss since the previous evaluation
    Evaluation eval;
};

struct LoopResult {
    int64_t steps = 0;             ///< steps actually taken
    int64_t bestStep = 0;          ///< step of the kept parameters (0 = the initial ones)
    Evaluation best;               ///< the evaluation of the kept parameters
    bool stoppedEarly = false;
    double seconds = 0;
    double firstLoss = 0;          ///< training loss of the first step
    double lastLoss = 0;           ///< mean training loss over the last evaluation interval
    std::vector<LoopHistoryEntry> history;
};

/// The device the loop will use under `options` (CUDA when asked for and available, else CPU).
torch::Device trainingDevice(const LoopOptions &options);

/// Runs the loop. `parameters` are leaf tensors with requires_grad on the training device.
/// `step(stepIndex)` computes the loss of the next batch (a 0-dim tensor with its graph) and sets
/// *examples to the batch's example count. `evaluate()` is called without gradient (the loop sets
/// torch::NoGradGuard) every evalEvery steps and at the end. After the loop the parameters hold
/// the best evaluated values (copied in place). Throws TrainError for a non-finite loss (naming the
/// step) or invalid options.
LoopResult runTrainingLoop(const std::vector<torch::Tensor> &parameters, const LoopOptions &options,
                           const std::function<torch::Tensor(int64_t step, int64_t *examples)> &step,
                           const std::function<Evaluation()> &evaluate, std::ostream *progress);

/// Writes `report` (any JSON text) as reportPath.json and a Markdown rendering (title, the
/// history table, the final metrics) as reportPath.md. Throws TrainError if a file cannot be written.
void writeLoopReport(const QString &reportPathWithoutSuffix, const std::string &title, const LoopOptions &options,
                     const LoopResult &result, const std::map<std::string, double> &finalMetrics,
                     const std::string &command);

}  // namespace gauntlet::train
