#include "engine/evaluate/quality_control.h"

#include "engine/evaluate/evaluate_error.h"
#include "engine/metrics/correlation.h"
#include "engine/metrics/significance.h"

#include <QHash>

#include <cmath>

namespace gauntlet::evaluate {

bool passesCheck(const CampaignItem &item, const Answer &answer, const QVector<int> &systemOrder)
{
    if (item.expected.isEmpty())
        return true;
    if (answer.judgements.size() != item.translations.size() || systemOrder.size() != item.translations.size())
        return false;
    for (int pos = 0; pos < answer.judgements.size(); ++pos) {
        const ExpectedJudgement &e = item.expected[systemOrder[pos]];
        const TranslationJudgement &j = answer.judgements[pos];
        if (!j.score || *j.score < e.minScore || *j.score > e.maxScore)
            return false;
        if (e.spanRegion) {
            bool hit = false;
            for (const ErrorSpan &s : j.spans)
                if (!s.missing && s.start <= e.spanRegion->second && s.end >= e.spanRegion->first)
                    hit = true;
            if (!hit)
                return false;
        }
    }
    return true;
}

int badPhraseLength(int length, bool characterBased)
{
    if (length < 1)
        throw EvaluateError(QStringLiteral("bad reference: the segment is empty"));
    int bad = 6;
    if (length <= 1)
        bad = 1;
    else if (length <= 5)
        bad = 2;
    else if (length <= 8)
        bad = 3;
    else if (length <= 15)
        bad = 4;
    else if (length <= 20)
        bad = 5;
    return characterBased ? 2 * bad : bad;
}

namespace {

QStringList tokens(const QString &text, bool characterBased)
{
    if (!characterBased)
        return text.split(u' ');
    QStringList out;
    for (const uint c : text.toUcs4())
        out << QString::fromUcs4(reinterpret_cast<const char32_t *>(&c), 1);
    return out;
}

}  // namespace

QString makeBadReference(const QString &text, const QString &donor, bool characterBased, std::uint64_t seed)
{
    if (text.isEmpty() || donor.isEmpty())
        throw EvaluateError(QStringLiteral("bad reference: the text and the donor must not be empty"));
    const QStringList seg = tokens(text, characterBased);
    const QStringList ref = tokens(donor, characterBased);
    const int badLen = badPhraseLength(seg.size(), characterBased);
    metrics::SeededRandom random(seed);
    const int badPos = seg.size() > badLen ? int(random.below(std::uint64_t(seg.size() - badLen))) : 0;
    const int refPos = ref.size() > badLen ? int(random.below(std::uint64_t(ref.size() - badLen))) : 0;
    const QStringList out = seg.mid(0, badPos) + ref.mid(refPos, badLen) + seg.mid(badPos + badLen);
    return out.join(characterBased ? QString() : QStringLiteral(" "));
}

void addBadReferenceItems(Campaign &campaign, const QStringList &originalKeys, bool characterBased, std::uint64_t seed)
{
    const int count = campaign.items.size();
    if (count < 2)
        throw EvaluateError(QStringLiteral("campaign '%1': bad references need a second item to take a phrase from").arg(campaign.name));
    metrics::SeededRandom random(seed);
    for (const QString &key : originalKeys) {
        const int index = campaign.indexOfItem(key);
        if (index < 0)
            throw EvaluateError(QStringLiteral("campaign '%1': no item '%2' to make a bad reference from").arg(campaign.name, key));
        CampaignItem bad = campaign.items[index];
        bad.key = key + QStringLiteral("#bad");
        bad.check = CheckKind::BadReference;
        bad.originalKey = key;
        bad.expected.clear();
        for (CandidateTranslation &t : bad.translations) {
            int donorItem = int(random.below(std::uint64_t(count - 1)));
            if (donorItem >= index)
                ++donorItem;  // any item but this one
            const auto &donors = campaign.items[donorItem].translations;
            const QString donor = donors[int(random.below(std::uint64_t(donors.size())))].text;
            t.text = makeBadReference(t.text, donor, characterBased, random.below(UINT64_MAX));
        }
        campaign.items << bad;
    }
}

MannWhitney mannWhitneyLess(const std::vector<double> &x, const std::vector<double> &y)
{
    if (x.empty() || y.empty())
        throw EvaluateError(QStringLiteral("Mann-Whitney U: both samples need at least one value"));
    std::vector<double> pooled(x);
    pooled.insert(pooled.end(), y.begin(), y.end());
    const std::vector<double> ranks = metrics::averageRanks(pooled);
    const double n1 = double(x.size()), n2 = double(y.size()), n = n1 + n2;
    double r1 = 0.0;
    for (std::size_t i = 0; i < x.size(); ++i)
        r1 += ranks[i];
    MannWhitney result;
    result.n1 = x.size();
    result.n2 = y.size();
    result.u = r1 - n1 * (n1 + 1.0) / 2.0;
    const double u2 = n1 * n2 - result.u;
    std::vector<double> sorted(pooled);
    std::sort(sorted.begin(), sorted.end());
    double tieTerm = 0.0;
    for (std::size_t i = 0; i < sorted.size();) {
        std::size_t j = i;
        while (j < sorted.size() && sorted[j] == sorted[i])
            ++j;
        const double t = double(j - i);
        tieTerm += t * t * t - t;
        i = j;
    }
    const double variance = n1 * n2 / 12.0 * ((n + 1.0) - tieTerm / (n * (n - 1.0)));
    if (!(variance > 0.0))
        throw EvaluateError(QStringLiteral("Mann-Whitney U: every value is tied, the test is undefined"));
    result.z = (u2 - n1 * n2 / 2.0 - 0.5) / std::sqrt(variance);
    result.pValue = std::clamp(0.5 * std::erfc(result.z / std::sqrt(2.0)), 0.0, 1.0);
    return result;
}

QVector<AnnotatorQuality> annotatorQuality(const Campaign &campaign, const QVector<RatedItem> &rated)
{
    QVector<AnnotatorQuality> out;
    QHash<QString, int> index;
    auto entry = [&](const QString &annotator) -> AnnotatorQuality & {
        if (!index.contains(annotator)) {
            index.insert(annotator, out.size());
            out.push_back(AnnotatorQuality{annotator, 0, 0, 0, std::nullopt});
        }
        return out[index.value(annotator)];
    };
    // (annotator, item index) -> system -> score, stage 1
    QHash<QString, QHash<QString, int>> scores;
    for (const RatedItem &r : rated) {
        if (r.stage != 1 || r.itemIndex < 0 || r.itemIndex >= campaign.items.size())
            continue;
        const CampaignItem &item = campaign.items[r.itemIndex];
        AnnotatorQuality &q = entry(r.annotator);
        if (item.check == CheckKind::Tutorial || item.check == CheckKind::Loud || item.check == CheckKind::Silent) {
            ++q.checksSeen;
            if (passesCheck(item, r.answer, r.systemOrder))
                ++q.checksPassed;
        }
        QHash<QString, int> &bySystem = scores[r.annotator + QChar(0) + QString::number(r.itemIndex)];
        for (int pos = 0; pos < r.answer.judgements.size() && pos < r.systemOrder.size(); ++pos)
            if (r.answer.judgements[pos].score)
                bySystem.insert(item.translations[r.systemOrder[pos]].system, *r.answer.judgements[pos].score);
    }
    for (AnnotatorQuality &q : out) {
        std::vector<double> bad, good;
        for (int i = 0; i < campaign.items.size(); ++i) {
            const CampaignItem &item = campaign.items[i];
            if (item.check != CheckKind::BadReference)
                continue;
            const auto badScores = scores.value(q.annotator + QChar(0) + QString::number(i));
            const auto goodScores = scores.value(q.annotator + QChar(0) + QString::number(campaign.indexOfItem(item.originalKey)));
            for (auto it = badScores.begin(); it != badScores.end(); ++it)
                if (goodScores.contains(it.key())) {
                    bad.push_back(it.value());
                    good.push_back(goodScores.value(it.key()));
                    ++q.badPairs;
                }
        }
        if (!bad.empty()) {
            try {
                q.badTest = mannWhitneyLess(bad, good);
            } catch (const EvaluateError &) {
                q.badTest.reset();  // every score tied
            }
        }
    }
    return out;
}

}  // namespace gauntlet::evaluate
