#include "engine/nn/scorer.h"

#include "engine/core/enum_names.h"

#include <ATen/core/grad_mode.h>
#include <c10/core/InferenceMode.h>
#include <torch/cuda.h>
#include <torch/utils.h>

#include <algorithm>
#include <numeric>
#include <thread>

namespace gauntlet::nn {

const core::EnumName<ScoreKind> ScoreKindNames[] = {
    {ScoreKind::Difficulty, "difficulty"}, {ScoreKind::Acceptability, "acceptability"}, {ScoreKind::Perplexity, "perplexity"}};

std::string scoreKindName(ScoreKind kind)
{
    return core::enumName(ScoreKindNames, kind, "?");
}

ScoreKind parseScoreKind(const std::string &name)
{
    return core::enumFromNameOrThrow(ScoreKindNames, name, [&] {
        return InputError("unknown score kind \"" + name + "\" (expected difficulty, acceptability or perplexity)");
    });
}

TensorPlacement applySettings(const ScorerSettings &settings)
{
    if (settings.dtype != torch::kFloat32 && settings.dtype != torch::kFloat64 && settings.dtype != torch::kBFloat16)
        throw ModelError("scorer dtype must be float32, float64 or bfloat16");
    if (settings.device.is_cuda() && !torch::cuda::is_available())
        throw ModelError("scorer device CUDA was asked for, but this libtorch sees no CUDA device");
    if (!settings.device.is_cpu() && !settings.device.is_cuda())
        throw ModelError("scorer device must be CPU or CUDA");
    if (settings.maxBatchTokens < 1)
        throw ModelError("scorer maxBatchTokens must be positive");
    if (settings.threads < 0)
        throw ModelError("scorer thread count must not be negative");
    const int threads = settings.threads > 0 ? settings.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    torch::set_num_threads(threads);
    return {settings.device, settings.dtype};
}

void Scorer::checkSequence(const std::vector<int64_t> &ids, size_t index) const
{
    const auto n = static_cast<int64_t>(ids.size());
    const std::string which = "sequence " + std::to_string(index);
    if (n < minTokens())
        throw InputError(which + " has " + std::to_string(n) + " tokens; the " + scoreKindName(kind()) + " model needs at least "
                         + std::to_string(minTokens()));
    if (n > maxTokens())
        throw InputError(which + " has " + std::to_string(n) + " tokens; the model takes at most " + std::to_string(maxTokens())
                         + " (truncate it explicitly)");
    for (size_t i = 0; i < ids.size(); ++i)
        if (ids[i] < 0 || ids[i] >= vocabSize())
            throw InputError(which + ": token " + std::to_string(i) + " has id " + std::to_string(ids[i])
                             + " outside the vocabulary [0, " + std::to_string(vocabSize()) + ")");
}

std::vector<double> Scorer::scoreBatch(const std::vector<std::vector<int64_t>> &sequences) const
{
    for (size_t i = 0; i < sequences.size(); ++i)
        checkSequence(sequences[i], i);
    std::vector<double> scores(sequences.size());
    // Longest first, so each chunk pads little and its width is its first member's length.
    std::vector<size_t> order(sequences.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return sequences[a].size() > sequences[b].size(); });

    c10::InferenceMode guard;
    forEachChunk(order.size(), [&](size_t start, int64_t budget) {
        const auto width = static_cast<int64_t>(sequences[order[start]].size());
        const size_t end = std::min(order.size(), start + static_cast<size_t>(std::max<int64_t>(1, budget / width)));
        return ChunkPlan{end, int64_t(end - start), int64_t(end - start) * width};
    }, [&](size_t start, size_t end) {
        const auto width = static_cast<int64_t>(sequences[order[start]].size());
        torch::Tensor ids = torch::full({static_cast<int64_t>(end - start), width}, paddingId(), torch::kInt64);
        std::vector<int64_t> lengths;
        auto acc = ids.accessor<int64_t, 2>();
        for (size_t r = start; r < end; ++r) {
            const auto &seq = sequences[order[r]];
            for (size_t j = 0; j < seq.size(); ++j)
                acc[static_cast<int64_t>(r - start)][static_cast<int64_t>(j)] = seq[j];
            lengths.push_back(static_cast<int64_t>(seq.size()));
        }
        const torch::Tensor chunk = scoreChunk(ids.to(m_settings.device), lengths).to(torch::kCPU, torch::kFloat64).contiguous();
        const double *values = chunk.data_ptr<double>();
        for (size_t r = start; r < end; ++r)
            scores[order[r]] = values[r - start];
    });
    return scores;
}

bool Scorer::isCpuOutOfMemory(const c10::Error &e)
{
    // alloc_cpu.cpp: "not enough memory" (malloc) or "can't allocate memory" (posix_memalign,
    // Debian's 1.13 build) from the DefaultCPUAllocator.
    const std::string &m = e.msg();
    return m.find("DefaultCPUAllocator") != std::string::npos
           && (m.find("not enough memory") != std::string::npos || m.find("can't allocate memory") != std::string::npos);
}

void Scorer::throwSimulatedOutOfMemory(int64_t tokens) const
{
    throw c10::OutOfMemoryError({__func__, __FILE__, uint32_t(__LINE__)},
                                "simulated out of memory for a chunk of " + std::to_string(tokens) + " padded tokens");
}

void Scorer::shrinkAfterOutOfMemory(int64_t rows, int64_t tokens, const char *what) const
{
    if (rows <= 1)
        throw ModelError("out of memory scoring one sequence of " + std::to_string(tokens) + " tokens on " + m_settings.device.str()
                         + " (lower the model's dtype, free the device, or use the CPU): " + what);
    int64_t budget = m_batchTokens.load();
    const int64_t target = std::max<int64_t>(1, std::min(budget, tokens) / 2);
    while (budget > target && !m_batchTokens.compare_exchange_weak(budget, target)) {
    }
    m_oomRetries.fetch_add(1);
}

ScoreGradient Scorer::scoreWithGradient(const std::vector<int64_t> &ids) const
{
    checkSequence(ids, 0);
    torch::AutoGradMode enable(true);
    const torch::Tensor idTensor = torch::tensor(ids, torch::kInt64).to(m_settings.device);
    torch::Tensor oneHot = torch::one_hot(idTensor, vocabSize()).to(m_settings.dtype).requires_grad_(true);
    const torch::Tensor score = scoreOneHot(oneHot);
    score.backward();
    return {score.item<double>(), oneHot.grad().to(torch::kCPU, torch::kFloat32)};
}

}  // namespace gauntlet::nn
