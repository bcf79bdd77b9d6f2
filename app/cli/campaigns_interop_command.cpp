#include "app/cli/campaigns_interop.h"
#include "app/cli/campaign_cli_support.h"

#include "engine/evaluate/appraise.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/evaluate/mqm_score.h"
#include "engine/evaluate/pearmut.h"
#include "engine/evaluate/prefilled_spans.h"
#include "engine/evaluate/results_table.h"
#include "engine/evaluate/span_agreement.h"
#include "engine/store/project.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QSaveFile>
#include <QSet>

#include <functional>
#include <optional>

namespace gauntlet::cli {

using namespace evaluate;

namespace {

QString number(const std::optional<double> &v, int decimals = 3)
{
    return v ? QString::number(*v, 'f', decimals) : QStringLiteral("-");
}

QJsonValue optionalJson(const std::optional<double> &v)
{
    return v ? QJsonValue(*v) : QJsonValue();
}

QString spanLine(const QString &kind, const SpanAgreement &a)
{
    const SpanAgreementScores &s = a.scores;
    const QString a1 = a.annotatorA.isEmpty() ? QStringLiteral("-") : a.annotatorA;
    const QString a2 = a.annotatorB.isEmpty() ? QStringLiteral("-") : a.annotatorB;
    return QStringList{kind, a1, a2, QString::number(a.counts.units), number(s.charF1), number(s.charF1Severity), number(s.exactF1),
                       number(s.exactF1Severity), number(s.overlapF1), number(s.overlapF1Severity), number(s.missingF1),
                       number(s.missingF1Severity), number(a.errorCountAlpha)}
               .join(u'\t')
           + u'\n';
}

}  // namespace

bool wantsPaperTable(const QStringList &args)
{
    for (const QString &a : args)
        if (a == QLatin1String("--format") || a.startsWith(QLatin1String("--format=")))
            return true;
    return false;
}

int campaignsPaperTable(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Writes the campaign's ranking as a table for a paper: mean with 95% bootstrap interval, n, "
                                                    "significance clusters (paired bootstrap against the next system) and Krippendorff's alpha in the caption."));
    parser.addPositionalArgument(QStringLiteral("campaign"), QStringLiteral("Name, uid or id."));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("latex (booktabs), typst or markdown."), QStringLiteral("FORMAT"));
    const QCommandLineOption output(QStringLiteral("output"), QStringLiteral("Write to FILE instead of standard output."), QStringLiteral("FILE"));
    const QCommandLineOption level(QStringLiteral("significance"), QStringLiteral("p below it separates clusters (default 0.05)."), QStringLiteral("P"), QStringLiteral("0.05"));
    const QCommandLineOption decimals(QStringLiteral("decimals"), QStringLiteral("Digits after the point, 0-4 (default 1)."), QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption label(QStringLiteral("label"), QStringLiteral("LaTeX/Typst label (default tab:human-evaluation; empty: none)."), QStringLiteral("TEXT"),
                                   QStringLiteral("tab:human-evaluation"));
    parser.addOptions({format, output, level, decimals, label});
    parseArguments(parser, args, ctx);
    requirePositionals(parser, 1, QStringLiteral("CAMPAIGN --format latex|typst|markdown"));
    const TableFormat f = parseTableFormat(parser.value(format));
    PaperTableOptions options;
    bool okLevel = false, okDecimals = false;
    options.significanceLevel = parser.value(level).toDouble(&okLevel);
    options.decimals = parser.value(decimals).toInt(&okDecimals);
    if (!okLevel || !okDecimals) {
        ctx.err << args[0] << ": --significance takes a number in (0, 1) and --decimals a whole number 0-4\n";
        return int(ExitUsage);
    }
    options.label = parser.value(label);
    evaluate::CampaignStore store(ctx.project().database());
    const qint64 id = findCampaign(store, parser.positionalArguments()[0]);
    const Campaign c = store.campaign(id);
    const QVector<RatedItem> rated = store.ratedItems(id);
    QSet<QString> annotators;
    for (const RatedItem &r : rated)
        if (r.itemIndex >= 0 && r.itemIndex < c.items.size() && c.items[r.itemIndex].check == CheckKind::None)
            annotators.insert(r.annotator);
    options.annotators = int(annotators.size());
    const QString table = paperTable(c, computeResults(c, rated), f, options);
    if (parser.isSet(output))
        return writeFile(ctx, args, parser.value(output), table.toUtf8()) ? int(ExitOk) : int(ExitFailure);
    ctx.out << table;
    return int(ExitOk);
}

