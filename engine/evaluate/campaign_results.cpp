#include "engine/evaluate/campaign_results.h"

#include "engine/core/csv.h"
#include "engine/evaluate/adjudication.h"
#include "engine/evaluate/evaluate_error.h"
#include "engine/metrics/chrf.h"
#include "engine/metrics/correlation.h"
#include "engine/metrics/krippendorff.h"
#include "engine/metrics/significance.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace gauntlet::evaluate {

namespace {

/// An item of the benchmark proper: no attention check, bad reference or paired seed control.
bool isRegular(const CampaignItem &item)
{
    return item.check == CheckKind::None && item.pair != QLatin1String("seed");
}

/// Calls `visit(r, item)` for each answer `r` of `rated` whose item is one of `campaign`'s, in order.
template <typename Visit>
void forEachAnswer(const Campaign &campaign, const QVector<RatedItem> &rated, Visit visit)
{
    for (const RatedItem &r : rated)
        if (r.itemIndex >= 0 && r.itemIndex < campaign.items.size())
            visit(r, campaign.items[r.itemIndex]);
}

/// A judgement's error spans by kind: omissions ([missing]) apart from minor and major (issue 20).
struct SpanCounts {
    int minor = 0, major = 0, missing = 0;
};

SpanCounts countSpans(const QVector<ErrorSpan> &spans)
{
    SpanCounts c;
    for (const ErrorSpan &s : spans) {
        if (s.missing)
            ++c.missing;
        else
            (s.severity == Severity::Major ? c.major : c.minor)++;
    }
    return c;
}

/// Stage-1 per-item mean scores of the paired items, compared per system (PairedSeedResult).
QVector<PairedSeedResult> comparePairedSeeds(const Campaign &campaign, const QVector<RatedItem> &rated)
{
    QMap<QString, QMap<QString, QVector<double>>> scores;  // item key -> system -> stage-1 scores
    for (const RatedItem &r : rated) {
        if (r.stage != 1 || r.itemIndex < 0 || r.itemIndex >= campaign.items.size() || campaign.items[r.itemIndex].pair.isEmpty())
            continue;
        const CampaignItem &item = campaign.items[r.itemIndex];
        for (int pos = 0; pos < r.answer.judgements.size() && pos < r.systemOrder.size(); ++pos)
            if (r.answer.judgements[pos].score)
                scores[item.key][item.translations[r.systemOrder[pos]].system] << double(*r.answer.judgements[pos].score);
    }
    const auto mean = [](const QVector<double> &v) {
        double sum = 0.0;
        for (double x : v)
            sum += x;
        return sum / double(v.size());
    };
    QMap<QString, PairedSeedResult> bySystem;
    for (const CampaignItem &item : campaign.items) {
        if (item.pair != QLatin1String("augmented"))
            continue;
        const auto augmented = scores.value(item.key), seed = scores.value(item.pairedKey);
        for (auto it = augmented.begin(); it != augmented.end(); ++it) {
            if (!seed.contains(it.key()))
                continue;
            PairedSeedResult &p = bySystem[it.key()];
            p.system = it.key();
            const double a = mean(it.value()), s = mean(seed.value(it.key()));
            ++p.pairs;
            p.meanAugmented += a;
            p.meanSeed += s;
            p.meanDifference += a - s;
        }
    }
    QVector<PairedSeedResult> out;
    for (PairedSeedResult p : bySystem) {
        p.meanAugmented /= p.pairs;
        p.meanSeed /= p.pairs;
        p.meanDifference /= p.pairs;
        out << p;
    }
    return out;
}

/// Krippendorff's alpha of 0-100 `ratings` (interval; relative on per-annotator z-scores) and, when
/// given, of Likert `likert` ratings (ordinal); why a value is missing goes to the note.
AgreementResult agreementOf(const std::vector<metrics::Rating> &ratings, const std::vector<metrics::Rating> &likert)
{
    AgreementResult out;
    QStringList notes;
    // Runs `compute`; what it throws becomes the note "<what>: <message>".
    auto noting = [&notes](const char *what, auto compute) {
        try {
            compute();
        } catch (const std::exception &e) {
            notes << QStringLiteral("%1: %2").arg(QLatin1String(what), QString::fromStdString(e.what()));
        }
    };
    noting("interval alpha", [&] {
        const auto a = metrics::krippendorffAlpha(ratings, metrics::MeasurementLevel::Interval);
        out.alphaInterval = a.alpha;
        out.pairableUnits = int(a.pairableUnits);
    });
    noting("relative alpha", [&] {
        metrics::RelativeAlphaOptions options;
        options.dropConstantCoders = true;
        out.alphaRelative = metrics::relativeAlpha(ratings, options).alpha;
    });
    if (!likert.empty())
        noting("ordinal alpha", [&] {
            const auto a = metrics::krippendorffAlpha(likert, metrics::MeasurementLevel::Ordinal);
            out.alphaOrdinal = a.alpha;
            out.pairableUnits = int(a.pairableUnits);
        });
    out.note = notes.join(QStringLiteral("; "));
    return out;
}

/// What the ratings of the regular items add up to.
struct Tally {
    QMap<QString, QMap<QString, QVector<double>>> scores;  ///< system -> item key -> stage-1 scores
    QMap<QString, SystemResult> bySystem;                  ///< span and rating counts (stage 1)
    QHash<QString, int> stageOne;                          ///< annotator|item|system -> stage-1 score
    std::vector<metrics::Rating> ratings, likert;          ///< every score (unit item|system|stage); Likert answers
    QMap<int, std::vector<metrics::Rating>> ratingsByStage;
};

/// Counts the regular items' spans and scores per system and collects the ratings for alpha.
Tally tallyRatings(const Campaign &campaign, const QVector<RatedItem> &rated)
{
    Tally t;
    forEachAnswer(campaign, rated, [&](const RatedItem &r, const CampaignItem &item) {
        if (!isRegular(item))
            return;
        for (int pos = 0; pos < r.answer.judgements.size() && pos < r.systemOrder.size(); ++pos) {
            const TranslationJudgement &j = r.answer.judgements[pos];
            const QString system = item.translations[r.systemOrder[pos]].system;
            SystemResult &sr = t.bySystem[system];
            sr.system = system;
            const QString pairKey = r.annotator + u'|' + item.key + u'|' + system;
            if (r.stage == 1) {
                const SpanCounts spans = countSpans(j.spans);
                sr.missingSpans += spans.missing;
                sr.majorSpans += spans.major;
                sr.minorSpans += spans.minor;
                if (j.score) {
                    ++sr.ratings;
                    t.scores[system][item.key] << *j.score;
                    t.stageOne.insert(pairKey, *j.score);
                }
            }
            if (j.score) {
                const metrics::Rating rating{(item.key + u'|' + system + u'|' + QString::number(r.stage)).toStdString(),
                                             r.annotator.toStdString(), double(*j.score)};
                t.ratings.push_back(rating);
                t.ratingsByStage[r.stage].push_back(rating);
            }
        }
        if (campaign.protocol == Protocol::Likert)
            for (int i = 0; i < r.answer.likert.size(); ++i)
                if (r.answer.likert[i])
                    t.likert.push_back({(item.key + u'|' + QString::number(i)).toStdString(), r.annotator.toStdString(),
                                        double(*r.answer.likert[i])});
    });
    return t;
}

/// system -> (stage 2 - stage 1) per (annotator, item), against the stage-1 scores of `stageOne`
/// (after the whole tally: a stage-2 rating precedes its stage-1 partner in no stored order).
QMap<QString, QVector<double>> stageTwoShifts(const Campaign &campaign, const QVector<RatedItem> &rated, const QHash<QString, int> &stageOne)
{
    QMap<QString, QVector<double>> shifts;
    for (const RatedItem &r : rated) {
        if (r.stage != 2 || r.itemIndex < 0 || r.itemIndex >= campaign.items.size() || !isRegular(campaign.items[r.itemIndex]))
            continue;
        const CampaignItem &item = campaign.items[r.itemIndex];
        for (int pos = 0; pos < r.answer.judgements.size() && pos < r.systemOrder.size(); ++pos) {
            const QString system = item.translations[r.systemOrder[pos]].system;
            const QString pairKey = r.annotator + u'|' + item.key + u'|' + system;
            if (r.answer.judgements[pos].score && stageOne.contains(pairKey))
                shifts[system] << double(*r.answer.judgements[pos].score - stageOne.value(pairKey));
        }
    }
    return shifts;
}

/// `sr` with its mean over per-item means of `itemScores` (item key -> stage-1 scores), the
/// bootstrap interval of that mean and the mean stage-2 shift; the item means go to `itemMeans`.
SystemResult summariseSystem(SystemResult sr, const QMap<QString, QVector<double>> &itemScores, const QVector<double> &shifts,
                             int bootstrapSamples, QMap<QString, double> *itemMeans)
{
    std::vector<double> means;
    for (auto s = itemScores.begin(); s != itemScores.end(); ++s) {
        double sum = 0.0;
        for (double v : s.value())
            sum += v;
        const double m = sum / s.value().size();
        means.push_back(m);
        itemMeans->insert(s.key(), m);
    }
    if (!means.empty()) {
        double sum = 0.0;
        for (double m : means)
            sum += m;
        sr.mean = sum / double(means.size());
        const auto ci = metrics::bootstrapConfidenceInterval(metrics::scoresAsStatistics(means),
                                                             metrics::meanScoreFunction(means.size()), bootstrapSamples);
        sr.lower = ci.lower;
        sr.upper = ci.upper;
    }
    if (!shifts.isEmpty()) {
        double sum = 0.0;
        for (double d : shifts)
            sum += d;
        sr.stageTwoShift = sum / shifts.size();
    }
    return sr;
}

/// Sorts `systems` by mean (best first), numbers their ranks and gives each the paired-bootstrap p
/// of its difference from the next one over the items both have means for (`itemMeans`).
void rankSystems(QVector<SystemResult> &systems, const QMap<QString, QMap<QString, double>> &itemMeans, int bootstrapSamples)
{
    std::stable_sort(systems.begin(), systems.end(), [](const SystemResult &a, const SystemResult &b) { return a.mean > b.mean; });
    for (int i = 0; i < systems.size(); ++i) {
        systems[i].rank = i + 1;
        if (i + 1 < systems.size()) {
            const auto &a = itemMeans.value(systems[i].system);
            const auto &b = itemMeans.value(systems[i + 1].system);
            std::vector<double> x, y;
            for (auto it = a.begin(); it != a.end(); ++it)
                if (b.contains(it.key())) {
                    x.push_back(it.value());
                    y.push_back(b.value(it.key()));
                }
            if (x.size() >= 2) {
                const auto cmp = metrics::pairedBootstrap(metrics::scoresAsStatistics(y), metrics::scoresAsStatistics(x),
                                                          metrics::meanScoreFunction(x.size()), bootstrapSamples);
                systems[i].pNext = cmp.pValue;
            }
        }
    }
}

}  // namespace

