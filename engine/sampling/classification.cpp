#include "engine/sampling/classification.h"
#include "engine/core/arg_text.h"

#include "engine/core/enum_names.h"
#include "engine/sampling/sampling_error.h"

#include <QSet>

#include <algorithm>

namespace gauntlet::sampling {

const core::EnumName<LabelOrigin> LabelOriginNames[] = {
    {LabelOrigin::Matcher, "matcher"}, {LabelOrigin::Classifier, "classifier"}, {LabelOrigin::Gold, "gold"}, {LabelOrigin::Manual, "manual"}};

QString labelOriginName(LabelOrigin origin)
{
    return QString::fromLatin1(core::enumName(LabelOriginNames, origin));
}

LabelOrigin labelOriginFromName(const QString &name)
{
    return core::enumFromNameOrThrow(LabelOriginNames, name, [&] {
        return SamplingError(QStringLiteral("unknown label origin '%1' (matcher, classifier, gold or manual)").arg(name));
    });
}

QVector<SegmentLabels> classifyCorpus(const Corpus &corpus, const Taxonomy &taxonomy, SemanticClassifier *classifier,
                                      const ClassifyOptions &options)
{
    if (options.maxSemantic < 1 || options.chunkSize < 1)
        throw SamplingError(QStringLiteral("maxSemantic and chunkSize must be >= 1"));
    const TaxonomyMatcher matcher(taxonomy);
    QVector<SegmentLabels> result(corpus.segments.size());
    for (int i = 0; i < corpus.segments.size(); ++i) {
        const CorpusSegment &s = corpus.segments[i];
        const QString target = s.translations.isEmpty() ? QString() : s.translations.first().mt;
        for (int c : matcher.match(s.source, target))
            result[i].append({taxonomy.categories[c].path, 1.0, LabelOrigin::Matcher});
    }
    if (classifier) {
        QSet<QString> semantic;
        for (const TaxonomyCategory &c : taxonomy.categories) {
            if (c.kind == CategoryKind::Semantic)
                semantic.insert(c.path);
        }
        QVector<ClassifierInput> inputs;
        inputs.reserve(corpus.segments.size());
        for (int i = 0; i < corpus.segments.size(); ++i) {
            const CorpusSegment &s = corpus.segments[i];
            ClassifierInput input;
            input.source = s.source;
            input.target = s.translations.isEmpty() ? QString() : s.translations.first().mt;
            if (i > 0 && corpus.segments[i - 1].documentId == s.documentId)
                input.context = corpus.segments[i - 1].source;
            inputs.append(input);
        }
        QVector<SegmentLabels> semanticLabels;
        semanticLabels.reserve(inputs.size());
        for (int first = 0; first < inputs.size(); first += options.chunkSize) {
            const QVector<ClassifierInput> chunk = inputs.mid(first, options.chunkSize);
            const QVector<SegmentLabels> answered = classifier->classify(chunk);
            if (answered.size() != chunk.size())
                throw SamplingError(QStringLiteral("classifier %1 answered %2 segments of %3").arg(core::argText(classifier->name()), core::argText(answered.size()), core::argText(chunk.size())));
            semanticLabels += answered;
            if (options.progress && !options.progress(int(semanticLabels.size()), int(inputs.size())))
                throw ClassificationCancelled();
        }
        // Matchers only answer deterministic paths and the classifier only semantic ones, so the
        // guesses never repeat a matcher's category.
        for (int i = 0; i < semanticLabels.size(); ++i) {
            SegmentLabels guesses;
            for (SegmentLabel label : semanticLabels[i]) {
                if (!semantic.contains(label.category))
                    throw SamplingError(QStringLiteral("classifier %1 answered '%2', not a semantic category of taxonomy '%3'")
                                            .arg(classifier->name(), label.category, taxonomy.name));
                if (label.confidence < options.minSemanticConfidence)
                    continue;
                label.origin = LabelOrigin::Classifier;
                label.confidence = std::clamp(label.confidence, 0.0, 1.0);
                guesses.append(label);
            }
            std::stable_sort(guesses.begin(), guesses.end(),
                             [](const SegmentLabel &a, const SegmentLabel &b) { return a.confidence > b.confidence; });
            QSet<QString> seen;
            for (const SegmentLabel &label : std::as_const(guesses)) {
                if (seen.size() == options.maxSemantic)
                    break;
                if (!seen.contains(label.category)) {
                    seen.insert(label.category);
                    result[i].append(label);  // a category answered twice keeps its higher confidence
                }
            }
        }
    }
    return result;
}

QVector<SegmentLabels> goldLabels(const Corpus &corpus)
{
    QVector<SegmentLabels> result;
    result.reserve(corpus.segments.size());
    for (const CorpusSegment &s : corpus.segments) {
        SegmentLabels labels;
        for (const GoldLabel &g : s.goldLabels)
            labels.append({g.category, g.confidence, LabelOrigin::Gold});
        result.append(labels);
    }
    return result;
}

Taxonomy taxonomyFromGoldLabels(const Corpus &corpus, const QString &name)
{
    QSet<QString> categories;
    for (const CorpusSegment &s : corpus.segments) {
        for (const GoldLabel &g : s.goldLabels)
            categories.insert(g.category);
    }
    QStringList sorted(categories.begin(), categories.end());
    sorted.sort();
    Taxonomy taxonomy;
    taxonomy.name = name;
    taxonomy.description = QStringLiteral("The gold-label categories of corpus '%1'").arg(corpus.name);
    taxonomy.source = corpus.sourceFile;
    for (const QString &path : sorted) {
        TaxonomyCategory c;
        c.path = path;
        c.kind = CategoryKind::Semantic;
        taxonomy.categories.append(c);
    }
    return taxonomy;
}

}  // namespace gauntlet::sampling
