// Krippendorff's alpha against published values: ../shared/data/vectors/agreement.json (its
// committed copy in tests/data/shared-copy; every case and level in it, one data row each), the
// four-coder example of Krippendorff (2011), "Computing Krippendorff's Alpha-Reliability" (alpha
// nominal .743, ordinal .815, interval .849, ratio .797), and its binary two-coder coincidence
// matrix. Values at 1e-12 come from an independent brute-force evaluation of the definition
// (every ordered pair of values; Python).
#include "engine/metrics/krippendorff.h"

#include "tests/support/shared_copy.h"
#include "tests/support/test_files.h"
#include "tests/support/test_main.h"
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>

using namespace gauntlet::metrics;

Q_DECLARE_METATYPE(MeasurementLevel)

namespace {

using Matrix = std::vector<std::vector<double>>;
const double NA = std::nan("");

// Krippendorff (2011), section C: 4 observers, 12 units, values 1-5, missing marked NA.
Matrix krippendorff2011()
{
    return {{1, 2, 3, 3, 2, 1, 4, 1, 2, NA, NA, NA},
            {1, 2, 3, 3, 2, 2, 4, 1, 2, 5, NA, 3},
            {NA, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, NA},
            {1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, NA}};
}

Matrix matrixFromJson(const nlohmann::json &rows)
{
    Matrix m;
    for (const auto &row : rows) {
        std::vector<double> r;
        for (const auto &v : row)
            r.push_back(v.is_null() ? NA : v.get<double>());
        m.push_back(r);
    }
    return m;
}

QByteArray toBytes(const Matrix &m)
{
    nlohmann::json j = nlohmann::json::array();
    for (const auto &row : m) {
        nlohmann::json r = nlohmann::json::array();
        for (double v : row)
            r.push_back(std::isnan(v) ? nlohmann::json() : nlohmann::json(v));
        j.push_back(r);
    }
    return QByteArray::fromStdString(j.dump());
}

// The matrix as long-form ratings (unit "u<column>", coder "c<row>").
std::vector<Rating> longForm(const Matrix &m)
{
    std::vector<Rating> ratings;
    for (std::size_t c = 0; c < m.size(); ++c)
        for (std::size_t u = 0; u < m[c].size(); ++u)
            if (!std::isnan(m[c][u]))
                ratings.push_back({"u" + std::to_string(u), "c" + std::to_string(c), m[c][u]});
    return ratings;
}

}  // namespace

