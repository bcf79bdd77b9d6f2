#include "engine/evaluate/mqm_score.h"

#include "engine/evaluate/adjudication.h"

#include <QMap>

#include <algorithm>

namespace gauntlet::evaluate {

QVector<SystemMqm> mqmStyleScores(const Campaign &campaign, const QVector<RatedItem> &rated, int stage, const MqmWeights &weights)
{
    struct Sums {
        double penalty = 0.0, minor = 0.0, major = 0.0;
        int annotators = 0;
    };
    QMap<QString, QMap<QString, Sums>> bySystem;  // system -> item -> sums over annotators
    for (const RatedItem &r : rated) {
        if (r.stage != stage || r.itemIndex < 0 || r.itemIndex >= campaign.items.size() || isAdjudicatedAnnotator(r.annotator))
            continue;  // the "adjudicated" annotator would count a translation twice (adjudication.h)
        const CampaignItem &item = campaign.items[r.itemIndex];
        if (item.check != CheckKind::None)
            continue;
        for (int pos = 0; pos < r.answer.judgements.size() && pos < r.systemOrder.size(); ++pos) {
            const int t = r.systemOrder[pos];
            if (t < 0 || t >= item.translations.size())
                continue;
            Sums &s = bySystem[item.translations[t].system][item.key];
            ++s.annotators;
            for (const ErrorSpan &span : r.answer.judgements[pos].spans) {
                const bool major = span.severity == Severity::Major;
                s.penalty += major ? weights.major : weights.minor;
                (major ? s.major : s.minor) += 1.0;
            }
        }
    }
    QVector<SystemMqm> out;
    for (auto it = bySystem.cbegin(); it != bySystem.cend(); ++it) {
        SystemMqm m;
        m.system = it.key();
        for (const Sums &s : it.value()) {
            m.score -= s.penalty / s.annotators;
            m.minorPerItem += s.minor / s.annotators;
            m.majorPerItem += s.major / s.annotators;
        }
        m.items = int(it.value().size());
        m.score /= m.items;
        m.minorPerItem /= m.items;
        m.majorPerItem /= m.items;
        out << m;
    }
    std::stable_sort(out.begin(), out.end(), [](const SystemMqm &a, const SystemMqm &b) { return a.score > b.score; });
    return out;
}

}  // namespace gauntlet::evaluate
