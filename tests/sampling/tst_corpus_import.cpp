// CoverageStore::importCorpusFile (issue 23 item 9): the streamed import stores exactly what
// readCorpusFile reads (WMT21 TED with 13 systems, the committed copy of
// ../shared/data/corpora/wmt21-ted-mqm-ende in tests/data/shared-copy; a file whose systems come
// one after another, so a segment's rows are far apart, checked by hand), stores nothing on a bad
// line or a cancel, and marks a corpus without a document column, whose coherence measures then
// do not apply. Also the
// migrations that go with it: 0010 (has_documents for corpora stored before) and 0011 (hand
// relabels stored as 'gold' become 'manual', real gold labels stay 'gold').
#include "engine/sampling/coverage_store.h"
#include "engine/sampling/sampling_error.h"
#include "engine/store/database.h"
#include "engine/store/migrations.h"
#include "engine/store/project.h"

#include <QJsonObject>
#include <QTemporaryDir>
#include "tests/support/old_schema.h"
#include "tests/support/shared_copy.h"
#include "tests/support/temporary_project.h"
#include "tests/support/test_main.h"
#include <QtTest>

#include <cmath>

using namespace gauntlet;
using namespace gauntlet::sampling;

namespace {

QString tedFile() { return gauntlet::testing::sharedCopy(QStringLiteral("corpora/wmt21-ted-mqm-ende/ted_ende_segments.tsv")); }

QString writeFile(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(bytes);
    return path;
}

void compareCorpora(const Corpus &stored, const Corpus &read)
{
    QCOMPARE(stored.segments.size(), read.segments.size());
    QCOMPARE(stored.postEditIsReference, read.postEditIsReference);
    QCOMPARE(stored.hasDocuments, read.hasDocuments);
    for (int i = 0; i < read.segments.size(); ++i) {
        const CorpusSegment &a = stored.segments[i], &b = read.segments[i];
        QCOMPARE(a.documentId, b.documentId);
        QCOMPARE(a.segmentKey, b.segmentKey);
        QCOMPARE(a.positionInDocument, b.positionInDocument);
        QCOMPARE(a.source, b.source);
        QCOMPARE(a.postEdit, b.postEdit);
        QCOMPARE(a.postEditScore, b.postEditScore);
        QCOMPARE(a.translations.size(), b.translations.size());
        for (int k = 0; k < b.translations.size(); ++k) {
            QCOMPARE(a.translations[k].system, b.translations[k].system);
            QCOMPARE(a.translations[k].mt, b.translations[k].mt);
        }
        QCOMPARE(a.goldLabels.size(), b.goldLabels.size());
        for (int k = 0; k < b.goldLabels.size(); ++k) {
            QCOMPARE(a.goldLabels[k].category, b.goldLabels[k].category);
            QCOMPARE(a.goldLabels[k].confidence, b.goldLabels[k].confidence);
        }
    }
}

int tempTables(storage::Database &db)
{
    return db.scalar(QStringLiteral("SELECT COUNT(*) FROM sqlite_temp_master WHERE name LIKE 'import_%'")).toInt();
}

}  // namespace

