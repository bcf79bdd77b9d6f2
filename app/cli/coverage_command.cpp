// The Coverage workspace's commands (papers.md, TACTICS): `gauntlet taxonomy`, `gauntlet corpus`,
// `gauntlet classify`, `gauntlet sample` and `gauntlet coverage`. They call engine/sampling and
// store everything through CoverageStore, as the GUI does.
#include "app/cli/commands.h"
#include "engine/core/arg_text.h"

#include "engine/sampling/centroid_classifier.h"
#include "engine/sampling/coverage_measures.h"
#include "engine/sampling/llm_classifier.h"
#include "engine/compute/compute.h"
#include "engine/sampling/sampling_error.h"
#include "engine/sampling/coverage_store.h"
#include "engine/store/project.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QStringDecoder>

#include <algorithm>
#include <limits>

namespace gauntlet::cli {

namespace {

using namespace sampling;

/// The taxonomy `name` from the project, adding a bundled one of that name on first use.
qint64 resolveTaxonomy(sampling::CoverageStore &store, const QString &name)
{
    if (const auto id = store.taxonomyId(name))
        return *id;
    if (bundledTaxonomyNames().contains(name))
        return store.addTaxonomy(bundledTaxonomy(name));
    QStringList known;
    for (const sampling::TaxonomySummary &t : store.taxonomies())
        known.append(t.name);
    throw SamplingError(QStringLiteral("no taxonomy '%1' in the project (project: %2; bundled: %3)")
                            .arg(name, known.isEmpty() ? QStringLiteral("none") : known.join(QStringLiteral(", ")),
                                 bundledTaxonomyNames().join(QStringLiteral(", "))));
}

qint64 resolveCorpus(sampling::CoverageStore &store, const QString &name)
{
    if (const auto id = store.corpusId(name))
        return *id;
    throw SamplingError(QStringLiteral("no corpus '%1' in the project (import it with gauntlet corpus import)").arg(name));
}

/// The labelling of corpus x taxonomy; throws with a hint when the corpus was not classified.
qint64 resolveLabelling(sampling::CoverageStore &store, const QString &corpus, const QString &taxonomy)
{
    const qint64 corpusId = resolveCorpus(store, corpus);
    const auto taxonomyId = store.taxonomyId(taxonomy);
    const auto id = taxonomyId ? store.labellingId(corpusId, *taxonomyId) : std::nullopt;
    if (!id)
        throw SamplingError(QStringLiteral("corpus '%1' is not classified with taxonomy '%2' (run gauntlet classify %1 --taxonomy %2)").arg(corpus, taxonomy));
    return *id;
}

/// A coherence measure (S/D, Gini) as text: "n/a" when the corpus has no documents.
QString coherenceNumber(const CoverageMeasures &m, double value, int decimals)
{
    return m.coherenceApplies ? QString::number(value, 'f', decimals) : QStringLiteral("n/a");
}

QString formatMeasures(const CoverageMeasures &m)
{
    // Each measure under its own name: Cov20 is at 20, a sampler's other target shows as Cov@N.
    const QString atTarget = m.coverageTarget == 20 ? QString() : QStringLiteral("  Cov@%1 %2").arg(m.coverageTarget).arg(m.covAtTarget);
    return QStringLiteral("size %1  Cov20 %2 (of at most %15)  fill20 %16  Cov1 %3 (of %4 feasible)%14  Cov@%5 %6  r %7  MSE_C %8  MSE_TER %9  "
                          "edit %10 (corpus %11)  S/D %12  Gini %13")
        .arg(m.sampleSize).arg(m.cov20).arg(m.cov1).arg(m.feasibleCategories).arg(m.largestThreshold).arg(m.covAtLargestThreshold)
        .arg(m.pearsonR, 0, 'f', 3).arg(m.mseCategory, 0, 'e', 2).arg(m.mseTer, 0, 'e', 2).arg(m.editRate, 0, 'f', 3)
        .arg(m.corpusEditRate, 0, 'f', 3).arg(coherenceNumber(m, m.segmentsPerDocument, 2), coherenceNumber(m, m.gini, 3), atTarget)
        .arg(m.cov20Ceiling).arg(m.fill20, 0, 'f', 3);
}

/// Warns that a corpus without a document column makes coherence measures meaningless.
void warnNoDocuments(Context &ctx, const QString &command, const QString &corpus)
{
    ctx.err << command << ": warning: corpus '" << corpus << "' has no document column: every segment is its own document, so "
            << "segments per document (S/D), Gini and TACTICS' coherence level do not apply (shown as n/a)\n";
}

bool parseInt(const QString &text, int minimum, int *value)
{
    bool ok = false;
    *value = text.toInt(&ok);
    return ok && *value >= minimum;
}

// --- gauntlet taxonomy -------------------------------------------------------------------------

int taxonomy(Context &ctx, const QStringList &args)
{
    const QString action = args.value(1);
    const QStringList rest = actionArguments(ctx, args);
    QCommandLineParser parser;
    if (action == QLatin1String("import")) {
        parser.setApplicationDescription(QStringLiteral(
            "Imports a taxonomy (JSON, format gauntlet-taxonomy; see engine/sampling/taxonomy.h) into the project,\n"
            "or with --bundled one of the shipped taxonomies (ltb-difficulty, mozilla-localization)."));
        parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("The taxonomy file."), QStringLiteral("[FILE]"));
        const QCommandLineOption bundled(QStringLiteral("bundled"), QStringLiteral("A shipped taxonomy by name."), QStringLiteral("NAME"));
        const QCommandLineOption replace(QStringLiteral("replace"), QStringLiteral("Replace a taxonomy of the same name (drops its labellings and samples)."));
        parser.addOptions({bundled, replace});
        parseArguments(parser, rest, ctx);
        if (parser.isSet(bundled) == (parser.positionalArguments().size() == 1) || parser.positionalArguments().size() > 1) {
            ctx.err << rest[0] << ": give exactly one FILE or --bundled NAME (see --help)\n";
            return ExitUsage;
        }
        Taxonomy t;
        if (parser.isSet(bundled)) {
            t = bundledTaxonomy(parser.value(bundled));
        } else {
            const QString path = parser.positionalArguments().constFirst();
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly))
                throw SamplingError(QStringLiteral("%1: cannot read: %2").arg(path, file.errorString()));
            t = parseTaxonomyJson(file.readAll(), path);
        }
        sampling::CoverageStore store(ctx.project().database());
        store.addTaxonomy(t, parser.isSet(replace));
        int deterministic = 0;
        for (const TaxonomyCategory &c : t.categories)
            deterministic += c.kind == CategoryKind::Deterministic ? 1 : 0;
        ctx.out << "Imported taxonomy '" << t.name << "': " << t.categories.size() << " categories (" << deterministic
                << " deterministic) into " << ctx.project().path() << '\n';
        return int(ExitOk);
    }
    if (action == QLatin1String("export")) {
        parser.setApplicationDescription(QStringLiteral("Writes a taxonomy of the project (or a bundled one) as JSON to stdout or --output FILE."));
        parser.addPositionalArgument(QStringLiteral("name"), QStringLiteral("The taxonomy."));
        const QCommandLineOption output(QStringLiteral("output"), QStringLiteral("Write to FILE instead of stdout."), QStringLiteral("FILE"));
        parser.addOption(output);
        parseArguments(parser, rest, ctx);
        if (parser.positionalArguments().size() != 1) {
            ctx.err << rest[0] << ": expected exactly one NAME (see --help)\n";
            return ExitUsage;
        }
        const QString name = parser.positionalArguments().constFirst();
        sampling::CoverageStore store(ctx.project().database());
        const auto id = store.taxonomyId(name);
        const QByteArray json = taxonomyToJson(id ? store.taxonomy(*id) : bundledTaxonomy(name));
        if (parser.isSet(output)) {
            QFile file(parser.value(output));
            if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(json) != json.size())
                throw SamplingError(QStringLiteral("%1: cannot write: %2").arg(parser.value(output), file.errorString()));
        } else {
            ctx.out << QString::fromUtf8(json);
        }
        return int(ExitOk);
    }
    if (action == QLatin1String("list")) {
        parser.setApplicationDescription(QStringLiteral("Lists the project's taxonomies (name, categories, deterministic) and the bundled ones."));
        parseArguments(parser, rest, ctx);
        sampling::CoverageStore store(ctx.project().database());
        for (const sampling::TaxonomySummary &t : store.taxonomies())
            ctx.out << t.name << '\t' << t.categories << " categories\t" << t.deterministic << " deterministic\n";
        ctx.out << "bundled: " << bundledTaxonomyNames().join(QStringLiteral(", ")) << '\n';
        return int(ExitOk);
    }
    return actionUsage(ctx, args, QStringLiteral("Usage: gauntlet taxonomy import FILE|--bundled NAME [--replace]\n"
                                                 "       gauntlet taxonomy export NAME [--output FILE]\n"
                                                 "       gauntlet taxonomy list\n"));
}

