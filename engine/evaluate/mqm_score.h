// MQM-style scores from error spans: each span costs its severity's weight and a translation's
// score is minus the sum, so 0 is a translation without errors and lower is worse. Weights are
// MQM's standard ones (Freitag et al. 2021, "Experts, Errors, and Context", TACL, Table 2: major
// 5, minor 1; their critical/non-translation 25 and minor-punctuation 0.1 have no counterpart in
// ESA's two severities), as ESA's authors compare ESA spans with MQM (Kocmi et al. 2024). A
// [missing] span costs its severity's weight like any other. Error categories are not kept on
// spans, so there is no per-category breakdown.
#pragma once

#include "engine/evaluate/campaign.h"
#include "engine/evaluate/quality_control.h"

#include <QString>
#include <QVector>

namespace gauntlet::evaluate {

struct MqmWeights {
    double minor = 1.0;
    double major = 5.0;
};

struct SystemMqm {
    QString system;
    int items = 0;          ///< regular items with at least one judgement of the system in the stage
    double score = 0.0;     ///< mean over items of (minus the span weights, averaged over annotators); <= 0
    double minorPerItem = 0.0, majorPerItem = 0.0;  ///< spans per item, averaged likewise
};

/// Per system, best first (ties by name), over the regular items (no attention checks or bad
/// references) of stage `stage`. Every judgement counts, scored or not.
QVector<SystemMqm> mqmStyleScores(const Campaign &campaign, const QVector<RatedItem> &rated, int stage = 1,
                                  const MqmWeights &weights = {});

}  // namespace gauntlet::evaluate
