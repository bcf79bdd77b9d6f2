#include "engine/nn/model_folder.h"

#include "engine/io/gguf_model.h"
#include "engine/io/hf_config.h"
#include "engine/io/safetensors.h"
#include "engine/io/torch_checkpoint.h"
#include "engine/nn/encoder_scorers.h"
#include "engine/nn/perplexity_scorer.h"
#include "engine/text/gguf_vocabulary.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
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

/// The weight file of a Hugging Face folder: safetensors (single or sharded) first, then pytorch_model.bin; empty if none.
QString hfWeightFile(const QString &folder)
{
    const QDir dir(folder);
    for (const char *name : {"model.safetensors", "model.safetensors.index.json", "pytorch_model.bin"}) {
        const QString path = dir.filePath(QLatin1String(name));
        if (QFileInfo::exists(path))
            return path;
    }
    return {};
}

/// The state dict of a weight file, its format known from its name (safetensors or its index;
/// otherwise a PyTorch checkpoint), so the file is opened once.
std::map<std::string, torch::Tensor> readWeights(const QString &path)
{
    if (path.endsWith(QLatin1String(".safetensors")) || path.endsWith(QLatin1String(".index.json")))
        return io::SafetensorsCheckpoint::open(path).tensors();
    return std::move(io::loadTorchCheckpoint(path).stateDict);
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
LoadedModel loadGgufModel(const ModelFolder &folder, const ModelFolderOptions &options)
{
    const QString &path = folder.weights;
    io::GgufCausalLm lm = io::readGgufCausalLm(path);
    const io::Qwen2Config cfg = io::parseQwen2Config(lm.config, path);
    LoadedModel loaded;
    loaded.scorer = std::make_shared<PerplexityScorer>(cfg, std::move(lm.tensors), path, options.settings);
    loaded.description = std::string(cfg.modelType == "llama" ? "Llama" : "Qwen2") + " causal LM from GGUF ("
                         + std::to_string(cfg.numHiddenLayers) + " layers, hidden " + std::to_string(cfg.hiddenSize) + ")";
    if (folder.tokenizer) {
        loaded.tokenizer = text::loadTokenizer(*folder.tokenizer);
        checkTokenizer(*loaded.tokenizer, *loaded.scorer, false, folder.tokenizer->path);
    } else {
        loaded.tokenizer = text::tokenizerFromGgufMetadata(lm.metadata, "GGUF file \"" + path.toStdString() + "\"");
        checkTokenizer(*loaded.tokenizer, *loaded.scorer, false, path);
    }
    return loaded;
}

}  // namespace

namespace {

/// The description without the tokenizer files (all detectModelKind needs).
ModelFolder describeWithoutTokenizer(const QString &folder, const QString &encoderFolder)
{
    ModelFolder d;
    d.path = folder;
    if (const QString gguf = io::ggufModelFile(folder); !gguf.isEmpty()) {
        d.layout = ModelFolder::Layout::Gguf;
        d.kind = ScoreKind::Perplexity;  // llama / qwen2; other architectures are refused on load
        d.weights = gguf;
        return d;
    }
    if (!QFileInfo(folder).isDir())
        throw ModelError("model folder " + q(folder) + " does not exist or is not a folder");
    const QDir dir(folder);
    const QString config = dir.filePath(QStringLiteral("config.json"));
    if (const QString ckpt = sentinelCheckpoint(folder); !ckpt.isEmpty()) {
        // Sentinel / COMET: the encoder config from the folder's config.json, else the given XLM-R
        // folder's, else the preset hparams.yaml names (pretrained_model).
        d.layout = ModelFolder::Layout::Sentinel;
        d.kind = ScoreKind::Difficulty;
        d.weights = ckpt;
        d.hparamsFile = dir.filePath(QStringLiteral("hparams.yaml"));
        d.hparams = readHparams(d.hparamsFile);
        if (QFileInfo::exists(config))
            d.configFile = config;
        else if (!encoderFolder.isEmpty() && QFileInfo::exists(QDir(encoderFolder).filePath(QStringLiteral("config.json"))))
            d.configFile = QDir(encoderFolder).filePath(QStringLiteral("config.json"));
    } else {
        if (!QFileInfo::exists(config))
            throw ModelError("model folder " + q(folder) + " holds neither config.json nor checkpoints/model.ckpt");
        d.configFile = config;
        d.weights = hfWeightFile(folder);
    }
    if (!d.configFile.isEmpty())
        d.config = io::readConfigJson(d.configFile);
    if (d.layout == ModelFolder::Layout::HuggingFace) {
        const std::string type = io::configModelType(d.config, d.configFile);
        if (type == "qwen2" || type == "llama") {
            d.kind = ScoreKind::Perplexity;
        } else if (type != "xlm-roberta" && type != "roberta") {
            throw ModelError("model folder " + q(folder) + ": model_type \"" + type
                             + "\" is not supported (xlm-roberta, roberta, qwen2, llama)");
        } else {
            const io::EncoderConfig cfg = io::parseEncoderConfig(d.config, d.configFile);
            const bool classifier = std::any_of(cfg.architectures.begin(), cfg.architectures.end(), [](const std::string &arch) {
                return arch.find("SequenceClassification") != std::string::npos;
            });
            d.kind = classifier || cfg.numLabels() > 0 ? ScoreKind::Acceptability : ScoreKind::Difficulty;
        }
    }
    return d;
}

}  // namespace

