// CoverageStore: taxonomies, corpora, labellings and samples round-trip through a project file;
// failed writes leave it unchanged; the bundled LTB taxonomy holds exactly LTB's paths. The TED
// MQM corpus is the committed copy of ../shared/data/corpora/wmt21-ted-mqm-ende in
// tests/data/shared-copy.
#include "engine/sampling/sampling_error.h"
#include "engine/sampling/coverage_store.h"
#include "engine/sampling/corpus_reader.h"
#include "engine/store/database.h"
#include "engine/verify/ltb_taxonomy.h"
#include "engine/store/project.h"

#include <QTemporaryDir>
#include "tests/support/shared_copy.h"
#include "tests/support/temporary_project.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;
using namespace gauntlet::sampling;

namespace {

int rows(storage::Database &db, const QString &table)
{
    return db.scalar(QStringLiteral("SELECT COUNT(*) FROM ") + table).toInt();
}

Corpus smallCorpus()
{
    const QByteArray tsv =
        "doc_id\tseg_id\tsystem\tsource\tmt\treference\tmqm_errors\n"
        "d1\t1\tA\tClick {0} now\tKlicken Sie jetzt auf {0}\tKlicken Sie jetzt auf {0}\tNo-error|No-error\n"
        "d1\t1\tB\tClick {0} now\tKlick {0}\tKlicken Sie jetzt auf {0}\tAccuracy/Omission|Major\n"
        "d1\t2\tA\tIt costs $5.\tEs kostet 5 $.\tEs kostet 5 $.\t\n"
        "d1\t2\tB\tIt costs $5.\tEs kostet $5.\tEs kostet 5 $.\tLocale convention/Currency format|Minor\n"
        "d2\t3\tA\tHello\tHallo\tHallo\t\n"
        "d2\t3\tB\tHello\tHallo!\tHallo\tFluency/Punctuation|Minor\n";
    Corpus c = parseCorpus(tsv, QStringLiteral("small.tsv"), [] {
        CorpusFileOptions o;
        o.labelsColumn = QStringLiteral("mqm_errors");
        return o;
    }());
    c.name = QStringLiteral("small");
    return c;
}

}  // namespace

