// Word frequencies on the Zipf scale and the common / rare split of the random-word baseline
// (engine/ato/word_frequency.h; ATO paper Appendix B.4). Counts are checked against coreutils
// (tr / grep) run on a real English file; the split against the median rule worked by hand.
#include "ato_test_support.h"

#include "engine/ato/ato_config.h"
#include "engine/ato/ato_error.h"
#include "engine/ato/word_frequency.h"
#include "engine/train/data.h"
#include "tests/support/process_runner.h"
#include "tests/support/shared_copy.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include "tests/support/test_main.h"
#include "tests/support/thrown_message.h"
#include <QTest>

#include <cmath>

using namespace gauntlet;
using namespace gauntlet::ato;

class TestWordFrequency : public QObject {
    Q_OBJECT

private:
    static qint64 shellCount(const QString &script)
    {
        return testing::runProcess(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script}, 60000).out.trimmed().toLongLong();
    }

private Q_SLOTS:
    void counts_matchCoreutils()
    {
        const QString file = gauntlet::testing::sharedCopy(QStringLiteral("english/covid_tico19/covid_tico19.txt"));
        const WordFrequencies f = countWordFrequencies(train::readLines(file));
        // The same definition in coreutils: maximal runs of ASCII letters, lower-cased.
        const QString words = QStringLiteral("tr -cs 'A-Za-z' '\\n' < '%1' | tr 'A-Z' 'a-z' | grep -v '^$'").arg(file);
        const qint64 total = shellCount(words + QStringLiteral(" | wc -l"));
        QVERIFY(total > 10000);
        QCOMPARE(f.totalWords, total);
        for (const char *w : {"the", "virus", "covid", "vaccine", "of"}) {
            const qint64 n = shellCount(words + QStringLiteral(" | grep -cx '%1'").arg(QLatin1String(w)));
            QVERIFY2(n > 0, w);
            QVERIFY(f.zipf.count(w));
            QVERIFY2(std::abs(f.zipf.at(w) - std::log10(double(n) / double(total) * 1e9)) < 1e-9, w);
        }
        // "keep" restricts the table, not the total
        const WordFrequencies kept = countWordFrequencies(train::readLines(file), {"the", "notawordxyz"});
        QCOMPARE(kept.zipf.size(), size_t(1));
        QCOMPARE(kept.totalWords, total);
    }

    void table_roundTripsAndBadFilesNameTheLine()
    {
        QTemporaryDir tmp;
        WordFrequencies f;
        f.totalWords = 1000000;
        f.zipf = {{"alpha", 6.0}, {"beta", 4.0}, {"gamma", 3.0}};
        const QString path = tmp.filePath(QStringLiteral("word_frequencies.tsv"));
        writeWordFrequencies(f, path);
        const WordFrequencies back = readWordFrequencies(path);
        QCOMPARE(back.totalWords, f.totalWords);
        QCOMPARE(back.zipf.size(), size_t(3));
        QVERIFY(std::abs(back.zipf.at("beta") - 4.0) < 1e-4);
        QFile bad(tmp.filePath(QStringLiteral("bad.tsv")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("word\tcount\tzipf\nalpha\t3\t5.1\nbeta\t2\n");
        bad.close();
        const auto message = testing::thrownMessage<AtoError>([&] { readWordFrequencies(bad.fileName()); });
        QVERIFY2(message, "expected AtoError");
        QVERIFY2(message->contains(bad.fileName() + QStringLiteral(":3:")), qPrintable(*message));
        QVERIFY_THROWS_EXCEPTION(AtoError, readWordFrequencies(tmp.filePath(QStringLiteral("missing.tsv"))));
    }

    void split_followsTheMedianRule()
    {
        text::LoadOptions options;
        options.xlmrIds = true;
        const auto tok = text::loadTokenizer(ato_test::spmModel(600), options);
        // Five whole-word pieces of the tokenizer with hand-set Zipf values 2.0 .. 6.0.
        std::vector<int> ids;
        std::vector<std::string> words;
        for (int id = 4; id < tok->vocabSize() && ids.size() < 5; ++id) {
            std::string p = tok->pieceText(id);
            if (!tok->isWordStart(id) || p.size() < 4 || p.rfind("\xE2\x96\x81", 0) != 0)
                continue;
            p.erase(0, 3);
            if (!std::all_of(p.begin(), p.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
                continue;
            ids.push_back(id);
            words.push_back(p);
        }
        QCOMPARE(ids.size(), size_t(5));
        WordFrequencies f;
        for (size_t i = 0; i < 5; ++i)
            f.zipf[words[i]] = 2.0 + double(i);  // 2 (below the floor), 3, 4, 5, 6
        const WordBuckets b = splitByZipf(*tok, ids, f);
        QCOMPARE(b.median, 4.5);  // median of {3, 4, 5, 6}
        QCOMPARE(b.common, (std::vector<int>{ids[3], ids[4]}));
        QCOMPARE(b.rare, (std::vector<int>{ids[1], ids[2]}));
    }

    void config_bucketRules()
    {
        AtoConfig c;
        c.method = Method::RandomWords;
        c.randomWordBucket = "rare";
        QVERIFY_THROWS_EXCEPTION(AtoError, c.validate());  // no table
        c.wordFrequencies = "word_frequencies.tsv";
        c.validate();
        QCOMPARE(methodLabel(c), std::string("random-words-rare"));
        QCOMPARE(configFromJson(toJson(c)).randomWordBucket, std::string("rare"));
        c.randomWordBucket = "odd";
        QVERIFY_THROWS_EXCEPTION(AtoError, c.validate());
        c.randomWordBucket = "common";
        c.method = Method::Direct;
        QVERIFY_THROWS_EXCEPTION(AtoError, c.validate());
    }
};

GAUNTLET_TEST_MAIN(TestWordFrequency)
#include "tst_word_frequency.moc"
