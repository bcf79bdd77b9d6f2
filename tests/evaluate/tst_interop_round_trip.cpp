// Issue 32 (9): a two-stage cESA campaign whose texts hold astral characters (emoji), combining
// marks and right-to-left script goes through Pearmut result JSONL and Appraise scores CSV and
// back; the system means, Krippendorff's alpha and span agreement of each stage come back the
// same. The expected values are the original campaign's, computed by the same functions, so what
// is tested is that nothing the statistics read is lost or shifted on the way (spans are
// converted to UTF-16 units and back).
#include "engine/evaluate/appraise.h"
#include "engine/evaluate/campaign_results.h"
#include "engine/evaluate/pearmut.h"
#include "engine/evaluate/span_agreement.h"

#include "tests/support/span_example.h"
#include "tests/support/campaign_builder.h"
#include "tests/support/test_main.h"
#include <QTest>

using namespace gauntlet::evaluate;
using gauntlet::testing::span;

namespace {

/// cESA, two stages, two items of two systems each: an emoji, a decomposed é (e + U+0301), Hebrew
/// and Arabic, and a text that starts with a space (Appraise counts from the trimmed text).
Campaign fixture()
{
    Campaign c = gauntlet::testing::makeCampaign(QStringLiteral("round trip"), Protocol::Cesa, QStringLiteral("rt"));
    c.options.twoStage = true;
    c.sourceLanguage = QStringLiteral("English");
    c.targetLanguage = QStringLiteral("German");
    CampaignItem one = gauntlet::testing::makeItem(QStringLiteral("doc1"), QStringLiteral("\u05e9\u05dc\u05d5\u05dd \U0001F600 world"),
                                                   {{QStringLiteral("sysA"), QStringLiteral("Caf\u00e9 e\u0301te\u0301 \U0001F600 hei\u00df")},
                                                    {QStringLiteral("sysB"), QStringLiteral("\u0645\u0631\u062d\u0628\u0627 \U0001F30D Welt")}});
    one.rules = {QStringLiteral("keep the emoji")};
    CampaignItem two = gauntlet::testing::makeItem(QStringLiteral("doc2"), QStringLiteral("Launch \U0001F680 now."),
                                                   {{QStringLiteral("sysA"), QStringLiteral(" \U0001F680 Start jetzt.")},
                                                    {QStringLiteral("sysB"), QStringLiteral("Start \U0001F680\U0001F680 sofort \u05d0.")}});
    two.rules = {QStringLiteral("keep the rocket")};
    c.items = {one, two};
    c.validate();
    return c;
}

StoredAnswer rated(const QString &key, int stage, int scoreA, QVector<ErrorSpan> spansA, int scoreB, QVector<ErrorSpan> spansB, int second)
{
    StoredAnswer s;
    s.itemKey = key;
    s.systemOrder = {0, 1};
    s.answer.stage = stage;
    s.answer.judgements = {TranslationJudgement{QStringLiteral("sysA"), scoreA, spansA}, TranslationJudgement{QStringLiteral("sysB"), scoreB, spansB}};
    s.answer.elapsedMs = 2000 + second;
    s.savedAt = QStringLiteral("2026-05-06T07:08:%1.000Z").arg(10 + second, 2, 10, QLatin1Char('0'));
    return s;
}

/// Three annotators, both stages; spans on and after the emoji, on the combining mark, in RTL text
/// and [missing].
QMap<QString, QVector<StoredAnswer>> answers()
{
    QMap<QString, QVector<StoredAnswer>> a;
    a[QStringLiteral("anna")] = {
        rated(QStringLiteral("doc1"), 1, 60, {span(5, 7, Severity::Minor), span(11, 11, Severity::Major)}, 40, {span(0, 4, Severity::Major)}, 1),
        rated(QStringLiteral("doc2"), 1, 80, {span(1, 1, Severity::Minor)}, 30, {span(6, 7, Severity::Major), ErrorSpan::omission(Severity::Minor)}, 2),
        rated(QStringLiteral("doc1"), 2, 55, {span(5, 9, Severity::Minor)}, 35, {span(0, 4, Severity::Major), span(6, 6, Severity::Minor)}, 3),
        rated(QStringLiteral("doc2"), 2, 85, {}, 25, {span(6, 7, Severity::Major)}, 4)};
    a[QStringLiteral("ben")] = {
        rated(QStringLiteral("doc1"), 1, 70, {span(5, 8, Severity::Minor)}, 20, {span(0, 4, Severity::Minor), span(6, 6, Severity::Major)}, 5),
        rated(QStringLiteral("doc2"), 1, 90, {}, 45, {span(7, 7, Severity::Major)}, 6),
        rated(QStringLiteral("doc1"), 2, 65, {span(11, 11, Severity::Major)}, 25, {span(0, 4, Severity::Minor)}, 7),
        rated(QStringLiteral("doc2"), 2, 95, {span(1, 1, Severity::Minor)}, 40, {span(6, 8, Severity::Major)}, 8)};
    a[QStringLiteral("cleo")] = {
        rated(QStringLiteral("doc1"), 1, 50, {span(11, 11, Severity::Major)}, 35, {span(1, 3, Severity::Major)}, 9),
        rated(QStringLiteral("doc2"), 1, 75, {span(1, 6, Severity::Minor)}, 20, {ErrorSpan::omission(Severity::Major)}, 10),
        rated(QStringLiteral("doc1"), 2, 45, {span(5, 7, Severity::Minor)}, 30, {span(6, 6, Severity::Major)}, 11),
        rated(QStringLiteral("doc2"), 2, 70, {span(1, 2, Severity::Minor)}, 15, {}, 12)};
    return a;
}

QVector<RatedItem> ratedItems(const Campaign &c, const QMap<QString, QVector<StoredAnswer>> &answers)
{
    QVector<RatedItem> out;
    for (auto it = answers.cbegin(); it != answers.cend(); ++it)
        for (const StoredAnswer &s : it.value())
            out << RatedItem{it.key(), c.indexOfItem(s.itemKey), s.answer.stage, s.answer, s.systemOrder};
    return out;
}

/// What the statistics of one stage read: means per system (stage 1 of the campaign given), alpha
/// and span agreement of `stage`.
struct Figures {
    QMap<QString, double> means;
    std::optional<double> alpha;
    SpanAgreementScores spans;
    int spanUnits = 0;
};

Figures figures(const Campaign &c, const QMap<QString, QVector<StoredAnswer>> &answers, int stage)
{
    const QVector<RatedItem> rated = ratedItems(c, answers);
    const CampaignResults results = computeResults(c, rated, {}, 10);
    Figures f;
    for (const SystemResult &s : results.systems)
        f.means.insert(s.system, s.mean);
    f.alpha = c.stages() == 2 ? results.agreementByStage.value(stage - 1).alphaInterval : results.agreement.alphaInterval;
    const SpanAgreementReport report = spanAgreement(c, rated, c.stages() == 2 ? stage : 0);
    f.spans = report.overall.scores;
    f.spanUnits = report.units;
    return f;
}

void compare(const Figures &want, const Figures &got, bool withMeans)
{
    if (withMeans) {
        QCOMPARE(got.means.keys(), want.means.keys());
        for (const QString &system : want.means.keys())
            QCOMPARE(got.means.value(system), want.means.value(system));
    }
    QVERIFY(want.alpha.has_value());
    QCOMPARE(got.alpha, want.alpha);
    QCOMPARE(got.spanUnits, want.spanUnits);
    QVERIFY(want.spans.charF1.has_value());
    QCOMPARE(got.spans.charF1, want.spans.charF1);
    QCOMPARE(got.spans.charF1Severity, want.spans.charF1Severity);
    QCOMPARE(got.spans.exactF1, want.spans.exactF1);
    QCOMPARE(got.spans.overlapF1, want.spans.overlapF1);
    QCOMPARE(got.spans.missingF1, want.spans.missingF1);
}

}  // namespace

