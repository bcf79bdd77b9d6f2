// Plain values shared by the search, its events and their observers; no libtorch here, so the
// store and the GUI can include the events cheaply.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

namespace gauntlet::ato {

/// Token ids of one complete model input (XLM-R: `<s> ... </s>`; Qwen2: no specials).
using TokenIds = std::vector<std::int64_t>;

/// Every term of one text; NaN where a term is not part of the objective or not yet known.
struct TermValues {
    static constexpr double unknown = std::numeric_limits<double>::quiet_NaN();
    double loss = unknown;          ///< the objective L that the search minimises
    double difficulty = unknown;    ///< D (Sentinel score; lower = harder to translate)
    double fluencyLoss = unknown;   ///< L_CoLA = -log P(acceptable), >= 0
    double cohesionLoss = unknown;  ///< L_cos = 1 - cos(CLS, beam-mean CLS), in [0, 2]
    double perplexity = unknown;    ///< PPL under the LM, >= 1
};

/// What the black-box MT term (AtoConfig::mtTermSystem) cost in one step or one output choice.
struct MtTermCost {
    int texts = 0;     ///< texts the MT system measured (texts measured before in the run are not counted)
    int requests = 0;  ///< endpoint requests, retries included (0 for Apertium)
    double ms = 0;     ///< wall-clock milliseconds
};

/// Seconds spent in each part of a step (bench/ato). `guards` is the vocabulary guard on the pool
/// and the grammar guard's parses at selection (issue 16); `bookkeeping` is the rest of building
/// the pool and choosing the next beam.
struct StepTimings {
    double gradient = 0, sampling = 0, retokenization = 0, scoring = 0, guards = 0, bookkeeping = 0;
};

}  // namespace gauntlet::ato