// --- gauntlet corpus ---------------------------------------------------------------------------

int corpus(Context &ctx, const QStringList &args)
{
    const QString action = args.value(1);
    const QStringList rest = actionArguments(ctx, args);
    QCommandLineParser parser;
    if (action == QLatin1String("import")) {
        parser.setApplicationDescription(QStringLiteral(
            "Imports a corpus of segments (TSV with a header, or JSONL) into the project and computes each segment's\n"
            "post-edit score, TER(MT, post-edit) with sacrebleu's defaults (reproduces MLQE-PE's hter).\n"
            "Columns are found by name: document (doc_id, document, doc), key (seg_id, idx, id), source (source, src,\n"
            "src_tok), MT (mt, mt_tok, target, translation), post-edit (post_edit, pe, pe_tok, reference, ref), system\n"
            "(system). Rows with the same document and key are one segment with several systems."));
        parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("The corpus file."));
        const QCommandLineOption name(QStringLiteral("name"), QStringLiteral("Corpus name (default: the file's base name)."), QStringLiteral("NAME"));
        const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("auto, tsv or jsonl (default: auto)."), QStringLiteral("FORMAT"), QStringLiteral("auto"));
        const QCommandLineOption doc(QStringLiteral("document-column"), QStringLiteral("Document id column."), QStringLiteral("COLUMN"));
        const QCommandLineOption key(QStringLiteral("key-column"), QStringLiteral("Segment key column."), QStringLiteral("COLUMN"));
        const QCommandLineOption src(QStringLiteral("source-column"), QStringLiteral("Source column."), QStringLiteral("COLUMN"));
        const QCommandLineOption mt(QStringLiteral("mt-column"), QStringLiteral("MT column."), QStringLiteral("COLUMN"));
        const QCommandLineOption pe(QStringLiteral("post-edit-column"), QStringLiteral("Post-edit (or reference) column."), QStringLiteral("COLUMN"));
        const QCommandLineOption sys(QStringLiteral("system-column"), QStringLiteral("System column."), QStringLiteral("COLUMN"));
        const QCommandLineOption labels(QStringLiteral("labels-column"),
                                        QStringLiteral("Gold category labels, 'category|detail;...' (WMT21 TED: mqm_errors)."), QStringLiteral("COLUMN"));
        const QCommandLineOption systems(QStringLiteral("systems"), QStringLiteral("Keep only these systems, primary first (comma-separated)."),
                                         QStringLiteral("A,B"));
        const QCommandLineOption replace(QStringLiteral("replace"), QStringLiteral("Replace a corpus of the same name."));
        parser.addOptions({name, format, doc, key, src, mt, pe, sys, labels, systems, replace});
        parseArguments(parser, rest, ctx);
        if (parser.positionalArguments().size() != 1) {
            ctx.err << rest[0] << ": expected exactly one FILE (see --help)\n";
            return ExitUsage;
        }
        CorpusFileOptions options;
        const QString f = parser.value(format);
        if (f == QLatin1String("tsv"))
            options.format = CorpusFormat::Tsv;
        else if (f == QLatin1String("jsonl"))
            options.format = CorpusFormat::Jsonl;
        else if (f != QLatin1String("auto")) {
            ctx.err << rest[0] << ": --format must be auto, tsv or jsonl\n";
            return ExitUsage;
        }
        options.documentColumn = parser.value(doc);
        options.keyColumn = parser.value(key);
        options.sourceColumn = parser.value(src);
        options.mtColumn = parser.value(mt);
        options.postEditColumn = parser.value(pe);
        options.systemColumn = parser.value(sys);
        options.labelsColumn = parser.value(labels);
        if (parser.isSet(systems))
            options.systems = parser.value(systems).split(u',', Qt::SkipEmptyParts);
        const QString path = parser.positionalArguments().constFirst();
        sampling::CoverageStore store(ctx.project().database());
        const sampling::CorpusSummary c = store.importCorpusFile(path, options, parser.value(name), parser.isSet(replace));
        ctx.out << "Imported corpus '" << c.name << "': " << c.segments << " segments, " << c.documents << " documents, "
                << c.systems.size() << " systems, mean post-edit score (TER/100) " << QString::number(c.meanPostEditScore, 'f', 4) << '\n';
        if (!c.hasDocuments)
            warnNoDocuments(ctx, rest[0], c.name);
        return int(ExitOk);
    }
    if (action == QLatin1String("list")) {
        parser.setApplicationDescription(QStringLiteral("Lists the project's corpora, labellings and samples."));
        parseArguments(parser, rest, ctx);
        sampling::CoverageStore store(ctx.project().database());
        for (const sampling::CorpusSummary &c : store.corpora())
            ctx.out << "corpus\t" << c.name << '\t' << c.segments << " segments\t" << c.documents << " documents\tsystems "
                    << c.systems.join(u',') << "\tmean TER " << QString::number(c.meanPostEditScore, 'f', 4) << '\n';
        for (const sampling::LabellingSummary &l : store.labellings())
            ctx.out << "labelling\t" << l.corpusName << '\t' << l.taxonomyName << '\t' << l.classifier << '\t' << l.labelledSegments
                    << " labelled segments\n";
        for (const sampling::SampleSummary &s : store.samples())
            ctx.out << "sample\t" << s.name << '\t' << s.method << "\tB=" << s.budget << "\tseed " << s.seed << '\t' << s.size << " segments\n";
        return int(ExitOk);
    }
    if (action == QLatin1String("remove")) {
        parser.addPositionalArgument(QStringLiteral("name"), QStringLiteral("The corpus (with its labellings and samples)."));
        parseArguments(parser, rest, ctx);
        if (parser.positionalArguments().size() != 1) {
            ctx.err << rest[0] << ": expected exactly one NAME\n";
            return ExitUsage;
        }
        sampling::CoverageStore store(ctx.project().database());
        store.removeCorpus(resolveCorpus(store, parser.positionalArguments().constFirst()));
        return int(ExitOk);
    }
    return actionUsage(ctx, args, QStringLiteral("Usage: gauntlet corpus import FILE [--name NAME] [--labels-column COLUMN] [--systems A,B] [--replace] ...\n"
                                                 "       gauntlet corpus list\n"
                                                 "       gauntlet corpus remove NAME\n"));
}

