#include "engine/nn/perplexity_scorer.h"

#include <ATen/core/grad_mode.h>
#include <c10/core/InferenceMode.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace gauntlet::nn {

PerplexityScorer::PerplexityScorer(const io::Qwen2Config &config, std::map<std::string, torch::Tensor> tensors,
                                   const QString &source, const ScorerSettings &settings)
    : Scorer(settings)
{
    WeightLoader weights(std::move(tensors), source, applySettings(settings));
    auto model = std::make_unique<Qwen2Model>(config, weights);
    weights.finish();
    m_model = std::move(model);
}

torch::Tensor PerplexityScorer::targetLogProbs(const torch::Tensor &hidden, const torch::Tensor &targets) const
{
    const int64_t n = hidden.size(0);
    const int64_t block = std::max<int64_t>(1, (int64_t{1} << 26) / vocabSize());
    std::vector<torch::Tensor> parts;
    for (int64_t start = 0; start < n; start += block) {
        const int64_t end = std::min(n, start + block);
        const auto wide = hidden.scalar_type() == torch::kFloat64 ? torch::kFloat64 : torch::kFloat32;
        const torch::Tensor logProbs = torch::log_softmax(m_model->logits(hidden.slice(0, start, end)), -1, wide);
        parts.push_back(logProbs.gather(1, targets.slice(0, start, end).unsqueeze(1)).squeeze(1).to(torch::kFloat64));
    }
    return parts.empty() ? torch::zeros({0}, hidden.options().dtype(torch::kFloat64)) : torch::cat(parts);
}

torch::Tensor PerplexityScorer::scoreChunk(const torch::Tensor &ids, const std::vector<int64_t> &lengths) const
{
    // Right padding never reaches earlier positions under the causal mask, so no padding mask.
    const int64_t b = ids.size(0), l = ids.size(1);
    const torch::Tensor positions = torch::arange(l, ids.options()).unsqueeze(0).expand({b, l});
    const torch::Tensor hidden = m_model->forward(torch::embedding(m_model->embedTokens(), ids), positions, nullptr, nullptr);
    const int64_t h = hidden.size(2);
    const torch::Tensor lp = targetLogProbs(hidden.slice(1, 0, l - 1).reshape({-1, h}), ids.slice(1, 1).reshape({-1}))
                                 .view({b, l - 1}).to(torch::kCPU);
    std::vector<double> out(static_cast<size_t>(b));
    auto acc = lp.accessor<double, 2>();
    for (int64_t r = 0; r < b; ++r) {
        double sum = 0;
        for (int64_t t = 0; t + 1 < lengths[static_cast<size_t>(r)]; ++t)
            sum += acc[r][t];
        out[static_cast<size_t>(r)] = std::exp(-sum / static_cast<double>(lengths[static_cast<size_t>(r)] - 1));
    }
    return torch::tensor(out, torch::kFloat64);
}

torch::Tensor PerplexityScorer::scoreOneHot(const torch::Tensor &oneHot) const
{
    return scoreOneHotBatch(oneHot.unsqueeze(0))[0];
}

torch::Tensor PerplexityScorer::scoreOneHotBatch(const torch::Tensor &oneHot) const
{
    const int64_t n = oneHot.size(0), l = oneHot.size(1);
    const torch::Tensor positions = torch::arange(l, oneHot.options().dtype(torch::kInt64)).unsqueeze(0).expand({n, l});
    const torch::Tensor hidden = m_model->forward(torch::matmul(oneHot, m_model->embedTokens()), positions, nullptr, nullptr);
    const auto wide = hidden.scalar_type() == torch::kFloat64 ? torch::kFloat64 : torch::kFloat32;
    const torch::Tensor logProbs = torch::log_softmax(m_model->logits(hidden.slice(1, 0, l - 1)), -1, wide);  // [n, L-1, |V|]
    const torch::Tensor tokenLogProbs = (logProbs * oneHot.slice(1, 1).to(wide)).sum(-1);                   // [n, L-1]
    return torch::exp(-tokenLogProbs.mean(1));
}

