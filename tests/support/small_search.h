// The small ATO search the augmentation tests run on their tiny models: few members, candidates
// and injections, one thread, so that a run takes seconds.
#pragma once

#include "engine/ato/ato_config.h"

namespace gauntlet::testing {

/// `steps` steps of a beam of `beamWidth` (4 by default), a shortlist of 20, 8 candidates per
/// member and 1 random injection per step, on one thread; everything else AtoConfig's defaults.
inline ato::AtoConfig smallSearch(int steps, int beamWidth = 4)
{
    ato::AtoConfig c;
    c.beamWidth = beamWidth;
    c.shortlistSize = 20;
    c.candidatesPerMember = 8;
    c.randomInjections = 1;
    c.steps = steps;
    c.threads = 1;
    return c;
}

}  // namespace gauntlet::testing