void printSpanAgreement(Context &ctx, const Campaign &campaign, const QVector<RatedItem> &rated)
{
    for (int stage = 1; stage <= campaign.stages(); ++stage) {
        const SpanAgreementReport report = spanAgreement(campaign, rated, stage);
        ctx.out << "span_agreement\tstage " << stage << "\tunits " << report.units << "\n";
        if (report.units == 0)
            continue;
        ctx.out << "span_pair\tannotator_a\tannotator_b\tunits\tchar_f1\tchar_f1_sev\texact_f1\texact_f1_sev\toverlap_f1\toverlap_f1_sev\t"
                   "missing_f1\tmissing_f1_sev\terror_count_alpha\n";
        for (const SpanAgreement &p : report.pairs)
            ctx.out << spanLine(QStringLiteral("span_pair"), p);
        ctx.out << spanLine(QStringLiteral("span_overall"), report.overall);
    }
    printMqm(ctx, campaign, rated);
    const ProposalSummary p = summariseProposals(campaign, rated);
    if (p.translations > 0)
        ctx.out << "proposed_spans\ttranslations " << p.translations << "\tproposed " << p.proposed << "\tkept " << p.kept << "\tedited "
                << p.edited << "\tdeleted " << p.deleted << "\tadded " << p.added << "\n";
}

