// ATO-Direct (Algorithm 2), ATO-TwoPhase (Algorithm 3) and the random-replacement baselines
// (Section 3.5, Appendix B.4), driving beam_step.h and emitting run_events.h to observers.
#pragma once

#include "engine/ato/ato_config.h"
#include "engine/ato/beam_step.h"
#include "engine/judge/judges.h"
#include "engine/judge/mt_signal.h"
#include "engine/ato/objective.h"
#include "engine/ato/run_events.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <memory>
#include <vector>

namespace gauntlet::ato {

/// The models and vocabularies of a run, loaded once and shared by every seed of a batch.
struct AtoModels {
    std::shared_ptr<const nn::DifficultyScorer> difficulty;        ///< D and the CLS vector
    std::shared_ptr<const nn::AcceptabilityScorer> acceptability;  ///< L_CoLA; may be null
    std::shared_ptr<const nn::PerplexityScorer> languageModel;     ///< PPL; may be null for phase-1-only uses
    std::shared_ptr<const text::Tokenizer> encoderTokenizer;       ///< the shared XLM-R tokenizer
    std::shared_ptr<const text::Tokenizer> lmTokenizer;
    std::vector<int> wholeWords;  ///< ATO-Direct's vocabulary (encoder ids)
    std::vector<int> subwords;    ///< phase 1's vocabulary (encoder ids)
    std::vector<int> lmAscii;     ///< phase 2's vocabulary (LM ids)
    std::vector<int> commonWords; ///< whole words with Zipf >= the median (of those > 2.5); empty without a frequency table
    std::vector<int> rareWords;   ///< whole words with 2.5 < Zipf < that median
    nlohmann::json description;   ///< folders and descriptions per role (runs.models_json)
    /// The guards' knowledge (issue 16), loaded when the config turns a guard on; else null.
    std::shared_ptr<const judge::VocabularyGuard> vocabularyGuard;
    std::shared_ptr<const judge::GrammarJudge> grammar;
    /// Plausibility (issue 31), loaded when the config turns wordRelations or trigramContext on.
    std::shared_ptr<const judge::TrigramModel> trigram;
    std::shared_ptr<const judge::SubstituteLexicon> lexicon;
    std::shared_ptr<const judge::WordVectors> wordVectors;          ///< with config.wordEmbeddingDistance
    std::shared_ptr<const judge::Pronunciations> pronunciations;    ///< with config.wordEmbeddingDistance
};

/// Loads the models of `config` (difficultyModel required; languageModel required for direct and
/// two-phase; acceptabilityModel optional) and the vocabularies: from config.wordList with
/// text::loadOrBuildVocabularies, or, without a word list, every word-start piece made only of
/// ASCII letters (whole words) and every piece made only of ASCII letters (subwords). Throws
/// AtoError (a bad device or dtype, different tokenizers for D and L_CoLA, a missing model) and
/// what engine/nn and engine/text throw for unreadable folders.
/// With config.vocabularyGuard the whole-word vocabularies (and the common / rare buckets) keep
/// only words the guard allows, read from config.guardFrequencies (else the default pack's
/// present_day_frequencies.tsv); with config.grammarGuard link-grammar's English dictionary is
/// loaded. A missing table, dictionary or package is an AtoError naming it and the switch that
/// turns the guard off.
std::shared_ptr<AtoModels> loadModels(const AtoConfig &config);

/// The proposal restrictions of one phase of a run under `config` (issue 31; see
/// plausible_substitutions.h), with the knowledge `models` loaded for it (loadModels with the same
/// config); null when the config turns neither wordRelations nor trigramContext on. `phaseIds`:
/// the phase seed with its specials under `tokenizer`; `phaseText` its text; `seedText` the run's
/// seed (whose words give the relatives). Throws AtoError when the models lack that knowledge.
std::unique_ptr<PlausibleSubstitutions> plausibleSubstitutions(const AtoConfig &config, const AtoModels &models,
                                                                const text::Tokenizer &tokenizer, const TokenIds &phaseIds,
                                                                const std::string &phaseText, const std::string &seedText);

/// Which positions of a seed sequence ATO-Direct may change: a word-start token, not punctuation,
/// whose word ends with it (the next non-punctuation token starts a word, or only closing
/// specials / the end follow). A special inside the text (<unk>) continues the word. Specials are
/// never editable. [L].
std::vector<bool> singleTokenWordPositions(const text::Tokenizer &tokenizer, const TokenIds &ids);

/// Runs one seed at a time. Not thread-safe; one runner per thread.
class AtoRunner {
public:
    /// Throws AtoError if the config is invalid or the models do not fit the method.
    AtoRunner(AtoConfig config, std::shared_ptr<const AtoModels> models);

    void addObserver(RunObserver *observer) { m_observers.push_back(observer); }
    /// Judges every finished run's seed and output (RunResult::judges) before runEnded; null: not judged.
    void setJudges(std::shared_ptr<judge::Judges> judges) { m_judges = std::move(judges); }
    /// The MT system of the black-box MT term (config().mtTermSystem; issue 21), one per run (its
    /// cache and request budget are the run's). Required when the config turns the term on.
    void setMtTerm(std::shared_ptr<judge::MtSignalSource> source) { m_mtTerm = std::move(source); }

    /// Runs config().method on `seedText`. Emits runStarted, stepFinished (step 0 = the seed, then
    /// every step), phaseChanged (two-phase), and runEnded. When `cancel` becomes true the run
    /// stops between steps, emits runEnded(Cancelled) and returns nullopt; everything emitted so
    /// far stands. On an error emits runEnded(Failed) and rethrows. Seeded from config().seed:
    /// the same config, seed text and models give the same run.
    std::optional<RunResult> run(const std::string &seedText, const std::atomic<bool> *cancel = nullptr);