QString hubCacheSnapshot(const QString &folder)
{
    const QDir dir(folder);
    if (!dir.exists(QStringLiteral("snapshots")) || !QFileInfo(dir.filePath(QStringLiteral("snapshots"))).isDir())
        return folder;
    const QDir snapshots(dir.filePath(QStringLiteral("snapshots")));
    QFile ref(dir.filePath(QStringLiteral("refs/main")));
    if (ref.open(QIODevice::ReadOnly)) {
        const QString revision = QString::fromUtf8(ref.read(256)).trimmed();
        if (!revision.isEmpty() && !revision.contains(u'/') && snapshots.exists(revision))
            return snapshots.filePath(revision);
    }
    const QStringList revisions = snapshots.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    if (revisions.size() == 1)
        return snapshots.filePath(revisions.front());
    throw ModelError("model folder " + q(folder) + " is a Hugging Face cache folder with "
                     + (revisions.isEmpty() ? std::string("no snapshot") : std::to_string(revisions.size()) + " snapshots")
                     + " and no refs/main naming one: pass " + q(snapshots.path()) + "/REVISION");
}

ModelFolder describeModelFolder(const QString &given, const QString &givenEncoder)
{
    const QString folder = hubCacheSnapshot(given);
    const QString encoderFolder = givenEncoder.isEmpty() ? givenEncoder : hubCacheSnapshot(givenEncoder);
    ModelFolder d = describeWithoutTokenizer(folder, encoderFolder);
    // A GGUF file brings its own vocabulary; an encoder folder given beside it replaces it.
    const QString tokenizerFolder = encoderFolder.isEmpty() ? folder : encoderFolder;
    if (d.layout == ModelFolder::Layout::Gguf ? !encoderFolder.isEmpty() : hasTokenizerFiles(tokenizerFolder))
        d.tokenizer = text::readTokenizerFiles(tokenizerFolder);
    return d;
}

ScoreKind detectModelKind(const QString &folder)
{
    return describeWithoutTokenizer(hubCacheSnapshot(folder), {}).kind;
}

LoadedModel loadModelFolder(const QString &folder, const ModelFolderOptions &options)
{
    return loadModelFolder(describeModelFolder(folder, options.encoderFolder), options);
}

