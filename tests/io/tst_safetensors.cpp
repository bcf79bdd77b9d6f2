// safetensors reader, sharded index and writer against files written and read by python3-torch
// (the shared reference st.py; the files it wrote are committed in tests/data/io/torch-files, the
// writer's output is read back by it where python3-torch is installed), plus malformed headers.
#include "tests/support/test_main.h"
#include "engine/io/safetensors.h"

#include "tests/io/io_test_support.h"

using namespace gauntlet::io;

namespace {

/// A safetensors file from a header text and `dataBytes` zero bytes of data.
QByteArray makeFile(const QByteArray &header, int dataBytes)
{
    QByteArray out(8, '\0');
    quint64 n = static_cast<quint64>(header.size());
    for (int i = 0; i < 8; ++i, n >>= 8)
        out[i] = char(n & 0xff);
    return out + header + QByteArray(dataBytes, '\0');
}

}  // namespace

class TestSafetensors : public iotest::ReferenceFileTest {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { copyReferenceFilesAndManifest(false); }

    void readPythonFile_bitIdentical()
    {
        const auto &expect = m_manifest["safetensors"]["all.safetensors"];
        const SafetensorsFile file(m_dir.filePath("all.safetensors"));
        QCOMPARE(file.names().size(), expect["tensors"].size());
        for (auto it = expect["tensors"].begin(); it != expect["tensors"].end(); ++it) {
            const QString diff = iotest::compareWithReference(file.tensor(it.key()), it.value(), m_dir.path());
            QVERIFY2(diff.isEmpty(), qPrintable(QString::fromStdString(it.key()) + ": " + diff));
        }
        QCOMPARE(file.metadata().at("format"), std::string("pt"));
        QCOMPARE(file.metadata().at("note"), std::string("reference"));
    }

