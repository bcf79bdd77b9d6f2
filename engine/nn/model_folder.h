// Loading a scorer from a model folder: Hugging Face layout (config.json + model.safetensors,
// a sharded index, or pytorch_model.bin; tokenizer files) or a Sentinel / COMET folder
// (checkpoints/model.ckpt + hparams.yaml, the encoder's config and tokenizer from a given XLM-R
// folder). Weights come through engine/io, tokenizers through engine/text.
#pragma once

#include "engine/nn/scorer.h"
#include "engine/text/tokenizer.h"

#include <QString>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gauntlet::nn {

struct ModelFolderOptions {
    ScorerSettings settings;
    /// The score the caller wants; empty = whatever the folder holds. A different kind is a ModelError.
    std::optional<ScoreKind> kind;
    /// An XLM-R folder (config.json and/or tokenizer files) for Sentinel/COMET folders, which ship
    /// neither; also overrides the tokenizer of a Hugging Face folder. Empty: the model folder.
    QString encoderFolder;
    /// Whether a missing tokenizer is an error (else LoadedModel::tokenizer stays null).
    bool requireTokenizer = false;
};

struct LoadedModel {
    std::shared_ptr<Scorer> scorer;
    std::shared_ptr<const text::Tokenizer> tokenizer;  ///< null if none was found and none required
    std::string description;                          ///< e.g. "Sentinel regression (2 layers, hidden 32)"
};

/// What a folder holds, without loading weights: the score kind it provides (a GGUF file, or a
/// folder holding one, is a perplexity model; its architecture is checked on load). Throws ModelError
/// (or io::IoError) naming the folder if it is no model folder this module reads.
ScoreKind detectModelKind(const QString &folder);

/// Loads the scorer and the tokenizer of `folder`. `folder` may also be a GGUF causal LM (a .gguf
/// file, or a folder without config.json holding exactly one; see engine/io/gguf_model.h): weights,
/// config and tokenizer (engine/text/gguf_vocabulary.h) then all come from that file. Throws ModelError listing every missing,
/// unexpected or mis-shaped tensor, or naming a config or tokenizer that does not fit the model
/// (wrong tokenizer family for the architecture; tokenizer ids beyond the model's vocabulary; an
/// encoder whose tokenizer's vocabulary size differs from the model's); io::IoError for
/// unreadable or truncated files; text::TokenizerError for malformed tokenizer files.
LoadedModel loadModelFolder(const QString &folder, const ModelFolderOptions &options = {});

/// Token ids of `text` ready for `model`'s scorer: the tokenizer's ids with the sequence specials
/// (XLM-R `<s> ... </s>`). If longer than the scorer's maxTokens(): with `truncate` false an
/// InputError naming `index`; with `truncate` true the ids are cut to maxTokens() (keeping the
/// final `</s>` for XLM-R) and *truncated is set, so the caller can report it.
std::vector<int64_t> encodeForScoring(const LoadedModel &model, const std::string &text, size_t index, bool truncate,
                                      bool *truncated = nullptr);

}  // namespace gauntlet::nn
