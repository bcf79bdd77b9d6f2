// The events an ATO run emits (DESIGN.md: "the engine does not know who listens"): run started,
// step finished with the whole beam, phase changed, run ended (finished / cancelled / failed).
// Observers: engine/ato/run_store.h (project database), jsonl_writer.h, later the GUI.
#pragma once

#include "engine/ato/ato_config.h"
#include "engine/ato/candidate_fate.h"
#include "engine/ato/run_status.h"
#include "engine/ato/values.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace gauntlet::ato {

/// One substituted position of a text against another of the same length.
struct TokenChange {
    std::int64_t position = 0;
    std::int64_t from = 0, to = 0;  ///< token ids
    std::string fromPiece, toPiece;  ///< their vocabulary strings
};

struct BeamMemberRecord {
    int rank = 0;  ///< 0 = best
    std::string text;
    TokenIds ids;
    TermValues values;
    bool injected = false;
    int parentRank = -1;  ///< rank of the parent in the previous step's beam (-1 for the seed)
    std::vector<TokenChange> changesVsSeed;    ///< against the phase's seed sequence
    std::vector<TokenChange> changesVsParent;  ///< against its parent
};

struct ArchiveRecord {
    std::string text;
    TokenIds ids;
    TermValues values;
};

struct RunStartedEvent {
    std::string seedText;
    AtoConfig config;
    nlohmann::json models;  ///< model folders per role
};

struct StepFinishedEvent {
    int phase = 1;  ///< 1, or 2 for ATO-TwoPhase's perplexity phase
    int step = 0;   ///< 0 = the seed; phase 2 continues the numbering (T1 + 1 ...)
    std::vector<BeamMemberRecord> beam;
    std::vector<ArchiveRecord> candidates;  ///< this step's scored pool (the archive's new entries)
    /// The step's whole pool with each candidate's fate (issue 34 item 6): the scored candidates in
    /// the order they were scored, then those dropped before scoring. Empty for step 0.
    std::vector<PoolRecord> pool;
    int candidatesScored = 0;
    int duplicates = 0, filtered = 0;
    int vocabularyRejected = 0;  ///< candidates dropped by the vocabulary guard (issue 16)
    int contextRejected = 0;     ///< candidates dropped by the trigram sentence test (issue 31)
    int grammarRejected = 0;     ///< candidates the grammar guard kept out of the beam
    int shortlistUsed = 0;       ///< the shortlist size K drawn from (above the configured K when the step had to widen it)
    double elapsedMs = 0;
    StepTimings timings;
    MtTermCost mtTerm;  ///< the black-box MT term's cost in this step (where = beam; zero otherwise)
    double bestLoss = TermValues::unknown, meanLoss = TermValues::unknown;
};

struct PhaseChangedEvent {
    int phase = 2;
    std::string seedText;  ///< the text the phase starts from
    TokenIds ids;          ///< in the phase's tokenizer
};

struct RunResult {
    std::string seedText;
    std::string outputText;
    std::string selectedBy;  ///< lowest-perplexity | lowest-difficulty | random
    TermValues values;       ///< D, L_CoLA, PPL of the output where the models are loaded
    TermValues seedValues;   ///< the same for the seed
    int step = 0;            ///< the step that produced the output
    int phase = 1;
    /// The independent judges' verdicts (engine/judge/judges.h, toJson): {"seed": {...},
    /// "output": {...}}; null when the run was not judged.
    nlohmann::json judges;
    /// The black-box MT term's output choice (where = output): its cost, and the signal of the
    /// output it chose as mt_signal.h measures it (-1 / NaN when not measured).
    MtTermCost mtTerm;
    int mtTermUnknownWords = -1;
    double mtTermRoundTripChrf = TermValues::unknown;
    /// The output the method would have chosen without the term (the first of the P ranked: the
    /// same search, so a paired comparison) and its values; empty when the term is not on the output.
    std::string objectiveOutputText;
    TermValues objectiveOutputValues;
    /// What the user should know about how the output came about, e.g. "phase 2 could not move: ...".
    std::vector<std::string> notes;

    /// Whether the output is harder to translate than the seed: its difficulty D (lower = harder)
    /// is below the seed's. False when either is unknown, and for an output equal to the seed.
    bool harder() const
    {
        return values.difficulty == values.difficulty && seedValues.difficulty == seedValues.difficulty  // not NaN
               && outputText != seedText && values.difficulty < seedValues.difficulty;
    }
};

/// The perplexity of archived candidates, computed when a phase's output is chosen by lowest
/// perplexity (ATO-Direct scores the archived texts at the end; issue 18: it was never stored or
/// shown, so the output looked unrelated to the beam). `perplexities` pairs a text with its PPL;
/// texts that cannot be the output (refused by the grammar guard, or not harder than the seed
/// under the trigram context) are not scored and not listed (issue 34 item 18).
struct ArchiveScoredEvent {
    int phase = 1;
    std::vector<std::pair<std::string, double>> perplexities;
};

struct RunEndedEvent {
    RunStatus status = RunStatus::Finished;  ///< Finished, Cancelled or Failed
    std::string error;                ///< for Failed
    std::optional<RunResult> result;  ///< for Finished
};

class RunObserver {
public:
    virtual ~RunObserver() = default;
    virtual void runStarted(const RunStartedEvent &event) { (void)event; }
    virtual void stepFinished(const StepFinishedEvent &event) { (void)event; }
    virtual void phaseChanged(const PhaseChangedEvent &event) { (void)event; }
    virtual void archiveScored(const ArchiveScoredEvent &event) { (void)event; }
    virtual void runEnded(const RunEndedEvent &event) { (void)event; }
};

}  // namespace gauntlet::ato
