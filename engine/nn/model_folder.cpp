#include "engine/nn/model_folder.h"

#include "engine/io/convert.h"
#include "engine/io/gguf_model.h"
#include "engine/io/hf_config.h"
#include "engine/nn/encoder_scorers.h"
#include "engine/nn/perplexity_scorer.h"
#include "engine/text/gguf_vocabulary.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <map>

namespace gauntlet::nn {

namespace {

std::string q(const QString &path)
{
    return '"' + path.toStdString() + '"';
}

/// The checkpoint of a Sentinel / COMET folder, or empty.
QString sentinelCheckpoint(const QString &folder)
{
    const QDir dir(folder);
    if (QFileInfo::exists(dir.filePath(QStringLiteral("checkpoints/model.ckpt"))))
        return dir.filePath(QStringLiteral("checkpoints/model.ckpt"));
    return {};
}

/// The top-level `key: value` scalars of a COMET hparams.yaml (lists and nesting are skipped).
std::map<std::string, std::string> readHparams(const QString &path)
{
    std::map<std::string, std::string> out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return out;
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith('#') || line.startsWith('-') || QChar(line[0]).isSpace())
            continue;
        const int colon = line.indexOf(':');
        if (colon <= 0)
            continue;
        QString value = line.mid(colon + 1).trimmed();
        if (value.size() >= 2 && (value.startsWith('"') || value.startsWith('\'')))
            value = value.mid(1, value.size() - 2);
        out[line.left(colon).trimmed().toStdString()] = value.toStdString();
    }
    return out;
}

bool hasTokenizerFiles(const QString &folder)
{
    const QDir dir(folder);
    if (QFileInfo(folder).isFile())
        return true;
    return dir.exists(QStringLiteral("tokenizer.json")) || !dir.entryList({QStringLiteral("*.model")}, QDir::Files).isEmpty()
           || (dir.exists(QStringLiteral("encoder.json")) && dir.exists(QStringLiteral("vocab.bpe")))
           || (dir.exists(QStringLiteral("vocab.json")) && dir.exists(QStringLiteral("merges.txt")));
}

/// The state dict of a Hugging Face folder: safetensors (single or sharded) first, then pytorch_model.bin.
std::map<std::string, torch::Tensor> readHfWeights(const QString &folder, QString *source)
{
    const QDir dir(folder);
    for (const char *name : {"model.safetensors", "model.safetensors.index.json", "pytorch_model.bin"}) {
        const QString path = dir.filePath(QLatin1String(name));
        if (QFileInfo::exists(path)) {
            *source = path;
            return io::loadStateDict(path);
        }
    }
    throw ModelError("model folder " + q(folder) + " holds no model.safetensors, model.safetensors.index.json or pytorch_model.bin");
}

void checkTokenizer(const text::Tokenizer &tokenizer, const Scorer &scorer, bool encoder, const QString &where)
{
    const auto kind = tokenizer.kind();
    const bool fits = encoder ? kind == text::TokenizerKind::SentencePieceUnigram
                              : kind == text::TokenizerKind::ByteLevelBpe || kind == text::TokenizerKind::SentencePieceBpe;
    if (!fits)
        throw ModelError("tokenizer " + q(where) + " is " + text::tokenizerKindName(kind) + ", but the model needs "
                         + (encoder ? "SentencePiece Unigram (XLM-R)" : "byte-level BPE (Qwen2) or SentencePiece BPE (Llama)"));
    if (tokenizer.vocabSize() > scorer.vocabSize() || (encoder && tokenizer.vocabSize() != scorer.vocabSize()))
        throw ModelError("tokenizer " + q(where) + " has " + std::to_string(tokenizer.vocabSize()) + " ids, but the model's vocabulary has "
                         + std::to_string(scorer.vocabSize()) + ": they do not belong together");
}

