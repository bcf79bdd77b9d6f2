// The WMT24 ESA ratings (../shared/data/judgments/wmt24-esa, waves 2 and 3) imported as finished
// campaigns, one per language pair. Reference: the per-source means the data set ships
// (wmt24_esa_src_mean.tsv, made by its build.py with the same filter): for every (pair, line)
// the number of ratings, of systems and the mean over systems of each system's mean score must
// match. Agreement and rankings are then computed on the real ratings and printed.
#include "engine/evaluate/campaign_results.h"
#include "engine/evaluate/evaluate_error.h"
#include "engine/evaluate/wmt_esa.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/store/project.h"

#include <QFile>
#include <QTemporaryDir>
#include "tests/support/temporary_project.h"
#include "tests/support/test_main.h"
#include <QTest>

#include <cmath>

using namespace gauntlet;
using namespace gauntlet::evaluate;

namespace {

QByteArray readShared(const QString &name)
{
    QFile f(QStringLiteral(GAUNTLET_SHARED_DIR "/data/judgments/wmt24-esa/") + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestWmtEsaImport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void csvQuoting()
    {
        const QVector<QStringList> rows = parseCsv(QStringLiteral("a,\"b,\"\"c\"\"\",\r\n\"x\ny\",2\n"), QStringLiteral("t.csv"));
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows[0], (QStringList{QStringLiteral("a"), QStringLiteral("b,\"c\""), QString()}));
        QCOMPARE(rows[1], (QStringList{QStringLiteral("x\ny"), QStringLiteral("2")}));
        QVERIFY_THROWS_EXCEPTION(EvaluateError, parseCsv(QStringLiteral("a,\"b"), QStringLiteral("t.csv")));
        QVERIFY_THROWS_EXCEPTION(EvaluateError, readWmtEsa({{QStringLiteral("short.csv"), QByteArray("u,s,1\n")}}, QString()));
        QVERIFY_THROWS_EXCEPTION(EvaluateError, readWmtEsa({{QStringLiteral("latin1.csv"), QByteArray("u,s\xe9,1\n")}}, QString()));
        // Issue 39 (12): an empty file is refused by name (it was imported as 0 rows with exit 0).
        try {
            readWmtEsa({{QStringLiteral("empty.csv"), QByteArray()}}, QString());
            QFAIL("expected EvaluateError");
        } catch (const EvaluateError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).startsWith(QStringLiteral("empty.csv: no rows")), e.what());
        }
    }

    void importMatchesPublishedMeans()
    {
        const QByteArray w2 = readShared(QStringLiteral("esa_generalMT2024_wave2.csv"));
        const QByteArray w3 = readShared(QStringLiteral("esa_generalMT2024_wave3.csv"));
        const QByteArray ref = readShared(QStringLiteral("wmt24_esa_src_mean.tsv"));
        if (w2.isEmpty() || w3.isEmpty() || ref.isEmpty())
            QSKIP("WMT24 ESA data not present under GAUNTLET_SHARED_DIR");
        WmtEsaImport data;
        try {
            data = readWmtEsa({{QStringLiteral("wave2"), w2}, {QStringLiteral("wave3"), w3}}, QStringLiteral("WMT24 ESA"));
        } catch (const std::exception &e) {
            QFAIL(e.what());
        }
        QCOMPARE(data.rows, 31733);
        // SOURCE.txt: "Rows dropped: 7048 filtered, 1889 refA, of 31733"
        QCOMPARE(data.filtered, 7048 + 1889);
        // a user rating the same (line, system) twice (counted independently with Python's csv module: 155 repeats
        // of 144 ratings); the published means include the repeats, so they are added back below
        QCOMPARE(data.duplicates, 155);
        QCOMPARE(data.pairs.keys(), (QStringList{QStringLiteral("en-cs"), QStringLiteral("en-hi"), QStringLiteral("en-ja"), QStringLiteral("en-zh")}));

        auto [dir, project] = testing::TemporaryProject(QStringLiteral("wmt.gauntlet"));
        evaluate::CampaignStore store(project->database());
        QMap<QString, qint64> ids;
        for (auto it = data.pairs.begin(); it != data.pairs.end(); ++it)
            ids.insert(it.key(), store.importFinishedCampaign(it.value()));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.importFinishedCampaign(data.pairs.first()));  // twice

        // (pair, line) -> system -> scores, from the stored answers
        QMap<QString, QMap<QString, QVector<double>>> byLine;
        QMap<QString, CampaignResults> results;
        for (auto it = ids.begin(); it != ids.end(); ++it) {
            const Campaign c = store.campaign(it.value());
            const QVector<RatedItem> rated = store.ratedItems(it.value());
            for (const RatedItem &r : rated) {
                const QString &key = c.items[r.itemIndex].key;  // pair:line:system
                byLine[key.section(u':', 0, 1)][key.section(u':', 2)] << double(*r.answer.judgements[0].score);
            }
            results.insert(it.key(), computeResults(c, rated));
        }
        for (const auto &[key, score] : data.droppedDuplicates)
            byLine[key.section(u':', 0, 1)][key.section(u':', 2)] << double(score);
        int checked = 0;
        const QStringList lines = QString::fromUtf8(ref).split(u'\n', Qt::SkipEmptyParts);
        for (int i = 1; i < lines.size(); ++i) {
            const QStringList f = lines[i].split(u'\t');
            const QString key = f[0] + u':' + f[1];
            QVERIFY2(byLine.contains(key), qPrintable(key));
            const auto &systems = byLine[key];
            int ratings = 0;
            double sum = 0.0;
            for (const QVector<double> &s : systems) {
                ratings += s.size();
                double m = 0.0;
                for (double v : s)
                    m += v;
                sum += m / s.size();
            }
            QCOMPARE(ratings, f[4].toInt());
            QCOMPARE(int(systems.size()), f[5].toInt());
            QCOMPARE(QString::number(sum / systems.size(), 'f', 3), f[6]);
            ++checked;
        }
        QCOMPARE(checked, 1862);
        QCOMPARE(byLine.size(), 1862);

        for (auto it = results.begin(); it != results.end(); ++it) {
            const CampaignResults &r = it.value();
            QVERIFY(r.systems.size() >= 2);
            for (int i = 1; i < r.systems.size(); ++i)
                QVERIFY(r.systems[i - 1].mean >= r.systems[i].mean);
            QString line = QStringLiteral("%1: %2 systems, best %3 %4 [%5, %6], alpha interval %7, relative %8 over %9 units")
                               .arg(it.key()).arg(r.systems.size()).arg(r.systems[0].system).arg(r.systems[0].mean, 0, 'f', 2)
                               .arg(r.systems[0].lower, 0, 'f', 2).arg(r.systems[0].upper, 0, 'f', 2)
                               .arg(r.agreement.alphaInterval ? QString::number(*r.agreement.alphaInterval, 'f', 3) : QStringLiteral("-"))
                               .arg(r.agreement.alphaRelative ? QString::number(*r.agreement.alphaRelative, 'f', 3) : QStringLiteral("-"))
                               .arg(r.agreement.pairableUnits);
            qInfo("%s", qPrintable(line));
            if (r.agreement.alphaInterval)
                QVERIFY(*r.agreement.alphaInterval > -1.0 && *r.agreement.alphaInterval <= 1.0);
        }
    }
};

GAUNTLET_TEST_MAIN(TestWmtEsaImport)
#include "tst_wmt_esa_import.moc"
