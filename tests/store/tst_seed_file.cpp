// Seed files: TSV with a header, plain text and JSONL, with BOMs, CRLF, blank lines and bad input;
// the shared seed list is the committed copy of ../shared/data/seeds/seeds_en_10-20w.tsv in
// tests/data/shared-copy.
#include "engine/core/text_file.h"
#include "engine/store/seed_file.h"

#include <QFile>
#include <QTemporaryDir>
#include "tests/support/shared_copy.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;

class TestSeedFile : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString write(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        f.open(QIODevice::WriteOnly);
        f.write(bytes);
        return path;
    }

private Q_SLOTS:
    void sharedSeedList_imports2534()
    {
        const QString path = gauntlet::testing::sharedCopy(QStringLiteral("seeds/seeds_en_10-20w.tsv"));
        const QVector<storage::SeedRecord> seeds = storage::readSeedFile(path);
        QCOMPARE(seeds.size(), 2534);  // the count stated in ../shared/data/seeds/SOURCE.txt
        QCOMPARE(seeds[0].corpus, QStringLiteral("flores200-devtest"));
        QCOMPARE(seeds[0].segmentKey, QStringLiteral("1"));
        QCOMPARE(seeds[0].domain, QStringLiteral("wikinews"));
        QVERIFY(seeds[0].text.startsWith(QLatin1String("\"We now have 4-month-old mice")));
        QVERIFY(seeds[0].documentId.startsWith(QLatin1String("https://en.wikinews.org/")));
        int wmt23 = 0;
        for (const storage::SeedRecord &s : seeds)
            wmt23 += s.corpus == QLatin1String("wmt23-general");
        QCOMPARE(wmt23, 879);
    }

    void formats_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QStringList>("texts");
        const QStringList two = {QStringLiteral("First seed."), QStringLiteral("Zweiter Satz \u00fcber \u201equotes\u201c.")};
        QTest::addRow("text") << "a.txt" << QByteArray("First seed.\nZweiter Satz \xc3\xbc" "ber \xe2\x80\x9equotes\xe2\x80\x9c.\n") << two;
        QTest::addRow("text, CRLF, BOM, blank lines")
            << "b.txt" << QByteArray("\xef\xbb\xbf\r\nFirst seed.\r\n\r\n  \r\nZweiter Satz \xc3\xbc" "ber \xe2\x80\x9equotes\xe2\x80\x9c.") << two;
        QTest::addRow("tsv with header, any column order")
            << "c.tsv" << QByteArray("domain\ttext\tcorpus\r\nnews\tFirst seed.\tx\r\n\r\nweb\tZweiter Satz \xc3\xbc" "ber \xe2\x80\x9equotes\xe2\x80\x9c.\ty\r\n")
            << two;
        QTest::addRow("jsonl") << "d.jsonl"
                               << QByteArray("{\"text\": \"First seed.\", \"id\": 7}\n\n{\"text\": \"Zweiter Satz \\u00fcber \xe2\x80\x9equotes\xe2\x80\x9c.\"}\n")
                               << two;
        QTest::addRow("jsonl detected by content") << "e.seeds" << QByteArray("{\"text\": \"First seed.\"}\n") << QStringList{QStringLiteral("First seed.")};
        QTest::addRow("text keeps quotes and tabs-free lines") << "f" << QByteArray("\"Quoted,\" he said.\n") << QStringList{QStringLiteral("\"Quoted,\" he said.")};
    }

    void formats()
    {
        QFETCH(QString, fileName);
        QFETCH(QByteArray, bytes);
        QFETCH(QStringList, texts);
        const QVector<storage::SeedRecord> seeds = storage::readSeedFile(write(fileName, bytes));
        QStringList actual;
        for (const storage::SeedRecord &s : seeds)
            actual << s.text;
        QCOMPARE(actual, texts);
    }

    void tsvMetadata_isRead()
    {
        const QVector<storage::SeedRecord> seeds =
            storage::readSeedFile(write(QStringLiteral("m.tsv"), "seg_key\tdoc_id\tdomain\tcorpus\tsource\n12\tdoc-3\tnews\twmt\tA sentence.\n"));
        QCOMPARE(seeds.size(), 1);
        QCOMPARE(seeds[0].segmentKey, QStringLiteral("12"));
        QCOMPARE(seeds[0].documentId, QStringLiteral("doc-3"));
        QCOMPARE(seeds[0].domain, QStringLiteral("news"));
        QCOMPARE(seeds[0].corpus, QStringLiteral("wmt"));
        QCOMPARE(seeds[0].sourceLine, 2);
    }

    void badInput_namesFileAndLine_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("reason");
        QTest::addRow("invalid UTF-8 in text") << "u.txt" << QByteArray("good line\nbad \xff\xfe line\n") << 2 << "not valid UTF-8";
        QTest::addRow("truncated UTF-8 sequence") << "t.txt" << QByteArray("ok\nok\ncut \xe2\x80") << 3 << "not valid UTF-8";
        QTest::addRow("invalid UTF-8 in tsv") << "u.tsv" << QByteArray("text\nfine\n\xc0\xaf\n") << 3 << "not valid UTF-8";
        QTest::addRow("tsv without text column") << "n.tsv" << QByteArray("a\tb\n1\t2\n") << 1 << "no text column";
        QTest::addRow("tsv wrong field count") << "w.tsv" << QByteArray("id\ttext\n1\tok\n2\tbad\textra\n") << 3 << "expected 2";
        QTest::addRow("tsv empty text") << "e.tsv" << QByteArray("id\ttext\n1\t  \n") << 2 << "empty";
        QTest::addRow("jsonl malformed") << "m.jsonl" << QByteArray("{\"text\": \"ok\"}\n{\"text\": \"unterminated}\n") << 2 << "not valid JSON";
        QTest::addRow("jsonl without text") << "x.jsonl" << QByteArray("{\"src\": \"ok\"}\n") << 1 << "no string field";
        QTest::addRow("jsonl not an object") << "y.jsonl" << QByteArray("{\"text\": \"ok\"}\n[1, 2]\n") << 2 << "JSON object";
        QTest::addRow("empty file") << "empty.txt" << QByteArray() << 0 << "no seed texts";
        QTest::addRow("only blank lines") << "blank.txt" << QByteArray("\r\n \n\t\n") << 0 << "no seed texts";
        QTest::addRow("header only") << "h.tsv" << QByteArray("text\n") << 0 << "no seed texts";
        // Issue 39: NUL and other control characters (a NUL cut the text link-grammar judged).
        QTest::addRow("NUL in text") << "nul.txt" << QByteArray("ok\nThe cat\0 sat.\n", 17) << 2 << "control character U+0000";
        QTest::addRow("NUL at line start") << "nul0.txt" << QByteArray("\0The cat sat.\n", 14) << 1 << "control character U+0000";
        QTest::addRow("escape in tsv") << "esc.tsv" << QByteArray("id\ttext\n1\tred \x1b[31mtext\n") << 2 << "control character U+001B";
        QTest::addRow("C1 control in jsonl") << "c1.jsonl" << QByteArray("{\"text\": \"a \\u0085 b\"}\n") << 1 << "control character U+0085";
        QTest::addRow("jsonl id of the wrong type") << "id.jsonl" << QByteArray("{\"text\": \"ok\", \"id\": [[1]]}\n") << 1 << "\"id\" must be a string or a number";
        QTest::addRow("huge seed") << "huge.txt" << (QByteArray("ok\n") + QByteArray(storage::MaxSeedLength + 1, 'a')) << 2 << "limit";
    }

    void badInput_namesFileAndLine()
    {
        QFETCH(QString, fileName);
        QFETCH(QByteArray, bytes);
        QFETCH(int, line);
        QFETCH(QString, reason);
        const QString path = write(fileName, bytes);
        try {
            storage::readSeedFile(path);
            QFAIL("no error");
        } catch (const core::InputFileError &e) {
            QCOMPARE(e.path(), path);
            QCOMPARE(e.line(), line);
            QVERIFY2(QString::fromUtf8(e.what()).contains(reason), e.what());
            QVERIFY2(QString::fromUtf8(e.what()).startsWith(path), e.what());
        }
    }

    void missingFile_isClearError()
    {
        QVERIFY_THROWS_EXCEPTION(core::InputFileError, storage::readSeedFile(m_dir.filePath(QStringLiteral("nope.txt"))));
        QVERIFY_THROWS_EXCEPTION(core::InputFileError, storage::readSeedFile(m_dir.path()));
    }

    void format_parsesNames()
    {
        QCOMPARE(storage::parseSeedFileFormat(QStringLiteral("JSONL")), storage::SeedFileFormat::Jsonl);
        QCOMPARE(storage::parseSeedFileFormat(QStringLiteral("txt")), storage::SeedFileFormat::Text);
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, storage::parseSeedFileFormat(QStringLiteral("csv")));
    }
};

GAUNTLET_TEST_MAIN(TestSeedFile)
#include "tst_seed_file.moc"
