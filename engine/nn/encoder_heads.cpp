#include "engine/nn/encoder_heads.h"

#include <algorithm>

namespace gauntlet::nn {

namespace {

torch::Tensor activate(const std::string &name, const torch::Tensor &x)
{
    if (name == "Tanh")
        return torch::tanh(x);
    if (name == "ReLU")
        return torch::relu(x);
    if (name == "Sigmoid")
        return torch::sigmoid(x);
    if (name == "GELU")
        return geluExact(x);
    return x;  // "" / none
}

bool knownActivation(const std::string &name, bool allowNone)
{
    return name == "Tanh" || name == "ReLU" || name == "Sigmoid" || name == "GELU" || (allowNone && name.empty());
}

}  // namespace

RegressionHead::RegressionHead(WeightLoader &weights, int64_t hidden, int64_t numStates, RegressionHeadOptions options)
    : m_options(std::move(options))
{
    if (!knownActivation(m_options.activation, false))
        weights.addProblem("estimator activation \"" + m_options.activation + "\" is not supported");
    if (!knownActivation(m_options.finalActivation, true))
        weights.addProblem("estimator final activation \"" + m_options.finalActivation + "\" is not supported");
    if (m_options.pooling != "cls" && m_options.pooling != "avg")
        weights.addProblem("pooling \"" + m_options.pooling + "\" is not supported (cls or avg)");
    if (m_options.layerTransformation != "softmax" && m_options.layerTransformation != "sparsemax")
        weights.addProblem("layer transformation \"" + m_options.layerTransformation + "\" is not supported");

    // The estimator is torch.nn.Sequential(Linear, act, Dropout, Linear, act, Dropout, Linear, ...):
    // the Linear layers are the indices that have parameters.
    std::vector<int> indices;
    const std::string prefix = "estimator.ff.";
    for (const std::string &name : weights.namesWithPrefix(prefix)) {
        const std::string rest = name.substr(prefix.size());
        const size_t dot = rest.find('.');
        if (dot != std::string::npos && dot > 0 && dot < 6
            && std::all_of(rest.begin(), rest.begin() + static_cast<long>(dot), [](char c) { return c >= '0' && c <= '9'; }))
            indices.push_back(std::stoi(rest.substr(0, dot)));  // from .weight or .bias, so a lost weight is named
    }
    std::sort(indices.begin(), indices.end());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
    if (indices.empty())
        weights.addProblem("missing tensor estimator.ff.0.weight (no estimator layers)");
    int64_t in = hidden;
    for (size_t i = 0; i < indices.size(); ++i) {
        const bool last = i + 1 == indices.size();
        const std::string name = prefix + std::to_string(indices[i]);
        Linear layer = Linear::take(weights, name, last ? 1 : -1, in);
        in = layer.outFeatures();
        m_layers.push_back(std::move(layer));
    }

    if (weights.has("layerwise_attention.gamma")) {
        m_gamma = weights.take("layerwise_attention.gamma", {1});
        for (int64_t k = 0; k < numStates; ++k)
            m_scalarParameters.push_back(weights.take("layerwise_attention.scalar_parameters." + std::to_string(k), {1}));
    }
}

torch::Tensor RegressionHead::pool(const std::vector<torch::Tensor> &hidden, const torch::Tensor &ids, int64_t padId) const
{
    torch::Tensor states = hidden.back();
    if (m_gamma.defined()) {
        // COMET LayerwiseAttention.forward (layer_norm=False): gamma * sum_k w_k * h_k.
        const torch::Tensor raw = torch::cat(m_scalarParameters);
        const torch::Tensor w = m_options.layerTransformation == "sparsemax" ? sparsemax(raw) : torch::softmax(raw, 0);
        states = w[0] * hidden[0];
        for (size_t k = 1; k < hidden.size(); ++k)
            states = states + w[static_cast<int64_t>(k)] * hidden[k];
        states = m_gamma * states;
    }
    if (m_options.pooling == "cls")
        return states.select(1, 0);
    // COMET average_pooling: pad positions zeroed, summed, divided by the number of real tokens.
    const torch::Tensor keep = ids.ne(padId).unsqueeze(-1).to(states.scalar_type());
    return (states * keep).sum(1) / keep.sum(1);
}

torch::Tensor RegressionHead::score(const torch::Tensor &sentenceEmbedding) const
{
    torch::Tensor x = sentenceEmbedding;
    for (size_t i = 0; i < m_layers.size(); ++i) {
        x = m_layers[i](x);
        if (i + 1 < m_layers.size())
            x = activate(m_options.activation, x);
    }
    return activate(m_options.finalActivation, x).squeeze(-1);
}

ClassificationHead::ClassificationHead(WeightLoader &weights, int64_t hidden, int64_t numLabels)
    : m_dense(Linear::take(weights, "classifier.dense", hidden, hidden)),
      m_outProj(Linear::take(weights, "classifier.out_proj", numLabels, hidden))
{
}

torch::Tensor ClassificationHead::logProbs(const torch::Tensor &lastHidden) const
{
    const torch::Tensor logits = m_outProj(torch::tanh(m_dense(lastHidden.select(1, 0))));
    const auto wide = logits.scalar_type() == torch::kFloat64 ? torch::kFloat64 : torch::kFloat32;
    return torch::log_softmax(logits, -1, wide);
}

}  // namespace gauntlet::nn