// --- gauntlet classify -------------------------------------------------------------------------

/// Labelled examples for the centroid classifier: TSV lines category<TAB>text, no header, UTF-8.
/// Throws SamplingError naming the file (and line).
QVector<LabelledExample> readLabelledExamples(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw SamplingError(QStringLiteral("%1: cannot read: %2").arg(path, file.errorString()));
    QStringDecoder decoder(QStringDecoder::Utf8);
    const QString text = decoder.decode(file.readAll());
    if (decoder.hasError())
        throw SamplingError(QStringLiteral("%1: not valid UTF-8").arg(path));
    QVector<LabelledExample> examples;
    const QStringList lines = text.split(u'\n');
    for (int i = 0; i < lines.size(); ++i) {
        const QString line = lines[i].trimmed();
        if (line.isEmpty())
            continue;
        const qsizetype tab = line.indexOf(u'\t');
        if (tab <= 0 || tab == line.size() - 1)
            throw SamplingError(QStringLiteral("%1:%2: expected category<TAB>text").arg(core::argText(path), core::argText(i + 1)));
        examples.append({line.left(tab).trimmed(), line.mid(tab + 1).trimmed()});
    }
    return examples;
}

/// The labels of every segment, classified one chunk of 10,000 segments at a time (the corpus is
/// never held whole). Each chunk starts one segment early, so its first segment keeps its context
/// (the previous segment of its document); that segment's labels come from the chunk before.
QVector<SegmentLabels> classifyInChunks(sampling::CoverageStore &store, qint64 corpusId, int segmentCount, const Taxonomy &t,
                                        SemanticClassifier *semantic, const ClassifyOptions &options)
{
    const int chunk = 10000;
    QVector<SegmentLabels> labels;
    labels.reserve(segmentCount);
    for (int first = 0; first < segmentCount; first += chunk) {
        const int from = std::max(0, first - 1);
        const QVector<SegmentLabels> part =
            classifyCorpus(store.corpus(corpusId, sampling::CoverageStore::CorpusParts::Classification, from, first + chunk - from), t, semantic, options);
        labels += part.mid(first - from);
    }
    return labels;
}

