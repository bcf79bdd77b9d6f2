#include "engine/train/tokenizer_trainer.h"

#include "engine/text/tokenizer.h"
#include "engine/train/data.h"
#include "engine/train/text_file.h"
#include "engine/train/train_error.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <nlohmann/json.hpp>

namespace gauntlet::train {

TokenizerTrainingResult trainTokenizer(const TokenizerTrainingOptions &options)
{
    if (options.vocabSize < 100)
        throw TrainError("--vocab-size must be at least 100, got " + std::to_string(options.vocabSize));
    if (!QDir().mkpath(options.outputDir))
        throw TrainError("cannot create \"" + options.outputDir.toStdString() + "\"");
    const EnglishCorpus corpus = readEnglishCorpus(options.englishDir, options.maxLinesPerSource, 0.02, options.seed);
    if (corpus.train.empty())
        throw TrainError("no English lines in \"" + options.englishDir.toStdString() + "\"");

    QTemporaryDir work;
    if (!work.isValid())
        throw TrainError("cannot create a temporary folder");
    const QString input = work.filePath(QStringLiteral("input.txt"));
    std::string text;
    for (const auto &line : corpus.train)
        text += line + "\n";
    writeTextFile(input, text);

    const QString prefix = work.filePath(QStringLiteral("spm"));
    const QStringList args = {
        QStringLiteral("--input=") + input,
        QStringLiteral("--model_prefix=") + prefix,
        QStringLiteral("--vocab_size=%1").arg(options.vocabSize),
        QStringLiteral("--model_type=unigram"),
        QStringLiteral("--normalization_rule_name=nmt_nfkc"),
        QStringLiteral("--add_dummy_prefix=true"),
        QStringLiteral("--character_coverage=%1").arg(options.characterCoverage),
        QStringLiteral("--unk_id=0"), QStringLiteral("--bos_id=1"), QStringLiteral("--eos_id=2"), QStringLiteral("--pad_id=-1"),
        QStringLiteral("--random_seed=%1").arg(options.seed),
        QStringLiteral("--num_threads=%1").arg(options.threads),
        QStringLiteral("--max_sentence_length=8192"),
        QStringLiteral("--shuffle_input_sentence=false"),
        QStringLiteral("--minloglevel=1"),
    };
    QProcess proc;
    proc.start(options.spmTrain, args);
    if (!proc.waitForStarted(30000))
        throw TrainError("cannot run \"" + options.spmTrain.toStdString()
                         + "\" (install the Debian package sentencepiece): " + proc.errorString().toStdString());
    proc.waitForFinished(-1);
    const QByteArray err = proc.readAllStandardError();
    if (proc.exitStatus() != QProcess::NormalExit || proc.exitCode() != 0)
        throw TrainError(options.spmTrain.toStdString() + " failed (exit " + std::to_string(proc.exitCode()) + "): "
                         + err.right(600).toStdString());

    TokenizerTrainingResult result;
    result.inputLines = int64_t(corpus.train.size());
    result.command = options.spmTrain.toStdString() + " " + args.join(' ').toStdString();
    result.modelPath = QDir(options.outputDir).filePath(QStringLiteral("sentencepiece.bpe.model"));
    QFile::remove(result.modelPath);
    if (!QFile::copy(prefix + QStringLiteral(".model"), result.modelPath))
        throw TrainError("cannot write \"" + result.modelPath.toStdString() + "\"");

    text::LoadOptions load;
    load.xlmrIds = true;
    const auto tokenizer = text::loadTokenizer(result.modelPath, load);
    result.tokenizerVocabSize = tokenizer->vocabSize();

    const nlohmann::json specials = {{"bos_token", "<s>"},   {"eos_token", "</s>"}, {"unk_token", "<unk>"}, {"sep_token", "</s>"},
                                     {"pad_token", "<pad>"}, {"cls_token", "<s>"},  {"mask_token", "<mask>"}};
    writeTextFile(QDir(options.outputDir).filePath(QStringLiteral("special_tokens_map.json")), specials.dump(2) + "\n");
    nlohmann::json config = specials;
    config["tokenizer_class"] = "XLMRobertaTokenizer";
    config["model_max_length"] = 512;
    writeTextFile(QDir(options.outputDir).filePath(QStringLiteral("tokenizer_config.json")), config.dump(2) + "\n");
    return result;
}

}  // namespace gauntlet::train
