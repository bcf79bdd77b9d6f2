// `gauntlet campaigns ...`: human evaluation campaigns headless (papers.md: cESA as run in Pearmut
// for LTB, ESA, Likert, the LTB rule form): build from the project's examples or a campaign JSON
// file, hand out packages, receive a package on an annotator's machine, export and import result
// files, read results and agreement, export JSONL/CSV.
#include "app/cli/campaign_cli_support.h"
#include "engine/core/arg_text.h"
#include "app/cli/commands.h"
#include "app/cli/campaigns_interop.h"
#include "engine/augment/paired_seeds.h"

#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/campaign_results.h"
#include "engine/evaluate/campaign_setup.h"
#include "engine/evaluate/evaluate_error.h"
#include "engine/evaluate/quality_control.h"
#include "engine/evaluate/wmt_esa.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/verify/example_store.h"
#include "engine/store/project.h"

#include <QFile>
#include <QJsonDocument>
#include <QSaveFile>

#include <cmath>

namespace gauntlet::cli {

namespace {

using namespace evaluate;

int create(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Builds a campaign from the project's examples (or a campaign JSON file) and stores it."));
    parser.addPositionalArgument(QStringLiteral("name"), QStringLiteral("The campaign name."));
    const QCommandLineOption protocol(QStringLiteral("protocol"), QStringLiteral("cesa (default), esa, likert, rule_form, or mqm (ESA with an error category per span: MQM core unless --categories or --taxonomy)."), QStringLiteral("P"), QStringLiteral("cesa"));
    const QCommandLineOption categories(QStringLiteral("categories"), QStringLiteral("MQM: error categories and weights from a JSON file ({\"categories\": [\"Accuracy/Omission\", ...], \"weights\": {\"major\": 5, ...}}); also on esa/cesa."), QStringLiteral("FILE"));
    const QCommandLineOption taxonomy(QStringLiteral("taxonomy"), QStringLiteral("MQM: the categories of a project (or bundled) taxonomy, standard weights; also on esa/cesa."), QStringLiteral("NAME"));
    const QCommandLineOption fromFile(QStringLiteral("from-file"), QStringLiteral("A campaign JSON file (the \"campaign\" object of a package) instead of the examples."), QStringLiteral("FILE"));
    const QCommandLineOption status(QStringLiteral("status"), QStringLiteral("Only examples with this status (e.g. accepted)."), QStringLiteral("STATUS"));
    const QCommandLineOption withReference(QStringLiteral("include-reference"), QStringLiteral("Add the human reference as system \"human\"."));
    const QCommandLineOption twoStage(QStringLiteral("two-stage"), QStringLiteral("cESA: stage 1 without rules, stage 2 with the rules shown."));
    const QCommandLineOption ruleForm(QStringLiteral("rule-form"), QStringLiteral("Ask the LTB rule form after the last stage."));
    const QCommandLineOption scales(QStringLiteral("scales"), QStringLiteral("Likert: comma-separated built-in scales (grammaticality, plausibility, translation quality)."), QStringLiteral("LIST"), QStringLiteral("translation quality"));
    const QCommandLineOption redundancy(QStringLiteral("redundancy"), QStringLiteral("Annotators per item (default 1)."), QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption perAnnotator(QStringLiteral("items-per-annotator"), QStringLiteral("At most N items each (0 = no limit)."), QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Seed of the shuffles (default 1)."), QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption noShuffle(QStringLiteral("no-shuffle"), QStringLiteral("Show systems in stored order."));
    const QCommandLineOption showNames(QStringLiteral("show-system-names"), QStringLiteral("Show system names (hidden by default)."));
    const QCommandLineOption instructions(QStringLiteral("instructions"), QStringLiteral("Instructions text shown to annotators."), QStringLiteral("TEXT"));
    const QCommandLineOption bad(QStringLiteral("bad-references"), QStringLiteral("Add Appraise bad-reference items for the first N items: each translation with a phrase replaced from another item; annotators should score them lower than their originals (a one-sided Mann-Whitney U test per annotator in stats)."), QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption charBased(QStringLiteral("character-based"), QStringLiteral("Bad references by characters (CJK, Thai) instead of words."));
    const QCommandLineOption checks(QStringLiteral("checks"), QStringLiteral("Attention checks with known answers, from a JSON list of items (key, source, translations, "
                                                                            "\"check\": tutorial | loud | silent, \"expected\": one {min_score, max_score, span?} per translation). "
                                                                            "tutorial: shown first, must be answered right to go on; loud: a wrong answer is shown and retried; "
                                                                            "silent: a wrong answer is only logged. Pass rates per annotator in stats."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption pairedSeeds(QStringLiteral("paired-seeds"),
                                         QStringLiteral("For each example made from an augmentation run, also its seed with the same MT systems' stored "
                                                        "translations (gauntlet runs translate), the two items paired, so stats compares them."));
    parser.addOptions({protocol, fromFile, status, withReference, twoStage, ruleForm, scales, redundancy, perAnnotator, seed, noShuffle,
                       showNames, instructions, bad, charBased, checks, categories, taxonomy, pairedSeeds});
    parseArguments(parser, args, ctx);
    requirePositionals(parser, 1, QStringLiteral("the campaign name"));
    Campaign c;
    const bool mqm = parser.isSet(protocol) && parser.value(protocol) == QLatin1String("mqm");  // ESA with error categories
    if (parser.isSet(fromFile)) {
        QByteArray bytes;
        if (!readFile(ctx, args, parser.value(fromFile), &bytes))
            return int(ExitFailure);
        c = readCampaignFile(bytes, parser.value(fromFile));  // one error naming the file for another shape
        c.name = parser.positionalArguments()[0];
    } else {
        c.name = parser.positionalArguments()[0];
        c.protocol = mqm ? Protocol::Esa : parseProtocol(parser.value(protocol));
    }
    if (mqm || parser.isSet(categories) || parser.isSet(taxonomy))
        c.options.errorTypology = mqmTypologyFor(ctx, parser.value(categories), parser.value(taxonomy));
    c.options.twoStage = c.options.twoStage || parser.isSet(twoStage);
    c.options.ruleForm = c.options.ruleForm || parser.isSet(ruleForm);
    if (parser.isSet(redundancy) || !parser.isSet(fromFile))
        c.options.redundancy = parser.value(redundancy).toInt();
    if (parser.isSet(perAnnotator) || !parser.isSet(fromFile))
        c.options.itemsPerAnnotator = parser.value(perAnnotator).toInt();
    if (parser.isSet(seed) || !parser.isSet(fromFile))
        c.options.seed = parser.value(seed).toULongLong();
    if (parser.isSet(noShuffle))
        c.options.shuffleSystems = false;
    if (parser.isSet(showNames))
        c.options.hideSystemNames = false;
    if (parser.isSet(instructions))
        c.options.instructions = parser.value(instructions);
    if (c.protocol == Protocol::Likert && c.scales.isEmpty())
        for (const QString &s : parser.value(scales).split(u',', Qt::SkipEmptyParts))
            c.scales << LikertScale::named(s.trimmed());
    evaluate::CampaignSetup setup;
    setup.status = parser.value(status);
    setup.includeReference = parser.isSet(withReference);
    setup.badReferences = parser.value(bad).toInt();
    setup.characterBased = parser.isSet(charBased);
    if (parser.isSet(checks)) {
        QByteArray bytes;
        if (!readFile(ctx, args, parser.value(checks), &bytes))
            return int(ExitFailure);
        setup.checks = readCheckItems(bytes, parser.value(checks));
    }
    if (!parser.isSet(fromFile)) {
        verify::ExampleStore examples(ctx.project().database());
        const evaluate::ExampleSelection sel = evaluate::buildCampaign(examples, c, setup);
        ctx.err << "campaigns: " << counted(sel.examples, "example", "examples") << " used, " << sel.skipped << " skipped (too few MT outputs)\n";
        if (parser.isSet(pairedSeeds)) {
            const augment::PairedSeedReport paired = augment::addPairedSeedItems(ctx.project().database(), c);
            for (const QString &p : paired.problems)
                ctx.err << "campaigns: not paired: " << p << '\n';
            ctx.err << "campaigns: " << paired.paired << " seed items paired with augmented examples, " << paired.skipped << " not paired\n";
        }
    } else {
        if (parser.isSet(pairedSeeds)) {
            ctx.err << args[0] << ": --paired-seeds pairs the project's examples; it does not apply to --from-file\n";
            return int(ExitUsage);
        }
        evaluate::addQualityControlItems(c, setup);  // the file's own items stay
    }
    evaluate::CampaignStore store(ctx.project().database());
    const qint64 id = store.createCampaign(c);
    ctx.out << "campaign " << id << " '" << c.name << "': " << counted(c.items.size(), "item", "items") << ", " << protocolName(c.protocol)
            << (c.stages() == 2 ? ", two stages" : "")
            << (c.options.errorTypology.isEmpty() ? QString() : QStringLiteral(", MQM categories (%1, %2 categories)").arg(core::argText(c.options.errorTypology.name), core::argText(c.options.errorTypology.categories.size())))
            << "\n";
    return int(ExitOk);
}

int list(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Lists the project's campaigns: id, name, protocol, items, answers/expected, annotators."));
    parseArguments(parser, args, ctx);
    evaluate::CampaignStore store(ctx.project().database());
    for (const evaluate::CampaignSummary &s : store.campaigns())
        ctx.out << s.id << '\t' << s.name << '\t' << protocolName(s.protocol) << '\t' << s.items << " items\t" << s.answers << '/'
                << s.expectedAnswers << " answers\t" << s.origin << '\t' << s.annotators.join(u',') << "\n";
    return int(ExitOk);
}

int assign(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Hands the campaign's items to annotators (redundancy and items per annotator as set)."));
    parser.addPositionalArgument(QStringLiteral("campaign"), QStringLiteral("Name, uid or id."));
    const QCommandLineOption annotators(QStringLiteral("annotators"), QStringLiteral("Comma-separated annotator names."), QStringLiteral("LIST"));
    parser.addOption(annotators);
    parseArguments(parser, args, ctx);
    if (parser.positionalArguments().size() != 1 || !parser.isSet(annotators)) {
        ctx.err << args[0] << ": expected a campaign and --annotators (see --help)\n";
        return ExitUsage;
    }
    evaluate::CampaignStore store(ctx.project().database());
    const qint64 id = findCampaign(store, parser.positionalArguments()[0]);
    QStringList names;
    for (const QString &n : parser.value(annotators).split(u',', Qt::SkipEmptyParts))
        names << n.trimmed();
    store.assign(id, names);
    for (const QString &n : names)
        ctx.out << n << '\t' << counted(store.assignment(id, n).items.size(), "item", "items") << '\n';
    return int(ExitOk);
}

int exportPackage(Context &ctx, const QStringList &args)
{
    return exportCampaignFile(ctx, args, QStringLiteral("Writes one annotator's package (one JSON file)."), true, QStringLiteral("Output JSON file."),
                              [](evaluate::CampaignStore &store, qint64 id, const QString &annotator) { return store.exportPackage(id, annotator); });
}

/// receive and import: parses the command line (`description` for --help, FILE as `fileHelp`,
/// named `fileWhat` in the arity error), reads FILE and hands it to `import` with the project's
/// campaigns. Returns ExitOk; throws what parseInputFile and `import` throw.
int importCampaignFile(Context &ctx, const QStringList &args, const QString &description, const QString &fileHelp, const QString &fileWhat,
                       const std::function<void(evaluate::CampaignStore &store, const InputFile &file)> &import)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(description);
    const InputFile file = parseInputFile(parser, ctx, args, fileHelp, fileWhat);
    evaluate::CampaignStore store(ctx.project().database());
    import(store, file);
    return int(ExitOk);
}

int receive(Context &ctx, const QStringList &args)
{
    return importCampaignFile(ctx, args, QStringLiteral("On an annotator's machine: stores a package so it can be answered in the app."),
                              QStringLiteral("The package JSON file."), QStringLiteral("the package file"),
                              [&ctx](evaluate::CampaignStore &store, const InputFile &file) {
                                  const qint64 id = store.importPackage(file.bytes, file.path);
                                  ctx.out << "campaign " << id << " '" << store.campaign(id).name << "' received\n";
                              });
}

int exportResultFile(Context &ctx, const QStringList &args)
{
    return exportCampaignFile(ctx, args,
                              QStringLiteral("On an annotator's machine: writes the annotator's answers and action log as a result file.\n"
                                             "With --format latex|typst|markdown: the campaign's ranking as a paper table (below)."),
                              true, QStringLiteral("Output JSON file."),
                              [](evaluate::CampaignStore &store, qint64 id, const QString &annotator) { return store.exportResults(id, annotator); });
}

int exportResults(Context &ctx, const QStringList &args)
{
    if (wantsPaperTable(args))
        return campaignsPaperTable(ctx, args);
    if (asksForHelp(args))
        return helpOfBothForms(ctx, args, exportResultFile, campaignsPaperTable);
    return exportResultFile(ctx, args);
}

int importResults(Context &ctx, const QStringList &args)
{
    return importCampaignFile(ctx, args,
                              QStringLiteral("On the organiser's machine: imports an annotator's result file (refused when it belongs to another "
                                             "campaign or was imported before)."),
                              QStringLiteral("The result JSON file."), QStringLiteral("the result file"), [&ctx](evaluate::CampaignStore &store, const InputFile &file) {
                                  const evaluate::ImportReport r = store.importResults(file.bytes, file.path);
                                  ctx.out << "imported " << r.answers << " answers of " << r.annotator << " into '" << r.campaignName << "'\n";
                              });
}

QString number(const std::optional<double> &v, int decimals = 3)
{
    return v ? QString::number(*v, 'f', decimals) : QStringLiteral("-");
}

/// Krippendorff's alpha lines of `campaigns stats`: pooled over the stages (said so in a two-stage
/// campaign), then per stage ("alpha_interval_stage1", ...).
void printAlpha(Context &ctx, const Campaign &c, const CampaignResults &r)
{
    const QString pooled = c.stages() > 1 ? QStringLiteral("\tstages 1 and 2 pooled") : QString();
    ctx.out << "alpha_interval\t" << number(r.agreement.alphaInterval) << pooled << "\n";
    ctx.out << "alpha_relative\t" << number(r.agreement.alphaRelative) << pooled << "\n";
    for (const AgreementResult &a : r.agreementByStage) {
        ctx.out << "alpha_interval_stage" << a.stage << '\t' << number(a.alphaInterval) << "\n";
        ctx.out << "alpha_relative_stage" << a.stage << '\t' << number(a.alphaRelative) << "\n";
    }
}

int stats(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Results: per system mean with 95% bootstrap interval, ranking, spans, stage shift; agreement; annotator quality; "
                                                    "span agreement per annotator pair (character, exact and overlap F1, [missing], alpha on error counts); "
                                                    "in a two-stage campaign rank, mean, interval, p_next and spans use stage 1 (rules hidden), "
                                                    "alpha is given pooled and per stage; minor/major count spans on the text, missing the [missing] "
                                                    "marks (disjoint); Kendall tau-b of the human ranking against the project's automatic rankings (verifier pass rate, "
                                                    "chrF against the references, stored difficulty D) where they exist."));
    parser.addPositionalArgument(QStringLiteral("campaign"), QStringLiteral("Name, uid or id."));
    const QCommandLineOption jsonl(QStringLiteral("jsonl"), QStringLiteral("Also write one JSON line per answer (Pearmut-like)."), QStringLiteral("FILE"));
    const QCommandLineOption csv(QStringLiteral("csv"), QStringLiteral("Also write Appraise-like CSV rows."), QStringLiteral("FILE"));
    const QCommandLineOption automatic(QStringLiteral("automatic"), QStringLiteral("TSV of system<TAB>score (higher = better) for Kendall tau-b against the human ranking."), QStringLiteral("FILE"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print everything (ranking, agreement, span agreement, annotators) as one JSON object."));
    parser.addOptions({jsonl, csv, automatic, json});
    parseArguments(parser, args, ctx);
    requirePositionals(parser, 1, QStringLiteral("a campaign"));
    evaluate::CampaignStore store(ctx.project().database());
    const qint64 id = findCampaign(store, parser.positionalArguments()[0]);
    const Campaign c = store.campaign(id);
    const QVector<RatedItem> rated = store.ratedItems(id);
    QMap<QString, double> autoScores;
    if (parser.isSet(automatic)) {
        QByteArray bytes;
        if (!readFile(ctx, args, parser.value(automatic), &bytes))
            return int(ExitFailure);
        for (const QString &line : decodeUtf8(bytes, parser.value(automatic)).split(u'\n', Qt::SkipEmptyParts)) {
            const QStringList f = line.split(u'\t');
            bool ok = false;
            const double v = f.value(1).trimmed().toDouble(&ok);
            if (f.size() != 2 || !ok) {
                ctx.err << args[0] << ": " << parser.value(automatic) << ": expected system<TAB>score, got '" << line << "'\n";
                return int(ExitFailure);
            }
            autoScores.insert(f[0].trimmed(), v);
        }
    }
    const CampaignResults r = computeResults(c, rated, autoScores);
    if (parser.isSet(json)) {
        ctx.out << QJsonDocument(statsJson(c, rated, r)).toJson(QJsonDocument::Indented);
        return int(ExitOk);
    }
    ctx.out << "campaign\t" << c.name << "\t" << protocolName(c.protocol) << "\t" << rated.size() << " answers\n";
    if (c.stages() > 1)
        ctx.out << "ranking\tstage 1 (rules hidden); stage 2 only in stage2_shift\n";
    ctx.out << "rank\tsystem\tmean\tci_low\tci_high\tn\tp_next\tminor\tmajor\tmissing\tstage2_shift\n";
    for (const SystemResult &s : r.systems)
        ctx.out << s.rank << '\t' << s.system << '\t' << QString::number(s.mean, 'f', 2) << '\t' << QString::number(s.lower, 'f', 2) << '\t'
                << QString::number(s.upper, 'f', 2) << '\t' << s.ratings << '\t' << number(s.pNext, 4) << '\t' << s.minorSpans << '\t'
                << s.majorSpans << '\t' << s.missingSpans << '\t' << number(s.stageTwoShift, 2) << "\n";
    if (!r.pairedSeeds.isEmpty()) {  // issue 21: augmented items against their seeds
        ctx.out << "paired_seeds\tsystem\tpairs\tmean_seed\tmean_augmented\tmean_difference\n";
        for (const PairedSeedResult &p : r.pairedSeeds)
            ctx.out << "paired_seeds\t" << p.system << '\t' << p.pairs << '\t' << QString::number(p.meanSeed, 'f', 2) << '\t'
                    << QString::number(p.meanAugmented, 'f', 2) << '\t' << QString::number(p.meanDifference, 'f', 2) << '\n';
    }
    printAlpha(ctx, c, r);
    if (c.protocol == Protocol::Likert)
        ctx.out << "alpha_ordinal\t" << number(r.agreement.alphaOrdinal) << "\n";
    ctx.out << "pairable_units\t" << r.agreement.pairableUnits << "\n";
    if (!r.agreement.note.isEmpty())
        ctx.out << "note\t" << r.agreement.note << "\n";
    if (parser.isSet(automatic))
        ctx.out << "kendall_tau_b\t" << number(r.kendallTauB) << "\tp\t" << number(r.kendallP, 4) << "\n";
    // the automatic rankings the project itself holds: verdicts of the examples, chrF against the
    // references, the difficulty D its augmentation runs stored
    verify::ExampleStore examples(ctx.project().database());
    const QMap<QString, double> passRates = evaluate::verifierPassRates(examples, c);
    const QMap<QString, double> chrf = chrfAgainstReferences(c);
    const QMap<QString, double> difficulty = evaluate::storedDifficulty(ctx.project().database(), c);
    for (const RankAgreement &a : {compareRankings(r, QStringLiteral("verifier_pass_rate"), passRates),
                                   compareRankings(r, QStringLiteral("chrf"), chrf),
                                   compareRankings(r, QStringLiteral("difficulty"), difficulty)})
        if (a.systems > 0)
            ctx.out << "kendall_tau_b_" << a.name << '\t' << number(a.tauB) << "\tp\t" << number(a.pValue, 4) << "\tsystems\t" << a.systems << "\n";
    for (const AnnotatorQuality &q : r.quality)
        ctx.out << "annotator\t" << q.annotator << "\tchecks " << q.checksPassed << '/' << q.checksSeen << "\tbad_pairs " << q.badPairs
                << "\tbad_lower_p " << (q.badTest ? QString::number(q.badTest->pValue, 'f', 4) : QStringLiteral("-")) << "\n";
    printSpanAgreement(ctx, c, rated);
    if (parser.isSet(jsonl) && !writeFile(ctx, args, parser.value(jsonl), resultsJsonl(c, rated)))
        return int(ExitFailure);
    if (parser.isSet(csv) && !writeFile(ctx, args, parser.value(csv), resultsCsv(c, rated)))
        return int(ExitFailure);
    return int(ExitOk);
}

int importWmt(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Imports WMT24 ESA rating files (CSV, e.g. ../shared/data/judgments/wmt24-esa/esa_generalMT2024_wave2.csv) as finished campaigns, one per language pair."));
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("One or more CSV files."), QStringLiteral("FILE..."));
    const QCommandLineOption prefix(QStringLiteral("name"), QStringLiteral("Campaign name prefix (default \"WMT24 ESA\"); the pair is appended."), QStringLiteral("TEXT"), QStringLiteral("WMT24 ESA"));
    parser.addOption(prefix);
    parseArguments(parser, args, ctx);
    requirePositionals(parser, -1, QStringLiteral("one or more CSV files"));
    QVector<QPair<QString, QByteArray>> files;
    if (!readFiles(ctx, args, parser.positionalArguments(), &files))
        return int(ExitFailure);
    const WmtEsaImport data = readWmtEsa(files, parser.value(prefix));
    evaluate::CampaignStore store(ctx.project().database());
    storeFinished(ctx, store, data.pairs.values().toVector(), QStringLiteral("ratings"));
    ctx.err << "campaigns: " << data.rows << " rows, " << data.filtered << " filtered (BAD, tutorial, #bad/#dup/#incomplete, refA), "
            << data.duplicates << " repeated ratings, " << data.undecidedSpans << " spans of undecided severity left out\n";
    return int(ExitOk);
}

int remove(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Deletes a campaign with all its answers."));
    parser.addPositionalArgument(QStringLiteral("campaign"), QStringLiteral("Name, uid or id."));
    parseArguments(parser, args, ctx);
    requirePositionals(parser, 1, QStringLiteral("a campaign"));
    evaluate::CampaignStore store(ctx.project().database());
    const qint64 id = findCampaign(store, parser.positionalArguments()[0]);
    return store.removeCampaign(id) ? int(ExitOk) : int(ExitFailure);
}

int campaigns(Context &ctx, const QStringList &args)
{
    return dispatchAction(ctx, args,
                    QStringLiteral("Usage: gauntlet campaigns create NAME [--protocol cesa|esa|likert|rule_form|mqm] [--categories FILE|--taxonomy NAME] [--two-stage] [--rule-form] [--paired-seeds]\n"
                                   "           [--checks FILE] [--bad-references N] [--instructions TEXT] [--include-reference] [...] (see create --help)\n"
                                   "       gauntlet campaigns list | remove CAMPAIGN\n"
                                   "       gauntlet campaigns assign CAMPAIGN --annotators A,B\n"
                                   "       gauntlet campaigns export CAMPAIGN ANNOTATOR FILE     (organiser: one package per annotator)\n"
                                   "       gauntlet campaigns receive FILE                       (annotator: store a package)\n"
                                   "       gauntlet campaigns results CAMPAIGN ANNOTATOR FILE    (annotator: write the result file)\n"
                                   "       gauntlet campaigns results CAMPAIGN --format latex|typst|markdown [--output FILE]  (paper table)\n"
                                   "       gauntlet campaigns import FILE                        (organiser: import a result file)\n"
                                   "       gauntlet campaigns stats CAMPAIGN [--json] [--jsonl FILE] [--csv FILE] [--automatic TSV]\n"
                                   "       gauntlet campaigns import-wmt FILE... [--name PREFIX]  (real WMT24 ESA ratings)\n"
                                   "       gauntlet campaigns import-pearmut FILE [--name NAME]   (a Pearmut campaign file)\n"
                                   "       gauntlet campaigns import-pearmut-results FILE --name NAME [--protocol esa|cesa]\n"
                                   "       gauntlet campaigns export-pearmut CAMPAIGN FILE        (answers as Pearmut result JSONL)\n"
                                   "       gauntlet campaigns import-appraise FILE... [--name PREFIX]  (Appraise ESA scores CSV)\n"
                                   "       gauntlet campaigns export-appraise CAMPAIGN FILE       (answers as an Appraise scores CSV)\n"
                                   "       gauntlet campaigns adjudicate CAMPAIGN --item KEY --system NAME [--show | --adjudicator NAME ...]\n"
                                   "       gauntlet campaigns adjudications CAMPAIGN [--json]     (adjudicated answers with provenance)\n"),
                    {{QStringLiteral("create"), create},
                     {QStringLiteral("list"), list},
                     {QStringLiteral("remove"), remove},
                     {QStringLiteral("assign"), assign},
                     {QStringLiteral("export"), exportPackage},
                     {QStringLiteral("receive"), receive},
                     {QStringLiteral("results"), exportResults},
                     {QStringLiteral("import"), importResults},
                     {QStringLiteral("stats"), stats},
                     {QStringLiteral("import-wmt"), importWmt},
                     {QStringLiteral("import-pearmut"), campaignsImportPearmut},
                     {QStringLiteral("import-pearmut-results"), campaignsImportPearmutResults},
                     {QStringLiteral("export-pearmut"), campaignsExportPearmut},
                     {QStringLiteral("import-appraise"), campaignsImportAppraise},
                     {QStringLiteral("export-appraise"), campaignsExportAppraise},
                     {QStringLiteral("adjudicate"), campaignsAdjudicate},
                     {QStringLiteral("adjudications"), campaignsAdjudications}});
}

}  // namespace

Command campaignsCommand()
{
    return {QStringLiteral("campaigns"), QStringLiteral("Human evaluation campaigns: create, hand out, collect, results"), campaigns};
}

}  // namespace gauntlet::cli
