// loadTokenizer(): which file it picks for each kind of path, and a clear error otherwise. Loaded
// tokenizers are checked against the references (llama.cpp's GPT-2 ids, spm_encode).
#include "engine/text/tokenizer.h"

#include "tokenizer_test_support.h"

#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet::text;
using namespace tokenizer_test;

class TestLoadTokenizer : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_tmp;
    QString m_model;
    std::string m_gpt2Input;      // "Hello world" in ggml-vocab-gpt-2.gguf.inp
    std::vector<int> m_gpt2Ids;   // its ids in the .out file

    QString copyInto(const QString &folder, const QString &from, const QString &name)
    {
        QDir().mkpath(m_tmp.filePath(folder));
        const QString to = QDir(m_tmp.filePath(folder)).filePath(name);
        if (!QFile::copy(from, to))
            qFatal("cannot copy %s", qPrintable(from));
        return to;
    }

private Q_SLOTS:
    void initTestCase()
    {
        if (!haveTool("spm_train") || !haveTool("spm_encode"))
            QSKIP("spm_train / spm_encode not installed (Debian package sentencepiece)");
        m_model = xlmrStyleModel();
        const auto inputs = ggmlInputs(QStringLiteral("gpt-2"));
        const auto outputs = ggmlOutputs(QStringLiteral("gpt-2"));
        const auto it = std::find(inputs.begin(), inputs.end(), std::string("Hello world"));
        QVERIFY(it != inputs.end());
        m_gpt2Input = *it;
        m_gpt2Ids = outputs[std::size_t(it - inputs.begin())];
    }

    void gpt2Paths_loadByteLevelBpe_data()
    {
        QTest::addColumn<QString>("path");
        const QString enc = sharedData(QStringLiteral("vectors/tokenizers/gpt2-bpe/encoder.json"));
        const QString bpe = sharedData(QStringLiteral("vectors/tokenizers/gpt2-bpe/vocab.bpe"));
        QTest::newRow("folder encoder.json+vocab.bpe") << sharedData(QStringLiteral("vectors/tokenizers/gpt2-bpe"));
        QTest::newRow("file encoder.json") << enc;
        QTest::newRow("file vocab.bpe") << bpe;
        copyInto(QStringLiteral("hf"), enc, QStringLiteral("vocab.json"));
        const QString merges = copyInto(QStringLiteral("hf"), bpe, QStringLiteral("merges.txt"));
        QTest::newRow("folder vocab.json+merges.txt") << m_tmp.filePath(QStringLiteral("hf"));
        QTest::newRow("file vocab.json") << QDir(m_tmp.filePath(QStringLiteral("hf"))).filePath(QStringLiteral("vocab.json"));
    }

    void gpt2Paths_loadByteLevelBpe()
    {
        QFETCH(QString, path);
        const auto tok = loadTokenizer(path);
        QCOMPARE(int(tok->kind()), int(TokenizerKind::ByteLevelBpe));
        QCOMPARE(tok->encode(m_gpt2Input), m_gpt2Ids);
    }

    void modelPaths_loadSentencePiece_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("file") << m_model;
        QTest::newRow("folder sentencepiece.bpe.model")
            << QFileInfo(copyInto(QStringLiteral("xlmr"), m_model, QStringLiteral("sentencepiece.bpe.model"))).path();
        QTest::newRow("folder single *.model")
            << QFileInfo(copyInto(QStringLiteral("other"), m_model, QStringLiteral("my.model"))).path();
    }

    void modelPaths_loadSentencePiece()
    {
        QFETCH(QString, path);
        const auto tok = loadTokenizer(path);
        QCOMPARE(int(tok->kind()), int(TokenizerKind::SentencePieceUnigram));
        const std::vector<std::string> line{"Loading from a path."};
        QCOMPARE(joinIds(tok->encode(line[0])), spmEncode(m_model, line, QStringLiteral("id"))[0]);
    }

    void badPaths_throwTokenizerErrorNamingPath_data()
    {
        QTest::addColumn<QString>("path");
        QTest::newRow("missing file") << m_tmp.filePath(QStringLiteral("missing.model"));
        QDir().mkpath(m_tmp.filePath(QStringLiteral("empty")));
        QTest::newRow("empty folder") << m_tmp.filePath(QStringLiteral("empty"));
        QFile empty(m_tmp.filePath(QStringLiteral("empty.model")));
        empty.open(QIODevice::WriteOnly);
        QTest::newRow("empty .model") << empty.fileName();
        QFile text(m_tmp.filePath(QStringLiteral("notes.json")));
        text.open(QIODevice::WriteOnly);
        text.write("{\"model\": {\"type\": \"WordPiece\", \"vocab\": {}}}");
        QTest::newRow("WordPiece tokenizer.json") << text.fileName();
        copyInto(QStringLiteral("two"), m_model, QStringLiteral("a.model"));
        copyInto(QStringLiteral("two"), m_model, QStringLiteral("b.model"));
        QTest::newRow("two .model files") << m_tmp.filePath(QStringLiteral("two"));
    }

    void badPaths_throwTokenizerErrorNamingPath()
    {
        QFETCH(QString, path);
        try {
            loadTokenizer(path);
            QFAIL("no error");
        } catch (const TokenizerError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(path), e.what());
        }
    }
};

GAUNTLET_TEST_MAIN(TestLoadTokenizer)
#include "tst_load_tokenizer.moc"