class TestInteropRoundTrip : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void pearmut_bothStages()
    {
        const Campaign c = fixture();
        const auto original = answers();
        // One file per stage, as `campaigns export-pearmut` writes them; both read back into one campaign.
        const QByteArray lines = pearmutResultsJsonl(c, original, {}, 1) + pearmutResultsJsonl(c, original, {}, 2);
        const PearmutResults back = readPearmutResults(lines, QStringLiteral("rt.jsonl"), QStringLiteral("back"), Protocol::Cesa);
        QCOMPARE(back.imported.campaign.stages(), 2);
        for (const int stage : {1, 2})
            compare(figures(c, original, stage), figures(back.imported.campaign, back.imported.answers, stage), stage == 1);
    }

    void appraise_eachStageWithTexts()
    {
        const Campaign c = fixture();
        const auto original = answers();
        for (const int stage : {1, 2}) {
            const QByteArray csv = appraiseScoresCsv(c, original, stage);
            QVERIFY(csv.contains("eng,deu"));
            const AppraiseImport back = readAppraiseScores({{QStringLiteral("rt.csv"), csv}}, QStringLiteral("A"), &c);
            QCOMPARE(back.pairs.size(), 1);
            const ImportedCampaign &ic = back.pairs.first();
            QCOMPARE(back.withTexts, 4);
            // The imported campaign is one-stage ESA (the file holds one stage): its figures are
            // those of the stage written. Means are compared for stage 1, the stage results rank.
            Figures want = figures(c, original, stage);
            if (stage == 2) {
                Campaign firstOnly = c;  // stage 2's means: the original with stage 2 read as stage 1
                QMap<QString, QVector<StoredAnswer>> asFirst;
                for (auto it = original.cbegin(); it != original.cend(); ++it)
                    for (StoredAnswer s : it.value())
                        if (s.answer.stage == 2) {
                            s.answer.stage = 1;
                            asFirst[it.key()] << s;
                        }
                firstOnly.options.twoStage = false;
                want.means = figures(firstOnly, asFirst, 1).means;
            }
            compare(want, figures(ic.campaign, ic.answers, 1), true);
        }
        // Without the texts the offsets stay in UTF-16 units, and span agreement differs: the
        // round trip needs them (what `--texts-from` gives).
        const AppraiseImport blind = readAppraiseScores({{QStringLiteral("rt.csv"), appraiseScoresCsv(c, original, 1)}}, QStringLiteral("A"));
        QVERIFY(figures(blind.pairs.first().campaign, blind.pairs.first().answers, 1).spans.charF1
                != figures(c, original, 1).spans.charF1);
    }
};

GAUNTLET_TEST_MAIN(TestInteropRoundTrip)
#include "tst_interop_round_trip.moc"