/// The options of `gauntlet classify`, in the order --help lists them.
struct ClassifyCommandOptions {
    QCommandLineOption taxonomyOption{QStringLiteral("taxonomy"), QStringLiteral("Taxonomy name (project or bundled)."), QStringLiteral("NAME"),
                                      QStringLiteral("mozilla-localization")};
    QCommandLineOption gold{QStringLiteral("gold"), QStringLiteral("Use the corpus' gold labels.")};
    QCommandLineOption maxSemantic{QStringLiteral("max-semantic"),
                                   QStringLiteral("Semantic categories a classifier may give one segment (default 3); "
                                                  "deterministic matches are never capped."),
                                   QStringLiteral("N"), QStringLiteral("3")};
    QCommandLineOption classifierOption{QStringLiteral("classifier"), QStringLiteral("none, centroid or llm (default none)."),
                                        QStringLiteral("KIND"), QStringLiteral("none")};
    QCommandLineOption encoder{QStringLiteral("encoder"), QStringLiteral("centroid: encoder folder (default: the pack's difficulty model)."),
                               QStringLiteral("FOLDER")};
    QCommandLineOption examplesOption{QStringLiteral("examples"), QStringLiteral("centroid: more labelled examples, TSV category<TAB>text."),
                                      QStringLiteral("FILE")};
    QCommandLineOption minConfidence{
        QStringLiteral("min-confidence"),
        QStringLiteral("Semantic labels below this confidence (0-1) are dropped (default: centroid %1, measured against WMT21 TED's gold "
                       "labels; llm 0).")
            .arg(ClassifyOptions::CentroidMinConfidence),
        QStringLiteral("X")};
    QCommandLineOption baseUrl{QStringLiteral("llm-base-url"), QStringLiteral("llm: endpoint base URL, e.g. http://127.0.0.1:8000/v1."),
                               QStringLiteral("URL")};
    QCommandLineOption model{QStringLiteral("llm-model"), QStringLiteral("llm: model name."), QStringLiteral("MODEL")};
    QCommandLineOption keyEnv{QStringLiteral("llm-api-key-env"), QStringLiteral("llm: environment variable holding the API key."),
                              QStringLiteral("VAR")};
    QCommandLineOption batch{QStringLiteral("llm-batch"), QStringLiteral("llm: segments per request (default 20)."), QStringLiteral("N"),
                             QStringLiteral("20")};
    QCommandLineOption replaceSamples{QStringLiteral("replace-samples"),
                                      QStringLiteral("Classify again even though samples were drawn under the current labels: those "
                                                     "samples are deleted with them (without it such a corpus and taxonomy are refused).")};

    void addTo(QCommandLineParser &parser) const
    {
        parser.addOptions({taxonomyOption, gold, maxSemantic, classifierOption, encoder, examplesOption, minConfidence, baseUrl, model, keyEnv,
                           batch, replaceSamples});
    }
};

/// Reads and checks the classifier options into `options` and `batchSize`: -1, or the exit code
/// after the message on ctx.err.
int readClassifyOptions(Context &ctx, const QStringList &args, const QCommandLineParser &parser, const ClassifyCommandOptions &co,
                        ClassifyOptions *options, int *batchSize)
{
    const QString kind = parser.value(co.classifierOption);
    if (parser.positionalArguments().size() != 1 || !parseInt(parser.value(co.maxSemantic), 1, &options->maxSemantic)
        || !parseInt(parser.value(co.batch), 1, batchSize)
        || !(kind == QLatin1String("none") || kind == QLatin1String("centroid") || kind == QLatin1String("llm"))
        || (kind == QLatin1String("llm") && (!parser.isSet(co.baseUrl) || !parser.isSet(co.model)))) {
        ctx.err << args[0] << ": expected one CORPUS, --max-semantic >= 1, --classifier none|centroid|llm (llm needs --llm-base-url and "
                              "--llm-model) (see --help)\n";
        return ExitUsage;
    }
    options->minSemanticConfidence = kind == QLatin1String("centroid") ? ClassifyOptions::CentroidMinConfidence : 0.0;
    if (parser.isSet(co.minConfidence)) {
        bool ok = false;
        options->minSemanticConfidence = parser.value(co.minConfidence).toDouble(&ok);
        if (!ok || !(options->minSemanticConfidence >= 0.0 && options->minSemanticConfidence <= 1.0)) {
            ctx.err << args[0] << ": --min-confidence takes a number from 0 to 1, not '" << parser.value(co.minConfidence) << "'\n";
            return ExitUsage;
        }
        if (parser.isSet(co.gold) || kind == QLatin1String("none")) {
            ctx.err << args[0] << ": --min-confidence filters a classifier's semantic labels; it needs --classifier centroid|llm\n";
            return ExitUsage;
        }
    }
    if (parser.isSet(co.maxSemantic) && (parser.isSet(co.gold) || kind == QLatin1String("none"))) {
        ctx.err << args[0] << ": --max-semantic caps a classifier's semantic categories; it needs --classifier centroid|llm "
                              "(matchers and gold labels are never capped)\n";
        return ExitUsage;
    }
    return -1;
}

/// The semantic classifier `kind` names over `t`: null for none, the centroid classifier on the
/// encoder's CLS embeddings (trained on the taxonomy's examples and --examples), or the LLM one.
std::unique_ptr<SemanticClassifier> semanticClassifier(const QString &kind, const Taxonomy &t, const QCommandLineParser &parser,
                                                       const ClassifyCommandOptions &co, int batchSize, int maxSemantic)
{
    std::unique_ptr<SemanticClassifier> semantic;
    if (kind == QLatin1String("centroid")) {
        QVector<LabelledExample> examples = taxonomyExamples(t);
        if (parser.isSet(co.examplesOption))
            examples += readLabelledExamples(parser.value(co.examplesOption));
        semantic = std::make_unique<CentroidClassifier>(t, examples, compute::engine().clsEmbedding(parser.value(co.encoder)));
    } else if (kind == QLatin1String("llm")) {
        translate::ChatEndpoint endpoint;
        endpoint.baseUrl = parser.value(co.baseUrl);
        endpoint.model = parser.value(co.model);
        endpoint.apiKeyVariable = parser.value(co.keyEnv);
        semantic = std::make_unique<LlmCategoryClassifier>(t, endpoint, LlmCategoryClassifier::Options{batchSize, maxSemantic - 1});
    }
    return semantic;
}

