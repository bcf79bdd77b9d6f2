// Corpus import (TSV and JSONL), the post-edit score against MLQE-PE's published hter on all
// 1000 segments, the WMT21 TED corpus with 13 systems and its MQM gold labels, and bad input. The
// corpora are the committed copies of ../shared/data/corpora in tests/data/shared-copy.
#include "engine/sampling/corpus.h"
#include "engine/sampling/sampling_error.h"

#include "tests/support/shared_copy.h"
#include "tests/support/test_main.h"
#include "tests/support/thrown_message.h"
#include <QtTest>

using namespace gauntlet::sampling;

namespace {

QString mlqePath() { return gauntlet::testing::sharedCopy(QStringLiteral("corpora/mlqe-pe-ende-dev/mlqe_pe_ende_dev.tsv")); }
QString tedPath() { return gauntlet::testing::sharedCopy(QStringLiteral("corpora/wmt21-ted-mqm-ende/ted_ende_segments.tsv")); }

/// The file's rows as header -> value maps (an independent reader for the reference values).
QVector<QHash<QString, QString>> readTsv(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QStringList lines = QString::fromUtf8(f.readAll()).split(u'\n', Qt::SkipEmptyParts);
    const QStringList header = lines.first().split(u'\t');
    QVector<QHash<QString, QString>> rows;
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList fields = lines[i].split(u'\t');
        QHash<QString, QString> row;
        for (int c = 0; c < header.size(); ++c)
            row.insert(header[c], fields.value(c));
        rows.append(row);
    }
    return rows;
}

}  // namespace

