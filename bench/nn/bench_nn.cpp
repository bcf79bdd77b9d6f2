// engine/nn benchmark (not a test): every speed figure is a ratio of two timings in this run.
//
// 1. Candidate scoring throughput: achieved GFLOP/s of batched encoder scoring (random XLM-R-style
//    Sentinel model: 4 layers, hidden 256, 4 heads, FFN 1024; batch 64 x 32 tokens) divided by
//    the GFLOP/s of a plain torch::matmul [2048, 256] x [256, 1024] (the FFN's GEMM shape).
// 2. Prefix reuse: perplexity of 64 single-substitution candidates of a 32-token parent under a
//    random Qwen2 (4 layers, hidden 256, 4 query / 2 key-value heads, FFN 1024, vocab 8192), with
//    and without reuse of the parent's keys/values: the ratio of transformer positions run (FLOPs)
//    and of times.
// 3. Peak memory (VmHWM) as the candidate count grows with chunking, then once unchunked (measured
//    first, since the high-water mark only grows). Runs with OMP_WAIT_POLICY=PASSIVE unless set.
#include "engine/nn/encoder_scorers.h"
#include "engine/nn/layers.h"
#include "engine/nn/perplexity_scorer.h"

#include <c10/core/InferenceMode.h>

#include <QFile>

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <fstream>
#include <string>

using namespace gauntlet;
using namespace gauntlet::nn;

namespace {

double seconds(const std::function<void()> &fn, int reps)
{
    fn();  // warm-up
    const auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < reps; ++i)
        fn();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / reps;
}

long peakRssKb()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("VmHWM:", 0) == 0)
            return std::stol(line.substr(6));
    return -1;
}

std::string blasInUse()
{
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line))
        if (line.find("libblas") != std::string::npos || line.find("openblas") != std::string::npos)
            return line.substr(line.find('/'));
    return "(no BLAS library mapped)";
}

torch::Tensor rnd(std::vector<int64_t> shape, double scale = 0.05) { return torch::randn(shape) * scale; }

std::map<std::string, torch::Tensor> encoderTensors(int64_t vocab, int64_t hidden, int64_t layers, int64_t inner, int64_t positions)
{
    std::map<std::string, torch::Tensor> w;
    const std::string e = "encoder.model.embeddings.";
    w[e + "word_embeddings.weight"] = rnd({vocab, hidden});
    w[e + "position_embeddings.weight"] = rnd({positions, hidden});
    w[e + "token_type_embeddings.weight"] = rnd({1, hidden});
    w[e + "LayerNorm.weight"] = torch::ones({hidden});
    w[e + "LayerNorm.bias"] = torch::zeros({hidden});
    for (int64_t i = 0; i < layers; ++i) {
        const std::string l = "encoder.model.encoder.layer." + std::to_string(i) + ".";
        for (const char *n : {"attention.self.query", "attention.self.key", "attention.self.value", "attention.output.dense"}) {
            w[l + n + ".weight"] = rnd({hidden, hidden});
            w[l + n + ".bias"] = rnd({hidden});
        }
        w[l + "intermediate.dense.weight"] = rnd({inner, hidden});
        w[l + "intermediate.dense.bias"] = rnd({inner});
        w[l + "output.dense.weight"] = rnd({hidden, inner});
        w[l + "output.dense.bias"] = rnd({hidden});
        for (const char *n : {"attention.output.LayerNorm", "output.LayerNorm"}) {
            w[l + n + ".weight"] = torch::ones({hidden});
            w[l + n + ".bias"] = torch::zeros({hidden});
        }
    }
    w["estimator.ff.0.weight"] = rnd({128, hidden});
    w["estimator.ff.0.bias"] = rnd({128});
    w["estimator.ff.3.weight"] = rnd({64, 128});
    w["estimator.ff.3.bias"] = rnd({64});
    w["estimator.ff.6.weight"] = rnd({1, 64});
    w["estimator.ff.6.bias"] = rnd({1});
    return w;
}

