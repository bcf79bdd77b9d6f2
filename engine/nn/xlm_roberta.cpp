// XLM-R forward pass, in the order of transformers' XLMRobertaEmbeddings / XLMRobertaLayer:
// embeddings (word + position + token type 0) -> LayerNorm; then per layer, post-LN:
//   a = LN(x + Wo * MHA(x))        (XLMRobertaSelfAttention + XLMRobertaSelfOutput)
//   x = LN(a + W2 * gelu(W1 a))    (XLMRobertaIntermediate + XLMRobertaOutput)
// Dropout is absent (inference and gradient scoring use eval mode).
#include "engine/nn/xlm_roberta.h"

namespace gauntlet::nn {

XlmRobertaEncoder::XlmRobertaEncoder(const io::EncoderConfig &config, WeightLoader &weights, const std::string &prefix)
    : m_config(config)
{
    const int64_t h = config.hiddenSize, v = config.vocabSize, inner = config.intermediateSize;
    const std::string e = prefix + "embeddings.";
    m_wordEmbeddings = weights.take(e + "word_embeddings.weight", {v, h});
    m_positionEmbeddings = weights.take(e + "position_embeddings.weight", {config.maxPositionEmbeddings, h});
    // XLM-R checkpoints hold one token type (type_vocab_size 1); only type 0 is ever used.
    m_tokenTypeEmbeddings = weights.take(e + "token_type_embeddings.weight", {config.typeVocabSize, h});
    m_embeddingNorm = LayerNormParams::take(weights, e + "LayerNorm", h);
    if (config.hiddenAct != "gelu")
        weights.addProblem("hidden_act \"" + config.hiddenAct + "\" is not supported (only \"gelu\", exact erf)");
    if (config.positionEmbeddingType != "absolute")
        weights.addProblem("position_embedding_type \"" + config.positionEmbeddingType + "\" is not supported");
    if (maxTokens() < 1)
        weights.addProblem("max_position_embeddings leaves no room after pad_token_id");
    for (int64_t i = 0; i < config.numHiddenLayers; ++i) {
        const std::string l = prefix + "encoder.layer." + std::to_string(i) + ".";
        Layer layer;
        layer.query = Linear::take(weights, l + "attention.self.query", h, h);
        layer.key = Linear::take(weights, l + "attention.self.key", h, h);
        layer.value = Linear::take(weights, l + "attention.self.value", h, h);
        layer.attentionOut = Linear::take(weights, l + "attention.output.dense", h, h);
        layer.attentionNorm = LayerNormParams::take(weights, l + "attention.output.LayerNorm", h);
        layer.intermediate = Linear::take(weights, l + "intermediate.dense", inner, h);
        layer.output = Linear::take(weights, l + "output.dense", h, inner);
        layer.outputNorm = LayerNormParams::take(weights, l + "output.LayerNorm", h);
        m_layers.push_back(std::move(layer));
    }
    // Buffers and parts the scorers never use (old checkpoints save position_ids; heads built on
    // XLMRobertaModel may keep its pooler).
    weights.ignoreSuffix("embeddings.position_ids");
    weights.ignoreSuffix("embeddings.token_type_ids");
    weights.ignoreSuffix(prefix + "pooler.dense.weight");
    weights.ignoreSuffix(prefix + "pooler.dense.bias");
}

torch::Tensor XlmRobertaEncoder::positionIds(const torch::Tensor &ids) const
{
    // transformers' create_position_ids_from_input_ids: cumsum(mask) * mask + padding_idx.
    const torch::Tensor mask = ids.ne(padId()).to(torch::kInt64);
    return torch::cumsum(mask, 1) * mask + padId();
}

std::vector<torch::Tensor> XlmRobertaEncoder::forward(const torch::Tensor &ids) const
{
    return forwardEmbeddings(torch::embedding(m_wordEmbeddings, ids), ids);
}

std::vector<torch::Tensor> XlmRobertaEncoder::forwardOneHot(const torch::Tensor &oneHot, const torch::Tensor &ids) const
{
    return forwardEmbeddings(torch::matmul(oneHot, m_wordEmbeddings), ids);
}

std::vector<torch::Tensor> XlmRobertaEncoder::forwardEmbeddings(const torch::Tensor &wordEmbeds, const torch::Tensor &ids) const
{
    const int64_t heads = m_config.numAttentionHeads;
    const double eps = m_config.layerNormEps;
    // Embeddings: word + absolute position (from padding_idx + 1) + token type 0, then LayerNorm.
    torch::Tensor x = wordEmbeds + torch::embedding(m_positionEmbeddings, positionIds(ids)) + m_tokenTypeEmbeddings[0];
    x = layerNorm(x, m_embeddingNorm, eps);
    // Padding keys get the dtype's lowest value before the softmax (HF's extended attention mask).
    const torch::Tensor mask = paddingMask(ids.ne(padId()), x.scalar_type());

    std::vector<torch::Tensor> hidden{x};
    hidden.reserve(m_layers.size() + 1);
    for (const Layer &layer : m_layers) {
        const torch::Tensor context = attention(splitHeads(layer.query(x), heads), splitHeads(layer.key(x), heads),
                                                splitHeads(layer.value(x), heads), mask);
        const torch::Tensor a = layerNorm(layer.attentionOut(context) + x, layer.attentionNorm, eps);
        x = layerNorm(layer.output(geluExact(layer.intermediate(a))) + a, layer.outputNorm, eps);
        hidden.push_back(x);
    }
    return hidden;
}

}  // namespace gauntlet::nn
