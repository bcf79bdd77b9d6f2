// The engine's model-running half behind one torch-free interface. Everything that needs libtorch
// (the ATO search, scoring text with a model folder, checkpoint conversion, the trainers, the pack
// evaluation, CLS embeddings for coverage) lives in the compute plugin, libgauntlet_compute.so
// (engine/compute/compute_plugin.cpp), which compute::engine() loads with dlopen the first time a
// command or a workspace needs a model. So `gauntlet --version`, `seeds list`, `score` and the GUI's
// start never load libtorch (about 0.3 s and 300 shared libraries on Debian), and a libtorch or
// CUDA upgrade rebuilds the plugin, not the app or the GUI.
//
// Exceptions thrown inside the plugin (ato::AtoError, nn::ModelError, io::IoError,
// text::TokenizerError, train::TrainError, ...) reach the caller unchanged: every one derives from
// std::runtime_error and is matched by name across the library boundary.
#pragma once

#include "engine/ato/ato_config.h"
#include "engine/ato/run_events.h"
#include "engine/io/convert_report.h"
#include "engine/sampling/centroid_classifier.h"
#include "engine/train/pack_evaluation.h"
#include "engine/train/trainer_options.h"

#include <nlohmann/json.hpp>

#include <QString>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace gauntlet::judge {
class Judges;
class MtSignalSource;
}