std::map<std::string, torch::Tensor> qwenTensors(const io::Qwen2Config &c)
{
    std::map<std::string, torch::Tensor> w;
    const int64_t h = c.hiddenSize, kv = c.headDim() * c.numKeyValueHeads, inner = c.intermediateSize;
    w["model.embed_tokens.weight"] = rnd({c.vocabSize, h});
    w["model.norm.weight"] = torch::ones({h});
    for (int64_t i = 0; i < c.numHiddenLayers; ++i) {
        const std::string l = "model.layers." + std::to_string(i) + ".";
        w[l + "input_layernorm.weight"] = torch::ones({h});
        w[l + "post_attention_layernorm.weight"] = torch::ones({h});
        w[l + "self_attn.q_proj.weight"] = rnd({h, h});
        w[l + "self_attn.q_proj.bias"] = rnd({h});
        w[l + "self_attn.k_proj.weight"] = rnd({kv, h});
        w[l + "self_attn.k_proj.bias"] = rnd({kv});
        w[l + "self_attn.v_proj.weight"] = rnd({kv, h});
        w[l + "self_attn.v_proj.bias"] = rnd({kv});
        w[l + "self_attn.o_proj.weight"] = rnd({h, h});
        w[l + "mlp.gate_proj.weight"] = rnd({inner, h});
        w[l + "mlp.up_proj.weight"] = rnd({inner, h});
        w[l + "mlp.down_proj.weight"] = rnd({h, inner});
    }
    return w;
}

std::vector<std::vector<int64_t>> randomSequences(int64_t count, int64_t length, int64_t vocab)
{
    std::vector<std::vector<int64_t>> out;
    for (int64_t i = 0; i < count; ++i) {
        const torch::Tensor t = torch::randint(4, vocab, {length}, torch::kInt64);
        std::vector<int64_t> s(t.data_ptr<int64_t>(), t.data_ptr<int64_t>() + length);
        s.front() = 0;
        s.back() = 2;
        out.push_back(std::move(s));
    }
    return out;
}

}  // namespace

