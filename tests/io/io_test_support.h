// Shared by the tests/io executables: the reference files Python wrote (committed under tests/data,
// tied to their generator by GENERATOR.json: tests/data/io by tests/io/refresh_io_fixtures.py, the
// make_fixtures.py checkpoints in tests/data/nn/fixtures by tests/nn/refresh_nn_goldens.py), copied
// into a test's temporary folder, and tensors compared with the raw bytes Python wrote. The
// cross-checks that read Gauntlet's output back with Python still run /usr/bin/python3 (Debian's
// python3-torch) and skip without it.
#pragma once

#include <QByteArray>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/committed_fixtures.h"
#include "tests/support/process_runner.h"
#include "tests/support/test_files.h"
#include "tests/support/thrown_message.h"

#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include <cstring>
#include <string>

namespace iotest {

inline QString referenceDir() { return QStringLiteral(GAUNTLET_SHARED_DIR "/tools/reference"); }
inline QString helperScript() { return QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/io/write_torch_files.py"); }

/// Runs /usr/bin/python3 with `args`; returns stdout+stderr, sets `ok` to exit status 0.
inline QString runPython(const QStringList &args, bool &ok, int timeoutMs = 120000)
{
    gauntlet::testing::ProcessOptions options;
    options.environment = QProcessEnvironment::systemEnvironment();
    options.environment->insert("GAUNTLET_REFERENCE_DIR", referenceDir());
    options.mergeChannels = true;
    const gauntlet::testing::ProcessResult p = gauntlet::testing::runProcess("/usr/bin/python3", args, timeoutMs, options);
    ok = p.ok();
    return QString::fromUtf8(p.out);
}

/// Copies the committed folder tests/data/<folder> (e.g. "io/torch-files"), less its GENERATOR.json,
/// into `dir`, after checkCommittedFixtures: while its generator's inputs have their recorded
/// checksums and every file its own. Otherwise returns false with the check's message (naming the
/// refresh script) in `error`.
inline bool copyCommitted(const QString &folder, const QString &dir, QString &error)
{
    const QString source = QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/data/") + folder;
    error = gauntlet::testing::checkCommittedFixtures(source, QStringLiteral(GAUNTLET_SOURCE_DIR), QStringLiteral(GAUNTLET_SHARED_DIR));
    if (!error.isEmpty())
        return false;
    QDirIterator walk(source, QDir::Files, QDirIterator::Subdirectories);
    while (walk.hasNext()) {
        const QString from = walk.next();
        if (from == source + QStringLiteral("/GENERATOR.json"))
            continue;
        const QString to = QDir(dir).filePath(QDir(source).relativeFilePath(from));
        if (!QDir().mkpath(QFileInfo(to).path()) || !QFile::copy(from, to)) {
            error = QStringLiteral("cannot copy %1 to %2").arg(from, to);
            return false;
        }
    }
    return true;
}

/// The reference files write_torch_files.py wrote (tests/data/io/torch-files), copied into `dir`.
inline bool copyReferenceFiles(const QString &dir, QString &error) { return copyCommitted(QStringLiteral("io/torch-files"), dir, error); }

/// make_fixtures.py's checkpoints of ../shared/tools/reference (tests/data/nn/fixtures), copied into `dir`.
inline bool copyFixtures(const QString &dir, QString &error) { return copyCommitted(QStringLiteral("nn/fixtures"), dir, error); }

/// Empty when a Python cross-check can run: /usr/bin/python3 imports torch (Debian's python3-torch)
/// and, `withReference`, the shared reference reader st.py is there; else the QSKIP message, naming
/// what is missing and `why` the test function needs it.
inline QString pythonTorchMissing(const QString &why, bool withReference = true)
{
    static const bool haveTorch = [] {
        bool ok = false;
        runPython({QStringLiteral("-c"), QStringLiteral("import torch")}, ok);
        return ok;
    }();
    if (withReference && !QFileInfo::exists(referenceDir() + "/st.py"))
        return QStringLiteral("%1/st.py is missing (../shared/tools/reference): %2").arg(referenceDir(), why);
    if (!haveTorch)
        return QStringLiteral("/usr/bin/python3 cannot import torch (Debian's python3-torch): %1").arg(why);
    return {};
}

/// The QSKIP message of the cross-checks that read Gauntlet's output back with python3-torch.
inline QString readBackMissing()
{
    return pythonTorchMissing(QStringLiteral("this cross-check reads the file Gauntlet wrote with the shared Python reference"));
}

inline std::string dtypeName(torch::Dtype d)
{
    switch (d) {
    case torch::kFloat64: return "F64";
    case torch::kFloat32: return "F32";
    case torch::kFloat16: return "F16";
    case torch::kBFloat16: return "BF16";
    case torch::kInt64: return "I64";
    case torch::kInt32: return "I32";
    case torch::kInt16: return "I16";
    case torch::kInt8: return "I8";
    case torch::kUInt8: return "U8";
    case torch::kBool: return "BOOL";
    default: return "?";
    }
}

/// The row-major bytes of `t` (any strides).
inline QByteArray tensorBytes(const torch::Tensor &t)
{
    const torch::Tensor c = t.contiguous();
    return QByteArray(static_cast<const char *>(c.data_ptr()), static_cast<qsizetype>(c.numel() * c.element_size()));
}

/// Compares `t` with the manifest entry {"dtype", "shape", "raw"} (raw relative to `dir`).
/// Returns an empty string when dtype, shape and every byte agree, else what differs.
inline QString compareWithReference(const torch::Tensor &t, const nlohmann::json &expected, const QString &dir)
{
    const std::string dtype = dtypeName(t.scalar_type());
    if (dtype != expected["dtype"].get<std::string>())
        return QString("dtype %1, expected %2").arg(dtype.c_str(), expected["dtype"].get<std::string>().c_str());
    if (t.sizes().vec() != expected["shape"].get<std::vector<int64_t>>())
        return QString("shape %1, expected %2")
            .arg(QString::fromStdString(nlohmann::json(t.sizes().vec()).dump()),
                 QString::fromStdString(expected["shape"].dump()));
    const QByteArray want = gauntlet::testing::fileBytes(QDir(dir).filePath(QString::fromStdString(expected["raw"].get<std::string>())));
    const QByteArray got = tensorBytes(t);
    if (got.size() != want.size())
        return QString("%1 bytes, expected %2").arg(got.size()).arg(want.size());
    for (qsizetype i = 0; i < got.size(); ++i)
        if (got[i] != want[i])
            return QString("byte %1 is 0x%2, expected 0x%3")
                .arg(i)
                .arg(uchar(got[i]), 2, 16, QChar('0'))
                .arg(uchar(want[i]), 2, 16, QChar('0'));
    return {};
}

using gauntlet::testing::thrownMessage;
using gauntlet::testing::fileBytes;
using gauntlet::testing::jsonFile;
using gauntlet::testing::writeFile;

/// The base of the reader tests (pickle, torch checkpoint, safetensors, convert): the reference
/// files write_torch_files.py wrote, copied into a temporary folder, and their manifest.
class ReferenceFileTest : public QObject {
protected:
    QTemporaryDir m_dir;
    nlohmann::json m_manifest;

    /// What initTestCase does: copies the committed reference files (and, `withFixtures`,
    /// make_fixtures.py's under fixtures/) and reads the manifest.
    void copyReferenceFilesAndManifest(bool withFixtures)
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(copyReferenceFiles(m_dir.path(), error), qPrintable(error));
        if (withFixtures)
            QVERIFY2(copyFixtures(m_dir.filePath("fixtures"), error), qPrintable(error));
        m_manifest = jsonFile(m_dir.filePath("manifest.json"));
        QVERIFY(m_manifest.is_object());
    }
};

/// The folder holding llama.cpp's models/ggml-vocab-* files (tests/io/fetch_llama_cpp_vocab.sh;
/// scripts/install.sh runs it into <build>/test-data/llama_cpp): $GAUNTLET_LLAMA_CPP_MODELS, the
/// build folder's copy, or the fetch script's cache; empty if none holds ggml-vocab-qwen2.gguf.
inline QString llamaCppVocabularyDir()
{
    for (const QString &dir : {qEnvironmentVariable("GAUNTLET_LLAMA_CPP_MODELS"), QStringLiteral(GAUNTLET_LLAMA_CPP_VOCAB_DIR),
                               QDir::homePath() + "/.cache/gauntlet/node-llama-cpp-3.21.1/models"})
        if (!dir.isEmpty() && QFileInfo::exists(dir + "/ggml-vocab-qwen2.gguf"))
            return dir;
    return {};
}

/// The QSKIP message when llamaCppVocabularyDir() is empty.
inline const char *kLlamaCppVocabularyMissing =
    "llama.cpp's vocabulary files are missing: run tests/io/fetch_llama_cpp_vocab.sh build/test-data/llama_cpp "
    "(scripts/install.sh does)";

}  // namespace iotest
