// The Qwen2 causal language model (Qwen Team 2024; transformers' modeling_qwen2.py) in Hugging
// Face's layer order and tensor names (`model.*`, `lm_head.weight` unless tied). The same class
// runs Llama checkpoints (modeling_llama.py: the same names and block, q/k/v without bias unless
// attention_bias; see io::Qwen2Config::attentionBias).
#pragma once

#include "engine/io/hf_config.h"
#include "engine/nn/layers.h"

#include <torch/types.h>

#include <vector>

namespace gauntlet::nn {

/// Keys and values of earlier positions, per layer: [B, num_key_value_heads, T, head_dim], keys
/// already rotated. A cache of batch 1 broadcasts over a larger batch.
struct KvCache {
    std::vector<torch::Tensor> keys;
    std::vector<torch::Tensor> values;
    int64_t length() const { return keys.empty() ? 0 : keys.front().size(2); }
};

class Qwen2Model {
public:
    /// Takes every tensor with the shapes `config` implies; `lm_head.weight` [|V|, H] unless
    /// tie_word_embeddings (then an `lm_head.weight` present anyway is reported as unexpected).
    Qwen2Model(const io::Qwen2Config &config, WeightLoader &weights);

    const io::Qwen2Config &config() const { return m_config; }
    int64_t maxTokens() const { return m_config.maxPositionEmbeddings; }
    /// The input embedding matrix [|V|, H].
    const torch::Tensor &embedTokens() const { return m_embedTokens; }

    /// Final hidden states (after model.norm) [B, S, H] for input embeddings `x` [B, S, H] at
    /// `positions` [B, S] (int64, RoPE positions). Attention: each query sees `past` (if given; all
    /// of it) plus the new positions causally; `extraMask`, if defined, is added to the scores
    /// [B, 1, S, past + S] (e.g. to hide parts of a shared cache). If `present` is given it
    /// receives past + new keys/values.
    torch::Tensor forward(const torch::Tensor &x, const torch::Tensor &positions, const KvCache *past,
                          KvCache *present, const torch::Tensor &extraMask = {}) const;
    /// Logits [..., |V|] of final hidden states (lm_head, or the tied embedding matrix).
    torch::Tensor logits(const torch::Tensor &hidden) const;
    /// log P(ids[t] | ids[<t]) for t = 1..L-1: [B, L-1], from unpadded or right-padded ids [B, L]
    /// (entries past a sequence's end are meaningless; the caller masks them). In float32 at least.
    torch::Tensor tokenLogProbs(const torch::Tensor &ids) const;

private:
    struct Layer {
        torch::Tensor inputNorm, postAttentionNorm;
        Linear q, k, v, o;
        Linear gate, up, down;
    };

    io::Qwen2Config m_config;
    torch::Tensor m_embedTokens;
    torch::Tensor m_lmHead;  // aliases m_embedTokens when tied
    torch::Tensor m_norm;
    std::vector<Layer> m_layers;
};

}  // namespace gauntlet::nn
