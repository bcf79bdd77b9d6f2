// engine/evaluate: span offsets in code points (combining marks, emoji, CJK, RTL), ESA bands,
// the Next lock (missing parts), assignment, attention checks, Appraise's bad references,
// the one-sided Mann-Whitney U test against hand-worked scipy formulas, package and result file
// round trips and refusals, and results (means, alpha) against hand-worked values.
#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/campaign_results.h"
#include "engine/evaluate/evaluate_error.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include "tests/support/campaign_builder.h"
#include "tests/support/test_main.h"
#include <QTest>

#include <cmath>

using namespace gauntlet::evaluate;

namespace {

Campaign twoSystemCampaign(int items)
{
    Campaign c = gauntlet::testing::makeCampaign(QStringLiteral("test"), Protocol::Cesa, QStringLiteral("uid-1"));
    for (int i = 0; i < items; ++i) {
        CampaignItem item = gauntlet::testing::makeItem(QStringLiteral("ex%1").arg(i + 1), QStringLiteral("source %1").arg(i + 1),
                                                        {{QStringLiteral("sysA"), QStringLiteral("alpha text number %1 here").arg(i + 1)},
                                                         {QStringLiteral("sysB"), QStringLiteral("beta text number %1 here").arg(i + 1)}});
        item.rules = {QStringLiteral("must contain X")};
        c.items << item;
    }
    return c;
}

Answer scored(int stage, QVector<std::optional<int>> scores)
{
    Answer a;
    a.stage = stage;
    for (const auto &s : scores)
        a.judgements << TranslationJudgement{QString(), s, {}};
    return a;
}

}  // namespace