QJsonObject statsJson(const Campaign &campaign, const QVector<RatedItem> &rated, const CampaignResults &results)
{
    QJsonObject o;
    o.insert(QStringLiteral("campaign"), campaign.name);
    o.insert(QStringLiteral("protocol"), protocolName(campaign.protocol));
    o.insert(QStringLiteral("answers"), rated.size());
    QJsonArray systems;
    for (const SystemResult &s : results.systems) {
        QJsonObject j;
        j.insert(QStringLiteral("rank"), s.rank);
        j.insert(QStringLiteral("system"), s.system);
        j.insert(QStringLiteral("mean"), s.mean);
        j.insert(QStringLiteral("ci_low"), s.lower);
        j.insert(QStringLiteral("ci_high"), s.upper);
        j.insert(QStringLiteral("n"), s.ratings);
        j.insert(QStringLiteral("p_next"), optionalJson(s.pNext));
        j.insert(QStringLiteral("minor"), s.minorSpans);
        j.insert(QStringLiteral("major"), s.majorSpans);
        j.insert(QStringLiteral("missing"), s.missingSpans);
        j.insert(QStringLiteral("stage2_shift"), optionalJson(s.stageTwoShift));
        systems.append(j);
    }
    o.insert(QStringLiteral("systems"), systems);
    QJsonObject agreement;
    agreement.insert(QStringLiteral("alpha_interval"), optionalJson(results.agreement.alphaInterval));
    agreement.insert(QStringLiteral("alpha_relative"), optionalJson(results.agreement.alphaRelative));
    if (campaign.protocol == Protocol::Likert)
        agreement.insert(QStringLiteral("alpha_ordinal"), optionalJson(results.agreement.alphaOrdinal));
    agreement.insert(QStringLiteral("pairable_units"), results.agreement.pairableUnits);
    if (!results.agreement.note.isEmpty())
        agreement.insert(QStringLiteral("note"), results.agreement.note);
    o.insert(QStringLiteral("agreement"), agreement);
    QJsonArray spans;
    for (int stage = 1; stage <= campaign.stages(); ++stage)
        spans.append(spanAgreementJson(spanAgreement(campaign, rated, stage)));
    o.insert(QStringLiteral("span_agreement"), spans);
    o.insert(campaign.options.errorTypology.isEmpty() ? QStringLiteral("mqm_style") : QStringLiteral("mqm"), mqmJson(campaign, rated));
    if (!campaign.options.errorTypology.isEmpty())
        o.insert(QStringLiteral("error_typology"), typologyToJson(campaign.options.errorTypology));
    const ProposalSummary p = summariseProposals(campaign, rated);
    if (p.translations > 0)
        o.insert(QStringLiteral("proposed_spans"), QJsonObject{{QStringLiteral("translations"), p.translations}, {QStringLiteral("proposed"), p.proposed},
                                                               {QStringLiteral("kept"), p.kept}, {QStringLiteral("edited"), p.edited},
                                                               {QStringLiteral("deleted"), p.deleted}, {QStringLiteral("added"), p.added}});
    QJsonArray annotators;
    for (const AnnotatorQuality &q : results.quality) {
        QJsonObject j;
        j.insert(QStringLiteral("annotator"), q.annotator);
        j.insert(QStringLiteral("checks_seen"), q.checksSeen);
        j.insert(QStringLiteral("checks_passed"), q.checksPassed);
        j.insert(QStringLiteral("bad_pairs"), q.badPairs);
        j.insert(QStringLiteral("bad_lower_p"), q.badTest ? QJsonValue(q.badTest->pValue) : QJsonValue());
        annotators.append(j);
    }
    o.insert(QStringLiteral("annotators"), annotators);
    if (!results.pairedSeeds.isEmpty()) {
        QJsonArray paired;
        for (const PairedSeedResult &p : results.pairedSeeds)
            paired.append(QJsonObject{{QStringLiteral("system"), p.system},
                                      {QStringLiteral("pairs"), p.pairs},
                                      {QStringLiteral("mean_seed"), p.meanSeed},
                                      {QStringLiteral("mean_augmented"), p.meanAugmented},
                                      {QStringLiteral("mean_difference"), p.meanDifference}});
        o.insert(QStringLiteral("paired_seeds"), paired);
    }
    if (results.kendallTauB) {
        o.insert(QStringLiteral("kendall_tau_b"), *results.kendallTauB);
        o.insert(QStringLiteral("kendall_p"), optionalJson(results.kendallP));
    }
    return o;
}

namespace {

void printNotes(Context &ctx, const QStringList &notes)
{
    for (const QString &n : notes)
        ctx.err << "campaigns: not carried over: " << n << "\n";
}

}  // namespace

int campaignsImportPearmut(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Imports a Pearmut campaign file (info, data with tgt, validation, pre-filled error_spans) as a new campaign "
                                                    "to assign and run here. What Gauntlet cannot represent is listed on standard error."));
    const QCommandLineOption name(QStringLiteral("name"), QStringLiteral("Campaign name (default: the file's campaign_id)."), QStringLiteral("NAME"));
    const QCommandLineOption sourceLang(QStringLiteral("source-lang"), QStringLiteral("The source language (Pearmut files name none)."),
                                        QStringLiteral("LANG"));
    const QCommandLineOption targetLang(QStringLiteral("target-lang"), QStringLiteral("The target language (Pearmut files name none)."),
                                        QStringLiteral("LANG"));
    parser.addOptions({name, sourceLang, targetLang});
    const InputFile file = parseInputFile(parser, ctx, args, QStringLiteral("The Pearmut campaign JSON file."), QStringLiteral("the Pearmut campaign file"));
    const PearmutCampaign p = readPearmutCampaign(file.bytes, file.path, parser.value(name), parser.value(sourceLang), parser.value(targetLang));
    evaluate::CampaignStore store(ctx.project().database());
    const qint64 id = store.createCampaign(p.campaign);
    printNotes(ctx, p.notes);
    ctx.out << "campaign " << id << " '" << p.campaign.name << "': " << counted(p.campaign.items.size(), "item", "items") << ", " << protocolName(p.campaign.protocol) << "\n";
    return int(ExitOk);
}

