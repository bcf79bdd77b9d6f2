// libgauntlet_compute.so: the implementation of compute::Engine over the libtorch modules
// (engine/ato search, engine/nn, engine/io, engine/train, engine/sampling_nn). Its one exported
// symbol, gauntlet_compute_engine, is looked up by compute::engine() (compute.cpp).
#include "engine/compute/compute.h"

#include "engine/ato/ato_error.h"
#include "engine/ato/search.h"
#include "engine/io/convert.h"
#include "engine/io/gguf.h"
#include "engine/io/safetensors.h"
#include "engine/io/torch_checkpoint.h"
#include "engine/io/llama2c.h"
#include "engine/nn/model_folder.h"
#include "engine/nn/nn_error.h"
#include "engine/sampling_nn/cls_embedder.h"
#include "engine/train/trainers.h"

#include <QFileInfo>

#include <cmath>
#include <cstdio>
#include <functional>
#include <numeric>
#include <set>

namespace gauntlet::compute {

namespace {

class LoadedAtoModels final : public AtoModelSet {
public:
    explicit LoadedAtoModels(std::shared_ptr<const ato::AtoModels> models) : models(std::move(models)) {}
    nlohmann::json description() const override { return models->description; }
    std::shared_ptr<const ato::AtoModels> models;
};

class Search final : public AtoSearch {
public:
    Search(const ato::AtoConfig &config, std::shared_ptr<const ato::AtoModels> models) : m_runner(config, std::move(models)) {}
    void addObserver(ato::RunObserver *observer) override { m_runner.addObserver(observer); }
    void setJudges(std::shared_ptr<judge::Judges> judges) override { m_runner.setJudges(std::move(judges)); }
    void setMtTerm(std::shared_ptr<judge::MtSignalSource> source) override { m_runner.setMtTerm(std::move(source)); }
    std::optional<ato::RunResult> run(const std::string &seedText, const std::atomic<bool> *cancel) override
    {
        return m_runner.run(seedText, cancel);
    }

private:
    ato::AtoRunner m_runner;
};

class FolderScorer final : public TextScorer {
public:
    explicit FolderScorer(nn::LoadedModel model) : m_model(std::move(model)) {}
    int64_t maxTokens() const override { return m_model.scorer->maxTokens(); }
    std::string description() const override { return m_model.description; }
    TextScores score(const std::vector<std::string> &lines, size_t firstLine, bool truncate) override
    {
        TextScores out;
        out.scores.assign(lines.size(), std::nan(""));
        std::vector<std::vector<int64_t>> batch;
        std::vector<size_t> where;  // index into lines of each batch entry
        for (size_t i = 0; i < lines.size(); ++i) {
            const size_t lineNumber = firstLine + i + 1;
            try {
                bool truncated = false;
                std::vector<int64_t> ids = nn::encodeForScoring(m_model, lines[i], lineNumber, truncate, &truncated);
                if (truncated)
                    out.messages.emplace_back(i, "truncated to " + std::to_string(m_model.scorer->maxTokens()) + " tokens");
                m_model.scorer->checkSequence(ids, lineNumber);
                batch.push_back(std::move(ids));
                where.push_back(i);
            } catch (const nn::InputError &e) {
                out.messages.emplace_back(i, std::string(e.what()) + " (score nan)");
            }
        }
        const std::vector<double> scores = m_model.scorer->scoreBatch(batch);
        for (size_t k = 0; k < where.size(); ++k)
            out.scores[where[k]] = scores[k];
        return out;
    }

private:
    nn::LoadedModel m_model;
};

class TorchEngine final : public Engine {
public:
    std::shared_ptr<const AtoModelSet> loadAtoModels(const ato::AtoConfig &config) override
    {
        return std::make_shared<LoadedAtoModels>(ato::loadModels(config));
    }

    std::unique_ptr<AtoSearch> newSearch(const ato::AtoConfig &config, std::shared_ptr<const AtoModelSet> models) override
    {
        const auto *loaded = dynamic_cast<const LoadedAtoModels *>(models.get());
        if (loaded == nullptr)
            throw ato::AtoError("newSearch: the models were not loaded by this compute plugin");
        return std::make_unique<Search>(config, loaded->models);
    }

