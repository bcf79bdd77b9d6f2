// libgauntlet_compute.so: the implementation of compute::Engine over the libtorch modules
// (engine/ato search, engine/nn, engine/io, engine/train, engine/sampling_nn). Its one exported
// symbol, gauntlet_compute_engine, is looked up by compute::engine() (compute.cpp).
#include "engine/compute/compute.h"

#include "engine/ato/ato_error.h"
#include "engine/ato/search.h"
#include "engine/io/convert.h"
#include "engine/io/llama2c.h"
#include "engine/nn/model_folder.h"
#include "engine/nn/nn_error.h"
#include "engine/sampling_nn/cls_embedder.h"
#include "engine/train/trainers.h"

#include <cmath>

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
