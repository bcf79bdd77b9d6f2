// classifyCorpus (engine/sampling/classification.h): a segment carries every deterministic
// category whose matchers accept it, however many, so per-category counts equal an independent
// count of matches (std::regex here, hand-worked on a small case); only semantic guesses are
// capped (ClassifyOptions::maxSemantic).
#include "engine/sampling/classification.h"
#include "engine/sampling/coverage_measures.h"
#include "engine/sampling/sampler.h"
#include "engine/sampling/sampling_error.h"

#include "tests/support/test_main.h"
#include <QtTest>

#include <numeric>
#include <random>
#include <regex>

using namespace gauntlet::sampling;

namespace {

TaxonomyCategory deterministic(const QString &path, const QString &pattern)
{
    TaxonomyCategory c;
    c.path = path;
    c.kind = CategoryKind::Deterministic;
    c.matchers = {{MatchField::Source, pattern, QString()}};
    return c;
}

TaxonomyCategory semantic(const QString &path)
{
    TaxonomyCategory c;
    c.path = path;
    c.kind = CategoryKind::Semantic;
    return c;
}

// Five deterministic categories on plain ASCII patterns that std::regex (ECMAScript) reads the
// same way as PCRE2, plus three semantic ones.
Taxonomy punctuationTaxonomy()
{
    Taxonomy t;
    t.name = QStringLiteral("punctuation");
    t.categories = {deterministic(QStringLiteral("digits"), QStringLiteral("[0-9]")),
                    deterministic(QStringLiteral("question"), QStringLiteral("\\?")),
                    deterministic(QStringLiteral("comma"), QStringLiteral(",")),
                    deterministic(QStringLiteral("exclamation"), QStringLiteral("!")),
                    deterministic(QStringLiteral("capitalised"), QStringLiteral("\\b[A-Z][a-z]+")),
                    semantic(QStringLiteral("tone/formal")), semantic(QStringLiteral("tone/casual")),
                    semantic(QStringLiteral("idiom"))};
    return t;
}

Corpus corpusOf(const QStringList &sources)
{
    Corpus corpus;
    corpus.name = QStringLiteral("c");
    for (int i = 0; i < sources.size(); ++i) {
        CorpusSegment s;
        s.documentId = QStringLiteral("d%1").arg(i / 4);
        s.segmentKey = QString::number(i);
        s.positionInDocument = i % 4;
        s.source = sources[i];
        s.translations = {{QString(), QStringLiteral("x")}};
        corpus.segments.append(s);
    }
    return corpus;
}

QMap<QString, int> labelCounts(const QVector<SegmentLabels> &labels)
{
    QMap<QString, int> counts;
    for (const SegmentLabels &segment : labels) {
        for (const SegmentLabel &l : segment)
            ++counts[l.category];
    }
    return counts;
}

// Answers the same four semantic guesses for every segment ("idiom" twice, the lower one last).
class FourGuesses : public SemanticClassifier {
public:
    QString name() const override { return QStringLiteral("five"); }
    QVector<SegmentLabels> classify(const QVector<ClassifierInput> &inputs) override
    {
        const SegmentLabels guesses{{QStringLiteral("idiom"), 0.6, LabelOrigin::Classifier},
                                    {QStringLiteral("tone/casual"), 0.9, LabelOrigin::Classifier},
                                    {QStringLiteral("tone/formal"), 0.7, LabelOrigin::Classifier},
                                    {QStringLiteral("idiom"), 0.5, LabelOrigin::Classifier}};
        return QVector<SegmentLabels>(inputs.size(), guesses);
    }
};

}  // namespace