int campaignsImportPearmutResults(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Imports Pearmut result JSONL (one line per submitted document, with its items) as a finished campaign: "
                                                    "scores, error spans, times."));
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("The result JSONL file."));
    const QCommandLineOption name(QStringLiteral("name"), QStringLiteral("Campaign name (required)."), QStringLiteral("NAME"));
    const QCommandLineOption protocol(QStringLiteral("protocol"), QStringLiteral("esa or cesa (default: cesa when every item shows two or more translations)."),
                                      QStringLiteral("P"));
    parser.addOptions({name, protocol});
    parseArguments(parser, args, ctx);
    if (parser.positionalArguments().size() != 1 || parser.value(name).trimmed().isEmpty()) {
        ctx.err << args[0] << ": expected FILE --name NAME (see --help)\n";
        return ExitUsage;
    }
    const QString path = parser.positionalArguments()[0];
    QByteArray bytes;
    if (!readFile(ctx, args, path, &bytes))
        return int(ExitFailure);
    std::optional<Protocol> p;
    if (parser.isSet(protocol))
        p = parseProtocol(parser.value(protocol));
    const PearmutResults r = readPearmutResults(bytes, path, parser.value(name).trimmed(), p);
    evaluate::CampaignStore store(ctx.project().database());
    const int rc = storeFinished(ctx, store, {r.imported}, QStringLiteral("answers"));
    printNotes(ctx, r.notes);
    ctx.err << "campaigns: " << r.lines << " lines, " << r.answers << " answers, " << r.skipped << " items without a score or span skipped\n";
    return rc;
}


namespace {

/// FILE for stage 1, FILE with ".stage2" before its extension for stage 2 ("x.csv" -> "x.stage2.csv").
QString stageFile(const QString &path, int stage)
{
    if (stage == 1)
        return path;
    const QFileInfo info(path);
    const QString suffix = info.completeSuffix();
    const QString base = suffix.isEmpty() ? path : path.left(path.size() - suffix.size() - 1);
    return base + QStringLiteral(".stage%1").arg(stage) + (suffix.isEmpty() ? QString() : u'.' + suffix);
}

/// `campaigns export-appraise|export-pearmut CAMPAIGN FILE`: one file per stage, since neither
/// tool has a field that tells a two-stage campaign's stages apart (issue 32).
int exportPerStage(Context &ctx, const QStringList &args, const QString &description,
                   const std::function<QByteArray(evaluate::CampaignStore &, qint64, int stage, int *checksLeftOut)> &bytes)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(description + QStringLiteral(
                                         "\nA two-stage campaign's stage 2 goes to a second file, FILE with \".stage2\" before its extension: "
                                         "the format has no field that tells stages apart."));
    parser.addPositionalArgument(QStringLiteral("campaign"), QStringLiteral("Name, uid or id."));
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("Output file (stage 1)."));
    parseArguments(parser, args, ctx);
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2) {
        ctx.err << args[0] << ": expected CAMPAIGN FILE (see --help)\n";
        return ExitUsage;
    }
    evaluate::CampaignStore store(ctx.project().database());
    const qint64 id = findCampaign(store, pos[0]);
    const int stages = store.campaign(id).stages();
    int checks = 0;
    for (int stage = 1; stage <= stages; ++stage) {
        const QString path = stageFile(pos[1], stage);
        if (!writeFile(ctx, args, path, bytes(store, id, stage, &checks)))
            return int(ExitFailure);
        if (stages == 2)
            ctx.err << "campaigns: stage " << stage << " written to " << path << '\n';
    }
    if (checks > 0)
        ctx.err << "campaigns: " << checks << " answers to attention checks and tutorials left out (they would count as rated items there)\n";
    return int(ExitOk);
}

}  // namespace

