// Perplexity under a Qwen2 causal LM (ATO-Direct's final selection and ATO-TwoPhase's phase-2
// objective), with prefix reuse for candidates that differ from a parent text.
#pragma once

#include "engine/io/hf_config.h"
#include "engine/nn/qwen2.h"
#include "engine/nn/scorer.h"

#include <QString>

#include <map>
#include <memory>
#include <string>

namespace gauntlet::nn {

/// How much work prefix reuse saved (for the benchmark and tests).
struct PrefixReuseStats {
    int64_t positionsComputed = 0;  ///< transformer positions run: the parent's plus every candidate's suffix (padding included)
    int64_t positionsFull = 0;      ///< positions a full recomputation runs: the sum of candidate lengths
};

class PerplexityScorer : public Scorer {
public:
    /// Builds the model from `tensors` (`model.*`, `lm_head.weight` unless tied). Throws ModelError
    /// listing every missing, unexpected or mis-shaped tensor.
    PerplexityScorer(const io::Qwen2Config &config, std::map<std::string, torch::Tensor> tensors, const QString &source,
                     const ScorerSettings &settings);

    ScoreKind kind() const override { return ScoreKind::Perplexity; }
    int64_t vocabSize() const override { return m_model->config().vocabSize; }
    int64_t maxTokens() const override { return m_model->maxTokens(); }
    int64_t minTokens() const override { return 2; }
    const Qwen2Model &model() const { return *m_model; }

    /// Perplexity exp(-(1/(L-1)) sum_t log P(x_t | x_<t)) from a one-hot matrix [L, |V|]: the
    /// inputs are oneHot @ E and the target log-probabilities are sum_v oneHot[t, v] *
    /// log_softmax(logits[t-1])[v], so the gradient reaches the one-hot matrix through both the
    /// embedding path and the targets (exact at one-hot points).
    torch::Tensor scoreOneHot(const torch::Tensor &oneHot) const override;
    /// Perplexities [n] of n sequences of one length from their one-hot matrices [n, L, |V|], with
    /// the autograd graph: scoreOneHot of every row in one pass (ATO's batched gradient, issue 24).
    torch::Tensor scoreOneHotBatch(const torch::Tensor &oneHot) const;

    /// Perplexities [n] of the rows of `ids` [n, L] (int64 on the model's device) and their
    /// gradients with respect to the rows' one-hot matrices [n, L, |V|] (in the model's dtype),
    /// without building the one-hot matrices: d PPL / d T = (d PPL / d embeddings) E^T, plus
    /// -PPL / (L - 1) * log_softmax(logits[t-1]) at each target position t >= 1 (the targets'
    /// one-hot rows select their log-probabilities). Equals the gradient of scoreOneHotBatch up to
    /// rounding, without its [n, L, |V|] x [|V|, H] input product (2 n L |V| H FLOPs, 410 GFLOP for a
    /// 50-member Qwen2.5 beam of 30 tokens) or the one-hot matrix and its gradient (issue 37).
    std::pair<torch::Tensor, torch::Tensor> scoreAndOneHotGradient(const torch::Tensor &ids) const;

    /// log P(x_t | x_<t) for t = 1..L-1 of one sequence: [L-1] float64 on the CPU. Throws
    /// InputError as scoreBatch.
    torch::Tensor tokenLogProbs(const std::vector<int64_t> &ids) const;

    /// Perplexities of `candidates` that share prefixes with `parent` (e.g. single-token
    /// substitutions, as in the GCG step). The parent is run once, keeping its keys/values; each
    /// candidate reuses them up to its first differing position p and runs only positions
    /// p..L-2; the log-probabilities of tokens 1..p come from the parent's logits. Candidates are
    /// batched (sorted by suffix length; a chunk holds suffixes within 7/8 of its longest and at most
    /// settings().maxBatchTokens) with a mask that hides the parent's keys at positions >= p. Equals
    /// scoreBatch(candidates) up to rounding.
    /// Throws InputError as scoreBatch (the parent is checked too).
    std::vector<double> scoreCandidates(const std::vector<int64_t> &parent, const std::vector<std::vector<int64_t>> &candidates,
                                        PrefixReuseStats *stats = nullptr) const;

protected:
    torch::Tensor scoreChunk(const torch::Tensor &ids, const std::vector<int64_t> &lengths) const override;
    int64_t paddingId() const override { return 0; }

private:
    /// log_softmax(logits(hidden))[target] for hidden [N, H] and targets [N]: [N] float64, in row
    /// blocks so that the logits never exceed ~64M values at once.
    torch::Tensor targetLogProbs(const torch::Tensor &hidden, const torch::Tensor &targets) const;

    std::unique_ptr<Qwen2Model> m_model;
};

}  // namespace gauntlet::nn
