// sacrebleu's resampling statistics reproduced to the last bit, against
// tests/data/metrics/sacrebleu_golden.json (tests/metrics/make_sacrebleu_golden.py: sacrebleu
// 2.6.0 on numpy 1.24.2): numpy's default_rng draws, numpy's and Python's means, the
// --confidence interval (Metric.corpus_score(n_bootstrap)) and the paired bootstrap and
// approximate randomisation tests (significance.PairedTest) on the WMT21 TED systems.
#include "engine/metrics/bleu.h"
#include "engine/metrics/chrf.h"
#include "engine/metrics/numpy_generator.h"
#include "engine/metrics/python_means.h"
#include "engine/metrics/sacrebleu_significance.h"
#include "engine/metrics/ter.h"
#include "tests/metrics/sacrebleu_golden.h"

#include "tests/support/test_main.h"
#include <QtTest>

#include <memory>

using namespace gauntlet::metrics;

namespace {

QString sideBySide(const std::string &what, double expected, double actual)
{
    return QStringLiteral("%1: expected %2 | actual %3")
        .arg(QString::fromStdString(what))
        .arg(expected, 0, 'g', 17)
        .arg(actual, 0, 'g', 17);
}

// The metric a golden entry names, with sacrebleu's constructor arguments.
std::unique_ptr<Metric> metricFor(const std::string &kind, const nlohmann::json &kwargs)
{
    if (kind == "bleu") {
        BleuOptions o;
        if (kwargs.contains("smooth_method"))
            o.smoothMethod = kwargs.at("smooth_method") == "add-k" ? BleuSmoothing::AddK : BleuSmoothing::Floor;
        if (kwargs.contains("smooth_value"))
            o.smoothValue = kwargs.at("smooth_value").get<double>();
        return std::make_unique<Bleu>(o);
    }
    if (kind == "chrf") {
        ChrfOptions o;
        o.wordOrder = kwargs.value("word_order", 0);
        o.epsSmoothing = kwargs.value("eps_smoothing", false);
        return std::make_unique<Chrf>(o);
    }
    return std::make_unique<Ter>();
}

}  // namespace

class TestSacrebleuSignificance : public QObject {
    Q_OBJECT

    nlohmann::json m_golden;
    sacrebleugolden::Corpus m_corpus;

    std::vector<Statistics> statistics(const Metric &metric, const std::string &system) const
    {
        return metric.corpusStatistics(m_corpus.systems.at(system), {m_corpus.reference});
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_golden = sacrebleugolden::load();
        QCOMPARE(m_golden.at("sacrebleu").get<std::string>(), std::string("2.6.0"));
        m_corpus = sacrebleugolden::tedCorpus();
        QCOMPARE(m_corpus.reference.size(), std::size_t(529));
    }