int campaignsImportAppraise(Context &ctx, const QStringList &args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Imports Appraise ESA/MQM scores CSV files (ExportSystemScoresToCSV: no header, spans as a Python literal) "
                                                    "as finished campaigns, one per language pair."));
    parser.addPositionalArgument(QStringLiteral("files"), QStringLiteral("One or more CSV files."), QStringLiteral("FILE..."));
    const QCommandLineOption prefix(QStringLiteral("name"), QStringLiteral("Campaign name prefix (default \"Appraise\"); the pair is appended."),
                                    QStringLiteral("TEXT"), QStringLiteral("Appraise"));
    const QCommandLineOption textsFrom(QStringLiteral("texts-from"),
                                       QStringLiteral("The campaign the file was exported from: its items' texts are taken, and Appraise's "
                                                      "UTF-16 offsets become code points again (the CSV holds no texts)."),
                                       QStringLiteral("CAMPAIGN"));
    parser.addOptions({prefix, textsFrom});
    parseArguments(parser, args, ctx);
    requirePositionals(parser, -1, QStringLiteral("one or more CSV files"));
    QVector<QPair<QString, QByteArray>> files;
    if (!readFiles(ctx, args, parser.positionalArguments(), &files))
        return int(ExitFailure);
    evaluate::CampaignStore store(ctx.project().database());
    std::optional<Campaign> texts;
    if (parser.isSet(textsFrom)) {
        const qint64 from = findCampaign(store, parser.value(textsFrom));
        texts = store.campaign(from);
    }
    const AppraiseImport data = readAppraiseScores(files, parser.value(prefix), texts ? &*texts : nullptr);
    const int rc = storeFinished(ctx, store, data.pairs.values().toVector(), QStringLiteral("answers"));
    ctx.err << "campaigns: " << data.rows << " rows, " << data.checks << " CHK rows, " << data.tutorials << " tutorial rows and "
            << data.orphanBad << " BAD rows without their TGT left out, "
            << data.duplicates << " earlier ratings saved again (the latest counts), " << data.undecidedSpans
            << " spans of undecided severity left out\n";
    if (texts)
        ctx.err << "campaigns: " << data.withTexts << " items took their texts from '" << texts->name << "'\n";
    return rc;
}

int campaignsExportPearmut(Context &ctx, const QStringList &args)
{
    return exportPerStage(ctx, args,
                          QStringLiteral("Writes every stored answer of the campaign as Pearmut result JSONL (one line per answer: item, "
                                         "annotation with score and error spans, actions, time). Items of one system carry the item_id "
                                         "Pearmut pairs systems on; attention checks and tutorials are random_/welcome_ items, which "
                                         "Pearmut leaves out of system scores."),
                          [](evaluate::CampaignStore &store, qint64 id, int stage, int *) {
                              const QMap<QString, QVector<StoredAnswer>> answers = store.storedAnswers(id);
                              QMap<QString, QVector<LogEntry>> logs;
                              for (auto it = answers.cbegin(); it != answers.cend(); ++it)
                                  logs.insert(it.key(), store.logEntries(id, it.key()));
                              return pearmutResultsJsonl(store.campaign(id), answers, logs, stage);
                          });
}

int campaignsExportAppraise(Context &ctx, const QStringList &args)
{
    return exportPerStage(ctx, args,
                          QStringLiteral("Writes every stored answer of the campaign as an Appraise ESA scores CSV as its web interface "
                                         "stores them (no header, 12 columns, spans as JSON with UTF-16 offsets, language codes; BAD "
                                         "documents \"<doc>#bad\"). Attention checks are left out: Appraise counts CHK rows as rated items."),
                          [](evaluate::CampaignStore &store, qint64 id, int stage, int *checks) {
                              return appraiseScoresCsv(store.campaign(id), store.storedAnswers(id), stage, checks);
                          });
}

}  // namespace gauntlet::cli
