// A model pack's folder layout and its pack.json (the objective weights a pack recommends for its
// own models, model_pack.h): read, applied only where given, malformed files a clear error that
// names pack.json, and the shipped default pack's recommendation.
#include "engine/ato/ato_error.h"
#include "engine/ato/model_pack.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include "tests/support/test_main.h"
#include <QTest>

using namespace gauntlet;

namespace {

QString writePack(const QTemporaryDir &dir, const QByteArray &packJson)
{
    QDir(dir.path()).mkpath(QStringLiteral("difficulty"));
    if (!packJson.isNull()) {
        QFile f(dir.filePath(QStringLiteral("pack.json")));
        if (!f.open(QIODevice::WriteOnly))
            qFatal("cannot write pack.json");
        f.write(packJson);
    }
    return dir.path();
}

}  // namespace

class TestModelPack : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void noPackJson_keepsThePapersWeights()
    {
        QTemporaryDir dir;
        const ato::ModelPack pack = ato::modelPackAt(writePack(dir, QByteArray()));
        QVERIFY(!pack.difficulty.isEmpty());
        QVERIFY(!pack.lambdaFluency && !pack.lambdaCohesion);
        ato::AtoConfig c;
        QVERIFY(!ato::applyPackObjective(c, pack));
        QCOMPARE(c.lambdaFluency, 20.0);
        QCOMPARE(c.lambdaCohesion, 50.0);
    }

    void packJson_setsOnlyTheWeightsItGives()
    {
        QTemporaryDir dir;
        const ato::ModelPack pack = ato::modelPackAt(writePack(dir, R"({"objective": {"lambda_fluency": 1.5, "note": "why"}})"));
        QVERIFY(pack.packJsonError.isEmpty());
        QCOMPARE(pack.objectiveNote, QStringLiteral("why"));
        ato::AtoConfig c;
        QVERIFY(ato::applyPackObjective(c, pack));
        QCOMPARE(c.lambdaFluency, 1.5);
        QCOMPARE(c.lambdaCohesion, 50.0);  // not given: the paper's
    }

    void packJson_malformed_isAClearErrorNamingTheFile_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("reason");
        QTest::newRow("not JSON") << QByteArray("{\"objective\": ") << QString("parse");
        QTest::newRow("not an object") << QByteArray("[1, 2]") << QString("top level");
        QTest::newRow("objective not an object") << QByteArray(R"({"objective": 3})") << QString("\"objective\"");
        QTest::newRow("negative weight") << QByteArray(R"({"objective": {"lambda_cohesion": -1}})") << QString("lambda_cohesion");
        QTest::newRow("weight is text") << QByteArray(R"({"objective": {"lambda_fluency": "20"}})") << QString("lambda_fluency");
        QTest::newRow("not UTF-8") << QByteArray("{\"objective\": {\"note\": \"\xff\xfe\"}}") << QString("pack.json");
    }

    void packJson_malformed_isAClearErrorNamingTheFile()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, reason);
        QTemporaryDir dir;
        const ato::ModelPack pack = ato::modelPackAt(writePack(dir, json));
        QVERIFY(!pack.difficulty.isEmpty());  // the rest of the layout is still read
        QVERIFY(!pack.lambdaFluency && !pack.lambdaCohesion);
        ato::AtoConfig c;
        try {
            ato::applyPackObjective(c, pack);
            QFAIL("a malformed pack.json was accepted");
        } catch (const ato::AtoError &e) {
            const QString what = QString::fromUtf8(e.what());
            QVERIFY2(what.contains(QStringLiteral("pack.json")), qPrintable(what));
            QVERIFY2(what.contains(reason, Qt::CaseInsensitive), qPrintable(what));
        }
        QCOMPARE(c.lambdaFluency, 20.0);
        QCOMPARE(c.lambdaCohesion, 50.0);
    }

    void shippedPack_recommendsWeightsBelowThePapers()
    {
        const ato::ModelPack pack = ato::modelPackAt(QStringLiteral(GAUNTLET_SOURCE_DIR "/resources/models/default"));
        QVERIFY2(pack.packJsonError.isEmpty(), qPrintable(pack.packJsonError));
        QVERIFY(pack.lambdaFluency && pack.lambdaCohesion);
        QVERIFY(*pack.lambdaFluency < 20.0 && *pack.lambdaCohesion < 50.0);
        QVERIFY(!pack.objectiveNote.isEmpty());
    }
};

GAUNTLET_TEST_MAIN(TestModelPack)
#include "tst_model_pack.moc"
