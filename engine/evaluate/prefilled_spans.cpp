#include "engine/evaluate/prefilled_spans.h"

#include "engine/evaluate/adjudication.h"

namespace gauntlet::evaluate {

QString proposalFateName(ProposalFate fate)
{
    switch (fate) {
    case ProposalFate::Kept: return QStringLiteral("kept");
    case ProposalFate::Edited: return QStringLiteral("edited");
    case ProposalFate::Deleted: break;
    }
    return QStringLiteral("deleted");
}

namespace {

bool sameSpan(const ErrorSpan &a, const ErrorSpan &b)
{
    return a.missing == b.missing && a.severity == b.severity && (a.missing || (a.start == b.start && a.end == b.end));
}

bool touches(const ErrorSpan &a, const ErrorSpan &b)
{
    if (a.missing || b.missing)
        return a.missing && b.missing;
    return a.start <= b.end && b.start <= a.end;
}

/// Gives each proposal not yet kept the first final span that no proposal has claimed and that
/// `matches(proposal, span)` accepts: the span is claimed and the proposal's fate becomes `fate`,
/// with `became` that span. Proposals are served in order.
template<typename Match>
void claimSpans(QVector<ProposalOutcome> &proposals, const QVector<ErrorSpan> &final, QVector<bool> &claimed, Match matches,
                ProposalFate fate)
{
    for (ProposalOutcome &o : proposals) {
        if (o.fate == ProposalFate::Kept)
            continue;
        for (int j = 0; j < final.size(); ++j)
            if (!claimed[j] && matches(o.proposed, final[j])) {
                claimed[j] = true;
                o.fate = fate;
                o.became = final[j];
                break;
            }
    }
}

}  // namespace

ProposalReview reviewProposals(const QVector<ErrorSpan> &proposed, const QVector<ErrorSpan> &final)
{
    ProposalReview review;
    QVector<bool> claimed(final.size(), false);
    for (const ErrorSpan &p : proposed)
        review.proposals << ProposalOutcome{p, ProposalFate::Deleted, std::nullopt};
    // exact matches first (no proposal is kept yet, so each is tried), then overlaps for the rest
    claimSpans(review.proposals, final, claimed, sameSpan, ProposalFate::Kept);
    claimSpans(review.proposals, final, claimed, touches, ProposalFate::Edited);
    for (int j = 0; j < final.size(); ++j)
        if (!claimed[j])
            review.added << final[j];
    return review;
}

ProposalSummary summariseProposals(const Campaign &campaign, const QVector<RatedItem> &rated)
{
    ProposalSummary s;
    for (const RatedItem &r : rated) {
        if (r.itemIndex < 0 || r.itemIndex >= campaign.items.size() || r.annotator == QStringView(AdjudicatedAnnotator))
            continue;
        const CampaignItem &item = campaign.items[r.itemIndex];
        if (item.proposedSpans.isEmpty())
            continue;
        for (int pos = 0; pos < r.answer.judgements.size() && pos < r.systemOrder.size(); ++pos) {
            const int t = r.systemOrder[pos];
            if (t < 0 || t >= item.proposedSpans.size() || item.proposedSpans[t].isEmpty())
                continue;
            ++s.translations;
            const ProposalReview review = reviewProposals(item.proposedSpans[t], r.answer.judgements[pos].spans);
            for (const ProposalOutcome &o : review.proposals) {
                ++s.proposed;
                (o.fate == ProposalFate::Kept ? s.kept : o.fate == ProposalFate::Edited ? s.edited : s.deleted)++;
            }
            s.added += review.added.size();
        }
    }
    return s;
}

}  // namespace gauntlet::evaluate
