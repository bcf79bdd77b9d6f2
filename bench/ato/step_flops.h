// Model arithmetic of one ATO step counted from the shapes (issue 24), and the GEMM rate of this
// machine at the same shapes, so bench_ato reports how close a step comes to the hardware.
// Counts are multiply-adds x 2; element-wise work (LayerNorm, GELU, softmax) is not counted.
#pragma once

#include "engine/io/hf_config.h"

#include <torch/torch.h>

#include <chrono>
#include <cstdint>

namespace gauntlet::bench {

/// FLOPs of one token through an XLM-R encoder whose sequences hold L tokens: per layer the Q, K,
/// V and output projections (4 H^2), the feed-forward (2 H I) and attention (QK^T and AV, 2 L H),
/// all x 2. Heads (a few H x H products per sequence) are left out.
inline double encoderFlopsPerToken(const io::EncoderConfig &c, std::int64_t length)
{
    const double h = double(c.hiddenSize), i = double(c.intermediateSize), l = double(length);
    return double(c.numHiddenLayers) * 2.0 * (4 * h * h + 2 * h * i + 2 * l * h);
}

/// FLOPs of one token through a Qwen2/Llama causal LM with L tokens: per layer Q and O (2 H^2), K
/// and V (2 H * kvHeads * headDim), the SwiGLU feed-forward (3 H I), causal attention (on average
/// L/2 keys: 2 * (L/2) H), all x 2; plus the logits (2 H |V|) when `logits`.
inline double lmFlopsPerToken(const io::Qwen2Config &c, std::int64_t length, bool logits)
{
    const double h = double(c.hiddenSize), i = double(c.intermediateSize), l = double(length);
    const double kv = double(c.numKeyValueHeads * c.headDim());
    const double perLayer = 2.0 * (2 * h * h + 2 * h * kv + 3 * h * i + l * h);
    return double(c.numHiddenLayers) * perLayer + (logits ? 2.0 * h * double(c.vocabSize) : 0.0);
}

/// GFLOP/s of torch::matmul [m, k] x [k, n] in float32 on the CPU with torch's current threads,
/// repeated for about `seconds` after one warm-up product.
inline double gemmRate(std::int64_t m, std::int64_t k, std::int64_t n, double seconds = 1.0)
{
    torch::NoGradGuard noGrad;
    const torch::Tensor a = torch::randn({m, k}), b = torch::randn({k, n});
    torch::Tensor out = torch::matmul(a, b);
    int runs = 0;
    const auto start = std::chrono::steady_clock::now();
    double elapsed = 0;
    while (elapsed < seconds) {
        out = torch::matmul(a, b);
        ++runs;
        elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    }
    return 2.0 * double(m) * double(k) * double(n) * runs / elapsed / 1e9;
}

}  // namespace gauntlet::bench
