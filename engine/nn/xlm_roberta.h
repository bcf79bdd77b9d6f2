// The XLM-R / RoBERTa encoder (Liu et al. 2019; Conneau et al. 2020) in Hugging Face's layer order
// and tensor names (transformers' modeling_xlm_roberta.py, XLMRobertaModel without pooler).
#pragma once

#include "engine/io/hf_config.h"
#include "engine/nn/layers.h"

#include <torch/types.h>

#include <string>
#include <vector>

namespace gauntlet::nn {

class XlmRobertaEncoder {
public:
    /// Takes every encoder tensor under `prefix` ("roberta.", "encoder.model.", or "") with the
    /// shapes `config` implies; problems are collected in `weights` (see WeightLoader::finish).
    XlmRobertaEncoder(const io::EncoderConfig &config, WeightLoader &weights, const std::string &prefix);

    const io::EncoderConfig &config() const { return m_config; }
    int64_t padId() const { return m_config.padTokenId.value_or(1); }
    /// The longest input (specials included) the position table allows:
    /// max_position_embeddings - pad_token_id - 1 (512 for XLM-R's 514 positions).
    int64_t maxTokens() const { return m_config.maxPositionEmbeddings - padId() - 1; }
    /// The word embedding matrix [|V|, H].
    const torch::Tensor &wordEmbeddings() const { return m_wordEmbeddings; }

    /// HF create_position_ids_from_input_ids: ids [B, L] -> positions [B, L] (int64) counting
    /// non-pad tokens from pad_token_id + 1; pad tokens get pad_token_id. So padding on either side
    /// leaves the positions of real tokens unchanged.
    torch::Tensor positionIds(const torch::Tensor &ids) const;

    /// All hidden states for token ids [B, L] (int64, padded with pad_token_id): L+1 tensors
    /// [B, L, H], element 0 the embedding output, element i the output of layer i. Pad tokens are
    /// masked out of attention.
    std::vector<torch::Tensor> forward(const torch::Tensor &ids) const;
    /// The same from a one-hot (or any) matrix [B, L, |V|] in the model's dtype: word embeddings
    /// are oneHot @ E, so gradients reach the one-hot matrix. `ids` [B, L] (its argmax) supplies
    /// positions and the padding mask.
    std::vector<torch::Tensor> forwardOneHot(const torch::Tensor &oneHot, const torch::Tensor &ids) const;
    /// The same from word embeddings [B, L, H] (the input of embeddings.LayerNorm minus position
    /// and token-type terms).
    std::vector<torch::Tensor> forwardEmbeddings(const torch::Tensor &wordEmbeds, const torch::Tensor &ids) const;

private:
    struct Layer {
        Linear query, key, value, attentionOut;
        LayerNormParams attentionNorm;
        Linear intermediate, output;
        LayerNormParams outputNorm;
    };

    io::EncoderConfig m_config;
    torch::Tensor m_wordEmbeddings;
    torch::Tensor m_positionEmbeddings;
    torch::Tensor m_tokenTypeEmbeddings;
    LayerNormParams m_embeddingNorm;
    std::vector<Layer> m_layers;
};

}  // namespace gauntlet::nn
