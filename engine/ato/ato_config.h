// The run config of an ATO search: one plain struct, every field with the paper's default
// (papers.md, ATO section; Kalikman et al., EAMT 2026, Sections 3.2-3.5). Stored as JSON with each
// run (runs.config_json), so any run can be repeated exactly.
#pragma once

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>
#include <tuple>
#include <type_traits>

namespace gauntlet::ato {

/// The four augmentation methods.
enum class Method {
    Direct,          ///< ATO-Direct (Algorithm 2): whole-word vocabulary, archive, lowest-PPL output
    TwoPhase,        ///< ATO-TwoPhase (Algorithm 3): subword phase 1, then 40 perplexity steps in the LM's tokens
    RandomWords,     ///< baseline: exactly `randomReplacements` whole words replaced at random (Section 3.5, App. B.4)
    RandomSubwords,  ///< baseline: exactly `randomReplacements` subword tokens replaced at random
};
/// "direct", "two-phase", "random-words", "random-subwords".
std::string methodName(Method method);
/// The inverse of methodName; throws AtoError naming the text otherwise.
Method parseMethod(const std::string &name);

// The run config in named parts. Each part holds its fields with their defaults (the one place
// they are written), compares equal field by field (fields(): std::tie of every field, so a field
// added to the part is compared once it is added there) and, where runs are told apart by it, says
// itself in a short label. AtoConfig derives from the parts, so the flat names that use sites, the
// command line and the stored JSON (runs.config_json) use stay as they were.

/// How the search runs: Algorithm 1's sizes, Equation 5's weights, the phases' steps.
struct SearchSettings {
    // Beam search (Algorithm 1)
    int beamWidth = 50;            ///< B: beam members kept per step (paper: 50)
    int shortlistSize = 200;       ///< K: top (position, token) pairs by gradient over L x |V| (paper: 200)
    int candidatesPerMember = 64;  ///< N: candidates sampled per beam member (paper: 64)
    int randomInjections = 15;     ///< R: members drawn at random from the rest of the pool (paper: 15)
    int steps = 20;                ///< T (ATO-Direct) / T1 (phase 1): not stated in the paper; 20 by default
    int frozenIterations = 2;      ///< positions substituted in this many preceding iterations are frozen (paper: 2)

    // Objective L = D + lambda_f * L_CoLA + lambda_c * L_cos (Equation 5)
    double lambdaFluency = 20.0;   ///< lambda_f, weight of L_CoLA = -log P(acceptable) (paper: 20)
    double lambdaCohesion = 50.0;  ///< lambda_c, weight of L_cos = 1 - cos(CLS, beam-mean CLS) (paper: 50)

    // ATO-TwoPhase phase 2 (Section 3.4)
    int phase2Steps = 40;  ///< T2: perplexity-only steps in the LM's token space (paper: 40)

    auto fields() const
    {
        return std::tie(beamWidth, shortlistSize, candidatesPerMember, randomInjections, steps, frozenIterations, lambdaFluency,
                        lambdaCohesion, phase2Steps);
    }
};

/// The random baselines' settings (Appendix B.4).
struct BaselineSettings {
    int randomReplacements = 2;  ///< tokens replaced by the random baselines (paper: exactly 2)
    /// random-words only: draw from "all" whole words, or the "common" / "rare" half of those with
    /// Zipf > 2.5, split at their median (Appendix B.4); common/rare need wordFrequencies.
    std::string randomWordBucket = "all";

    auto fields() const { return std::tie(randomReplacements, randomWordBucket); }
};

/// Where and how the models compute: device, dtype, threads and the scoring chunk.
struct Placement {
    std::string device = "cpu";      ///< "cpu" or "cuda" / "cuda:N"
    std::string dtype = "float32";   ///< scorer dtype: float32, float64 or bfloat16
    int threads = 0;                 ///< CPU threads for torch; 0 = all cores
    /// Padded tokens per scoring chunk (bounds memory; halved automatically after an out-of-memory
    /// error). 4096: the fastest on CPU at the pack's shapes in bench_ato's chunk-size sweep
    /// (GAUNTLET_BENCH_SWEEP=1: 0.68 of the GEMM rate against 0.59 at 8192 and 0.36 at 32768).
    std::int64_t maxBatchTokens = 4096;

    auto fields() const { return std::tie(device, dtype, threads, maxBatchTokens); }
};

/// The model folders and the search vocabularies' files.
struct ModelFiles {
    // Models (folders in Hugging Face or Sentinel layout, see engine/nn/model_folder.h)
    std::string difficultyModel;     ///< D: Sentinel-src (paper: Sentinel-src-25)
    std::string acceptabilityModel;  ///< L_CoLA: XLM-R CoLA classifier; empty = lambda_f term off
    std::string languageModel;       ///< PPL: Qwen2 causal LM (paper: Qwen 2.5-72B); needed by direct and two-phase
    std::string encoderFolder;       ///< XLM-R folder with config/tokenizer for Sentinel checkpoints that ship none