    io::ConvertReport convertToSafetensors(const QString &source, const QString &destination, const QString &stripPrefix) override
    {
        return io::convertToSafetensors(source, destination, stripPrefix);
    }

    io::ConvertReport convertLlama2c(const QString &checkpoint, const QString &tokenizer, const QString &folder) override
    {
        return io::convertLlama2c(checkpoint, tokenizer, folder);
    }

    std::unique_ptr<TextScorer> loadTextScorer(const QString &folder, const TextScorerOptions &options) override
    {
        nn::ModelFolderOptions o;
        o.requireTokenizer = true;
        o.encoderFolder = options.encoderFolder;
        o.settings.threads = options.threads;
        if (options.device != "cpu" && options.device != "cuda")
            throw nn::InputError("unknown device \"" + options.device + "\" (expected cpu or cuda)");
        if (options.dtype != "float32" && options.dtype != "bfloat16")
            throw nn::InputError("unknown dtype \"" + options.dtype + "\" (expected float32 or bfloat16)");
        o.settings.device = options.device == "cuda" ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);
        o.settings.dtype = options.dtype == "bfloat16" ? torch::kBFloat16 : torch::kFloat32;
        if (!options.kind.empty())
            o.kind = nn::parseScoreKind(options.kind);
        return std::make_unique<FolderScorer>(nn::loadModelFolder(folder, o));
    }

    train::TrainerResult train(train::TrainerKind kind, const train::TrainerOptions &options, std::ostream *progress) override
    {
        switch (kind) {
        case train::TrainerKind::Encoder:
            return train::trainEncoder(options, progress);
        case train::TrainerKind::Difficulty:
            return train::trainDifficulty(options, progress);
        case train::TrainerKind::Acceptability:
            return train::trainAcceptability(options, progress);
        case train::TrainerKind::Lm:
            return train::trainLm(options, progress);
        }
        throw std::invalid_argument("train: unknown trainer kind");
    }

    train::PackEvaluation evaluatePack(const train::PackEvaluationOptions &options, std::ostream *log) override
    {
        return train::evaluatePack(options, log);
    }

