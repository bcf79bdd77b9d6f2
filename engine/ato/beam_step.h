// One step of ATO's beam search (Algorithm 1, "BeamSearchGCGStep"; papers.md, ATO section), as
// pure functions in the spirit of nanoGCG's gcg.py: gradients -> shortlist -> sampled
// substitutions -> pool (dedup, decode -> re-encode filter) -> batched scoring -> selection of the
// best B - R plus R random members (diversity injection).
//
// Sequences are complete model inputs (XLM-R `<s> ... </s>`); specials never change. A
// substitution replaces one token, so every text of a run keeps its seed's length in tokens.
#pragma once

#include "engine/ato/candidate_fate.h"
#include "engine/ato/candidate_guard.h"
#include "engine/ato/objective.h"
#include "engine/ato/plausible_substitutions.h"
#include "engine/ato/unknown_text.h"
#include "engine/text/tokenizer.h"

#include <torch/types.h>

#include <cstdint>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace gauntlet::ato {

/// The run's random source: std::mt19937_64 seeded from AtoConfig::seed, with draws computed here
/// (not by std:: distributions) so a seed gives the same run with any standard library.
class Rng {
public:
    explicit Rng(std::uint64_t seed) : m_engine(seed) {}
    /// Uniform in [0, 1) with 53 random bits.
    double uniform() { return double(m_engine() >> 11) * (1.0 / 9007199254740992.0); }
    /// Uniform integer in [0, n); n > 0.
    std::int64_t below(std::int64_t n) { return std::int64_t(uniform() * double(n)) % n; }

private:
    std::mt19937_64 m_engine;
};

/// What may change during one phase of a run.
struct SearchSpace {
    torch::Tensor allowedTokens;  ///< [|V|] bool: the vocabulary candidates are drawn from (whole-word, subword, ASCII)
    std::vector<bool> editable;   ///< [L]: positions that may ever change (ATO-Direct: single-token seed words only)
    UnknownText unknownText;      ///< the seed's text at its <unk> tokens (empty for most seeds)
    /// Drop candidates whose text starts or ends with whitespace (phase 2: a byte-level BPE token
    /// such as "Ġword" at the first position would otherwise give the text a leading space).
    bool noEdgeWhitespace = false;
    /// The seed's guards (issue 16), or null: the vocabulary guard drops pool candidates, the
    /// grammar guard is checked at selection (selectNextBeam's `accept`). When the guards leave no
    /// candidate, the beam is kept with the positions just tried frozen for frozenIterations steps
    /// (as if substituted), so the search moves on to other positions.
    const CandidateGuard *guard = nullptr;
    /// What may be proposed at each position of a member (issue 31), or null: the shortlist is
    /// restricted to it before sampling, so no sample is spent on a word the restrictions refuse.
    const PlausibleSubstitutions *plausible = nullptr;
    /// The black-box MT term in the beam (issue 21; AtoConfig::mtTermWhere = "beam"), or empty: given
    /// the texts of the objective's best accepted candidates (best first), their order from the
    /// one the MT system handles worst (judge::mtBadnessOrder). See mtTermSelection.
    std::function<std::vector<size_t>(const std::vector<std::string> &)> mtRank;
    int mtRankPool = 0;  ///< P: how many of the objective's best the term ranks (at least B - R)
};

/// A member of the beam.
struct BeamMember {
    TokenIds ids;        ///< [L]
    TermValues values;   ///< its terms under the phase's objective
    /// [L]: the step at which each position was last substituted (a very negative number if never);
    /// positions substituted in the frozenIterations preceding steps are frozen.
    std::vector<int> lastSubstitution;
    int parent = -1;                  ///< index of its parent in the previous beam (-1: the seed)
    bool injected = false;            ///< added by diversity injection
    std::int64_t changedPosition = -1;  ///< the position substituted to make it (-1: none)
};

/// A member of the beam made from a seed sequence (nothing substituted yet).
BeamMember seedMember(const TokenIds &ids);

/// [L] bool: positions of `member` that step `step` may change: editable in `space`, not a
/// special, not punctuation (Tokenizer::isPunctuation of the current token), and not substituted in
/// any of the `frozenIterations` steps before `step` (Algorithm 1, "frozen positions").
torch::Tensor eligiblePositions(const BeamMember &member, const SearchSpace &space, const text::Tokenizer &tokenizer, int step,
                                int frozenIterations);

