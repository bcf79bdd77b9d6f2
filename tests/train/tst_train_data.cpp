// Data preparation for the default pack on the real shared data: counts against the numbers the
// SOURCE files state, z-normalisation, document-level splits, CoLA and English readers, and the
// evaluation statistics (Matthews correlation, AUC) against hand-computed values.
#include "engine/train/data.h"
#include "engine/train/train_error.h"
#include "engine/train/trainers.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include "tests/support/test_files.h"
#include "tests/support/test_main.h"
#include <QtTest>

#include <cmath>
#include <map>
#include <set>

using namespace gauntlet::train;

namespace {
QString shared(const QString &rel)
{
    return QDir(QStringLiteral(GAUNTLET_SHARED_DIR "/data")).filePath(rel);
}
}  // namespace

class TestTrainData : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (!QFileInfo::exists(shared(QStringLiteral("judgments"))))
            QSKIP("../shared/data is not available");
    }

    void difficultyData_countsMatchSourceFiles()
    {
        const auto data = readDifficultyData(shared(QStringLiteral("judgments")));
        // judgments/google-mqm-ende/SOURCE.txt: newstest2020 1418 | newstest2021 527 | ted 529 | generalMT2023 104;
        // judgments/wmt24-esa/SOURCE.txt: pooled file header + 634 rows.
        std::map<std::string, int> counts;
        for (const auto &e : data)
            counts[e.dataset] += 1;
        QCOMPARE(counts["mqm-newstest2020"], 1418);
        QCOMPARE(counts["mqm-newstest2021"], 527);
        QCOMPARE(counts["mqm-ted"], 529);
        QCOMPARE(counts["mqm-generalMT2023"], 104);
        QCOMPARE(counts["esa-wmt24"], 634);
        QCOMPARE(int(data.size()), 2578 + 634);
        // First MQM row: newstest2020 seg 1, mean -2.6190 (the file's own text).
        QCOMPARE(data.front().segment, std::string("1"));
        QCOMPARE(data.front().score, -2.6190);
        QVERIFY(data.front().text.rfind("Michael Jackson wore tape", 0) == 0);
    }

    void difficultyData_zNormalisedPerDataset()
    {
        const auto data = readDifficultyData(shared(QStringLiteral("judgments")));
        std::map<std::string, std::vector<double>> byDataset;
        for (const auto &e : data)
            byDataset[e.dataset].push_back(e.target);
        QCOMPARE(int(byDataset.size()), 5);
        for (const auto &[name, v] : byDataset) {
            double mean = meanOf(v), var = 0;
            for (double x : v)
                var += (x - mean) * (x - mean);
            QVERIFY2(std::abs(mean) < 1e-9, name.c_str());
            QVERIFY2(std::abs(std::sqrt(var / double(v.size())) - 1.0) < 1e-9, name.c_str());
        }
        // Order is kept within a dataset: a higher raw score gives a higher target.
        QVERIFY((data[0].score < data[1].score) == (data[0].target < data[1].target));
    }

    void splitByDocument_noDocumentStraddlesSplits_data()
    {
        QTest::addColumn<quint64>("seed");
        QTest::newRow("seed 1") << quint64(1);
        QTest::newRow("seed 7") << quint64(7);
    }
    void splitByDocument_noDocumentStraddlesSplits()
    {
        QFETCH(quint64, seed);
        const auto data = readDifficultyData(shared(QStringLiteral("judgments")));
        const auto splits = splitByDocument(data, 0.10, 0.15, seed);
        QCOMPARE(splits.size(), data.size());
        std::map<std::string, std::set<int>> splitsOfDoc;
        std::map<Split, int> sizes;
        for (size_t i = 0; i < data.size(); ++i) {
            splitsOfDoc[data[i].document].insert(int(splits[i]));
            sizes[splits[i]] += 1;
        }
        for (const auto &[doc, s] : splitsOfDoc)
            QVERIFY2(s.size() == 1, doc.c_str());
        const double n = double(data.size());
        QVERIFY(sizes[Split::Test] / n >= 0.15 && sizes[Split::Test] / n < 0.19);
        QVERIFY(sizes[Split::Dev] / n >= 0.10 && sizes[Split::Dev] / n < 0.14);
        // Seeded: the same seed gives the same split, another seed another one.
        QVERIFY(splitByDocument(data, 0.10, 0.15, seed) == splits);
        QVERIFY(splitByDocument(data, 0.10, 0.15, seed + 1) != splits);
        // Real documents (TED talks, WMT23/24 doc ids) are the unit where the files have them.
        QVERIFY(splitsOfDoc.count("mqm-ted/talk.1") == 1);
        QVERIFY(splitsOfDoc.count("esa-wmt24/test-en-news_beverly_press.3585") == 1);
    }

    void splitByDocument_badFractions_throws()
    {
        QVERIFY_THROWS_EXCEPTION(TrainError, splitByDocument({}, 0.6, 0.5, 1));
        QVERIFY_THROWS_EXCEPTION(TrainError, splitByDocument({}, -0.1, 0.1, 1));
    }

    void cola_countsMatchSource()
    {
        // data/README.md: in_domain_train (8551), in_domain_dev (527), out_of_domain_dev (516).
        const auto train = readCola(shared(QStringLiteral("cola/raw/in_domain_train.tsv")));
        const auto inDev = readCola(shared(QStringLiteral("cola/raw/in_domain_dev.tsv")));
        const auto outDev = readCola(shared(QStringLiteral("cola/raw/out_of_domain_dev.tsv")));
        QCOMPARE(int(train.size()), 8551);
        QCOMPARE(int(inDev.size()), 527);
        QCOMPARE(int(outDev.size()), 516);
        QCOMPARE(train.front().source, std::string("gj04"));
        QCOMPARE(train.front().label, 1);
        QCOMPARE(train.front().sentence, std::string("Our friends won't buy this analysis, let alone the next one we propose."));
        int acceptable = 0;
        for (const auto &e : train)
            acceptable += e.label;
        QVERIFY(acceptable > 5500 && acceptable < 6500);  // CoLA is about 70 % acceptable
    }

    void cola_badLabel_throwsNamingFileAndLine()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.tsv"));
        QVERIFY(gauntlet::testing::writeFile(path, "x\t1\t\tfine.\ny\t2\t\tbad label.\n"));
        try {
            readCola(path);
            QFAIL("no error");
        } catch (const TrainError &e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("bad.tsv\" line 2")));
        }
        QVERIFY_THROWS_EXCEPTION(TrainError, readCola(dir.filePath(QStringLiteral("missing.tsv"))));
    }

    void englishSources_lineCountsMatchSummary()
    {
        const auto sources = listEnglishSources(shared(QStringLiteral("english")));
        // english/README.md: 11 folders, 197198 lines in all.
        QCOMPARE(int(sources.size()), 11);
        int64_t total = 0;
        for (const auto &s : sources) {
            QVERIFY2(!s.licence.empty(), s.name.c_str());
            QCOMPARE(int64_t(readLines(s.path).size()), s.lines);
            total += s.lines;
        }
        QCOMPARE(total, int64_t(197198));
    }

    void englishCorpus_heldOutDisjointAndSeeded()
    {
        const auto a = readEnglishCorpus(shared(QStringLiteral("english")), 500, 0.1, 3);
        const auto b = readEnglishCorpus(shared(QStringLiteral("english")), 500, 0.1, 3);
        QVERIFY(a.train == b.train && a.heldOut == b.heldOut);
        const std::set<std::string> held(a.heldOut.begin(), a.heldOut.end());
        for (const auto &l : a.train)
            QVERIFY(!held.count(l));
        const double frac = double(a.heldOut.size()) / double(a.heldOut.size() + a.train.size());
        QVERIFY(frac > 0.07 && frac < 0.13);
        QCOMPARE(int(a.train.size() + a.heldOut.size()), 11 * 500);
    }

    void matthewsCorrelation_handComputed()
    {
        // tp 2, tn 2, fp 1, fn 1: (4 - 1) / sqrt(3 * 3 * 3 * 3) = 1/3.
        QCOMPARE(matthewsCorrelation({1, 1, 1, 0, 0, 0}, {1, 1, 0, 0, 0, 1}), 1.0 / 3.0);
        QCOMPARE(matthewsCorrelation({1, 0, 1, 0}, {1, 0, 1, 0}), 1.0);
        QCOMPARE(matthewsCorrelation({1, 0, 1, 0}, {1, 1, 1, 1}), 0.0);  // the majority-class baseline
        QVERIFY_THROWS_EXCEPTION(TrainError, matthewsCorrelation({1}, {1, 0}));
    }

    void rocAuc_handComputed()
    {
        // positives 0.9, 0.4; negatives 0.5, 0.1: pairs won 1 + 1 + 0 + 1 = 3 of 4.
        QCOMPARE(rocAuc({0.9, 0.4, 0.5, 0.1}, {1, 1, 0, 0}), 0.75);
        QCOMPARE(rocAuc({0.5, 0.5}, {1, 0}), 0.5);
        QVERIFY_THROWS_EXCEPTION(TrainError, rocAuc({0.1, 0.2}, {1, 1}));
    }
};

GAUNTLET_TEST_MAIN(TestTrainData)
#include "tst_train_data.moc"
