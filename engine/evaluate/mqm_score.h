// MQM scores from error spans: each span costs its weight (mqm_typology.h: Freitag et al. 2021,
// "Experts, Errors, and Context", TACL, section 3.3: major 5, minor 1, minor Fluency/Punctuation
// 0.1, Non-translation 25, neutral 0; critical 25 as the MQM Council's scoring model) and a
// translation's score is minus the sum, so 0 is a translation without errors and lower is worse.
// ESA spans carry no category and only minor/major, so for ESA campaigns this is the MQM-style
// score ESA's authors compare with MQM (Kocmi et al. 2024). A [missing] span costs its weight
// like any other. Campaigns with an error typology (MQM) also get span counts per category.
#pragma once

#include "engine/evaluate/campaign.h"
#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/quality_control.h"

#include <QMap>
#include <QString>
#include <QVector>

namespace gauntlet::evaluate {

struct SystemMqm {
    QString system;
    int items = 0;          ///< regular items with at least one judgement of the system in the stage
    double score = 0.0;     ///< mean over items of (minus the span weights, averaged over annotators); <= 0
    double minorPerItem = 0.0, majorPerItem = 0.0;  ///< spans per item, averaged likewise
    double criticalPerItem = 0.0, neutralPerItem = 0.0;
    /// Spans per category path over every judgement of the system (each annotator's spans count;
    /// not averaged), "" for spans without a category; and the same per top-level category.
    QMap<QString, int> spansPerCategory;
    QMap<QString, int> spansPerTopLevel;
};

/// Per system, best first (ties by name), over the regular items (no attention checks or bad
/// references) of stage `stage`. Every judgement counts, scored or not. Weights are `weights`
/// (for a campaign with an error typology pass campaign.options.errorTypology.weights).
QVector<SystemMqm> mqmStyleScores(const Campaign &campaign, const QVector<RatedItem> &rated, int stage = 1,
                                  const MqmWeights &weights = {});

/// For imported files (Pearmut, Appraise): when any span of `answers` or any proposed span of the
/// campaign's items names an error category and the campaign has no error typology yet, gives
/// `campaign` one of exactly those categories (name "imported", standard weights), so the answers
/// validate and `stats` counts them; otherwise leaves it unchanged.
void adoptSpanCategories(Campaign &campaign, const QMap<QString, QVector<StoredAnswer>> &answers);

}  // namespace gauntlet::evaluate