class TestCorpusImport : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void ted_storesWhatReadCorpusFileReads()
    {
        auto [dir, project] = testing::TemporaryProject();
        sampling::CoverageStore store(project->database());
        CorpusFileOptions options;
        options.labelsColumn = QStringLiteral("mqm_errors");
        const sampling::CorpusSummary summary = store.importCorpusFile(tedFile(), options, QStringLiteral("ted"));
        QCOMPARE(summary.segments, 529);
        QCOMPARE(summary.documents, 5);
        QCOMPARE(summary.systems.size(), 13);
        QVERIFY(summary.hasDocuments);
        const Corpus full = store.corpus(summary.id);
        compareCorpora(full, readCorpusFile(tedFile(), options));
        QCOMPARE(tempTables(project->database()), 0);
        // The lean reads used by classify and sample hold what those need and nothing more.
        const Corpus forSampling = store.corpus(summary.id, sampling::CoverageStore::CorpusParts::Sampling);
        const Corpus forClassifying = store.corpus(summary.id, sampling::CoverageStore::CorpusParts::Classification);
        QCOMPARE(forSampling.segments.size(), 529);
        QCOMPARE(forClassifying.segments.size(), 529);
        for (int i = 0; i < 529; ++i) {
            QCOMPARE(forSampling.segments[i].documentId, full.segments[i].documentId);
            QCOMPARE(forSampling.segments[i].positionInDocument, full.segments[i].positionInDocument);
            QCOMPARE(forSampling.segments[i].source, full.segments[i].source);
            QCOMPARE(forSampling.segments[i].postEditScore, full.segments[i].postEditScore);
            QVERIFY(forSampling.segments[i].translations.isEmpty() && forSampling.segments[i].postEdit.isEmpty());
            QCOMPARE(forClassifying.segments[i].translations.size(), 1);
            QCOMPARE(forClassifying.segments[i].translations[0].mt, full.segments[i].translations[0].mt);
            QCOMPARE(forClassifying.segments[i].documentId, full.segments[i].documentId);
        }
        const QVector<CorpusSegment> some = store.segments(summary.id, {100, 3});
        QCOMPARE(some[0].segmentKey, full.segments[100].segmentKey);
        QCOMPARE(some[1].postEdit, full.segments[3].postEdit);
        QCOMPARE(some[1].translations.size(), 13);
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.segments(summary.id, {529}));
    }

    void rowsOfOneSegmentFarApart_areGroupedInFirstSeenOrder()
    {
        // System A's rows, then system B's: each segment's two rows are three lines apart. Keys
        // restart in every document, so they become "<document>:<key>".
        const QByteArray tsv =
            "doc\tseg_id\tsystem\tsource\tmt\tpe\tlabels\n"
            "d2\t1\tA\tThird\tDritte\tDritter\tX|minor\n"   // line 2
            "d1\t1\tA\tFirst\tErste\tErste\t\n"             // line 3
            "d1\t2\tA\tSecond\tZweite\tZweite\tY|major\n"   // line 4
            "d2\t1\tB\tThird\tDritter\tDritter\tX|major\n"  // line 5
            "d1\t1\tB\tFirst\tErster\tErste\t\n"            // line 6
            "d1\t2\tB\tSecond\tZweiter\tZweite\t\n";        // line 7
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("apart.tsv"), tsv);
        auto project = storage::Project::open(dir.filePath(QStringLiteral("p.gauntlet")));
        sampling::CoverageStore store(project->database());
        CorpusFileOptions options;
        options.labelsColumn = QStringLiteral("labels");
        const sampling::CorpusSummary summary = store.importCorpusFile(path, options);
        QCOMPARE(summary.name, QStringLiteral("apart"));
        QCOMPARE(summary.segments, 3);
        QCOMPARE(summary.documents, 2);
        QCOMPARE(summary.systems, (QStringList{QStringLiteral("A"), QStringLiteral("B")}));
        const Corpus c = store.corpus(summary.id);
        QCOMPARE(c.segments[0].segmentKey, QStringLiteral("d2:1"));
        QCOMPARE(c.segments[1].segmentKey, QStringLiteral("d1:1"));
        QCOMPARE(c.segments[2].segmentKey, QStringLiteral("d1:2"));
        QCOMPARE(c.segments[0].positionInDocument, 0);
        QCOMPARE(c.segments[2].positionInDocument, 1);
        QCOMPARE(c.segments[0].translations.size(), 2);
        QCOMPARE(c.segments[0].translations[1].mt, QStringLiteral("Dritter"));
        QCOMPARE(c.segments[0].postEditScore, 1.0);  // "Dritte" -> "Dritter": one substitution over one word
        QCOMPARE(c.segments[1].postEditScore, 0.0);
        QCOMPARE(c.segments[0].goldLabels.size(), 1);
        QCOMPARE(c.segments[0].goldLabels[0].confidence, 1.0);  // both rows carry X
        QCOMPARE(c.segments[2].goldLabels[0].confidence, 0.5);  // one of two rows carries Y
        compareCorpora(c, readCorpusFile(path, options));
    }

    void badLine_orCancel_storesNothing()
    {
        QByteArray tsv = "doc\tsource\tmt\tpe\n";
        for (int i = 0; i < 200; ++i)
            tsv += "d\tsegment " + QByteArray::number(i) + "\tm\tp\n";
        auto [dir, project] = testing::TemporaryProject();
        sampling::CoverageStore store(project->database());
        const QString bad = writeFile(dir, QStringLiteral("bad.tsv"), tsv + "d\tlast\tm\n");
        try {
            store.importCorpusFile(bad, {});
            QFAIL("no error");
        } catch (const SamplingError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("bad.tsv:202: 3 fields")), e.what());
        }
        QVERIFY(store.corpora().isEmpty());
        QCOMPARE(tempTables(project->database()), 0);
        const QString good = writeFile(dir, QStringLiteral("good.tsv"), tsv);
        CorpusFileOptions options;
        QVector<int> seen;
        options.progress = [&seen](int done, int total) {
            seen.append(done);
            return total == 200 && done < 128;
        };
        QVERIFY_THROWS_EXCEPTION(SamplingError, store.importCorpusFile(good, options));
        QCOMPARE(seen, (QVector<int>{0, 64, 128}));
        QVERIFY(store.corpora().isEmpty());
        options.progress = {};
        QCOMPARE(store.importCorpusFile(good, options).segments, 200);
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.importCorpusFile(good, options));  // the name is taken
        QCOMPARE(store.importCorpusFile(good, options, QString(), true).segments, 200);
        QCOMPARE(store.corpora().size(), 1);
    }

    void noDocumentColumn_marksCoherenceNotApplicable()
    {
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("flat.tsv"), "source\tmt\tpe\nA b\tA b\tA b\nC d\tC d\tC e\nE f\tE f\tE f\n");
        auto project = storage::Project::open(dir.filePath(QStringLiteral("p.gauntlet")));
        sampling::CoverageStore store(project->database());
        const sampling::CorpusSummary summary = store.importCorpusFile(path, {});
        QVERIFY(!summary.hasDocuments);
        QVERIFY(!store.corpora().first().hasDocuments);
        const Corpus corpus = store.corpus(summary.id);
        QVERIFY(!corpus.hasDocuments);
        QVERIFY(!readCorpusFile(path).hasDocuments);
        const SamplingPool pool = makeSamplingPool(corpus, QVector<SegmentLabels>(3), Taxonomy());
        const CoverageMeasures m = measureCoverage(pool, {0, 1});
        QVERIFY(!m.coherenceApplies);
        QVERIFY(std::isnan(m.segmentsPerDocument));  // was 1.0: two documents of one segment each
        QVERIFY(std::isnan(m.gini));
        QVERIFY(m.toJson().value(QStringLiteral("segments_per_document")).isNull());
        QCOMPARE(m.editRate, 0.5);  // the other measures are unchanged
        // With a document column they apply as before: S/D 2 for two segments of one document.
        const QString docs = writeFile(dir, QStringLiteral("docs.tsv"), "doc\tsource\tmt\tpe\nx\tA\tA\tA\nx\tB\tB\tB\n");
        const Corpus withDocs = store.corpus(store.importCorpusFile(docs, {}).id);
        QVERIFY(withDocs.hasDocuments);
        const CoverageMeasures md = measureCoverage(makeSamplingPool(withDocs, QVector<SegmentLabels>(2), Taxonomy()), {0, 1});
        QVERIFY(md.coherenceApplies);
        QCOMPARE(md.segmentsPerDocument, 2.0);
    }

    void migration10_marksCorporaStoredWithoutDocuments()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("old.gauntlet"));
        {
            auto db = testing::databaseAtVersion(path, 9);
            db->exec(QStringLiteral("INSERT INTO corpora (id, name, created_at) VALUES (1, 'talks', 't'), (2, 'flat', 't')"));
            db->exec(QStringLiteral(
                "INSERT INTO corpus_segments (corpus_id, position, document_id, segment_key, position_in_document, source, post_edit, post_edit_score) "
                "VALUES (1, 0, 'talk.1', '1', 0, 'a', 'b', 0), (1, 1, 'segment-2', '2', 0, 'c', 'd', 0), "
                "(2, 0, 'segment-2', '2', 0, 'a', 'b', 0), (2, 1, 'segment-3', '3', 0, 'c', 'd', 0)"));
        }
        auto project = storage::Project::open(path);
        const QVector<sampling::CorpusSummary> corpora = sampling::CoverageStore(project->database()).corpora();
        QCOMPARE(corpora.size(), 2);
        QCOMPARE(corpora[0].name, QStringLiteral("flat"));
        QVERIFY(!corpora[0].hasDocuments);  // every document named after its segment, as the old importer did
        QVERIFY(corpora[1].hasDocuments);   // one real document is enough
    }

    void migration11_turnsHandRelabelsIntoManual()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("old.gauntlet"));
        {
            auto db = testing::databaseAtVersion(path, 10);
            db->exec(QStringLiteral("INSERT INTO taxonomies (id, name, created_at) VALUES (1, 'c-gold', 't'), (2, 'loc', 't')"));
            db->exec(QStringLiteral("INSERT INTO corpora (id, name, created_at) VALUES (1, 'c', 't')"));
            db->exec(QStringLiteral(
                "INSERT INTO corpus_segments (id, corpus_id, position, document_id, segment_key, position_in_document, source, post_edit, "
                "post_edit_score, gold_labels_json) VALUES "
                "(1, 1, 0, 'd', '1', 0, 'a', 'b', 0, '[{\"category\":\"Accuracy/Omission\",\"confidence\":0.5}]'), "
                "(2, 1, 1, 'd', '2', 1, 'c', 'd', 0, '[{\"category\":\"Fluency/Punctuation\",\"confidence\":0.5}]')"));
            db->exec(QStringLiteral("INSERT INTO corpus_labellings (id, corpus_id, taxonomy_id, classifier, created_at) VALUES "
                                    "(1, 1, 1, 'gold', 't'), (2, 1, 2, 'matchers', 't')"));
            db->exec(QStringLiteral(
                "INSERT INTO segment_labels (labelling_id, segment_id, rank, category, confidence, origin) VALUES "
                "(1, 1, 0, 'Accuracy/Omission', 0.5, 'gold'), "           // read with the corpus
                "(1, 2, 0, 'Style/Awkward', 1.0, 'gold'), "               // a relabel: not a gold label of segment 2
                "(1, 2, 1, 'Fluency/Punctuation', 0.5, 'gold'), "         // the gold label it pushed down
                "(2, 1, 0, 'formatting/numbers', 1.0, 'gold'), "          // a relabel in a matcher labelling
                "(2, 1, 1, 'formatting/placeholders', 1.0, 'matcher')"));
        }
        auto project = storage::Project::open(path);
        sampling::CoverageStore store(project->database());
        const QVector<SegmentLabels> gold = store.labels(1), matchers = store.labels(2);
        QCOMPARE(gold[0][0].origin, LabelOrigin::Gold);
        QCOMPARE(gold[1][0].origin, LabelOrigin::Manual);
        QCOMPARE(gold[1][1].origin, LabelOrigin::Gold);
        QCOMPARE(matchers[0][0].origin, LabelOrigin::Manual);
        QCOMPARE(matchers[0][1].origin, LabelOrigin::Matcher);
        QCOMPARE(gold[1][0].category, QStringLiteral("Style/Awkward"));
        QCOMPARE(gold[1][0].confidence, 1.0);
        // A relabel from now on is stored as manual.
        QCOMPARE(store.setPrimaryCategory(1, 0, QStringLiteral("Style/Awkward")).first().origin, LabelOrigin::Manual);
        QCOMPARE(store.labels(1)[0][0].origin, LabelOrigin::Manual);
    }
};

GAUNTLET_TEST_MAIN(TestCorpusImport)
#include "tst_corpus_import.moc"
