// The GGUF reader (engine/io/gguf.h) against:
//  - a small GGUF written by write_gguf.py (struct + numpy, from ggml's docs/gguf.md; committed with
//    its expected values in tests/data/io/gguf-small by tests/io/refresh_io_fixtures.py): every metadata
//    type, nested arrays, F32 / F16 / BF16 / Q8_0 tensors with their expected float values, and a
//    Q4_0 tensor that must be refused naming its type. llama.cpp's own reader (gguf-py's GGUFReader
//    and gguf.quants.dequantize, from the bundle in node-llama-cpp@3.21.1) reads that file to the
//    same values (checked once by hand, max difference 0);
//  - llama.cpp's real vocabulary file models/ggml-vocab-qwen2.gguf (tests/io/fetch_llama_cpp_vocab.sh
//    fetches it, scripts/install.sh runs that; skipped, naming the script, when it is missing).
//    Expected values from a separate struct-based parse (the Python in fetch_llama_cpp_vocab.sh).
#include "tests/support/test_main.h"
#include "tests/support/proc_status.h"
#include "engine/io/gguf.h"

#include "tests/io/io_test_support.h"

using namespace gauntlet::io;

class TestGguf : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    nlohmann::json m_expected;

    QString path() const { return m_dir.filePath("small.gguf"); }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        QVERIFY2(iotest::copyCommitted(QStringLiteral("io/gguf-small"), m_dir.path(), error), qPrintable(error));
        m_expected = iotest::jsonFile(m_dir.filePath("expected.json"));
    }

    void metadata_everyValueType()
    {
        const GgufFile f(path());
        QCOMPARE(f.version(), 3u);
        for (const auto &[key, value] : m_expected["metadata"].items())
            QVERIFY2(f.value(key) == value, qPrintable(QString::fromStdString(key + ": " + f.value(key).dump() + " vs " + value.dump())));
        QCOMPARE(f.metadata().size(), m_expected["metadata"].size());
        QVERIFY_THROWS_EXCEPTION(IoError, f.value("no.such.key"));
    }

    void tensors_dequantisedAsGgml()
    {
        const GgufFile f(path());
        QCOMPARE(f.tensorInfos().size(), size_t(5));
        for (const auto &[name, values] : m_expected["tensors"].items()) {
            const torch::Tensor t = f.tensor(name);
            QCOMPARE(t.scalar_type(), torch::kFloat32);
            QCOMPARE(t.size(0), int64_t(values.size()));
            QCOMPARE(t.size(1), int64_t(values[0].size()));
            for (size_t i = 0; i < values.size(); ++i)
                for (size_t j = 0; j < values[i].size(); ++j)
                    QVERIFY2(t[int64_t(i)][int64_t(j)].item<float>() == values[i][j].get<float>(), qPrintable(QString::fromStdString(name)));
        }
    }

    void otherQuantisation_refusedNamingType()
    {
        const GgufFile f(path());
        try {
            f.tensor("t.q4_0");
            QFAIL("Q4_0 was read");
        } catch (const IoError &e) {
            const QString msg = QString::fromUtf8(e.what());
            QVERIFY2(msg.contains("Q4_0") && msg.contains("t.q4_0") && msg.contains(path()), qPrintable(msg));
        }
        QVERIFY_THROWS_EXCEPTION(IoError, f.tensors());
    }

    void malformed_errorsNameFileAndPlace()
    {
        const QByteArray good = iotest::fileBytes(path());
        const struct {
            QByteArray bytes;
            const char *message;
        } cases[] = {{good.left(good.size() - 20), "beyond the end of the file"},
                     {good.left(100), "truncated"},
                     {QByteArray("GGML") + good.mid(4), "does not start with"},
                     {good.left(4) + QByteArray("\x07\0\0\0", 4) + good.mid(8), "version 7"},
                     {good.left(8) + QByteArray("\xff\xff\xff\xff\xff\xff\xff\xff", 8) + good.mid(16), "exceed the limits"}};
        for (const auto &c : cases) {
            try {
                GgufFile::fromBytes(c.bytes, "bad.gguf");
                QFAIL(c.message);
            } catch (const IoError &e) {
                const QString msg = QString::fromUtf8(e.what());
                QVERIFY2(msg.contains("bad.gguf") && msg.contains(c.message), qPrintable(msg));
            }
        }
        QVERIFY_THROWS_EXCEPTION(IoError, GgufFile(m_dir.filePath("missing.gguf")));
    }

    // Issue 39 (9): the file is memory-mapped, so a GGUF followed by a gigabyte of padding costs
    // only the pages its header and tensors use (it was read whole: 2.4 GB resident for 2.2 GB).
    void paddedFile_isMappedNotReadWhole()
    {
        const auto residentKb = [] { return gauntlet::testing::procStatusKb("VmRSS"); };
        if (residentKb() < 0)
            QSKIP("no /proc/self/status");
        const QString padded = m_dir.filePath(QStringLiteral("padded.gguf"));
        QFile::remove(padded);
        QVERIFY(QFile::copy(path(), padded));
        QFile f(padded);
        QVERIFY(f.open(QIODevice::ReadWrite));
        QVERIFY(f.resize(f.size() + (qint64(1) << 30)));  // sparse on the file systems tests run on
        f.close();
        const qint64 before = residentKb();
        const GgufFile g(padded);
        QCOMPARE(g.tensorInfos().size(), GgufFile(path()).tensorInfos().size());
        const qint64 grown = residentKb() - before;
        QVERIFY2(grown < 100 * 1024, qPrintable(QStringLiteral("resident memory grew by %1 MiB").arg(grown / 1024)));
        QVERIFY(g.tensor(g.tensorInfos().front().name).numel() > 0);  // tensors still read from the mapping
    }

    void llamaCppQwen2Vocabulary()
    {
        const QString dir = iotest::llamaCppVocabularyDir();
        if (dir.isEmpty())
            QSKIP(iotest::kLlamaCppVocabularyMissing);
        const QString file = QDir(dir).filePath("ggml-vocab-qwen2.gguf");
        const GgufFile f(file);
        QCOMPARE(f.version(), 3u);
        QCOMPARE(f.tensorInfos().size(), size_t(0));
        QCOMPARE(f.metadata().size(), size_t(20));
        QCOMPARE(f.value("general.architecture").get<std::string>(), std::string("qwen2"));
        QCOMPARE(f.value("tokenizer.ggml.model").get<std::string>(), std::string("gpt2"));
        QCOMPARE(f.value("tokenizer.ggml.pre").get<std::string>(), std::string("qwen2"));
        const auto &tokens = f.value("tokenizer.ggml.tokens");
        QCOMPARE(tokens.size(), size_t(151936));
        QCOMPARE(tokens[0].get<std::string>(), std::string("!"));
        QCOMPARE(tokens[151935].get<std::string>(), std::string("[PAD151935]"));
        QCOMPARE(f.value("tokenizer.ggml.token_type").size(), size_t(151936));
        QCOMPARE(f.value("tokenizer.ggml.token_type")[151935].get<int>(), 4);
        QCOMPARE(f.value("tokenizer.ggml.merges").size(), size_t(151387));
        QCOMPARE(f.value("tokenizer.ggml.merges")[2].get<std::string>(), std::string("i n"));
        QCOMPARE(f.value("tokenizer.ggml.eos_token_id").get<uint32_t>(), 151643u);
        QCOMPARE(f.value("qwen2.block_count").get<uint32_t>(), 32u);
        QCOMPARE(f.value("qwen2.rope.freq_base").get<float>(), 1000000.0f);
        QCOMPARE(f.value("qwen2.attention.layer_norm_rms_epsilon").get<float>(), 1e-6f);
    }
};

GAUNTLET_TEST_MAIN(TestGguf)
#include "tst_gguf.moc"
