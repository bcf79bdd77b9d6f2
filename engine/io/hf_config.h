// Hugging Face config.json files as typed configs: XLM-R / RoBERTa encoders and Qwen2 causal LMs.
//
// Field names and defaults follow transformers' XLMRobertaConfig / RobertaConfig and Qwen2Config:
// the size fields (vocab_size, hidden_size, num_hidden_layers, num_attention_heads,
// intermediate_size) are required; every other field, when absent, takes the default those
// classes give it (noted per field below).
#pragma once

#include "engine/io/io_error.h"

#include <QString>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gauntlet::io {

/// An XLM-R / RoBERTa encoder (model_type "xlm-roberta" or "roberta").
struct EncoderConfig {
    std::string modelType;                    ///< "xlm-roberta" or "roberta"
    std::vector<std::string> architectures;   ///< e.g. "XLMRobertaForSequenceClassification"
    int64_t vocabSize = 0;
    int64_t hiddenSize = 0;
    int64_t numHiddenLayers = 0;
    int64_t numAttentionHeads = 0;
    int64_t intermediateSize = 0;
    int64_t maxPositionEmbeddings = 512;       ///< default 512
    int64_t typeVocabSize = 2;                 ///< default 2 (XLM-R checkpoints say 1)
    double layerNormEps = 1e-12;               ///< layer_norm_eps, default 1e-12 (XLM-R says 1e-5)
    std::string hiddenAct = "gelu";            ///< default "gelu" (exact erf GELU)
    std::string positionEmbeddingType = "absolute";
    std::optional<int64_t> padTokenId = 1;     ///< default 1; position ids start at pad + 1
    std::optional<int64_t> bosTokenId = 0;     ///< default 0
    std::optional<int64_t> eosTokenId = 2;     ///< default 2
    std::map<int64_t, std::string> id2label;   ///< empty for models without a classification head
    std::map<std::string, int64_t> label2id;

    int64_t headDim() const { return hiddenSize / numAttentionHeads; }
    int64_t numLabels() const { return static_cast<int64_t>(id2label.size()); }
};

/// A decoder-only causal LM of the Llama family: model_type "qwen2" (transformers' Qwen2Config) or
/// "llama" (LlamaConfig; Touvron et al. 2023). Both are the same block (RMSNorm, RoPE with
/// rotate_half, grouped-query attention, SwiGLU); Qwen2 adds a bias to q/k/v, Llama has one only
/// when attention_bias is true.
struct Qwen2Config {
    std::string modelType;
    std::vector<std::string> architectures;
    int64_t vocabSize = 0;
    int64_t hiddenSize = 0;
    int64_t numHiddenLayers = 0;
    int64_t numAttentionHeads = 0;
    int64_t numKeyValueHeads = 0;              ///< default num_attention_heads
    int64_t intermediateSize = 0;
    int64_t maxPositionEmbeddings = 32768;     ///< default 32768 (qwen2), 2048 (llama)
    double rmsNormEps = 1e-6;                  ///< default 1e-6
    double ropeTheta = 10000.0;                ///< default 10000
    bool tieWordEmbeddings = false;            ///< default false: lm_head.weight is its own tensor
    std::string hiddenAct = "silu";            ///< default "silu"
    bool attentionBias = true;                 ///< q/k/v biased: always for qwen2; llama's attention_bias, default false
    std::optional<int64_t> padTokenId;         ///< default none
    std::optional<int64_t> bosTokenId;         ///< default none
    std::optional<int64_t> eosTokenId;         ///< default none
    std::map<int64_t, std::string> id2label;
    std::map<std::string, int64_t> label2id;

    int64_t headDim() const { return hiddenSize / numAttentionHeads; }
    /// Query heads per key/value head (grouped-query attention).
    int64_t groupSize() const { return numAttentionHeads / numKeyValueHeads; }
};

/// The "model_type" of a config.json (file or the folder holding it). Throws IoError.
std::string configModelType(const QString &path);
/// The "model_type" of a config already read; `source` names it in errors. Throws IoError.
std::string configModelType(const nlohmann::json &config, const QString &source);
/// Reads and parses a config.json file once (a model folder's description keeps it). Throws
/// IoError naming the file when it cannot be opened or is not valid JSON.
nlohmann::json readConfigJson(const QString &file);

/// Parses an encoder config. `source` names the input in errors. Throws IoError naming the source
/// and field for: a model_type other than xlm-roberta / roberta, a missing required field, a field
/// of the wrong JSON type, a non-positive size, hidden_size not divisible by num_attention_heads,
/// a non-positive or non-finite epsilon, a special-token id outside [0, vocab_size), id2label keys
/// that are not 0..n-1, or label2id disagreeing with id2label.
EncoderConfig parseEncoderConfig(const nlohmann::json &config, const QString &source);
/// Reads an encoder config from a config.json file or a model folder. A Sentinel/COMET folder
/// without config.json is accepted through its hparams.yaml "pretrained_model" (see
/// xlmRobertaPreset). Throws IoError.
EncoderConfig loadEncoderConfig(const QString &path);
/// The published configs of "xlm-roberta-base" and "xlm-roberta-large" (Conneau et al. 2020;
/// the Hugging Face hub config.json files). Throws IoError for other names.
EncoderConfig xlmRobertaPreset(const std::string &name);

/// Parses a Qwen2 or Llama config. Same error rules as parseEncoderConfig, plus num_attention_heads
/// must be divisible by num_key_value_heads and rope_theta positive; a model_type other than qwen2 /
/// llama, a rope_scaling other than null, mlp_bias true, or a head_dim other than
/// hidden_size / num_attention_heads are refused (not implemented).
Qwen2Config parseQwen2Config(const nlohmann::json &config, const QString &source);
/// Reads a Qwen2 or Llama config from a config.json file or a model folder. Throws IoError.
Qwen2Config loadQwen2Config(const QString &path);

}  // namespace gauntlet::io
