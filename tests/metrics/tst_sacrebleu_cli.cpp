// `gauntlet score` given sacrebleu's own command lines, unchanged, prints sacrebleu 2.6.0's
// numbers: every case of tests/data/metrics/sacrebleu_golden.json (options, tokenizers intl and
// zh, smoothing, chrF and TER flags, several references, --confidence, several systems, paired
// tests, sentence level; made by tests/metrics/make_sacrebleu_golden.py) on the WMT21 TED files.
// JSON output is compared key by key on sacrebleu's keys (numbers exactly; gauntlet adds keys),
// sentence-level text line by line.
#include "app/cli/command.h"
#include "tests/metrics/sacrebleu_golden.h"
#include "tests/support/cli_runner.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
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

// Every key of `want` (sacrebleu's) has the same value in `got`, recursively; numbers exactly.
void compareJson(const nlohmann::json &want, const nlohmann::json &got, const std::string &where, QString &report)
{
    if (want.is_object()) {
        if (!got.is_object()) {
            report += QStringLiteral("\n%1: expected an object | actual %2").arg(QString::fromStdString(where), QString::fromStdString(got.dump()));
            return;
        }
        for (const auto &[key, value] : want.items()) {
            if (!got.contains(key))
                report += QStringLiteral("\n%1: missing key '%2'").arg(QString::fromStdString(where), QString::fromStdString(key));
            else
                compareJson(value, got.at(key), where + "." + key, report);
        }
        return;
    }
    if (want.is_array()) {
        if (!got.is_array() || got.size() != want.size()) {
            report += QStringLiteral("\n%1: expected %2 entries | actual %3").arg(QString::fromStdString(where)).arg(want.size()).arg(QString::fromStdString(got.dump()).left(200));
            return;
        }
        for (std::size_t i = 0; i < want.size(); ++i)
            compareJson(want[i], got[i], where + "[" + std::to_string(i) + "]", report);
        return;
    }
    const bool same = want.is_number() && got.is_number() ? want.get<double>() == got.get<double>() : want == got;
    if (!same)
        report += QStringLiteral("\n%1: expected %2 | actual %3")
                      .arg(QString::fromStdString(where), QString::fromStdString(want.dump()), QString::fromStdString(got.dump()));
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
        QCOMPARE(m_golden.at("cli").size(), std::size_t(22));
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
        const auto r = runCli(args);
        for (const auto &[key, value] : c.at("env").items())
            qunsetenv(key.c_str());
        QVERIFY2(r.code == cli::ExitOk, qPrintable(r.err));
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        const std::string want = c.at("stdout");
        QString report;
        if (want.front() == '[' || want.front() == '{') {
            nlohmann::json expected = nlohmann::json::parse(want);
            if (expected.is_object())  // sacrebleu prints one metric as an object; gauntlet always an array
                expected = nlohmann::json::array({expected});
            compareJson(expected, nlohmann::json::parse(r.out.toStdString()), "output", report);
        } else {
            const QStringList expected = QString::fromStdString(want).split(u'\n', Qt::SkipEmptyParts);
            const QStringList actual = r.out.split(u'\n', Qt::SkipEmptyParts);
            QCOMPARE(actual.size(), expected.size());
            for (qsizetype i = 0; i < expected.size() && report.size() < 2000; ++i)
                if (actual[i] != expected[i])
                    report += QStringLiteral("\nline %1: expected %2\n        actual   %3").arg(i + 1).arg(expected[i], actual[i]);
        }
        QVERIFY2(report.isEmpty(), qPrintable(report.left(4000)));
    }
};

GAUNTLET_TEST_MAIN(TestSacrebleuCli)
#include "tst_sacrebleu_cli.moc"
