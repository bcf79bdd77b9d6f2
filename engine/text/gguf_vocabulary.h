// Tokenizers from the tokenizer.ggml.* metadata of a GGUF file (llama.cpp; gguf-py's constants.py
// Keys.Tokenizer), built on Gauntlet's own tokenizer classes:
//  - "llama": SentencePiece BPE, merging by score (SentencePieceBpeTokenizer::fromScores), byte
//    fallback through the <0xXX> pieces, U+2581 for spaces, a dummy prefix unless
//    tokenizer.ggml.add_space_prefix is false;
//  - "gpt2": byte-level BPE with tokenizer.ggml.merges ("a b", rank = position) and the
//    pre-tokenizer regex named by tokenizer.ggml.pre ("qwen2", "llama-bpe", or "default" / "gpt-2"
//    for GPT-2's); control tokens are special added tokens, user-defined ones plain added tokens;
//  - "t5": SentencePiece Unigram (UGM) with tokenizer.ggml.precompiled_charsmap as the normaliser
//    and add_space_prefix / remove_extra_whitespaces as llama.cpp reads them (XLM-R in
//    models/ggml-vocab-nomic-bert-moe.gguf), scored as llama.cpp's llm_tokenizer_ugm does
//    (UnigramScoring::LlamaCpp: double path scores; SentencePiece 0.1.97's float scores order a few
//    tied paths differently). Ids are the GGUF's own (IdLayout::Native).
// Token types are llama.cpp's llama_token_type (1 normal, 2 unknown, 3 control, 4 user-defined,
// 5 unused, 6 byte), which are SentencePiece's ModelProto piece types.
#pragma once

#include "engine/text/tokenizer.h"

#include <nlohmann/json_fwd.hpp>

#include <memory>
#include <string>

namespace gauntlet::text {

/// The tokenizer described by `metadata` (a GGUF file's key/values as io::GgufFile::metadata()
/// gives them: numbers, strings, arrays). Throws TokenizerError naming `where` for a missing
/// tokenizer.ggml.model, a model other than llama / gpt2 / t5 (named), a pre-tokenizer this
/// module does not implement (named), arrays of the wrong type or of lengths that differ, or any
/// error of the underlying tokenizer class.
std::shared_ptr<const Tokenizer> tokenizerFromGgufMetadata(const nlohmann::json &metadata, const std::string &where);

}  // namespace gauntlet::text
