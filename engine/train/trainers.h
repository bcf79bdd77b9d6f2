// The default pack's trainers. Each trains with runTrainingLoop, keeps the best parameters on its
// held-out (dev) split, measures its test metrics against a baseline in the same run, writes a
// Hugging Face-style folder (config.json, model.safetensors with the public tensor names, the
// tokenizer files, README.md, training_report.json/.md), then loads that folder back through
// engine/nn's normal loader and records the largest difference between the reloaded model's
// scores and the in-memory model's on test inputs ("reload_max_abs_diff").
#pragma once
#include "engine/train/trainer_options.h"
#include "engine/train/model_init.h"
#include "engine/train/training_loop.h"
#include <QString>
#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace gauntlet::train {

/// Sentinel-src-layout regressor (`encoder.model.*`, `estimator.ff.{0,3,6}.*`, CLS pooling, Tanh)
/// on z-normalised mean human scores (readDifficultyData), MSE loss; dev = 10 % of documents for
/// early stopping (dev MSE), test = 15 % of documents: Pearson and Spearman, pooled and per
/// dataset, against the source-length-only baseline (a least-squares line on the token count,
/// fitted on train; its correlations are reported as "baseline_length_*", and the raw correlation
/// of token count with the target as "length_vs_target_pearson_*"). Throws TrainError / nn::ModelError / io::IoError naming the bad input.
TrainerResult trainDifficulty(const TrainerOptions &options, std::ostream *progress);

/// XLM-R sequence classifier (`roberta.*`, `classifier.dense`, `classifier.out_proj`, id2label
/// 0 unacceptable / 1 acceptable) on CoLA in_domain_train (class-weighted NLL); 10 % of it
/// (seeded) is the dev split for early stopping (dev loss); reports Matthews correlation on
/// in_domain_dev and out_of_domain_dev against the majority class (MCC 0). Extra training and
/// held-out examples (TrainerOptions::extraTrainExamples / extraHeldOutExamples) are added to the
/// training split after the dev split is drawn, so dev stays CoLA.
TrainerResult trainAcceptability(const TrainerOptions &options, std::ostream *progress);

/// Masked-LM pretraining of an XLM-R encoder (XLMRobertaForMaskedLM names: `roberta.*`,
/// `lm_head.dense`, `lm_head.layer_norm`, `lm_head.bias`, decoder tied to the word embeddings)
/// on the English prose; held-out = 2 % of lines by hash (at most maxEvalExamples, default 2000
/// lines; the same for trainLm); reports held-out masked-token
/// cross-entropy against a unigram model of the same tokenizer's training counts.
TrainerResult trainEncoder(const TrainerOptions &options, std::ostream *progress);

/// A Qwen2 causal LM (tied embeddings) on the English prose with a byte-level BPE tokenizer
/// (GPT-2's vocabulary truncated to the first lmMerges merges, written as vocab.json +
/// merges.txt; or options.tokenizerDir when given). Reports held-out perplexity against a
/// unigram model of the same tokenizer, and the AUC of CoLA in_domain_dev acceptable vs
/// unacceptable sentences by mean log-probability.
TrainerResult trainLm(const TrainerOptions &options, std::ostream *progress);

/// Matthews correlation of binary labels (0/1); 0 when any marginal is empty. Throws
/// TrainError for different lengths.
double matthewsCorrelation(const std::vector<int> &truth, const std::vector<int> &predicted);

/// Unigram cross-entropy (nats per token) of `targets` under add-one smoothed `counts` (one count
/// per vocabulary id): the baseline of the masked-LM and causal-LM held-out reports.
double unigramCrossEntropy(const std::vector<double> &counts, const std::vector<int64_t> &targets);

/// Area under the ROC curve: P(score of a positive > score of a negative), ties counting 1/2.
/// Throws TrainError if either class is empty or the lengths differ.
double rocAuc(const std::vector<double> &scores, const std::vector<int> &labels);

/// Writes GPT-2's byte-level BPE (encoder.json + vocab.bpe from `gpt2Dir`) truncated to its first
/// `merges` merges as `outDir`/vocab.json + merges.txt (ids: 256 byte tokens, then one per merge,
/// then <|endoftext|>). Returns the vocabulary size. Throws TrainError for unreadable files or
/// a vocabulary not laid out as GPT-2's.
int64_t writeTruncatedGpt2Tokenizer(const QString &gpt2Dir, const QString &outDir, int64_t merges);

}  // namespace gauntlet::train
