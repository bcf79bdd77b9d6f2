// Tokenizers built from GGUF vocabularies (engine/text/gguf_vocabulary.h) against llama.cpp itself:
//  - llama.cpp's own tokenizer test vectors, models/ggml-vocab-{llama-spm,qwen2,gpt-2,llama-bpe}.gguf
//    with .gguf.inp / .gguf.out (read as tests/test-tokenizer-0.cpp reads them: inputs separated by
//    "\n__ggml_vocab_test__\n", one line of ids per input, add_special false): every input must give
//    exactly llama.cpp's ids;
//  - the XLM-R vocabulary of models/ggml-vocab-nomic-bert-moe.gguf ("t5" / UGM with the
//    precompiled charsmap) against the ids llama.cpp's tokenizer gave for about 10,000 sentences
//    (tests/data/llama_cpp, written by scripts/llama_cpp_goldens.sh; format in its SOURCE.md).
// The vocabulary files are too large to commit: tests/io/fetch_llama_cpp_vocab.sh fetches them from
// the npm package node-llama-cpp@3.21.1 (scripts/install.sh runs it into build/test-data/llama_cpp);
// without them these checks skip, naming that script.
#include "tests/support/test_main.h"
#include "engine/io/gguf.h"
#include "engine/text/gguf_vocabulary.h"

#include "tests/io/io_test_support.h"

using namespace gauntlet;

namespace {

std::string readText(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll().toStdString() : std::string();
}

}  // namespace

class TestGgufVocabulary : public QObject {
    Q_OBJECT

private:
    QString m_dir;

    std::shared_ptr<const text::Tokenizer> load(const QString &name)
    {
        const QString path = m_dir + "/" + name;
        const io::GgufFile f(path);
        return text::tokenizerFromGgufMetadata(f.metadata(), path.toStdString());
    }

private Q_SLOTS:
    void initTestCase()
    {
        m_dir = iotest::llamaCppVocabularyDir();
        if (m_dir.isEmpty())
            QSKIP(iotest::kLlamaCppVocabularyMissing);
    }

    void llamaCppVectors_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("kind");
        QTest::newRow("llama-spm") << "ggml-vocab-llama-spm.gguf" << int(text::TokenizerKind::SentencePieceBpe);
        QTest::newRow("qwen2") << "ggml-vocab-qwen2.gguf" << int(text::TokenizerKind::ByteLevelBpe);
        QTest::newRow("gpt-2") << "ggml-vocab-gpt-2.gguf" << int(text::TokenizerKind::ByteLevelBpe);
        QTest::newRow("llama-bpe") << "ggml-vocab-llama-bpe.gguf" << int(text::TokenizerKind::ByteLevelBpe);
    }
    void llamaCppVectors()
    {
        QFETCH(QString, name);
        QFETCH(int, kind);
        const auto tokenizer = load(name);
        QCOMPARE(int(tokenizer->kind()), kind);
        const std::string inp = readText(m_dir + "/" + name + ".inp");
        const std::string out = readText(m_dir + "/" + name + ".out");
        QVERIFY(!inp.empty() && !out.empty());
        const std::string sep = "\n__ggml_vocab_test__\n";
        std::vector<std::string> inputs;
        for (size_t pos = 0; pos < inp.size();) {
            const size_t next = inp.find(sep, pos);
            inputs.push_back(inp.substr(pos, next == std::string::npos ? std::string::npos : next - pos));
            if (next == std::string::npos)
                break;
            pos = next + sep.size();
        }
        const QStringList lines = QString::fromStdString(out).split('\n');
        QVERIFY(lines.size() >= qsizetype(inputs.size()));
        int mismatches = 0;
        for (size_t i = 0; i < inputs.size(); ++i) {
            std::vector<int> expected;
            for (const QString &id : lines[qsizetype(i)].split(' ', Qt::SkipEmptyParts))
                expected.push_back(id.toInt());
            const std::vector<int> got = tokenizer->encode(inputs[i]);
            if (got != expected) {
                ++mismatches;
                QString g, e;
                for (const int id : got)
                    g += QString::number(id) + ' ';
                qWarning("%s input %zu \"%s\": got %s, llama.cpp %s", qPrintable(name), i, inputs[i].c_str(), qPrintable(g),
                         qPrintable(lines[qsizetype(i)]));
            }
        }
        qInfo("%s: %zu inputs, %d mismatches", qPrintable(name), inputs.size(), mismatches);
        QCOMPARE(mismatches, 0);
    }

    void llamaCppSentenceGoldens_data()
    {
        QTest::addColumn<QString>("vocabulary");
        QTest::newRow("nomic-bert-moe (XLM-R)") << "nomic-bert-moe";
        QTest::newRow("qwen2") << "qwen2";
    }
    void llamaCppSentenceGoldens()
    {
        QFETCH(QString, vocabulary);
        const QString data = QStringLiteral(GAUNTLET_SOURCE_DIR "/tests/data/llama_cpp/");
        if (!QFileInfo::exists(data + "tokenizer_ids_" + vocabulary + ".txt"))
            QSKIP("tests/data/llama_cpp holds no llama.cpp tokenizer goldens (scripts/llama-cpp-goldens.sh writes them)");
        const auto tokenizer = load("ggml-vocab-" + vocabulary + ".gguf");
        const QStringList sentences = QString::fromStdString(readText(data + "tokenizer_sentences.txt")).split('\n');
        const QStringList ids = QString::fromStdString(readText(data + "tokenizer_ids_" + vocabulary + ".txt")).split('\n');
        QVERIFY2(sentences.size() > 10000, qPrintable(data + "tokenizer_sentences.txt is missing or short"));
        QCOMPARE(ids.size(), sentences.size());
        int compared = 0, mismatches = 0;
        for (qsizetype i = 0; i < sentences.size(); ++i) {
            if (sentences[i].isEmpty() && i == sentences.size() - 1)
                break;  // the final newline
            std::vector<int> expected;
            for (const QString &id : ids[i].split(' ', Qt::SkipEmptyParts))
                expected.push_back(id.toInt());
            const std::vector<int> got = tokenizer->encode(sentences[i].toStdString());
            ++compared;
            if (got != expected && ++mismatches <= 10) {
                QString g;
                for (const int id : got)
                    g += QString::number(id) + ' ';
                qWarning("line %lld \"%s\": got %s, llama.cpp %s", (long long)i + 1, qPrintable(sentences[i]), qPrintable(g),
                         qPrintable(ids[i]));
            }
        }
        qInfo("%s: %d sentences, %d mismatches against llama.cpp", qPrintable(vocabulary), compared, mismatches);
        QVERIFY(compared >= 10000);
        QCOMPARE(mismatches, 0);
    }
};

GAUNTLET_TEST_MAIN(TestGgufVocabulary)
#include "tst_gguf_vocabulary.moc"
