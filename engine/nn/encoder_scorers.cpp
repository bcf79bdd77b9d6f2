#include "engine/nn/encoder_scorers.h"

#include <c10/core/InferenceMode.h>

#include <QString>

namespace gauntlet::nn {

namespace {

/// Runs `fn` on padded chunks of `sequences` (longest first) and stacks the [b, ...] results in
/// input order.
template<typename Fn>
torch::Tensor chunked(const Scorer &scorer, int64_t pad, const std::vector<std::vector<int64_t>> &sequences, Fn fn)
{
    for (size_t i = 0; i < sequences.size(); ++i)
        scorer.checkSequence(sequences[i], i);
    c10::InferenceMode guard;
    std::vector<torch::Tensor> parts(sequences.size());
    std::vector<size_t> order(sequences.size());
    for (size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return sequences[a].size() > sequences[b].size(); });
    scorer.forEachChunk(order.size(), [&](size_t start, int64_t budget) {
        const auto width = static_cast<int64_t>(sequences[order[start]].size());
        const size_t end = std::min(order.size(), start + static_cast<size_t>(std::max<int64_t>(1, budget / width)));
        return Scorer::ChunkPlan{end, int64_t(end - start), int64_t(end - start) * width};
    }, [&](size_t start, size_t end) {
        const auto width = static_cast<int64_t>(sequences[order[start]].size());
        torch::Tensor ids = torch::full({static_cast<int64_t>(end - start), width}, pad, torch::kInt64);
        for (size_t r = start; r < end; ++r)
            ids[static_cast<int64_t>(r - start)].slice(0, 0, static_cast<int64_t>(sequences[order[r]].size()))
                .copy_(torch::tensor(sequences[order[r]], torch::kInt64));
        const torch::Tensor out = fn(ids.to(scorer.settings().device)).to(torch::kCPU);
        for (size_t r = start; r < end; ++r)
            parts[order[r]] = out[static_cast<int64_t>(r - start)];
    });
    if (parts.empty())
        return torch::empty({0});
    return torch::stack(parts);
}

}  // namespace

torch::Tensor EncoderScorer::clsBatch(const std::vector<std::vector<int64_t>> &sequences) const
{
    return chunked(*this, paddingId(), sequences, [&](const torch::Tensor &ids) {
        return m_encoder->forward(ids).back().select(1, 0).to(torch::kFloat32);
    });
}

torch::Tensor EncoderScorer::clsOneHot(const torch::Tensor &oneHot) const
{
    const torch::Tensor ids = oneHot.argmax(-1).unsqueeze(0);
    return m_encoder->forwardOneHot(oneHot.unsqueeze(0), ids).back()[0][0];
}

torch::Tensor EncoderScorer::wordEmbeddingLeaf(const torch::Tensor &ids) const
{
    return torch::embedding(m_encoder->wordEmbeddings(), ids).detach().requires_grad_(true);
}

torch::Tensor EncoderScorer::oneHotGradient(const torch::Tensor &gradEmbeds) const
{
    return torch::matmul(gradEmbeds, m_encoder->wordEmbeddings().t());
}

DifficultyScorer::DifficultyScorer(const io::EncoderConfig &config, std::map<std::string, torch::Tensor> tensors,
                                   const QString &source, const RegressionHeadOptions &head, const ScorerSettings &settings)
    : EncoderScorer(settings)
{
    WeightLoader weights(std::move(tensors), source, applySettings(settings));
    auto encoder = std::make_unique<XlmRobertaEncoder>(config, weights, "encoder.model.");
    auto regression = std::make_unique<RegressionHead>(weights, config.hiddenSize, config.numHiddenLayers + 1, head);
    weights.finish();
    m_encoder = std::move(encoder);
    m_head = std::move(regression);
}

torch::Tensor DifficultyScorer::scoreChunk(const torch::Tensor &ids, const std::vector<int64_t> &) const
{
    const auto hidden = m_encoder->forward(ids);
    return m_head->score(m_head->pool(hidden, ids, paddingId()));
}

