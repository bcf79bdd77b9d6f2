#include "engine/evaluate/mqm_score.h"

#include "engine/evaluate/adjudication.h"
#include "engine/evaluate/rated_judgements.h"

#include <QMap>

#include <algorithm>

namespace gauntlet::evaluate {

QVector<SystemMqm> mqmStyleScores(const Campaign &campaign, const QVector<RatedItem> &rated, int stage, const MqmWeights &weights)
{
    struct Sums {
        double penalty = 0.0, minor = 0.0, major = 0.0, critical = 0.0, neutral = 0.0;
        int annotators = 0;
    };
    QMap<QString, QMap<QString, Sums>> bySystem;  // system -> item -> sums over annotators
    QMap<QString, QMap<QString, int>> categories, topLevels;  // system -> category -> spans
    // the "adjudicated" annotator would count a translation twice (adjudication.h)
    const auto keep = [stage](const RatedItem &r) { return r.stage == stage && !isAdjudicatedAnnotator(r.annotator); };
    forEachJudgement(campaign, rated, keep, [&](const RatedItem &r, const CampaignItem &item, int t, int pos) {
        const QString &system = item.translations[t].system;
        Sums &s = bySystem[system][item.key];
        ++s.annotators;
        for (const ErrorSpan &span : r.answer.judgements[pos].spans) {
            s.penalty += mqmWeight(span, weights);
            switch (span.severity) {
            case Severity::Minor: s.minor += 1.0; break;
            case Severity::Major: s.major += 1.0; break;
            case Severity::Critical: s.critical += 1.0; break;
            case Severity::Neutral: s.neutral += 1.0; break;
            }
            ++categories[system][span.category];
            ++topLevels[system][topLevelCategory(span.category)];
        }
    });
    QVector<SystemMqm> out;
    for (auto it = bySystem.cbegin(); it != bySystem.cend(); ++it) {
        SystemMqm m;
        m.system = it.key();
        for (const Sums &s : it.value()) {
            m.score -= s.penalty / s.annotators;
            m.minorPerItem += s.minor / s.annotators;
            m.majorPerItem += s.major / s.annotators;
            m.criticalPerItem += s.critical / s.annotators;
            m.neutralPerItem += s.neutral / s.annotators;
        }
        m.items = int(it.value().size());
        m.score /= m.items;
        m.minorPerItem /= m.items;
        m.majorPerItem /= m.items;
        m.criticalPerItem /= m.items;
        m.neutralPerItem /= m.items;
        m.spansPerCategory = categories.value(m.system);
        m.spansPerTopLevel = topLevels.value(m.system);
        out << m;
    }
    std::stable_sort(out.begin(), out.end(), [](const SystemMqm &a, const SystemMqm &b) { return a.score > b.score; });
    return out;
}

void adoptSpanCategories(Campaign &campaign, const QMap<QString, QVector<StoredAnswer>> &answers)
{
    QStringList found;
    for (const QVector<StoredAnswer> &list : answers)
        for (const StoredAnswer &a : list)
            for (const TranslationJudgement &j : a.answer.judgements)
                for (const ErrorSpan &s : j.spans)
                    if (!s.category.isEmpty() && !found.contains(s.category))
                        found << s.category;
    for (const CampaignItem &item : campaign.items)
        for (const QVector<ErrorSpan> &spans : item.proposedSpans)
            for (const ErrorSpan &s : spans)
                if (!s.category.isEmpty() && !found.contains(s.category))
                    found << s.category;
    if (found.isEmpty() || !campaign.options.errorTypology.isEmpty())
        return;
    found.sort();
    campaign.options.errorTypology = typologyFromPaths(QStringLiteral("imported"), found, campaign.name);
}

}  // namespace gauntlet::evaluate
