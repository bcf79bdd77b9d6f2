// `gauntlet score` given sacrebleu's own command lines, unchanged, prints the bytes sacrebleu 2.6.0
// printed for them: every case of tests/data/metrics/sacrebleu_golden.json (made by
// tests/metrics/make_sacrebleu_golden.py, which ran sacrebleu on the WMT21 TED files): its
// defaults, options, tokenizers intl and zh and -l, smoothing, chrF and TER flags, several
// references, --confidence, one system as JSON, text and LaTeX with aligned lines, several systems
// as JSON, fancy-grid and LaTeX tables, paired tests, -sh, -d, SACREBLEU_FORMAT, a repeated -i or
// -m, the system output on standard input, and sentence level.
#include "app/cli/command.h"
#include "tests/metrics/sacrebleu_golden.h"
#include "tests/support/cli_runner.h"

#include <QDir>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <QFile>
#include <QTemporaryDir>
#include "tests/support/test_files.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;
using gauntlet::testing::runCli;

namespace {

void writeLines(const QString &path, const std::vector<std::string> &lines)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    for (const auto &l : lines)
        f.write(QByteArray::fromStdString(l) + '\n');
}

}  // namespace

class TestSacrebleuCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    nlohmann::json m_golden;
    QString m_previousDir;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_golden = sacrebleugolden::load();
        const auto corpus = sacrebleugolden::tedCorpus();
        for (const auto &[system, lines] : corpus.systems)
            writeLines(m_dir.filePath(QString::fromStdString(system) + QStringLiteral(".txt")), lines);
        writeLines(m_dir.filePath(QStringLiteral("ref.txt")), corpus.reference);
        writeLines(m_dir.filePath(QStringLiteral("ref2.txt")), corpus.systems.at("Online-W"));
        std::vector<std::string> joined;
        for (std::size_t i = 0; i < corpus.reference.size(); ++i)
            joined.push_back(corpus.reference[i] + "\t" + corpus.systems.at("Online-W")[i]);
        writeLines(m_dir.filePath(QStringLiteral("refs2.tsv")), joined);
        std::vector<std::string> twoSystems;
        for (std::size_t i = 0; i < corpus.reference.size(); ++i)
            twoSystems.push_back(corpus.systems.at("Facebook-AI")[i] + "\t" + corpus.systems.at("Nemo")[i]);
        writeLines(m_dir.filePath(QStringLiteral("sys2.tsv")), twoSystems);
        // The command lines name the files relative to the folder they ran in.
        m_previousDir = QDir::currentPath();
        QVERIFY(QDir::setCurrent(m_dir.path()));
        qunsetenv("SACREBLEU_SEED");
    }

    void cleanupTestCase() { QDir::setCurrent(m_previousDir); }

    void sacrebleuCommandLine_printsSacrebleuNumbers_data()
    {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < m_golden.at("cli").size(); ++i)
            QTest::newRow(m_golden["cli"][i].at("name").get<std::string>().c_str()) << int(i);
        QCOMPARE(m_golden.at("cli").size(), std::size_t(56));
    }

    void sacrebleuCommandLine_printsSacrebleuNumbers()
    {
        QFETCH(int, index);
        const auto &c = m_golden.at("cli").at(static_cast<std::size_t>(index));
        QStringList args{QStringLiteral("score")};
        for (const auto &a : c.at("args"))
            args.append(QString::fromStdString(a.get<std::string>()));
        for (const auto &[key, value] : c.at("env").items())
            qputenv(key.c_str(), QByteArray::fromStdString(value.get<std::string>()));
        // A case with "stdin" gives that file as the process's standard input.
        const bool fromStdin = c.contains("stdin");
        if (fromStdin)
            QVERIFY(std::freopen(QFile::encodeName(m_dir.filePath(QString::fromStdString(c.at("stdin")))).constData(), "rb",
                                 stdin));
        const auto r = runCli(args);
        if (fromStdin)
            QVERIFY(std::freopen("/dev/null", "rb", stdin));
        for (const auto &[key, value] : c.at("env").items())
            qunsetenv(key.c_str());
        QVERIFY2(r.code == cli::ExitOk, qPrintable(r.err));
        const QString want = QString::fromStdString(c.at("stdout").get<std::string>());
        if (r.out == want)
            return;
        // Name the first line that differs.
        const QStringList expected = want.split(u'\n');
        const QStringList actual = r.out.split(u'\n');
        for (qsizetype i = 0; i < std::max(expected.size(), actual.size()); ++i)
            if (expected.value(i) != actual.value(i))
                QFAIL(qPrintable(QStringLiteral("line %1 of %2 | %3\nexpected: %4\nactual:   %5")
                                     .arg(i + 1)
                                     .arg(expected.size())
                                     .arg(actual.size())
                                     .arg(expected.value(i), actual.value(i))));
    }

    // What sacrebleu cannot be asked but gauntlet says: the version it reproduces, and that a
    // repeated -i replaced the first.
    void version_andReplacedInput()
    {
        const auto v = runCli({QStringLiteral("score"), QStringLiteral("-V")});
        QCOMPARE(v.code, int(cli::ExitOk));
        QVERIFY2(v.out.contains(QStringLiteral("sacrebleu 2.6.0")), qPrintable(v.out));
        const auto r = runCli({QStringLiteral("score"), QStringLiteral("ref.txt"), QStringLiteral("-i"), QStringLiteral("Nemo.txt"),
                               QStringLiteral("-i"), QStringLiteral("UEdin.txt"), QStringLiteral("-f"), QStringLiteral("text")});
        QCOMPARE(r.code, int(cli::ExitOk));
        QVERIFY2(r.err.contains(QStringLiteral("-i Nemo.txt")), qPrintable(r.err));
        const auto none = runCli({QStringLiteral("score"), QStringLiteral("ref.txt"), QStringLiteral("-i")});
        QCOMPARE(none.code, int(cli::ExitUsage));
        QVERIFY2(none.err.contains(QStringLiteral("-i needs at least one system output file")), qPrintable(none.err));
    }

    // Standard input that sacrebleu would misread is refused with its line: a row with another
    // number of systems, and no input at all.
    void stdin_badInput_namesLine()
    {
        QVERIFY(testing::writeFile(m_dir.filePath(QStringLiteral("ragged.tsv")), "a\tb\nc\n"));
        for (const QString &file : {QStringLiteral("ragged.tsv"), QStringLiteral("/dev/null")}) {
            const QByteArray path = QFile::encodeName(file.startsWith(u'/') ? file : m_dir.filePath(file));
            QVERIFY2(std::freopen(path.constData(), "rb", stdin), std::strerror(errno));
            const auto r = runCli({QStringLiteral("score"), QStringLiteral("ref.txt")});
            QVERIFY(std::freopen("/dev/null", "rb", stdin));
            QCOMPARE(r.code, int(cli::ExitFailure));
            QVERIFY2(r.err.contains(QStringLiteral("standard input")), qPrintable(r.err));
            QVERIFY2(r.err.contains(file.startsWith(u'/') ? QStringLiteral("empty") : QStringLiteral("standard input:2:")), qPrintable(r.err));
        }
    }
};

GAUNTLET_TEST_MAIN(TestSacrebleuCli)
#include "tst_sacrebleu_cli.moc"