/// A GGUF causal LM: weights, config and tokenizer all from the one file (engine/io/gguf_model.h).
LoadedModel loadGgufModel(const QString &path, const ModelFolderOptions &options)
{
    io::GgufCausalLm lm = io::readGgufCausalLm(path);
    const io::Qwen2Config cfg = io::parseQwen2Config(lm.config, path);
    LoadedModel loaded;
    loaded.scorer = std::make_shared<PerplexityScorer>(cfg, std::move(lm.tensors), path, options.settings);
    loaded.description = std::string(cfg.modelType == "llama" ? "Llama" : "Qwen2") + " causal LM from GGUF ("
                         + std::to_string(cfg.numHiddenLayers) + " layers, hidden " + std::to_string(cfg.hiddenSize) + ")";
    if (!options.encoderFolder.isEmpty()) {
        loaded.tokenizer = text::loadTokenizer(options.encoderFolder);
        checkTokenizer(*loaded.tokenizer, *loaded.scorer, false, options.encoderFolder);
    } else {
        loaded.tokenizer = text::tokenizerFromGgufMetadata(lm.metadata, "GGUF file \"" + path.toStdString() + "\"");
        checkTokenizer(*loaded.tokenizer, *loaded.scorer, false, path);
    }
    return loaded;
}

}  // namespace

ScoreKind detectModelKind(const QString &folder)
{
    if (!io::ggufModelFile(folder).isEmpty())
        return ScoreKind::Perplexity;  // llama / qwen2; other architectures are refused on load
    if (!QFileInfo(folder).isDir())
        throw ModelError("model folder " + q(folder) + " does not exist or is not a folder");
    if (!sentinelCheckpoint(folder).isEmpty())
        return ScoreKind::Difficulty;
    const QString config = QDir(folder).filePath(QStringLiteral("config.json"));
    if (!QFileInfo::exists(config))
        throw ModelError("model folder " + q(folder) + " holds neither config.json nor checkpoints/model.ckpt");
    const std::string type = io::configModelType(config);
    if (type == "qwen2" || type == "llama")
        return ScoreKind::Perplexity;
    if (type != "xlm-roberta" && type != "roberta")
        throw ModelError("model folder " + q(folder) + ": model_type \"" + type
                         + "\" is not supported (xlm-roberta, roberta, qwen2, llama)");
    const io::EncoderConfig cfg = io::loadEncoderConfig(config);
    for (const std::string &arch : cfg.architectures)
        if (arch.find("SequenceClassification") != std::string::npos)
            return ScoreKind::Acceptability;
    return cfg.numLabels() > 0 ? ScoreKind::Acceptability : ScoreKind::Difficulty;
}

