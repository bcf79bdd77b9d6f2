// Shared by the engine/ato tests and bench: tiny random model folders in the public layouts
// (make_ato_fixtures.py on ../shared/tools/reference) over a SentencePiece model trained with
// spm_train on the FLORES-200 devtest seeds. The sizes the tests use are committed under
// tests/data/ato by tests/ato/refresh_ato_fixtures.py and tied to their generator by GENERATOR.json;
// other sizes (bench) are built once per build folder (spm_train, Debian's python3-torch, ../shared).
#pragma once

#include "tests/support/committed_fixtures.h"
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

namespace ato_test {

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

/// A committed fixture folder, tests/data/ato/<name>, checked against its GENERATOR.json: the
/// generator's inputs (refresh_ato_fixtures.py, make_ato_fixtures.py, and where ../shared is there
/// the training text, GPT-2's BPE files and ../shared/tools/reference) must still have their
/// recorded checksums, and every file its own. Otherwise the test aborts naming
/// tests/ato/refresh_ato_fixtures.py: the fixtures are never regenerated behind the tests' back.
inline QString committedFixtures(const QString &name)
{
    const QString dir = QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/data/ato/") + name;
    const QString error = gauntlet::testing::checkCommittedFixtures(dir, QStringLiteral(GAUNTLET_SOURCE_DIR),
                                                                 QStringLiteral(GAUNTLET_SHARED_DIR));
    if (!error.isEmpty()) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        std::abort();
    }
    return dir;
}

/// A SentencePiece Unigram model of `vocab` pieces trained on the FLORES-200 devtest seeds: the
/// committed tests/data/ato/spm/seed-unigram-{600,400}.model, other sizes trained here.
inline QString spmModel(int vocab)
{
    if (vocab == 600 || vocab == 400) {
        static const QString committed = committedFixtures(QStringLiteral("spm"));
        return committed + QStringLiteral("/seed-unigram-%1.model").arg(vocab);
    }
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

/// Folder holding sentinel/, cola/ and lm/ (see make_ato_fixtures.py); `name` keys the size. The
/// default arguments give the committed tests/data/ato/tiny (TINY in refresh_ato_fixtures.py).
inline QString modelsDir(const QString &name = QStringLiteral("tiny"), int spmVocab = 600, int hidden = 32, int layers = 2,
                         int heads = 4, int intermediate = 64)
{
    if (name == QLatin1String("tiny") && spmVocab == 600 && hidden == 32 && layers == 2 && heads == 4 && intermediate == 64) {
        static const QString committed = committedFixtures(QStringLiteral("tiny"));
        return committed;
    }
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

}  // namespace ato_test