    void numpyGenerator_drawsAsNumpy_data()
    {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < m_golden.at("numpy_draws").size(); ++i)
            QTest::newRow(("seed " + m_golden["numpy_draws"][i].at("seed").dump()).c_str()) << int(i);
    }

    // default_rng(seed): choice(529, (3, 529)), then integers(2, (2, 77), bool), integers(0, 3e9, 9),
    // choice(1, (2, 3)), choice(10, 5) and random(3), in that order from one generator.
    void numpyGenerator_drawsAsNumpy()
    {
        QFETCH(int, index);
        const auto &g = m_golden.at("numpy_draws").at(static_cast<std::size_t>(index));
        NumpyGenerator rng(g.at("seed").get<std::uint64_t>());
        const auto choice = rng.integersBelow(529, 3 * 529);
        const auto first40 = g.at("choice529_first40").get<std::vector<std::uint32_t>>();
        QCOMPARE(std::vector<std::uint32_t>(choice.begin(), choice.begin() + 40), first40);
        QCOMPARE(std::vector<std::uint32_t>(choice.end() - 5, choice.end()), g.at("choice529_last5").get<std::vector<std::uint32_t>>());
        long long sum = 0;
        for (auto c : choice)
            sum += c;
        QCOMPARE(sum, g.at("choice529_sum").get<long long>());
        const std::vector<bool> bools = rng.bools(2 * 77);
        const auto want = g.at("bools_2x77").get<std::vector<int>>();
        for (std::size_t i = 0; i < bools.size(); ++i)
            QVERIFY2(int(bools[i]) == want[i], qPrintable(QStringLiteral("bool %1").arg(i)));
        QCOMPARE(rng.integersBelow(3000000000U, 9), g.at("integers_below_3e9").get<std::vector<std::uint32_t>>());
        QCOMPARE(rng.integersBelow(1, 6), g.at("choice1").get<std::vector<std::uint32_t>>());
        QCOMPARE(rng.integersBelow(10, 5), g.at("choice10").get<std::vector<std::uint32_t>>());
        for (const auto &d : g.at("random3")) {
            const double actual = rng.random();
            QVERIFY2(actual == d.get<double>(), qPrintable(sideBySide("random", d.get<double>(), actual)));
        }
    }

    // numpy's pairwise mean and statistics.mean of default_rng(42).random(n) * 100.
    void means_matchNumpyAndPython()
    {
        for (const auto &m : m_golden.at("means_of_random_times_100_seed42")) {
            const auto n = m.at("n").get<std::size_t>();
            NumpyGenerator rng(42);
            std::vector<double> v(n);
            for (double &x : v)
                x = rng.random() * 100;
            const std::string size = "n=" + std::to_string(n);
            const double numpy = numpyMean(v);
            const double python = pythonStatisticsMean(v);
            QVERIFY2(numpy == m.at("numpy_mean").get<double>(), qPrintable(sideBySide(size + " numpy", m.at("numpy_mean"), numpy)));
            QVERIFY2(python == m.at("statistics_mean").get<double>(),
                     qPrintable(sideBySide(size + " statistics", m.at("statistics_mean"), python)));
        }
        QVERIFY_THROWS_EXCEPTION(MetricsError, pythonStatisticsMean({}));
        QVERIFY_THROWS_EXCEPTION(MetricsError, pythonStatisticsMean({1.0, -1.0}));
        QCOMPARE(pythonStatisticsMean({0.0, 0.0}), 0.0);
    }

    void confidenceInterval_matchesSacrebleu()
    {
        QString report;
        int compared = 0;
        for (const auto &c : m_golden.at("confidence")) {
            const auto metric = metricFor(c.at("metric"), c.at("kwargs"));
            const auto segments = statistics(*metric, c.at("system"));
            const ConfidenceInterval ci = sacrebleuConfidenceInterval(*metric, segments, c.at("samples"), c.at("seed"));
            const double score = metric->scoreFromStatistics(sumStatistics(segments));
            const std::string what = c.at("system").get<std::string>() + " " + c.at("metric").get<std::string>() + " "
                + c.at("kwargs").dump() + " seed " + c.at("seed").dump();
            const std::pair<const char *, double> fields[] = {{"score", score}, {"mean", ci.mean}, {"ci", ci.halfWidth}};
            for (const auto &[key, actual] : fields) {
                if (actual != c.at(key).get<double>())
                    report += QLatin1Char('\n') + sideBySide(what + " " + key, c.at(key), actual);
                ++compared;
            }
        }
        QCOMPARE(compared, 72);
        QVERIFY2(report.isEmpty(), qPrintable(report));
    }

    void pairedTests_matchSacrebleu()
    {
        const std::vector<std::string> names{"Online-W", "Facebook-AI", "metricsystem5", "UEdin"};
        QString report;
        int compared = 0;
        for (const auto &p : m_golden.at("paired")) {
            const bool bs = p.at("test") == "bs";
            const int samples = p.at("samples");
            const std::uint64_t seed = p.at("seed");
            for (const auto &[metricName, rows] : p.at("results").items()) {
                if (metricName == "System")
                    continue;
                const auto metric = metricFor(metricName == "BLEU" ? "bleu" : metricName == "TER" ? "ter" : "chrf", nlohmann::json::object());
                QCOMPARE(metric->name().substr(0, 3), metricName.substr(0, 3));
                const auto baseline = statistics(*metric, names[0]);
                for (std::size_t s = 0; s < names.size(); ++s) {
                    const auto &want = rows.at(s);
                    const std::string what = p.at("test").get<std::string>() + " seed " + std::to_string(seed) + " "
                        + metricName + " " + names[s];
                    auto check = [&](const char *key, double actual) {
                        ++compared;
                        if (want.at(key).is_null())
                            report += QStringLiteral("\n%1 %2: sacrebleu has none").arg(QString::fromStdString(what), QLatin1String(key));
                        else if (actual != want.at(key).get<double>())
                            report += QLatin1Char('\n') + sideBySide(what + " " + key, want.at(key), actual);
                    };
                    if (s == 0) {
                        check("score", metric->scoreFromStatistics(sumStatistics(baseline)));
                        QVERIFY(want.at("p_value").is_null());
                        if (bs) {
                            const ConfidenceInterval ci = sacrebleuBaselineInterval(*metric, baseline, samples, seed);
                            check("mean", ci.mean);
                            check("ci", ci.halfWidth);
                        } else {
                            QVERIFY(want.at("mean").is_null());
                        }
                        continue;
                    }
                    const auto system = statistics(*metric, names[s]);
                    const PairedComparison r = bs ? sacrebleuPairedBootstrap(*metric, baseline, system, samples, seed)
                                                  : sacrebleuPairedApproximateRandomization(*metric, baseline, system, samples, seed);
                    check("score", r.systemScore);
                    check("p_value", r.pValue);
                    if (bs) {
                        check("mean", r.systemInterval.mean);
                        check("ci", r.systemInterval.halfWidth);
                    }
                }
            }
        }
        QCOMPARE(compared, 3 * (3 + 3 * 4) + 3 * (1 + 3 * 2) + 3 * (3 + 3 * 4));
        QVERIFY2(report.isEmpty(), qPrintable(report));
    }

    void resampling_badInput_throws()
    {
        const Chrf chrf;
        const std::vector<Statistics> one{chrf.segmentStatistics("a b", {"a b"})};
        QVERIFY_THROWS_EXCEPTION(MetricsError, sacrebleuConfidenceInterval(chrf, {}, 10, 1));
        QVERIFY_THROWS_EXCEPTION(MetricsError, sacrebleuConfidenceInterval(chrf, one, 0, 1));
        QVERIFY_THROWS_EXCEPTION(MetricsError, sacrebleuPairedBootstrap(chrf, one, {}, 10, 1));
        QVERIFY_THROWS_EXCEPTION(MetricsError, sacrebleuPairedApproximateRandomization(chrf, one, {one[0], one[0]}, 10, 1));
    }
};

GAUNTLET_TEST_MAIN(TestSacrebleuSignificance)
#include "tst_sacrebleu_significance.moc"
