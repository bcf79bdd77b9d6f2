// DSIR's hashed n-gram features against ../shared/data/vectors/dsir (generated from
// p-lambda/dsir's hash_buckets/get_ngram_counts; its committed copy in tests/data/shared-copy),
// including its upstream assertions.
#include "engine/sampling/dsir.h"

#include "tests/support/shared_copy.h"
#include "tests/support/test_files.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet::sampling;

namespace {

QJsonObject vectors()
{
    return gauntlet::testing::jsonObjectFile(gauntlet::testing::sharedCopy(QStringLiteral("vectors/dsir/dsir-hash-vectors.json")));
}

}  // namespace

class TestDsir : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void upstreamAssertions()
    {
        QCOMPARE(dsirHashBucket(QStringLiteral("alice"), 10000), 6720);
        QCOMPARE(dsirHashBucket(QStringLiteral("alice went"), 10000), 114);
        int sum = 0;
        for (const auto &[bucket, count] : dsirNgramCounts(QStringLiteral("Alice went to the store"), 2, 10000))
            sum += count;
        QCOMPARE(sum, 9);
    }

    void hashVectors()
    {
        const QJsonArray cases = vectors().value(QStringLiteral("hash")).toArray();
        QVERIFY(cases.size() >= 10);
        for (const QJsonValue &v : cases) {
            const QJsonObject c = v.toObject();
            const QString text = c.value(QStringLiteral("text")).toString();
            QCOMPARE(dsirHashBucket(text, c.value(QStringLiteral("num_buckets")).toInt()), c.value(QStringLiteral("bucket")).toInt());
        }
    }

    void featureVectors()
    {
        const QJsonArray cases = vectors().value(QStringLiteral("features")).toArray();
        QVERIFY(cases.size() >= 3);
        for (const QJsonValue &v : cases) {
            const QJsonObject c = v.toObject();
            const QString text = c.value(QStringLiteral("text")).toString();
            QStringList expectedTokens;
            for (const QJsonValue &t : c.value(QStringLiteral("tokens")).toArray())
                expectedTokens.append(t.toString());
            QCOMPARE(dsirTokens(text), expectedTokens);
            const auto counts = dsirNgramCounts(text, c.value(QStringLiteral("ngrams")).toInt(), c.value(QStringLiteral("num_buckets")).toInt());
            const QJsonObject expected = c.value(QStringLiteral("bucket_counts")).toObject();
            QCOMPARE(counts.size(), expected.size());
            int sum = 0;
            for (const auto &[bucket, count] : counts) {
                QCOMPARE(count, expected.value(QString::number(bucket)).toInt(-1));
                sum += count;
            }
            QCOMPARE(sum, c.value(QStringLiteral("sum")).toInt());
        }
    }

    void importanceWeights_favourTargetLikeText()
    {
        const QStringList target = {QStringLiteral("Click {0} to save the file"), QStringLiteral("Press {1} to open the file")};
        const QStringList raw = {QStringLiteral("The weather is nice today"), QStringLiteral("Click {2} to close the file")};
        const QVector<double> w = dsirLogImportanceWeights(target, raw, 2, 10000);
        QCOMPARE(w.size(), 2);
        QVERIFY(w[1] > w[0]);
    }
};

GAUNTLET_TEST_MAIN(TestDsir)
#include "tst_dsir.moc"
