// The offline nearest-centroid classifier: its arithmetic on a hand-made embedding, its use in
// classifyCorpus, and how good it is on the WMT21 TED MQM categories with CLS embeddings of the
// default pack's difficulty encoder (a few labelled examples per category; printed next to the
// most-frequent-category and uniform baselines). The TED corpus is the committed copy of
// ../shared/data/corpora/wmt21-ted-mqm-ende in tests/data/shared-copy.
#include "engine/sampling/centroid_classifier.h"
#include "engine/sampling/sampling_error.h"
#include "engine/sampling_nn/cls_embedder.h"

#include "tests/support/corpus_builder.h"
#include "tests/support/shared_copy.h"
#include "tests/support/test_main.h"
#include <QtTest>

#include <random>

using namespace gauntlet::sampling;

namespace {

/// A 3-dimensional embedding by hand: counts of 'a', 'b' and 'c'.
QVector<QVector<float>> letterCounts(const QStringList &texts)
{
    QVector<QVector<float>> out;
    for (const QString &t : texts)
        out.append({float(t.count(u'a')), float(t.count(u'b')), float(t.count(u'c'))});
    return out;
}

Taxonomy abcTaxonomy()
{
    Taxonomy t;
    t.name = QStringLiteral("abc");
    for (const char *p : {"A", "B", "C"}) {
        TaxonomyCategory c;
        c.path = QLatin1String(p);
        c.kind = CategoryKind::Semantic;
        t.categories.append(c);
    }
    return t;
}

}  // namespace

