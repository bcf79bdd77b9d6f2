// The objectives ATO minimises (papers.md, ATO section; Kalikman et al. 2026, Equations 3-6):
//   phase 1 / ATO-Direct:  L = D + lambda_f * L_CoLA + lambda_c * L_cos
//                          D = Sentinel-src score, L_CoLA = -log P(acceptable), L_cos = 1 - cos(h, h_mean)
//   phase 2:               L = PPL under the causal LM
// Each objective gives batch values without gradient (for scoring candidates) and one sequence's
// gradient with respect to its one-hot matrix (for the shortlist).
#pragma once

#include "engine/ato/values.h"
#include "engine/nn/encoder_scorers.h"
#include "engine/nn/perplexity_scorer.h"
#include "engine/text/tokenizer.h"

#include <torch/types.h>

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace gauntlet::ato {

class Objective {
public:
    virtual ~Objective() = default;
    /// Rows of the one-hot matrix: the model's vocabulary size.
    virtual std::int64_t vocabSize() const = 0;
    /// Values of a batch of sequences, no gradient (the scorers batch and chunk). Throws nn::InputError.
    virtual std::vector<TermValues> evaluate(const std::vector<TokenIds> &sequences) const = 0;
    /// Values of candidates that each differ from parents[parentOf[i]] in one token. The default
    /// calls evaluate(); the perplexity objective reuses each parent's KV cache.
    virtual std::vector<TermValues> evaluatePool(const std::vector<TokenIds> &parents, const std::vector<TokenIds> &candidates,
                                                 const std::vector<int> &parentOf) const;
    /// dL/dT for the one-hot matrix T [L, |V|] of `sequence`: [L, |V|] float32 on the CPU; `values`
    /// (if given) receives the terms of the same forward pass.
    virtual torch::Tensor gradient(const TokenIds &sequence, TermValues *values) const = 0;
    /// gradient() of several sequences: element i is dL/dT [L_i, |V|] float32 of sequences[i] on the
    /// model's device (the step takes its shortlist there and copies only the top-K ids to the host),
    /// and (*values)[i] (if given) its terms. The default calls gradient() per sequence; both
    /// objectives override it with one forward and one backward pass per chunk of sequences of one
    /// length (issue 24). The members are independent because the beam-mean CLS h_mean of L_cos is
    /// held fixed within a step (Algorithm 2 updates it between steps), so the gradient of the
    /// summed losses, row by row, is each member's own gradient. Chunks hold at most the scorer's
    /// token budget and 2^26 gradient values. Throws what gradient() throws.
    virtual std::vector<torch::Tensor> gradients(const std::vector<TokenIds> &sequences, std::vector<TermValues> *values) const;
    /// Called with the new beam after each step (Algorithm 2, line 7: the beam-mean CLS).
    virtual void beamChanged(const std::vector<TokenIds> &beam) { (void)beam; }
};

/// Throws AtoError when `a` and `b` are not the same vocabulary (kind, size and every piece), so
/// one one-hot matrix cannot feed both models; `aName`/`bName` name the models in the message.
void requireSameTokenizer(const text::Tokenizer &a, const text::Tokenizer &b, const std::string &aName, const std::string &bName);

/// L = D + lambda_f * L_CoLA + lambda_c * L_cos (Equation 5). D and L_CoLA are taken with respect
/// to ONE one-hot matrix (the paper's setting: Sentinel and the CoLA classifier share XLM-R's
/// tokenizer); the CLS vector h of L_cos comes from the Sentinel backbone.
class DifficultyObjective : public Objective {
public:
    /// `acceptability` may be null (then lambda_f is ignored). Throws AtoError if the two scorers'
    /// vocabulary sizes differ (check the tokenizers with requireSameTokenizer first).
    DifficultyObjective(std::shared_ptr<const nn::DifficultyScorer> difficulty,
                        std::shared_ptr<const nn::AcceptabilityScorer> acceptability, double lambdaFluency, double lambdaCohesion);

    std::int64_t vocabSize() const override { return m_difficulty->vocabSize(); }
    std::vector<TermValues> evaluate(const std::vector<TokenIds> &sequences) const override;
    torch::Tensor gradient(const TokenIds &sequence, TermValues *values) const override;
    /// Batched: D and L_CoLA from word-embedding leaves (E[ids]) rather than one-hot matrices, and
    /// d/dT = (dL/dE_D) E_D^T + (dL/dE_CoLA) E_CoLA^T, one GEMM per encoder per chunk.
    std::vector<torch::Tensor> gradients(const std::vector<TokenIds> &sequences, std::vector<TermValues> *values) const override;
    /// h_mean = mean CLS of the beam [H].
    void beamChanged(const std::vector<TokenIds> &beam) override;
    /// The current h_mean [H] float32 CPU (undefined until beamChanged).
    const torch::Tensor &beamMeanCls() const { return m_meanCls; }

private:
    std::shared_ptr<const nn::DifficultyScorer> m_difficulty;
    std::shared_ptr<const nn::AcceptabilityScorer> m_acceptability;
    double m_lambdaFluency;
    double m_lambdaCohesion;
    torch::Tensor m_meanCls;
};

/// L = PPL (Equation 6), ATO-TwoPhase's phase 2; gradients through the LM's embedding matrix.
class PerplexityObjective : public Objective {
public:
    explicit PerplexityObjective(std::shared_ptr<const nn::PerplexityScorer> lm) : m_lm(std::move(lm)) {}
    std::int64_t vocabSize() const override { return m_lm->vocabSize(); }
    std::vector<TermValues> evaluate(const std::vector<TokenIds> &sequences) const override;
    std::vector<TermValues> evaluatePool(const std::vector<TokenIds> &parents, const std::vector<TokenIds> &candidates,
                                         const std::vector<int> &parentOf) const override;
    torch::Tensor gradient(const TokenIds &sequence, TermValues *values) const override;
    /// Batched through PerplexityScorer::scoreOneHotBatch (one-hot matrices [n, L, |V|]).
    std::vector<torch::Tensor> gradients(const std::vector<TokenIds> &sequences, std::vector<TermValues> *values) const override;

private:
    std::shared_ptr<const nn::PerplexityScorer> m_lm;
};

}  // namespace gauntlet::ato