namespace gauntlet::compute {

/// The plugin could not be found or loaded, or was built for another interface version.
class ComputeError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The models one ATO configuration needs (difficulty, acceptability, language model, tokenizers,
/// vocabularies, guards), loaded once and shared by every search over them (read-only, thread-safe).
class AtoModelSet {
public:
    virtual ~AtoModelSet() = default;
    /// Folders and descriptions per role, as stored in runs.models_json.
    virtual nlohmann::json description() const = 0;
};

/// One ATO search (papers.md, ATO: Algorithms 1-3, or a random baseline) over loaded models: the
/// runner of engine/ato/search.h. Not thread-safe; one per thread.
class AtoSearch {
public:
    virtual ~AtoSearch() = default;
    /// Observers get every run event, in order, on the calling thread; not owned.
    virtual void addObserver(ato::RunObserver *observer) = 0;
    /// Judges applied to the seed and the output (null: none).
    virtual void setJudges(std::shared_ptr<judge::Judges> judges) = 0;
    /// The black-box MT term's system (engine/judge/mt_signal.h), one per run; needed when the
    /// config's mtTermSystem is set.
    virtual void setMtTerm(std::shared_ptr<judge::MtSignalSource> source) = 0;
    /// Runs the search on `seedText` (UTF-8). Returns no result when `cancel` was set; throws
    /// ato::AtoError (seed not encodable, guards' tools missing), nn::ModelError, nn::InputError.
    virtual std::optional<ato::RunResult> run(const std::string &seedText, const std::atomic<bool> *cancel = nullptr) = 0;
};

/// How a model folder is loaded for `gauntlet score-text`.
struct TextScorerOptions {
    std::string kind;            ///< "difficulty", "acceptability", "perplexity", or empty: what the folder holds
    QString encoderFolder;       ///< XLM-R folder for Sentinel/COMET folders (see nn::ModelFolderOptions)
    std::string device = "cpu";  ///< "cpu" or "cuda"
    std::string dtype = "float32";  ///< "float32" or "bfloat16"
    int threads = 0;             ///< CPU threads; 0 = all cores
};

/// The scores of one batch of lines: nan where a line could not be scored, with a message per such
/// line (and per truncated line).
struct TextScores {
    std::vector<double> scores;                               ///< one per input line
    std::vector<std::pair<size_t, std::string>> messages;    ///< (index into the batch, message)
};

/// A model folder loaded for scoring lines of text (nn::loadModelFolder + the folder's tokenizer).
class TextScorer {
public:
    virtual ~TextScorer() = default;
    virtual int64_t maxTokens() const = 0;
    virtual std::string description() const = 0;
    /// Scores `lines` (UTF-8) in one batch. Lines too long for the model are cut to maxTokens()
    /// with `truncate` (and reported), else they score nan; `firstLine` numbers the messages.
    virtual TextScores score(const std::vector<std::string> &lines, size_t firstLine, bool truncate) = 0;
};

/// What `gauntlet models check` found out about a model folder or file, before a long run.
struct ModelCheck {
    std::vector<std::pair<std::string, std::string>> facts;  ///< in print order: folder, layout, role, architecture, ...
    bool loads = false;       ///< it was described and (with load) loaded with its tokenizer
    std::string problem;      ///< why it will not load (empty when it does)
};

/// The plugin's entry points. Every method may throw the engine's errors (see the file comment).
class Engine {
public:
    virtual ~Engine() = default;

    /// Loads the models an ATO configuration names (ato::loadModels).
    virtual std::shared_ptr<const AtoModelSet> loadAtoModels(const ato::AtoConfig &config) = 0;
    /// A search over `models`, which must come from loadAtoModels.
    virtual std::unique_ptr<AtoSearch> newSearch(const ato::AtoConfig &config, std::shared_ptr<const AtoModelSet> models) = 0;

    /// io::convertToSafetensors: a PyTorch checkpoint or safetensors file to safetensors.
    virtual io::ConvertReport convertToSafetensors(const QString &source, const QString &destination,
                                                   const QString &stripPrefix) = 0;
    /// io::convertLlama2c: a llama2.c checkpoint + tokenizer.bin to a Hugging Face Llama folder.
    virtual io::ConvertReport convertLlama2c(const QString &checkpoint, const QString &tokenizer, const QString &folder) = 0;

    /// Describes a model folder or GGUF file (nn::describeModelFolder; `encoder` the XLM-R folder a
    /// Sentinel checkpoint needs, may be empty): layout, role, architecture, weights and their
    /// parameters and dtypes, tokenizer, the memory its weights take in float32 and bfloat16; with
    /// `load`, loads it as a run would. Never throws for a bad folder: ModelCheck::problem says why.
    virtual ModelCheck checkModel(const QString &path, const QString &encoder, bool load) = 0;

    /// A model folder loaded for scoring text.
    virtual std::unique_ptr<TextScorer> loadTextScorer(const QString &folder, const TextScorerOptions &options) = 0;

    /// Trains one model of the pack (engine/train/trainers.h); progress lines go to `progress`.
    virtual train::TrainerResult train(train::TrainerKind kind, const train::TrainerOptions &options, std::ostream *progress) = 0;
    /// Evaluates a model pack on held-out data (engine/train/pack_evaluation.h).
    virtual train::PackEvaluation evaluatePack(const train::PackEvaluationOptions &options, std::ostream *log) = 0;

    /// CLS sentence embeddings from a model folder's encoder (the default pack's difficulty model
    /// when empty), for the nearest-centroid coverage classifier; `description` names the model.
    virtual sampling::EmbedFunction clsEmbedding(const QString &modelFolder, QString *description = nullptr) = 0;
};

/// The score kinds a model folder may hold, as `--kind` spells them.
const std::vector<std::string> &scoreKindNames();

/// Bumped whenever Engine or the types it passes change; the plugin refuses another version.
constexpr int InterfaceVersion = 3;

/// The plugin, loaded on first use and kept for the life of the process. Looks in order at
/// $GAUNTLET_COMPUTE_PLUGIN, next to the executable, at ../lib/gauntlet/ from the executable and
/// at the build tree's copy. Before loading it sets OMP_WAIT_POLICY=PASSIVE unless the user chose a
/// policy (libgomp, loaded with libtorch, reads it once: busy-waiting OpenMP threads collapse
/// multithreaded scoring on shared cores). Throws ComputeError naming every place tried and
/// dlopen's reason. Thread-safe.
Engine &engine();

/// The path the plugin was loaded from (empty before engine() succeeded).
QString pluginPath();

}  // namespace gauntlet::compute