class TestCentroidClassifier : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void nearestCentroid_byHand()
    {
        const QVector<LabelledExample> examples = {{QStringLiteral("A"), QStringLiteral("aaa")}, {QStringLiteral("A"), QStringLiteral("aab")},
                                                   {QStringLiteral("B"), QStringLiteral("bbb")}, {QStringLiteral("C"), QStringLiteral("ccc")}};
        CentroidClassifier::Options options;
        options.temperature = 1.0;
        CentroidClassifier classifier(abcTaxonomy(), examples, letterCounts, options);
        const QVector<SegmentLabels> labels = classifier.classify({{QStringLiteral("a"), {}, {}}, {QStringLiteral("xbbbc"), {}, {}}});
        QCOMPARE(labels.size(), 2);
        QCOMPARE(labels[0].first().category, QStringLiteral("A"));
        QCOMPARE(labels[1].first().category, QStringLiteral("B"));
        // "a" = (1,0,0): cosines to A = (2,1,0)+(3,0,0) normalised, B = (0,1,0), C = (0,0,1).
        const double na = std::sqrt(std::pow(3 / 3.0 + 2 / std::sqrt(5.0), 2) + std::pow(1 / std::sqrt(5.0), 2));
        const double cosA = (1 + 2 / std::sqrt(5.0)) / na;
        const double z = std::exp(cosA) + 2 * std::exp(0.0);
        QVERIFY(std::fabs(labels[0][0].confidence - std::exp(cosA) / z) < 1e-6);
        QCOMPARE(labels[0].size(), 3);
        double sum = 0;
        for (const SegmentLabel &l : labels[0])
            sum += l.confidence;
        QVERIFY(std::fabs(sum - 1.0) < 1e-6);
    }

    void badExamples_throw()
    {
        QVERIFY_THROWS_EXCEPTION(SamplingError, CentroidClassifier(abcTaxonomy(), {}, letterCounts));
        QVERIFY_THROWS_EXCEPTION(SamplingError, CentroidClassifier(abcTaxonomy(), {{QStringLiteral("D"), QStringLiteral("x")}}, letterCounts));
    }

    void classifyCorpus_addsSemanticLabelsAfterMatchers()
    {
        Taxonomy t = abcTaxonomy();
        TaxonomyCategory digits;
        digits.path = QStringLiteral("digits");
        digits.kind = CategoryKind::Deterministic;
        digits.matchers = {{MatchField::Source, QStringLiteral("\\d"), QString()}};
        t.categories.append(digits);
        CentroidClassifier classifier(t, {{QStringLiteral("C"), QStringLiteral("ccc")}, {QStringLiteral("A"), QStringLiteral("aaa")}}, letterCounts);
        const Corpus corpus = gauntlet::testing::classifierCorpus({QStringLiteral("cc 5")}, QStringLiteral("x"));
        const QVector<SegmentLabels> labels = classifyCorpus(corpus, t, &classifier, [] {
            ClassifyOptions o;
            o.maxSemantic = 1;
            return o;
        }());
        QCOMPARE(labels[0].size(), 2);
        QCOMPARE(labels[0][0].category, QStringLiteral("digits"));
        QCOMPARE(labels[0][0].origin, LabelOrigin::Matcher);
        QCOMPARE(labels[0][1].category, QStringLiteral("C"));
        QCOMPARE(labels[0][1].origin, LabelOrigin::Classifier);
    }

    void ted_mqmCategories_withDefaultPackEncoder()
    {
        std::unique_ptr<ClsEmbedder> embedder;
        try {
            embedder = std::make_unique<ClsEmbedder>();
        } catch (const std::exception &e) {
            QSKIP(e.what());
        }
        CorpusFileOptions options;
        options.labelsColumn = QStringLiteral("mqm_errors");
        const Corpus corpus =
            readCorpusFile(gauntlet::testing::sharedCopy(QStringLiteral("corpora/wmt21-ted-mqm-ende/ted_ende_segments.tsv")), options);
        const Taxonomy taxonomy = taxonomyFromGoldLabels(corpus, QStringLiteral("mqm"));
        // Up to 5 training examples per category (primary gold label), picked with a fixed seed;
        // every other labelled segment is the test set.
        constexpr int PerCategory = 5;
        QVector<int> order(corpus.segments.size());
        std::iota(order.begin(), order.end(), 0);
        std::mt19937_64 rng(3);
        for (int i = order.size() - 1; i > 0; --i)
            std::swap(order[i], order[int(rng() % std::uint64_t(i + 1))]);
        QHash<QString, int> taken;
        QSet<int> training;
        QVector<LabelledExample> examples;
        for (int i : order) {
            const CorpusSegment &s = corpus.segments[i];
            if (s.goldLabels.isEmpty())
                continue;
            const QString primary = s.goldLabels.first().category;
            if (taken[primary] < PerCategory) {
                ++taken[primary];
                training.insert(i);
                examples.append({primary, s.source});
            }
        }
        CentroidClassifier classifier(taxonomy, examples, embedder->function());
        QVector<ClassifierInput> inputs;
        QVector<int> testIndex;
        QHash<QString, int> primaryCounts;
        for (int i = 0; i < corpus.segments.size(); ++i) {
            if (training.contains(i) || corpus.segments[i].goldLabels.isEmpty())
                continue;
            inputs.append({corpus.segments[i].source, {}, {}});
            testIndex.append(i);
            ++primaryCounts[corpus.segments[i].goldLabels.first().category];
        }
        const QVector<SegmentLabels> predicted = classifier.classify(inputs);
        int top1 = 0, anyGold = 0, majorityTop1 = 0, majorityAny = 0;
        QString majority;
        for (auto it = primaryCounts.begin(); it != primaryCounts.end(); ++it) {
            if (majority.isEmpty() || it.value() > primaryCounts[majority])
                majority = it.key();
        }
        for (int k = 0; k < testIndex.size(); ++k) {
            const CorpusSegment &s = corpus.segments[testIndex[k]];
            const QString guess = predicted[k].first().category;
            auto has = [&](const QString &c) {
                return std::any_of(s.goldLabels.begin(), s.goldLabels.end(), [&](const GoldLabel &g) { return g.category == c; });
            };
            top1 += guess == s.goldLabels.first().category ? 1 : 0;
            anyGold += has(guess) ? 1 : 0;
            majorityTop1 += majority == s.goldLabels.first().category ? 1 : 0;
            majorityAny += has(majority) ? 1 : 0;
        }
        const double n = testIndex.size();
        qInfo("encoder: %s", qPrintable(embedder->description()));
        qInfo("TED MQM, %d categories, %d training examples (<= %d per category), %d test segments", int(classifier.categories().size()),
              int(examples.size()), PerCategory, int(testIndex.size()));
        qInfo("centroid: top-1 = primary gold %.3f, top-1 among the segment's gold categories %.3f", top1 / n, anyGold / n);
        qInfo("majority '%s': %.3f, %.3f; uniform guess: %.3f", qPrintable(majority), majorityTop1 / n, majorityAny / n,
              1.0 / classifier.categories().size());
        // MQM error categories describe what systems got wrong, not the source alone, so held-out
        // accuracy is expected to be poor; the pipeline itself must at least separate its own
        // training examples better than a uniform guess.
        QVector<ClassifierInput> trainingInputs;
        for (const LabelledExample &e : examples)
            trainingInputs.append({e.text, {}, {}});
        const QVector<SegmentLabels> trainingPredicted = classifier.classify(trainingInputs);
        int trainingTop1 = 0;
        for (int k = 0; k < examples.size(); ++k)
            trainingTop1 += trainingPredicted[k].first().category == examples[k].category ? 1 : 0;
        const double trainingAccuracy = double(trainingTop1) / examples.size();
        qInfo("centroid on its own training examples: %.3f", trainingAccuracy);
        QVERIFY(trainingAccuracy > 1.0 / classifier.categories().size());
    }
};

GAUNTLET_TEST_MAIN(TestCentroidClassifier)
#include "tst_centroid_classifier.moc"
