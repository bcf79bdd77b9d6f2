// `gauntlet models check PATH` (issue 38): what a model folder or file is and whether it loads,
// on the shipped pack (each role), llama.cpp's vocabulary-only Qwen2 GGUF, a folder missing its
// weights, and a Hugging Face hub cache layout.
// Parameter counts are checked against the safetensors headers read here.
#include "tests/support/test_main.h"
#include "tests/support/cli_runner.h"
#include "tests/support/safetensors_header.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace {

QString pack(const char *role)
{
    return QStringLiteral(GAUNTLET_SOURCE_DIR "/resources/models/default/") + QString::fromLatin1(role);
}

}  // namespace

class TestModelsCommand : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void pack_eachRoleDescribedAndLoaded_data()
    {
        QTest::addColumn<QString>("role");
        QTest::addColumn<QString>("kind");
        QTest::newRow("difficulty") << "difficulty" << "difficulty";
        QTest::newRow("acceptability") << "acceptability" << "acceptability";
        QTest::newRow("lm") << "lm" << "perplexity";
    }
    void pack_eachRoleDescribedAndLoaded()
    {
        QFETCH(QString, role);
        QFETCH(QString, kind);
        const QString folder = pack(role.toLatin1().constData());
        const gauntlet::testing::CliResult r = gauntlet::testing::runCli({QStringLiteral("models"), QStringLiteral("check"), folder});
        QVERIFY2(r.code == 0, qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("role: ") + kind + u'\n'), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("layout: Hugging Face")), qPrintable(r.out));
        const long long parameters = gauntlet::testing::safetensorsHeaderParameters(folder + QStringLiteral("/model.safetensors"));
        QVERIFY(parameters > 0);
        QVERIFY2(r.out.contains(QStringLiteral("parameters: %1 (F32)").arg(parameters)), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("will load: yes")), qPrintable(r.out));
    }

    void vocabularyOnlyGguf_isRecognisedAndRefused()
    {
        // llama.cpp's ggml-vocab-qwen2.gguf: a real GGUF file (qwen2 metadata, Qwen2's vocabulary)
        // without a tensor. It is a language-model file by its architecture, has 0 parameters, and
        // will not load, saying why.
        QString gguf;
        for (const QString &dir : {qEnvironmentVariable("GAUNTLET_LLAMA_CPP_MODELS"), QStringLiteral(GAUNTLET_BINARY_DIR "/test-data/llama_cpp/models"),
                                   QDir::homePath() + QStringLiteral("/.cache/gauntlet/node-llama-cpp-3.21.1/models")})
            if (gguf.isEmpty() && !dir.isEmpty() && QFile::exists(dir + QStringLiteral("/ggml-vocab-qwen2.gguf")))
                gguf = dir + QStringLiteral("/ggml-vocab-qwen2.gguf");
        if (gguf.isEmpty())
            QSKIP("llama.cpp's vocabulary files are missing: run scripts/llama-cpp.sh (scripts/install.sh does)");
        const gauntlet::testing::CliResult r = gauntlet::testing::runCli({QStringLiteral("models"), QStringLiteral("check"), gguf});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.contains(QStringLiteral("layout: GGUF file")) && r.out.contains(QStringLiteral("role: perplexity")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("parameters: 0 ")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("will not load: ")), qPrintable(r.out));
    }

    void folderWithoutWeights_saysWhatIsMissing()
    {
        QTemporaryDir dir;
        const QString broken = dir.filePath(QStringLiteral("difficulty"));
        QVERIFY(QDir().mkpath(broken));
        for (const QString &name : QDir(pack("difficulty")).entryList(QDir::Files))
            if (name != QLatin1String("model.safetensors"))
                QVERIFY(QFile::copy(QDir(pack("difficulty")).filePath(name), QDir(broken).filePath(name)));
        const gauntlet::testing::CliResult r = gauntlet::testing::runCli({QStringLiteral("models"), QStringLiteral("check"), broken});
        QCOMPARE(r.code, 1);
        QVERIFY2(r.out.contains(QStringLiteral("will not load: ")) && r.out.contains(broken) && r.out.contains(QStringLiteral("model.safetensors")),
                 qPrintable(r.out));
    }

    void hubCacheLayout_isTheSnapshot()
    {
        QTemporaryDir cache;
        const QDir repo(cache.filePath(QStringLiteral("models--test--cola")));
        QVERIFY(QDir().mkpath(repo.filePath(QStringLiteral("blobs"))));
        QVERIFY(QDir().mkpath(repo.filePath(QStringLiteral("refs"))));
        QVERIFY(QDir().mkpath(repo.filePath(QStringLiteral("snapshots/5eed"))));
        int blob = 0;
        for (const QString &name : QDir(pack("acceptability")).entryList(QDir::Files)) {
            const QString target = QStringLiteral("b%1").arg(++blob);
            QVERIFY(QFile::copy(QDir(pack("acceptability")).filePath(name), repo.filePath(QStringLiteral("blobs/") + target)));
            QVERIFY(QFile::link(QStringLiteral("../../blobs/") + target, repo.filePath(QStringLiteral("snapshots/5eed/") + name)));
        }
        const gauntlet::testing::CliResult r = gauntlet::testing::runCli({QStringLiteral("models"), QStringLiteral("check"), repo.path()});
        QVERIFY2(r.code == 0, qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("folder: ") + repo.filePath(QStringLiteral("snapshots/5eed"))), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("role: acceptability")), qPrintable(r.out));
    }
};

GAUNTLET_TEST_MAIN(TestModelsCommand)
#include "tst_models_command.moc"
