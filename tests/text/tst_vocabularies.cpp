// The search's vocabularies: whole-word and subword vocabularies checked against spm_encode's
// tokenization of every listed word, the ASCII vocabulary of the real Qwen tokenizer against a count
// computed independently in Python from its tokenizer.json, the word list reader against the word
// list's published size, and the cache.
#include "engine/text/unigram_tokenizer.h"
#include "engine/text/vocabularies.h"

#include "tokenizer_test_support.h"

#include "tests/support/test_main.h"
#include <QtTest>

#include <set>

using namespace gauntlet::text;
using namespace tokenizer_test;

class TestVocabularies : public QObject {
    Q_OBJECT

private:
    QString m_model;
    std::vector<std::string> m_words;

    QString wordList() const { return sharedData(QStringLiteral("wordlist/words_alpha.zip")); }

private Q_SLOTS:
    void initTestCase()
    {
        if (!haveTool("spm_train") || !haveTool("spm_encode"))
            QSKIP("spm_train / spm_encode not installed (Debian package sentencepiece)");
        m_model = xlmrStyleModel();
        m_words = readWordList(wordList());
    }

    void readWordList_readsZip()
    {
        // wordlist/README.md: 370,099 lowercase English words (CRLF lines).
        QCOMPARE(m_words.size(), std::size_t(370099));
        QCOMPARE(m_words.front(), std::string("a"));
        QVERIFY(std::all_of(m_words.begin(), m_words.end(), [](const std::string &w) { return w.find('\r') == std::string::npos; }));
        QVERIFY_THROWS_EXCEPTION(TokenizerError, readWordList(QStringLiteral("/nonexistent/words.zip")));
        QTemporaryDir tmp;
        QFile bad(tmp.filePath(QStringLiteral("bad.zip")));
        QVERIFY(bad.open(QIODevice::WriteOnly));
        bad.write("PK\x03\x04 not really a zip");
        bad.close();
        QVERIFY_THROWS_EXCEPTION(TokenizerError, readWordList(bad.fileName()));
    }

    // Reference: spm_encode over every word. Whole words = words spm_encode turns into one piece that
    // starts with U+2581; subwords = every id spm_encode uses.
    void wordVocabularies_matchSpmEncode()
    {
        const auto tok = UnigramTokenizer::fromModelFile(m_model, IdLayout::XlmR);
        const auto pieces = spmEncode(m_model, m_words, QStringLiteral("piece"));
        const auto ids = spmEncode(m_model, m_words, QStringLiteral("id"));
        std::set<int> whole, sub;
        for (std::size_t i = 0; i < m_words.size(); ++i) {
            const QList<QByteArray> idList = QByteArray::fromStdString(ids[i]).split(' ');
            std::vector<int> xlmr;
            for (const QByteArray &t : idList)
                xlmr.push_back(t.toInt() == 0 ? 3 : t.toInt() + 1);
            if (idList.size() == 1 && pieces[i].rfind("\xe2\x96\x81", 0) == 0)
                whole.insert(xlmr[0]);
            for (const int id : xlmr) {
                if (id != 3)
                    sub.insert(id);
            }
        }
        const auto ourWhole = wholeWordVocabulary(*tok, m_words);
        const auto ourSub = subwordVocabulary(*tok, m_words);
        QCOMPARE(ourWhole, std::vector<int>(whole.begin(), whole.end()));
        QCOMPARE(ourSub, std::vector<int>(sub.begin(), sub.end()));
        qInfo("XLM-R-style 4,000-piece test model: whole-word vocabulary %d, subword vocabulary %d, ASCII %d",
              int(ourWhole.size()), int(ourSub.size()), int(asciiVocabulary(*tok).size()));
    }

    void asciiVocabulary_ofQwen()
    {
        QString why;
        const QString json = qwenTokenizerJson(&why);
        if (json.isEmpty())
            QSKIP(qPrintable(QStringLiteral("Qwen tokenizer.json unavailable: ") + why));
        const auto tok = loadTokenizer(json);
        // Computed in Python from the same tokenizer.json: map each vocab token through GPT-2's
        // bytes_to_unicode inverse and keep tokens whose bytes are all in
        // string.ascii_letters + string.digits + ' ' + string.punctuation -> 90,913 (added tokens excluded).
        const auto ascii = asciiVocabulary(*tok);
        QCOMPARE(int(ascii.size()), 90913);
        QVERIFY(std::is_sorted(ascii.begin(), ascii.end()));
        const auto words = wholeWordVocabulary(*tok, m_words);
        qInfo("Qwen: ASCII vocabulary %d (paper: about 87,221), whole-word vocabulary %d, subword vocabulary %d",
              int(ascii.size()), int(words.size()), int(subwordVocabulary(*tok, m_words).size()));
    }

    void loadOrBuild_readsCacheSecondTime()
    {
        QTemporaryDir cache;
        QTemporaryDir tmp;
        // A short word list keeps this quick.
        const QString list = tmp.filePath(QStringLiteral("words.txt"));
        QFile f(list);
        QVERIFY(f.open(QIODevice::WriteOnly));
        for (std::size_t i = 0; i < m_words.size(); i += 100)
            f.write(QByteArray::fromStdString(m_words[i]) + "\r\n");
        f.close();
        bool fromCache = true;
        const auto first = loadOrBuildVocabularies(m_model, LoadOptions{true}, list, cache.path(), &fromCache);
        QVERIFY(!fromCache);
        const auto second = loadOrBuildVocabularies(m_model, LoadOptions{true}, list, cache.path(), &fromCache);
        QVERIFY(fromCache);
        QCOMPARE(second.wholeWords, first.wholeWords);
        QCOMPARE(second.subwords, first.subwords);
        QCOMPARE(second.ascii, first.ascii);
        // Another id layout is another cache entry.
        loadOrBuildVocabularies(m_model, LoadOptions{false}, list, cache.path(), &fromCache);
        QVERIFY(!fromCache);
        QCOMPARE(QDir(cache.path()).entryList(QDir::Files).size(), qsizetype(2));
    }
};

GAUNTLET_TEST_MAIN(TestVocabularies)
#include "tst_vocabularies.moc"
