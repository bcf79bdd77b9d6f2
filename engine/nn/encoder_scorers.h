// The two encoder scores of ATO's objective, plus the CLS vector its cohesion term uses:
// DifficultyScorer (Sentinel-src / COMET regression, D) and AcceptabilityScorer (XLM-R CoLA
// classifier, log P(acceptable)).
#pragma once

#include "engine/io/hf_config.h"
#include "engine/nn/encoder_heads.h"
#include "engine/nn/scorer.h"
#include "engine/nn/xlm_roberta.h"

#include <QString>

#include <map>
#include <memory>
#include <string>

namespace gauntlet::nn {

/// Base of the encoder scorers: the encoder, padding and the CLS vector.
class EncoderScorer : public Scorer {
public:
    int64_t vocabSize() const override { return m_encoder->config().vocabSize; }
    int64_t maxTokens() const override { return m_encoder->maxTokens(); }
    const XlmRobertaEncoder &encoder() const { return *m_encoder; }

    /// The last layer's hidden state at token 0 (`<s>`, the CLS vector) of each sequence: [B, H]
    /// float32 on the CPU; batched and chunked like scoreBatch. Throws InputError as scoreBatch.
    torch::Tensor clsBatch(const std::vector<std::vector<int64_t>> &sequences) const;
    /// The CLS vector [H] of one one-hot matrix [L, |V|], with its autograd graph (for
    /// L_cos = 1 - cos(h, h_mean)).
    torch::Tensor clsOneHot(const torch::Tensor &oneHot) const;
    /// All hidden states of one batch of padded ids [B, L] (as XlmRobertaEncoder::forward; no
    /// checks, the caller's grad mode).
    std::vector<torch::Tensor> hiddenStates(const torch::Tensor &ids) const { return m_encoder->forward(ids); }

    /// The word embeddings E[ids] [n, L, H] of ids [n, L] (int64 on the device) as a fresh leaf
    /// that requires grad: the input of the *Embedded scores. Equals oneHot @ E exactly, so with
    /// oneHotGradient it gives d/d one-hot without building the [n, L, |V|] one-hot matrix.
    torch::Tensor wordEmbeddingLeaf(const torch::Tensor &ids) const;
    /// The chain rule through oneHot @ E: gradEmbeds [n, L, H] @ E^T -> [n, L, |V|] in the model's
    /// dtype (one GEMM; nanoGCG's token_gradients computes the same through autograd).
    torch::Tensor oneHotGradient(const torch::Tensor &gradEmbeds) const;

protected:
    using Scorer::Scorer;
    int64_t paddingId() const override { return m_encoder->padId(); }
    std::unique_ptr<XlmRobertaEncoder> m_encoder;
};

class DifficultyScorer : public EncoderScorer {
public:
    /// Builds the encoder from `encoder.model.*` and the head from `estimator.*` /
    /// `layerwise_attention.*` of `tensors`. Throws ModelError listing every missing, unexpected
    /// or mis-shaped tensor (`source` names the checkpoint).
    DifficultyScorer(const io::EncoderConfig &config, std::map<std::string, torch::Tensor> tensors, const QString &source,
                     const RegressionHeadOptions &head, const ScorerSettings &settings);
    ScoreKind kind() const override { return ScoreKind::Difficulty; }
    torch::Tensor scoreOneHot(const torch::Tensor &oneHot) const override;
    /// D and the CLS vector of every sequence from one encoder pass (ATO needs both for D and
    /// L_cos): [B, 1 + H] float64 on the CPU, column 0 = scoreBatch's value, columns 1.. =
    /// clsBatch's row. Batched and checked like scoreBatch (InputError naming the sequence).
    torch::Tensor scoreAndClsBatch(const std::vector<std::vector<int64_t>> &sequences) const;
    /// D (0-dim) and the CLS vector [H] of one one-hot matrix [L, |V|] from one forward pass, both
    /// with their autograd graphs.
    std::pair<torch::Tensor, torch::Tensor> scoreAndClsOneHot(const torch::Tensor &oneHot) const;
    /// D [n] and the CLS vectors [n, H] of n unpadded sequences of one length from their word
    /// embeddings [n, L, H] (wordEmbeddingLeaf) and ids [n, L], with their autograd graphs: the
    /// batched form of scoreAndClsOneHot (ATO's batched gradient, issue 24).
    std::pair<torch::Tensor, torch::Tensor> scoreAndClsEmbedded(const torch::Tensor &wordEmbeds, const torch::Tensor &ids) const;

protected:
    torch::Tensor scoreChunk(const torch::Tensor &ids, const std::vector<int64_t> &lengths) const override;

private:
    std::unique_ptr<RegressionHead> m_head;
};

class AcceptabilityScorer : public EncoderScorer {
public:
    /// Builds the encoder from `roberta.*` and the head from `classifier.*`. The acceptable class
    /// is the label named "acceptable" (any case) in id2label, else label 1 of a two-label model
    /// (CoLA's convention: 1 = acceptable); otherwise ModelError.
    AcceptabilityScorer(const io::EncoderConfig &config, std::map<std::string, torch::Tensor> tensors, const QString &source,
                        const ScorerSettings &settings);
    ScoreKind kind() const override { return ScoreKind::Acceptability; }
    torch::Tensor scoreOneHot(const torch::Tensor &oneHot) const override;
    /// log P(acceptable) [n] of n unpadded sequences of one length from their word embeddings
    /// [n, L, H] and ids [n, L], with the autograd graph (the batched form of scoreOneHot).
    torch::Tensor scoreEmbedded(const torch::Tensor &wordEmbeds, const torch::Tensor &ids) const;
    /// Log-probabilities of every label [B, numLabels] (float64, CPU), batched like scoreBatch.
    torch::Tensor logProbsBatch(const std::vector<std::vector<int64_t>> &sequences) const;
    int64_t acceptableLabel() const { return m_acceptable; }

protected:
    torch::Tensor scoreChunk(const torch::Tensor &ids, const std::vector<int64_t> &lengths) const override;

private:
    std::unique_ptr<ClassificationHead> m_head;
    int64_t m_acceptable = 1;
};

}  // namespace gauntlet::nn
