#pragma once
// The trainers' options and results (engine/train/trainers.h, training_loop.h, model_init.h), with
// no libtorch, so the command line sets them up without loading the compute plugin.

#include <QString>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gauntlet::train {

/// Sizes of a small XLM-R encoder.
struct EncoderSizes {
    int64_t hidden = 256;
    int64_t layers = 4;
    int64_t heads = 4;
    int64_t intermediate = 1024;
    int64_t maxTokens = 256;       ///< longest input; max_position_embeddings = maxTokens + pad_id + 1
};

/// Sizes of a small Qwen2 causal LM.
struct Qwen2Sizes {
    int64_t hidden = 256;
    int64_t layers = 4;
    int64_t heads = 4;
    int64_t kvHeads = 2;
    int64_t intermediate = 768;
    int64_t maxTokens = 512;
};

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

struct TrainerOptions {
    QString dataDir;               ///< ../shared/data
    QString tokenizerDir;          ///< a `train tokenizer` folder (encoders) or a byte-level BPE folder (lm, optional)
    QString outputDir;             ///< the model folder to write
    QString initEncoder;           ///< optional `train encoder` folder to start the encoder from
    EncoderSizes encoder;          ///< encoder sizes (ignored with initEncoder: its config wins)
    Qwen2Sizes qwen2;              ///< lm sizes
    LoopOptions loop;
    int64_t batchSize = 32;
    int64_t maxTrainExamples = 0;  ///< 0 = all; > 0 takes the first N (after the seeded shuffle) - smoke tests
    int64_t maxEvalExamples = 0;   ///< 0 = all; caps dev and test sets - smoke tests
    int64_t headHidden1 = 256;     ///< difficulty: estimator.ff.0 output size
    int64_t headHidden2 = 64;      ///< difficulty: estimator.ff.3 output size
    int64_t lmMerges = 8000;       ///< lm: GPT-2 merges kept (vocabulary = 256 + merges + 1)
    int64_t englishLinesPerSource = 0;  ///< encoder/lm: 0 = all lines
    std::vector<std::string> excludeEnglishSources;  ///< encoder/lm: English sources left out (e.g. "fiction_tinyshakespeare")
    double maskProbability = 0.15; ///< encoder: share of tokens masked (80/10/10 as BERT)
    bool selectByMcc = true;       ///< acceptability: keep the step with the best held-out MCC (else the lowest weighted NLL)
    /// acceptability: extra training examples in CoLA's raw format (source, label, mark, sentence),
    /// e.g. ATO outputs that link-grammar rejects labelled 0 (hard negatives, issue 16); empty = none.
    QString extraTrainExamples;
    /// acceptability: held-out examples of the same kind; their accuracy and MCC are reported
    /// ("extra_held_out_accuracy", "extra_held_out_mcc", with the majority baseline).
    QString extraHeldOutExamples;
    std::string command;           ///< the command line, for the README
};

struct TrainerResult {
    LoopResult loop;
    std::map<std::string, double> metrics;  ///< test metrics, baselines, reload_max_abs_diff
    QString folder;
};

/// Which model a trainer trains (`gauntlet train encoder|difficulty|acceptability|lm`).
enum class TrainerKind { Encoder, Difficulty, Acceptability, Lm };

}  // namespace gauntlet::train