int main(int argc, char **argv)
{
    // libgomp's default busy-waiting collapses torch's intra-op threads when other processes share
    // the cores (12x slower elementwise ops measured here at load 8 on 2 cores); it reads
    // OMP_WAIT_POLICY when it loads, so set it and start again.
    if (!std::getenv("OMP_WAIT_POLICY")) {
        setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
        execv("/proc/self/exe", argv);
    }
    const int threads = argc > 1 ? std::atoi(argv[1]) : 0;
    torch::manual_seed(0);
    ScorerSettings settings;
    settings.threads = threads;
    settings.maxBatchTokens = 4096;
    applySettings(settings);
    std::printf("BLAS: %s\ntorch threads: %d\n\n", blasInUse().c_str(), torch::get_num_threads());

    // 1. Encoder throughput vs GEMM.
    const int64_t hidden = 256, layers = 4, inner = 1024, batch = 64, length = 32, vocab = 8192;
    io::EncoderConfig ec;
    ec.modelType = "xlm-roberta";
    ec.vocabSize = vocab;
    ec.hiddenSize = hidden;
    ec.numHiddenLayers = layers;
    ec.numAttentionHeads = 4;
    ec.intermediateSize = inner;
    ec.maxPositionEmbeddings = 514;
    ec.typeVocabSize = 1;
    ec.layerNormEps = 1e-5;
    const DifficultyScorer encoder(ec, encoderTensors(vocab, hidden, layers, inner, 514), "bench", RegressionHeadOptions{}, settings);
    // 3 (run first, since VmHWM only grows). Peak memory as the number of candidates grows (chunks of 4096 tokens), then unchunked.
    std::printf("peak resident memory (VmHWM) while scoring N candidates of 32 tokens, chunked at %lld tokens:\n",
                static_cast<long long>(settings.maxBatchTokens));
    const long before = peakRssKb();
    std::printf("  before: %.1f MiB\n", before / 1024.0);
    for (int64_t n : {64, 256, 1024, 4096}) {
        encoder.scoreBatch(randomSequences(n, length, vocab));
        std::printf("  N = %5lld: %.1f MiB\n", static_cast<long long>(n), peakRssKb() / 1024.0);
    }
    ScorerSettings unchunked = settings;
    unchunked.maxBatchTokens = int64_t{1} << 40;
    const DifficultyScorer encoderUnchunked(ec, encoderTensors(vocab, hidden, layers, inner, 514), "bench", RegressionHeadOptions{},
                                            unchunked);
    encoderUnchunked.scoreBatch(randomSequences(4096, length, vocab));
    std::printf("  N =  4096 in one chunk (for comparison): %.1f MiB\n\n", peakRssKb() / 1024.0);

    const auto sequences = randomSequences(batch, length, vocab);
    const double tokens = batch * length;
    const double flopsPerBatch = tokens * layers * (8.0 * hidden * hidden + 4.0 * hidden * inner + 4.0 * length * hidden);
    const double tEncoder = seconds([&] { encoder.scoreBatch(sequences); }, 10);
    const torch::Tensor a = torch::randn({batch * length, hidden}), b = torch::randn({hidden, inner});
    const double tGemm = seconds([&] {
        c10::InferenceMode guard;
        torch::matmul(a, b);
    }, 50);
    const double gemmFlops = 2.0 * batch * length * hidden * inner;
    const double encoderRate = flopsPerBatch / tEncoder / 1e9, gemmRate = gemmFlops / tGemm / 1e9;
    std::printf("encoder scoring (4 layers, hidden 256, batch 64 x 32): %.2f ms/batch, %.1f GFLOP/s, %.0f candidates/s\n",
                tEncoder * 1e3, encoderRate, batch / tEncoder);
    std::printf("plain GEMM [2048,256]x[256,1024]: %.1f GFLOP/s\n", gemmRate);
    std::printf("RATIO encoder / GEMM GFLOP/s: %.2f (target >= 0.5)\n", encoderRate / gemmRate);
    {
        // Where one batch's time goes: the six dense layers, attention, and norms + GELU, x 4 layers.
        c10::InferenceMode guard;
        const torch::Tensor x = torch::randn({batch, length, hidden}), wide = torch::randn({batch, length, inner});
        const torch::Tensor wh = rnd({hidden, hidden}), bh = rnd({hidden}), wi = rnd({inner, hidden}), bi = rnd({inner}),
                            wo = rnd({hidden, inner});
        const torch::Tensor mask = paddingMask(torch::ones({batch, length}, torch::kBool), torch::kFloat32);
        LayerNormParams ln{torch::ones({hidden}), torch::zeros({hidden})};
        const double tDense = seconds([&] {
            for (int64_t l = 0; l < layers; ++l) {
                for (int k = 0; k < 4; ++k)
                    torch::linear(x, wh, bh);
                torch::linear(x, wi, bi);
                torch::linear(wide, wo, bh);
            }
        }, 5);
        const double tAttention = seconds([&] {
            for (int64_t l = 0; l < layers; ++l)
                attention(splitHeads(x, 4), splitHeads(x, 4), splitHeads(x, 4), mask);
        }, 5);
        const double tPointwise = seconds([&] {
            for (int64_t l = 0; l < layers; ++l) {
                layerNorm(x + x, ln, 1e-5);
                layerNorm(x + x, ln, 1e-5);
                geluExact(wide);
            }
        }, 5);
        std::printf("  breakdown per batch: dense layers %.1f ms, attention %.1f ms, norms + residuals + GELU %.1f ms\n\n",
                    tDense * 1e3, tAttention * 1e3, tPointwise * 1e3);
    }

    // 2. Prefix reuse for perplexity of single-substitution candidates.
    io::Qwen2Config qc;
    qc.modelType = "qwen2";
    qc.vocabSize = 8192;
    qc.hiddenSize = 256;
    qc.numHiddenLayers = 4;
    qc.numAttentionHeads = 4;
    qc.numKeyValueHeads = 2;
    qc.intermediateSize = 1024;
    qc.maxPositionEmbeddings = 512;
    qc.tieWordEmbeddings = true;
    const PerplexityScorer lm(qc, qwenTensors(qc), "bench", settings);
    const auto parent = randomSequences(1, 32, qc.vocabSize)[0];
    std::vector<std::vector<int64_t>> candidates;
    for (int i = 0; i < 64; ++i) {
        auto c = parent;
        c[static_cast<size_t>(torch::randint(32, {1}).item<int64_t>())] = torch::randint(4, qc.vocabSize, {1}).item<int64_t>();
        candidates.push_back(c);
    }
    PrefixReuseStats stats;
    const double tFull = seconds([&] { lm.scoreBatch(candidates); }, 10);
    const double tReuse = seconds([&] { lm.scoreCandidates(parent, candidates, &stats); }, 10);
    double maxDiff = 0;
    const auto full = lm.scoreBatch(candidates), reused = lm.scoreCandidates(parent, candidates);
    for (size_t i = 0; i < full.size(); ++i)
        maxDiff = std::max(maxDiff, std::abs(full[i] - reused[i]) / full[i]);
    std::printf("perplexity of 64 single-substitution candidates of a 32-token text (Qwen2 4 layers, hidden 256):\n");
    std::printf("  full recomputation %.2f ms, with prefix reuse %.2f ms; max relative difference %.2g\n", tFull * 1e3, tReuse * 1e3,
                maxDiff);
    std::printf("RATIO positions (FLOPs) full / reuse: %lld / %lld = %.2f\n", static_cast<long long>(stats.positionsFull),
                static_cast<long long>(stats.positionsComputed),
                static_cast<double>(stats.positionsFull) / static_cast<double>(stats.positionsComputed));
    std::printf("RATIO time full / reuse: %.2f\n\n", tFull / tReuse);

    return 0;
}
