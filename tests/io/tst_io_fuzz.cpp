// Randomised robustness test of every engine/io loader: truncated and corrupted safetensors,
// config.json, pickle, torch zip and legacy checkpoints (thousands of seeded cases). Every case must
// either load or throw gauntlet::io::IoError naming the input; any other exception fails the test
// and a crash or out-of-bounds access kills it (run under AddressSanitizer: -DGAUNTLET_SANITIZE=ON).
// Truncations must always be rejected. Two rows corrupt only data.pkl inside a rebuilt (valid-CRC)
// archive, so the unpickler and tensor rebuilding see the damage behind the zip layer. Two rows
// corrupt the real llama2.c checkpoint and tokenizer of stories260K, one a GGUF (write_gguf.py), one
// stories260K as a GGUF language model with its vocabulary (tests/nn/write_llama2c_gguf.py), read
// into the Hugging Face layout (io::ggufCausalLm) and its tokenizer built (text::
// tokenizerFromGgufMetadata, whose errors are text::TokenizerError naming the input). The Python-written
// inputs are the committed ones (tests/data/io, tests/data/nn/fixtures; stories260K's files are the
// copies in tests/data/shared-copy).
// GAUNTLET_FUZZ_CASES overrides the cases per input (default 1500); GAUNTLET_FUZZ_VERBOSE prints each outcome. Sanitizer run:
//   cmake -S . -B build-io-asan -G Ninja -DGAUNTLET_SANITIZE=ON && cmake --build build-io-asan --target tst_io_fuzz
//   build-io-asan/tests/io/tst_io_fuzz
#include "tests/support/test_main.h"
#include "engine/io/gguf.h"
#include "engine/io/gguf_model.h"
#include "engine/io/hf_config.h"
#include "engine/io/llama2c.h"
#include "engine/io/pickle.h"
#include "engine/io/safetensors.h"
#include "engine/io/torch_checkpoint.h"
#include "engine/io/zip_archive.h"
#include "engine/text/gguf_vocabulary.h"

#include "tests/io/io_test_support.h"
#include "tests/support/shared_copy.h"

#include <zip.h>

#include <functional>
#include <random>

using namespace gauntlet::io;

namespace {

enum class Loader { Safetensors, Encoder, Qwen2, Pickle, Torch, TorchPickleInZip, Llama2c, Llama2cTokenizer, Gguf, GgufModel };

/// `zipBytes` with `entry` replaced by `content` (stored, valid CRC), through libzip, so a corrupted
/// data.pkl reaches the unpickler instead of failing the CRC check.
QByteArray replaceZipEntry(const QByteArray &zipBytes, const std::string &entry, const QByteArray &content)
{
    zip_error_t err;
    zip_error_init(&err);
    zip_source_t *src = zip_source_buffer_create(zipBytes.constData(), zip_uint64_t(zipBytes.size()), 0, &err);
    zip_error_fini(&err);
    if (!src)
        return {};
    zip_source_keep(src);
    QByteArray out;
    if (zip_t *za = zip_open_from_source(src, 0, nullptr)) {
        const zip_int64_t idx = zip_name_locate(za, entry.c_str(), 0);
        zip_source_t *data = zip_source_buffer(za, content.constData(), zip_uint64_t(content.size()), 0);
        const bool replaced = idx >= 0 && data && zip_file_replace(za, zip_uint64_t(idx), data, 0) == 0;
        if (!replaced && data)
            zip_source_free(data);
        if (replaced)
            zip_set_file_compression(za, zip_uint64_t(idx), ZIP_CM_STORE, 0);
        if (zip_close(za) != 0)
            zip_discard(za);
        zip_stat_t st;
        zip_stat_init(&st);
        if (replaced && zip_source_open(src) == 0) {
            if (zip_source_stat(src, &st) == 0 && (st.valid & ZIP_STAT_SIZE)) {
                out.resize(qsizetype(st.size));
                if (zip_source_read(src, out.data(), st.size) != zip_int64_t(st.size))
                    out.clear();
            }
            zip_source_close(src);
        }
    }
    zip_source_free(src);
    return out;
}

struct Outcome {
    int loaded = 0;
    int rejected = 0;
};

}  // namespace

Q_DECLARE_METATYPE(Loader)