/// The shortlist: the top-K (position, token) pairs by gradient (most negative first: the largest
/// first-order decrease of L, as nanoGCG's (-grad).topk), over the flattened [L, |V|] matrix
/// restricted to eligible positions and allowed tokens; a position's current token is never
/// listed. Returns, per position, its shortlisted tokens ([L] lists; empty where none).
/// gradient [L, |V|] float on any device (the work stays there; only the K indices are copied to
/// the host); eligible [L] bool and allowed [|V|] bool on any device. `positionTokens` (optional,
/// [L] lists): further restricts position i to the tokens listed for it
/// (PlausibleSubstitutions::allowedAt).
std::vector<std::vector<std::int64_t>> topKShortlist(const torch::Tensor &gradient, const torch::Tensor &eligible,
                                                     const torch::Tensor &allowed, const TokenIds &current, int k,
                                                     const std::vector<std::vector<std::int64_t>> *positionTokens = nullptr);

struct Substitution {
    std::int64_t position = 0;
    std::int64_t token = 0;
};

/// Every substitution the proposal restrictions allow `member` at this step: the tokens
/// space.plausible lists at each eligible position (eligiblePositions), that space.allowedTokens
/// allows and that differ from the current token, in position order then list order. These are
/// exactly the pairs topKShortlist can return for the member whatever the gradient, so when there
/// are at most min(K, N) of them the shortlist holds all of them and sampling without replacement
/// draws all of them (sampleSubstitutions): the step then takes them without a gradient (issue
/// 31; TextAttack's greedy word swap likewise tries a word's whole neighbourhood). Requires
/// space.plausible; `allowed` is space.allowedTokens on the CPU ([|V|] bool).
std::vector<Substitution> plausibleNeighbourhood(const BeamMember &member, const SearchSpace &space, const torch::Tensor &allowed,
                                                 const text::Tokenizer &tokenizer, int step, int frozenIterations);

/// Up to N distinct substitutions for one member, drawn without replacement (issue 24: with
/// replacement, 37% of a phase-1 step's samples were duplicates): each draw picks position i with
/// probability proportional to ||G_i,.|| times the share of its shortlist not drawn yet (the
/// paper's distribution, position ~ ||G_i|| and token ~ Uniform(S_i), restricted to the pairs
/// left), then a token uniformly among those left. All norms 0: positions are equally weighted.
/// Fewer than N when fewer pairs of positive weight exist; empty if no position has entries.
/// gradient [L, |V|].
std::vector<Substitution> sampleSubstitutions(const torch::Tensor &gradient, const std::vector<std::vector<std::int64_t>> &shortlist,
                                              int n, Rng &rng);
/// The same from the norms ||G_i|| of the gradient's rows ([L] float64 on the CPU,
/// gradientRowNorms), so a step need not keep the gradient while it samples.
std::vector<Substitution> sampleSubstitutionsByNorm(const torch::Tensor &norms, const std::vector<std::vector<std::int64_t>> &shortlist,
                                                    int n, Rng &rng);
/// ||G_i|| of each row of a gradient [L, |V|]: [L] float64 on the CPU.
torch::Tensor gradientRowNorms(const torch::Tensor &gradient);

/// Whether `text` begins or ends with an ASCII whitespace character.
bool hasEdgeWhitespace(const std::string &text);

/// Whether `ids` (a model input with its specials) decodes to text that encodes back to the same
/// ids (nanoGCG's filter_ids): leading/trailing specials are set aside for the check. With
/// `unknown`, the seed's text goes back in at the <unk> tokens it kept before re-encoding
/// (unknown_text.h). `decoded`, if given, receives the text that was re-encoded.
bool retokenizes(const text::Tokenizer &tokenizer, const TokenIds &ids, const UnknownText *unknown = nullptr,
                 std::string *decoded = nullptr);