int classify(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Labels every segment of CORPUS with taxonomy categories and stores the labelling (TACTICS 3.2.2):\n"
        "every deterministic category whose matchers accept a segment (confidence 1.0, never capped), and at most\n"
        "--max-semantic semantic categories (highest confidence first) by --classifier:\n"
        "  none      matchers only (default)\n"
        "  centroid  offline nearest centroid on CLS embeddings of the default pack's difficulty encoder, trained\n"
        "            on the taxonomy's example texts and --examples FILE (TSV: category, text; no header)\n"
        "            (--encoder FOLDER for another encoder)\n"
        "  llm       any OpenAI-compatible endpoint (--llm-base-url, --llm-model, --llm-api-key-env)\n"
        "With --gold the corpus' gold labels instead (e.g. WMT21 TED's MQM categories; the taxonomy is made\n"
        "from them when it does not exist)."));
    parser.addPositionalArgument(QStringLiteral("corpus"), QStringLiteral("The corpus."));
    const ClassifyCommandOptions co;
    co.addTo(parser);
    parseArguments(parser, args, ctx);
    ClassifyOptions options;
    int batchSize = 20;
    if (const int code = readClassifyOptions(ctx, args, parser, co, &options, &batchSize); code >= 0)
        return code;
    const QString kind = parser.value(co.classifierOption);
    sampling::CoverageStore store(ctx.project().database());
    const QString corpusName = parser.positionalArguments().constFirst();
    const qint64 corpusId = resolveCorpus(store, corpusName);
    // Gold labels need the whole segment; matchers and classifiers read the source, the primary
    // MT and the document (context), one chunk of the corpus at a time.
    const int segmentCount = store.segmentCount(corpusId);
    const Corpus c = parser.isSet(co.gold) ? store.corpus(corpusId) : Corpus();
    QString taxonomyName = parser.value(co.taxonomyOption);
    QVector<SegmentLabels> labels;
    qint64 taxonomyId = 0;
    QString classifier;
    std::optional<LlmReplyStats> llmStats;  // the LLM classifier's drops and replies, for audit
    if (parser.isSet(co.gold)) {
        if (!parser.isSet(co.taxonomyOption))
            taxonomyName = corpusName + QStringLiteral("-gold");
        const auto existing = store.taxonomyId(taxonomyName);
        taxonomyId = existing ? *existing : store.addTaxonomy(taxonomyFromGoldLabels(c, taxonomyName));
        labels = goldLabels(c);
        classifier = QStringLiteral("gold");
    } else {
        taxonomyId = resolveTaxonomy(store, taxonomyName);
        if (!parser.isSet(co.replaceSamples))
            store.requireNoSamples(corpusId, taxonomyId);  // refused before the (possibly long) classification
        const Taxonomy t = store.taxonomy(taxonomyId);
        std::unique_ptr<SemanticClassifier> semantic = semanticClassifier(kind, t, parser, co, batchSize, options.maxSemantic);
        labels = classifyInChunks(store, corpusId, segmentCount, t, semantic.get(), options);
        classifier = semantic ? QStringLiteral("matchers+") + semantic->name() : QStringLiteral("matchers");
        if (const auto *llm = dynamic_cast<const LlmCategoryClassifier *>(semantic.get()))
            llmStats = llm->stats();
    }
    QJsonObject settings{{QStringLiteral("max_semantic"), options.maxSemantic}, {QStringLiteral("classifier"), kind},
                         {QStringLiteral("min_confidence"), options.minSemanticConfidence}};
    QString llmSummary;
    if (kind == QLatin1String("llm")) {
        settings.insert(QStringLiteral("llm_base_url"), parser.value(co.baseUrl));
        if (llmStats) {
            insertLlmAudit(settings, *llmStats);
            llmSummary = llmAuditSummary(*llmStats);
        }
    }
    const int dropped = store.sampleCount(corpusId, taxonomyId);
    store.saveLabelling(corpusId, taxonomyId, labels, classifier, settings, parser.isSet(co.replaceSamples));
    if (dropped > 0)
        ctx.err << args[0] << ": deleted " << dropped << " sample(s) drawn under the earlier labels (--replace-samples)\n";
    int labelled = 0;
    for (const SegmentLabels &l : labels)
        labelled += l.isEmpty() ? 0 : 1;
    ctx.out << "Classified " << segmentCount << " segments of '" << corpusName << "' with taxonomy '" << taxonomyName << "' ("
            << classifier << (kind == QLatin1String("none") || parser.isSet(co.gold) ? QString() : QStringLiteral(", semantic labels from confidence %1").arg(options.minSemanticConfidence))
            << "): " << labelled << " segments have a category\n";
    if (!llmSummary.isEmpty())
        ctx.err << args[0] << ": " << llmSummary << '\n';
    return int(ExitOk);
}

// --- gauntlet sample ---------------------------------------------------------------------------

struct SampleOptions {
    QCommandLineOption taxonomy{QStringLiteral("taxonomy"), QStringLiteral("Taxonomy of the labelling (default mozilla-localization)."),
                                QStringLiteral("NAME"), QStringLiteral("mozilla-localization")};
    QCommandLineOption budget{QStringLiteral("budget"), QStringLiteral("Budget B: most segments in the sample."), QStringLiteral("B"), QStringLiteral("200")};
    QCommandLineOption method{QStringLiteral("method"), QStringLiteral("tactics, random, equal, low-confidence or dsir (default tactics)."),
                              QStringLiteral("METHOD"), QStringLiteral("tactics")};
    QCommandLineOption seed{QStringLiteral("seed"), QStringLiteral("Random seed (default 1)."), QStringLiteral("N"), QStringLiteral("1")};
    QCommandLineOption coverageTarget{QStringLiteral("coverage-target"), QStringLiteral("TACTICS level 1 target per category (default 20)."),
                                      QStringLiteral("N"), QStringLiteral("20")};
    QCommandLineOption contextWindow{QStringLiteral("context-window"), QStringLiteral("Document neighbours per side with a coverage pick (default 1)."),
                                     QStringLiteral("N"), QStringLiteral("1")};