CampaignResults computeResults(const Campaign &campaign, const QVector<RatedItem> &allRated,
                               const QMap<QString, double> &automatic, int bootstrapSamples)
{
    // the "adjudicated" annotator is no annotator: not in alpha, means or ranks (adjudication.h)
    const QVector<RatedItem> rated = withoutAdjudicated(allRated);
    CampaignResults results;
    results.quality = annotatorQuality(campaign, rated);

    const Tally tally = tallyRatings(campaign, rated);
    const QMap<QString, QVector<double>> shifts = stageTwoShifts(campaign, rated, tally.stageOne);
    QVector<SystemResult> systems;
    QMap<QString, QMap<QString, double>> itemMeans;
    for (auto it = tally.bySystem.begin(); it != tally.bySystem.end(); ++it)
        systems << summariseSystem(it.value(), tally.scores.value(it.key()), shifts.value(it.key()), bootstrapSamples, &itemMeans[it.key()]);
    rankSystems(systems, itemMeans, bootstrapSamples);
    results.systems = systems;
    results.pairedSeeds = comparePairedSeeds(campaign, rated);

    results.agreement = agreementOf(tally.ratings, campaign.protocol == Protocol::Likert ? tally.likert : std::vector<metrics::Rating>{});
    if (campaign.stages() > 1)  // alpha of each stage apart: stage 2 scores follow the shown rules
        for (int stage = 1; stage <= campaign.stages(); ++stage) {
            AgreementResult a = agreementOf(tally.ratingsByStage.value(stage), {});
            a.stage = stage;
            results.agreementByStage << a;
        }

    const RankAgreement tau = compareRankings(results, QString(), automatic);
    results.kendallTauB = tau.tauB;
    results.kendallP = tau.pValue;
    return results;
}

