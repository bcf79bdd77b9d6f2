// The bench's larger ATO model folders (bench_ato's sizes): make_ato_fixtures.py with Debian's
// python3-torch and the shared reference tools, over a SentencePiece model trained with spm_train
// on the FLORES-200 devtest seeds, generated once per build folder and keyed to the generator and
// its arguments. The size the tests use is committed (tests/ato/ato_test_support.h).
#pragma once

#include "tests/support/fixture_key.h"
#include "engine/text/tokenizer.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <cstdio>
#include <cstdlib>

namespace bench_ato {

inline bool runProcess(const QString &program, const QStringList &args, int timeoutMs = 300000)
{
    QProcess p;
    p.start(program, args);
    if (!p.waitForFinished(timeoutMs) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        std::fprintf(stderr, "%s %s failed: %s\n", qPrintable(program), qPrintable(args.join(' ')), p.readAllStandardError().constData());
        return false;
    }
    return true;
}

/// A SentencePiece Unigram model of `vocab` pieces trained on the FLORES-200 devtest seeds (cached
/// in the build folder).
inline QString spmModel(int vocab)
{
    const QString dir = QStringLiteral(GAUNTLET_BINARY_DIR "/test-data/ato");
    QDir().mkpath(dir);
    const QString prefix = dir + QStringLiteral("/seed-unigram-%1").arg(vocab);
    // the same spm_train arguments as SPM_TRAIN_ARGS in refresh_ato_fixtures.py
    if (!QFileInfo::exists(prefix + ".model")
        && !runProcess(QStringLiteral("spm_train"), {"--input=" GAUNTLET_SHARED_DIR "/data/seeds/flores200/eng_Latn.devtest",
                                                     "--model_prefix=" + prefix, QStringLiteral("--vocab_size=%1").arg(vocab),
                                                     "--model_type=unigram", "--character_coverage=1.0", "--random_seed=42",
                                                     "--minloglevel=2", "--num_threads=2"})) {
        std::fprintf(stderr, "spm_train failed\n");
        std::abort();
    }
    return prefix + ".model";
}

/// Folder holding sentinel/, cola/ and lm/ (see make_ato_fixtures.py) of the given size, generated
/// once per build folder; `name` keys the size.
inline QString modelsDir(const QString &name, int spmVocab, int hidden, int layers, int heads, int intermediate)
{
    // keyed to the generator and its arguments: an edited make_ato_fixtures.py writes new models
    const QString dir = QStringLiteral(GAUNTLET_BINARY_DIR "/test-data/ato/") + name + QLatin1Char('-')
                        + gauntlet::testing::generatorKey({QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/ato/make_ato_fixtures.py"),
                                                        QStringLiteral(GAUNTLET_SHARED_DIR "/tools/reference/make_fixtures.py"),
                                                        QStringLiteral(GAUNTLET_SHARED_DIR "/tools/reference/models.py"),
                                                        QStringLiteral(GAUNTLET_SHARED_DIR "/tools/reference/st.py")},
                                                       QStringLiteral("%1 %2 %3 %4 %5").arg(spmVocab).arg(hidden).arg(layers).arg(heads).arg(intermediate));
    if (QFileInfo::exists(dir + "/lm/model.safetensors"))
        return dir;
    const QString model = spmModel(spmVocab);
    gauntlet::text::LoadOptions options;
    options.xlmrIds = true;
    const int vocab = gauntlet::text::loadTokenizer(model, options)->vocabSize();
    QTemporaryDir tmp(QStringLiteral(GAUNTLET_BINARY_DIR "/test-data/ato/tmp-XXXXXX"));
    const QString staging = tmp.path() + "/models";
    if (!runProcess(QStringLiteral("/usr/bin/python3"),
                    {QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/ato/make_ato_fixtures.py"), staging, "--spm", model, "--vocab",
                     QString::number(vocab), "--gpt2-dir", QStringLiteral(GAUNTLET_SHARED_DIR "/data/vectors/tokenizers/gpt2-bpe"),
                     "--hidden", QString::number(hidden), "--layers", QString::number(layers), "--heads", QString::number(heads),
                     "--intermediate", QString::number(intermediate)})) {
        std::fprintf(stderr, "make_ato_fixtures.py failed (needs Debian's python3-torch under /usr/bin/python3)\n");
        std::abort();
    }
    if (!QFileInfo::exists(dir + "/lm/model.safetensors") && !QDir().rename(staging, dir) && !QFileInfo::exists(dir + "/lm/model.safetensors")) {
        std::fprintf(stderr, "cannot move fixtures into %s\n", qPrintable(dir));
        std::abort();
    }
    return dir;
}

}  // namespace bench_ato
