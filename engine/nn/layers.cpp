#include "engine/nn/layers.h"

#include <cmath>
#include <limits>

namespace gauntlet::nn {

Linear Linear::take(WeightLoader &weights, const std::string &name, int64_t out, int64_t in, bool withBias)
{
    Linear l;
    l.weight = weights.take(name + ".weight", {out, in});
    if (withBias)
        l.bias = weights.take(name + ".bias", {out < 0 ? l.weight.size(0) : out});
    return l;
}

torch::Tensor Linear::operator()(const torch::Tensor &x) const
{
    return torch::linear(x, weight, bias);
}

LayerNormParams LayerNormParams::take(WeightLoader &weights, const std::string &name, int64_t hidden)
{
    return {weights.take(name + ".weight", {hidden}), weights.take(name + ".bias", {hidden})};
}

torch::Tensor layerNorm(const torch::Tensor &x, const LayerNormParams &p, double eps)
{
    return torch::layer_norm(x, {x.size(-1)}, p.weight, p.bias, eps);
}

torch::Tensor rmsNorm(const torch::Tensor &x, const torch::Tensor &weight, double eps)
{
    const auto wide = x.scalar_type() == torch::kFloat64 ? torch::kFloat64 : torch::kFloat32;
    const torch::Tensor xw = x.to(wide);
    const torch::Tensor normed = xw * torch::rsqrt(xw.pow(2).mean(-1, /*keepdim=*/true) + eps);
    return weight * normed.to(x.scalar_type());
}

torch::Tensor geluExact(const torch::Tensor &x)
{
    return torch::gelu(x);  // default approximate="none": the erf form
}

torch::Tensor paddingMask(const torch::Tensor &keep, torch::Dtype dtype)
{
    const double lowest = dtype == torch::kFloat64 ? std::numeric_limits<double>::lowest()
                          : dtype == torch::kBFloat16 ? -3.3895313892515355e38
                                                      : static_cast<double>(std::numeric_limits<float>::lowest());
    auto mask = torch::zeros(keep.sizes(), torch::TensorOptions().dtype(dtype).device(keep.device()));
    mask = mask.masked_fill(keep.logical_not(), lowest);
    return mask.unsqueeze(1).unsqueeze(1);
}

torch::Tensor splitHeads(const torch::Tensor &x, int64_t heads)
{
    const int64_t b = x.size(0), s = x.size(1);
    return x.view({b, s, heads, x.size(2) / heads}).transpose(1, 2);
}

torch::Tensor attention(const torch::Tensor &q, const torch::Tensor &k, const torch::Tensor &v, const torch::Tensor &mask)
{
    const int64_t b = q.size(0), h = q.size(1), s = q.size(2), d = q.size(3);
    const int64_t g = k.size(1), t = k.size(2);
    // Group the query heads that share one key/value head: [B, g, h/g * S, d] against [B, g, T, d].
    const torch::Tensor qg = q.reshape({b, g, (h / g) * s, d});
    torch::Tensor scores = torch::matmul(qg, k.transpose(-1, -2)) * (1.0 / std::sqrt(static_cast<double>(d)));
    scores = scores.view({b, h, s, t});
    if (mask.defined())
        scores = scores + mask;
    const auto wide = q.scalar_type() == torch::kFloat64 ? torch::kFloat64 : torch::kFloat32;
    const torch::Tensor probs = torch::softmax(scores, -1, wide).to(q.scalar_type());
    const torch::Tensor ctx = torch::matmul(probs.view({b, g, (h / g) * s, t}), v).view({b, h, s, d});
    return ctx.transpose(1, 2).reshape({b, s, h * d});
}

std::pair<torch::Tensor, torch::Tensor> rotaryTables(const torch::Tensor &positions, int64_t headDim, double theta,
                                                    torch::Dtype dtype)
{
    const auto opts = torch::TensorOptions().dtype(torch::kFloat64).device(positions.device());
    const torch::Tensor invFreq = torch::pow(theta, torch::arange(0, headDim, 2, opts) / static_cast<double>(headDim)).reciprocal();
    const torch::Tensor freqs = positions.to(torch::kFloat64).unsqueeze(-1) * invFreq;  // [B, S, d/2]
    const torch::Tensor emb = torch::cat({freqs, freqs}, -1).unsqueeze(1);               // [B, 1, S, d]
    return {emb.cos().to(dtype), emb.sin().to(dtype)};
}

torch::Tensor applyRotary(const torch::Tensor &x, const torch::Tensor &cos, const torch::Tensor &sin)
{
    const int64_t half = x.size(-1) / 2;
    const torch::Tensor rotated = torch::cat({-x.slice(-1, half), x.slice(-1, 0, half)}, -1);
    return x * cos + rotated * sin;
}

torch::Tensor sparsemax(const torch::Tensor &z)
{
    const torch::Tensor sorted = std::get<0>(z.sort(0, /*descending=*/true));
    const torch::Tensor cumulative = sorted.cumsum(0);
    const torch::Tensor k = torch::arange(1, z.size(0) + 1, z.options());
    const torch::Tensor support = (1 + k * sorted) > cumulative;
    const int64_t kz = support.sum().item<int64_t>();
    const torch::Tensor tau = (cumulative[kz - 1] - 1) / static_cast<double>(kz);
    return torch::clamp_min(z - tau, 0);
}

}  // namespace gauntlet::nn
