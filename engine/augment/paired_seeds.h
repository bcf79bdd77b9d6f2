// Paired seed control for human evaluation campaigns (issue 21, item 4): for every campaign item
// made from an augmented example (one made from an augmentation run, example_from_run.h), the same
// item with the run's seed as source and the run's stored translations of the seed by the same MT
// systems, so a human study measures the difficulty gain directly: the ATO paper (Kalikman et al.,
// EAMT 2026) compares seeds and outputs in its human study. Both items are marked
// (evaluate::CampaignItem::pair "augmented" / "seed", pairedKey), so results can compare them.
#pragma once

#include "engine/evaluate/campaign.h"

#include <QStringList>

namespace gauntlet::storage { class Database; }

namespace gauntlet::augment {

struct PairedSeedReport {
    int paired = 0;        ///< seed items added
    int skipped = 0;       ///< augmented items left unpaired
    QStringList problems;  ///< one line per skipped item: why (no run, no seed translation by a system)
};

/// Adds a seed item after the campaign's items for each regular item whose example carries a
/// `run:N` tag, keyed "seed:" + the item's key, with the item's MT systems' translations of the
/// seed (run_translations; "human", the reference of the augmented text, is left out). An item is
/// skipped when its run is gone or one of its MT systems has no stored translation of the seed into
/// the example's target language (`gauntlet runs translate RUN` makes them: step 0 is the seed).
/// Throws StoreError.
PairedSeedReport addPairedSeedItems(storage::Database &db, evaluate::Campaign &campaign);

}  // namespace gauntlet::augment
