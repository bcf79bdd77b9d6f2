// `gauntlet eval-pack [--pack DIR]`: the held-out report of a model pack against baselines
// (engine/train/pack_evaluation.h), printed as Markdown; --write-readme puts it into the pack's
// README.md (replacing an earlier report), --json writes the numbers.
#include "app/cli/commands.h"
#include "engine/core/save_file.h"

#include "engine/ato/model_pack.h"
#include "engine/compute/compute.h"

#include <QFile>
#include <QSaveFile>

#include <nlohmann/json.hpp>

#include <iostream>

namespace gauntlet::cli {
namespace {

constexpr const char *kSectionStart = "<!-- eval-pack: begin -->";
constexpr const char *kSectionEnd = "<!-- eval-pack: end -->";

/// Replaces the marked report section of `readme` (or appends one). Returns false with `error` set
/// when the file cannot be read or written; the old file stays intact on failure (QSaveFile).
bool writeIntoReadme(const QString &readme, const std::string &section, QString *error)
{
    QByteArray text;
    QFile in(readme);
    if (in.exists()) {
        if (!in.open(QIODevice::ReadOnly)) {
            *error = in.errorString();
            return false;
        }
        text = in.readAll();
    }
    const QByteArray block = QByteArray(kSectionStart) + '\n' + QByteArray::fromStdString(section) + kSectionEnd + '\n';
    const qsizetype a = text.indexOf(kSectionStart), b = text.indexOf(kSectionEnd);
    if (a >= 0 && b > a) {
        qsizetype end = b + qsizetype(qstrlen(kSectionEnd));
        if (end < text.size() && text[end] == '\n')
            ++end;
        text.replace(a, end - a, block);
    } else {
        if (!text.isEmpty() && !text.endsWith('\n'))
            text += '\n';
        text += '\n' + block;
    }
    if (const QString why = core::saveFile(readme, text); !why.isEmpty()) {
        *error = why;
        return false;
    }
    return true;
}

int evalPack(Context &ctx, const QStringList &args)
{
    const QString name = QStringLiteral("gauntlet eval-pack");
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Evaluates a model pack on held-out data through the shipping loader, each number against a baseline measured in\n"
        "the same run: difficulty (Pearson/Spearman vs a token-count line), acceptability (CoLA MCC vs the majority\n"
        "class), lm (held-out perplexity vs a unigram model; CoLA AUC vs chance). Prints a Markdown report."));
    const QCommandLineOption packO(QStringLiteral("pack"), QStringLiteral("The pack folder (default: the shipped default pack)."),
                                   QStringLiteral("DIR"));
    const QCommandLineOption dataO(QStringLiteral("data"), QStringLiteral("The shared data folder (default ../shared/data)."),
                                   QStringLiteral("DIR"), QStringLiteral("../shared/data"));
    const QCommandLineOption seedO(QStringLiteral("seed"), QStringLiteral("Split seed the pack was trained with (default 1)."),
                                   QStringLiteral("N"), QStringLiteral("1"));
    const QCommandLineOption linesO(QStringLiteral("max-lm-lines"), QStringLiteral("Held-out English lines for the LM (default 2000)."),
                                    QStringLiteral("N"), QStringLiteral("2000"));
    const QCommandLineOption threadsO(QStringLiteral("threads"), QStringLiteral("CPU threads (default all)."), QStringLiteral("N"),
                                      QStringLiteral("0"));
    const QCommandLineOption readmeO(QStringLiteral("write-readme"), QStringLiteral("Write the report into <pack>/README.md."));
    const QCommandLineOption jsonO(QStringLiteral("json"), QStringLiteral("Write the numbers as JSON to FILE."), QStringLiteral("FILE"));
    const QCommandLineOption barsO(QStringLiteral("require-bars"), QStringLiteral("Exit 1 when a quality bar does not hold."));
    parser.addOptions({packO, dataO, seedO, linesO, threadsO, readmeO, jsonO, barsO});
    parseArguments(parser, args, ctx);
    if (!parser.positionalArguments().isEmpty()) {
        ctx.err << name << ": unexpected argument '" << parser.positionalArguments().constFirst() << "'\n";
        return ExitUsage;
    }
    train::PackEvaluationOptions options;
    options.packDir = parser.isSet(packO) ? parser.value(packO) : ato::defaultModelPack().folder;
    if (options.packDir.isEmpty()) {
        ctx.err << name << ": the default model pack was not found; give --pack DIR\n";
        return ExitFailure;
    }
    options.dataDir = parser.value(dataO);
    bool ok1 = false, ok2 = false, ok3 = false;
    options.seed = parser.value(seedO).toULongLong(&ok1);
    options.maxLmLines = parser.value(linesO).toLongLong(&ok2);
    options.threads = parser.value(threadsO).toInt(&ok3);
    if (!ok1 || !ok2 || !ok3 || options.maxLmLines < 0 || options.threads < 0) {
        ctx.err << name << ": --seed, --max-lm-lines and --threads expect non-negative whole numbers\n";
        return ExitUsage;
    }
    const train::PackEvaluation report = compute::engine().evaluatePack(options, &std::cerr);
    const std::string md = report.markdown();
    ctx.out << QString::fromStdString(md);
    if (parser.isSet(jsonO)) {
        nlohmann::json j = nlohmann::json::array();
        for (const train::PackMetric &m : report.metrics) {
            j.push_back({{"model", m.model}, {"metric", m.metric}, {"n", m.n}, {"value", m.value}, {"baseline", m.baseline},
                         {"baseline_value", m.baselineValue}});
            if (m.bar)
                j.back()["bar_holds"] = *m.bar;
        }
        if (const QString why = core::saveFile(parser.value(jsonO), QByteArray::fromStdString(j.dump(2) + "\n")); !why.isEmpty()) {
            ctx.err << name << ": cannot write " << parser.value(jsonO) << ": " << why << '\n';
            return ExitFailure;
        }
    }
    if (parser.isSet(readmeO)) {
        QString error;
        const QString readme = options.packDir + QStringLiteral("/README.md");
        if (!writeIntoReadme(readme, md, &error)) {
            ctx.err << name << ": cannot write " << readme << ": " << error << '\n';
            return ExitFailure;
        }
    }
    if (parser.isSet(barsO) && !report.barsHold()) {
        ctx.err << name << ": a quality bar does not hold (see the report)\n";
        return ExitFailure;
    }
    return ExitOk;
}

}  // namespace

Command evalPackCommand()
{
    return {QStringLiteral("eval-pack"), QStringLiteral("Held-out report of a model pack against baselines"), evalPack};
}

}  // namespace gauntlet::cli