LoadedModel loadModelFolder(const QString &folder, const ModelFolderOptions &options)
{
    const ScoreKind kind = detectModelKind(folder);
    if (options.kind && *options.kind != kind)
        throw ModelError("model folder " + q(folder) + " holds a " + scoreKindName(kind) + " model, not a "
                         + scoreKindName(*options.kind) + " model");
    if (const QString gguf = io::ggufModelFile(folder); !gguf.isEmpty())
        return loadGgufModel(gguf, options);
    LoadedModel loaded;
    QString tokenizerFolder = options.encoderFolder.isEmpty() ? folder : options.encoderFolder;
    const QString ckpt = sentinelCheckpoint(folder);
    if (!ckpt.isEmpty()) {
        // Sentinel / COMET: the encoder config from the folder's config.json, else the given XLM-R
        // folder's, else the preset hparams.yaml names (pretrained_model).
        QString configSource = folder;
        if (!QFileInfo::exists(QDir(folder).filePath(QStringLiteral("config.json"))) && !options.encoderFolder.isEmpty()
            && QFileInfo::exists(QDir(options.encoderFolder).filePath(QStringLiteral("config.json"))))
            configSource = options.encoderFolder;
        const io::EncoderConfig cfg = io::loadEncoderConfig(configSource);
        const auto hp = readHparams(QDir(folder).filePath(QStringLiteral("hparams.yaml")));
        RegressionHeadOptions head;
        const auto get = [&](const char *key, const std::string &fallback) {
            const auto it = hp.find(key);
            return it == hp.end() || it->second == "null" || it->second.empty() ? fallback : it->second;
        };
        head.activation = get("activations", "Tanh");
        head.finalActivation = get("final_activation", "");
        head.layerTransformation = get("layer_transformation", "softmax");
        const std::string pool = get("pool", "cls");
        head.pooling = pool == "avg" ? "avg" : pool;
        if (get("layer_norm", "false") == "true")
            throw ModelError("hparams " + q(QDir(folder).filePath(QStringLiteral("hparams.yaml")))
                             + ": layerwise attention with layer_norm is not supported");
        loaded.scorer = std::make_shared<DifficultyScorer>(cfg, io::loadStateDict(ckpt), ckpt, head, options.settings);
        loaded.description = "Sentinel/COMET regression from " + ckpt.toStdString();
    } else {
        QString source;
        auto tensors = readHfWeights(folder, &source);
        if (kind == ScoreKind::Perplexity) {
            const io::Qwen2Config cfg = io::loadQwen2Config(folder);
            loaded.scorer = std::make_shared<PerplexityScorer>(cfg, std::move(tensors), source, options.settings);
            loaded.description = std::string(cfg.modelType == "llama" ? "Llama" : "Qwen2") + " causal LM (" + std::to_string(cfg.numHiddenLayers) + " layers, hidden "
                                 + std::to_string(cfg.hiddenSize) + ")";
        } else {
            const io::EncoderConfig cfg = io::loadEncoderConfig(folder);
            if (kind == ScoreKind::Acceptability)
                loaded.scorer = std::make_shared<AcceptabilityScorer>(cfg, std::move(tensors), source, options.settings);
            else
                loaded.scorer = std::make_shared<DifficultyScorer>(cfg, std::move(tensors), source, RegressionHeadOptions{},
                                                                   options.settings);
            loaded.description = "XLM-R " + scoreKindName(kind) + " (" + std::to_string(cfg.numHiddenLayers) + " layers, hidden "
                                 + std::to_string(cfg.hiddenSize) + ")";
        }
    }

    const bool encoder = kind != ScoreKind::Perplexity;
    if (hasTokenizerFiles(tokenizerFolder)) {
        text::LoadOptions opts;
        opts.xlmrIds = encoder;
        loaded.tokenizer = text::loadTokenizer(tokenizerFolder, opts);
        checkTokenizer(*loaded.tokenizer, *loaded.scorer, encoder, tokenizerFolder);
    } else if (options.requireTokenizer) {
        throw ModelError("no tokenizer in " + q(tokenizerFolder)
                         + " (expected tokenizer.json, a SentencePiece *.model, encoder.json + vocab.bpe, or vocab.json + merges.txt)"
                         + (ckpt.isEmpty() ? "" : "; a Sentinel folder needs the XLM-R folder it was trained from"));
    }
    return loaded;
}

std::vector<int64_t> encodeForScoring(const LoadedModel &model, const std::string &text, size_t index, bool truncate, bool *truncated)
{
    if (!model.tokenizer)
        throw ModelError("the model was loaded without a tokenizer");
    const std::vector<int> pieces = model.tokenizer->withSequenceSpecials(model.tokenizer->encode(text));
    std::vector<int64_t> ids(pieces.begin(), pieces.end());
    const int64_t max = model.scorer->maxTokens();
    if (truncated)
        *truncated = false;
    if (static_cast<int64_t>(ids.size()) > max) {
        if (!truncate)
            throw InputError("text " + std::to_string(index) + " has " + std::to_string(ids.size())
                             + " tokens; the model takes at most " + std::to_string(max));
        const bool encoder = model.scorer->kind() != ScoreKind::Perplexity;
        const int64_t last = ids.back();
        ids.resize(static_cast<size_t>(max));
        if (encoder)
            ids.back() = last;  // keep </s>
        if (truncated)
            *truncated = true;
    }
    return ids;
}

}  // namespace gauntlet::nn