    ModelCheck checkModel(const QString &path, const QString &encoder, bool load) override
    {
        ModelCheck out;
        const auto fact = [&](const char *key, std::string value) { out.facts.emplace_back(key, std::move(value)); };
        nn::ModelFolder d;
        try {
            d = nn::describeModelFolder(path, encoder);
        } catch (const std::exception &e) {
            out.problem = e.what();
            return out;
        }
        fact("folder", d.path.toStdString());
        fact("layout", d.layout == nn::ModelFolder::Layout::Gguf       ? "GGUF file"
                       : d.layout == nn::ModelFolder::Layout::Sentinel ? "Sentinel / COMET (Lightning checkpoint and hparams.yaml)"
                                                                        : "Hugging Face (config.json)");
        fact("role", nn::scoreKindName(d.kind));
        if (d.config.is_object()) {
            std::string arch = d.config.value("model_type", std::string("?"));
            if (d.config.contains("architectures") && d.config["architectures"].is_array() && !d.config["architectures"].empty()
                && d.config["architectures"][0].is_string())
                arch = d.config["architectures"][0].get<std::string>() + " (" + arch + ")";
            for (const char *key : {"num_hidden_layers", "hidden_size", "vocab_size", "max_position_embeddings"})
                if (d.config.contains(key) && d.config[key].is_number_integer())
                    arch += std::string(", ") + key + " " + std::to_string(d.config[key].get<long long>());
            fact("architecture", arch);
        } else if (!d.hparams.empty()) {
            const auto pretrained = d.hparams.find("pretrained_model");
            fact("architecture", "regression head on " + (pretrained == d.hparams.end() ? std::string("?") : pretrained->second)
                                     + " (no config.json: the preset of hparams.yaml)");
        }
        if (!d.weights.isEmpty())
            fact("weights", d.weights.toStdString() + " (" + std::to_string(QFileInfo(d.weights).size() / 1000000) + " MB)");
        std::int64_t parameters = 0;
        std::set<std::string> dtypes;
        const auto count = [&](const std::vector<std::int64_t> &shape) {
            parameters += std::accumulate(shape.begin(), shape.end(), std::int64_t{1}, std::multiplies<>());
        };
        try {
            if (d.layout == nn::ModelFolder::Layout::Gguf) {
                const io::GgufFile gguf(d.weights);
                for (const io::GgufTensorInfo &t : gguf.tensorInfos())
                    count(t.shape);
                dtypes.insert("GGUF tensors, float32 when loaded");
            } else if (d.weights.endsWith(QLatin1String(".safetensors")) || d.weights.endsWith(QLatin1String(".json"))) {
                const io::SafetensorsCheckpoint ck = io::SafetensorsCheckpoint::open(d.weights);
                for (const std::string &name : ck.names()) {
                    count(ck.entry(name).shape);
                    dtypes.insert(ck.entry(name).dtype);
                }
            } else if (!d.weights.isEmpty()) {
                for (const auto &[name, t] : io::loadTorchCheckpoint(d.weights).stateDict) {  // memory-mapped
                    parameters += t.numel();
                    dtypes.insert(std::string(c10::toString(t.scalar_type())));
                }
            }
        } catch (const std::exception &e) {
            out.problem = e.what();
            return out;
        }
        std::string dtypeList;
        for (const std::string &t : dtypes)
            dtypeList += (dtypeList.empty() ? "" : ", ") + t;
        fact("parameters", std::to_string(parameters) + (dtypeList.empty() ? std::string() : " (" + dtypeList + ")"));
        const auto gib = [](double bytes) {
            char text[32];
            if (bytes >= 1024.0 * 1024.0 * 1024.0)
                std::snprintf(text, sizeof text, "%.2f GiB", bytes / (1024.0 * 1024.0 * 1024.0));
            else
                std::snprintf(text, sizeof text, "%.1f MiB", bytes / (1024.0 * 1024.0));
            return std::string(text);
        };
        fact("memory", "about " + gib(double(parameters) * 4) + " in float32, " + gib(double(parameters) * 2)
                           + " in bfloat16 (the weights; add activations for the batch)");
        if (d.tokenizer)
            fact("tokenizer", d.tokenizer->path.toStdString()
                                  + (d.tokenizer->mergesPath.isEmpty() ? std::string() : " + " + d.tokenizer->mergesPath.toStdString()));
        else
            fact("tokenizer", d.layout == nn::ModelFolder::Layout::Gguf ? "the GGUF file's own vocabulary"
                              : encoder.isEmpty() && d.layout == nn::ModelFolder::Layout::Sentinel
                                  ? "none (a Sentinel folder needs --encoder, the XLM-R folder it names)"
                                  : "none (expected tokenizer.json, a SentencePiece *.model, encoder.json + vocab.bpe, or vocab.json + merges.txt in "
                                        + (encoder.isEmpty() ? d.path : encoder).toStdString() + ")");
        if (!load) {
            out.loads = d.tokenizer.has_value() || d.layout == nn::ModelFolder::Layout::Gguf;
            if (!out.loads)
                out.problem = "no tokenizer files";
            return out;
        }
        try {
            nn::ModelFolderOptions options;
            options.requireTokenizer = true;
            options.settings.threads = 1;
            const nn::LoadedModel m = nn::loadModelFolder(d, options);
            fact("loaded", m.description + ", at most " + std::to_string(m.scorer->maxTokens()) + " tokens per text, tokenizer of "
                               + std::to_string(m.tokenizer ? m.tokenizer->vocabSize() : 0) + " pieces");
            out.loads = true;
        } catch (const std::exception &e) {
            out.problem = e.what();
        }
        return out;
    }

    sampling::EmbedFunction clsEmbedding(const QString &modelFolder, QString *description) override
    {
        const sampling::ClsEmbedder embedder(modelFolder);
        if (description != nullptr)
            *description = embedder.description();
        return embedder.function();
    }
};

}  // namespace

}  // namespace gauntlet::compute

/// The plugin's entry point: the engine, or null when the caller was built against another
/// compute::InterfaceVersion.
extern "C" __attribute__((visibility("default"))) gauntlet::compute::Engine *gauntlet_compute_engine(int interfaceVersion)
{
    if (interfaceVersion != gauntlet::compute::InterfaceVersion)
        return nullptr;
    static gauntlet::compute::TorchEngine engine;
    return &engine;
}
