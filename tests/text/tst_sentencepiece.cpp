// SentencePiece Unigram exactness: our tokenizer against spm_encode / spm_decode (Debian's
// sentencepiece 0.1.97 command-line tools) on Unigram models trained by spm_train with XLM-R's
// settings, over every shared seed sentence, the CoLA sentences and llama.cpp's 46 test strings.
#include "engine/text/unigram_tokenizer.h"

#include "tokenizer_test_support.h"

#include "tests/support/test_main.h"
#include <QtTest>

#include <nlohmann/json.hpp>

#include <map>

using namespace gauntlet::text;
using namespace tokenizer_test;

class TestSentencePiece : public QObject {
    Q_OBJECT

private:
    QMap<QString, QString> m_models;  // variant -> .model path
    std::map<QString, std::vector<std::string>> m_corpora;

    /// The inputs of `corpus` for spm_encode and for us. spm_encode reads one line per sentence, so
    /// a test string holding '\n' cannot be given to it: with nmt_nfkc (which maps U+000A to a space,
    /// as it does U+0009) the reference is spm_encode of the string with each '\n' replaced by ' ';
    /// other models skip those strings.
    void inputsFor(const QString &variant, const QString &corpus, std::vector<std::string> *ours,
                   std::vector<std::string> *reference)
    {
        for (const auto &s : m_corpora.at(corpus)) {
            if (s.find('\n') == std::string::npos) {
                ours->push_back(s);
                reference->push_back(s);
            } else if (variant == QLatin1String("nmt_nfkc")) {
                ours->push_back(s);
                std::string r = s;
                std::replace(r.begin(), r.end(), '\n', ' ');
                reference->push_back(r);
            }
        }
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!haveTool("spm_train") || !haveTool("spm_encode"))
            QSKIP("spm_train / spm_encode not installed (Debian package sentencepiece)");
        // XLM-R's settings: Unigram, nmt_nfkc, dummy prefix (vocabulary smaller so it trains in seconds).
        m_models[QStringLiteral("nmt_nfkc")] = xlmrStyleModel();
        // A second charsmap setting (identity: no precompiled map) with byte fallback and user-defined
        // symbols, to cover those code paths against the same reference.
        m_models[QStringLiteral("identity")] = trainedModel(
            QStringLiteral("identity-bytefallback-unigram-3000"),
            {QStringLiteral("--vocab_size=3000"), QStringLiteral("--normalization_rule_name=identity"),
             QStringLiteral("--byte_fallback=true"), QStringLiteral("--user_defined_symbols=<sep>,World,2023")});
        m_corpora[QStringLiteral("seeds")] = seedSentences();
        m_corpora[QStringLiteral("cola")] = colaSentences();
        m_corpora[QStringLiteral("ggml-46")] = ggmlInputs(QStringLiteral("gpt-2"));
        QVERIFY(m_corpora[QStringLiteral("seeds")].size() > 8000);
        QVERIFY(m_corpora[QStringLiteral("cola")].size() > 9000);
        QCOMPARE(m_corpora[QStringLiteral("ggml-46")].size(), std::size_t(46));
    }

    void encode_matchesSpmEncode_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("corpus");
        for (const char *v : {"nmt_nfkc", "identity"}) {
            for (const char *c : {"seeds", "cola", "ggml-46"})
                QTest::newRow(qPrintable(QStringLiteral("%1/%2").arg(QLatin1String(v), QLatin1String(c))))
                    << QString::fromLatin1(v) << QString::fromLatin1(c);
        }
    }

    void encode_matchesSpmEncode()
    {
        QFETCH(QString, variant);
        QFETCH(QString, corpus);
        const QString model = m_models.value(variant);
        const auto tok = UnigramTokenizer::fromModelFile(model);
        std::vector<std::string> ours, reference;
        inputsFor(variant, corpus, &ours, &reference);
        QVERIFY(!ours.empty());
        const auto expectedIds = spmEncode(model, reference, QStringLiteral("id"));
        const auto expectedPieces = spmEncode(model, reference, QStringLiteral("piece"));
        std::vector<std::string> actualIds, actualPieces;
        for (const auto &s : ours) {
            const auto pieces = tok->encodeWithPieces(s);
            std::vector<int> ids;
            std::vector<std::string> texts;
            for (const auto &[piece, id] : pieces) {
                ids.push_back(id);
                texts.push_back(piece);
            }
            actualIds.push_back(joinIds(ids));
            actualPieces.push_back(joinPieces(texts));
            QCOMPARE(tok->encode(s), ids);
        }
        QCOMPARE(countMismatches(ours, expectedIds, actualIds, "ids"), 0);
        QCOMPARE(countMismatches(ours, expectedPieces, actualPieces, "pieces"), 0);
        qInfo("%s/%s: %d strings identical to spm_encode (ids and pieces)", qPrintable(variant), qPrintable(corpus),
              int(ours.size()));
    }

    void decode_matchesSpmDecode_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::newRow("nmt_nfkc") << QStringLiteral("nmt_nfkc");
        QTest::newRow("identity") << QStringLiteral("identity");
    }

    void decode_matchesSpmDecode()
    {
        QFETCH(QString, variant);
        if (!haveTool("spm_decode"))
            QSKIP("spm_decode not installed");
        const QString model = m_models.value(variant);
        const auto tok = UnigramTokenizer::fromModelFile(model);
        std::vector<std::string> lines, dummy;
        inputsFor(variant, QStringLiteral("ggml-46"), &lines, &dummy);
        for (const auto &s : m_corpora.at(QStringLiteral("seeds")))
            lines.push_back(s);
        lines.erase(std::remove_if(lines.begin(), lines.end(), [](const std::string &s) { return s.find('\n') != std::string::npos; }),
                    lines.end());
        std::vector<std::string> idLines, actual;
        for (const auto &s : lines) {
            const auto ids = tok->encode(s);
            idLines.push_back(joinIds(ids));
            actual.push_back(tok->decode(ids));
        }
        // spm_decode --input_format=id: one line of ids in, one line of text out.
        QTemporaryDir tmp;
        QFile f(tmp.filePath(QStringLiteral("ids.txt")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (const auto &l : idLines)
            f.write(QByteArray::fromStdString(l) + '\n');
        f.close();
        QList<QByteArray> out = runTool(QStringLiteral("spm_decode"),
                                        {QStringLiteral("--model=") + model, QStringLiteral("--input_format=id"),
                                         QStringLiteral("--input=") + f.fileName()})
                                    .split('\n');
        out.removeLast();
        QCOMPARE(out.size(), qsizetype(lines.size()));
        std::vector<std::string> expected;
        for (const auto &l : out)
            expected.push_back(l.toStdString());
        QCOMPARE(countMismatches(lines, expected, actual, "decode"), 0);
    }

    // XLM-R / fairseq layout: <s>=0 <pad>=1 </s>=2 <unk>=3, SentencePiece id k -> k + 1, <mask> last.
    void xlmrLayout_shiftsSpmIds()
    {
        const QString model = m_models.value(QStringLiteral("nmt_nfkc"));
        const auto native = UnigramTokenizer::fromModelFile(model);
        const auto xlmr = UnigramTokenizer::fromModelFile(model, IdLayout::XlmR);
        QCOMPARE(xlmr->vocabSize(), 4002);
        QCOMPARE(xlmr->pieceText(0), std::string("<s>"));
        QCOMPARE(xlmr->pieceText(1), std::string("<pad>"));
        QCOMPARE(xlmr->pieceText(2), std::string("</s>"));
        QCOMPARE(xlmr->pieceText(3), std::string("<unk>"));
        QCOMPARE(xlmr->pieceText(4001), std::string("<mask>"));
        // Expected ids from spm_encode (with a character the model does not know -> <unk>).
        const std::vector<std::string> lines{"Hello world, this is XLM-R.", "ⵣ unknown Tifinagh", ""};
        const auto spm = spmEncode(model, lines, QStringLiteral("id"));
        for (std::size_t i = 0; i < lines.size(); ++i) {
            std::vector<int> expected{0};
            for (const QByteArray &t : QByteArray::fromStdString(spm[i]).split(' ')) {
                if (t.isEmpty())
                    continue;
                const int id = t.toInt();
                expected.push_back(id == 0 ? 3 : id + 1);
            }
            expected.push_back(2);
            QCOMPARE(xlmr->withSequenceSpecials(xlmr->encode(lines[i])), expected);
        }
        QVERIFY(std::count(spm[1].begin(), spm[1].end(), '0') >= 1);
        QCOMPARE(xlmr->decode({0, 4, 2}), native->decode({3}));
        QVERIFY(xlmr->isSpecial(0) && xlmr->isSpecial(1) && xlmr->isSpecial(4001));
    }

    // The HF tokenizer.json form of the same model: vocabulary from spm_export_vocab (the reference
    // tool), laid out as XLM-R's tokenizer.json (<s>, <pad>, </s>, <unk>, pieces 3.., <mask>), with the
    // model's charsmap in a Precompiled normalizer and a Metaspace pre-tokenizer.
    void tokenizerJson_matchesSpmEncodeInXlmrLayout()
    {
        if (!haveTool("spm_export_vocab"))
            QSKIP("spm_export_vocab not installed");
        const QString model = m_models.value(QStringLiteral("nmt_nfkc"));
        const auto native = UnigramTokenizer::fromModelFile(model);
        const QList<QByteArray> vocabLines =
            runTool(QStringLiteral("spm_export_vocab"), {QStringLiteral("--model=") + model}).split('\n');
        nlohmann::json doc;
        doc["version"] = "1.0";
        doc["added_tokens"] = nlohmann::json::array();
        for (const auto &[id, content] : std::vector<std::pair<int, std::string>>{
                 {0, "<s>"}, {1, "<pad>"}, {2, "</s>"}, {3, "<unk>"}, {4001, "<mask>"}})
            doc["added_tokens"].push_back({{"id", id}, {"content", content}, {"special", true}});
        // The charsmap bytes: field 3 (normalizer_spec) -> field 2 of the .model, found by scanning for
        // the nmt_nfkc name that precedes it (spm writes name = 1 then precompiled_charsmap = 2).
        const QByteArray bytes = readFile(model);
        const qsizetype nameAt = bytes.lastIndexOf(QByteArray("\x0a\x08nmt_nfkc\x12", 11));
        QVERIFY(nameAt > 0);
        qsizetype p = nameAt + 11;
        quint64 len = 0;
        for (int shift = 0;; shift += 7) {
            const auto b = static_cast<unsigned char>(bytes[p++]);
            len |= quint64(b & 0x7F) << shift;
            if (!(b & 0x80))
                break;
        }
        const QByteArray charsmap = bytes.mid(p, qsizetype(len));
        QCOMPARE(quint64(charsmap.size()), len);
        doc["normalizer"] = {{"type", "Precompiled"}, {"precompiled_charsmap", charsmap.toBase64().toStdString()}};
        doc["pre_tokenizer"] = {{"type", "Metaspace"}, {"replacement", "\xe2\x96\x81"}, {"add_prefix_space", true}};
        nlohmann::json vocab = nlohmann::json::array();
        for (const char *special : {"<s>", "<pad>", "</s>", "<unk>"})
            vocab.push_back({special, 0.0});
        int n = 0;
        for (const QByteArray &l : vocabLines) {
            if (l.isEmpty())
                continue;
            if (n++ < 3)
                continue;  // <unk>, <s>, </s> of the SentencePiece model
            // Pieces from spm_export_vocab; scores at full float precision from the .model reader that
            // encode_matchesSpmEncode verifies (spm_export_vocab rounds them, and rounding changes
            // which of two equal-scoring segmentations Viterbi keeps).
            const QList<QByteArray> cols = l.split('\t');
            QCOMPARE(cols.size(), qsizetype(2));
            const auto &entry = native->pieces().at(std::size_t(n - 1));
            QCOMPARE(entry.piece, cols[0].toStdString());
            QVERIFY(qAbs(double(entry.score) - cols[1].toDouble()) < 1e-3);
            vocab.push_back({entry.piece, double(entry.score)});
        }
        vocab.push_back({"<mask>", 0.0});
        doc["model"] = {{"type", "Unigram"}, {"unk_id", 3}, {"vocab", vocab}};
        const std::string json = doc.dump();
        const auto tok = UnigramTokenizer::fromTokenizerJson(json, "synthetic tokenizer.json");
        QCOMPARE(tok->vocabSize(), 4002);
        const auto &lines = m_corpora.at(QStringLiteral("seeds"));
        const auto spm = spmEncode(model, lines, QStringLiteral("id"));
        std::vector<std::string> expected, actual;
        for (std::size_t i = 0; i < lines.size(); ++i) {
            std::vector<int> ids;
            for (const QByteArray &t : QByteArray::fromStdString(spm[i]).split(' ')) {
                if (!t.isEmpty())
                    ids.push_back(t.toInt() == 0 ? 3 : t.toInt() + 1);
            }
            expected.push_back(joinIds(ids));
            actual.push_back(joinIds(tok->encode(lines[i])));
        }
        QCOMPARE(countMismatches(lines, expected, actual, "tokenizer.json ids"), 0);
    }

    void searchHelpers_classifyPieces()
    {
        const auto tok = UnigramTokenizer::fromModelFile(m_models.value(QStringLiteral("nmt_nfkc")));
        const auto ids = tok->encode("The cat, sat.");
        const auto pieces = tok->encodeToPieces("The cat, sat.");
        QCOMPARE(ids.size(), pieces.size());
        for (std::size_t i = 0; i < ids.size(); ++i) {
            QCOMPARE(tok->pieceText(ids[i]), pieces[i]);
            QCOMPARE(tok->isWordStart(ids[i]), pieces[i].rfind("\xe2\x96\x81", 0) == 0);
            QCOMPARE(tok->isPunctuation(ids[i]), pieces[i] == "," || pieces[i] == "." || pieces[i] == "\xe2\x96\x81,"
                                                     || pieces[i] == "\xe2\x96\x81.");
        }
        QVERIFY(tok->roundTrips(ids));
        QVERIFY(!tok->roundTrips({-1}));
        QVERIFY_THROWS_EXCEPTION(TokenizerError, tok->pieceText(tok->vocabSize()));
    }
};

GAUNTLET_TEST_MAIN(TestSentencePiece)
#include "tst_sentencepiece.moc"
