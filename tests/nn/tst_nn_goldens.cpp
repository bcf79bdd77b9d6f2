// The committed engine/nn fixtures (tests/data/nn, written by tests/nn/refresh_nn_goldens.py) still
// equal what the independent Python reference writes now: make_fixtures.py and make_nn_fixtures.py
// are re-run into a temporary folder, their golden.json compared with the committed one
// numerically (1e-12, relative to magnitudes over 1) and the weights and configs byte for byte.
// Needs Debian's python3-torch under /usr/bin/python3 and ../shared; skips without them (a skip
// fails under GAUNTLET_REQUIRE_REFERENCES). The other nn tests only read the committed copies.
#include "tests/support/test_files.h"
#include "tests/support/test_main.h"
#include "nn_test_support.h"

#include <QDirIterator>
#include <QTemporaryDir>

#include <cmath>

namespace {

/// Where two golden.json trees differ (at most `limit` lines); numbers agree within 1e-12, scaled
/// by the magnitude when it is over 1.
void compareJson(const nlohmann::json &expected, const nlohmann::json &actual, const std::string &at, QStringList &diffs, int limit = 20)
{
    if (diffs.size() >= limit)
        return;
    const auto differ = [&](const std::string &what) { diffs << QString::fromStdString(at + ": " + what); };
    if (expected.is_number() && actual.is_number()) {
        const double e = expected.get<double>(), a = actual.get<double>();
        if (!(std::abs(e - a) <= 1e-12 * std::max(1.0, std::abs(e))))
            differ("committed " + expected.dump() + ", reference " + actual.dump());
    } else if (expected.type() != actual.type()) {
        differ(std::string("committed is ") + expected.type_name() + ", reference " + actual.type_name());
    } else if (expected.is_array()) {
        if (expected.size() != actual.size())
            return differ("committed has " + std::to_string(expected.size()) + " elements, reference " + std::to_string(actual.size()));
        for (size_t i = 0; i < expected.size(); ++i)
            compareJson(expected[i], actual[i], at + '[' + std::to_string(i) + ']', diffs, limit);
    } else if (expected.is_object()) {
        for (const auto &[key, value] : expected.items()) {
            if (!actual.contains(key))
                differ("reference lacks \"" + key + '"');
            else
                compareJson(value, actual[key], at + '.' + key, diffs, limit);
        }
        for (const auto &[key, value] : actual.items())
            if (!expected.contains(key))
                differ("committed lacks \"" + key + '"');
    } else if (expected != actual) {
        differ("committed " + expected.dump() + ", reference " + actual.dump());
    }
}

QStringList filesUnder(const QString &folder)
{
    QStringList out;
    QDirIterator walk(folder, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (walk.hasNext())
        out << QDir(folder).relativeFilePath(walk.next());
    out.removeAll(QStringLiteral("GENERATOR.json"));
    out.sort();
    return out;
}

}  // namespace

class TestNnGoldens : public QObject {
    Q_OBJECT

    QTemporaryDir m_tmp;

    /// The committed folder against a fresh run: the same files, golden.json within 1e-12, every
    /// other file but the pickled Lightning checkpoints (torch.save's bytes are not part of the
    /// reference) byte for byte.
    static void compareFolders(const QString &committed, const QString &fresh)
    {
        QCOMPARE(filesUnder(fresh), filesUnder(committed));
        QStringList diffs;
        compareJson(nn_test::readJson(committed + "/golden.json"), nn_test::readJson(fresh + "/golden.json"), "golden.json", diffs);
        QVERIFY2(diffs.isEmpty(), qPrintable(QStringLiteral("the committed goldens differ from the reference's (re-run "
                                                            "tests/nn/refresh_nn_goldens.py?):\n")
                                             + diffs.join('\n')));
        for (const QString &f : filesUnder(committed)) {
            if (f == QStringLiteral("golden.json") || f.endsWith(QStringLiteral(".ckpt")))
                continue;
            QVERIFY2(gauntlet::testing::fileBytes(committed + '/' + f) == gauntlet::testing::fileBytes(fresh + '/' + f),
                     qPrintable(QStringLiteral("%1 differs from the reference's").arg(f)));
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_tmp.isValid());
        if (!QFileInfo::exists(nn_test::referenceTool(QStringLiteral("make_fixtures.py"))))
            QSKIP("../shared/tools/reference is missing: the committed nn goldens are used as they are, unchecked against the reference");
        if (!gauntlet::testing::runProcess(QString::fromLatin1(nn_test::python()), {QStringLiteral("-c"), QStringLiteral("import torch")}, 60000).ok())
            QSKIP("/usr/bin/python3 cannot import torch (Debian's python3-torch): the committed nn goldens are used as "
                  "they are, unchecked against the reference");
    }

    void fixtures_matchReference()
    {
        const QString fresh = m_tmp.filePath(QStringLiteral("fixtures"));
        QVERIFY(nn_test::runProcess(nn_test::python(), {nn_test::referenceTool(QStringLiteral("make_fixtures.py")), fresh}));
        compareFolders(nn_test::fixturesDir(), fresh);
    }

    void cometFixtures_matchReference()
    {
        // make_nn_fixtures.py reads the committed sentinel weights, as refresh_nn_goldens.py ran it.
        const QString fresh = m_tmp.filePath(QStringLiteral("extra-comet"));
        qputenv("GAUNTLET_REFERENCE_DIR", QByteArray(GAUNTLET_SHARED_DIR "/tools/reference"));
        QVERIFY(nn_test::runProcess(nn_test::python(), {QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/nn/make_nn_fixtures.py"), fresh,
                                                        nn_test::fixturesDir()}));
        compareFolders(nn_test::cometFixturesDir(), fresh);
    }

    void recordedReferenceOutputs_matchAFreshRun()
    {
        // The reference_forward.py outputs recorded for the committed fixtures (referenceForward in
        // nn_test_support.h; the tests read them without python3-torch) equal a fresh run.
        const nlohmann::json &recorded = nn_test::recordedReference();
        QVERIFY2(recorded.is_array() && !recorded.empty(), "tests/data/nn/reference_forward.json holds no recorded output");
        for (const nlohmann::json &e : recorded) {
            const QString model = QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/data/nn/") + QString::fromStdString(e["model"].get<std::string>());
            QCOMPARE(gauntlet::testing::sha256OfFile(model + QStringLiteral("/model.safetensors")),
                     QString::fromStdString(e["model_sha256"].get<std::string>()));
            QCOMPARE(nn_test::referenceImplementationSha(), QString::fromStdString(e["reference_sha256"].get<std::string>()));
            QByteArray out;
            QVERIFY(nn_test::runProcess(nn_test::python(), {nn_test::referenceTool(QStringLiteral("reference_forward.py")), model,
                                                            QStringLiteral("--kind"), QString::fromStdString(e["kind"].get<std::string>()),
                                                            QStringLiteral("--ids"), QString::fromStdString(e["ids"].dump())},
                                        &out));
            QStringList diffs;
            compareJson(e["output"], nlohmann::json::parse(out.constData(), out.constData() + out.size()),
                        e["model"].get<std::string>() + " " + e["kind"].get<std::string>(), diffs);
            QVERIFY2(diffs.isEmpty(), qPrintable(diffs.join('\n')));
        }
    }
};

GAUNTLET_TEST_MAIN(TestNnGoldens)
#include "tst_nn_goldens.moc"
