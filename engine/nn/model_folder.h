// Loading a scorer from a model folder: Hugging Face layout (config.json + model.safetensors,
// a sharded index, or pytorch_model.bin; tokenizer files) or a Sentinel / COMET folder
// (checkpoints/model.ckpt + hparams.yaml, the encoder's config and tokenizer from a given XLM-R
// folder). Weights come through engine/io, tokenizers through engine/text.
#pragma once

#include "engine/nn/scorer.h"
#include "engine/text/tokenizer.h"

#include <QString>

#include <nlohmann/json.hpp>

#include <map>
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

/// A model folder (or GGUF file) resolved once, before any weights are read (issue 36 item 1; after
/// CTranslate2's ModelReader and llama.cpp's llama_model_loader, which read a model once into a
/// typed description): its layout and score kind, the weight file, the config read and parsed, and
/// the tokenizer files read. loadModelFolder reads the weight file once and nothing else again.
struct ModelFolder {
    enum class Layout {
        HuggingFace,  ///< config.json + model.safetensors / its index / pytorch_model.bin
        Sentinel,     ///< Sentinel / COMET: checkpoints/model.ckpt + hparams.yaml
        Gguf,         ///< one GGUF file (a causal LM; weights, config and tokenizer inside)
    };
    QString path;  ///< the folder (or file) as given
    Layout layout = Layout::HuggingFace;
    ScoreKind kind = ScoreKind::Difficulty;
    /// The weight file (empty for a Hugging Face folder without one: loading names what is missing).
    QString weights;
    /// The config.json read: the folder's, or for a Sentinel folder without one the encoder
    /// folder's; empty for GGUF and for a Sentinel folder described by hparams.yaml alone.
    QString configFile;
    nlohmann::json config;  ///< configFile's content (null when configFile is empty)
    /// Sentinel: hparams.yaml's top-level `key: value` scalars (empty when the file is missing).
    std::map<std::string, std::string> hparams;
    QString hparamsFile;  ///< Sentinel: the hparams.yaml path
    /// The tokenizer files, read (the encoder folder's when one is given, else the folder's);
    /// empty when there are none (a GGUF file then uses its own vocabulary).
    std::optional<text::TokenizerFiles> tokenizer;
};

/// The snapshot a Hugging Face hub cache folder stands for: given a repository's cache folder
/// (`models--ORG--NAME`, holding `snapshots/REV/` and `refs/main`), the snapshot `refs/main` names,
/// or its only snapshot; any other path unchanged (a snapshot folder is a model folder as it is:
/// its files are symlinks into `blobs/`). Throws ModelError naming the folder when it has several
/// snapshots and no `refs/main` naming one of them, or none.
QString hubCacheSnapshot(const QString &folder);

/// Resolves `folder` (and the XLM-R `encoderFolder` a Sentinel folder needs; may be empty) into a
/// ModelFolder (either may be a Hugging Face hub cache folder: hubCacheSnapshot), reading config.json, hparams.yaml and the tokenizer files once and no weights.
/// Throws ModelError naming the folder if it is no model folder this module reads, io::IoError for
/// an unreadable or invalid config, text::TokenizerError for unreadable tokenizer files.
ModelFolder describeModelFolder(const QString &folder, const QString &encoderFolder = {});

/// Loads the scorer and tokenizer a description names (options.encoderFolder is not read again:
/// the description holds it). Same errors as loadModelFolder(QString, ...).
LoadedModel loadModelFolder(const ModelFolder &folder, const ModelFolderOptions &options = {});

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
