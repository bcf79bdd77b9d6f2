// `gauntlet judge [FILE]`: the independent judges of engine/judge on lines of text (standard input
// by default): link-grammar (complete parse, null links), Hunspell (misspelled words) and an
// Apertium round trip (unknown words, round-trip chrF). TSV (default) or JSON Lines. Useful on its
// own and for labelling hard negatives for the acceptability classifier.
#include "app/cli/commands.h"

#include "engine/core/text_file.h"
#include "engine/judge/judge_summary.h"
#include "engine/judge/judges.h"

#include <QFile>

#include <nlohmann/json.hpp>

#include <cmath>

namespace gauntlet::cli {

namespace {

int judgeLines(Context &ctx, const QStringList &args)
{
    const QString name = args.value(0, QStringLiteral("gauntlet judge"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Judges lines of English text with tools ATO does not optimise: link-grammar (complete parse, minimal null links),\n"
        "Hunspell en_US (misspelled words) and an Apertium round trip (unknown words, round-trip chrF).\n"
        "One row per input line: TSV with the columns complete_parse, null_links, disjunct_cost, misspelled, mt_unknown,\n"
        "round_trip_chrf, text; or JSON Lines (--format jsonl) with every judge's full report."));
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("UTF-8 text, one sentence per line (default: standard input)."),
                                 QStringLiteral("[FILE]"));
    const QCommandLineOption formatO(QStringLiteral("format"), QStringLiteral("tsv or jsonl (default tsv)."), QStringLiteral("FORMAT"),
                                     QStringLiteral("tsv"));
    const QCommandLineOption noMtO(QStringLiteral("no-mt"), QStringLiteral("Leave out the Apertium round trip (the slowest judge)."));
    const QCommandLineOption pairO(QStringLiteral("pair"), QStringLiteral("Apertium round-trip pair (default eng-spa where installed)."),
                                   QStringLiteral("MODE"));
    parser.addOptions({formatO, noMtO, pairO});
    parseArguments(parser, args, ctx);
    const QString format = parser.value(formatO);
    if (parser.positionalArguments().size() > 1 || (format != QLatin1String("tsv") && format != QLatin1String("jsonl"))) {
        ctx.err << name << ": expected at most one FILE and --format tsv|jsonl (see --help)\n";
        return ExitUsage;
    }
    QStringList lines;
    if (parser.positionalArguments().isEmpty()) {
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly)) {
            ctx.err << name << ": cannot read standard input\n";
            return ExitFailure;
        }
        lines = core::splitUtf8Lines(in.readAll(), QStringLiteral("standard input"));
    } else {
        lines = core::readUtf8Lines(parser.positionalArguments().constFirst());
    }
    judge::JudgeOptions options;
    options.mt = !parser.isSet(noMtO);
    if (parser.isSet(pairO))
        options.pairs = {parser.value(pairO).toStdString()};
    judge::Judges judges(options);
    std::vector<std::string> texts;
    texts.reserve(size_t(lines.size()));
    for (const QString &l : lines)
        texts.push_back(l.toStdString());
    const std::vector<judge::JudgeReport> reports = judges.judge(texts);
    for (const std::string &why : judges.unavailable())
        ctx.err << name << ": " << QString::fromStdString(why) << '\n';
    const auto num = [](double v, int decimals) { return std::isnan(v) ? QStringLiteral("nan") : QString::number(v, 'f', decimals); };
    if (format == QLatin1String("tsv"))
        ctx.out << "complete_parse\tnull_links\tdisjunct_cost\tmisspelled\tmt_unknown\tround_trip_chrf\ttext\n";
    for (size_t i = 0; i < texts.size(); ++i) {
        const nlohmann::json report = judge::toJson(reports[i]);
        if (format == QLatin1String("jsonl")) {
            ctx.out << QString::fromStdString(nlohmann::json{{"text", texts[i]}, {"judges", report}}.dump(
                           -1, ' ', false, nlohmann::json::error_handler_t::replace))
                    << '\n';
            continue;
        }
        const judge::JudgeNumbers n = judge::judgeNumbers(report);
        ctx.out << num(n.completeParse, 0) << '\t' << num(n.nullLinks, 0) << '\t' << num(n.disjunctCost, 2) << '\t' << num(n.misspelledWords, 0) << '\t'
                << num(n.unknownWords, 0) << '\t' << num(n.roundTripChrf, 2) << '\t' << lines[int(i)] << '\n';
    }
    return ExitOk;
}

}  // namespace

Command judgeCommand()
{
    return {QStringLiteral("judge"), QStringLiteral("Judge lines of text with link-grammar, Hunspell and an Apertium round trip"), judgeLines};
}

}  // namespace gauntlet::cli