/// Indices of the next beam (Algorithm 1, lines 13-14): the best beamWidth - randomInjections
/// by loss (ties by index), then randomInjections drawn uniformly without replacement from the
/// rest. With at most beamWidth losses, all of them, best first. NaN losses rank last.
/// The second output flags the injected ones.
/// With `accept`, only accepted candidates enter: the best B - R are found by walking the
/// candidates in order of loss until B - R are accepted, the R injections by drawing from the
/// candidates not yet walked until R are accepted; `accept` is called once at most per candidate
/// and `rejected` counts its refusals. Without `accept` the draws are exactly those above.
std::vector<int> selectNextBeam(const std::vector<double> &losses, int beamWidth, int randomInjections, Rng &rng,
                                std::vector<bool> *injected = nullptr, const std::function<bool(int)> &accept = {},
                                int *rejected = nullptr);

/// The next beam when the black-box MT term ranks it (issue 21). `chosen` and `injected` are what
/// selectNextBeam returned for width P + R (the objective's best P accepted candidates, then R
/// injections); `mtOrder` orders the non-injected ones (indices into them, in their order in
/// `chosen`), worst-handled by the MT system first. The next beam: the first
/// min(survivors, B - injected) survivors in `mtOrder`, then the injected ones; *injectedOut gets
/// the flags. Pure; ties and unmeasured texts are already ordered by `mtOrder`.
std::vector<int> mtTermSelection(const std::vector<int> &chosen, const std::vector<bool> &injected, const std::vector<size_t> &mtOrder,
                                 int beamWidth, std::vector<bool> *injectedOut);

/// A scored candidate of the pool.
struct Candidate {
    TokenIds ids;
    std::string text;  ///< its decoded text (what the re-encode check read)
    TermValues values;
    int parent = 0;  ///< index in the beam it was made from
    Substitution substitution;
    CandidateFate fate = CandidateFate::NotTaken;  ///< what became of it (issue 34 item 6)
    std::string reason;                            ///< why it was refused or not taken
};

struct StepSettings {
    int beamWidth = 50;            ///< B
    int shortlistSize = 200;       ///< K
    int candidatesPerMember = 64;  ///< N
    int randomInjections = 15;     ///< R
    int frozenIterations = 2;
    /// Gradient values (distinct members x L x |V|) a step takes at once before reducing them to
    /// shortlists: 2^27, 512 MiB in float32 (issue 37: a 50-member beam over XLM-R's 250,002
    /// tokens held 1.5 GB of gradients). At least one member is always taken.
    std::int64_t gradientValuesAtOnce = std::int64_t{1} << 27;
};

struct StepResult {
    std::vector<BeamMember> beam;  ///< the next beam (the old one, unchanged, if no candidate survived)
    std::vector<Candidate> pool;   ///< every scored candidate (the archive's new entries), each with its fate
    /// Candidates dropped before scoring (re-tokenization, vocabulary guard, trigram test), with
    /// their fate and reason and unknown values; duplicates are only counted.
    std::vector<Candidate> refused;
    int sampled = 0;               ///< substitutions drawn
    int duplicates = 0;            ///< dropped as duplicates
    int filtered = 0;              ///< dropped by the decode -> re-encode check
    int vocabularyRejected = 0;    ///< dropped by the vocabulary guard (a word outside it)
    int grammarRejected = 0;       ///< refused a place in the beam by the grammar guard
    int contextRejected = 0;       ///< dropped by the trigram sentence test (CandidateGuard::contextPasses)
    /// The shortlist size K the pool was drawn with: settings.shortlistSize, or up to 16 times that
    /// when nothing survived at the configured K (the step widens it rather than stand still).
    int shortlistUsed = 0;
    /// True when the proposal restrictions left every member at most min(K, N) substitutions, so
    /// the step took all of them without computing a gradient (see plausibleNeighbourhood).
    bool exhaustive = false;
    StepTimings timings;
};

/// One step of Algorithm 1, number `step` (1-based; the seed is step 0). Gradients are computed
/// once per distinct member, batched (Objective::gradients). Throws what the objective throws.
StepResult beamSearchStep(const std::vector<BeamMember> &beam, const Objective &objective, const SearchSpace &space,
                          const text::Tokenizer &tokenizer, const StepSettings &settings, int step, Rng &rng);

}  // namespace gauntlet::ato
