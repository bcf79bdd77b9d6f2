// What became of each candidate of a step's pool (issue 34 item 6): the candidate pool view shows a
// step's candidates with their fate and, for a refusal, the guard's reason, so a refused candidate
// with a lower L than the beam's best is explained. Plain values: no libtorch.
#pragma once

#include "engine/ato/values.h"

#include <optional>
#include <string>
#include <string_view>

namespace gauntlet::ato {

enum class CandidateFate {
    Kept,        ///< entered the next beam by the objective (the best B - R)
    Injected,    ///< entered the next beam by diversity injection
    NotTaken,    ///< scored and not refused, but not taken: the beam filled first (reason says how)
    Grammar,     ///< refused a place in the beam by the grammar guard (link-grammar)
    Vocabulary,  ///< dropped before scoring by the vocabulary guard
    Context,     ///< dropped before scoring by the trigram sentence test
    Tokenizer,   ///< dropped before scoring: its text does not re-tokenize to its ids (or has edge whitespace)
};

/// The stored name of a fate: kept, injected, not-taken, grammar, vocabulary, context, tokenizer.
const char *fateName(CandidateFate fate);
/// The fate named `name` (fateName's names), nullopt for any other.
std::optional<CandidateFate> fateFromName(std::string_view name);
/// Whether a candidate of this fate was scored under the objective (the rest have no L).
inline bool fateScored(CandidateFate fate)
{
    return fate == CandidateFate::Kept || fate == CandidateFate::Injected || fate == CandidateFate::NotTaken || fate == CandidateFate::Grammar;
}

/// One candidate of a step's pool with its fate.
struct PoolRecord {
    std::string text;
    TermValues values;          ///< under the phase's objective; unknown when it was dropped before scoring
    int parentRank = -1;        ///< rank of the beam member it was made from (previous step)
    std::int64_t position = -1; ///< the token position substituted
    CandidateFate fate = CandidateFate::NotTaken;
    std::string reason;         ///< why it was refused or not taken (English; empty for kept and injected)
};

}  // namespace gauntlet::ato
