// `gauntlet score`, `gauntlet agreement` and `gauntlet correlate` end to end through
// gauntlet::cli::run: score reproduces every system's corpus BLEU, chrF2, chrF2++ and TER in
// ../shared/data/corpora/wmt21-ted-mqm-ende/ted_ende_system_scores.json (sacrebleu 2.6.0; its
// committed copy in tests/data/shared-copy) to 1e-9;
// agreement and correlate reproduce Krippendorff (2011) and scipy's kendalltau example; bad input
// gives one error line naming the file and line.
#include "app/cli/cli.h"
#include "tests/support/cli_runner.h"
#include "app/cli/command.h"
#include "tests/metrics/ted_segments.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include "tests/support/shared_copy.h"
#include "tests/support/test_files.h"
#include "tests/support/test_main.h"
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <map>

using namespace gauntlet;
using gauntlet::testing::runCli;
using Result = gauntlet::testing::CliResult;

namespace {

void writeFile(const QString &path, const QByteArray &bytes)
{
    QVERIFY(testing::writeFile(path, bytes));
}

}  // namespace

class TestMetricsCommands : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString path(const QString &name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void score_reproducesSystemScoresOfTedCorpus()
    {
        const auto expected = gauntlet::testing::jsonFile(gauntlet::testing::sharedCopy(QStringLiteral("corpora/wmt21-ted-mqm-ende/ted_ende_system_scores.json")));
        QVERIFY(!expected.is_null());
        std::map<std::string, std::pair<QByteArray, QByteArray>> files;
        for (const auto &s : tedcorpus::readSegments()) {
            files[s.system].first += QByteArray::fromStdString(s.mt) + '\n';
            files[s.system].second += QByteArray::fromStdString(s.reference) + '\n';
        }
        QCOMPARE(files.size(), expected.size());
        QString report;
        for (const auto &[system, want] : expected.items()) {
            const QString hyp = path(QString::fromStdString(system) + QStringLiteral(".hyp"));
            const QString ref = path(QString::fromStdString(system) + QStringLiteral(".ref"));
            writeFile(hyp, files.at(system).first);
            writeFile(ref, files.at(system).second);
            const Result r = runCli({QStringLiteral("score"), QStringLiteral("-i"), hyp, QStringLiteral("-r"), ref,
                                     QStringLiteral("-m"), QStringLiteral("bleu,chrf,chrf++,ter"), QStringLiteral("--json"),
                                     QStringLiteral("--exact")});
            QVERIFY2(r.code == cli::ExitOk, qPrintable(r.err));
            const auto got = nlohmann::json::parse(r.out.toStdString());
            QCOMPARE(got.size(), std::size_t(4));
            for (const auto &entry : got) {
                const std::string name = entry.at("name");
                const double actual = entry.at("exact_score");
                const double golden = want.at(name);
                if (!(std::fabs(actual - golden) <= 1e-9))
                    report += QStringLiteral("\n  %1 %2: expected %3 | actual %4")
                                  .arg(QString::fromStdString(system), QString::fromStdString(name))
                                  .arg(golden, 0, 'g', 17)
                                  .arg(actual, 0, 'g', 17);
                QCOMPARE(entry.at("segments").get<int>(), 529);
            }
        }
        QVERIFY2(report.isEmpty(), qPrintable(report));
    }

    void score_printsSacrebleuLines()
    {
        const QString hyp = path(QStringLiteral("Facebook-AI.hyp"));
        const QString ref = path(QStringLiteral("Facebook-AI.ref"));
        QVERIFY(QFile::exists(hyp));
        const Result r = runCli({QStringLiteral("score"), QStringLiteral("-i"), hyp, QStringLiteral("-r"), ref, QStringLiteral("-m"),
                                 QStringLiteral("bleu"), QStringLiteral("chrf"), QStringLiteral("ter"), QStringLiteral("-f"),
                                 QStringLiteral("text"), QStringLiteral("-w"), QStringLiteral("2")});
        QCOMPARE(r.code, int(cli::ExitOk));
        QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
        for (QString &line : lines)
            line = line.trimmed();  // sacrebleu right-aligns the lines on their equals sign
        QCOMPARE(lines.size(), 3);
        QVERIFY2(lines[0].startsWith(QLatin1String("BLEU|nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0 = 30.15 ")),
                 qPrintable(lines[0]));
        QVERIFY(lines[0].contains(QLatin1String("(BP = 1.000 ratio = ")));
        QCOMPARE(lines[1], QStringLiteral("chrF2|nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:2.6.0 = 60.42"));
        QCOMPARE(lines[2], QStringLiteral("TER|nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:2.6.0 = 58.97"));
    }

    void score_badInput_failsNamingFileAndLine_data()
    {
        QTest::addColumn<QByteArray>("hyp");
        QTest::addColumn<QByteArray>("ref");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("fewer reference lines") << QByteArray("a\nb\nc\n") << QByteArray("a\nb\n") << QStringList() << int(cli::ExitFailure)
                                               << "bad.ref:3: missing line";
        QTest::newRow("invalid UTF-8") << QByteArray("ok\n\xff\xfe\n") << QByteArray("a\nb\n") << QStringList() << int(cli::ExitFailure)
                                       << "bad.hyp:2: not valid UTF-8";
        QTest::newRow("empty hypothesis") << QByteArray() << QByteArray() << QStringList() << int(cli::ExitFailure)
                                          << "bad.hyp: has no segments";
        QTest::newRow("unknown metric") << QByteArray("a\n") << QByteArray("a\n") << QStringList{QStringLiteral("-m"), QStringLiteral("meteor")}
                                        << int(cli::ExitUsage) << "unknown metric 'meteor'";
    }

    void score_badInput_failsNamingFileAndLine()
    {
        QFETCH(QByteArray, hyp);
        QFETCH(QByteArray, ref);
        QFETCH(QStringList, extra);
        QFETCH(int, code);
        QFETCH(QString, message);
        writeFile(path(QStringLiteral("bad.hyp")), hyp);
        writeFile(path(QStringLiteral("bad.ref")), ref);
        const Result r = runCli(QStringList{QStringLiteral("score"), QStringLiteral("-i"), path(QStringLiteral("bad.hyp")),
                                            QStringLiteral("-r"), path(QStringLiteral("bad.ref"))}
                                + extra);
        QCOMPARE(r.code, code);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QCOMPARE(r.err.count(u'\n'), 1);
        QVERIFY(r.out.isEmpty());
    }

    // All 13 TED systems in one call, as several -i and as one TSV with a column per system,
    // against sacrebleu 2.6.0's corpus scores in ted_ende_system_scores.json.
    void score_severalSystemsInOneCall_reproduceSystemScores_data()
    {
        QTest::addColumn<bool>("tsv");
        QTest::newRow("several -i") << false;
        QTest::newRow("--tsv") << true;
    }

    void score_severalSystemsInOneCall_reproduceSystemScores()
    {
        QFETCH(bool, tsv);
        const auto expected = gauntlet::testing::jsonFile(gauntlet::testing::sharedCopy(QStringLiteral("corpora/wmt21-ted-mqm-ende/ted_ende_system_scores.json")));
        std::map<std::string, std::vector<std::string>> systems;
        QByteArray ref;
        for (const auto &s : tedcorpus::readSegments()) {
            systems[s.system].push_back(s.mt);
            if (s.system == "Facebook-AI")
                ref += QByteArray::fromStdString(s.reference) + '\n';
        }
        writeFile(path(QStringLiteral("all.ref")), ref);
        QStringList args{QStringLiteral("score"), path(QStringLiteral("all.ref"))};
        if (tsv) {
            QByteArray table;
            for (const auto &[name, lines] : systems)
                table += QByteArray::fromStdString(name) + (name == systems.rbegin()->first ? "\n" : "\t");
            for (std::size_t i = 0; i < 529; ++i)
                for (const auto &[name, lines] : systems)
                    table += QByteArray::fromStdString(lines[i]) + (name == systems.rbegin()->first ? "\n" : "\t");
            writeFile(path(QStringLiteral("systems.tsv")), table);
            args << QStringLiteral("--tsv") << path(QStringLiteral("systems.tsv"));
        } else {
            args << QStringLiteral("-i");
            for (const auto &[name, lines] : systems) {
                QByteArray text;
                for (const auto &l : lines)
                    text += QByteArray::fromStdString(l) + '\n';
                writeFile(path(QString::fromStdString(name)), text);
                args << path(QString::fromStdString(name));
            }
        }
        args << QStringLiteral("-m") << QStringLiteral("bleu") << QStringLiteral("chrf") << QStringLiteral("ter")
             << QStringLiteral("--json") << QStringLiteral("--exact");
        const Result r = runCli(args);
        QVERIFY2(r.code == cli::ExitOk, qPrintable(r.err));
        const auto got = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(got.size(), std::size_t(13));
        QString report;
        for (const auto &entry : got) {
            std::string system = entry.at("system");
            system = system.substr(system.find_last_of('/') + 1);
            for (const char *metric : {"BLEU", "chrF2", "TER"}) {
                const double actual = entry.at("exact_scores").at(metric);
                const double golden = expected.at(system).at(metric);
                if (!(std::fabs(actual - golden) <= 1e-9))
                    report += QStringLiteral("\n  %1 %2: expected %3 | actual %4")
                                  .arg(QString::fromStdString(system), QLatin1String(metric))
                                  .arg(golden, 0, 'g', 17)
                                  .arg(actual, 0, 'g', 17);
            }
        }
        QVERIFY2(report.isEmpty(), qPrintable(report));
    }

    // Sentence level for every TED segment of every system in one call against sacrebleu 2.6.0's
    // sentence TER, chrF2 and BLEU (effective order) in ted_ende_segments.tsv (6 decimals).
    void score_sentenceLevel_reproducesSegmentScores()
    {
        QStringList args{QStringLiteral("score"), path(QStringLiteral("all.ref")), QStringLiteral("-i")};
        for (const QString &name : {QStringLiteral("Facebook-AI"), QStringLiteral("Online-W"), QStringLiteral("metricsystem5")})
            args << path(name);
        QVERIFY(QFile::exists(path(QStringLiteral("Online-W"))));
        args << QStringLiteral("-m") << QStringLiteral("ter,chrf") << QStringLiteral("bleu") << QStringLiteral("-sl")
             << QStringLiteral("--format") << QStringLiteral("tsv") << QStringLiteral("-w") << QStringLiteral("9");
        const Result r = runCli(args);
        QVERIFY2(r.code == cli::ExitOk, qPrintable(r.err));
        const QStringList lines = r.out.split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 3 * 529 * 3);
        QCOMPARE(lines[0], QStringLiteral("system\tsegment\tmetric\tscore"));
        std::map<std::string, std::vector<tedcorpus::Segment>> rows;
        for (const auto &s : tedcorpus::readSegments())
            rows[s.system].push_back(s);
        int mismatches = 0;
        QString report;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QStringList f = lines[i].split(u'\t');
            QCOMPARE(f.size(), 4);
            const std::string system = QFileInfo(f[0]).fileName().toStdString();
            const auto &seg = rows.at(system).at(static_cast<std::size_t>(f[1].toInt() - 1));
            const double golden = f[2] == QLatin1String("TER") ? seg.ter : f[2] == QLatin1String("chrF2") ? seg.chrf2 : seg.sentBleu;
            if (!(std::fabs(f[3].toDouble() - golden) <= 5e-7 + 1e-9) && ++mismatches <= 5)
                report += QStringLiteral("\n  %1: expected %2").arg(lines[i]).arg(golden, 0, 'g', 17);
        }
        QVERIFY2(mismatches == 0, qPrintable(QString::number(mismatches) + report));
    }

    void score_byteOrderMark_isDroppedAndSaidInHelp()
    {
        writeFile(path(QStringLiteral("bom.hyp")), "\xEF\xBB\xBFhello world\n");
        writeFile(path(QStringLiteral("bom.ref")), "hello world\n");
        const Result r = runCli({QStringLiteral("score"), path(QStringLiteral("bom.ref")), QStringLiteral("-i"),
                                 path(QStringLiteral("bom.hyp")), QStringLiteral("-m"), QStringLiteral("chrf"), QStringLiteral("-b")});
        QVERIFY2(r.code == cli::ExitOk, qPrintable(r.err));
        QCOMPARE(r.out, QStringLiteral("100.0\n"));
        const Result help = runCli({QStringLiteral("score"), QStringLiteral("--help")});
        QCOMPARE(help.code, int(cli::ExitOk));
        QVERIFY2(help.out.contains(QLatin1String("byte order\nmark at the start of a file is dropped on purpose"))
                     || help.out.simplified().contains(QLatin1String("byte order mark at the start of a file is dropped on purpose")),
                 qPrintable(help.out));
    }

    void score_unsupportedOrBadOptions_failWithOneLine_data()
    {
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("message");
        QTest::newRow("ja-mecab") << QStringList{QStringLiteral("-tok"), QStringLiteral("ja-mecab")}
                                  << "tokenizer 'ja-mecab' is not available in gauntlet";
        QTest::newRow("sentence level with a test") << QStringList{QStringLiteral("-sl"), QStringLiteral("--confidence")}
                                                    << "statistical tests are unavailable with --sentence-level";
        QTest::newRow("paired with one system") << QStringList{QStringLiteral("--paired-bs")} << "paired tests need at least two systems";
        QTest::newRow("smoothing") << QStringList{QStringLiteral("-s"), QStringLiteral("laplace")} << "unknown smoothing method 'laplace'";
        QTest::newRow("format") << QStringList{QStringLiteral("-f"), QStringLiteral("html")} << "unknown format 'html'";
    }

    void score_unsupportedOrBadOptions_failWithOneLine()
    {
        QFETCH(QStringList, extra);
        QFETCH(QString, message);
        const Result r = runCli(QStringList{QStringLiteral("score"), path(QStringLiteral("bom.ref")), QStringLiteral("-i"),
                                            path(QStringLiteral("bom.hyp"))}
                                + extra);
        QCOMPARE(r.code, int(cli::ExitUsage));
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QCOMPARE(r.err.count(u'\n'), 1);
        QVERIFY(r.out.isEmpty());
    }

    void score_badSystemsTsv_failsNamingFileAndLine()
    {
        writeFile(path(QStringLiteral("bad.tsv")), "A\tB\nx\ty\nonly one\n");
        writeFile(path(QStringLiteral("two.ref")), "x\ny\n");
        const Result r = runCli({QStringLiteral("score"), path(QStringLiteral("two.ref")), QStringLiteral("--tsv"),
                                 path(QStringLiteral("bad.tsv"))});
        QCOMPARE(r.code, int(cli::ExitFailure));
        QVERIFY2(r.err.contains(QLatin1String("bad.tsv:3: has 1 tab-separated fields but the header names 2 systems")),
                 qPrintable(r.err));
    }

    // Krippendorff (2011)'s four-coder example as (item, rater, score) rows, missing values left out.
    void agreement_reproducesKrippendorff2011_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<double>("alpha");
        QTest::newRow("nominal") << QStringList{QStringLiteral("--level"), QStringLiteral("nominal")} << 0.743421052631579;
        QTest::newRow("ordinal") << QStringList{QStringLiteral("--level"), QStringLiteral("ordinal")} << 0.8153875037548813;
        QTest::newRow("interval") << QStringList() << 0.8491071428571428;
        QTest::newRow("ratio") << QStringList{QStringLiteral("--level"), QStringLiteral("ratio")} << 0.7974027747116127;
        QTest::newRow("relative") << QStringList{QStringLiteral("--relative")} << 0.8465076375805772;
    }

    void agreement_reproducesKrippendorff2011()
    {
        QFETCH(QStringList, options);
        QFETCH(double, alpha);
        const char *rows[4] = {"1,2,3,3,2,1,4,1,2,,,", "1,2,3,3,2,2,4,1,2,5,,3", ",3,3,3,2,3,4,2,2,5,1,", "1,2,3,3,2,4,4,1,2,5,1,"};
        QByteArray csv = "item,rater,score\n";
        for (int c = 0; c < 4; ++c) {
            const QList<QByteArray> values = QByteArray(rows[c]).split(',');
            for (int u = 0; u < values.size(); ++u)
                csv += "\"unit " + QByteArray::number(u + 1) + "\",coder" + QByteArray::number(c + 1) + "," + values[u] + "\n";
        }
        writeFile(path(QStringLiteral("k2011.csv")), csv);
        const Result r = runCli(QStringList{QStringLiteral("agreement"), path(QStringLiteral("k2011.csv")), QStringLiteral("--json")} + options);
        QVERIFY2(r.code == cli::ExitOk, qPrintable(r.err));
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QVERIFY2(std::fabs(j.at("alpha").get<double>() - alpha) <= 1e-12, qPrintable(r.out));
        QCOMPARE(j.at("raters").get<int>(), 4);
        QCOMPARE(j.at("items").get<int>(), 12);
    }

    void agreement_badInput_failsWithOneLine()
    {
        writeFile(path(QStringLiteral("bad.tsv")), "item\trater\tscore\nu1\ta\t3\nu1\tb\tgood\n");
        Result r = runCli({QStringLiteral("agreement"), path(QStringLiteral("bad.tsv"))});
        QCOMPARE(r.code, int(cli::ExitFailure));
        QVERIFY2(r.err.contains(QLatin1String("bad.tsv:3: score 'good' is not a number")), qPrintable(r.err));
        writeFile(path(QStringLiteral("same.tsv")), "u1\ta\t3\nu1\tb\t3\n");
        r = runCli({QStringLiteral("agreement"), path(QStringLiteral("same.tsv"))});
        QCOMPARE(r.code, int(cli::ExitFailure));
        QVERIFY2(r.err.contains(QLatin1String("no variation")), qPrintable(r.err));
        r = runCli({QStringLiteral("agreement"), path(QStringLiteral("same.tsv")), QStringLiteral("--level"), QStringLiteral("cardinal")});
        QCOMPARE(r.code, int(cli::ExitUsage));
    }

    void correlate_reproducesScipyKendallExample()
    {
        const auto c = gauntlet::testing::jsonFile(gauntlet::testing::sharedCopy(QStringLiteral("vectors/agreement.json"))).at("kendall_tau_b").at(0);
        QByteArray csv = "x,y\n";
        for (std::size_t i = 0; i < c.at("x").size(); ++i)
            csv += QByteArray::number(c.at("x")[i].get<double>()) + "," + QByteArray::number(c.at("y")[i].get<double>()) + "\n";
        writeFile(path(QStringLiteral("xy.csv")), csv);
        const Result r = runCli({QStringLiteral("correlate"), path(QStringLiteral("xy.csv")), QStringLiteral("--json")});
        QVERIFY2(r.code == cli::ExitOk, qPrintable(r.err));
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j.at("n").get<int>(), 5);
        QVERIFY(std::fabs(j.at("kendall_tau_b").at("coefficient").get<double>() - c.at("tau").get<double>()) <= 1e-12);
        QVERIFY(std::fabs(j.at("kendall_tau_b").at("p").get<double>() - c.at("p").get<double>()) <= 1e-12);
        const Result text = runCli({QStringLiteral("correlate"), path(QStringLiteral("xy.csv"))});
        QVERIFY2(text.out.contains(QLatin1String("Kendall tau-b  = -0.4714")), qPrintable(text.out));
    }

    void correlate_constantColumn_failsWithOneLine()
    {
        writeFile(path(QStringLiteral("flat.csv")), "1,5\n2,5\n3,5\n");
        const Result r = runCli({QStringLiteral("correlate"), path(QStringLiteral("flat.csv"))});
        QCOMPARE(r.code, int(cli::ExitFailure));
        QVERIFY2(r.err.contains(QLatin1String("y is constant")), qPrintable(r.err));
        QCOMPARE(r.err.count(u'\n'), 1);
    }
};

GAUNTLET_TEST_MAIN(TestMetricsCommands)
#include "tst_metrics_commands.moc"
