// A reusable libtorch training loop: AdamW (Loshchilov & Hutter 2019) with linear warm-up and
// linear decay, gradient-norm clipping, periodic evaluation on a held-out split, early stopping
// with patience, the best parameters kept, a progress line on stderr and a JSON + Markdown report.
#pragma once
#include "engine/train/trainer_options.h"
#include <QString>
#include <torch/torch.h>
#include <cstdint>
#include <functional>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace gauntlet::train {

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