    void addTo(QCommandLineParser &parser) { parser.addOptions({taxonomy, budget, method, seed, coverageTarget, contextWindow}); }
    /// The settings, or an error message.
    QString read(const QCommandLineParser &parser, SamplerSettings *settings) const
    {
        try {
            settings->method = samplingMethodFromName(parser.value(method));
        } catch (const SamplingError &e) {
            return QString::fromStdString(e.what());
        }
        bool ok = false;
        settings->seed = parser.value(seed).toULongLong(&ok);
        if (!ok)
            return QStringLiteral("--seed expects an unsigned integer");
        if (!parseInt(parser.value(budget), 1, &settings->budget))
            return QStringLiteral("--budget expects an integer >= 1");
        if (!parseInt(parser.value(coverageTarget), 1, &settings->coverageTarget))
            return QStringLiteral("--coverage-target expects an integer >= 1");
        if (!parseInt(parser.value(contextWindow), 0, &settings->contextWindow))
            return QStringLiteral("--context-window expects an integer >= 0");
        return {};
    }
};

int sample(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Draws a sample of at most B segments from a classified CORPUS (TACTICS: coverage of every feasible category\n"
        "up to 20 segments, rare first, with document context; coherence; fidelity to the corpus' category and TER\n"
        "distributions; or a baseline), stores it with its settings and measures, and prints the measures.\n"
        "With --output the sampled segments are written as TSV (position, doc, key, categories, source, mt, post_edit)."));
    parser.addPositionalArgument(QStringLiteral("corpus"), QStringLiteral("The corpus."));
    SampleOptions so;
    so.addTo(parser);
    const QCommandLineOption name(QStringLiteral("name"), QStringLiteral("Sample name (default CORPUS-TAXONOMY-METHOD-BB-sSEED)."), QStringLiteral("NAME"));
    const QCommandLineOption output(QStringLiteral("output"), QStringLiteral("Also write the sampled segments to FILE (TSV)."), QStringLiteral("FILE"));
    parser.addOptions({name, output});
    parseArguments(parser, args, ctx);
    SamplerSettings settings;
    if (const QString error = so.read(parser, &settings); !error.isEmpty() || parser.positionalArguments().size() != 1) {
        ctx.err << args[0] << ": " << (error.isEmpty() ? QStringLiteral("expected exactly one CORPUS (see --help)") : error) << '\n';
        return ExitUsage;
    }
    sampling::CoverageStore store(ctx.project().database());
    const QString corpusName = parser.positionalArguments().constFirst();
    const qint64 labellingId = resolveLabelling(store, corpusName, parser.value(so.taxonomy));
    const sampling::LabellingSummary summary = store.labelling(labellingId);
    const SamplingPool pool = store.samplingPool(labellingId);
    const Sample s = drawSample(pool, settings);
    const CoverageMeasures m = measureCoverage(pool, s.segments, settings.terBins, settings.coverageTarget);
    const QString sampleName = parser.isSet(name) ? parser.value(name)
                                                  : defaultSampleName(corpusName, summary.taxonomyName, settings.method, settings.budget,
                                                                      settings.seed);
    store.saveSample(sampleName, labellingId, s, m);
    if (parser.isSet(output)) {
        QFile file(parser.value(output));
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
            throw SamplingError(QStringLiteral("%1: cannot write: %2").arg(parser.value(output), file.errorString()));
        QTextStream ts(&file);
        ts << "position\tdoc_id\tsegment_key\tcategories\tsource\tmt\tpost_edit\n";
        const QVector<CorpusSegment> sampled = store.segments(summary.corpusId, s.segments);
        for (int k = 0; k < s.segments.size(); ++k) {
            const int i = s.segments[k];
            const CorpusSegment &seg = sampled[k];
            QStringList cats;
            for (int c : pool.segments[i].categories)
                cats.append(pool.categories[c]);
            ts << i << '\t' << seg.documentId << '\t' << seg.segmentKey << '\t' << cats.join(u';') << '\t' << seg.source << '\t'
               << seg.translations.first().mt << '\t' << seg.postEdit << '\n';
        }
    }
    ctx.out << "Sample '" << sampleName << "' (" << samplingMethodName(settings.method) << ", B=" << settings.budget << ", seed "
            << settings.seed << "): " << formatMeasures(m) << '\n';
    if (s.levelSizes.size() == 3)
        ctx.out << "TACTICS levels: coverage " << s.levelSizes[0] << ", + coherence "
                << (pool.hasDocuments ? QString::number(s.levelSizes[1] - s.levelSizes[0]) : QStringLiteral("n/a")) << ", + fidelity "
                << s.levelSizes[2] - s.levelSizes[1] << '\n';
    if (!pool.hasDocuments)
        warnNoDocuments(ctx, args[0], corpusName);
    return int(ExitOk);
}

// --- gauntlet coverage -------------------------------------------------------------------------

/// The options of `gauntlet coverage` beside the sampler's (SampleOptions).
struct CoverageOptions {
    QCommandLineOption sample{QStringLiteral("sample"), QStringLiteral("A stored sample."), QStringLiteral("NAME")};
    QCommandLineOption compare{QStringLiteral("compare-methods"), QStringLiteral("Draw and measure every sampler at --budget.")};
    QCommandLineOption seeds{QStringLiteral("seeds"), QStringLiteral("With --compare-methods: average over seeds 1..N (default 1)."),
                             QStringLiteral("N"), QStringLiteral("1")};
    QCommandLineOption systems{QStringLiteral("systems"), QStringLiteral("Two systems to compare on the sample(s)."), QStringLiteral("A,B")};
    QCommandLineOption json{QStringLiteral("json"), QStringLiteral("Print the measures as JSON.")};