class TestIoFuzz : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    /// Loads `bytes` with `loader`, touching every tensor so bad memory would be read.
    void load(Loader loader, const QByteArray &bytes, const QString &name)
    {
        switch (loader) {
        case Loader::Safetensors: {
            const auto f = SafetensorsFile::fromBytes(bytes, name);
            for (const auto &n : f.names())
                f.tensor(n).contiguous().view(-1).sum();
            break;
        }
        case Loader::Encoder:
        case Loader::Qwen2: {
            const QString path = m_dir.filePath(name);
            QFile f(path);
            if (!f.open(QIODevice::WriteOnly))
                throw std::logic_error("cannot write " + path.toStdString());
            f.write(bytes);
            f.close();
            if (loader == Loader::Encoder)
                loadEncoderConfig(path);
            else
                loadQwen2Config(path);
            break;
        }
        case Loader::Llama2c: {
            const auto m = llama2cCheckpointFromBytes(bytes, name);
            for (const auto &kv : m.tensors)
                kv.second.sum();
            m.config.dump();
            break;
        }
        case Loader::Llama2cTokenizer:
            llama2cTokenizerJson(llama2cTokenizerFromBytes(bytes, 512, name)).dump();
            break;
        case Loader::Gguf: {
            const GgufFile f = GgufFile::fromBytes(bytes, name);
            f.metadata().dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
            for (const auto &t : f.tensorInfos())
                if (t.type != 2)  // the Q4_0 tensor is refused by design
                    f.tensor(t.name).sum();
            break;
        }
        case Loader::GgufModel: {
            const GgufFile f = GgufFile::fromBytes(bytes, name);
            const GgufCausalLm lm = ggufCausalLm(f, name);
            for (const auto &kv : lm.tensors)
                kv.second.sum();
            lm.config.dump();
            const auto tokenizer = gauntlet::text::tokenizerFromGgufMetadata(lm.metadata, name.toStdString());
            tokenizer->decode(tokenizer->encode("Once upon a time, \xc3\xab \xff"));
            break;
        }
        case Loader::Pickle: {
            const auto doc = unpickle(bytes.constData(), size_t(bytes.size()), name.toStdString());
            pyToJson(*doc->root).dump();
            break;
        }
        case Loader::Torch:
        case Loader::TorchPickleInZip: {
            const auto ck = loadTorchCheckpoint(bytes, name);
            for (const auto &kv : ck.stateDict)
                kv.second.contiguous().view(-1).sum();
            ck.other.dump();
            break;
        }
        }
    }

    /// One corrupted copy of `good`: truncation, byte changes, overwritten runs, insertions or
    /// deletions, placed mostly in the header / directory regions where the parsers look.
    static QByteArray mutate(const QByteArray &good, std::mt19937_64 &rng, bool &truncated)
    {
        QByteArray b = good;
        const auto n = static_cast<uint64_t>(b.size());
        auto position = [&]() -> qsizetype {
            const int where = int(rng() % 4);
            if (where < 2)
                return qsizetype(rng() % std::min<uint64_t>(n, 4096));
            if (where == 2)
                return qsizetype(n - 1 - rng() % std::min<uint64_t>(n, 1024));
            return qsizetype(rng() % n);
        };
        truncated = false;
        switch (rng() % 5) {
        case 0:
            truncated = true;
            b.truncate(qsizetype(rng() % n));
            break;
        case 1:
            for (int k = 1 + int(rng() % 8); k > 0; --k)
                b[position()] = char(rng() & 0xff);
            break;
        case 2: {
            const qsizetype at = position();
            const char fill = rng() % 3 == 0 ? char(0) : rng() % 2 ? char(0xff) : char(rng() & 0xff);
            for (qsizetype i = at; i < std::min<qsizetype>(b.size(), at + 1 + qsizetype(rng() % 16)); ++i)
                b[i] = fill;
            break;
        }
        case 3: {
            QByteArray junk;
            for (int k = 1 + int(rng() % 16); k > 0; --k)
                junk += char(rng() & 0xff);
            b.insert(position(), junk);
            break;
        }
        default:
            b.remove(position(), 1 + qsizetype(rng() % 16));
            break;
        }
        return b;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(iotest::copyReferenceFiles(m_dir.filePath("ref"), error), qPrintable(error));
        QVERIFY2(iotest::copyFixtures(m_dir.filePath("fixtures"), error), qPrintable(error));
        QVERIFY2(iotest::copyCommitted(QStringLiteral("io/gguf-small"), m_dir.path(), error), qPrintable(error));
        QVERIFY2(iotest::copyCommitted(QStringLiteral("io/stories260K-gguf"), m_dir.path(), error), qPrintable(error));
    }

    void corruptedInput_loadsOrThrowsIoError_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<Loader>("loader");
        QTest::newRow("safetensors, every dtype") << "ref/all.safetensors" << Loader::Safetensors;
        QTest::newRow("safetensors, fixture") << "fixtures/qwen2-tied/model.safetensors" << Loader::Safetensors;
        QTest::newRow("config.json, xlm-r") << "fixtures/xlmr-classifier/config.json" << Loader::Encoder;
        QTest::newRow("config.json, qwen2") << "fixtures/qwen2-untied/config.json" << Loader::Qwen2;
        // Real llama2.c files (Karpathy's stories260K: copies of ../shared/data/models/stories260K).
        QTest::newRow("llama2.c checkpoint") << gauntlet::testing::sharedCopy("models/stories260K/stories260K.bin") << Loader::Llama2c;
        QTest::newRow("llama2.c tokenizer") << gauntlet::testing::sharedCopy("models/stories260K/tok512.bin") << Loader::Llama2cTokenizer;
        QTest::newRow("gguf, every type") << "small.gguf" << Loader::Gguf;
        QTest::newRow("gguf, stories260K language model") << "stories260K.gguf" << Loader::GgufModel;
        QTest::newRow("pickle p2") << "ref/values_p2.pkl" << Loader::Pickle;
        QTest::newRow("pickle p5") << "ref/values_p5.pkl" << Loader::Pickle;
        QTest::newRow("torch zip") << "ref/plain.bin" << Loader::Torch;
        QTest::newRow("lightning zip") << "ref/lightning.ckpt" << Loader::Torch;
        QTest::newRow("torch legacy") << "ref/legacy.bin" << Loader::Torch;
        QTest::newRow("torch zip, data.pkl corrupted") << "ref/plain.bin" << Loader::TorchPickleInZip;
        QTest::newRow("lightning zip, data.pkl corrupted") << "ref/lightning.ckpt" << Loader::TorchPickleInZip;
    }
    void corruptedInput_loadsOrThrowsIoError()
    {
        QFETCH(QString, file);
        QFETCH(Loader, loader);
        const QByteArray good = iotest::fileBytes(QDir::isAbsolutePath(file) ? file : m_dir.filePath(file));
        QVERIFY(!good.isEmpty());
        load(loader, good, "good-input");  // the uncorrupted file loads

        const int cases = qEnvironmentVariableIsSet("GAUNTLET_FUZZ_CASES")
                              ? qEnvironmentVariableIntValue("GAUNTLET_FUZZ_CASES")
                              : 1500;
        std::mt19937_64 rng(0x6761756e746c6574ull ^ std::hash<std::string>()(file.toStdString()) ^
                            uint64_t(loader));
        // For TorchPickleInZip the pickle inside the archive is corrupted and the archive rebuilt.
        const std::string pklEntry = QFileInfo(file).completeBaseName().toStdString() + "/data.pkl";
        QByteArray pickle;
        if (loader == Loader::TorchPickleInZip) {
            const gauntlet::io::TorchCheckpoint reference = loadTorchCheckpoint(good, "good-input");
            QVERIFY(!reference.stateDict.empty());
            pickle = gauntlet::io::ZipArchive(good, "good-input").read(pklEntry);
            QVERIFY(!pickle.isEmpty());
            QVERIFY(!replaceZipEntry(good, pklEntry, pickle).isEmpty());
        }
        const bool verbose = qEnvironmentVariableIsSet("GAUNTLET_FUZZ_VERBOSE");
        Outcome outcome;
        for (int i = 0; i < cases; ++i) {
            bool truncated = false;
            QByteArray bad;
            if (loader == Loader::TorchPickleInZip) {
                bad = replaceZipEntry(good, pklEntry, mutate(pickle, rng, truncated));
                QVERIFY(!bad.isEmpty());
            } else {
                bad = mutate(good, rng, truncated);
            }
            const QString name = QString("fuzz-case-%1").arg(i);
            try {
                load(loader, bad, name);
                ++outcome.loaded;
                if (verbose)
                    qInfo("%s: loaded", qPrintable(name));
                QVERIFY2(!truncated, qPrintable(name + ": a truncated file was accepted"));
            } catch (const IoError &e) {
                ++outcome.rejected;
                const QString msg = QString::fromUtf8(e.what());
                if (verbose)
                    qInfo("%s", qPrintable(msg));
                QVERIFY2(msg.contains(name), qPrintable(name + ": message does not name the input: " + msg));
            } catch (const gauntlet::text::TokenizerError &e) {
                ++outcome.rejected;
                const QString msg = QString::fromUtf8(e.what());
                QVERIFY2(loader == Loader::GgufModel, qPrintable(name + ": a TokenizerError from an io loader: " + msg));
                QVERIFY2(msg.contains(name), qPrintable(name + ": message does not name the input: " + msg));
                QVERIFY2(!truncated, qPrintable(name + ": a truncated file reached the tokenizer"));
            } catch (const std::exception &e) {
                QFAIL(qPrintable(name + ": not an IoError: " + QString::fromUtf8(e.what())));
            }
        }
        qInfo("%s: %d cases, %d rejected with IoError, %d loaded", qPrintable(file), cases, outcome.rejected,
              outcome.loaded);
        QVERIFY(outcome.rejected > 0);
    }
};

GAUNTLET_TEST_MAIN(TestIoFuzz)
#include "tst_io_fuzz.moc"
