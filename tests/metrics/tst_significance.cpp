// Paired t, bootstrap intervals, paired bootstrap, approximate randomisation and Gini against
// the worked examples in ../shared/data/corpora/wmt21-ted-mqm-ende/ted_ende_stats_examples.json
// (paired t of Facebook-AI minus Online-W over 529 segments; Gini of segments per talk) and
// scipy 1.10.1's ttest_rel p-values. The corpus files are read from their committed copies in
// tests/data/shared-copy.
#include "engine/metrics/chrf.h"
#include "engine/metrics/gini.h"
#include "engine/metrics/significance.h"
#include "tests/metrics/ted_segments.h"

#include "tests/support/shared_copy.h"
#include "tests/support/test_main.h"
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <map>

using namespace gauntlet::metrics;

namespace {

nlohmann::json examples()
{
    std::ifstream in(gauntlet::testing::sharedCopyPath("corpora/wmt21-ted-mqm-ende/ted_ende_stats_examples.json"));
    if (!in)
        throw std::runtime_error("cannot read ted_ende_stats_examples.json");
    return nlohmann::json::parse(in);
}

double column(const tedcorpus::Segment &s, const std::string &name)
{
    if (name == "ter_mt_ref")
        return s.ter;
    if (name == "chrf2_mt_ref")
        return s.chrf2;
    if (name == "sbleu_mt_ref")
        return s.sentBleu;
    if (name == "mqm_score")
        return s.mqm;
    throw std::runtime_error("unknown column " + name);
}

QString sideBySide(const std::string &what, double expected, double actual)
{
    return QStringLiteral("%1: expected %2 | actual %3")
        .arg(QString::fromStdString(what))
        .arg(expected, 0, 'g', 17)
        .arg(actual, 0, 'g', 17);
}

}  // namespace

