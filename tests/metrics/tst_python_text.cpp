// Python str semantics that sacrebleu depends on: str.lower() (expected values printed by
// CPython 3.11's str.lower()), str.split() whitespace, and UTF-8 validation.
#include "engine/metrics/python_text.h"

#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet::metrics;

class TestPythonText : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void lowerPython_matchesCPython_data()
    {
        QTest::addColumn<QString>("input");
        QTest::addColumn<QString>("expected");
        // Dotted capital I lowercases to two code points, i + combining dot above.
        QTest::newRow("turkish dotted I") << QStringLiteral("İstanbul") << QString::fromUtf8("i\u0307stanbul");
        QTest::newRow("final sigma") << QStringLiteral("ΟΔΟΣ") << QStringLiteral("οδος");
        QTest::newRow("lone sigma") << QStringLiteral("Σ") << QStringLiteral("σ");
        QTest::newRow("sigma before period") << QStringLiteral("ΑΣ.") << QStringLiteral("ας.");
        QTest::newRow("sigma before apostrophe and letter") << QStringLiteral("ΑΣ'Α") << QStringLiteral("ασ'α");
        QTest::newRow("sigma first") << QStringLiteral("Σ.Α") << QStringLiteral("σ.α");
        QTest::newRow("sigma after ypogegrammeni") << QString::fromUtf8("A\u0345Σ") << QString::fromUtf8("a\u0345ς");
        QTest::newRow("two words") << QStringLiteral("ΆΣ ΣΑ") << QStringLiteral("άς σα");
        QTest::newRow("capital sharp s") << QStringLiteral("ẞ STRASSE") << QStringLiteral("ß strasse");
        QTest::newRow("titlecase digraph") << QStringLiteral("ǅ") << QStringLiteral("ǆ");
        QTest::newRow("roman numeral") << QStringLiteral("Ⅻ") << QStringLiteral("ⅻ");
        QTest::newRow("circled letter") << QStringLiteral("Ⓐ") << QStringLiteral("ⓐ");
        QTest::newRow("cherokee small letter unchanged") << QStringLiteral("ꭰ") << QStringLiteral("ꭰ");
        QTest::newRow("emoji unchanged") << QStringLiteral("OK 👍🏽") << QStringLiteral("ok 👍🏽");
    }

    void lowerPython_matchesCPython()
    {
        QFETCH(QString, input);
        QFETCH(QString, expected);
        const auto lowered = lowerPython(decodeUtf8(input.toStdString()));
        QCOMPARE(QString::fromStdString(encodeUtf8(lowered)), expected);
    }

    void splitPythonWhitespace_splitsOnUnicodeWhitespace()
    {
        // NBSP, narrow NBSP, ideographic space, form feed, file separator; ZWSP is not whitespace.
        const auto text = decodeUtf8("a\u00a0b\u202fc\u3000d\fe\x1c" "f\u200bg  ");
        const auto words = splitPythonWhitespace(text);
        QCOMPARE(words.size(), std::size_t(6));
        QCOMPARE(encodeUtf8(words[5]), std::string("f\u200bg"));
        QCOMPARE(rstripPython(text).size(), text.size() - 2);
        QVERIFY(splitPythonWhitespace(decodeUtf8(" \t\n ")).empty());
    }

    void firstInvalidUtf8_findsBadSequences_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<int>("offset");
        QTest::newRow("valid") << QByteArray("Stra\xc3\x9f" "e \xf0\x9f\x91\x8d") << -1;
        QTest::newRow("lone continuation") << QByteArray("ab\x80") << 2;
        QTest::newRow("truncated") << QByteArray("a\xe2\x82") << 1;
        QTest::newRow("overlong") << QByteArray("\xc0\xaf") << 0;
        QTest::newRow("surrogate") << QByteArray("x\xed\xa0\x80") << 1;
        QTest::newRow("above U+10FFFF") << QByteArray("\xf4\x90\x80\x80") << 0;
    }

    void firstInvalidUtf8_findsBadSequences()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(int, offset);
        const std::size_t at = firstInvalidUtf8(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        QCOMPARE(at == std::string_view::npos ? -1 : int(at), offset);
        // Decoding never fails: bad bytes read as U+FFFD.
        const auto text = decodeUtf8(std::string_view(bytes.constData(), std::size_t(bytes.size())));
        QCOMPARE(offset >= 0, text.find(U'\uFFFD') != std::u32string::npos);
    }
};

GAUNTLET_TEST_MAIN(TestPythonText)
#include "tst_python_text.moc"
