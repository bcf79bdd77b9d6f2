// llama2.c checkpoints (Karpathy's llama2.c, "legacy" version-0 export of export.py / run.c) and
// its tokenizer.bin, converted to a Hugging Face Llama folder (config.json, model.safetensors,
// tokenizer.json) that engine/nn loads like any Llama checkpoint.
//
// Checkpoint: 7 little-endian int32 (dim, hidden_dim, n_layers, n_heads, n_kv_heads, vocab_size,
// seq_len; vocab_size < 0 means an unshared classifier), then float32 tensors in run.c's order
// (memory_map_weights): token_embedding [V, dim], rms_att [L, dim], wq [L, dim, dim],
// wk [L, kv_dim, dim], wv [L, kv_dim, dim], wo [L, dim, dim], rms_ffn [L, dim],
// w1 [L, hidden, dim], w2 [L, dim, hidden], w3 [L, hidden, dim], rms_final [dim],
// freq_cis_real and freq_cis_imag [seq_len, head_size / 2] each (unused), then wcls [V, dim] only
// when unshared. Matrices are torch.nn.Linear weights [out, in].
// Tokenizer: int32 max_token_length, then per id: float32 score, int32 length, the bytes (spaces
// as ' ' where SentencePiece has U+2581; <s> and </s> stored as "\n<s>\n" and "\n</s>\n").
#pragma once

#include "engine/io/convert_report.h"
#include "engine/io/io_error.h"

#include <QByteArray>
#include <QString>

#include <nlohmann/json.hpp>
#include <torch/types.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gauntlet::io {

struct Llama2cHeader {
    int64_t dim = 0, hiddenDim = 0, layers = 0, heads = 0, kvHeads = 0, vocabSize = 0, seqLen = 0;
    bool sharedClassifier = true;  ///< the header's vocab_size was positive
    int64_t headSize() const { return dim / heads; }
};

/// A llama2.c checkpoint as a Hugging Face Llama state dict and config.json.
struct Llama2cModel {
    Llama2cHeader header;
    /// HF LlamaForCausalLM names (model.embed_tokens.weight, model.layers.N.self_attn.q_proj.weight,
    /// ..., lm_head.weight only when unshared), float32; q_proj / k_proj rows permuted from
    /// llama2.c's interleaved rotary pairs to HF's rotate_half halves (see llama2c.cpp).
    std::map<std::string, torch::Tensor> tensors;
    nlohmann::json config;  ///< model_type "llama", rms_norm_eps 1e-5, rope_theta 10000 (run.c's constants)
};

/// Reads a llama2.c checkpoint. Throws IoError naming `path` if it cannot be read, the header is
/// not plausible (a size <= 0 or above 2^20, dim not divisible by n_heads, n_heads not divisible by
/// n_kv_heads, an odd head size) or the file's length is not exactly what the header implies.
Llama2cModel readLlama2cCheckpoint(const QString &path);
/// Same from bytes in memory (tests, fuzzing); `name` appears in errors.
Llama2cModel llama2cCheckpointFromBytes(const QByteArray &bytes, const QString &name);

/// A llama2.c tokenizer.bin: pieces in SentencePiece spelling (U+2581 for spaces; <unk>, <s>, </s>
/// for ids 0, 1, 2) and their scores.
struct Llama2cVocabulary {
    std::vector<std::string> pieces;
    std::vector<float> scores;
};

/// Reads `vocabSize` entries of a llama2.c tokenizer.bin. Throws IoError naming `path` if it cannot
/// be read, is truncated, a length is negative or above max_token_length, a piece is not valid
/// UTF-8, it holds bytes after the last entry, or two pieces are equal.
Llama2cVocabulary readLlama2cTokenizer(const QString &path, int64_t vocabSize);
Llama2cVocabulary llama2cTokenizerFromBytes(const QByteArray &bytes, int64_t vocabSize, const QString &name);

/// The Hugging Face tokenizer.json of a llama2.c vocabulary, in the layout of HF's Llama-2
/// tokenizer (transformers' LlamaConverter): BPE with byte_fallback, Prepend + Replace U+2581
/// normaliser, <s> prepended. Merges: every split of a piece into two pieces at a character
/// boundary, ranked by the merged piece's score (highest first, then lower id), so that merging
/// by rank is SentencePiece's / run.c's merging by score.
nlohmann::json llama2cTokenizerJson(const Llama2cVocabulary &vocabulary);

/// `gauntlet convert --llama2c-tokenizer`: writes `folder`/config.json, model.safetensors and
/// tokenizer.json (the folder is created if needed). Throws IoError.
ConvertReport convertLlama2c(const QString &checkpoint, const QString &tokenizer, const QString &folder);

}  // namespace gauntlet::io