class TestSignificance : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        const auto all = tedcorpus::readSegments();
        m_facebook = tedcorpus::systemRows(all, "Facebook-AI");
        m_online = tedcorpus::systemRows(all, "Online-W");
        QCOMPARE(m_facebook.size(), std::size_t(529));
        QCOMPARE(m_online.size(), std::size_t(529));
        for (std::size_t i = 0; i < m_facebook.size(); ++i) {
            QCOMPARE(m_facebook[i].doc, m_online[i].doc);
            QCOMPARE(m_facebook[i].segId, m_online[i].segId);
        }
    }

    void pairedTTest_matchesWorkedExample_data()
    {
        QTest::addColumn<QString>("columnName");
        QTest::addColumn<QByteArray>("expected");
        QTest::addColumn<double>("scipyP");
        // scipy.stats.ttest_rel p-values (scipy 1.10.1); NaN: not computed there.
        const std::map<std::string, double> scipyP{{"ter_mt_ref", 0.44027930038692986},
                                                   {"mqm_score", 0.5689963792428596}};
        const nlohmann::json all = examples();
        int rows = 0;
        for (const auto &[name, e] : all.at("paired_t_Facebook-AI_minus_Online-W").items()) {
            const auto p = scipyP.find(name);
            QTest::newRow(name.c_str()) << QString::fromStdString(name) << QByteArray::fromStdString(e.dump())
                                        << (p == scipyP.end() ? std::nan("") : p->second);
            ++rows;
        }
        QCOMPARE(rows, 4);
    }

    void pairedTTest_matchesWorkedExample()
    {
        QFETCH(QString, columnName);
        QFETCH(QByteArray, expected);
        QFETCH(double, scipyP);
        const auto e = nlohmann::json::parse(expected.toStdString());
        std::vector<double> a, b;
        for (std::size_t i = 0; i < m_facebook.size(); ++i) {
            a.push_back(column(m_facebook[i], columnName.toStdString()));
            b.push_back(column(m_online[i], columnName.toStdString()));
        }
        const PairedTTest t = pairedTTest(a, b);
        QCOMPARE(t.n, e.at("n").get<std::size_t>());
        const std::pair<const char *, double> fields[] = {
            {"t", t.t}, {"mean_diff", t.meanDifference}, {"sd_diff_n_minus_1", t.sdDifference}};
        for (const auto &[key, actual] : fields) {
            const double want = e.at(key).get<double>();
            QVERIFY2(std::fabs(actual - want) <= 1e-9, qPrintable(sideBySide(key, want, actual)));
        }
        if (!std::isnan(scipyP))
            QVERIFY2(std::fabs(t.pValue - scipyP) <= 1e-12, qPrintable(sideBySide("p", scipyP, t.pValue)));
    }

    void pairedTTest_degenerateInput_throws()
    {
        QVERIFY_THROWS_EXCEPTION(MetricsError, pairedTTest({1, 2}, {1}));
        QVERIFY_THROWS_EXCEPTION(MetricsError, pairedTTest({1}, {2}));
        QVERIFY_THROWS_EXCEPTION(MetricsError, pairedTTest({1, 2, 3}, {0, 1, 2}));  // every difference 1
    }

    void gini_matchesWorkedExample()
    {
        const auto g = examples().at("gini_example");
        std::vector<double> counts;
        for (const auto &[doc, n] : g.at("doc_segment_counts").items())
            counts.push_back(n.get<double>());
        QCOMPARE(counts.size(), std::size_t(5));
        const double plain = gini(counts);
        const double corrected = giniCorrected(counts);
        QVERIFY2(std::fabs(plain - g.at("gini").get<double>()) <= 1e-12, qPrintable(sideBySide("gini", g.at("gini"), plain)));
        QVERIFY2(std::fabs(plain - g.at("gini_pairwise").get<double>()) <= 1e-12,
                 qPrintable(sideBySide("gini_pairwise", g.at("gini_pairwise"), plain)));
        const double want = g.at("gini_bias_corrected_n_over_n_minus_1").get<double>();
        QVERIFY2(std::fabs(corrected - want) <= 1e-12, qPrintable(sideBySide("corrected", want, corrected)));
    }

    void gini_edgeCases_areDefinedOrThrow()
    {
        QCOMPARE(gini({7}), 0.0);
        QCOMPARE(gini({3, 3, 3}), 0.0);
        QVERIFY(std::fabs(gini({0, 0, 0, 1}) - 0.75) <= 1e-15);  // all in one: 1 - 1/n
        QVERIFY(std::fabs(giniCorrected({0, 0, 0, 1}) - 1.0) <= 1e-15);
        QVERIFY_THROWS_EXCEPTION(MetricsError, gini({}));
        QVERIFY_THROWS_EXCEPTION(MetricsError, gini({0, 0}));
        QVERIFY_THROWS_EXCEPTION(MetricsError, gini({1, -1}));
        QVERIFY_THROWS_EXCEPTION(MetricsError, giniCorrected({5}));
    }

    // Approximate randomisation of mean segment scores is a permutation test of the mean paired
    // difference, so for 529 segments its p-value approaches the t-test's (scipy: 0.4403 for TER).
    void approximateRandomization_meanScores_agreesWithTTest()
    {
        std::vector<double> a, b;
        for (std::size_t i = 0; i < m_facebook.size(); ++i) {
            a.push_back(m_facebook[i].ter);
            b.push_back(m_online[i].ter);
        }
        const auto score = meanScoreFunction(a.size());
        const PairedComparison r = approximateRandomization(scoresAsStatistics(b), scoresAsStatistics(a), score, 10000, 7);
        QVERIFY(std::fabs(r.observedDifference - 0.8273859848771266) <= 1e-9);
        QVERIFY2(std::fabs(r.pValue - 0.44027930038692986) <= 0.03, qPrintable(QString::number(r.pValue)));
    }

    void resamplingTests_seeded_repeatExactly()
    {
        const Chrf chrf;
        std::vector<Statistics> fb, ow;
        for (std::size_t i = 0; i < m_facebook.size(); ++i) {
            fb.push_back(chrf.segmentStatistics(m_facebook[i].mt, {m_facebook[i].reference}));
            ow.push_back(chrf.segmentStatistics(m_online[i].mt, {m_online[i].reference}));
        }
        const auto score = scoreFunctionOf(chrf);
        const PairedComparison bs1 = pairedBootstrap(ow, fb, score, 300, 12345);
        const PairedComparison bs2 = pairedBootstrap(ow, fb, score, 300, 12345);
        const PairedComparison bs3 = pairedBootstrap(ow, fb, score, 300, 99);
        QCOMPARE(bs1.pValue, bs2.pValue);
        QCOMPARE(bs1.systemInterval.lower, bs2.systemInterval.lower);
        QVERIFY(bs1.systemInterval.lower != bs3.systemInterval.lower || bs1.pValue != bs3.pValue);
        // The corpus chrF2 of both systems (ted_ende_system_scores.json) and a sane interval.
        QVERIFY(std::fabs(bs1.systemScore - 60.42439762303431) <= 1e-9);
        QVERIFY(std::fabs(bs1.baselineScore - 60.93917287186022) <= 1e-9);
        QVERIFY(bs1.systemInterval.lower < bs1.systemScore && bs1.systemScore < bs1.systemInterval.upper);
        QVERIFY(bs1.pValue > 0.0 && bs1.pValue <= 1.0);
        const PairedComparison ar1 = approximateRandomization(ow, fb, score, 300, 5);
        const PairedComparison ar2 = approximateRandomization(ow, fb, score, 300, 5);
        QCOMPARE(ar1.pValue, ar2.pValue);
    }

    void resamplingTests_identicalSystems_giveTheSmallestCountOfExceedances()
    {
        // No trial can exceed a zero observed difference strictly: p = 1 / (samples + 1), as sacrebleu.
        const auto stats = scoresAsStatistics({1, 2, 3, 4, 5, 6});
        const auto score = meanScoreFunction(6);
        QCOMPARE(approximateRandomization(stats, stats, score, 99, 1).pValue, 0.01);
        const ConfidenceInterval ci = bootstrapConfidenceInterval(scoresAsStatistics({2, 2, 2}), meanScoreFunction(3), 40, 1);
        QCOMPARE(ci.lower, 2.0);
        QCOMPARE(ci.upper, 2.0);
        QCOMPARE(ci.halfWidth, 0.0);
    }

    void bootstrapConfidenceInterval_usesSacrebleuOrderStatistics()
    {
        // With 1000 samples the bounds are the sorted scores at 25 and 974: about 95% coverage of
        // the resampled mean of 0..99 (sd of the mean 2.87, so the bounds are near 49.5 -+ 5.6).
        std::vector<double> v;
        for (int i = 0; i < 100; ++i)
            v.push_back(i);
        const ConfidenceInterval ci = bootstrapConfidenceInterval(scoresAsStatistics(v), meanScoreFunction(100), 1000, 3);
        QVERIFY(std::fabs(ci.mean - 49.5) < 0.5);
        QVERIFY2(std::fabs(ci.halfWidth - 1.96 * 2.8723) < 0.6, qPrintable(QString::number(ci.halfWidth)));
        QVERIFY(std::fabs((ci.lower + ci.upper) / 2 - 49.5) < 0.6);
    }

    void seededRandom_below_isUniform()
    {
        SeededRandom r(1);
        std::vector<int> counts(7, 0);
        for (int i = 0; i < 70000; ++i)
            ++counts[r.below(7)];
        for (int c : counts)
            QVERIFY2(std::abs(c - 10000) < 400, qPrintable(QString::number(c)));  // > 4 sd off fails
    }

private:
    std::vector<tedcorpus::Segment> m_facebook;
    std::vector<tedcorpus::Segment> m_online;
};

GAUNTLET_TEST_MAIN(TestSignificance)
#include "tst_significance.moc"