class TestCorpus : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void mlqe_postEditScoreReproducesHterOnAll1000()
    {
        const Corpus corpus = readCorpusFile(mlqePath());
        const auto rows = readTsv(mlqePath());
        QCOMPARE(corpus.segments.size(), 1000);
        QCOMPARE(rows.size(), 1000);
        QSet<QString> documents;
        for (const auto &row : rows)
            documents.insert(row.value(QStringLiteral("doc_id")));
        QCOMPARE(corpus.documents().size(), documents.size());
        QVERIFY(!corpus.postEditIsReference);
        int matches = 0;
        for (int i = 0; i < 1000; ++i) {
            const CorpusSegment &s = corpus.segments[i];
            QCOMPARE(s.source, rows[i].value(QStringLiteral("src_tok")));
            QCOMPARE(s.translations.first().mt, rows[i].value(QStringLiteral("mt_tok")));
            QCOMPARE(s.postEdit, rows[i].value(QStringLiteral("pe_tok")));
            const double hter = rows[i].value(QStringLiteral("hter")).toDouble();
            if (std::fabs(s.postEditScore - hter) < 1e-5)
                ++matches;
            else
                qWarning("segment %d: hter %.6f, ours %.6f", i, hter, s.postEditScore);
        }
        QCOMPARE(matches, 1000);
    }

    void ted_groupsThirteenSystemsAndMqmLabels()
    {
        CorpusFileOptions options;
        options.labelsColumn = QStringLiteral("mqm_errors");
        const Corpus corpus = readCorpusFile(tedPath(), options);
        QCOMPARE(corpus.segments.size(), 529);
        QCOMPARE(corpus.documents(), (QStringList{QStringLiteral("talk.1"), QStringLiteral("talk.3"), QStringLiteral("talk.4"),
                                                  QStringLiteral("talk.5"), QStringLiteral("talk.6")}));
        QCOMPARE(corpus.systems().size(), 13);
        QCOMPARE(corpus.systems().first(), QStringLiteral("Facebook-AI"));
        QVERIFY(corpus.postEditIsReference);
        // Documents: talk.1 has 140 segments (the Gini example's counts), positions 0..139.
        int talk1 = 0;
        for (const CorpusSegment &s : corpus.segments) {
            QCOMPARE(s.translations.size(), 13);
            if (s.documentId == QLatin1String("talk.1"))
                QCOMPARE(s.positionInDocument, talk1++);
        }
        QCOMPARE(talk1, 140);
        // The primary system's score is sacrebleu's TER against the reference (ter_mt_ref column).
        const auto rows = readTsv(tedPath());
        int checked = 0;
        for (const auto &row : rows) {
            if (row.value(QStringLiteral("system")) != QLatin1String("Facebook-AI"))
                continue;
            const CorpusSegment &s = corpus.segments[checked++];
            QCOMPARE(s.segmentKey, row.value(QStringLiteral("seg_id")));
            QVERIFY2(std::fabs(s.postEditScore * 100 - row.value(QStringLiteral("ter_mt_ref")).toDouble()) < 1e-4, qPrintable(s.segmentKey));
        }
        QCOMPARE(checked, 529);
        // Gold labels: segment 1 has Facebook-AI's "Terminology/Inappropriate for context" and
        // HuaweiTSC's "Fluency/Register" among its 13 rows.
        QStringList first;
        for (const GoldLabel &g : corpus.segments.first().goldLabels) {
            first.append(g.category);
            QVERIFY(g.confidence > 0.0 && g.confidence <= 1.0);
        }
        QVERIFY(first.contains(QStringLiteral("Terminology/Inappropriate for context")));
        QVERIFY(first.contains(QStringLiteral("Fluency/Register")));
        QVERIFY(!first.contains(QStringLiteral("No-error")));
    }

    void ted_systemFilterKeepsOrder()
    {
        CorpusFileOptions options;
        options.systems = {QStringLiteral("Online-W"), QStringLiteral("Facebook-AI")};
        const Corpus corpus = readCorpusFile(tedPath(), options);
        QCOMPARE(corpus.systems(), options.systems);
        QCOMPARE(corpus.segments.first().translations.first().system, QStringLiteral("Online-W"));
    }

    void jsonl_readsTheSameFields()
    {
        const QByteArray jsonl =
            "{\"doc_id\": \"d1\", \"source\": \"Hello world\", \"mt\": \"Hallo Welt\", \"post_edit\": \"Hallo Welt\"}\n"
            "{\"doc_id\": \"d1\", \"source\": \"Bye now\", \"mt\": \"Tschuess jetzt\", \"post_edit\": \"Tschuess\"}\n"
            "{\"doc_id\": \"d2\", \"source\": \"Yes\", \"mt\": \"Ja\", \"post_edit\": \"ja\"}\n";
        const Corpus corpus = parseCorpus(jsonl, QStringLiteral("mem.jsonl"));
        QCOMPARE(corpus.segments.size(), 3);
        QCOMPARE(corpus.documents(), (QStringList{QStringLiteral("d1"), QStringLiteral("d2")}));
        QCOMPARE(corpus.segments[1].positionInDocument, 1);
        QCOMPARE(corpus.segments[0].postEditScore, 0.0);
        QCOMPARE(corpus.segments[1].postEditScore, 1.0);  // one deletion over one reference word
        QCOMPARE(corpus.segments[2].postEditScore, 0.0);  // TER is case-insensitive by default
    }

    void badInput_throwsNamingFileAndLine_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("expected");
        QTest::newRow("empty") << QByteArray() << QStringLiteral("c.tsv") << QStringLiteral("c.tsv: empty file");
        QTest::newRow("header only") << QByteArray("source\tmt\tpe\n") << QStringLiteral("c.tsv") << QStringLiteral("no segments");
        QTest::newRow("no mt column") << QByteArray("source\tpe\nA\tB\n") << QStringLiteral("c.tsv") << QStringLiteral("no MT column");
        QTest::newRow("truncated row") << QByteArray("source\tmt\tpe\nA\tB\tC\nD\tE\n") << QStringLiteral("c.tsv") << QStringLiteral("c.tsv:3:");
        QTest::newRow("not utf-8") << QByteArray("source\tmt\tpe\nA\t\xc3\x28\tC\n") << QStringLiteral("c.tsv") << QStringLiteral("c.tsv:2: not valid UTF-8");
        QTest::newRow("utf-16 with a mark") << QByteArray("\xFF\xFEs\0o\0u\0r\0c\0e\0\t\0m\0t\0\n\0", 22) << QStringLiteral("c.tsv")
                                            << QStringLiteral("c.tsv: UTF-16 text (little-endian)");
        QTest::newRow("utf-16 without a mark") << QByteArray("s\0o\0u\0r\0c\0e\0\t\0m\0t\0\n\0", 20) << QStringLiteral("c.tsv")
                                               << QStringLiteral("c.tsv:1: UTF-16 text (little-endian)");
        QTest::newRow("empty source") << QByteArray("source\tmt\tpe\n \tB\tC\n") << QStringLiteral("c.tsv") << QStringLiteral("c.tsv:2: empty source");
        QTest::newRow("malformed json") << QByteArray("{\"source\": \"A\", \"mt\": \"B\", \"pe\": \"C\"}\n{\"source\": \n")
                                        << QStringLiteral("c.jsonl") << QStringLiteral("c.jsonl:2:");
        QTest::newRow("repeated system") << QByteArray("seg_id\tsystem\tsource\tmt\tref\n1\tA\tx\ty\tz\n1\tA\tx\ty\tz\n")
                                         << QStringLiteral("c.tsv") << QStringLiteral("repeats system");
    }
    void badInput_throwsNamingFileAndLine()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, name);
        QFETCH(QString, expected);
        const auto message = gauntlet::testing::thrownMessage<SamplingError>([&] { parseCorpus(bytes, name); });
        QVERIFY2(message, "no error");
        QVERIFY2(message->contains(expected), qPrintable(*message));
    }

    void missingFile_throws()
    {
        QVERIFY_THROWS_EXCEPTION(SamplingError, readCorpusFile(QStringLiteral("/nonexistent/corpus.tsv")));
    }

    void progress_reportsScoredSegmentsAndCanCancel()
    {
        QByteArray tsv = "doc\tsource\tmt\tpost_edit\n";
        for (int i = 0; i < 130; ++i)
            tsv += QByteArray("d\ts") + QByteArray::number(i) + "\tm\tp\n";
        QVector<QPair<int, int>> calls;
        CorpusFileOptions options;
        options.progress = [&calls](int done, int total) {
            calls.append({done, total});
            return true;
        };
        QCOMPARE(parseCorpus(tsv, QStringLiteral("p.tsv"), options).segments.size(), 130);
        // Every 64 segments (0, 64, 128) and at the end.
        QCOMPARE(calls, (QVector<QPair<int, int>>{{0, 130}, {64, 130}, {128, 130}, {130, 130}}));
        options.progress = [](int done, int) { return done < 64; };
        QVERIFY_THROWS_EXCEPTION(SamplingError, parseCorpus(tsv, QStringLiteral("p.tsv"), options));
    }
};

GAUNTLET_TEST_MAIN(TestCorpus)
#include "tst_corpus.moc"
