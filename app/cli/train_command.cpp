// `gauntlet train tokenizer|encoder|difficulty|acceptability|lm`: trains the default model pack
// from ../shared/data (engine/train). Progress on standard error; the written folder on standard output.
#include "app/cli/commands.h"

#include "engine/ato/word_frequency.h"
#include "engine/io/io_error.h"
#include "engine/nn/nn_error.h"
#include "engine/text/tokenizer.h"
#include "engine/text/vocabularies.h"
#include "engine/train/data.h"
#include "engine/train/tokenizer_trainer.h"
#include "engine/train/train_error.h"
#include "engine/compute/compute.h"

#include <QDir>

#include <iostream>
#include <map>
#include <set>

namespace gauntlet::cli {

namespace {

const QStringList kSubcommands = {QStringLiteral("tokenizer"), QStringLiteral("encoder"), QStringLiteral("difficulty"),
                                  QStringLiteral("acceptability"), QStringLiteral("lm"), QStringLiteral("word-frequencies")};

struct Option {
    const char *name;
    const char *help;
    const char *valueName;
    const char *fallback;
};

// Numeric options shared by the model trainers, with their defaults (the sizes of the smallest
// useful model; scripts/build-default-pack.sh passes the pack's sizes).
const std::vector<Option> kNumeric = {
    {"hidden", "Hidden size (default 256).", "N", "256"},
    {"layers", "Transformer layers (default 4).", "N", "4"},
    {"heads", "Attention heads (default 4).", "N", "4"},
    {"kv-heads", "lm: key/value heads (default 2).", "N", "2"},
    {"intermediate", "Feed-forward size (default 1024).", "N", "1024"},
    {"max-tokens", "Longest input in tokens (default 256).", "N", "256"},
    {"steps", "Optimiser steps (default 2000).", "N", "2000"},
    {"lr", "Peak learning rate (default 0.0005).", "X", "0.0005"},
    {"warmup", "Warm-up steps (default 200).", "N", "200"},
    {"weight-decay", "AdamW weight decay (default 0.01).", "X", "0.01"},
    {"clip", "Gradient norm clip (default 1.0; 0 = off).", "X", "1.0"},
    {"batch-size", "Examples per step (default 32).", "N", "32"},
    {"eval-every", "Evaluate on the held-out split every N steps (default 200).", "N", "200"},
    {"patience", "Stop after N evaluations without improvement (default 5; 0 = never).", "N", "5"},
    {"seed", "Random seed (default 1).", "N", "1"},
    {"threads", "CPU threads (default 2).", "N", "2"},
    {"max-train", "Use at most N training examples (default 0 = all).", "N", "0"},
    {"max-eval", "Use at most N examples per held-out set (default 0 = all).", "N", "0"},
    {"head-hidden1", "difficulty: estimator.ff.0 size (default 256).", "N", "256"},
    {"head-hidden2", "difficulty: estimator.ff.3 size (default 64).", "N", "64"},
    {"merges", "lm: GPT-2 BPE merges kept (default 8000).", "N", "8000"},
    {"lines-per-source", "encoder/lm: English lines per source (default 0 = all).", "N", "0"},
    {"vocab-size", "tokenizer: SentencePiece pieces (default 8000).", "N", "8000"},
};

/// The options of `gauntlet train`: the constructor adds them to `parser` in the order --help lists them.
struct TrainOptions {
    QCommandLineOption dataOption, outputOption, tokenizerOption, initOption, cpuOption, quietOption, selectOption, presentDayOption,
        excludeOption, extraTrainOption, extraHeldOutOption;
    std::map<std::string, QCommandLineOption> numeric;