std::pair<torch::Tensor, torch::Tensor> PerplexityScorer::scoreAndOneHotGradient(const torch::Tensor &ids) const
{
    const int64_t n = ids.size(0), l = ids.size(1);
    const torch::Tensor &table = m_model->embedTokens();  // [|V|, H]
    const torch::Tensor embeds = torch::embedding(table, ids).detach().requires_grad_(true);  // [n, L, H]
    const torch::Tensor positions = torch::arange(l, ids.options()).unsqueeze(0).expand({n, l});
    const torch::Tensor hidden = m_model->forward(embeds, positions, nullptr, nullptr);
    const auto wide = hidden.scalar_type() == torch::kFloat64 ? torch::kFloat64 : torch::kFloat32;
    const torch::Tensor logProbs = torch::log_softmax(m_model->logits(hidden.slice(1, 0, l - 1)), -1, wide);  // [n, L-1, |V|]
    const torch::Tensor tokenLogProbs = logProbs.gather(2, ids.slice(1, 1).unsqueeze(2)).squeeze(2);        // [n, L-1]
    const torch::Tensor ppl = torch::exp(-tokenLogProbs.mean(1));                                           // [n]
    ppl.sum().backward();
    torch::Tensor grad = torch::matmul(embeds.grad(), table.t());  // [n, L, |V|]: the input path
    const torch::Tensor scale = (-ppl.detach() / double(l - 1)).view({n, 1, 1});
    grad.slice(1, 1).add_((scale * logProbs.detach()).to(grad.scalar_type()));  // the target path
    return {ppl.detach(), grad};
}

torch::Tensor PerplexityScorer::tokenLogProbs(const std::vector<int64_t> &ids) const
{
    checkSequence(ids, 0);
    c10::InferenceMode guard;
    const torch::Tensor t = torch::tensor(ids, torch::kInt64).to(m_settings.device).unsqueeze(0);
    const int64_t l = t.size(1);
    const torch::Tensor positions = torch::arange(l, t.options()).unsqueeze(0);
    const torch::Tensor hidden = m_model->forward(torch::embedding(m_model->embedTokens(), t), positions, nullptr, nullptr)[0];
    return targetLogProbs(hidden.slice(0, 0, l - 1), t[0].slice(0, 1)).to(torch::kCPU);
}