class TestEvaluate : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void codePointOffsets()
    {
        // "é" as e + U+0301 is two code points (Python len), as Pearmut counts.
        const QString combining = QStringLiteral("cafe\u0301 noir");
        QCOMPARE(codePointCount(combining), 10);
        QCOMPARE((ErrorSpan{0, 4, Severity::Minor, false}).textIn(combining), QStringLiteral("cafe\u0301"));
        // U+1F600 is one code point but two UTF-16 units.
        const QString emoji = QString::fromUtf8("ok \xF0\x9F\x98\x80 fine");
        QCOMPARE(codePointCount(emoji), 9);
        QCOMPARE(utf16Index(emoji, 4), 5);
        QCOMPARE(codePointIndex(emoji, 5), 4);
        QCOMPARE(codePointIndex(emoji, 4), 3);  // inside the pair: the pair's code point
        QCOMPARE((ErrorSpan{3, 3, Severity::Major, false}).textIn(emoji), QString::fromUtf8("\xF0\x9F\x98\x80"));
        QCOMPARE((ErrorSpan{5, 8, Severity::Minor, false}).textIn(emoji), QStringLiteral("fine"));
        // CJK: one code point per character; a supplementary-plane Han character (U+20B9F) counts once.
        const QString cjk = QString::fromUtf8("\xE6\x88\x91\xE7\x88\xB1\xF0\xA0\xAE\x9F\xE5\xAD\x97");  // 我爱𠮟字
        QCOMPARE(codePointCount(cjk), 4);
        QCOMPARE((ErrorSpan{2, 3, Severity::Minor, false}).textIn(cjk), QString::fromUtf8("\xF0\xA0\xAE\x9F\xE5\xAD\x97"));
        // RTL: offsets are logical (storage) order, not visual.
        const QString arabic = QString::fromUtf8("\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7 \xD8\xA8\xD9\x83");  // مرحبا بك
        QCOMPARE(codePointCount(arabic), 8);
        QCOMPARE((ErrorSpan{6, 7, Severity::Minor, false}).textIn(arabic), QString::fromUtf8("\xD8\xA8\xD9\x83"));
        // lone surrogate
        QString broken = QStringLiteral("ab");
        broken.append(QChar(0xD800));
        QVERIFY_THROWS_EXCEPTION(EvaluateError, codePointCount(broken));
    }

    void spanValidation()
    {
        const QString text = QString::fromUtf8("ok \xF0\x9F\x98\x80 fine");  // 9 code points
        validateSpans({{0, 1, Severity::Minor, false}, {2, 8, Severity::Major, false}, ErrorSpan::omission(Severity::Major)}, text, QStringLiteral("t"));
        QVERIFY_THROWS_EXCEPTION(EvaluateError, validateSpans({{0, 9, Severity::Minor, false}}, text, QStringLiteral("t")));   // past the end (inclusive end)
        QVERIFY_THROWS_EXCEPTION(EvaluateError, validateSpans({{3, 2, Severity::Minor, false}}, text, QStringLiteral("t")));
        QVERIFY_THROWS_EXCEPTION(EvaluateError, validateSpans({{0, 3, Severity::Minor, false}, {3, 4, Severity::Minor, false}}, text, QStringLiteral("t")));
        QVERIFY_THROWS_EXCEPTION(EvaluateError, validateSpans({{0, 3, Severity::Minor, true}}, text, QStringLiteral("t")));
        try {
            validateSpans({{0, 20, Severity::Minor, false}}, text, QStringLiteral("item 'x'"));
            QFAIL("no error");
        } catch (const EvaluateError &e) {
            QVERIFY(QString::fromStdString(e.what()).contains(QStringLiteral("item 'x'")));
        }
    }

    void snapping()
    {
        const QString text = QStringLiteral("the quick brown fox");
        QCOMPARE(snapToWords(text, 5, 11), std::make_optional(std::make_pair(4, 14)));  // "quick brown"
        QVERIFY(!snapToWords(text, 3, 3).has_value());       // a space only
        const QString cjk = QString::fromUtf8("\xE6\x88\x91\xE7\x88\xB1\xE4\xBD\xA0");  // 我爱你
        QCOMPARE(snapToWords(cjk, 1, 1), std::make_optional(std::make_pair(1, 1)));
    }

    void activeTime_appraisesIdleRule()
    {
        // Appraise: a stretch of 10 minutes or more counts as 5 minutes (issue 20)
        QCOMPARE(activeGapMs(0), qint64(0));
        QCOMPARE(activeGapMs(-5), qint64(0));
        QCOMPARE(activeGapMs(48700), qint64(48700));
        QCOMPARE(activeGapMs(10 * 60 * 1000 - 1), qint64(10 * 60 * 1000 - 1));
        QCOMPARE(activeGapMs(10 * 60 * 1000), qint64(5 * 60 * 1000));
        QCOMPARE(activeGapMs(3 * 60 * 60 * 1000), qint64(5 * 60 * 1000));
    }

    void scoresAndBands()
    {
        QVERIFY(isValidScore(0) && isValidScore(85) && isValidScore(100));
        QVERIFY(!isValidScore(83) && !isValidScore(-5) && !isValidScore(105));
        QCOMPARE(scoreBand(100), ScoreBand::VeryGood);
        QCOMPARE(scoreBand(85), ScoreBand::VeryGood);
        QCOMPARE(scoreBand(80), ScoreBand::Good);
        QCOMPARE(scoreBand(65), ScoreBand::Good);
        QCOMPARE(scoreBand(60), ScoreBand::Acceptable);
        QCOMPARE(scoreBand(45), ScoreBand::Acceptable);
        QCOMPARE(scoreBand(40), ScoreBand::Borderline);
        QCOMPARE(scoreBand(25), ScoreBand::Borderline);
        QCOMPARE(scoreBand(20), ScoreBand::NotAcceptable);
        QCOMPARE(scoreBand(0), ScoreBand::NotAcceptable);
        QVERIFY(needsSpanWarning(80, {}));
        QVERIFY(!needsSpanWarning(85, {}));
        QVERIFY(!needsSpanWarning(30, {ErrorSpan::omission(Severity::Minor)}));
    }

    void nextLock()
    {
        Campaign c = twoSystemCampaign(1);
        c.options.twoStage = true;
        c.options.ruleForm = true;
        c.validate();
        const CampaignItem &item = c.items[0];
        Answer a = scored(1, {std::nullopt, std::nullopt});
        QCOMPARE(missingParts(c, item, a, {1, 0}), (QVector<MissingPart>{{MissingPart::Score, 0}, {MissingPart::Score, 1}}));
        a.judgements[1].score = 0;  // 0 is set, not missing
        QCOMPARE(missingParts(c, item, a, {1, 0}), (QVector<MissingPart>{{MissingPart::Score, 0}}));
        a.judgements[0].score = 70;
        QVERIFY(missingParts(c, item, a, {1, 0}).isEmpty());  // stage 1: no rule form yet
        Answer b = scored(2, {90, 95});
        b.rules = {std::nullopt};
        QCOMPARE(missingParts(c, item, b, {1, 0}), (QVector<MissingPart>{{MissingPart::Rule, 0}, {MissingPart::IncorrectCouldPass, 0}}));
        b.rules = {RuleVerdict::TooStrict};
        b.incorrectCouldPass = false;
        QVERIFY(missingParts(c, item, b, {1, 0}).isEmpty());
        a.judgements[0].score = 72;
        QVERIFY_THROWS_EXCEPTION(EvaluateError, missingParts(c, item, a, {1, 0}));
    }

    void validation()
    {
        Campaign c = twoSystemCampaign(2);
        c.validate();
        Campaign esa = c;
        esa.protocol = Protocol::Esa;
        QVERIFY_THROWS_EXCEPTION(EvaluateError, esa.validate());  // two translations
        Campaign dup = c;
        dup.items[1].key = dup.items[0].key;
        QVERIFY_THROWS_EXCEPTION(EvaluateError, dup.validate());
        Campaign likert = c;
        likert.protocol = Protocol::Likert;
        QVERIFY_THROWS_EXCEPTION(EvaluateError, likert.validate());  // no scale
        likert.scales << LikertScale::named(QStringLiteral("grammaticality"));
        likert.validate();
        QVERIFY_THROWS_EXCEPTION(EvaluateError, LikertScale::named(QStringLiteral("beauty")));
        Campaign two = c;
        two.options.twoStage = true;
        two.items[0].rules.clear();
        QVERIFY_THROWS_EXCEPTION(EvaluateError, two.validate());
    }

    void assignment()
    {
        Campaign c = twoSystemCampaign(6);
        c.options.redundancy = 2;
        c.options.seed = 42;
        CampaignItem tutorial = c.items[0];
        tutorial.key = QStringLiteral("tutorial");
        tutorial.check = CheckKind::Tutorial;
        tutorial.expected = {{80, 100, std::nullopt}, {0, 30, std::nullopt}};
        c.items.prepend(tutorial);
        c.validate();
        const QStringList annotators{QStringLiteral("ann1"), QStringLiteral("ann2"), QStringLiteral("ann3")};
        const QVector<Assignment> a = assignItems(c, annotators);
        QCOMPARE(a.size(), 3);
        QHash<int, int> copies;
        for (const Assignment &x : a) {
            QCOMPARE(x.items.size(), 1 + 4);  // the tutorial + 6 * 2 / 3
            QCOMPARE(x.items[0].itemIndex, 0);
            QSet<int> own;
            for (const AssignedItem &i : x.items) {
                QVERIFY(!own.contains(i.itemIndex));
                own.insert(i.itemIndex);
                ++copies[i.itemIndex];
                QVector<int> sorted = i.systemOrder;
                std::sort(sorted.begin(), sorted.end());
                QCOMPARE(sorted, (QVector<int>{0, 1}));
            }
        }
        for (int i = 1; i <= 6; ++i)
            QCOMPARE(copies.value(i), 2);
        QCOMPARE(copies.value(0), 3);
        // deterministic for the seed
        const QVector<Assignment> again = assignItems(c, annotators);
        for (int k = 0; k < 3; ++k)
            for (int i = 0; i < a[k].items.size(); ++i) {
                QCOMPARE(again[k].items[i].itemIndex, a[k].items[i].itemIndex);
                QCOMPARE(again[k].items[i].systemOrder, a[k].items[i].systemOrder);
            }
        c.options.itemsPerAnnotator = 3;
        QVERIFY_THROWS_EXCEPTION(EvaluateError, assignItems(c, annotators));
        c.options.itemsPerAnnotator = 0;
        c.options.redundancy = 4;
        QVERIFY_THROWS_EXCEPTION(EvaluateError, assignItems(c, annotators));
        QVERIFY_THROWS_EXCEPTION(EvaluateError, assignItems(c, {QStringLiteral("x"), QStringLiteral("x")}));
        // permutations: every order of 3 appears over many seeds (a real shuffle)
        QSet<QVector<int>> orders;
        for (std::uint64_t s = 0; s < 200; ++s)
            orders.insert(seededPermutation(3, s));
        QCOMPARE(orders.size(), 6);
    }

    void attentionChecks()
    {
        Campaign c = twoSystemCampaign(1);
        CampaignItem &item = c.items[0];
        item.check = CheckKind::Loud;
        item.expected = {{80, 100, std::nullopt}, {0, 30, std::make_pair(0, 3)}};  // sysB must get a span on "beta"
        c.validate();
        Answer a = scored(1, {20, 90});  // shown order {1, 0}: position 0 is sysB
        a.judgements[0].spans = {{2, 6, Severity::Major, false}};
        QVERIFY(passesCheck(item, a, {1, 0}));
        QVERIFY(!passesCheck(item, a, {0, 1}));  // the same scores for the other order fail
        a.judgements[0].spans = {{5, 8, Severity::Major, false}};  // "text", not on "beta"
        QVERIFY(!passesCheck(item, a, {1, 0}));
        a.judgements[0].spans = {ErrorSpan::omission(Severity::Major)};
        QVERIFY(!passesCheck(item, a, {1, 0}));
        a.judgements[0].spans = {{3, 3, Severity::Minor, false}};
        a.judgements[1].score.reset();
        QVERIFY(!passesCheck(item, a, {1, 0}));
    }

    void badReferenceLengths()
    {
        // Appraise's table (create_wmt22_tasks.py, _create_bad_ref docstring): (a, b] -> length
        const QVector<std::pair<int, int>> table{{1, 1}, {2, 2}, {5, 2}, {6, 3}, {8, 3}, {9, 4}, {15, 4}, {16, 5}, {20, 5}, {21, 6}, {100, 6}};
        for (const auto &[len, bad] : table) {
            QCOMPARE(badPhraseLength(len, false), bad);
            QCOMPARE(badPhraseLength(len, true), 2 * bad);
        }
        const QString text = QStringLiteral("w1 w2 w3 w4 w5 w6 w7 w8 w9 w10");  // 10 words -> 4 replaced
        const QString donor = QStringLiteral("d1 d2 d3 d4 d5 d6 d7 d8");
        for (std::uint64_t seed = 0; seed < 20; ++seed) {
            const QStringList out = makeBadReference(text, donor, false, seed).split(u' ');
            QCOMPARE(out.size(), 10);
            int replaced = 0, first = -1;
            for (int i = 0; i < 10; ++i)
                if (out[i].startsWith(u'd')) {
                    ++replaced;
                    if (first < 0)
                        first = i;
                } else {
                    QCOMPARE(out[i], QStringLiteral("w%1").arg(i + 1));
                }
            QCOMPARE(replaced, 4);
            // a contiguous donor phrase: d_k, d_k+1, ...
            const int k = out[first].mid(1).toInt();
            for (int j = 0; j < 4; ++j)
                QCOMPARE(out[first + j], QStringLiteral("d%1").arg(k + j));
            QVERIFY(k >= 1 && k + 3 <= 7);  // start in [0, 8 - 4) -> d1..d4
        }
        // character-based: 4 characters -> (1,5] -> 2, doubled -> 4 characters replaced by donor characters
        const QString cjk = makeBadReference(QString::fromUtf8("\xE6\x88\x91\xE7\x88\xB1\xE4\xBD\xA0\xE4\xBB\xAC"),
                                             QString::fromUtf8("\xE5\xA4\xA9\xE5\xA4\xA9\xE5\xA4\xA9\xE5\xA4\xA9\xE5\xA4\xA9"), true, 7);
        QCOMPARE(cjk, QString::fromUtf8("\xE5\xA4\xA9\xE5\xA4\xA9\xE5\xA4\xA9\xE5\xA4\xA9"));

        Campaign c = twoSystemCampaign(3);
        addBadReferenceItems(c, {QStringLiteral("ex2")}, false, 5);
        QCOMPARE(c.items.size(), 4);
        QCOMPARE(c.items[3].key, QStringLiteral("ex2#bad"));
        QCOMPARE(c.items[3].check, CheckKind::BadReference);
        QVERIFY(c.items[3].translations[0].text != c.items[1].translations[0].text);
        QVERIFY(!c.items[3].translations[0].text.contains(QStringLiteral("number 2")));  // 5 words -> 2 replaced from another item
        c.validate();
        QVERIFY_THROWS_EXCEPTION(EvaluateError, addBadReferenceItems(c, {QStringLiteral("nope")}, false, 1));
    }

    void mannWhitney()
    {
        // Hand-worked with scipy's formulas (mannwhitneyu, alternative='less', asymptotic, continuity):
        // x = 1,2,3; y = 4,5,6,7: U1 = 0, U2 = 12, sigma = sqrt(3*4/12 * 8) = sqrt(8),
        // z = (12 - 6 - 0.5)/sqrt(8) = 1.944544, p = sf(z) = 0.0259150 (scipy 1.10.1: 0.02591496360895484)
        MannWhitney m = mannWhitneyLess({1, 2, 3}, {4, 5, 6, 7});
        QCOMPARE(m.u, 0.0);
        QVERIFY(std::abs(m.z - 1.9445436) < 1e-6);
        QVERIFY(std::abs(m.pValue - 0.0259150) < 1e-7);
        // ties: x = 1,2,2; y = 2,3: ranks 1,3,3 | 3,5: R1 = 7, U1 = 1, U2 = 5; tie term 3^3-3 = 24;
        // sigma^2 = 6/12 * (6 - 24/20) = 2.4; z = (5 - 3 - 0.5)/sqrt(2.4) = 0.968246; p = 0.166461
        // (scipy 1.10.1: 0.16646080403278296)
        m = mannWhitneyLess({1, 2, 2}, {2, 3});
        QCOMPARE(m.u, 1.0);
        QVERIFY(std::abs(m.z - 0.9682458) < 1e-6);
        QVERIFY(std::abs(m.pValue - 0.1664608) < 1e-7);
        // the other direction: x larger -> p near 1
        QVERIFY(mannWhitneyLess({4, 5, 6, 7}, {1, 2, 3}).pValue > 0.95);
        QVERIFY_THROWS_EXCEPTION(EvaluateError, mannWhitneyLess({}, {1}));
        QVERIFY_THROWS_EXCEPTION(EvaluateError, mannWhitneyLess({5, 5}, {5}));
    }

    // Reference values from scipy 1.10.1 (Debian 12, /usr/bin/python3):
    //   from scipy.stats import mannwhitneyu
    //   r = mannwhitneyu(x, y, alternative='less', method='asymptotic', use_continuity=True)
    //   print(repr(r.statistic), repr(r.pvalue))
    void mannWhitneyAgainstScipy_data()
    {
        QTest::addColumn<std::vector<double>>("x");
        QTest::addColumn<std::vector<double>>("y");
        QTest::addColumn<double>("u");
        QTest::addColumn<double>("p");
        QTest::newRow("separated") << std::vector<double>{1, 2, 3} << std::vector<double>{4, 5, 6, 7} << 0.0 << 0.02591496360895484;
        QTest::newRow("ties") << std::vector<double>{1, 2, 2} << std::vector<double>{2, 3} << 1.0 << 0.16646080403278296;
        QTest::newRow("other direction") << std::vector<double>{4, 5, 6, 7} << std::vector<double>{1, 2, 3} << 12.0 << 0.9892218666199918;
        // ESA scores of bad-reference items (x) against their originals (y), as annotators give them
        QTest::newRow("esa scores, ties") << std::vector<double>{35, 50, 20, 60, 45, 50, 10, 70}
                                          << std::vector<double>{80, 75, 90, 50, 85, 60, 95, 70, 65} << 6.0 << 0.002191928178972043;
        QTest::newRow("esa scores, many ties") << std::vector<double>{40, 55, 55, 70, 30, 85}
                                               << std::vector<double>{55, 70, 90, 90, 60, 85, 100} << 7.0 << 0.025744165423716294;
    }

    void mannWhitneyAgainstScipy()
    {
        QFETCH(std::vector<double>, x);
        QFETCH(std::vector<double>, y);
        QFETCH(double, u);
        QFETCH(double, p);
        const MannWhitney m = mannWhitneyLess(x, y);
        QCOMPARE(m.u, u);
        QVERIFY2(std::abs(m.pValue - p) < 1e-12 * std::max(1.0, p),
                 qPrintable(QStringLiteral("p: expected %1, got %2").arg(p, 0, 'g', 17).arg(m.pValue, 0, 'g', 17)));
    }

    void badItemTestAgainstScipy()
    {
        // Three bad-reference items of two systems each, paired with the same annotator's scores of
        // their originals: bad 40,55 | 55,70 | 30,85 vs originals 55,70 | 90,90 | 60,85 (by system).
        // scipy 1.10.1: mannwhitneyu([40,55,55,70,30,85], [55,70,90,90,60,85], alternative='less',
        // method='asymptotic', use_continuity=True) -> statistic 7.0, pvalue 0.04434890728439566
        Campaign c = twoSystemCampaign(3);
        addBadReferenceItems(c, {QStringLiteral("ex1"), QStringLiteral("ex2"), QStringLiteral("ex3")}, false, 5);
        c.validate();
        QVector<RatedItem> rated;
        const QStringList keys{QStringLiteral("ex1"), QStringLiteral("ex2"), QStringLiteral("ex3")};
        const QVector<QVector<std::optional<int>>> original{{55, 70}, {90, 90}, {60, 85}}, bad{{40, 55}, {55, 70}, {30, 85}};
        for (int i = 0; i < 3; ++i) {
            rated << RatedItem{QStringLiteral("ann"), c.indexOfItem(keys[i]), 1, scored(1, original[i]), {0, 1}};
            // shown in the other order: the pairing is by system, not by position
            rated << RatedItem{QStringLiteral("ann"), c.indexOfItem(keys[i] + QStringLiteral("#bad")), 1,
                               scored(1, {bad[i][1], bad[i][0]}), {1, 0}};
        }
        const QVector<AnnotatorQuality> q = annotatorQuality(c, rated);
        QCOMPARE(q.size(), 1);
        QCOMPARE(q[0].badPairs, 6);
        QVERIFY(q[0].badTest.has_value());
        QCOMPARE(q[0].badTest->u, 7.0);
        QVERIFY(std::abs(q[0].badTest->pValue - 0.04434890728439566) < 1e-12);
    }

    // Reference values from scipy 1.10.1: kendalltau(x, y) (default method='auto': exact p without
    // ties, asymptotic with them) -> correlation, pvalue
    void rankAgreementAgainstScipy_data()
    {
        QTest::addColumn<QVector<double>>("human");
        QTest::addColumn<QVector<double>>("automatic");
        QTest::addColumn<double>("tau");
        QTest::addColumn<double>("p");
        QTest::newRow("one swap") << QVector<double>{80, 60, 40, 50} << QVector<double>{90, 50, 60, 40} << 0.3333333333333334 << 0.75;
        QTest::newRow("ties on both sides") << QVector<double>{70, 70, 50, 30} << QVector<double>{3, 2, 2, 1} << 0.7999999999999999 << 0.12597116307723114;
        QTest::newRow("reversed") << QVector<double>{80, 60, 40} << QVector<double>{10, 20, 30} << -1.0 << 0.3333333333333333;
    }

    void rankAgreementAgainstScipy()
    {
        QFETCH(QVector<double>, human);
        QFETCH(QVector<double>, automatic);
        QFETCH(double, tau);
        QFETCH(double, p);
        CampaignResults results;
        QMap<QString, double> scores;
        for (int i = 0; i < human.size(); ++i) {
            SystemResult s;
            s.system = QStringLiteral("sys%1").arg(i);
            s.mean = human[i];
            s.ratings = 3;
            results.systems << s;
            scores.insert(s.system, automatic[i]);
        }
        SystemResult unrated;  // no ratings: left out
        unrated.system = QStringLiteral("unrated");
        results.systems << unrated;
        scores.insert(QStringLiteral("unrated"), 1000.0);
        scores.insert(QStringLiteral("not in the campaign"), -5.0);
        const RankAgreement a = compareRankings(results, QStringLiteral("test"), scores);
        QCOMPARE(a.systems, int(human.size()));
        QVERIFY(a.tauB && a.pValue);
        QVERIFY2(std::abs(*a.tauB - tau) < 1e-12, qPrintable(QString::number(*a.tauB, 'g', 17)));
        QVERIFY2(std::abs(*a.pValue - p) < 1e-9, qPrintable(QString::number(*a.pValue, 'g', 17)));
        // fewer than two systems in common, or a constant ranking: undefined
        QVERIFY(!compareRankings(results, QStringLiteral("one"), {{QStringLiteral("sys0"), 1.0}}).tauB);
        QMap<QString, double> constant = scores;
        for (auto it = constant.begin(); it != constant.end(); ++it)
            it.value() = 1.0;
        QVERIFY(!compareRankings(results, QStringLiteral("constant"), constant).tauB);
    }

    void chrfRankingFromReferences()
    {
        // chrF of a translation identical to its reference is 100; sharing no character n-gram, 0.
        Campaign c = twoSystemCampaign(3);
        for (CampaignItem &item : c.items) {
            item.reference = item.translations[0].text;   // sysA equals the reference
            item.translations[1].text = QStringLiteral("zzz qqq");  // sysB shares nothing with it
            item.translations << CandidateTranslation{QStringLiteral("human"), item.reference};
        }
        c.items[2].reference.clear();                  // no reference: left out
        c.items[2].translations[0].text = QStringLiteral("zzz");
        CampaignItem check = c.items[0];
        check.key = QStringLiteral("check");
        check.check = CheckKind::Silent;               // attention checks are left out
        check.translations[0].text = QStringLiteral("zzz");
        c.items << check;
        const QMap<QString, double> chrf = chrfAgainstReferences(c);
        QCOMPARE(chrf.keys(), (QStringList{QStringLiteral("sysA"), QStringLiteral("sysB")}));  // "human" is the reference
        QCOMPARE(chrf.value(QStringLiteral("sysA")), 100.0);
        QCOMPARE(chrf.value(QStringLiteral("sysB")), 0.0);
    }

    void qualityPerAnnotator()
    {
        Campaign c = twoSystemCampaign(2);
        CampaignItem check = c.items[0];
        check.key = QStringLiteral("silent1");
        check.check = CheckKind::Silent;
        check.expected = {{80, 100, std::nullopt}, {80, 100, std::nullopt}};
        c.items << check;
        addBadReferenceItems(c, {QStringLiteral("ex1"), QStringLiteral("ex2")}, false, 3);
        c.validate();
        const int bad1 = c.indexOfItem(QStringLiteral("ex1#bad")), bad2 = c.indexOfItem(QStringLiteral("ex2#bad"));
        QVector<RatedItem> rated;
        // good annotator: bad items clearly lower; passes the silent check
        rated << RatedItem{QStringLiteral("good"), 0, 1, scored(1, {90, 80}), {0, 1}}
              << RatedItem{QStringLiteral("good"), 1, 1, scored(1, {85, 95}), {0, 1}}
              << RatedItem{QStringLiteral("good"), bad1, 1, scored(1, {30, 20}), {0, 1}}
              << RatedItem{QStringLiteral("good"), bad2, 1, scored(1, {40, 10}), {0, 1}}
              << RatedItem{QStringLiteral("good"), 2, 1, scored(1, {90, 90}), {0, 1}};
        // careless annotator: fails the check, bad items not lower
        rated << RatedItem{QStringLiteral("lazy"), 0, 1, scored(1, {50, 50}), {0, 1}}
              << RatedItem{QStringLiteral("lazy"), bad1, 1, scored(1, {50, 50}), {1, 0}}
              << RatedItem{QStringLiteral("lazy"), 2, 1, scored(1, {50, 90}), {0, 1}};
        const QVector<AnnotatorQuality> q = annotatorQuality(c, rated);
        QCOMPARE(q.size(), 2);
        QCOMPARE(q[0].annotator, QStringLiteral("good"));
        QCOMPARE(q[0].checksSeen, 1);
        QCOMPARE(q[0].checksPassed, 1);
        QCOMPARE(q[0].badPairs, 4);
        QVERIFY(q[0].badTest.has_value());
        // bad 30,20,40,10 vs good 90,80,85,95: U1 = 0; z = (16 - 8 - 0.5)/sqrt(16/12*9) = 2.165064, p = 0.015191
        QVERIFY(std::abs(q[0].badTest->pValue - 0.0151910) < 1e-5);
        QCOMPARE(q[1].checksPassed, 0);
        QCOMPARE(q[1].passRate(), 0.0);
        QCOMPARE(q[1].badPairs, 2);
        QVERIFY(!q[1].badTest.has_value());  // all four scores 50: undefined
    }

    void packageRoundTrip()
    {
        Campaign c = twoSystemCampaign(4);
        c.options.twoStage = true;
        c.options.redundancy = 2;
        c.options.seed = 0xFFFFFFFFFFFFFFF1ULL;  // survives JSON (as a string)
        c.items[0].translations[1].text = QString::fromUtf8("\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D \xF0\x9F\x98\x80");  // Hebrew + emoji
        const QVector<Assignment> a = assignItems(c, {QStringLiteral("ann1"), QStringLiteral("ann2")});
        const QByteArray bytes = exportPackage(c, a[0], QStringLiteral("pkg-1"));
        const Package p = parsePackage(bytes, QStringLiteral("p.json"));
        QCOMPARE(p.campaignUid, c.uid);
        QCOMPARE(p.annotator, QStringLiteral("ann1"));
        QCOMPARE(p.campaign.options.seed, c.options.seed);
        QCOMPARE(p.campaign.items.size(), 4);  // 4 items x 2 / 2 annotators
        QCOMPARE(p.assignment.items.size(), a[0].items.size());
        for (int i = 0; i < a[0].items.size(); ++i) {
            const CampaignItem &orig = c.items[a[0].items[i].itemIndex];
            const CampaignItem &copy = p.campaign.items[p.assignment.items[i].itemIndex];
            QCOMPARE(copy.key, orig.key);
            QCOMPARE(copy.translations[1].text, orig.translations[1].text);
            QCOMPARE(p.assignment.items[i].systemOrder, a[0].items[i].systemOrder);
        }
        // refusals, each naming the file
        auto refused = [](const QByteArray &b, const QString &needle) {
            try {
                parsePackage(b, QStringLiteral("bad.json"));
            } catch (const EvaluateError &e) {
                const QString m = QString::fromStdString(e.what());
                return m.contains(QStringLiteral("bad.json")) && m.contains(needle);
            }
            return false;
        };
        QVERIFY(refused(QByteArray("{\"format\": \"gauntlet-campaign-package\", \xff}"), QStringLiteral("UTF-8")));
        QVERIFY(refused(QByteArray("{\"format\": "), QStringLiteral("JSON")));
        QVERIFY(refused(QByteArray("{\"format\": \"gauntlet-campaign-results\", \"version\": 1}"), QStringLiteral("not a gauntlet-campaign-package")));
        QByteArray tampered = bytes;
        tampered.replace("\"system_order\": [\n                0,\n                1\n            ]", "\"system_order\": [\n                0,\n                0\n            ]");
        if (tampered != bytes)
            QVERIFY(refused(tampered, QStringLiteral("permutation")));
    }

    void resultsRoundTripAndRefusals()
    {
        Campaign c = twoSystemCampaign(2);
        ResultFile r;
        r.campaignUid = c.uid;
        r.packageId = QStringLiteral("pkg-1");
        r.annotator = QStringLiteral("ann1");
        Answer a = scored(1, {70, 100});
        a.judgements[0].system = QStringLiteral("sysB");
        a.judgements[1].system = QStringLiteral("sysA");
        a.judgements[0].spans = {{0, 3, Severity::Major, false}, ErrorSpan::omission(Severity::Minor)};
        a.elapsedMs = 12345;
        r.answers << StoredAnswer{QStringLiteral("ex1"), {1, 0}, a, QStringLiteral("2026-01-01T00:00:00.000Z")};
        r.log << LogEntry{QStringLiteral("2026-01-01T00:00:00.000Z"), QStringLiteral("ex1"), 1, QStringLiteral("score"), QStringLiteral("70")};
        const QByteArray bytes = exportResults(r);
        QVERIFY(bytes.contains("\"start_i\": \"missing\""));  // as the WMT24 ESA files
        const ResultFile back = parseResults(bytes, QStringLiteral("r.json"));
        QCOMPARE(back.answers.size(), 1);
        QCOMPARE(back.answers[0].answer.judgements[0].spans, a.judgements[0].spans);
        QCOMPARE(back.answers[0].answer.judgements[0].score, std::optional<int>(70));
        QCOMPARE(back.answers[0].answer.elapsedMs, qint64(12345));
        QCOMPARE(back.log.size(), 1);
        checkResultsAgainst(c, back, QStringLiteral("r.json"));

        Campaign other = c;
        other.uid = QStringLiteral("uid-2");
        QVERIFY_THROWS_EXCEPTION(EvaluateError, checkResultsAgainst(other, back, QStringLiteral("r.json")));
        ResultFile wrongSpan = back;
        wrongSpan.answers[0].answer.judgements[0].spans = {{0, 40, Severity::Major, false}};
        QVERIFY_THROWS_EXCEPTION(EvaluateError, checkResultsAgainst(c, wrongSpan, QStringLiteral("r.json")));
        ResultFile incomplete = back;
        incomplete.answers[0].answer.judgements[1].score.reset();
        QVERIFY_THROWS_EXCEPTION(EvaluateError, checkResultsAgainst(c, incomplete, QStringLiteral("r.json")));
        ResultFile swapped = back;
        swapped.answers[0].systemOrder = {0, 1};  // judgements name systems in the other order
        QVERIFY_THROWS_EXCEPTION(EvaluateError, checkResultsAgainst(c, swapped, QStringLiteral("r.json")));
        QByteArray badScore = bytes;
        badScore.replace("\"score\": 70", "\"score\": 72");
        QVERIFY_THROWS_EXCEPTION(EvaluateError, checkResultsAgainst(c, parseResults(badScore, QStringLiteral("r.json")), QStringLiteral("r.json")));
        QByteArray outOfRange = bytes;
        outOfRange.replace("\"score\": 70", "\"score\": 105");
        QVERIFY_THROWS_EXCEPTION(EvaluateError, parseResults(outOfRange, QStringLiteral("r.json")));
    }

    void resultsAgainstHandWorkedValues()
    {
        // Two annotators, three items, one system (sysA) plus sysB:
        //   sysA: ann1 10, 20, 30; ann2 10, 20, 40 (ann2 sees sysB first)
        //   sysB: every score 100 from both (identical -> contributes 0 disagreement)
        Campaign c = twoSystemCampaign(3);
        QVector<RatedItem> rated;
        const int a1[] = {10, 20, 30}, a2[] = {10, 20, 40};
        for (int i = 0; i < 3; ++i) {
            rated << RatedItem{QStringLiteral("ann1"), i, 1, scored(1, {a1[i], 100}), {0, 1}};
            rated << RatedItem{QStringLiteral("ann2"), i, 1, scored(1, {100, a2[i]}), {1, 0}};
        }
        rated[0].answer.judgements[0].spans = {{0, 4, Severity::Major, false}, ErrorSpan::omission(Severity::Minor)};
        const CampaignResults r = computeResults(c, rated, {{QStringLiteral("sysA"), 0.2}, {QStringLiteral("sysB"), 0.9}});
        QCOMPARE(r.systems.size(), 2);
        QCOMPARE(r.systems[0].system, QStringLiteral("sysB"));
        QCOMPARE(r.systems[0].mean, 100.0);
        QCOMPARE(r.systems[1].system, QStringLiteral("sysA"));
        QVERIFY(std::abs(r.systems[1].mean - 130.0 / 6.0) < 1e-9);  // item means 10, 20, 35
        // spans of sysA: one major on the text, one minor [missing] mark. The columns are disjoint
        // (issue 20: the omission was counted in minor and again in missing)
        QCOMPARE(r.systems[1].majorSpans, 1);
        QCOMPARE(r.systems[1].minorSpans, 0);
        QCOMPARE(r.systems[1].missingSpans, 1);
        QVERIFY(r.systems[1].lower <= r.systems[1].mean && r.systems[1].mean <= r.systems[1].upper);
        QVERIFY(r.systems[0].pNext.has_value());
        QVERIFY(!r.systems[1].pNext.has_value());
        // Interval alpha by hand over 6 units (values 10,10 | 20,20 | 30,40 | 100 x 6):
        // D_o = 2 * 10^2 / 12 = 16.667; D_e = sum over ordered pairs of (x_i - x_j)^2 / (n (n-1)) with n = 12.
        // sum_{i<j} (x_i - x_j)^2 = n sum x^2 - (sum x)^2 = 12 * 63500 - 730^2 = 229100 -> ordered 458200;
        // D_e = 458200 / 132 = 3471.21; alpha = 1 - 16.667 / 3471.21 = 0.995199
        QVERIFY(r.agreement.alphaInterval.has_value());
        QVERIFY(std::abs(*r.agreement.alphaInterval - (1.0 - (200.0 / 12.0) / (458200.0 / 132.0))) < 1e-9);
        QCOMPARE(r.agreement.pairableUnits, 6);
        QVERIFY(r.agreement.alphaRelative.has_value());
        // two systems, human order = automatic order -> tau-b 1
        QVERIFY(r.kendallTauB.has_value());
        QCOMPARE(*r.kendallTauB, 1.0);

        const QByteArray csv = resultsCsv(c, rated);
        QVERIFY(csv.startsWith("annotator,system,item,stage,check,score,minor,major,missing,time_ms\n"));
        QVERIFY(csv.contains("ann1,sysA,ex1,1,none,10,0,1,1,0\n"));
        QVERIFY(csv.contains("ann2,sysA,ex3,1,none,40,0,0,0,0\n"));
        QVERIFY(csv.contains("ann2,sysB,ex3,1,none,100,0,0,0,0\n"));
        const QList<QByteArray> lines = resultsJsonl(c, rated).trimmed().split('\n');
        QCOMPARE(lines.size(), 6);
        const QJsonObject first = QJsonDocument::fromJson(lines[0]).object();
        QCOMPARE(first.value(QStringLiteral("item")).toString(), QStringLiteral("ex1"));
        QCOMPARE(first.value(QStringLiteral("annotations")).toArray()[0].toObject().value(QStringLiteral("error_spans")).toArray()[1].toObject().value(QStringLiteral("start_i")).toString(), QStringLiteral("missing"));
    }

    void likertOrdinalAlpha()
    {
        // Two raters agreeing exactly on varied 1-5 ratings: D_o = 0, so alpha = 1 at every level.
        Campaign c = twoSystemCampaign(3);
        c.protocol = Protocol::Likert;
        c.scales = {LikertScale::named(QStringLiteral("grammaticality"))};
        QVector<RatedItem> rated;
        const int values[3][2] = {{1, 5}, {3, 4}, {2, 2}};
        for (const QString &ann : {QStringLiteral("a"), QStringLiteral("b")})
            for (int i = 0; i < 3; ++i) {
                Answer x;
                x.likert = {values[i][0], values[i][1]};
                rated << RatedItem{ann, i, 1, x, {0, 1}};
            }
        const CampaignResults r = computeResults(c, rated);
        QVERIFY(r.agreement.alphaOrdinal.has_value());
        QCOMPARE(*r.agreement.alphaOrdinal, 1.0);
        QCOMPARE(r.agreement.pairableUnits, 6);
        // one disagreement by one step on the 6 units: values {1,5,3,4,2,2} twice, one 4 -> 5
        rated[3 + 1].answer.likert[1] = 5;  // b (entries 3..5), item 1, second translation: 4 -> 5
        const CampaignResults d = computeResults(c, rated);
        QVERIFY(*d.agreement.alphaOrdinal < 1.0);
    }

    void alphaPerStage_twoStage()
    {
        // Issue 20: alpha pooled both stages while the ranking used stage 1. One item, annotators
        // a and b. Stage 1: both give sysA 80, sysB 40 (full agreement). Stage 2: a 60/40, b 40/60.
        // By hand (interval, units item|system|stage, two values each):
        //   stage 1: D_o = 0 -> alpha 1.
        //   stage 2: values 60,40 | 40,60; D_o = (2*400 + 2*400) / 4 = 400; D_e over 60,40,40,60:
        //            sum over ordered pairs of squared differences = 8 * 400 = 3200, / (4*3) = 266.67;
        //            alpha = 1 - 400 / 266.67 = -0.5.
        //   pooled:  D_o = 1600 / 8 = 200; values 80,80,40,40,60,40,40,60: n sum x^2 - (sum x)^2 =
        //            8 * 26400 - 440^2 = 17600, ordered 35200, / (8*7) = 628.57; alpha = 1 - 200/628.57.
        Campaign c = twoSystemCampaign(1);
        c.options.twoStage = true;
        QVector<RatedItem> rated;
        rated << RatedItem{QStringLiteral("a"), 0, 1, scored(1, {80, 40}), {0, 1}}
              << RatedItem{QStringLiteral("b"), 0, 1, scored(1, {80, 40}), {0, 1}}
              << RatedItem{QStringLiteral("a"), 0, 2, scored(2, {60, 40}), {0, 1}}
              << RatedItem{QStringLiteral("b"), 0, 2, scored(2, {40, 60}), {0, 1}};
        const CampaignResults r = computeResults(c, rated);
        QCOMPARE(r.agreement.stage, 0);
        QVERIFY(std::abs(*r.agreement.alphaInterval - (1.0 - 200.0 / (35200.0 / 56.0))) < 1e-9);
        QCOMPARE(r.agreementByStage.size(), 2);
        QCOMPARE(r.agreementByStage[0].stage, 1);
        QCOMPARE(*r.agreementByStage[0].alphaInterval, 1.0);
        QCOMPARE(r.agreementByStage[0].pairableUnits, 2);
        QCOMPARE(r.agreementByStage[1].stage, 2);
        QVERIFY(std::abs(*r.agreementByStage[1].alphaInterval - -0.5) < 1e-9);
        // one stage: no per-stage list
        c.options.twoStage = false;
        rated.resize(2);
        QVERIFY(computeResults(c, rated).agreementByStage.isEmpty());
    }

    void stageShift()
    {
        Campaign c = twoSystemCampaign(2);
        c.options.twoStage = true;
        QVector<RatedItem> rated;
        rated << RatedItem{QStringLiteral("a"), 0, 2, scored(2, {60, 100}), {0, 1}}  // stage 2 stored first
              << RatedItem{QStringLiteral("a"), 0, 1, scored(1, {80, 90}), {0, 1}}
              << RatedItem{QStringLiteral("a"), 1, 1, scored(1, {70, 90}), {1, 0}}
              << RatedItem{QStringLiteral("a"), 1, 2, scored(2, {70, 80}), {1, 0}};
        const CampaignResults r = computeResults(c, rated);
        for (const SystemResult &s : r.systems) {
            QVERIFY(s.stageTwoShift.has_value());
            if (s.system == QLatin1String("sysA"))
                QCOMPARE(*s.stageTwoShift, (-20.0 + -10.0) / 2);  // 80->60, 90->80
            else
                QCOMPARE(*s.stageTwoShift, (10.0 + 0.0) / 2);     // 90->100, 70->70
        }
    }

    void pairedSeeds_comparedApartFromTheRanking()
    {
        // ex1 (augmented) paired with seed:ex1, ex2 (augmented) with seed:ex2, ex3 regular.
        // sysA: ex1 40 and 50 (item mean 45), seed:ex1 80; ex2 30, seed:ex2 70
        //   -> pairs 2, mean seed (80 + 70) / 2 = 75, mean augmented (45 + 30) / 2 = 37.5, difference (-35 - 40) / 2 = -37.5
        // sysB: ex1 90 and 90, seed:ex1 90; ex2 60, seed:ex2 not scored -> pairs 1, 90, 90, 0
        // The system means leave the seed items out: sysA over ex1, ex2, ex3 = (45 + 30 + 20) / 3.
        Campaign c = twoSystemCampaign(3);
        for (int i = 0; i < 2; ++i) {
            CampaignItem seed = c.items[i];
            seed.key = QStringLiteral("seed:") + c.items[i].key;
            seed.source = QStringLiteral("seed %1").arg(i + 1);
            seed.pair = QStringLiteral("seed");
            seed.pairedKey = c.items[i].key;
            c.items[i].pair = QStringLiteral("augmented");
            c.items[i].pairedKey = seed.key;
            c.items << seed;
        }
        c.validate();
        const int ex1 = c.indexOfItem(QStringLiteral("ex1")), ex2 = c.indexOfItem(QStringLiteral("ex2")), ex3 = c.indexOfItem(QStringLiteral("ex3"));
        const int s1 = c.indexOfItem(QStringLiteral("seed:ex1")), s2 = c.indexOfItem(QStringLiteral("seed:ex2"));
        QVector<RatedItem> rated;
        rated << RatedItem{QStringLiteral("ann1"), ex1, 1, scored(1, {40, 90}), {0, 1}} << RatedItem{QStringLiteral("ann2"), ex1, 1, scored(1, {90, 50}), {1, 0}}
              << RatedItem{QStringLiteral("ann1"), s1, 1, scored(1, {80, 90}), {0, 1}} << RatedItem{QStringLiteral("ann1"), ex2, 1, scored(1, {30, 60}), {0, 1}}
              << RatedItem{QStringLiteral("ann1"), s2, 1, scored(1, {70, std::nullopt}), {0, 1}}
              << RatedItem{QStringLiteral("ann1"), ex3, 1, scored(1, {20, 100}), {0, 1}};
        const CampaignResults r = computeResults(c, rated);
        QCOMPARE(r.pairedSeeds.size(), 2);
        QCOMPARE(r.pairedSeeds[0].system, QStringLiteral("sysA"));
        QCOMPARE(r.pairedSeeds[0].pairs, 2);
        QCOMPARE(r.pairedSeeds[0].meanSeed, 75.0);
        QCOMPARE(r.pairedSeeds[0].meanAugmented, 37.5);
        QCOMPARE(r.pairedSeeds[0].meanDifference, -37.5);
        QCOMPARE(r.pairedSeeds[1].system, QStringLiteral("sysB"));
        QCOMPARE(r.pairedSeeds[1].pairs, 1);
        QCOMPARE(r.pairedSeeds[1].meanDifference, 0.0);
        for (const SystemResult &s : r.systems)
            if (s.system == QStringLiteral("sysA"))
                QVERIFY(std::abs(s.mean - 95.0 / 3.0) < 1e-9);
        // a pair must point back
        c.items[s2].pairedKey = QStringLiteral("ex3");
        QVERIFY_THROWS_EXCEPTION(EvaluateError, c.validate());
        // the marks survive the package JSON
        const CampaignItem back = campaignItemFromJson(campaignItemToJson(c.items[s1]), QStringLiteral("t"));
        QCOMPARE(back.pair, QStringLiteral("seed"));
        QCOMPARE(back.pairedKey, QStringLiteral("ex1"));
    }
};

GAUNTLET_TEST_MAIN(TestEvaluate)
#include "tst_evaluate.moc"
