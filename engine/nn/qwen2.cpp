// Qwen2 / Llama forward pass, in the order of transformers' Qwen2DecoderLayer (= LlamaDecoderLayer):
//   h = x + o_proj(Attn(RoPE(q_proj(RMSNorm(x))), RoPE(k_proj(..)), v_proj(..)))   (q/k/v biased in Qwen2)
//   x = h + down_proj(silu(gate_proj(RMSNorm(h))) * up_proj(RMSNorm(h)))            (SwiGLU)
// then model.norm (RMSNorm) and lm_head. Grouped-query attention: num_key_value_heads heads of
// keys/values, each shared by num_attention_heads / num_key_value_heads query heads.
#include "engine/nn/qwen2.h"

#include <limits>

namespace gauntlet::nn {

Qwen2Model::Qwen2Model(const io::Qwen2Config &config, WeightLoader &weights) : m_config(config)
{
    const int64_t h = config.hiddenSize, v = config.vocabSize, inner = config.intermediateSize;
    const int64_t kv = config.headDim() * config.numKeyValueHeads;
    if (config.hiddenAct != "silu")
        weights.addProblem("hidden_act \"" + config.hiddenAct + "\" is not supported (only \"silu\")");
    if (config.headDim() % 2 != 0)
        weights.addProblem("head size " + std::to_string(config.headDim()) + " is odd; rotary embeddings need an even one");
    m_embedTokens = weights.take("model.embed_tokens.weight", {v, h});
    for (int64_t i = 0; i < config.numHiddenLayers; ++i) {
        const std::string l = "model.layers." + std::to_string(i) + ".";
        Layer layer;
        layer.inputNorm = weights.take(l + "input_layernorm.weight", {h});
        layer.q = Linear::take(weights, l + "self_attn.q_proj", h, h, config.attentionBias);
        layer.k = Linear::take(weights, l + "self_attn.k_proj", kv, h, config.attentionBias);
        layer.v = Linear::take(weights, l + "self_attn.v_proj", kv, h, config.attentionBias);
        layer.o = Linear::take(weights, l + "self_attn.o_proj", h, h, /*withBias=*/false);
        layer.postAttentionNorm = weights.take(l + "post_attention_layernorm.weight", {h});
        layer.gate = Linear::take(weights, l + "mlp.gate_proj", inner, h, false);
        layer.up = Linear::take(weights, l + "mlp.up_proj", inner, h, false);
        layer.down = Linear::take(weights, l + "mlp.down_proj", h, inner, false);
        m_layers.push_back(std::move(layer));
    }
    m_norm = weights.take("model.norm.weight", {h});
    m_lmHead = config.tieWordEmbeddings ? m_embedTokens : weights.take("lm_head.weight", {v, h});
    weights.ignoreSuffix("self_attn.rotary_emb.inv_freq");  // a buffer some exports keep
}

torch::Tensor Qwen2Model::forward(const torch::Tensor &input, const torch::Tensor &positions, const KvCache *past,
                                  KvCache *present, const torch::Tensor &extraMask) const
{
    const int64_t b = input.size(0), s = input.size(1);
    const int64_t pastLength = past ? past->length() : 0;
    const int64_t heads = m_config.numAttentionHeads, kvHeads = m_config.numKeyValueHeads;
    const double eps = m_config.rmsNormEps;
    const auto dtype = input.scalar_type();
    const auto [cos, sin] = rotaryTables(positions, m_config.headDim(), m_config.ropeTheta, dtype);

    // Causal mask over [past | new]: new query i sees all of the past and new keys j <= i.
    const double lowest = dtype == torch::kFloat64 ? std::numeric_limits<double>::lowest()
                                                   : static_cast<double>(std::numeric_limits<float>::lowest());
    const auto opts = torch::TensorOptions().dtype(dtype).device(input.device());
    torch::Tensor mask = torch::full({s, s}, dtype == torch::kBFloat16 ? -3.0e38 : lowest, opts).triu(1);
    if (pastLength > 0)
        mask = torch::cat({torch::zeros({s, pastLength}, opts), mask}, 1);
    mask = mask.view({1, 1, s, pastLength + s});
    if (extraMask.defined())
        mask = torch::clamp_min(mask + extraMask, dtype == torch::kBFloat16 ? -3.0e38 : lowest);

    if (present) {
        present->keys.clear();
        present->values.clear();
    }
    torch::Tensor x = input;
    for (size_t i = 0; i < m_layers.size(); ++i) {
        const Layer &layer = m_layers[i];
        const torch::Tensor n = rmsNorm(x, layer.inputNorm, eps);
        const torch::Tensor q = applyRotary(splitHeads(layer.q(n), heads), cos, sin);
        torch::Tensor k = applyRotary(splitHeads(layer.k(n), kvHeads), cos, sin);
        torch::Tensor v = splitHeads(layer.v(n), kvHeads);
        if (pastLength > 0) {
            k = torch::cat({past->keys[i].expand({b, -1, -1, -1}), k}, 2);
            v = torch::cat({past->values[i].expand({b, -1, -1, -1}), v}, 2);
        }
        if (present) {
            present->keys.push_back(k);
            present->values.push_back(v);
        }
        x = x + layer.o(attention(q, k, v, mask));
        const torch::Tensor m = rmsNorm(x, layer.postAttentionNorm, eps);
        x = x + layer.down(torch::silu(layer.gate(m)) * layer.up(m));
    }
    return rmsNorm(x, m_norm, eps);
}

torch::Tensor Qwen2Model::logits(const torch::Tensor &hidden) const
{
    return torch::linear(hidden, m_lmHead);
}

torch::Tensor Qwen2Model::tokenLogProbs(const torch::Tensor &ids) const
{
    const int64_t b = ids.size(0), l = ids.size(1);
    const torch::Tensor positions = torch::arange(l, ids.options()).unsqueeze(0).expand({b, l});
    const torch::Tensor hidden = forward(torch::embedding(m_embedTokens, ids), positions, nullptr, nullptr);
    const auto wide = hidden.scalar_type() == torch::kFloat64 ? torch::kFloat64 : torch::kFloat32;
    const torch::Tensor logProbs = torch::log_softmax(logits(hidden.slice(1, 0, l - 1)), -1, wide);
    return logProbs.gather(-1, ids.slice(1, 1).unsqueeze(-1)).squeeze(-1);
}

}  // namespace gauntlet::nn