std::vector<double> PerplexityScorer::scoreCandidates(const std::vector<int64_t> &parent,
                                                      const std::vector<std::vector<int64_t>> &candidates,
                                                      PrefixReuseStats *stats) const
{
    checkSequence(parent, 0);
    for (size_t i = 0; i < candidates.size(); ++i)
        checkSequence(candidates[i], i);
    c10::InferenceMode guard;
    const auto device = m_settings.device;
    const auto lp = static_cast<int64_t>(parent.size());

    // 1. The parent once: its keys/values and the log-softmax rows its positions predict.
    const torch::Tensor parentIds = torch::tensor(parent, torch::kInt64).to(device).unsqueeze(0);
    KvCache cache;
    const torch::Tensor parentHidden = m_model->forward(torch::embedding(m_model->embedTokens(), parentIds),
                                                        torch::arange(lp, parentIds.options()).unsqueeze(0), nullptr, &cache)[0];
    PrefixReuseStats counts;
    counts.positionsComputed = lp;

    // Per candidate: p = first differing position. Tokens 1..p-1 are the parent's; token p (if
    // p >= 1) is predicted by the parent's row p-1; positions p..L-2 must be run.
    struct Work {
        size_t index;
        int64_t p;
        int64_t suffix;  // positions to run: p..L-2
    };
    std::vector<Work> work;
    std::vector<double> nll(candidates.size(), 0.0);
    std::vector<int64_t> rowQueries;  // (parent row, target token) pairs for token p
    std::vector<int64_t> rowTargets;
    std::vector<size_t> rowOwners;
    for (size_t i = 0; i < candidates.size(); ++i) {
        const auto &c = candidates[i];
        const auto lc = static_cast<int64_t>(c.size());
        counts.positionsFull += lc;
        int64_t p = 0;
        while (p < std::min(lc, lp) && c[static_cast<size_t>(p)] == parent[static_cast<size_t>(p)])
            ++p;
        p = std::min(p, lc - 1);  // the last token must still be predicted
        if (p >= 1) {
            rowQueries.push_back(p - 1);
            rowTargets.push_back(c[static_cast<size_t>(p)]);
            rowOwners.push_back(i);
        }
        work.push_back({i, p, std::max<int64_t>(0, lc - 1 - p)});
    }
    // Log-probabilities of the parent's own tokens (prefix sums), and of each candidate's token p.
    const torch::Tensor parentTokenLp =
        targetLogProbs(parentHidden.slice(0, 0, lp - 1), parentIds[0].slice(0, 1)).to(torch::kCPU);
    std::vector<double> prefixSum(static_cast<size_t>(lp), 0.0);  // prefixSum[k] = sum of log P(token t), t = 1..k
    for (int64_t t = 1; t < lp; ++t)
        prefixSum[static_cast<size_t>(t)] = prefixSum[static_cast<size_t>(t - 1)] + parentTokenLp[t - 1].item<double>();
    if (!rowQueries.empty()) {
        const torch::Tensor rows = parentHidden.index_select(0, torch::tensor(rowQueries, torch::kInt64).to(device));
        const torch::Tensor lpRow = targetLogProbs(rows, torch::tensor(rowTargets, torch::kInt64).to(device)).to(torch::kCPU);
        for (size_t k = 0; k < rowOwners.size(); ++k) {
            const Work &w = work[rowOwners[k]];
            nll[rowOwners[k]] -= prefixSum[static_cast<size_t>(w.p - 1)] + lpRow[static_cast<int64_t>(k)].item<double>();
        }
    }

    // 2. The suffixes, longest first, in chunks: queries at positions p..p+S-1 attend to the
    // parent's cache (only keys < p) and causally to their own new keys.
    std::vector<Work> pending;
    for (const Work &w : work)
        if (w.suffix > 0)
            pending.push_back(w);
    std::stable_sort(pending.begin(), pending.end(), [](const Work &a, const Work &b) { return a.suffix > b.suffix; });
    const auto dtype = m_settings.dtype;
    const double lowest = dtype == torch::kFloat64 ? std::numeric_limits<double>::lowest() : -3.0e38;
    forEachChunk(pending.size(), [&](size_t start, int64_t budget) {
        // A chunk is as wide as its longest suffix; it ends at the token budget, or where the next
        // suffix is under 7/8 of that width, so padding wastes at most an eighth of the work.
        const int64_t s = pending[start].suffix;
        const size_t limit = std::min(pending.size(), start + static_cast<size_t>(std::max<int64_t>(1, budget / (s + lp))));
        size_t end = start + 1;
        while (end < limit && pending[end].suffix * 8 >= s * 7)
            ++end;
        const auto b = static_cast<int64_t>(end - start);
        return ChunkPlan{end, b, b * (s + lp)};
    }, [&](size_t start, size_t end) {
        const int64_t s = pending[start].suffix;
        const auto b = static_cast<int64_t>(end - start);
        torch::Tensor ids = torch::zeros({b, s}, torch::kInt64);
        torch::Tensor targets = torch::zeros({b, s}, torch::kInt64);
        torch::Tensor positions = torch::zeros({b, s}, torch::kInt64);
        torch::Tensor hide = torch::zeros({b, 1, 1, lp + s}, torch::TensorOptions().dtype(dtype));
        auto idAcc = ids.accessor<int64_t, 2>();
        auto targetAcc = targets.accessor<int64_t, 2>();
        auto posAcc = positions.accessor<int64_t, 2>();
        for (int64_t r = 0; r < b; ++r) {
            const Work &w = pending[start + static_cast<size_t>(r)];
            const auto &c = candidates[w.index];
            for (int64_t j = 0; j < s; ++j) {
                const int64_t pos = std::min(w.p + j, static_cast<int64_t>(c.size()) - 2);  // padding repeats the last real query
                idAcc[r][j] = c[static_cast<size_t>(pos)];
                targetAcc[r][j] = c[static_cast<size_t>(pos + 1)];
                posAcc[r][j] = pos;
            }
            hide[r].slice(-1, w.p, lp).fill_(lowest);
        }
        const torch::Tensor x = torch::embedding(m_model->embedTokens(), ids.to(device));
        const torch::Tensor hidden = m_model->forward(x, positions.to(device), &cache, nullptr, hide.to(device));
        const torch::Tensor tokenLp = targetLogProbs(hidden.reshape({b * s, -1}), targets.to(device).reshape({-1})).view({b, s}).to(torch::kCPU);
        counts.positionsComputed += b * s;
        auto lpAcc = tokenLp.accessor<double, 2>();
        for (int64_t r = 0; r < b; ++r) {
            const Work &w = pending[start + static_cast<size_t>(r)];
            for (int64_t j = 0; j < w.suffix; ++j)
                nll[w.index] -= lpAcc[r][j];
        }
    });

    std::vector<double> out(candidates.size());
    for (size_t i = 0; i < candidates.size(); ++i)
        out[i] = std::exp(nll[i] / static_cast<double>(candidates[i].size() - 1));
    if (stats)
        *stats = counts;
    return out;
}

}  // namespace gauntlet::nn
