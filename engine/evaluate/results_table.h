// Paper tables of a campaign's results: the human ranking with each system's mean score, its 95%
// bootstrap interval and n, significance clusters, and Krippendorff's alpha in the caption, as
// LaTeX (booktabs), Typst or Markdown (pandoc pipe table), ready to paste into a paper.
//
// Significance clusters follow the WMT findings papers' presentation (e.g. Kocmi et al., WMT24):
// walking down the ranking, a new cluster starts after a system that is significantly better than
// the next one (campaign_results.h: SystemResult::pNext, paired bootstrap, p < 0.05 by default);
// a system without a test against the next (too few shared items) does not start one. Every row
// shows its cluster's rank range ("2-3"); LaTeX and Typst draw a rule between clusters. Systems
// without a score are left out.
#pragma once

#include "engine/evaluate/campaign_results.h"

#include <QString>
#include <QVector>

namespace gauntlet::evaluate {

enum class TableFormat { Latex, Typst, Markdown };
/// "latex", "typst" or "markdown"; throws EvaluateError naming the accepted names otherwise.
TableFormat parseTableFormat(const QString &name);

struct PaperTableOptions {
    double significanceLevel = 0.05;  ///< p below it separates clusters; in (0, 1)
    int decimals = 1;                 ///< digits after the point of means and intervals
    QString label = QStringLiteral("tab:human-evaluation");  ///< LaTeX \label / Typst <label>; empty: none
    int annotators = 0;               ///< shown in the caption when > 0
};

/// 1-based cluster of each system of `results.systems` (same order), by the rule above.
QVector<int> significanceClusters(const CampaignResults &results, double significanceLevel = 0.05);

/// The table as text ending in a newline. Scores are the stage-1 means of computeResults() (the
/// caption says "stage 1" for two-stage campaigns); the caption names the campaign, protocol,
/// interval method, the significance rule and the alpha values that are defined (interval and
/// relative; ordinal for Likert), or why alpha is missing. Special characters of system and
/// campaign names are escaped for the format. Throws EvaluateError for a significance level
/// outside (0, 1) or decimals outside 0..4.
QString paperTable(const Campaign &campaign, const CampaignResults &results, TableFormat format,
                   const PaperTableOptions &options = {});

}  // namespace gauntlet::evaluate
