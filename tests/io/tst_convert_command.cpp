// `gauntlet convert`, run as a process on a Lightning-style checkpoint written by python3-torch
// (committed: tests/data/io/torch-files); the result is read back by the shared Python reference
// reader (st.py) and compared byte for byte with the tensors Python dumped (skipped without
// python3-torch), and on Karpathy's llama2.c stories260K (the copies in tests/data/shared-copy).
// GAUNTLET_EXECUTABLE overrides the executable under test.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include "tests/support/test_main.h"
#include <QtTest>

#include "tests/io/io_test_support.h"
#include "tests/support/shared_copy.h"

#include <nlohmann/json.hpp>

class TestConvertCommand : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_gauntlet;

    int gauntlet(const QStringList &args, QString &out, QString &err)
    {
        const gauntlet::testing::ProcessResult p = gauntlet::testing::runProcess(m_gauntlet, QStringList{QStringLiteral("convert")} + args, 120000);
        if (!p.finished)
            return -1;
        out = QString::fromUtf8(p.out);
        err = QString::fromUtf8(p.err);
        return p.crashed ? -1 : p.code;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_gauntlet = qEnvironmentVariableIsSet("GAUNTLET_EXECUTABLE") ? qEnvironmentVariable("GAUNTLET_EXECUTABLE")
                                                                       : gauntlet::testing::gauntletExecutable();
        if (!QFileInfo::exists(m_gauntlet))
            QSKIP("the gauntlet executable is not built");
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(iotest::copyReferenceFiles(m_dir.path(), error), qPrintable(error));
    }

    void lightningCheckpoint_pythonReadsIdenticalTensors()
    {
        const QString missing = iotest::readBackMissing();
        if (!missing.isEmpty())
            QSKIP(qPrintable(missing));
        QFile manifest(m_dir.filePath("manifest.json"));
        QVERIFY(manifest.open(QIODevice::ReadOnly));
        const auto m = nlohmann::json::parse(manifest.readAll().toStdString());
        QFile expected(m_dir.filePath("expected.json"));
        QVERIFY(expected.open(QIODevice::WriteOnly));
        expected.write(QByteArray::fromStdString(m["checkpoints"]["lightning.ckpt"]["tensors"].dump()));
        expected.close();

        const QString out = m_dir.filePath("converted.safetensors");
        QString stdoutText, stderrText;
        QCOMPARE(gauntlet({m_dir.filePath("lightning.ckpt"), out}, stdoutText, stderrText), 0);
        QVERIFY2(stdoutText.startsWith("Wrote 19 tensors"), qPrintable(stdoutText + stderrText));
        bool ok = false;
        const QString log = iotest::runPython({iotest::helperScript(), "check", out, expected.fileName()}, ok);
        QVERIFY2(ok, qPrintable(log));
    }

    void llama2cCheckpoint_becomesLlamaFolder()
    {
        const QString checkpoint = gauntlet::testing::sharedCopy("models/stories260K/stories260K.bin");
        const QString tokenizer = gauntlet::testing::sharedCopy("models/stories260K/tok512.bin");
        const QString folder = m_dir.filePath("stories260K");
        QString o, e;
        QCOMPARE(gauntlet({checkpoint, folder, "--llama2c-tokenizer", tokenizer}, o, e), 0);
        QVERIFY2(o.startsWith("Wrote a Llama model folder with 47 tensors (1040128 bytes)"), qPrintable(o + e));
        QFile config(QDir(folder).filePath("config.json"));
        QVERIFY(config.open(QIODevice::ReadOnly));
        const auto c = nlohmann::json::parse(config.readAll().toStdString());
        QCOMPARE(c["model_type"].get<std::string>(), std::string("llama"));
        QCOMPARE(c["num_key_value_heads"].get<int>(), 4);
        QVERIFY(QFileInfo::exists(QDir(folder).filePath("model.safetensors")));
        QVERIFY(QFileInfo::exists(QDir(folder).filePath("tokenizer.json")));
        // A wrong tokenizer (vocab size) fails naming it, with exit code 1.
        QCOMPARE(gauntlet({checkpoint, m_dir.filePath("bad"), "--llama2c-tokenizer", checkpoint}, o, e), 1);
        QVERIFY2(e.contains("llama2.c tokenizer") && e.contains("stories260K.bin"), qPrintable(e));
    }

    void badInput_exitCodes()
    {
        QString o, e;
        QCOMPARE(gauntlet({m_dir.filePath("lightning.ckpt")}, o, e), 2);  // usage: DST missing
        QCOMPARE(gauntlet({m_dir.filePath("values_p2.pkl"), m_dir.filePath("x.safetensors")}, o, e), 1);
        QVERIFY2(e.contains("values_p2.pkl") && e.count('\n') == 1, qPrintable(e));
        QVERIFY(!QFile::exists(m_dir.filePath("x.safetensors")));
    }
};

GAUNTLET_TEST_MAIN(TestConvertCommand)
#include "tst_convert_command.moc"