RankAgreement compareRankings(const CampaignResults &results, const QString &name, const QMap<QString, double> &automatic)
{
    RankAgreement out;
    out.name = name;
    std::vector<double> human, machine;
    for (const SystemResult &s : results.systems)
        if (automatic.contains(s.system) && s.ratings > 0) {
            human.push_back(s.mean);
            machine.push_back(automatic.value(s.system));
        }
    out.systems = int(human.size());
    if (human.size() >= 2) {
        try {
            const auto tau = metrics::kendallTauB(human, machine);
            if (std::isfinite(tau.coefficient)) {
                out.tauB = tau.coefficient;
                if (std::isfinite(tau.pValue))  // scipy's p: exact without ties (1 for two systems)
                    out.pValue = tau.pValue;
            }
        } catch (const std::exception &) {
            // constant ranking: tau undefined
        }
    }
    return out;
}

QMap<QString, double> chrfAgainstReferences(const Campaign &campaign)
{
    const metrics::Chrf chrf;
    QMap<QString, metrics::Statistics> sums;
    for (const CampaignItem &item : campaign.items) {
        if (item.check != CheckKind::None || item.reference.trimmed().isEmpty())
            continue;
        const std::string reference = item.reference.toStdString();
        for (const CandidateTranslation &t : item.translations) {
            if (t.system == QLatin1String("human"))
                continue;
            const std::string hypothesis = t.text.toStdString();
            const metrics::Statistics stats = chrf.segmentStatistics(hypothesis, {std::string_view(reference)});
            metrics::Statistics &sum = sums[t.system];
            if (sum.empty())
                sum.assign(stats.size(), 0);
            for (std::size_t i = 0; i < stats.size(); ++i)
                sum[i] += stats[i];
        }
    }
    QMap<QString, double> out;
    for (auto it = sums.cbegin(); it != sums.cend(); ++it)
        out.insert(it.key(), chrf.scoreFromStatistics(it.value()));
    return out;
}