class TestCoverageStore : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void bundledLtb_holdsExactlyLtbsPaths()
    {
        QSet<QString> ltbPaths;
        for (const verify::LtbTaxonomyTag &t : verify::bundledLtbTaxonomy())
            ltbPaths.insert(t.path);
        const Taxonomy t = bundledTaxonomy(QStringLiteral("ltb-difficulty"));
        const QStringList paths = t.paths();
        QCOMPARE(QSet<QString>(paths.begin(), paths.end()), ltbPaths);
        QCOMPARE(paths.size(), ltbPaths.size());
    }

    void everything_roundTripsThroughTheProject()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.gauntlet"));
        const Taxonomy taxonomy = bundledTaxonomy(QStringLiteral("mozilla-localization"));
        const Corpus corpus = smallCorpus();
        const QVector<SegmentLabels> labels = classifyCorpus(corpus, taxonomy, nullptr);
        Sample sample;
        qint64 labellingId = 0;
        {
            auto project = storage::Project::open(path);
            sampling::CoverageStore store(project->database());
            const qint64 taxonomyId = store.addTaxonomy(taxonomy);
            const qint64 corpusId = store.addCorpus(corpus);
            labellingId = store.saveLabelling(corpusId, taxonomyId, labels, QStringLiteral("matchers"));
            SamplerSettings settings;
            settings.budget = 2;
            settings.seed = 5;
            const SamplingPool pool = makeSamplingPool(corpus, labels, taxonomy);
            sample = drawSample(pool, settings);
            store.saveSample(QStringLiteral("s1"), labellingId, sample, measureCoverage(pool, sample.segments));
        }
        auto project = storage::Project::open(path);
        sampling::CoverageStore store(project->database());
        const Taxonomy t = store.taxonomy(*store.taxonomyId(taxonomy.name));
        QCOMPARE(taxonomyToJson(t), taxonomyToJson(taxonomy));
        const Corpus c = store.corpus(*store.corpusId(QStringLiteral("small")));
        QCOMPARE(c.segments.size(), 3);
        QCOMPARE(c.documents(), (QStringList{QStringLiteral("d1"), QStringLiteral("d2")}));
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(c.segments[i].source, corpus.segments[i].source);
            QCOMPARE(c.segments[i].postEditScore, corpus.segments[i].postEditScore);
            QCOMPARE(c.segments[i].translations.size(), 2);
            QCOMPARE(c.segments[i].translations[1].mt, corpus.segments[i].translations[1].mt);
            QCOMPARE(c.segments[i].goldLabels.size(), corpus.segments[i].goldLabels.size());
        }
        QCOMPARE(c.segments[0].goldLabels.first().category, QStringLiteral("Accuracy/Omission"));
        QCOMPARE(c.segments[0].goldLabels.first().confidence, 0.5);
        const QVector<SegmentLabels> back = store.labels(labellingId);
        QCOMPARE(back.size(), labels.size());
        for (int i = 0; i < labels.size(); ++i) {
            QCOMPARE(back[i].size(), labels[i].size());
            for (int k = 0; k < labels[i].size(); ++k)
                QCOMPARE(back[i][k].category, labels[i][k].category);
        }
        // {0} is a brace placeholder, $5 currency.
        QVERIFY(std::any_of(back[0].begin(), back[0].end(), [](const SegmentLabel &l) { return l.category == QLatin1String("markup/placeholders/braces"); }));
        QVERIFY(std::any_of(back[1].begin(), back[1].end(), [](const SegmentLabel &l) { return l.category == QLatin1String("currency"); }));
        const Sample s = store.sample(*store.sampleId(QStringLiteral("s1")));
        QCOMPARE(s.segments, sample.segments);
        QCOMPARE(s.settings.toJson(), sample.settings.toJson());
        QCOMPARE(store.samples().size(), 1);
        QCOMPARE(store.corpora().first().systems, (QStringList{QStringLiteral("A"), QStringLiteral("B")}));
    }

    void samplingPool_streamedFromTheStoreEqualsTheOneBuiltFromTheCorpus()
    {
        // The TED MQM corpus (documents, several labels per segment), with segment 5's labels
        // removed: the pool streamed from the store must equal the one built from the corpus file
        // and its labels in memory, field by field, and draw the same samples.
        CorpusFileOptions options;
        options.labelsColumn = QStringLiteral("mqm_errors");
        Corpus corpus =
            readCorpusFile(gauntlet::testing::sharedCopy(QStringLiteral("corpora/wmt21-ted-mqm-ende/ted_ende_segments.tsv")), options);
        corpus.name = QStringLiteral("ted");
        const Taxonomy taxonomy = taxonomyFromGoldLabels(corpus, QStringLiteral("mqm"));
        QVector<SegmentLabels> labels = goldLabels(corpus);
        QVERIFY(!labels[5].isEmpty());
        labels[5].clear();
        const SamplingPool expected = makeSamplingPool(corpus, labels, taxonomy);
        auto [dir, project] = testing::TemporaryProject();
        sampling::CoverageStore store(project->database());
        const qint64 labellingId = store.saveLabelling(store.addCorpus(corpus), store.addTaxonomy(taxonomy), labels, QStringLiteral("gold"));
        const SamplingPool pool = store.samplingPool(labellingId);
        QCOMPARE(pool.categories, expected.categories);
        QCOMPARE(pool.documents, expected.documents);
        QCOMPARE(pool.documentSegments, expected.documentSegments);
        QCOMPARE(pool.hasDocuments, expected.hasDocuments);
        QCOMPARE(pool.segments.size(), expected.segments.size());
        QVERIFY(pool.segments[5].categories.isEmpty());
        for (int i = 0; i < pool.segments.size(); ++i) {
            QCOMPARE(pool.segments[i].document, expected.segments[i].document);
            QCOMPARE(pool.segments[i].position, expected.segments[i].position);
            QCOMPARE(pool.segments[i].postEditScore, expected.segments[i].postEditScore);
            QCOMPARE(pool.segments[i].categories, expected.segments[i].categories);
            QCOMPARE(pool.segments[i].confidences, expected.segments[i].confidences);
            QCOMPARE(pool.segments[i].text, expected.segments[i].text);
        }
        for (SamplingMethod method : {SamplingMethod::Tactics, SamplingMethod::Random, SamplingMethod::Dsir}) {
            SamplerSettings settings;
            settings.method = method;
            settings.budget = 60;
            QCOMPARE(drawSample(pool, settings).segments, drawSample(expected, settings).segments);
        }
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.samplingPool(labellingId + 100));
    }

    void failedWrites_leaveTheProjectUnchanged()
    {
        auto [dir, project] = testing::TemporaryProject();
        sampling::CoverageStore store(project->database());
        const Corpus corpus = smallCorpus();
        const qint64 corpusId = store.addCorpus(corpus);
        const int segments = rows(project->database(), QStringLiteral("corpus_segments"));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.addCorpus(corpus));  // name in use
        Corpus broken = corpus;
        broken.name = QStringLiteral("broken");
        broken.segments[2].translations.clear();  // fails on the last segment, after two inserts
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.addCorpus(broken));
        QCOMPARE(rows(project->database(), QStringLiteral("corpus_segments")), segments);
        QCOMPARE(rows(project->database(), QStringLiteral("corpora")), 1);
        Taxonomy bad;
        bad.name = QStringLiteral("bad");
        bad.categories = {TaxonomyCategory{QStringLiteral("x"), CategoryKind::Deterministic, {}, false, {}, {}}};
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.addTaxonomy(bad));
        QCOMPARE(rows(project->database(), QStringLiteral("taxonomies")), 0);
        const qint64 taxonomyId = store.addTaxonomy(bundledTaxonomy(QStringLiteral("ltb-difficulty")));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.saveLabelling(corpusId, taxonomyId, {}, QStringLiteral("x")));  // wrong size
        QVector<SegmentLabels> labels(3);
        labels[1] = {SegmentLabel{QStringLiteral("y"), 1.5, LabelOrigin::Classifier}};
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.saveLabelling(corpusId, taxonomyId, labels, QStringLiteral("x")));  // confidence > 1
        QCOMPARE(rows(project->database(), QStringLiteral("corpus_labellings")), 0);
    }

    void setPrimaryCategory_putsTheManualLabelFirstAndKeepsSamples()
    {
        auto [dir, project] = testing::TemporaryProject();
        sampling::CoverageStore store(project->database());
        const Corpus corpus = smallCorpus();
        const qint64 corpusId = store.addCorpus(corpus);
        const qint64 taxonomyId = store.addTaxonomy(taxonomyFromGoldLabels(corpus, QStringLiteral("small-gold")));
        const qint64 labellingId = store.saveLabelling(corpusId, taxonomyId, goldLabels(corpus), QStringLiteral("gold"));
        Sample sample;
        sample.segments = {0, 2};
        store.saveSample(QStringLiteral("s"), labellingId, sample, CoverageMeasures());
        // Segment 2 (0-based 1): system B carries Locale convention/Currency format, so its gold
        // confidence is 1 of 2 rows = 0.5.
        const SegmentLabels labels = store.setPrimaryCategory(labellingId, 1, QStringLiteral("Fluency/Punctuation"));
        const SegmentLabels expected{{QStringLiteral("Fluency/Punctuation"), 1.0, LabelOrigin::Manual},
                                     {QStringLiteral("Locale convention/Currency format"), 0.5, LabelOrigin::Gold}};
        QCOMPARE(labels.size(), expected.size());
        const QVector<SegmentLabels> stored = store.labels(labellingId);
        for (int i = 0; i < expected.size(); ++i) {
            QCOMPARE(stored[1][i].category, expected[i].category);
            QCOMPARE(stored[1][i].confidence, expected[i].confidence);
            QCOMPARE(stored[1][i].origin, expected[i].origin);
        }
        // Relabelling with a category it already has moves it first instead of repeating it.
        store.setPrimaryCategory(labellingId, 1, QStringLiteral("Locale convention/Currency format"));
        QCOMPARE(store.labels(labellingId)[1].size(), 2);
        QCOMPARE(store.labels(labellingId)[1][0].category, QStringLiteral("Locale convention/Currency format"));
        QCOMPARE(store.labels(labellingId)[1][0].confidence, 1.0);
        QCOMPARE(store.samples().size(), 1);
        // setSegmentLabels puts back exactly what was there (the undo of a relabelling).
        const SegmentLabels gold = goldLabels(corpus)[1];
        store.setSegmentLabels(labellingId, 1, gold);
        QCOMPARE(store.labels(labellingId)[1].size(), gold.size());
        QCOMPARE(store.labels(labellingId)[1][0].category, QStringLiteral("Locale convention/Currency format"));
        QCOMPARE(store.labels(labellingId)[1][0].confidence, 0.5);
        store.setSegmentLabels(labellingId, 1, {});
        QVERIFY(store.labels(labellingId)[1].isEmpty());
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.setSegmentLabels(labellingId, 1, {{QStringLiteral("x"), 1.5, LabelOrigin::Gold}}));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.setSegmentLabels(labellingId, 9, gold));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.setPrimaryCategory(labellingId, 3, QStringLiteral("x")));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.setPrimaryCategory(labellingId, -1, QStringLiteral("x")));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.setPrimaryCategory(labellingId, 0, QStringLiteral(" ")));
    }
};

GAUNTLET_TEST_MAIN(TestCoverageStore)
#include "tst_coverage_store.moc"