    explicit TrainOptions(QCommandLineParser &parser)
        : dataOption(QStringLiteral("data"), QStringLiteral("The shared data folder (default ../shared/data)."),
                     QStringLiteral("DIR"), QStringLiteral("../shared/data")),
          outputOption(QStringLiteral("output"), QStringLiteral("The folder to write (required)."), QStringLiteral("DIR")),
          tokenizerOption(QStringLiteral("tokenizer"), QStringLiteral("A `train tokenizer` folder (encoder models)."),
                          QStringLiteral("DIR")),
          initOption(QStringLiteral("init-encoder"), QStringLiteral("Start from a `train encoder` folder (for encoder: a further pretraining stage)."),
                     QStringLiteral("DIR")),
          cpuOption(QStringLiteral("cpu"), QStringLiteral("Train on the CPU even when a GPU is present.")),
          quietOption(QStringLiteral("quiet"), QStringLiteral("No progress line.")),
          selectOption(QStringLiteral("select-by"),
                       QStringLiteral("acceptability: keep the step with the best held-out 'mcc' (default) or 'loss'."),
                       QStringLiteral("WHAT"), QStringLiteral("mcc")),
          presentDayOption(QStringLiteral("present-day"),
                           QStringLiteral("word-frequencies: count present-day sources only (no Early Modern English drama, no public-domain\n"
                                          "books) into present_day_frequencies.tsv, the table of ATO's vocabulary guard.")),
          excludeOption(QStringLiteral("exclude-sources"),
                        QStringLiteral("encoder, lm: English sources to leave out, comma-separated folder names of\n"
                                       "<data>/english (e.g. fiction_tinyshakespeare,fiction_public_domain_books)."),
                        QStringLiteral("NAMES")),
          extraTrainOption(QStringLiteral("extra-train"),
                           QStringLiteral("acceptability: extra training examples, CoLA raw TSV (source, label, mark, sentence)."),
                           QStringLiteral("TSV")),
          extraHeldOutOption(QStringLiteral("extra-held-out"),
                             QStringLiteral("acceptability: held-out examples of the same kind, reported as extra_held_out_*."),
                             QStringLiteral("TSV"))
    {
        parser.addOptions({dataOption, outputOption, tokenizerOption, initOption, cpuOption, quietOption, selectOption, presentDayOption,
                           excludeOption, extraTrainOption, extraHeldOutOption});
        for (const Option &o : kNumeric) {
            QCommandLineOption opt(QString::fromLatin1(o.name), QString::fromLatin1(o.help), QString::fromLatin1(o.valueName),
                                   QString::fromLatin1(o.fallback));
            parser.addOption(opt);
            numeric.emplace(o.name, opt);
        }
    }
};

/// The numeric options' values by name.
using Numbers = std::map<std::string, double>;

int64_t i64(const Numbers &v, const char *key)
{
    return int64_t(v.at(key));
}

/// The numeric options' values into `v`; false (with the message on ctx.err) for one that is not a
/// non-negative number.
bool readNumbers(const QCommandLineParser &parser, const TrainOptions &opts, const QString &name, Context &ctx, Numbers *v)
{
    for (const auto &[key, opt] : opts.numeric) {
        bool ok = false;
        (*v)[key] = parser.value(opt).toDouble(&ok);
        if (!ok || (*v)[key] < 0) {
            ctx.err << name << ": --" << QString::fromStdString(key) << " expects a non-negative number, got '" << parser.value(opt)
                    << "'\n";
            return false;
        }
    }
    return true;
}

/// `train tokenizer`: a SentencePiece tokenizer in XLM-R's layout; the model file on standard output.
int trainTokenizerFolder(Context &ctx, const QString &name, const QCommandLineParser &parser, const TrainOptions &opts, const Numbers &v)
{
    train::TokenizerTrainingOptions o;
    o.englishDir = QDir(parser.value(opts.dataOption)).filePath(QStringLiteral("english"));
    o.outputDir = parser.value(opts.outputOption);
    o.vocabSize = int(i64(v, "vocab-size"));
    if (i64(v, "lines-per-source") > 0)
        o.maxLinesPerSource = i64(v, "lines-per-source");
    o.seed = uint32_t(i64(v, "seed"));
    o.threads = int(std::max<int64_t>(1, i64(v, "threads")));
    const auto r = train::trainTokenizer(o);
    ctx.err << name << ": " << r.inputLines << " lines, " << r.tokenizerVocabSize << " XLM-R ids\n";
    ctx.out << r.modelPath << '\n';
    return ExitOk;
}

/// `train word-frequencies`: the Zipf table of the English sources; its path on standard output.
int writeWordFrequencyTable(Context &ctx, const QString &name, const QCommandLineParser &parser, const TrainOptions &opts)
{
    // Zipf table of the common/rare random-word baselines (engine/ato/word_frequency.h):
    // every English source, words kept if the shared word list has them.
    const QDir data(parser.value(opts.dataOption));
    // The vocabulary guard's table (engine/judge/vocabulary_guard.h) leaves out the sources
    // whose English is not present-day: Shakespeare's drama and 19th-century books.
    const bool presentDay = parser.isSet(opts.presentDayOption);
    const std::set<std::string> older{"fiction_tinyshakespeare", "fiction_public_domain_books", "nonfiction_public_domain_books"};
    std::vector<std::string> lines;
    for (const train::EnglishSource &source : train::listEnglishSources(data.filePath(QStringLiteral("english")))) {
        if (presentDay && older.count(source.name))
            continue;
        std::vector<std::string> l = train::readLines(source.path);
        lines.insert(lines.end(), std::make_move_iterator(l.begin()), std::make_move_iterator(l.end()));
    }
    const ato::WordFrequencies f =
        ato::countWordFrequencies(lines, text::readWordList(data.filePath(QStringLiteral("wordlist/words_alpha.zip"))));
    QDir().mkpath(parser.value(opts.outputOption));
    const QString path = QDir(parser.value(opts.outputOption))
                             .filePath(presentDay ? QStringLiteral("present_day_frequencies.tsv") : QStringLiteral("word_frequencies.tsv"));
    ato::writeWordFrequencies(f, path);
    ctx.err << name << ": " << f.totalWords << " running words, " << qulonglong(f.zipf.size()) << " listed words\n";
    ctx.out << path << '\n';
    return ExitOk;
}

/// `train encoder|difficulty|acceptability|lm`: the model folder on standard output, its metrics on
/// standard error. `command` is the command line the README records.
int trainModelFolder(Context &ctx, const QString &name, const QString &sub, const QCommandLineParser &parser, const TrainOptions &opts,
                     const Numbers &v, const QString &command)
{
    train::TrainerOptions o;
    o.dataDir = parser.value(opts.dataOption);
    o.tokenizerDir = parser.value(opts.tokenizerOption);
    o.outputDir = parser.value(opts.outputOption);
    o.initEncoder = parser.value(opts.initOption);
    o.encoder = {i64(v, "hidden"), i64(v, "layers"), i64(v, "heads"), i64(v, "intermediate"), i64(v, "max-tokens")};
    o.qwen2 = {i64(v, "hidden"), i64(v, "layers"), i64(v, "heads"), i64(v, "kv-heads"), i64(v, "intermediate"), i64(v, "max-tokens")};
    o.loop.maxSteps = i64(v, "steps");
    o.loop.learningRate = v.at("lr");
    o.loop.warmupSteps = i64(v, "warmup");
    o.loop.weightDecay = v.at("weight-decay");
    o.loop.clipNorm = v.at("clip");
    o.loop.evalEvery = i64(v, "eval-every");
    o.loop.patience = i64(v, "patience");
    o.loop.seed = uint64_t(i64(v, "seed"));
    o.loop.threads = int(i64(v, "threads"));
    o.loop.useGpu = !parser.isSet(opts.cpuOption);
    o.loop.progress = !parser.isSet(opts.quietOption);
    o.batchSize = i64(v, "batch-size");
    o.maxTrainExamples = i64(v, "max-train");
    o.maxEvalExamples = i64(v, "max-eval");
    o.headHidden1 = i64(v, "head-hidden1");
    o.headHidden2 = i64(v, "head-hidden2");
    o.lmMerges = i64(v, "merges");
    o.englishLinesPerSource = i64(v, "lines-per-source");
    o.extraTrainExamples = parser.value(opts.extraTrainOption);
    o.extraHeldOutExamples = parser.value(opts.extraHeldOutOption);
    for (const QString &source : parser.value(opts.excludeOption).split(QLatin1Char(','), Qt::SkipEmptyParts))
        o.excludeEnglishSources.push_back(source.trimmed().toStdString());
    if (parser.value(opts.selectOption) != QLatin1String("mcc") && parser.value(opts.selectOption) != QLatin1String("loss")) {
        ctx.err << name << ": --select-by expects mcc or loss, got '" << parser.value(opts.selectOption) << "'\n";
        return ExitUsage;
    }
    o.selectByMcc = parser.value(opts.selectOption) == QLatin1String("mcc");
    o.command = command.toStdString();
    ctx.err.flush();
    const train::TrainerKind kind = sub == QStringLiteral("encoder")         ? train::TrainerKind::Encoder
                                    : sub == QStringLiteral("difficulty")    ? train::TrainerKind::Difficulty
                                    : sub == QStringLiteral("acceptability") ? train::TrainerKind::Acceptability
                                                                             : train::TrainerKind::Lm;
    const train::TrainerResult r = compute::engine().train(kind, o, &std::cerr);
    for (const auto &[key, value] : r.metrics)
        ctx.err << key.c_str() << '\t' << value << '\n';
    ctx.out << r.folder << '\n';
    return ExitOk;
}

int runTrain(Context &ctx, const QStringList &args)
{
    const QString name = args.value(0, QStringLiteral("gauntlet train"));
    const QString sub = args.value(1);
    if (sub.isEmpty() || sub == QStringLiteral("--help") || sub == QStringLiteral("-h")) {
        ctx.out << "Usage: gauntlet train <" << kSubcommands.join('|') << "> [options] (see gauntlet train <what> --help)\n";
        return sub.isEmpty() ? ExitUsage : ExitOk;
    }
    if (!kSubcommands.contains(sub)) {
        ctx.err << name << ": unknown model '" << sub << "' (expected " << kSubcommands.join(QStringLiteral(", ")) << ")\n";
        return ExitUsage;
    }
    QStringList subArgs = args.mid(2);
    subArgs.prepend(name + ' ' + sub);

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Trains one model of the default pack from the shared data and writes a Hugging Face-style folder\n"
        "(config.json, model.safetensors, tokenizer files, README.md, training_report.json/.md).\n"
        "tokenizer: SentencePiece Unigram (spm_train) in XLM-R's layout; encoder: masked-LM XLM-R;\n"
        "difficulty: Sentinel-src-layout regressor; acceptability: XLM-R CoLA classifier; lm: Qwen2 causal LM."));
    const TrainOptions opts(parser);
    parseArguments(parser, subArgs, ctx);
    if (!parser.positionalArguments().isEmpty() || !parser.isSet(opts.outputOption)) {
        ctx.err << name << ": expected --output DIR and no further arguments (see gauntlet train " << sub << " --help)\n";
        return ExitUsage;
    }
    Numbers v;
    if (!readNumbers(parser, opts, name, ctx, &v))
        return ExitUsage;

    QString command = QStringLiteral("gauntlet train");
    for (const QString &a : args.mid(1))
        command += ' ' + a;

    if (sub == QStringLiteral("tokenizer"))
        return trainTokenizerFolder(ctx, name, parser, opts, v);
    if (sub == QStringLiteral("word-frequencies"))
        return writeWordFrequencyTable(ctx, name, parser, opts);
    return trainModelFolder(ctx, name, sub, parser, opts, v, command);
}

}  // namespace

Command trainCommand()
{
    return {QStringLiteral("train"), QStringLiteral("Train a model of the default pack (tokenizer, encoder, difficulty, acceptability, lm)"),
            runTrain};
}

}  // namespace gauntlet::cli
