// `gauntlet convert`, run as a process on a Lightning-style checkpoint written by python3-torch;
// the result is read back by the shared Python reference reader (st.py) and compared byte for byte
// with the tensors Python dumped. GAUNTLET_EXECUTABLE overrides the executable under test.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include "tests/support/test_main.h"
#include <QtTest>

#include <nlohmann/json.hpp>

class TestConvertCommand : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_gauntlet;

    static QString python(const QStringList &args, bool &ok)
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("GAUNTLET_REFERENCE_DIR", QStringLiteral(GAUNTLET_SHARED_DIR "/tools/reference"));
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start("/usr/bin/python3", QStringList{QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/io/write_torch_files.py")} + args);
        ok = p.waitForFinished(120000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
        return QString::fromUtf8(p.readAll());
    }

    int gauntlet(const QStringList &args, QString &out, QString &err)
    {
        QProcess p;
        p.start(m_gauntlet, QStringList{QStringLiteral("convert")} + args);
        if (!p.waitForFinished(120000))
            return -1;
        out = QString::fromUtf8(p.readAllStandardOutput());
        err = QString::fromUtf8(p.readAllStandardError());
        return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_gauntlet = qEnvironmentVariableIsSet("GAUNTLET_EXECUTABLE") ? qEnvironmentVariable("GAUNTLET_EXECUTABLE")
                                                                       : QStringLiteral(GAUNTLET_BINARY_DIR "/app/gauntlet");
        if (!QFileInfo::exists(m_gauntlet))
            QSKIP("the gauntlet executable is not built");
        QVERIFY(m_dir.isValid());
        bool ok = false;
        const QString log = python({"write", m_dir.path()}, ok);
        QVERIFY2(ok, qPrintable(log));
    }

    void lightningCheckpoint_pythonReadsIdenticalTensors()
    {
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
        const QString log = python({"check", out, expected.fileName()}, ok);
        QVERIFY2(ok, qPrintable(log));
    }

    void llama2cCheckpoint_becomesLlamaFolder()
    {
        const QString models = QStringLiteral(GAUNTLET_SHARED_DIR "/data/models/stories260K/");
        const QString folder = m_dir.filePath("stories260K");
        QString o, e;
        QCOMPARE(gauntlet({models + "stories260K.bin", folder, "--llama2c-tokenizer", models + "tok512.bin"}, o, e), 0);
        QVERIFY2(o.startsWith("Wrote a Llama model folder with 47 tensors (1040128 bytes)"), qPrintable(o + e));
        QFile config(QDir(folder).filePath("config.json"));
        QVERIFY(config.open(QIODevice::ReadOnly));
        const auto c = nlohmann::json::parse(config.readAll().toStdString());
        QCOMPARE(c["model_type"].get<std::string>(), std::string("llama"));
        QCOMPARE(c["num_key_value_heads"].get<int>(), 4);
        QVERIFY(QFileInfo::exists(QDir(folder).filePath("model.safetensors")));
        QVERIFY(QFileInfo::exists(QDir(folder).filePath("tokenizer.json")));
        // A wrong tokenizer (vocab size) fails naming it, with exit code 1.
        QCOMPARE(gauntlet({models + "stories260K.bin", m_dir.filePath("bad"), "--llama2c-tokenizer", models + "stories260K.bin"}, o, e), 1);
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
