// Building blocks shared by the architectures (STYLE.md point 2): each a plain function over
// tensors so the forward passes in xlm_roberta.cpp and qwen2.cpp read in the papers' order.
// Shapes: B batch, S query positions, T key positions, H hidden size, h heads, d head size.
#pragma once

#include "engine/nn/weights.h"

#include <torch/types.h>

#include <string>

namespace gauntlet::nn {

/// A dense layer y = x W^T + b, W [out, in] as torch.nn.Linear stores it; bias may be undefined.
struct Linear {
    torch::Tensor weight;
    torch::Tensor bias;

    /// Takes "<name>.weight" [out, in] and, if `withBias`, "<name>.bias" [out]. -1 sizes are read
    /// from the checkpoint.
    static Linear take(WeightLoader &weights, const std::string &name, int64_t out, int64_t in, bool withBias = true);
    torch::Tensor operator()(const torch::Tensor &x) const;
    int64_t outFeatures() const { return weight.size(0); }
};

/// A LayerNorm's affine parameters ("<name>.weight", "<name>.bias", both [H]).
struct LayerNormParams {
    torch::Tensor weight;
    torch::Tensor bias;
    static LayerNormParams take(WeightLoader &weights, const std::string &name, int64_t hidden);
};

/// Layer normalisation over the last dimension (Ba et al. 2016), via torch::layer_norm.
torch::Tensor layerNorm(const torch::Tensor &x, const LayerNormParams &p, double eps);

/// RMSNorm (Zhang & Sennrich 2019) as HF Qwen2RMSNorm: x * rsqrt(mean(x^2) + eps) computed in
/// float32 (at least), cast back to x's dtype, then times `weight` [H].
torch::Tensor rmsNorm(const torch::Tensor &x, const torch::Tensor &weight, double eps);

/// GELU with the exact erf form, x * Phi(x) (Hendrycks & Gimpel 2016; HF "gelu").
torch::Tensor geluExact(const torch::Tensor &x);

/// Additive attention mask [B, 1, 1, T] from a keep mask [B, T] (bool): 0 where kept, the dtype's
/// lowest value where masked (as HF's extended attention mask).
torch::Tensor paddingMask(const torch::Tensor &keep, torch::Dtype dtype);

/// Scaled dot-product attention (Vaswani et al. 2017) with grouped-query heads (Ainslie et al.
/// 2023): q [B, h, S, d], k and v [B, g, T, d] with h a multiple of g (query head i reads key/value
/// head i / (h / g), as HF's repeat_kv). `mask` is additive and broadcasts to [B, 1, S, T]
/// (undefined = none). Softmax in at least float32. Returns [B, S, h * d].
torch::Tensor attention(const torch::Tensor &q, const torch::Tensor &k, const torch::Tensor &v, const torch::Tensor &mask);

/// Splits [B, S, n * d] into heads [B, n, S, d].
torch::Tensor splitHeads(const torch::Tensor &x, int64_t heads);

/// Rotary position embedding tables (Su et al. 2021, HF's rotate-half layout): for positions
/// [B, S] (int64) and head size d, returns {cos, sin}, each [B, 1, S, d], computed in float64 from
/// inv_freq = theta^(-2i/d) and cast to `dtype`.
std::pair<torch::Tensor, torch::Tensor> rotaryTables(const torch::Tensor &positions, int64_t headDim, double theta,
                                                    torch::Dtype dtype);
/// x * cos + rotate_half(x) * sin, with rotate_half(x) = cat(-x2, x1) over the last dimension
/// split in halves. x [B, n, S, d].
torch::Tensor applyRotary(const torch::Tensor &x, const torch::Tensor &cos, const torch::Tensor &sin);

/// Sparsemax over a 1-D tensor (Martins & Astudillo 2016): the Euclidean projection onto the
/// probability simplex; differentiable through autograd.
torch::Tensor sparsemax(const torch::Tensor &z);

}  // namespace gauntlet::nn
