// Randomly initialised state dicts with the public checkpoints' tensor names, and their
// config.json texts, for training from scratch with engine/nn's modules.
//
// Every tensor is a leaf with requires_grad on the given device; engine/nn's WeightLoader hands
// float32 tensors on the same device through unchanged (Tensor::to returns the tensor itself), so
// the modules built from the map compute with these very leaves and gradients reach them.
// Initialisation as BERT/RoBERTa/Qwen2 in transformers: weights N(0, 0.02), biases 0, norm scales 1.
#pragma once
#include "engine/train/trainer_options.h"
#include "engine/io/hf_config.h"
#include <nlohmann/json.hpp>
#include <torch/types.h>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gauntlet::train {

using StateDict = std::map<std::string, torch::Tensor>;

/// An XLM-R config (model_type "xlm-roberta", layer_norm_eps 1e-5, type_vocab_size 1, pad 1, bos 0,
/// eos 2) for `vocabSize` ids. Throws TrainError if hidden is not a multiple of heads.
io::EncoderConfig makeEncoderConfig(int64_t vocabSize, const EncoderSizes &sizes);

/// The config.json object of `config` in Hugging Face's format, with `architectures` and, when
/// `id2label` is non-empty, id2label / label2id.
nlohmann::json encoderConfigJson(const io::EncoderConfig &config, const std::vector<std::string> &architectures);

/// Adds the encoder's tensors under `prefix` ("roberta." or "encoder.model."): embeddings
/// (word [|V|, H], position [P, H], token_type [T, H], LayerNorm) and per layer the attention
/// query/key/value/output.dense, attention.output.LayerNorm, intermediate.dense, output.dense,
/// output.LayerNorm. The pad row of the word and position embeddings is zero (as HF's padding_idx).
void addEncoderTensors(StateDict &state, const io::EncoderConfig &config, const std::string &prefix, torch::Device device);

/// Sentinel-src's estimator: estimator.ff.0 [h1, H], ff.3 [h2, h1], ff.6 [1, h2] (weights and biases).
void addRegressionHeadTensors(StateDict &state, int64_t hidden, int64_t h1, int64_t h2, torch::Device device);

/// transformers' XLMRobertaClassificationHead: classifier.dense [H, H], classifier.out_proj [labels, H].
void addClassifierTensors(StateDict &state, int64_t hidden, int64_t labels, torch::Device device);

/// XLMRobertaForMaskedLM's head: lm_head.dense [H, H], lm_head.layer_norm [H], lm_head.bias [|V|]
/// (the decoder is tied to the word embeddings).
void addMaskedLmHeadTensors(StateDict &state, int64_t hidden, int64_t vocabSize, torch::Device device);

/// Copies the encoder tensors of `source` under `fromPrefix` into `state` under `toPrefix` (same
/// shapes required, else TrainError naming the tensor). Returns how many were copied.
int64_t copyEncoderTensors(StateDict &state, const std::string &toPrefix, const StateDict &source, const std::string &fromPrefix);

/// A Qwen2 config (tied embeddings, rms_norm_eps 1e-6, rope_theta 10000) for `vocabSize` ids.
io::Qwen2Config makeQwen2Config(int64_t vocabSize, const Qwen2Sizes &sizes, int64_t eosId);
nlohmann::json qwen2ConfigJson(const io::Qwen2Config &config);

/// model.embed_tokens, per layer input_layernorm, self_attn.{q,k,v}_proj (weight + bias),
/// o_proj, post_attention_layernorm, mlp.{gate,up,down}_proj, model.norm (tied: no lm_head).
void addQwen2Tensors(StateDict &state, const io::Qwen2Config &config, torch::Device device);

/// The leaves of `state` in name order (for the optimiser).
std::vector<torch::Tensor> parametersOf(const StateDict &state);

/// `state` detached, contiguous, on the CPU, as (name, tensor) pairs for io::saveSafetensors,
/// leaving out names starting with any of `skipPrefixes`.
std::vector<std::pair<std::string, torch::Tensor>> tensorsForSaving(const StateDict &state,
                                                                    const std::vector<std::string> &skipPrefixes = {});

}  // namespace gauntlet::train