    void addTo(QCommandLineParser &parser) const { parser.addOptions({sample, compare, seeds, systems, json}); }
    /// The first option given that does not fit the others (its message), or an empty string.
    QString conflict(const QCommandLineParser &parser, const SampleOptions &so, const QStringList &systemPair) const
    {
        if (parser.isSet(systems) && systemPair.size() != 2)
            return QStringLiteral("--systems expects two names, A,B");
        // Honour or refuse every option (issue 23: several were ignored without a word).
        if (parser.isSet(compare) && parser.isSet(json))
            return QStringLiteral("--json is not available with --compare-methods (its table is TSV)");
        if (parser.isSet(compare) && parser.isSet(sample))
            return QStringLiteral("--sample and --compare-methods exclude each other (one measures a stored sample, the other draws new ones)");
        if (parser.isSet(systems) && !parser.isSet(sample) && !parser.isSet(compare))
            return QStringLiteral("--systems compares systems on a sample: give --sample NAME or --compare-methods");
        if (!parser.isSet(compare)) {
            for (const QCommandLineOption *o : std::initializer_list<const QCommandLineOption *>{&so.budget, &so.method, &so.seed, &so.contextWindow, &seeds}) {
                if (parser.isSet(*o))
                    return QStringLiteral("--%1 only applies with --compare-methods (a stored sample keeps its own settings)").arg(o->names().constFirst());
            }
        }
        if (parser.isSet(json) && !parser.isSet(sample))
            return QStringLiteral("--json prints a sample's measures: give --sample NAME");
        return {};
    }
};

/// The median over `seedCount` seeds (from the settings' seed) of the smallest budget (multiples
/// of 25, then the whole pool) at which `method` separates the two systems; INT_MAX where none does.
int medianBudgetToSeparate(const SamplingPool &pool, const Corpus &c, const SamplerSettings &settings, SamplingMethod method, int seedCount,
                           const QStringList &systemPair)
{
    QVector<int> budgets;
    for (int b = 25; b < pool.segments.size(); b += 25)
        budgets.append(b);
    budgets.append(pool.segments.size());
    // The median over the seeds of the first budget that separates the systems
    // ("none" counts as larger than any budget).
    QVector<int> needed;
    for (int k = 0; k < seedCount; ++k) {
        SamplerSettings s = settings;
        s.method = method;
        s.seed = settings.seed + std::uint64_t(k);
        const int b = budgetToSeparate(c, pool, s, systemPair[0], systemPair[1], budgets);
        needed.append(b < 0 ? std::numeric_limits<int>::max() : b);
    }
    std::sort(needed.begin(), needed.end());
    return needed[needed.size() / 2];
}

/// `coverage --compare-methods`: a TSV line per sampler at the settings' budget, means over
/// `seedCount` seeds; with `systemPair`, the mean paired t and the median budget that separates them.
void printMethodComparison(Context &ctx, const SamplingPool &pool, const Corpus &c, const SamplerSettings &settings, int seedCount,
                           const QStringList &systemPair)
{
    const bool otherTarget = settings.coverageTarget != 20;
    ctx.out << "method\tCov20\tCov1" << (otherTarget ? QStringLiteral("\tCov@%1").arg(settings.coverageTarget) : QString())
            << "\tCov20_max\tfill20\tr\tMSE_C\tMSE_TER\tedit\tS/D\tGini" << (systemPair.isEmpty() ? "" : "\tt\tsegments_to_separate") << '\n';
    for (SamplingMethod method : {SamplingMethod::Tactics, SamplingMethod::Random, SamplingMethod::EqualAllocation,
                                  SamplingMethod::LowConfidence, SamplingMethod::Dsir}) {
        double covTarget = 0;
        double cov20 = 0, cov1 = 0, r = 0, mseC = 0, mseT = 0, edit = 0, sd = 0, gini = 0, t = 0, fill = 0;
        int ceiling = 0;
        for (int k = 0; k < seedCount; ++k) {
            SamplerSettings s = settings;
            s.method = method;
            s.seed = settings.seed + std::uint64_t(k);
            const Sample sample = drawSample(pool, s);
            const CoverageMeasures m = measureCoverage(pool, sample.segments, s.terBins, s.coverageTarget);
            covTarget += m.covAtTarget;
            cov20 += m.cov20; cov1 += m.cov1; r += m.pearsonR; mseC += m.mseCategory; mseT += m.mseTer;
            fill += m.fill20;
            ceiling = m.cov20Ceiling;
            edit += m.editRate; sd += m.segmentsPerDocument; gini += m.gini;
            if (!systemPair.isEmpty())
                t += compareSystems(c, sample.segments, systemPair[0], systemPair[1]).t;
        }
        const double n = seedCount;
        ctx.out << samplingMethodName(method) << '\t' << cov20 / n << '\t' << cov1 / n;
        if (otherTarget)
            ctx.out << '\t' << covTarget / n;
        ctx.out << '\t' << ceiling << '\t' << QString::number(fill / n, 'f', 3);
        ctx.out << '\t' << QString::number(r / n, 'f', 3) << '\t'
                << QString::number(mseC / n, 'e', 2) << '\t' << QString::number(mseT / n, 'e', 2) << '\t' << QString::number(edit / n, 'f', 3)
                << '\t' << (pool.hasDocuments ? QString::number(sd / n, 'f', 2) : QStringLiteral("n/a")) << '\t'
                << (pool.hasDocuments ? QString::number(gini / n, 'f', 3) : QStringLiteral("n/a"));
        if (!systemPair.isEmpty()) {
            const int median = medianBudgetToSeparate(pool, c, settings, method, seedCount, systemPair);
            ctx.out << '\t' << QString::number(t / n, 'f', 3) << '\t'
                    << (median == std::numeric_limits<int>::max() ? QStringLiteral("none") : QString::number(median));
        }
        ctx.out << '\n';
    }
}

