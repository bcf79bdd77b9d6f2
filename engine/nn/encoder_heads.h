// Heads on the XLM-R encoder, each taking the tensor names of its public checkpoints.
//
// - RegressionHead: sentinel_metric's source-only regression (Perrella et al. 2024; keys
//   `estimator.ff.{0,3,6}.*`: pooled state -> Linear -> Tanh -> Linear -> Tanh -> Linear, no final
//   activation) and COMET's estimators (Rei et al. 2020/2022; optional `layerwise_attention.*`
//   mixing all hidden states, masked average pooling), sizes read from the tensors.
// - ClassificationHead: transformers' XLMRobertaClassificationHead (`classifier.dense` + tanh +
//   `classifier.out_proj` on token 0), returning log-probabilities.
#pragma once

#include "engine/nn/layers.h"

#include <torch/types.h>

#include <string>
#include <vector>

namespace gauntlet::nn {

/// Choices a COMET / Sentinel hparams.yaml makes about the regression head.
struct RegressionHeadOptions {
    std::string activation = "Tanh";         ///< between the estimator's layers: Tanh, ReLU, Sigmoid, GELU
    std::string finalActivation;             ///< "" (none, Sentinel) or Sigmoid
    std::string pooling = "cls";             ///< "cls" (token 0) or "avg" (masked mean over non-pad tokens)
    std::string layerTransformation = "softmax";  ///< softmax or sparsemax, for layerwise attention
};

class RegressionHead {
public:
    /// Takes `estimator.ff.<n>.{weight,bias}` (every n present, in numeric order; the chain's
    /// sizes must fit: first input `hidden`, last output 1) and, when the checkpoint has
    /// `layerwise_attention.gamma`, `layerwise_attention.scalar_parameters.{0..numStates-1}` ([1]
    /// each). `numStates` = encoder layers + 1.
    RegressionHead(WeightLoader &weights, int64_t hidden, int64_t numStates, RegressionHeadOptions options);

    /// The sentence embedding [B, H] the estimator reads: from the last hidden state, or from the
    /// layerwise mix gamma * sum_k w_k h_k (w = softmax or sparsemax of the scalar parameters,
    /// COMET's LayerwiseAttention without layer norm); then token 0 or the masked average over
    /// positions where `ids` != `padId`. `hidden` as XlmRobertaEncoder::forward returns.
    torch::Tensor pool(const std::vector<torch::Tensor> &hidden, const torch::Tensor &ids, int64_t padId) const;
    /// Scores [B] of sentence embeddings [B, H].
    torch::Tensor score(const torch::Tensor &sentenceEmbedding) const;
    bool hasLayerwiseAttention() const { return m_gamma.defined(); }

private:
    RegressionHeadOptions m_options;
    std::vector<Linear> m_layers;
    std::vector<torch::Tensor> m_scalarParameters;
    torch::Tensor m_gamma;
};

class ClassificationHead {
public:
    /// Takes `classifier.dense` [H, H] and `classifier.out_proj` [numLabels, H] (numLabels -1:
    /// read from the tensor).
    ClassificationHead(WeightLoader &weights, int64_t hidden, int64_t numLabels);
    /// log softmax(out_proj(tanh(dense(h_0)))): [B, numLabels] from the last hidden state [B, L, H].
    torch::Tensor logProbs(const torch::Tensor &lastHidden) const;
    int64_t numLabels() const { return m_outProj.outFeatures(); }

private:
    Linear m_dense;
    Linear m_outProj;
};

}  // namespace gauntlet::nn
