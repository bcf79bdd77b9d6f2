// The safe unpickler against pickles written by CPython (protocols 2-5) and hand-made hostile ones.
#include "tests/support/test_main.h"
#include "engine/io/pickle.h"

#include "tests/io/io_test_support.h"

#include <QElapsedTimer>

using namespace gauntlet::io;

namespace {

std::unique_ptr<PickleDocument> unpickleBytes(const QByteArray &b, const std::string &name = "test.pkl")
{
    return unpickle(b.constData(), static_cast<size_t>(b.size()), name);
}

}  // namespace

class TestPickle : public iotest::ReferenceFileTest {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { copyReferenceFilesAndManifest(false); }

    void pythonValues_equalPythonJson_data()
    {
        QTest::addColumn<QString>("file");
        for (const char *f : {"values_p2.pkl", "values_p3.pkl", "values_p4.pkl", "values_p5.pkl", "shared_p2.pkl"})
            QTest::newRow(f) << QString(f);
    }
    void pythonValues_equalPythonJson()
    {
        QFETCH(QString, file);
        const QByteArray bytes = iotest::fileBytes(m_dir.filePath(file));
        size_t consumed = 0;
        const auto doc = unpickle(bytes.constData(), size_t(bytes.size()), file.toStdString(), {}, &consumed);
        QCOMPARE(consumed, size_t(bytes.size()));
        const nlohmann::json got = pyToJson(*doc->root);
        const nlohmann::json &want = m_manifest["pickles"][file.toStdString()];
        QVERIFY2(got == want, qPrintable(QString::fromStdString("got " + got.dump() + "\nwant " + want.dump())));
    }

    void sharedReference_isOneValue()
    {
        const auto doc = unpickleBytes(iotest::fileBytes(m_dir.filePath("shared_p2.pkl")));
        QVERIFY(doc->root->get("a"));
        QCOMPARE(doc->root->get("a"), doc->root->get("b"));
    }

    void unknownGlobal_recordedNeverCalled()
    {
        const QString marker = m_dir.filePath("pwned");
        const QByteArray cmd = ("touch " + marker).toUtf8();
        QByteArray p("\x80\x02" "cos\nsystem\n" "X", 14);
        const quint32 n = quint32(cmd.size());
        p += char(n & 0xff);
        p += char((n >> 8) & 0xff);
        p += QByteArray(2, '\0');
        p += cmd + "\x85R.";
        const auto doc = unpickleBytes(p);
        QCOMPARE(int(doc->root->kind), int(PyValue::Kind::Object));
        QCOMPARE(doc->root->qualifiedName(), std::string("os.system"));
        QVERIFY(!QFile::exists(marker));
        QCOMPARE(pyToJson(*doc->root)["__object__"], nlohmann::json("os.system"));
    }

    void malformed_throwsWithOffset_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("reason");
        QTest::newRow("empty") << QByteArray() << "truncated";
        const QByteArray good = iotest::fileBytes(m_dir.filePath("values_p2.pkl"));
        QTest::newRow("truncated") << good.left(good.size() / 2) << "truncated";
        QTest::newRow("no STOP") << good.left(good.size() - 1) << "truncated";
        QTest::newRow("unknown opcode") << QByteArray("\x80\x02\xff.", 4) << "unknown opcode 0xff";
        QTest::newRow("stack underflow") << QByteArray("\x80\x02R.", 4) << "stack underflow";
        QTest::newRow("memo miss") << QByteArray("\x80\x02h\x05.", 5) << "memo key 5";
        QTest::newRow("values left") << QByteArray("\x80\x02NN.", 5) << "left on the stack";
        QTest::newRow("append to dict") << QByteArray("\x80\x02}Na.", 6) << "not a list";
        QTest::newRow("setitem on list") << QByteArray("\x80\x02]NNs.", 7) << "not a dict";
        QTest::newRow("bad utf-8") << QByteArray("\x80\x02X\x02\x00\x00\x00\xc3\x28.", 10) << "UTF-8";
        QTest::newRow("surrogate") << QByteArray("\x80\x02X\x03\x00\x00\x00\xed\xa0\x80.", 11) << "UTF-8";
        QTest::newRow("protocol 9") << QByteArray("\x80\x09N.", 4) << "protocol 9";
        QTest::newRow("huge length") << QByteArray("\x80\x02X\xff\xff\xff\xff", 7) << "truncated";
        QTest::newRow("reduce above mark") << QByteArray("\x80\x02N(R.", 6) << "stack underflow";
        QTest::newRow("text STRING") << QByteArray("S'a'\n.") << "not supported";
        QTest::newRow("persistent id") << QByteArray("\x80\x02NQ.", 5) << "persistent id";
    }
    void malformed_throwsWithOffset()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, reason);
        const auto msg = iotest::thrownMessage<IoError>([&] { unpickleBytes(bytes, "hostile.pkl"); });
        QVERIFY2(msg, "no exception");
        QVERIFY2(msg->contains("hostile.pkl") && msg->contains("pickle offset") && msg->contains(reason), qPrintable(*msg));
    }

    void deepCyclicAndExponential_renderBounded()
    {
        // 20000 nested lists: no recursion in the unpickler, bounded depth in pyToJson.
        const int depth = 20000;
        QByteArray deep("\x80\x02");
        deep += QByteArray(depth, ']') + QByteArray(depth - 1, 'a') + ".";
        const auto d1 = unpickleBytes(deep);
        QVERIFY(pyToJson(*d1->root).dump().find("__deep__") != std::string::npos);

        // A list that contains itself.
        const auto d2 = unpickleBytes(QByteArray("\x80\x02]q\x00h\x00" "a.", 9));
        QCOMPARE(d2->root->items.size(), size_t(1));
        QCOMPARE(d2->root->items[0], d2->root);
        QVERIFY(pyToJson(*d2->root).dump().find("__deep__") != std::string::npos);

        // (x, x) nested 60 times would expand to 2^60 nodes.
        QByteArray wide("\x80\x02]");
        for (int i = 0; i < 60; ++i)
            wide += "2\x86";
        wide += ".";
        QElapsedTimer timer;
        timer.start();
        const auto d3 = unpickleBytes(wide);
        QVERIFY(pyToJson(*d3->root).dump().find("__truncated__") != std::string::npos);
        QVERIFY2(timer.elapsed() < 20000, "rendering shared references must be bounded");
    }
};

GAUNTLET_TEST_MAIN(TestPickle)
#include "tst_pickle.moc"
