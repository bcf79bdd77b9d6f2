// ESA^AI (Zouhar et al. 2025, "AI-Assisted Human Evaluation of Machine Translation", NAACL; run in
// Pearmut and Appraise): items arrive with error spans a quality-estimation model proposed
// (CampaignItem::proposedSpans), shown pre-filled; the annotator keeps, edits or deletes each and
// may add new ones. The stored answer holds the final spans and the item the proposals, so what
// became of every proposal follows from the two:
//  - kept: the final spans hold the same span (same offsets and severity; [missing]: a [missing]
//    span of the same severity);
//  - edited: not kept, but a final span overlaps it (shares a code point; for [missing]: a final
//    [missing] span of another severity) that no other proposal claimed first; proposals are
//    matched in order, kept ones before edited ones, each final span to at most one proposal;
//  - deleted: neither;
//  - added: final spans that are no proposal's kept or edited span.
#pragma once

#include "engine/evaluate/annotation.h"
#include "engine/evaluate/campaign.h"
#include "engine/evaluate/quality_control.h"

#include <QString>
#include <QVector>

#include <optional>

namespace gauntlet::evaluate {

enum class ProposalFate { Kept, Edited, Deleted };
QString proposalFateName(ProposalFate fate);  ///< "kept", "edited", "deleted"

struct ProposalOutcome {
    ErrorSpan proposed;
    ProposalFate fate = ProposalFate::Deleted;
    std::optional<ErrorSpan> became;  ///< the final span it was kept as or edited into
};

struct ProposalReview {
    QVector<ProposalOutcome> proposals;  ///< in proposed order
    QVector<ErrorSpan> added;            ///< final spans not derived from a proposal, in final order
};

/// What became of `proposed` in `final` (rules above).
ProposalReview reviewProposals(const QVector<ErrorSpan> &proposed, const QVector<ErrorSpan> &final);

/// Counts over a campaign's answers (every stage, attention checks included).
struct ProposalSummary {
    int translations = 0;  ///< judged translations that had proposals
    int proposed = 0, kept = 0, edited = 0, deleted = 0, added = 0;
};
ProposalSummary summariseProposals(const Campaign &campaign, const QVector<RatedItem> &rated);

}  // namespace gauntlet::evaluate