class TestClassification : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyDeterministicMatch_isKept_handWorked()
    {
        // "Wait, is it 5 o'clock? Yes!" matches all five categories; before the fix only three
        // (primary + 2 secondary) were kept.
        const Corpus corpus = corpusOf({QStringLiteral("Wait, is it 5 o'clock? Yes!"), QStringLiteral("no match here"),
                                        QStringLiteral("Really?"), QStringLiteral("1, 2, 3")});
        const QVector<SegmentLabels> labels = classifyCorpus(corpus, punctuationTaxonomy(), nullptr);
        QStringList first;
        for (const SegmentLabel &l : labels[0])
            first.append(l.category);
        QCOMPARE(first, (QStringList{QStringLiteral("digits"), QStringLiteral("question"), QStringLiteral("comma"),
                                     QStringLiteral("exclamation"), QStringLiteral("capitalised")}));
        QVERIFY(labels[1].isEmpty());
        const QMap<QString, int> counts = labelCounts(labels);
        QCOMPARE(counts.value(QStringLiteral("digits")), 2);
        QCOMPARE(counts.value(QStringLiteral("question")), 2);
        QCOMPARE(counts.value(QStringLiteral("comma")), 2);
        QCOMPARE(counts.value(QStringLiteral("exclamation")), 1);
        QCOMPARE(counts.value(QStringLiteral("capitalised")), 2);
    }

    void categoryCounts_agreeWithIndependentRegexCount()
    {
        // 600 random sentences over a vocabulary with digits, punctuation and capitalised words,
        // so many segments match 3, 4 or 5 categories.
        const QStringList vocabulary{QStringLiteral("the"), QStringLiteral("Paris"), QStringLiteral("7"), QStringLiteral(","),
                                     QStringLiteral("?"), QStringLiteral("!"), QStringLiteral("cat"), QStringLiteral("Berlin"),
                                     QStringLiteral("went"), QStringLiteral("42")};
        std::mt19937 rng(23);
        QStringList sources;
        for (int i = 0; i < 600; ++i) {
            QStringList words;
            const int length = 1 + int(rng() % 9);
            for (int w = 0; w < length; ++w)
                words.append(vocabulary[int(rng() % vocabulary.size())]);
            sources.append(words.join(QLatin1Char(' ')));
        }
        const Taxonomy taxonomy = punctuationTaxonomy();
        const Corpus corpus = corpusOf(sources);
        const QVector<SegmentLabels> labels = classifyCorpus(corpus, taxonomy, nullptr);
        const SamplingPool pool = makeSamplingPool(corpus, labels, taxonomy);
        const QVector<int> poolCounts = pool.categoryCounts();
        const QMap<QString, int> counts = labelCounts(labels);
        int segmentsWithMoreThanThree = 0;
        for (const QString &source : sources) {
            int matches = 0;
            for (const TaxonomyCategory &c : taxonomy.categories)
                matches += c.kind == CategoryKind::Deterministic
                    && std::regex_search(source.toStdString(), std::regex(c.matchers.first().pattern.toStdString()));
            segmentsWithMoreThanThree += matches > 3;
        }
        QVERIFY2(segmentsWithMoreThanThree > 50, "the corpus must exercise segments with more than three matches");
        for (const TaxonomyCategory &c : taxonomy.categories) {
            if (c.kind != CategoryKind::Deterministic)
                continue;
            const std::regex re(c.matchers.first().pattern.toStdString());
            int expected = 0;
            for (const QString &source : sources)
                expected += std::regex_search(source.toStdString(), re);
            QVERIFY2(expected > 0, qPrintable(c.path));
            QCOMPARE(counts.value(c.path), expected);
            QCOMPARE(poolCounts[pool.categories.indexOf(c.path)], expected);
        }
        // Cov1 over the whole corpus counts every category that some segment matches.
        QVector<int> all(pool.segments.size());
        std::iota(all.begin(), all.end(), 0);
        QCOMPARE(measureCoverage(pool, all).cov1, 5);
    }

    void semanticGuesses_areCappedAfterEveryMatch()
    {
        const Corpus corpus = corpusOf({QStringLiteral("Wait, is it 5 o'clock? Yes!"), QStringLiteral("plain")});
        FourGuesses classifier;
        ClassifyOptions options;
        options.maxSemantic = 2;
        const QVector<SegmentLabels> labels = classifyCorpus(corpus, punctuationTaxonomy(), &classifier, options);
        QCOMPARE(labels[0].size(), 7);  // five matches + two guesses
        QCOMPARE(labels[0][0].category, QStringLiteral("digits"));
        QCOMPARE(labels[0][5].category, QStringLiteral("tone/casual"));
        QCOMPARE(labels[0][5].origin, LabelOrigin::Classifier);
        QCOMPARE(labels[0][6].category, QStringLiteral("tone/formal"));
        QCOMPARE(labels[1].size(), 2);
        QCOMPARE(labels[1][0].category, QStringLiteral("tone/casual"));  // the primary of a segment no matcher accepts
        options.maxSemantic = 5;
        const QVector<SegmentLabels> uncapped = classifyCorpus(corpus, punctuationTaxonomy(), &classifier, options);
        QCOMPARE(uncapped[1].size(), 3);  // "idiom" answered twice counts once, at its higher confidence
        QCOMPARE(uncapped[1][2].category, QStringLiteral("idiom"));
        QCOMPARE(uncapped[1][2].confidence, 0.6);
        options.maxSemantic = 0;
        QVERIFY_THROWS_EXCEPTION(SamplingError, classifyCorpus(corpus, punctuationTaxonomy(), &classifier, options));
    }
};

GAUNTLET_TEST_MAIN(TestClassification)
#include "tst_classification.moc"
