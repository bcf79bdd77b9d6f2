// Pearson, Spearman and Kendall tau-b with p-values against scipy: the Kendall case of
// ../shared/data/vectors/agreement.json, and values computed with scipy 1.10.1
// (pearsonr, spearmanr, kendalltau(method='asymptotic')) on small vectors and on Facebook-AI's
// 529 TED segment scores (chrF2 vs sentence BLEU, chrF2 vs MQM; many ties).
#include "engine/metrics/correlation.h"
#include "tests/metrics/ted_segments.h"

#include "tests/support/test_main.h"
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>

using namespace gauntlet::metrics;

namespace {

using Vector = std::vector<double>;

QByteArray pack(const Vector &x, const Vector &y) { return QByteArray::fromStdString(nlohmann::json{x, y}.dump()); }

// |a - e| <= abs, or relatively close for tiny p-values; NaN expects NaN.
bool close(double actual, double expected, double absTol, double relTol = 1e-9)
{
    if (std::isnan(expected))
        return std::isnan(actual);
    return std::fabs(actual - expected) <= absTol || std::fabs(actual - expected) <= relTol * std::fabs(expected);
}

QString sideBySide(const char *what, double expected, double actual)
{
    return QStringLiteral("%1: expected %2 | actual %3").arg(QLatin1String(what)).arg(expected, 0, 'g', 17).arg(actual, 0, 'g', 17);
}

}  // namespace

class TestCorrelation : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void correlations_matchScipy_data()
    {
        QTest::addColumn<QByteArray>("xy");
        QTest::addColumn<QString>("method");
        QTest::addColumn<double>("coefficient");
        QTest::addColumn<double>("pValue");
        QTest::addColumn<double>("tolerance");

        std::ifstream in(GAUNTLET_SHARED_DIR "/data/vectors/agreement.json");
        QVERIFY(in.good());
        const auto vectors = nlohmann::json::parse(in);
        for (const auto &c : vectors.at("kendall_tau_b")) {
            QTest::newRow(("agreement.json/" + c.at("name").get<std::string>()).c_str())
                << pack(c.at("x").get<Vector>(), c.at("y").get<Vector>()) << "kendall" << c.at("tau").get<double>()
                << c.at("p").get<double>() << c.at("tolerance").get<double>();
        }

        const double nan = std::nan("");
        struct Case {
            const char *name;
            Vector x, y;
            double pr, pp, sr, sp, kt, kp;
        };
        const Case small[] = {
            {"five", {1, 2, 3, 4, 5}, {2, 1, 4, 3, 5}, 0.8, 0.10408803866182785, 0.7999999999999999,
             0.10408803866182788, 0.6, 0.1416446902951368},
            {"three", {1, 2, 3}, {3, 1, 2}, -0.4999999999999999, 0.6666666666666667, -0.5, 0.6666666666666667,
             -0.33333333333333337, 0.6015081344405899},
            {"two", {1, 2}, {2, 5}, 1.0, 1.0, 0.9999999999999999, nan, 1.0, nan},
            {"ties", {1, 1, 2, 2, 3, 3, 4}, {1, 2, 1, 3, 3, 2, 4}, 0.7307692307692308, 0.062096988678618216,
             0.69811320754717, 0.08108783881005195, 0.6111111111111113, 0.07725986162916197},
        };
        for (const Case &c : small) {
            QTest::newRow((std::string(c.name) + "/pearson").c_str()) << pack(c.x, c.y) << "pearson" << c.pr << c.pp << 1e-12;
            QTest::newRow((std::string(c.name) + "/spearman").c_str()) << pack(c.x, c.y) << "spearman" << c.sr << c.sp << 1e-12;
            QTest::newRow((std::string(c.name) + "/kendall").c_str()) << pack(c.x, c.y) << "kendall" << c.kt << c.kp << 1e-12;
        }

        const auto fb = tedcorpus::systemRows(tedcorpus::readSegments(), "Facebook-AI");
        QCOMPARE(fb.size(), std::size_t(529));
        Vector chrf, bleu, mqm;
        for (const auto &s : fb) {
            chrf.push_back(s.chrf2);
            bleu.push_back(s.sentBleu);
            mqm.push_back(s.mqm);
        }
        QTest::newRow("ted chrf-bleu/pearson") << pack(chrf, bleu) << "pearson" << 0.7559335839603155 << 4.98857240762612e-99 << 1e-12;
        QTest::newRow("ted chrf-bleu/spearman") << pack(chrf, bleu) << "spearman" << 0.7974073389634615 << 1.0798972960250544e-117 << 1e-12;
        QTest::newRow("ted chrf-bleu/kendall") << pack(chrf, bleu) << "kendall" << 0.6058259402807724 << 2.7738336955823573e-96 << 1e-12;
        QTest::newRow("ted chrf-mqm/pearson") << pack(chrf, mqm) << "pearson" << -0.12072847326137352 << 0.005429822756647605 << 1e-12;
        QTest::newRow("ted chrf-mqm/spearman") << pack(chrf, mqm) << "spearman" << -0.13528445902800193 << 0.0018175559406873616 << 1e-12;
        QTest::newRow("ted chrf-mqm/kendall") << pack(chrf, mqm) << "kendall" << -0.10486972610005318 << 0.0019091826702283623 << 1e-12;
    }

    void correlations_matchScipy()
    {
        QFETCH(QByteArray, xy);
        QFETCH(QString, method);
        QFETCH(double, coefficient);
        QFETCH(double, pValue);
        QFETCH(double, tolerance);
        const auto j = nlohmann::json::parse(xy.toStdString());
        const Vector x = j[0].get<Vector>(), y = j[1].get<Vector>();
        const Correlation c = method == QLatin1String("pearson") ? pearson(x, y)
            : method == QLatin1String("spearman")                ? spearman(x, y)
                                                                 : kendallTauB(x, y);
        QCOMPARE(c.n, x.size());
        QVERIFY2(close(c.coefficient, coefficient, tolerance), qPrintable(sideBySide("coefficient", coefficient, c.coefficient)));
        QVERIFY2(close(c.pValue, pValue, tolerance), qPrintable(sideBySide("p-value", pValue, c.pValue)));
    }

    void averageRanks_tiesShareTheMeanRank()
    {
        QCOMPARE(averageRanks({10, 20, 10, 30, 20, 10}), (Vector{2, 4.5, 2, 6, 4.5, 2}));
    }

    void correlations_degenerateInput_throwClearErrors_data()
    {
        QTest::addColumn<QByteArray>("xy");
        QTest::addColumn<QString>("message");
        QTest::newRow("length mismatch") << pack({1, 2, 3}, {1, 2}) << "x has 3 values but y has 2";
        QTest::newRow("one pair") << pack({1}, {2}) << "at least two pairs";
        QTest::newRow("constant x") << pack({4, 4, 4}, {1, 2, 3}) << "x is constant";
        QTest::newRow("constant y") << pack({1, 2, 3}, {0, 0, 0}) << "y is constant";
    }

    void correlations_degenerateInput_throwClearErrors()
    {
        QFETCH(QByteArray, xy);
        QFETCH(QString, message);
        const auto j = nlohmann::json::parse(xy.toStdString());
        const Vector x = j[0].get<Vector>(), y = j[1].get<Vector>();
        for (auto f : {&pearson, &spearman, &kendallTauB}) {
            try {
                f(x, y);
                QFAIL("no exception");
            } catch (const MetricsError &e) {
                QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
            }
        }
    }
};

GAUNTLET_TEST_MAIN(TestCorrelation)
#include "tst_correlation.moc"