    const AtoConfig &config() const { return m_config; }

private:
    /// One archived candidate, kept compact (no token ids: the output is chosen by text and
    /// values), so a long run's archive costs about its texts.
    struct ArchiveEntry {
        std::string text;
        TermValues values;
        int step = 0;
    };

    /// The state of one ATO-Direct or ATO-TwoPhase run: the seed, the objective, the beam, the
    /// search space, the guards and the candidate archive C (search.cpp).
    struct SearchRun;
    /// Algorithm 1 of the ATO paper for one seed: phase 1 (T steps under L), then ATO-Direct's
    /// output or ATO-TwoPhase's phase 2. nullopt when cancelled.
    std::optional<RunResult> runSearch(const std::string &seedText, const std::atomic<bool> *cancel);
    /// Steps [first, last] of one phase: B_t, P_t <- BeamSearchStep(B_{t-1}, ...); C <- C u P_t;
    /// `afterStep` updates what the phase keeps beside the beam. Returns the steps that scored a
    /// candidate (a phase with none could not move), or nullopt when cancelled.
    std::optional<int> searchSteps(SearchRun &run, int phase, int first, int last, const Objective &objective, const SearchSpace &space,
                                   const text::Tokenizer &tokenizer, const TokenIds &phaseSeed, const std::function<void()> &afterStep);
    /// The output among `order` (the method's ranking, best first): the first that passes the
    /// guards, or with the MT term on the output the worst-handled of the first P that pass (issue 21).
    std::optional<size_t> chooseOutput(SearchRun &run, const std::vector<size_t> &order, const std::function<const std::string &(size_t)> &textOf,
                                       const std::function<TermValues(size_t)> &valuesOf, RunResult &result);
    /// ATO-Direct: x* <- argmin_{x in C} PPL(x) among the candidates that may be the output.
    RunResult directOutput(SearchRun &run, RunResult result);
    /// ATO-TwoPhase: phase 2 from the lowest-D phase-1 candidate, then its lowest-PPL candidate.
    std::optional<RunResult> twoPhaseOutput(SearchRun &run, RunResult result);
    std::optional<RunResult> runRandom(const std::string &seedText);
    TokenIds encodeSeed(const text::Tokenizer &tokenizer, const nn::Scorer &scorer, const std::string &text, const char *role) const;
    /// encodeSeed for the encoders' tokenizer and the difficulty model, also within the
    /// acceptability model's position limit. Throws AtoError naming the model the seed exceeds.
    TokenIds encodeEncoderSeed(const std::string &text) const;
    std::string decode(const text::Tokenizer &tokenizer, const TokenIds &ids) const;
    torch::Tensor allowedMask(const std::vector<int> &ids, std::int64_t vocabSize) const;
    /// Emits a step event for `beam` (parent ranks refer to the previous beam).
    void emitStep(int phase, int step, const std::vector<BeamMember> &beam, const TokenIds &phaseSeed, const std::vector<TokenIds> &previous,
                  const text::Tokenizer &tokenizer, const StepResult *result, double elapsedMs);
    /// Perplexities of `texts` under the LM (NaN for texts shorter than 2 LM tokens).
    std::vector<double> perplexities(const std::vector<std::string> &texts) const;
    /// D, L_CoLA (and PPL if an LM is loaded) of `text`, L_cos against `objective`'s beam mean.
    /// D, L_CoLA, L_cos and L of `text` under `objective`; its perplexity too unless
    /// `withPerplexity` is false (the caller knows it: phase 2's beam).
    TermValues describe(const std::string &text, const DifficultyObjective &objective, bool withPerplexity = true) const;
    /// The MT term's ranking hook for SearchSpace::mtRank (where = beam), or empty.
    std::function<std::vector<size_t>(const std::vector<std::string> &)> mtRankHook();
    /// Where = output: the worst-handled of `candidates` (indices, the output choice's order, best
    /// first) by the MT term; records the cost and signal in `result`. Returns an index into `candidates`.
    size_t mtTermChoice(const std::vector<std::string> &texts, RunResult &result);
    /// The guards of `seedText` under the config (both may be off).
    CandidateGuard guardFor(const std::string &seedText) const;
    /// The proposal restrictions of a phase (issue 31), or null when the config has none.
    std::unique_ptr<PlausibleSubstitutions> plausibleFor(const text::Tokenizer &tokenizer, const TokenIds &phaseIds,
                                                         const std::string &phaseText, const std::string &seedText) const;
    /// D of each text under `objective`'s difficulty model, batched; NaN for texts the model cannot take.
    std::vector<double> difficulties(const std::vector<std::string> &texts, const DifficultyObjective &objective) const;
    /// Candidates in the order the output is chosen from under trigramContext (issue 31): those
    /// with difficulty below `seedDifficulty`, by the mean of their ranks under the trigram model
    /// (most probable first) and under `perplexity` (lowest first); the rest are left out.
    std::vector<size_t> plausibleOrder(const std::vector<std::string> &texts, const std::vector<double> &perplexity,
                                       const std::vector<double> &difficulty, double seedDifficulty) const;

    AtoConfig m_config;
    std::shared_ptr<const AtoModels> m_models;
    std::vector<RunObserver *> m_observers;
    std::shared_ptr<judge::Judges> m_judges;
    std::shared_ptr<judge::MtSignalSource> m_mtTerm;
    /// The MT term's cost in the step being emitted (emitStep copies it into the event, then resets it).
    MtTermCost m_stepMtCost;
    /// The current seed's text at its <unk> tokens (encoder tokenizer); decode() puts it back.
    UnknownText m_unknownText;
};

}  // namespace gauntlet::ato