QByteArray resultsJsonl(const Campaign &campaign, const QVector<RatedItem> &rated)
{
    QByteArray out;
    forEachAnswer(campaign, rated, [&](const RatedItem &r, const CampaignItem &item) {
        QJsonObject o;
        o.insert(QStringLiteral("campaign_id"), campaign.uid);
        o.insert(QStringLiteral("item"), item.key);
        o.insert(QStringLiteral("annotator"), r.annotator);
        o.insert(QStringLiteral("stage"), r.stage);
        o.insert(QStringLiteral("check"), checkKindName(item.check));
        o.insert(QStringLiteral("time_ms"), double(r.answer.elapsedMs));
        QJsonArray systems;
        for (int pos = 0; pos < r.answer.judgements.size() && pos < r.systemOrder.size(); ++pos) {
            const TranslationJudgement &j = r.answer.judgements[pos];
            QJsonObject s;
            s.insert(QStringLiteral("system"), item.translations[r.systemOrder[pos]].system);
            s.insert(QStringLiteral("position"), pos);
            s.insert(QStringLiteral("score"), j.score ? QJsonValue(*j.score) : QJsonValue());
            QJsonArray spans;
            for (const ErrorSpan &e : j.spans)
                spans.append(errorSpanToJson(e));
            s.insert(QStringLiteral("error_spans"), spans);
            systems.append(s);
        }
        o.insert(QStringLiteral("annotations"), systems);
        if (!r.answer.likert.isEmpty()) {
            QJsonArray likert;
            for (const auto &v : r.answer.likert)
                likert.append(v ? QJsonValue(*v) : QJsonValue());
            o.insert(QStringLiteral("likert"), likert);
        }
        if (!r.answer.rules.isEmpty()) {
            QJsonArray rules;
            for (const auto &v : r.answer.rules)
                rules.append(v ? QJsonValue(ruleVerdictName(*v)) : QJsonValue());
            o.insert(QStringLiteral("rules"), rules);
        }
        if (r.answer.incorrectCouldPass)
            o.insert(QStringLiteral("incorrect_could_pass"), *r.answer.incorrectCouldPass);
        out += QJsonDocument(o).toJson(QJsonDocument::Compact);
        out += '\n';
    });
    return out;
}

QByteArray resultsCsv(const Campaign &campaign, const QVector<RatedItem> &rated)
{
    QString out = QStringLiteral("annotator,system,item,stage,check,score,minor,major,missing,time_ms\n");
    forEachAnswer(campaign, rated, [&](const RatedItem &r, const CampaignItem &item) {
        for (int pos = 0; pos < r.answer.judgements.size() && pos < r.systemOrder.size(); ++pos) {
            const TranslationJudgement &j = r.answer.judgements[pos];
            const SpanCounts spans = countSpans(j.spans);
            out += QStringList{core::csvField(r.annotator), core::csvField(item.translations[r.systemOrder[pos]].system), core::csvField(item.key),
                               QString::number(r.stage), checkKindName(item.check), j.score ? QString::number(*j.score) : QString(),
                               QString::number(spans.minor), QString::number(spans.major), QString::number(spans.missing),
                               QString::number(r.answer.elapsedMs)}
                       .join(u',');
            out += u'\n';
        }
    });
    return out.toUtf8();
}

}  // namespace gauntlet::evaluate
