// Pearson, Spearman and Kendall tau-b with p-values against scipy: the Kendall case of
// ../shared/data/vectors/agreement.json (its committed copy in tests/data/shared-copy), and values
// computed with scipy 1.10.1 (Debian 12's python3-scipy: pearsonr, spearmanr and kendalltau with
// its default method='auto', which takes the exact p-value without ties for n <= 33 or at most one
// discordant pair) on small vectors and on Facebook-AI's 529 TED segment scores (chrF2 vs sentence
// BLEU, chrF2 vs MQM; many ties).
#include "engine/metrics/correlation.h"
#include "tests/metrics/ted_segments.h"

#include "tests/support/shared_copy.h"
#include "tests/support/test_files.h"
#include "tests/support/test_main.h"
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>

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

        const auto vectors = gauntlet::testing::jsonFile(gauntlet::testing::sharedCopy(QStringLiteral("vectors/agreement.json")));
        QVERIFY(!vectors.is_null());
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
            // Kendall p of "five", "three" and "two": exact (method='asymptotic' gives 0.1416446902951368,
            // 0.6015081344405899 and NaN).
            {"five", {1, 2, 3, 4, 5}, {2, 1, 4, 3, 5}, 0.8, 0.10408803866182785, 0.7999999999999999,
             0.10408803866182788, 0.6, 0.23333333333333334},
            {"three", {1, 2, 3}, {3, 1, 2}, -0.4999999999999999, 0.6666666666666667, -0.5, 0.6666666666666667,
             -0.33333333333333337, 1.0},
            {"two", {1, 2}, {2, 5}, 1.0, 1.0, 0.9999999999999999, nan, 1.0, 1.0},
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

    // scipy.stats.kendalltau(x, y) (scipy 1.10.1, method='auto'): exact without ties up to n = 33,
    // asymptotic from n = 34, exact again for any n when at most one pair is discordant.
    void kendallPValue_followsScipyDefault_data()
    {
        QTest::addColumn<QByteArray>("xy");
        QTest::addColumn<double>("tau");
        QTest::addColumn<double>("pValue");
        QTest::addColumn<bool>("exact");
        QTest::newRow("n=10, exact") << pack({7, 6, 1, 3, 2, 4, 0, 9, 5, 8},
                                             {4.384065482185738, 8.49581923578197, 6.449276809861925, 3.9092292528157393,
                                              -2.1110955467692394, 0.8057826485463706, 5.3333969633303715,
                                              9.676274801695362, -0.7737828081319496, 7.721012690609914})
                                     << 0.3333333333333333 << 0.21637345679012346 << true;
        QTest::newRow("n=33, exact")
            << pack({26, 25, 22, 6, 1, 0, 14, 18, 17, 29, 28, 16, 9, 3, 21, 12, 27, 2, 24, 5, 4, 8, 31, 7, 23, 32, 15, 10,
                     20, 11, 30, 13, 19},
                    {13.797150683194973, 37.87325711296123, 29.8824642146122, -15.975983616946934, 3.993417563537368,
                     -12.118882903391492, 14.363629421740962, 18.479951918263637, -4.872727670542329, 26.43235223857653,
                     25.1863096546067, 26.582005850274037, -3.9959148875183725, 11.118460876302525, 8.911299606599531,
                     8.355800180300916, 17.75479514735568, 17.936044178138392, 30.250344097671224, 31.749057531297336,
                     11.061080169905525, 17.29492007091093, 40.24751163891874, 0.3272731049949318, 22.229687086977798,
                     46.85427754519088, 10.637941583097312, 12.076794844202086, 19.766541935409812, 17.70138142116015,
                     25.986003838578903, 11.324019223674668, 21.666195715393656})
            << 0.49242424242424243 << 2.9083341431578637e-05 << true;
        QTest::newRow("n=34, asymptotic")
            << pack({6, 15, 33, 26, 7, 25, 31, 2, 32, 17, 21, 8, 10, 28, 14, 30, 5, 20, 16, 23, 9, 24, 12, 11, 3, 22, 13,
                     27, 4, 1, 19, 0, 18, 29},
                    {0.14186627065488366, 0.7278521993800862, 12.18354867447163, 23.679317342549506, 3.0077538820060545,
                     28.004363611877, 25.73856129477521, -3.4245692479308776, 23.825088191049147, 11.109389246471306,
                     22.815902671597474, 3.6893357582284265, 11.138340998768408, 49.54678826704358, 19.430005709032027,
                     12.137648418400769, 24.646668636948544, 23.94185085987007, 5.330649420222173, 33.27988818710585,
                     9.20009692364484, 17.027523292269215, 4.8202321784190145, -0.25889362285438366, 3.5453484852181707,
                     34.11325586249508, 9.316076213527708, 31.769340083972022, 25.257321942786497, -12.765360507104964,
                     21.918586337799574, -3.472951837654576, 5.995097535284426, 17.373731739718565})
            << 0.500891265597148 << 3.10441429508198e-05 << false;
        Vector x60, y60;
        for (int i = 0; i < 60; ++i)
            x60.push_back(i), y60.push_back(i);
        std::swap(y60[10], y60[11]);
        QTest::newRow("n=60, one discordant pair: exact") << pack(x60, y60) << 0.9988700564971751 << 1.4421365923791871e-80 << true;
        Vector x200, y200;
        for (int i = 0; i < 200; ++i)
            x200.push_back(i), y200.push_back(200 - i);
        QTest::newRow("n=200, reversed: exact, 0") << pack(x200, y200) << -1.0 << 0.0 << true;
    }

    void kendallPValue_followsScipyDefault()
    {
        QFETCH(QByteArray, xy);
        QFETCH(double, tau);
        QFETCH(double, pValue);
        QFETCH(bool, exact);
        const auto v = nlohmann::json::parse(xy.toStdString());
        const Correlation c = kendallTauB(v.at(0).get<Vector>(), v.at(1).get<Vector>());
        QVERIFY2(close(c.coefficient, tau, 1e-15), qPrintable(sideBySide("tau", tau, c.coefficient)));
        QVERIFY2(close(c.pValue, pValue, 0.0, 1e-13), qPrintable(sideBySide("p", pValue, c.pValue)));
        QCOMPARE(c.exactPValue, exact);
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