torch::Tensor DifficultyScorer::scoreOneHot(const torch::Tensor &oneHot) const
{
    const torch::Tensor ids = oneHot.argmax(-1).unsqueeze(0);
    const auto hidden = m_encoder->forwardOneHot(oneHot.unsqueeze(0), ids);
    return m_head->score(m_head->pool(hidden, ids, paddingId()))[0];
}

torch::Tensor DifficultyScorer::scoreAndClsBatch(const std::vector<std::vector<int64_t>> &sequences) const
{
    return chunked(*this, paddingId(), sequences, [&](const torch::Tensor &ids) {
        const auto hidden = m_encoder->forward(ids);
        const torch::Tensor d = m_head->score(m_head->pool(hidden, ids, paddingId())).to(torch::kFloat64).reshape({-1, 1});
        return torch::cat({d, hidden.back().select(1, 0).to(torch::kFloat64)}, 1);
    });
}

std::pair<torch::Tensor, torch::Tensor> DifficultyScorer::scoreAndClsOneHot(const torch::Tensor &oneHot) const
{
    const torch::Tensor ids = oneHot.argmax(-1).unsqueeze(0);
    const auto hidden = m_encoder->forwardOneHot(oneHot.unsqueeze(0), ids);
    return {m_head->score(m_head->pool(hidden, ids, paddingId()))[0], hidden.back()[0][0]};
}

std::pair<torch::Tensor, torch::Tensor> DifficultyScorer::scoreAndClsEmbedded(const torch::Tensor &wordEmbeds,
                                                                              const torch::Tensor &ids) const
{
    const auto hidden = m_encoder->forwardEmbeddings(wordEmbeds, ids);
    return {m_head->score(m_head->pool(hidden, ids, paddingId())), hidden.back().select(1, 0)};
}

AcceptabilityScorer::AcceptabilityScorer(const io::EncoderConfig &config, std::map<std::string, torch::Tensor> tensors,
                                         const QString &source, const ScorerSettings &settings)
    : EncoderScorer(settings)
{
    WeightLoader weights(std::move(tensors), source, applySettings(settings));
    auto encoder = std::make_unique<XlmRobertaEncoder>(config, weights, "roberta.");
    const int64_t labels = config.numLabels() > 0 ? config.numLabels() : -1;
    auto head = std::make_unique<ClassificationHead>(weights, config.hiddenSize, labels);
    m_acceptable = -1;
    for (const auto &[id, label] : config.id2label)
        if (QString::fromStdString(label).compare(QStringLiteral("acceptable"), Qt::CaseInsensitive) == 0)
            m_acceptable = id;
    if (m_acceptable < 0 && head->numLabels() == 2)
        m_acceptable = 1;
    if (m_acceptable < 0)
        weights.addProblem("cannot tell which label means acceptable: id2label has no \"acceptable\" and the head has "
                           + std::to_string(head->numLabels()) + " labels");
    weights.finish();
    m_encoder = std::move(encoder);
    m_head = std::move(head);
}

torch::Tensor AcceptabilityScorer::scoreChunk(const torch::Tensor &ids, const std::vector<int64_t> &) const
{
    return m_head->logProbs(m_encoder->forward(ids).back()).select(1, m_acceptable);
}

torch::Tensor AcceptabilityScorer::scoreOneHot(const torch::Tensor &oneHot) const
{
    const torch::Tensor ids = oneHot.argmax(-1).unsqueeze(0);
    return m_head->logProbs(m_encoder->forwardOneHot(oneHot.unsqueeze(0), ids).back())[0][m_acceptable];
}

torch::Tensor AcceptabilityScorer::scoreEmbedded(const torch::Tensor &wordEmbeds, const torch::Tensor &ids) const
{
    return m_head->logProbs(m_encoder->forwardEmbeddings(wordEmbeds, ids).back()).select(1, m_acceptable);
}

torch::Tensor AcceptabilityScorer::logProbsBatch(const std::vector<std::vector<int64_t>> &sequences) const
{
    return chunked(*this, paddingId(), sequences, [&](const torch::Tensor &ids) {
        return m_head->logProbs(m_encoder->forward(ids).back()).to(torch::kFloat64);
    });
}

}  // namespace gauntlet::nn
