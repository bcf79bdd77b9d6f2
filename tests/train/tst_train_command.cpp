// `gauntlet train` on the command line: usage errors exit 2 with one line, failures exit 1 naming
// the input, and `train tokenizer` writes a folder that loads with XLM-R ids.
#include "app/cli/command.h"
#include "engine/text/tokenizer.h"
#include "tests/support/cli_runner.h"

#include <QStandardPaths>
#include <QTemporaryDir>
#include "tests/support/test_main.h"
#include <QtTest>

using gauntlet::testing::runCli;

class TestTrainCommand : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void usageErrors_exitTwoWithOneLine_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("no model") << QStringList{QStringLiteral("train")};
        QTest::newRow("unknown model") << QStringList{QStringLiteral("train"), QStringLiteral("bogus"), QStringLiteral("--output"),
                                                      QStringLiteral("x")};
        QTest::newRow("no output") << QStringList{QStringLiteral("train"), QStringLiteral("difficulty")};
        QTest::newRow("bad number") << QStringList{QStringLiteral("train"), QStringLiteral("difficulty"), QStringLiteral("--output"),
                                                   QStringLiteral("x"), QStringLiteral("--steps"), QStringLiteral("many")};
        QTest::newRow("unknown option") << QStringList{QStringLiteral("train"), QStringLiteral("lm"), QStringLiteral("--output"),
                                                       QStringLiteral("x"), QStringLiteral("--frobnicate")};
    }
    void usageErrors_exitTwoWithOneLine()
    {
        QFETCH(QStringList, args);
        const auto r = runCli(args);
        QCOMPARE(r.code, int(gauntlet::cli::ExitUsage));
        if (args.size() > 1)
            QCOMPARE(r.err.count('\n'), 1);
    }

    void missingTokenizer_exitsOneNamingIt()
    {
        QTemporaryDir dir;
        const auto r = runCli({QStringLiteral("train"), QStringLiteral("difficulty"), QStringLiteral("--data"),
                               QStringLiteral(GAUNTLET_SHARED_DIR "/data"), QStringLiteral("--tokenizer"), dir.filePath(QStringLiteral("none")),
                               QStringLiteral("--output"), dir.filePath(QStringLiteral("out")), QStringLiteral("--quiet")});
        QCOMPARE(r.code, int(gauntlet::cli::ExitFailure));
        QVERIFY2(r.err.contains(QStringLiteral("none")), qPrintable(r.err));
        QCOMPARE(r.err.count('\n'), 1);
    }

    void tokenizer_writesXlmrFolder()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("spm_train")).isEmpty())
            QSKIP("spm_train (Debian package sentencepiece) is not installed");
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("tok"));
        const auto r = runCli({QStringLiteral("train"), QStringLiteral("tokenizer"), QStringLiteral("--data"),
                               QStringLiteral(GAUNTLET_SHARED_DIR "/data"), QStringLiteral("--vocab-size"), QStringLiteral("500"),
                               QStringLiteral("--lines-per-source"), QStringLiteral("100"), QStringLiteral("--output"), out});
        QCOMPARE(r.code, int(gauntlet::cli::ExitOk));
        QVERIFY(r.out.trimmed().endsWith(QStringLiteral("sentencepiece.bpe.model")));
        gauntlet::text::LoadOptions opts;
        opts.xlmrIds = true;
        QCOMPARE(gauntlet::text::loadTokenizer(out, opts)->vocabSize(), 502);
    }
};

GAUNTLET_TEST_MAIN(TestTrainCommand)
#include "tst_train_command.moc"