    // Search vocabularies (engine/text/vocabularies.h)
    std::string wordList;         ///< word list (paper: dwyl/english-words, ../shared/data/wordlist/words_alpha.zip)
    std::string vocabularyCache;  ///< folder caching the built vocabularies; empty = no cache
    std::string wordFrequencies;  ///< Zipf table (word_frequency.h; the pack's word_frequencies.tsv) for common/rare

    auto fields() const
    {
        return std::tie(difficultyModel, acceptabilityModel, languageModel, encoderFolder, wordList, vocabularyCache, wordFrequencies);
    }
};

/// The guards and the plausibility constraints on what the search proposes.
struct GuardSettings {
    // Guards (issue 16; not in the paper, so off here and on in the CLI and the Augment workspace
    // for English seeds). They hold for every method, the random baselines included.
    /// Grammar guard (engine/judge/grammar_judge.h): a candidate enters the beam, or is chosen as
    /// the output, only if link-grammar parses it with no more null links than the seed.
    bool grammarGuard = false;
    /// The grammar guard's cost slack: a candidate's best linkage may cost at most this much more
    /// than the seed's (link-grammar disjunct cost; news sentences cost about 0-2).
    double grammarCostSlack = 1.0;
    /// The grammar guard also keeps each changed word's part of speech (candidate_guard.h).
    bool grammarKeepsPartOfSpeech = true;
    /// Vocabulary guard (engine/judge/vocabulary_guard.h): every word a candidate adds to the seed
    /// is a common present-day English word; the whole-word vocabularies hold only such words.
    bool vocabularyGuard = false;
    /// The vocabulary guard's Zipf table (the pack's present_day_frequencies.tsv); empty = the
    /// default pack's.
    std::string guardFrequencies;
    double guardMinZipf = 4.0;  ///< the vocabulary guard's Zipf floor (10 per million words)

    // Plausibility (issue 31; not in the paper, off here and on with the guards in the CLI and the
    // Augment workspace). Knowledge of English the search cannot change decides what it proposes.
    /// Each word may become only a WordNet relative of the seed's word there, in the same part of
    /// speech and inflection, from the vocabulary guard's words (judge::SubstituteLexicon); function
    /// words, names and numbers stay (engine/ato/plausible_substitutions.h).
    bool wordRelations = false;
    /// CMU's US-English trigram model (judge::TrigramModel) tests every proposal in context: the
    /// window of a substituted word may fall at most trigramMaxWindowDrop below the seed's, and a
    /// candidate's whole text at most trigramMaxSentenceDrop below the seed's (log10). The output
    /// is then the most plausible of the archive's candidates that are harder than the seed.
    bool trigramContext = false;
    double trigramMaxWindowDrop = 1.0;    ///< log10 per substituted word's window (a factor of 10)
    double trigramMaxSentenceDrop = 2.0;  ///< log10 over the whole text (a factor of 100)
    /// With wordRelations or trigramContext: at most this share of the seed's words may change
    /// (at least one; 0 = no limit), as TextAttack's maximum modification rate.
    double maxChangedShare = 0.2;
    /// With wordRelations: a relative must be near the seed's word in word-vector space (cosine at
    /// least minWordSimilarity; TextAttack's WordEmbeddingDistance) and fit the seed's other
    /// content words nearly as well (its cosine with their centroid at most maxContextLoss below
    /// the seed word's); after "a"/"an" it must take the same article (CMU's pronouncing dictionary).
    bool wordEmbeddingDistance = false;
    std::string wordVectors;          ///< word2vec text file; empty = the default pack's word_vectors.vec
    double minWordSimilarity = 0.4;
    double maxContextLoss = 0.15;
    /// With wordEmbeddingDistance: each word's relatives come from the one WordNet sense (of its
    /// first four) whose relatives and definition its sentence fits best in word vectors.
    bool senseByContext = true;

