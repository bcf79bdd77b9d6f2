// A GGUF causal LM (llama.cpp's "llama" and "qwen2" architectures) as a Hugging Face state dict
// and config.json, so that engine/nn runs it like a Llama / Qwen2 folder.
//
// Config from the metadata (gguf-py constants.py Keys.LLM / Keys.Attention / Keys.Rope, ARCH being
// general.architecture): ARCH.embedding_length -> hidden_size, ARCH.block_count ->
// num_hidden_layers, ARCH.attention.head_count / head_count_kv (default head_count),
// ARCH.feed_forward_length -> intermediate_size, ARCH.context_length -> max_position_embeddings,
// ARCH.rope.freq_base -> rope_theta (default 10000), ARCH.attention.layer_norm_rms_epsilon ->
// rms_norm_eps (required), vocab_size from token_embd.weight. ARCH.rope.dimension_count must equal
// the head size (partial rotary is not implemented); rope scaling other than "none" is refused.
//
// Tensors (gguf-py tensor_mapping.py): token_embd -> model.embed_tokens, output_norm -> model.norm,
// output -> lm_head (absent: tied to token_embd), blk.N.attn_norm -> input_layernorm,
// blk.N.attn_q / attn_k / attn_v (+ .bias) -> self_attn.q_proj / k_proj / v_proj, attn_output ->
// o_proj, ffn_norm -> post_attention_layernorm, ffn_gate / ffn_up / ffn_down -> mlp.gate_proj /
// up_proj / down_proj. Any other tensor keeps its GGUF name, so the model loader reports it.
//
// RoPE layout: llama.cpp's "llama" architecture rotates interleaved pairs (LLAMA_ROPE_TYPE_NORM,
// Meta's layout). convert_hf_to_gguf.py (conversion/llama.py LlamaModel.permute) therefore permutes
// Hugging Face's q/k rows from rotate_half halves to interleaved pairs, per head:
//   w.reshape(n_head, 2, hs/2, dim).swapaxes(1, 2)
// and llama.cpp's llama2.c converter (examples/convert-llama2c-to-ggml) copies llama2.c's
// interleaved weights unchanged. Both are undone here by the inverse,
//   w.view(n_head, hs/2, 2, dim).transpose(1, 2)
// (the permutation of engine/io/llama2c.cpp), with n_head_kv heads for attn_k. "qwen2" uses
// LLAMA_ROPE_TYPE_NEOX (rotate_half) and its tensors are not permuted.
#pragma once

#include "engine/io/gguf.h"

#include <QString>

#include <nlohmann/json.hpp>
#include <torch/types.h>

#include <map>
#include <string>

namespace gauntlet::io {

struct GgufCausalLm {
    std::map<std::string, torch::Tensor> tensors;  ///< Hugging Face names, float32
    nlohmann::json config;                         ///< config.json fields (model_type "llama" or "qwen2")
    nlohmann::json metadata;                       ///< the file's metadata (tokenizer.ggml.* for the tokenizer)
};

/// The model of an open GGUF file. Throws IoError naming the file for an architecture other than
/// llama / qwen2 (named), a missing or mistyped hyperparameter key (named), a rope dimension count
/// other than the head size, rope scaling, or a tensor whose type Gauntlet does not dequantise
/// (named with its type, see GgufFile::tensor); tensors that are missing or mis-shaped are left to
/// the model loader, which lists them all.
GgufCausalLm ggufCausalLm(const GgufFile &file, const QString &path);
/// Reads and converts `path` (a .gguf file). Throws IoError naming the file.
GgufCausalLm readGgufCausalLm(const QString &path);

/// The GGUF file a model path stands for: `path` itself if it is a file ending in .gguf, the one
/// *.gguf inside it if it is a folder without config.json holding exactly one, else empty. Throws
/// IoError naming the folder if it holds several *.gguf files and no config.json.
QString ggufModelFile(const QString &path);

}  // namespace gauntlet::io
