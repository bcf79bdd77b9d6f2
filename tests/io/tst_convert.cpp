// convertToSafetensors (`gauntlet convert`): torch.save files and safetensors -> safetensors (the
// committed files of tests/data/io/torch-files and tests/data/nn/fixtures), read back by the shared
// Python reference reader and compared byte for byte (skipped without python3-torch).
#include "tests/support/test_main.h"
#include "engine/io/convert.h"
#include "engine/io/safetensors.h"

#include "tests/io/io_test_support.h"

using namespace gauntlet::io;

class TestConvert : public iotest::ReferenceFileTest {
    Q_OBJECT

    QString writeExpected(const nlohmann::json &tensors, const QString &name)
    {
        QFile f(m_dir.filePath(name));
        if (!f.open(QIODevice::WriteOnly))
            return {};
        f.write(QByteArray::fromStdString(tensors.dump()));
        return f.fileName();
    }

private Q_SLOTS:
    void initTestCase() { copyReferenceFilesAndManifest(true); }

    void convert_pythonReadsBitIdentical_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("section");
        QTest::newRow("lightning ckpt") << "lightning.ckpt" << "checkpoints";
        QTest::newRow("pytorch_model.bin") << "plain.bin" << "checkpoints";
        QTest::newRow("legacy bin") << "legacy.bin" << "checkpoints";
        QTest::newRow("safetensors") << "all.safetensors" << "safetensors";
        QTest::newRow("sharded") << "sharded" << "safetensors";
    }
    void convert_pythonReadsBitIdentical()
    {
        const QString missing = iotest::readBackMissing();
        if (!missing.isEmpty())
            QSKIP(qPrintable(missing));
        QFETCH(QString, source);
        QFETCH(QString, section);
        const auto &tensors = m_manifest[section.toStdString()][source.toStdString()]["tensors"];
        const QString out = m_dir.filePath("out.safetensors");
        const ConvertReport report = convertToSafetensors(m_dir.filePath(source), out);
        QCOMPARE(size_t(report.tensors), tensors.size());
        QCOMPARE(report.stripped, int64_t(0));
        bool ok = false;
        const QString log = iotest::runPython(
            {iotest::helperScript(), "check", out, writeExpected(tensors, "expected.json")}, ok);
        QVERIFY2(ok, qPrintable(log));
    }

    void stripPrefix_matchesPythonNames()
    {
        // The sentinel checkpoint's "encoder.model.*" tensors, stripped, against the Python-written
        // safetensors of the same weights (names with the prefix removed by hand).
        const QString out = m_dir.filePath("stripped.safetensors");
        const ConvertReport report = convertToSafetensors(
            m_dir.filePath("fixtures/sentinel-ckpt/checkpoints/model.ckpt"), out, "encoder.model.");
        const SafetensorsFile ref(m_dir.filePath("fixtures/sentinel/model.safetensors"));
        const SafetensorsFile got(out);
        QCOMPARE(got.names().size(), ref.names().size());
        int64_t stripped = 0;
        for (const auto &name : ref.names()) {
            const bool hasPrefix = name.rfind("encoder.model.", 0) == 0;
            stripped += hasPrefix;
            const std::string newName = hasPrefix ? name.substr(14) : name;
            QVERIFY2(got.contains(newName), newName.c_str());
            QVERIFY2(iotest::tensorBytes(got.tensor(newName)) == iotest::tensorBytes(ref.tensor(name)), name.c_str());
        }
        QVERIFY(stripped > 0);
        QCOMPARE(report.stripped, stripped);
        QVERIFY(got.contains("embeddings.word_embeddings.weight"));
        QVERIFY(got.contains("estimator.ff.0.weight"));
    }

    void stripPrefixCollision_throws()
    {
        // "f16.transposed" minus "f16." collides with "transposed".
        try {
            convertToSafetensors(m_dir.filePath("plain.bin"), m_dir.filePath("x.safetensors"), "f16.");
            QFAIL("no exception");
        } catch (const IoError &e) {
            QVERIFY2(QString(e.what()).contains("'transposed'"), e.what());
        }
    }

    void missingSource_throws()
    {
        QVERIFY_THROWS_EXCEPTION(IoError, convertToSafetensors(m_dir.filePath("nope.ckpt"), m_dir.filePath("y.safetensors")));
        QVERIFY(!QFile::exists(m_dir.filePath("y.safetensors")));
    }
};

GAUNTLET_TEST_MAIN(TestConvert)
#include "tst_convert.moc"