    void readShardedIndex_bitIdentical_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("folder") << QStringLiteral("sharded");
        QTest::newRow("index file") << QStringLiteral("sharded/model.safetensors.index.json");
    }
    void readShardedIndex_bitIdentical()
    {
        QFETCH(QString, path);
        const auto &expect = m_manifest["safetensors"]["sharded"]["tensors"];
        const auto ck = SafetensorsCheckpoint::open(m_dir.filePath(path));
        QCOMPARE(ck.shards().size(), size_t(2));
        QCOMPARE(ck.names().size(), expect.size());
        for (auto it = expect.begin(); it != expect.end(); ++it) {
            const QString diff = iotest::compareWithReference(ck.tensor(it.key()), it.value(), m_dir.path());
            QVERIFY2(diff.isEmpty(), qPrintable(QString::fromStdString(it.key()) + ": " + diff));
        }
    }

    void tensorView_outlivesFileAndIsZeroCopy()
    {
        torch::Tensor view;
        {
            const SafetensorsFile file(m_dir.filePath("all.safetensors"));
            // "base" is the first tensor right after the 8-byte-padded header: aligned, so a view.
            QCOMPARE(file.tensor("base").data_ptr(), file.tensor("base").data_ptr());
            view = file.tensor("base");
        }
        const QString diff = iotest::compareWithReference(
            view, m_manifest["safetensors"]["all.safetensors"]["tensors"]["base"], m_dir.path());
        QVERIFY2(diff.isEmpty(), qPrintable(diff));
        view.mul_(2);  // private mapping: writable, and the file stays untouched
        const SafetensorsFile again(m_dir.filePath("all.safetensors"));
        QVERIFY(iotest::compareWithReference(again.tensor("base"),
                                             m_manifest["safetensors"]["all.safetensors"]["tensors"]["base"],
                                             m_dir.path())
                    .isEmpty());
    }

    void writeNonContiguous_pythonReadsBitIdentical()
    {
        const QString missing = iotest::readBackMissing();
        if (!missing.isEmpty())
            QSKIP(qPrintable(missing));
        const SafetensorsFile src(m_dir.filePath("all.safetensors"));
        std::vector<std::pair<std::string, torch::Tensor>> tensors;
        for (const auto &kv : src.tensors())
            tensors.emplace_back(kv.first, kv.second);
        // Rebuild the non-contiguous ones the way the Python helper made them.
        const torch::Tensor base = src.tensor("base");
        for (auto &kv : tensors) {
            if (kv.first == "transposed")
                kv.second = base.t();
            else if (kv.first == "sliced")
                kv.second = base.slice(0, 2, 5).slice(1, 1, 4);
        }
        QVERIFY(!tensors.empty());
        const QString out = m_dir.filePath("written.safetensors");
        saveSafetensors(out, tensors, {{"format", "pt"}});
        QFile expected(m_dir.filePath("expected_all.json"));
        QVERIFY(expected.open(QIODevice::WriteOnly));
        expected.write(QByteArray::fromStdString(m_manifest["safetensors"]["all.safetensors"]["tensors"].dump()));
        expected.close();
        bool ok = false;
        const QString log = iotest::runPython({iotest::helperScript(), "check", out, expected.fileName()}, ok);
        QVERIFY2(ok, qPrintable(log));
        // And the header is 8-byte aligned, as the format recommends.
        const QByteArray bytes = iotest::fileBytes(out);
        QCOMPARE(uchar(bytes[0]) % 8, 0);
    }

    void writeBadNames_throws()
    {
        const auto t = torch::zeros({2});
        QVERIFY_THROWS_EXCEPTION(IoError, serializeSafetensors({{"a", t}, {"a", t}}));
        QVERIFY_THROWS_EXCEPTION(IoError, serializeSafetensors({{"", t}}));
        QVERIFY_THROWS_EXCEPTION(IoError, serializeSafetensors({{"__metadata__", t}}));
        QVERIFY_THROWS_EXCEPTION(IoError, serializeSafetensors({{"c", torch::zeros({2}, torch::kComplexFloat)}}));
    }

    void malformed_throwsNamingFileAndTensor_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("tensor");
        QTest::addColumn<QString>("reason");
        const auto entry = [](const char *name, const char *dtype, const char *shape, const char *offsets) {
            return QByteArray("\"") + name + "\":{\"dtype\":\"" + dtype + "\",\"shape\":" + shape +
                   ",\"data_offsets\":" + offsets + "}";
        };
        QTest::newRow("shorter than length") << QByteArray("abc") << QString() << "shorter than the 8-byte";
        QByteArray longHeader = makeFile("{}", 0);
        longHeader[0] = char(200);
        QTest::newRow("header length beyond file") << longHeader << QString() << "exceeds the file";
        QByteArray hugeHeader = makeFile("{}", 0);
        hugeHeader[7] = char(0xff);
        QTest::newRow("header length near 2^64") << hugeHeader << QString() << "exceeds the file";
        QTest::newRow("invalid json") << makeFile("{\"w\": {\"dtype\"", 0) << QString() << "not valid JSON";
        QTest::newRow("invalid utf-8") << makeFile("{\"\xff\":1}", 0) << QString() << "not valid JSON";
        QTest::newRow("not an object") << makeFile("[1,2]", 0) << QString() << "not a JSON object";
        QTest::newRow("entry not an object") << makeFile("{\"w\":3}", 0) << "w" << "not an object";
        QTest::newRow("unknown dtype") << makeFile("{" + entry("w", "F8_E4M3", "[1]", "[0,1]") + "}", 1) << "w"
                                       << "unsupported dtype";
        QTest::newRow("missing dtype") << makeFile("{\"w\":{\"shape\":[1],\"data_offsets\":[0,4]}}", 4) << "w"
                                       << "dtype";
        QTest::newRow("negative dim") << makeFile("{" + entry("w", "F32", "[-1]", "[0,4]") + "}", 4) << "w"
                                      << "not a non-negative integer";
        QTest::newRow("fractional dim") << makeFile("{" + entry("w", "F32", "[1.5]", "[0,4]") + "}", 4) << "w"
                                        << "not a non-negative integer";
        QTest::newRow("overflowing shape")
            << makeFile("{" + entry("w", "F32", "[4294967296,4294967296,16]", "[0,4]") + "}", 4) << "w" << "overflows";
        QTest::newRow("offsets beyond data") << makeFile("{" + entry("w", "F32", "[2]", "[0,8]") + "}", 4) << "w"
                                             << "beyond the data area";
        QTest::newRow("offsets reversed") << makeFile("{" + entry("w", "F32", "[0]", "[8,0]") + "}", 8) << "w"
                                          << "reversed";
        QTest::newRow("dtype x shape mismatch") << makeFile("{" + entry("w", "F32", "[3]", "[0,8]") + "}", 8) << "w"
                                                << "needs 12";
        QTest::newRow("offsets not a pair") << makeFile("{" + entry("w", "F32", "[1]", "[0]") + "}", 4) << "w"
                                            << "data_offsets";
        QTest::newRow("overlap")
            << makeFile("{" + entry("a", "F32", "[2]", "[0,8]") + "," + entry("b", "F32", "[2]", "[4,12]") + "}", 12)
            << "b" << "overlap tensor 'a'";
        // Issue 39: the offsets must tile the data area exactly (the reference reader's validate()).
        QTest::newRow("gap between tensors")
            << makeFile("{" + entry("a", "F32", "[2]", "[0,8]") + "," + entry("b", "F32", "[2]", "[12,20]") + "}", 20)
            << "b" << "leave a gap";
        QTest::newRow("data not from 0") << makeFile("{" + entry("w", "F32", "[1]", "[4,8]") + "}", 8) << "w" << "leave a gap";
        QTest::newRow("trailing bytes") << makeFile("{" + entry("w", "F32", "[1]", "[0,4]") + "}", 8) << QString()
                                        << "bytes were added";
        QTest::newRow("bytes inserted in the data area")
            << makeFile("{" + entry("a", "F32", "[2]", "[0,8]") + "," + entry("b", "F32", "[2]", "[8,16]") + "}", 19)
            << QString() << "bytes were added";
        QTest::newRow("header nested 10,000 deep")
            << makeFile("{\"w\":" + QByteArray(10000, '[') + QByteArray(10000, ']') + "}", 0) << QString() << "nest deeper than 512";
        QTest::newRow("metadata value not a string") << makeFile("{\"__metadata__\":{\"k\":1}}", 0) << QString()
                                                     << "__metadata__";
    }
    void malformed_throwsNamingFileAndTensor()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, tensor);
        QFETCH(QString, reason);
        const QString path = m_dir.filePath("bad.safetensors");
        QVERIFY(iotest::writeFile(path, bytes));
        for (int viaFile = 0; viaFile < 2; ++viaFile) {
            const auto msg = iotest::thrownMessage<IoError>([&] {
                if (viaFile)
                    SafetensorsFile{path};
                else
                    SafetensorsFile::fromBytes(bytes, "bad.safetensors");
            });
            QVERIFY2(msg, "no exception");
            QVERIFY2(msg->contains("bad.safetensors"), qPrintable(*msg));
            QVERIFY2(msg->contains(reason), qPrintable(*msg));
            if (!tensor.isEmpty())
                QVERIFY2(msg->contains("'" + tensor + "'"), qPrintable(*msg));
        }
    }

    void boolByteNotZeroOrOne_throwsOnTensor()
    {
        QByteArray bytes = makeFile("{\"flags\":{\"dtype\":\"BOOL\",\"shape\":[3],\"data_offsets\":[0,3]}}", 3);
        bytes[bytes.size() - 2] = 2;
        const auto file = SafetensorsFile::fromBytes(bytes, "flags.safetensors");
        QVERIFY_THROWS_EXCEPTION(IoError, file.tensor("flags"));
        QVERIFY_THROWS_EXCEPTION(IoError, file.tensor("absent"));
    }

    void shardedIndexMalformed_throws_data()
    {
        QTest::addColumn<QByteArray>("index");
        QTest::addColumn<QString>("reason");
        QTest::newRow("not json") << QByteArray("{") << "not valid JSON";
        QTest::newRow("no weight_map") << QByteArray("{\"metadata\":{}}") << "weight_map";
        QTest::newRow("path traversal") << QByteArray("{\"weight_map\":{\"f32\":\"../all.safetensors\"}}")
                                        << "not a plain file name";
        QTest::newRow("missing shard") << QByteArray("{\"weight_map\":{\"f32\":\"nope.safetensors\"}}")
                                       << "does not exist";
        QTest::newRow("tensor not in shard")
            << QByteArray("{\"weight_map\":{\"ghost\":\"model-00001-of-00002.safetensors\"}}") << "'ghost'";
    }
    void shardedIndexMalformed_throws()
    {
        QFETCH(QByteArray, index);
        QFETCH(QString, reason);
        const QString path = m_dir.filePath("sharded/bad.index.json");
        QVERIFY(iotest::writeFile(path, index));
        const auto msg = iotest::thrownMessage<IoError>([&] { SafetensorsCheckpoint::open(path); });
        QVERIFY2(msg, "no exception");
        QVERIFY2(msg->contains("bad.index.json") && msg->contains(reason), qPrintable(*msg));
    }
};

GAUNTLET_TEST_MAIN(TestSafetensors)
#include "tst_safetensors.moc"
