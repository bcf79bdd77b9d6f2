// Setting a campaign up the same way from `gauntlet campaigns create` and the New Campaign dialog
// (issue 20: every option in both): items from the project's examples, Appraise's bad-reference
// items, attention-check items with expected answers (tutorial, loud, silent, as Pearmut and
// Appraise run them) read from a file, and the campaign file of `--from-file`, with one clear error
// for a file of another shape.
#pragma once

#include "engine/evaluate/campaign.h"
#include "engine/evaluate/campaign_store.h"

#include <QByteArray>
#include <QString>
#include <QVector>

namespace gauntlet::verify { class ExampleStore; }

namespace gauntlet::evaluate {

/// What a campaign is built from besides its definition (name, protocol, scales, options).
struct CampaignSetup {
    QString status;                  ///< only examples with this status (e.g. "accepted"); empty = all
    bool includeReference = false;   ///< the human reference joins as system "human" (as LTB's release lists it)
    int badReferences = 0;           ///< Appraise bad-reference items for the first N regular items; >= 0
    bool characterBased = false;     ///< bad references by characters (CJK, Thai) instead of words
    QVector<evaluate::CampaignItem> checks;  ///< attention-check items (evaluate::readCheckItems), added last
    /// Augmented examples' seeds as a paired control: the caller adds them after buildCampaign with
    /// addPairedSeedItems (engine/augment/paired_seeds.h; the run store is not this module's).
    bool pairedSeeds = false;
};

/// Adds Appraise's bad-reference items for the first `setup.badReferences` regular items
/// (evaluate::addBadReferenceItems with the campaign's seed) and `setup.checks` to `campaign`; its
/// own items stay. Throws EvaluateError for a negative count, too few items for bad references, or
/// a check item whose key is taken.
void addQualityControlItems(evaluate::Campaign &campaign, const CampaignSetup &setup);

/// Fills `campaign.items` from the project's examples (buildCampaignFromExamples), then calls
/// addQualityControlItems(). The campaign is not stored or validated here (CampaignStore::createCampaign does).
/// Throws EvaluateError for a negative count, a check item whose key is taken, or too few items
/// for bad references; StoreError for an unknown example status.
ExampleSelection buildCampaign(verify::ExampleStore &examples, evaluate::Campaign &campaign, const CampaignSetup &setup);


/// Attention-check items from a JSON file: an array of items, or an object with "items", each in
/// the item shape of a campaign package (campaignItemToJson): "key", "source", "translations"
/// [{"system", "text"}], "check" ("tutorial": must be right to go on; "loud": a wrong answer is
/// shown and retried; "silent": only logged) and "expected" [{"min_score", "max_score",
/// "span": [start, end]?}], one per translation, scores 0-100, span in code points (inclusive).
/// Throws EvaluateError naming `fileName`: not UTF-8, not JSON, no items, an item that is not a
/// tutorial/loud/silent check or lacks one expectation per translation.
QVector<CampaignItem> readCheckItems(const QByteArray &bytes, const QString &fileName);

/// The campaign of `campaigns create --from-file`: a Gauntlet campaign JSON object (the
/// "campaign" object of a package: "protocol", "items", optional "options", "scales"; "uid" and
/// "name" may be left out) or a whole campaign package. The campaign is validated. Throws one
/// EvaluateError that names `fileName` once and says what was expected: not UTF-8, not JSON, a
/// Pearmut campaign file (recognised by its "info" and "data"), or any other shape.
Campaign readCampaignFile(const QByteArray &bytes, const QString &fileName);

}  // namespace gauntlet::evaluate