class TestAgreement : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void alpha_matchesPublishedValues_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<MeasurementLevel>("level");
        QTest::addColumn<double>("expected");
        QTest::addColumn<double>("tolerance");
        const auto vectors = gauntlet::testing::jsonFile(gauntlet::testing::sharedCopy(QStringLiteral("vectors/agreement.json")));
        QVERIFY(!vectors.is_null());
        int rows = 0;
        for (const auto &c : vectors.at("krippendorff")) {
            for (const auto &[level, expected] : c.at("expected").items()) {
                const std::string name = c.at("name").get<std::string>() + "/" + level;
                QTest::newRow(name.c_str()) << toBytes(matrixFromJson(c.at("data"))) << measurementLevelFromString(level)
                                            << expected.get<double>() << c.at("tolerance").get<double>();
                ++rows;
            }
        }
        QCOMPARE(rows, 4);
        const QByteArray k2011 = toBytes(krippendorff2011());
        QTest::newRow("krippendorff2011/nominal/published") << k2011 << MeasurementLevel::Nominal << 0.743 << 5e-4;
        QTest::newRow("krippendorff2011/ordinal/published") << k2011 << MeasurementLevel::Ordinal << 0.815 << 5e-4;
        QTest::newRow("krippendorff2011/interval/published") << k2011 << MeasurementLevel::Interval << 0.849 << 5e-4;
        QTest::newRow("krippendorff2011/ratio/published") << k2011 << MeasurementLevel::Ratio << 0.797 << 5e-4;
        QTest::newRow("krippendorff2011/nominal") << k2011 << MeasurementLevel::Nominal << 0.743421052631579 << 1e-12;
        QTest::newRow("krippendorff2011/ordinal") << k2011 << MeasurementLevel::Ordinal << 0.8153875037548813 << 1e-12;
        QTest::newRow("krippendorff2011/interval") << k2011 << MeasurementLevel::Interval << 0.8491071428571428 << 1e-12;
        QTest::newRow("krippendorff2011/ratio") << k2011 << MeasurementLevel::Ratio << 0.7974027747116127 << 1e-12;
    }

    void alpha_matchesPublishedValues()
    {
        QFETCH(QByteArray, data);
        QFETCH(MeasurementLevel, level);
        QFETCH(double, expected);
        QFETCH(double, tolerance);
        const Matrix m = matrixFromJson(nlohmann::json::parse(data.toStdString()));
        const double matrixAlpha = krippendorffAlpha(m, level).alpha;
        const double longAlpha = krippendorffAlpha(longForm(m), level).alpha;
        QVERIFY2(std::fabs(matrixAlpha - expected) <= tolerance,
                 qPrintable(QStringLiteral("expected %1 | actual %2").arg(expected, 0, 'g', 17).arg(matrixAlpha, 0, 'g', 17)));
        QVERIFY2(std::fabs(longAlpha - expected) <= tolerance,
                 qPrintable(QStringLiteral("long form: expected %1 | actual %2").arg(expected, 0, 'g', 17).arg(longAlpha, 0, 'g', 17)));
    }

    // Krippendorff (2011), section A: two observers, ten units of binary data give
    // o00 = 10, o01 = o10 = 4, o11 = 2, n = 20.
    void coincidenceMatrix_binaryExample_matchesKrippendorff2011()
    {
        const Matrix m = {{0, 1, 0, 0, 0, 0, 0, 0, 1, 0}, {1, 1, 1, 0, 0, 1, 0, 0, 0, 0}};
        const CoincidenceMatrix o = coincidenceMatrix(m);
        QCOMPARE(o.values, (std::vector<double>{0, 1}));
        QCOMPARE(o.counts, (std::vector<std::vector<double>>{{10, 4}, {4, 2}}));
        QCOMPARE(o.marginals, (std::vector<double>{14, 6}));
        QCOMPARE(o.total, 20.0);
    }

    void alpha_unitsWithOneValue_areDropped()
    {
        Matrix m = krippendorff2011();
        // Unit 12 has one value only; a further single-valued unit changes nothing.
        for (auto &row : m)
            row.push_back(NA);
        m[0].back() = 5;
        const AlphaResult r = krippendorffAlpha(m, MeasurementLevel::Nominal);
        QCOMPARE(r.pairableUnits, std::size_t(11));
        QCOMPARE(r.pairableValues, std::size_t(40));
        QVERIFY(std::fabs(r.alpha - 0.743421052631579) <= 1e-12);
    }

    // Relative alpha: interval alpha of per-coder z-scores (brute force in Python on the
    // Krippendorff 2011 data: 0.8465076375805772 with the population and 0.8475725487491893 with
    // the sample standard deviation).
    void relativeAlpha_matchesBruteForce_data()
    {
        QTest::addColumn<int>("stdDev");
        QTest::addColumn<double>("expected");
        QTest::newRow("population") << int(StdDev::Population) << 0.8465076375805772;
        QTest::newRow("sample") << int(StdDev::Sample) << 0.8475725487491893;
    }

    void relativeAlpha_matchesBruteForce()
    {
        QFETCH(int, stdDev);
        QFETCH(double, expected);
        RelativeAlphaOptions options;
        options.stdDev = static_cast<StdDev>(stdDev);
        QVERIFY(std::fabs(relativeAlpha(krippendorff2011(), options).alpha - expected) <= 1e-12);
        QVERIFY(std::fabs(relativeAlpha(longForm(krippendorff2011()), options).alpha - expected) <= 1e-12);
    }

    void relativeAlpha_coderScaleAndShift_leaveAlphaUnchanged()
    {
        Matrix m = krippendorff2011();
        const double before = relativeAlpha(m).alpha;
        for (double &v : m[1])
            v = 10.0 * v + 40.0;  // coder 2 uses a 0-100 scale
        for (double &v : m[3])
            v = 0.5 * v - 3.0;
        QVERIFY(std::fabs(relativeAlpha(m).alpha - before) <= 1e-12);
        QVERIFY(std::fabs(krippendorffAlpha(m, MeasurementLevel::Interval).alpha - before) > 0.1);
    }

    void relativeAlpha_constantCoder_isAnErrorOrDropped()
    {
        Matrix m = krippendorff2011();
        m.push_back({3, 3, 3, NA, NA, NA, NA, NA, NA, NA, NA, NA});
        QVERIFY_THROWS_EXCEPTION(MetricsError, relativeAlpha(m));
        RelativeAlphaOptions drop;
        drop.dropConstantCoders = true;
        QVERIFY(std::fabs(relativeAlpha(m, drop).alpha - 0.8465076375805772) <= 1e-12);
    }

    void alpha_degenerateData_throwsClearErrors_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<QString>("message");
        QTest::newRow("no pairable unit") << toBytes({{1, NA, 3}, {NA, 2, NA}}) << "no pairable values";
        QTest::newRow("empty") << toBytes({}) << "no pairable values";
        QTest::newRow("one value everywhere") << toBytes({{2, 2, NA}, {2, 2, 2}}) << "no variation";
    }

    void alpha_degenerateData_throwsClearErrors()
    {
        QFETCH(QByteArray, data);
        QFETCH(QString, message);
        const Matrix m = matrixFromJson(nlohmann::json::parse(data.toStdString()));
        for (auto level : {MeasurementLevel::Nominal, MeasurementLevel::Ordinal, MeasurementLevel::Interval,
                           MeasurementLevel::Ratio}) {
            try {
                krippendorffAlpha(m, level);
                QFAIL("no exception");
            } catch (const MetricsError &e) {
                QVERIFY2(QString::fromStdString(e.what()).contains(message), e.what());
            }
        }
    }

    void alpha_coderRatingUnitTwice_throws()
    {
        const std::vector<Rating> ratings{{"u1", "a", 1}, {"u1", "b", 2}, {"u1", "a", 3}};
        QVERIFY_THROWS_EXCEPTION(MetricsError, krippendorffAlpha(ratings, MeasurementLevel::Nominal));
    }

    void measurementLevel_unknownName_throws()
    {
        QVERIFY_THROWS_EXCEPTION(MetricsError, measurementLevelFromString("cardinal"));
    }
};

GAUNTLET_TEST_MAIN(TestAgreement)
#include "tst_agreement.moc"