/// The corpus' category counts and, for the stored sample `sampleName` (when given), the
/// sample's counts and measures, and with `systemPair` its system comparison; JSON with `json`.
void printSampleCoverage(Context &ctx, sampling::CoverageStore &store, const SamplingPool &pool, const Corpus &c, const SamplerSettings &settings,
                         const std::optional<QString> &sampleName, bool json, const QStringList &systemPair)
{
    const QVector<int> corpusCounts = pool.categoryCounts();
    QVector<int> sampleSegments;
    if (sampleName) {
        const auto id = store.sampleId(*sampleName);
        if (!id)
            throw SamplingError(QStringLiteral("no sample '%1' in the project").arg(*sampleName));
        sampleSegments = store.sample(*id).segments;
    }
    const CoverageMeasures m = measureCoverage(pool, sampleSegments, settings.terBins, settings.coverageTarget);
    if (json) {
        QJsonObject o = m.toJson();
        if (systemPair.size() == 2 && !sampleSegments.isEmpty())
            o.insert(QStringLiteral("systems"), compareSystems(c, sampleSegments, systemPair[0], systemPair[1]).toJson());
        ctx.out << QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Indented));
        return;
    }
    ctx.out << "category\tcorpus\t" << (sampleSegments.isEmpty() ? "" : "sample") << '\n';
    for (int k = 0; k < pool.categories.size(); ++k)
        ctx.out << pool.categories[k] << '\t' << corpusCounts[k] << '\t'
                << (sampleSegments.isEmpty() ? QString() : QString::number(m.sampleCategoryCounts[k])) << '\n';
    if (!sampleSegments.isEmpty()) {
        ctx.out << formatMeasures(m) << '\n';
        if (systemPair.size() == 2) {
            const SystemComparison cmp = compareSystems(c, sampleSegments, systemPair[0], systemPair[1]);
            for (const SystemScores &s : {cmp.a, cmp.b})
                ctx.out << s.system << "\tTER " << QString::number(s.ter, 'f', 2) << "\tBLEU " << QString::number(s.bleu, 'f', 2) << "\tchrF "
                        << QString::number(s.chrf, 'f', 2) << '\n';
            ctx.out << "paired t (sentence TER, " << cmp.a.system << " - " << cmp.b.system << "): " << QString::number(cmp.t, 'f', 4)
                    << ", p " << QString::number(cmp.pValue, 'g', 4) << ", n " << cmp.n << '\n';
        }
    }
}

int coverage(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Coverage of a classified CORPUS: per category its corpus count and, with --sample NAME, the sample's count,\n"
        "then the sample's measures (Cov20, Cov1, Pearson r, MSE of category and TER distributions, edit rate,\n"
        "segments per document, Gini). --compare-methods draws every sampler at --budget and prints one line each\n"
        "(means over --seeds); --systems A,B adds the downstream comparison (TER/BLEU/chrF per system, paired t of\n"
        "sentence TER) and, with --compare-methods, the smallest budget (multiples of 25) at which each sampler\n"
        "separates the systems (p < 0.05; the median over the seeds)."));
    parser.addPositionalArgument(QStringLiteral("corpus"), QStringLiteral("The corpus."));
    SampleOptions so;
    so.addTo(parser);
    const CoverageOptions co;
    co.addTo(parser);
    parseArguments(parser, args, ctx);
    SamplerSettings settings;
    int seedCount = 1;
    QString error = so.read(parser, &settings);
    if (error.isEmpty() && !parseInt(parser.value(co.seeds), 1, &seedCount))
        error = QStringLiteral("--seeds expects an integer >= 1");
    const QStringList systemPair = parser.value(co.systems).split(u',', Qt::SkipEmptyParts);
    if (error.isEmpty())
        error = co.conflict(parser, so, systemPair);
    if (!error.isEmpty() || parser.positionalArguments().size() != 1) {
        ctx.err << args[0] << ": " << (error.isEmpty() ? QStringLiteral("expected exactly one CORPUS (see --help)") : error) << '\n';
        return ExitUsage;
    }
    sampling::CoverageStore store(ctx.project().database());
    const QString corpusName = parser.positionalArguments().constFirst();
    const qint64 labellingId = resolveLabelling(store, corpusName, parser.value(so.taxonomy));
    const sampling::LabellingSummary summary = store.labelling(labellingId);
    // System scores need the MT outputs and post-edits; the measures only the pool, streamed
    // from the store so the corpus is not held beside it.
    const Corpus c = systemPair.isEmpty() ? Corpus() : store.corpus(summary.corpusId, sampling::CoverageStore::CorpusParts::All);
    const SamplingPool pool = store.samplingPool(labellingId);
    if (!pool.hasDocuments)
        warnNoDocuments(ctx, args[0], corpusName);
    if (parser.isSet(co.compare)) {
        printMethodComparison(ctx, pool, c, settings, seedCount, systemPair);
        return int(ExitOk);
    }
    const std::optional<QString> sampleName = parser.isSet(co.sample) ? std::optional<QString>(parser.value(co.sample)) : std::nullopt;
    printSampleCoverage(ctx, store, pool, c, settings, sampleName, parser.isSet(co.json), systemPair);
    return int(ExitOk);
}

}  // namespace

Command taxonomyCommand()
{
    return {QStringLiteral("taxonomy"), QStringLiteral("Coverage taxonomies: import (JSON or bundled), export, list"), taxonomy};
}

Command corpusCommand()
{
    return {QStringLiteral("corpus"), QStringLiteral("Corpora for coverage and sampling: import (TSV/JSONL), list, remove"), corpus};
}

Command classifyCommand()
{
    return {QStringLiteral("classify"), QStringLiteral("Label a corpus with taxonomy categories (matchers, or gold labels)"), classify};
}

Command sampleCommand()
{
    return {QStringLiteral("sample"), QStringLiteral("Draw a sample under a budget (tactics, random, equal, low-confidence, dsir)"), sample};
}

Command coverageCommand()
{
    return {QStringLiteral("coverage"), QStringLiteral("Coverage measures of a corpus and its samples; compare samplers"), coverage};
}

}  // namespace gauntlet::cli