LoadedModel loadModelFolder(const ModelFolder &folder, const ModelFolderOptions &options)
{
    const ScoreKind kind = folder.kind;
    if (options.kind && *options.kind != kind)
        throw ModelError("model folder " + q(folder.path) + " holds a " + scoreKindName(kind) + " model, not a "
                         + scoreKindName(*options.kind) + " model");
    if (folder.layout == ModelFolder::Layout::Gguf)
        return loadGgufModel(folder, options);
    LoadedModel loaded;
    if (folder.layout == ModelFolder::Layout::Sentinel) {
        io::EncoderConfig cfg;
        if (!folder.configFile.isEmpty()) {
            cfg = io::parseEncoderConfig(folder.config, folder.configFile);
        } else {
            const auto pretrained = folder.hparams.find("pretrained_model");
            if (!QFileInfo::exists(folder.hparamsFile))
                throw io::IoError("config " + folder.path.toStdString() + ": folder holds neither config.json nor hparams.yaml");
            if (pretrained == folder.hparams.end())
                throw io::IoError("config " + folder.hparamsFile.toStdString() + ": no \"pretrained_model\" line");
            try {
                cfg = io::xlmRobertaPreset(pretrained->second);
            } catch (const io::IoError &e) {
                throw io::IoError("config " + folder.hparamsFile.toStdString() + ": " + e.what());
            }
        }
        RegressionHeadOptions head;
        const auto get = [&](const char *key, const std::string &fallback) {
            const auto it = folder.hparams.find(key);
            return it == folder.hparams.end() || it->second == "null" || it->second.empty() ? fallback : it->second;
        };
        head.activation = get("activations", "Tanh");
        head.finalActivation = get("final_activation", "");
        head.layerTransformation = get("layer_transformation", "softmax");
        const std::string pool = get("pool", "cls");
        head.pooling = pool == "avg" ? "avg" : pool;
        if (get("layer_norm", "false") == "true")
            throw ModelError("hparams " + q(folder.hparamsFile) + ": layerwise attention with layer_norm is not supported");
        loaded.scorer = std::make_shared<DifficultyScorer>(cfg, readWeights(folder.weights), folder.weights, head, options.settings);
        loaded.description = "Sentinel/COMET regression from " + folder.weights.toStdString();
    } else {
        if (folder.weights.isEmpty())
            throw ModelError("model folder " + q(folder.path) + " holds no model.safetensors, model.safetensors.index.json or pytorch_model.bin");
        auto tensors = readWeights(folder.weights);
        if (kind == ScoreKind::Perplexity) {
            const io::Qwen2Config cfg = io::parseQwen2Config(folder.config, folder.configFile);
            loaded.scorer = std::make_shared<PerplexityScorer>(cfg, std::move(tensors), folder.weights, options.settings);
            loaded.description = std::string(cfg.modelType == "llama" ? "Llama" : "Qwen2") + " causal LM (" + std::to_string(cfg.numHiddenLayers) + " layers, hidden "
                                 + std::to_string(cfg.hiddenSize) + ")";
        } else {
            const io::EncoderConfig cfg = io::parseEncoderConfig(folder.config, folder.configFile);
            if (kind == ScoreKind::Acceptability)
                loaded.scorer = std::make_shared<AcceptabilityScorer>(cfg, std::move(tensors), folder.weights, options.settings);
            else
                loaded.scorer = std::make_shared<DifficultyScorer>(cfg, std::move(tensors), folder.weights, RegressionHeadOptions{},
                                                                   options.settings);
            loaded.description = "XLM-R " + scoreKindName(kind) + " (" + std::to_string(cfg.numHiddenLayers) + " layers, hidden "
                                 + std::to_string(cfg.hiddenSize) + ")";
        }
    }

    const bool encoder = kind != ScoreKind::Perplexity;
    if (folder.tokenizer) {
        text::LoadOptions opts;
        opts.xlmrIds = encoder;
        loaded.tokenizer = text::loadTokenizer(*folder.tokenizer, opts);
        checkTokenizer(*loaded.tokenizer, *loaded.scorer, encoder, QFileInfo(folder.tokenizer->path).path());
    } else if (options.requireTokenizer) {
        const QString tokenizerFolder = options.encoderFolder.isEmpty() ? folder.path : options.encoderFolder;
        throw ModelError("no tokenizer in " + q(tokenizerFolder)
                         + " (expected tokenizer.json, a SentencePiece *.model, encoder.json + vocab.bpe, or vocab.json + merges.txt)"
                         + (folder.layout == ModelFolder::Layout::Sentinel ? "; a Sentinel folder needs the XLM-R folder it was trained from" : ""));
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
