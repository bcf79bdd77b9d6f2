// Walking the judgements of answered items (RatedItem) translation by translation, as the MQM
// score and the span agreement both read them. Internal to engine/evaluate.
#pragma once

#include "engine/evaluate/campaign.h"
#include "engine/evaluate/quality_control.h"

#include <QVector>

namespace gauntlet::evaluate {

/// Calls `visit(r, item, translation, pos)` for every judgement `pos` of every answer `r` in `rated`
/// that `keep(r)` admits, whose item is one of `campaign`'s and not an attention check:
/// `translation` is the index into item.translations that the answer's system order gives the
/// judgement (judgements past the order, or whose index falls outside item.translations, are
/// passed over). Answers are visited in `rated` order, judgements in position order. Throws only
/// what `keep` and `visit` throw.
template<typename Keep, typename Visit>
void forEachJudgement(const Campaign &campaign, const QVector<RatedItem> &rated, Keep keep, Visit visit)
{
    for (const RatedItem &r : rated) {
        if (r.itemIndex < 0 || r.itemIndex >= campaign.items.size() || !keep(r))
            continue;
        const CampaignItem &item = campaign.items[r.itemIndex];
        if (item.check != CheckKind::None)
            continue;
        for (int pos = 0; pos < r.answer.judgements.size() && pos < r.systemOrder.size(); ++pos) {
            const int t = r.systemOrder[pos];
            if (t >= 0 && t < item.translations.size())
                visit(r, item, t, pos);
        }
    }
}

}  // namespace gauntlet::evaluate