    auto fields() const
    {
        return std::tie(grammarGuard, grammarCostSlack, grammarKeepsPartOfSpeech, vocabularyGuard, guardFrequencies, guardMinZipf,
                        wordRelations, trigramContext, trigramMaxWindowDrop, trigramMaxSentenceDrop, maxChangedShare,
                        wordEmbeddingDistance, wordVectors, minWordSimilarity, maxContextLoss, senseByContext);
    }
    /// The fields that decide what is loaded with the models (the guards' lexicons, word lists and
    /// vectors); the others are thresholds applied at search time.
    auto loadedFields() const
    {
        return std::tie(grammarGuard, vocabularyGuard, guardFrequencies, guardMinZipf, wordRelations, trigramContext,
                        wordEmbeddingDistance, wordVectors);
    }
};

/// The black-box MT term.
struct MtTermSettings {
    // The black-box MT term (issue 21; not in the paper, off by default). A real MT system ranks
    // the candidates that survive the objective's selection by how badly it handles them, with a
    // signal that needs no reference (engine/judge/mt_signal.h: Apertium's unknown words, then its
    // round-trip chrF; an endpoint's round-trip chrF through itself), worst-handled first.
    /// A project MT system (`gauntlet systems list`, Apertium or chat); empty = the term is off.
    std::string mtTermSystem;
    /// Where the term acts: "output" (the output is the worst-handled of the mtTermPool candidates
    /// the method's output choice ranks first: lowest perplexity among those that pass the guards;
    /// one measurement per run) or "beam" (each step, the objective's best mtTermPool accepted
    /// candidates are ranked and the worst-handled B - R of them become the beam's best, before
    /// the R random injections; one measurement per step).
    std::string mtTermWhere = "output";
    /// Candidates the term ranks; 0 = 2 (B - R). Beam: at least B - R.
    int mtTermPool = 0;
    /// Endpoint requests the term may make per run (two per text: there and back); Apertium is free.
    int mtTermBudget = 100;
    /// The target language asked of a chat system (e.g. "Spanish"); Apertium uses its pair.
    std::string mtTermTargetLanguage;

    auto fields() const { return std::tie(mtTermSystem, mtTermWhere, mtTermPool, mtTermBudget, mtTermTargetLanguage); }
};

/// The parts of AtoConfig (above).
template <class T>
constexpr bool IsConfigPart = std::is_same_v<T, SearchSettings> || std::is_same_v<T, BaselineSettings> || std::is_same_v<T, Placement>
                              || std::is_same_v<T, ModelFiles> || std::is_same_v<T, GuardSettings> || std::is_same_v<T, MtTermSettings>;

/// Two values of one part are equal when every field of theirs is.
template <class Part, std::enable_if_t<IsConfigPart<Part>, int> = 0>
bool operator==(const Part &a, const Part &b)
{
    return a.fields() == b.fields();
}
template <class Part, std::enable_if_t<IsConfigPart<Part>, int> = 0>
bool operator!=(const Part &a, const Part &b)
{
    return !(a == b);
}

struct AtoConfig : SearchSettings, BaselineSettings, Placement, ModelFiles, GuardSettings, MtTermSettings {
    Method method = Method::Direct;  ///< which algorithm runs
    /// The run seed. Each seed text's random stream is seedStream(seed, seed text), so the texts of
    /// one job get independent draws while a run stays reproducible from (seed, text) alone,
    /// whatever its position in the job, shard or resume (issue 18).
    std::uint64_t seed = 0;
    /// Throws AtoError naming the first bad field (non-positive B/K/N, R >= B, negative lambdas, ...).
    void validate() const;
};

/// Whether ato::loadModels loads the same models, vocabularies and guard resources for `a` as for
/// `b`: equal ModelFiles and Placement, and equal GuardSettings::loadedFields() (the guards'
/// thresholds, the search settings, the method and the MT term do not matter). augment::JobCache
/// keeps loaded models while this holds.
bool loadsSameModels(const AtoConfig &a, const AtoConfig &b);

/// The method as results and run lists name it: methodName(), with the word bucket of a
/// common/rare random-words baseline appended ("random-words-common", "random-words-rare").
std::string methodLabel(const AtoConfig &config);

/// The number of candidates the MT term ranks: mtTermPool, or 2 (B - R) when it is 0; never below B - R.
int mtTermPoolSize(const AtoConfig &config);

/// The last step number a run of `config` reaches: T (ATO-Direct), T + T2 (ATO-TwoPhase, whose
/// phase 2 continues the numbering), 1 (random baselines). Step 0 is the seed.
int plannedSteps(const AtoConfig &config);

/// The guards a run has on, as settingsLabel names them: "grammar+vocabulary+relatives+vectors+trigram"
/// (those on, in this order; "vectors" only with "relatives"), or "off".
std::string guardsLabel(const GuardSettings &guards);

/// The settings that make two runs of one method differ, as one short label: "B=50 K=200 N=64 R=15
/// T=20 lf=20 lc=50 guards=grammar+vocabulary seed=0" for the searches (T2 added for two-phase),
/// "replacements=2 guards=... seed=0" for the random baselines. evaluate-augmented groups results by
/// method and this label (issue 18: runs with different settings were merged under one name).
std::string settingsLabel(const AtoConfig &config);

/// The std::mt19937_64 seed of one seed text's run: SplitMix64 (Steele et al. 2014) over the run
/// seed and the text's 64-bit FNV-1a hash. Equal (seed, text) give equal streams; different texts
/// (or seeds) give unrelated ones.
std::uint64_t seedStream(std::uint64_t runSeed, const std::string &seedText);

nlohmann::json toJson(const AtoConfig &config);
/// Missing fields keep their defaults; a field of the wrong type or an unknown method is an AtoError
/// naming the field.
AtoConfig configFromJson(const nlohmann::json &json);


}  // namespace gauntlet::ato
