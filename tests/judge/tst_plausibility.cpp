// Issue 31's knowledge of English against independent references:
//  - judge::TrigramModel against Debian's Python binding of the same library (python3-sphinxbase,
//    NGramModel.prob) on fixed sentences, term by term and per sentence;
//  - judge::SubstituteLexicon against WordNet's own command-line tool (`wn WORD -synsn`,
//    `-coorn`, `-simsa`): every relative it proposes is one `wn` lists for the word;
//  - the vocabulary guard's words are Unicode words (issue 31 item 4).
#include "engine/judge/judge_error.h"
#include "engine/judge/pronunciations.h"
#include "engine/judge/word_vectors.h"
#include "engine/judge/spelling_judge.h"
#include "engine/judge/substitute_lexicon.h"
#include "engine/judge/trigram_model.h"
#include "engine/judge/vocabulary_guard.h"

#include <QDir>
#include <QFile>
#include "tests/support/process_runner.h"
#include <QTemporaryDir>
#include <QRegularExpression>
#include <QStandardPaths>
#include "tests/support/test_files.h"
#include "tests/support/test_main.h"
#include <QTest>

#include <cmath>
#include <set>

using namespace gauntlet::judge;

namespace {

// Seeds, ATO outputs quoted in issue 31, and word salad.
const std::vector<std::string> kSentences{
    "The city council approved a new budget on Tuesday that raises spending on public transport by twelve percent.",
    "Heavy rain gained the closure of several dreams roads, and officials warned drivers to avoid travel until the salad.",
    "The cow will bid the son with dear farmers next week.",
    "Previously, Ring's CEO, Jamie Siminoff, remarked that the doorbell was audible from his shop in his garage.",
    "the on sat mat cat the",
    "He runs.",
};

QString run(const QString &program, const QStringList &args)
{
    const gauntlet::testing::ProcessResult p = gauntlet::testing::runProcess(program, args, 120000);
    return p.finished ? QString::fromUtf8(p.out) : QString();
}

}  // namespace

class TestPlausibility : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        if (QStandardPaths::findExecutable(QStringLiteral("wn")).isEmpty())
            QFAIL("wn (WordNet's CLI, package wordnet) is not installed (scripts/install.sh installs it)");
    }

    void trigram_matchesPythonSphinxbase()
    {
        const auto lm = TrigramModel::english();
        // The reference: python3-sphinxbase's NGramModel.prob([w, h1, h2]) (log base 1.0001), for
        // each word with its two predecessors after <s>, then </s>; words the model lacks are skipped
        // on both sides (the reference gives the closed vocabulary's zero for them).
        QString script = QStringLiteral(
            "import sys\nfrom sphinxbase import sphinxbase\nimport math\n"
            "lm = sphinxbase.NGramModel('%1')\nK = math.log(1.0001) / math.log(10)\n"
            "for line in sys.stdin:\n"
            "    ws = ['<s>'] + line.split() + ['</s>']\n"
            "    print(' '.join('%.9f' % (lm.prob([ws[j]] + ws[max(0, j - 2):j][::-1]) * K) for j in range(1, len(ws))))\n")
                             .arg(QString::fromStdString(TrigramModel::defaultPath()));
        std::vector<std::vector<int>> ids;
        QByteArray input;
        for (const std::string &s : kSentences) {
            std::vector<std::string> words;
            for (const std::string &w : TrigramModel::words(s))
                if (lm->knows(w))
                    words.push_back(w);
            ids.push_back(lm->wordIds(words));
            for (const std::string &w : words)
                input += QByteArray::fromStdString(w) + ' ';
            input += '\n';
        }
        const gauntlet::testing::ProcessResult p =
            gauntlet::testing::runProcess(QStringLiteral("/usr/bin/python3"), {QStringLiteral("-c"), script}, 60000, gauntlet::testing::withInput(input));
        QVERIFY(p.finished);
        const QStringList lines = QString::fromUtf8(p.out).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY2(lines.size() == int(kSentences.size()), qPrintable(QString::fromUtf8(p.err)));
        for (size_t i = 0; i < kSentences.size(); ++i) {
            const QStringList expected = lines[int(i)].split(QLatin1Char(' '));
            QCOMPARE(expected.size(), int(ids[i].size()) + 1);
            double sum = 0;
            for (size_t j = 0; j <= ids[i].size(); ++j) {
                const int w = j < ids[i].size() ? ids[i][j] : lm->sentenceEnd();
                const int h1 = j >= 1 ? ids[i][j - 1] : lm->sentenceStart();
                const int h2 = j >= 2 ? ids[i][j - 2] : j == 1 ? lm->sentenceStart() : -1;
                const double actual = lm->logProb(w, h1, h2);
                const double want = expected[int(j)].toDouble();
                if (std::abs(actual - want) > 1e-6)
                    QFAIL(qPrintable(QStringLiteral("sentence %1 term %2: expected %3, got %4").arg(i).arg(j).arg(want).arg(actual)));
                sum += want;
            }
            QVERIFY(std::abs(lm->sentenceLogProb(ids[i]) - sum) < 1e-5);
        }
    }

    void trigram_readsWordsAndRanksSaladBelowSeeds()
    {
        const auto lm = TrigramModel::english();
        QCOMPARE(TrigramModel::words("Previously, Ring's CEO (Jamie) -- said \"2020\"."),
                 (std::vector<std::string>{"previously", "ring's", "ceo", "jamie", "said", "2020"}));
        QCOMPARE(TrigramModel::words("Zürich ÉTÉ"), (std::vector<std::string>{"zürich", "été"}));
        QVERIFY(lm->knows("garage"));
        QVERIFY(!lm->knows("zzqxv"));
        QCOMPARE(lm->logProb(-1, lm->sentenceStart(), -1), TrigramModel::unknownLogProb);
        // The word salad is far less probable than the seed it came from.
        QVERIFY(lm->textLogProb(kSentences[1]) < lm->textLogProb(
                    "Heavy rain forced the closure of several mountain roads, and officials warned drivers to avoid travel until the weekend.")
                                                     - 5);
        QVERIFY(lm->textLogProb("the cat sat on the mat") > lm->textLogProb(kSentences[4]) + 3);
        // windowLogProb is the part of sentenceLogProb a word takes part in.
        const std::vector<int> a = lm->wordIds(TrigramModel::words("the cat sat on the mat"));
        std::vector<int> b = a;
        b[1] = lm->wordId("dog");
        QVERIFY(std::abs((lm->sentenceLogProb(a) - lm->windowLogProb(a, 1)) - (lm->sentenceLogProb(b) - lm->windowLogProb(b, 1))) < 1e-9);
    }

    void trigram_missingFile_namesItAndThePackage()
    {
        try {
            TrigramModel model("/nonexistent/en-us.lm.bin");
            QFAIL("no error");
        } catch (const JudgeError &e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("/nonexistent/en-us.lm.bin")));
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("pocketsphinx-en-us")));
        }
        const QString garbage = QDir::temp().filePath(QStringLiteral("gauntlet-not-an-lm.bin"));
        QVERIFY(gauntlet::testing::writeFile(garbage, "this is not a language model\n"));
        QVERIFY_THROWS_EXCEPTION(JudgeError, TrigramModel(garbage.toStdString()));
        QFile::remove(garbage);
    }

    void lexicon_relativesAreListedByWordnetCli_data()
    {
        QTest::addColumn<QString>("word");
        QTest::addColumn<QString>("base");
        QTest::addColumn<QString>("expectedSome");
        QTest::newRow("Tuesday") << "tuesday" << "tuesday" << "wednesday";
        QTest::newRow("roads (plural)") << "roads" << "road" << "paths";
        QTest::newRow("twelve") << "twelve" << "twelve" << "eleven";
        QTest::newRow("fell (irregular past)") << "fell" << "fall" << "rose";
    }

    void lexicon_relativesAreListedByWordnetCli()
    {
        QFETCH(QString, word);
        QFETCH(QString, base);
        QFETCH(QString, expectedSome);
        const std::vector<std::string> pool{"wednesday", "friday", "path", "lanes", "paths", "eleven", "fifteen", "rose",
                                            "rises",     "risen",  "rising",  "dog",    "banana", "apple"};
        const SubstituteLexicon lexicon(pool);
        const std::vector<std::string> subs = lexicon.substitutes(word.toStdString());
        QVERIFY2(std::find(subs.begin(), subs.end(), expectedSome.toStdString()) != subs.end(), qPrintable(word));
        // Everything proposed is a relative WordNet's own CLI lists for the base form: synonyms,
        // sister terms, hypernyms, hyponyms (nouns and verbs), similar adjectives and antonyms.
        QString listing;
        for (const char *option : {"-synsn", "-synsv", "-synsa", "-coorn", "-coorv", "-hypon", "-hypov", "-antsv", "-antsa", "-treen", "-simsv"})
            listing += run(QStringLiteral("wn"), {base, QString::fromLatin1(option)});
        QVERIFY(!listing.isEmpty());
        for (const std::string &s : subs) {
            // The listed lemma of an inflected form: "paths" -> "path", "rose" -> "rise".
            const QString shown = QString::fromStdString(s);
            bool found = false;
            for (const QString &form : {shown, shown.chopped(1), QStringLiteral("rise")}) {
                if (listing.contains(QRegularExpression(QStringLiteral("\\b%1\\b").arg(form), QRegularExpression::CaseInsensitiveOption)))
                    found = true;
            }
            QVERIFY2(found, qPrintable(QStringLiteral("%1 -> %2 is not a relative wn lists").arg(word, shown)));
        }
        // Inflection is kept: a plural seed word gets plural relatives only.
        if (word == QLatin1String("roads"))
            QVERIFY(std::find(subs.begin(), subs.end(), std::string("path")) == subs.end());
        // Unrelated pool words never come back.
        QVERIFY(std::find(subs.begin(), subs.end(), std::string("banana")) == subs.end());
    }

    void lexicon_functionWordsNamesAndUnknownWords_haveNoRelatives()
    {
        const SubstituteLexicon lexicon(std::vector<std::string>{"a", "an", "the", "dog", "cat"});
        QVERIFY(SubstituteLexicon::isStopword("the"));
        QVERIFY(SubstituteLexicon::isStopword("would"));
        QVERIFY(!SubstituteLexicon::isStopword("garage"));
        QVERIFY(lexicon.substitutes("zzqxv").empty());
        QVERIFY(lexicon.substitutes("llïa").empty());
        QVERIFY(lexicon.substitutes("").empty());
    }

    void wordVectors_readWord2vecTextAndRefuseBadFilesByName_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("error");  // empty: the file is fine
        QTest::newRow("fine") << QByteArray("3 2\nking 1 0\nqueen 0.8 0.6\nzero 0 0\n") << QString();
        QTest::newRow("empty") << QByteArray() << QStringLiteral("line 1");
        QTest::newRow("bad header") << QByteArray("two 2\nking 1 0\n") << QStringLiteral("line 1");
        QTest::newRow("too few values") << QByteArray("1 3\nking 1 0\n") << QStringLiteral("line 2");
        QTest::newRow("too many values") << QByteArray("1 2\nking 1 0 5\n") << QStringLiteral("line 2");
        QTest::newRow("not a number") << QByteArray("1 2\nking 1 x\n") << QStringLiteral("line 2");
        QTest::newRow("infinite") << QByteArray("1 2\nking 1 inf\n") << QStringLiteral("line 2");
        QTest::newRow("no vector") << QByteArray("0 2\n") << QStringLiteral("no vector");
    }

    void wordVectors_readWord2vecTextAndRefuseBadFilesByName()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, error);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("vectors.vec"));
        QVERIFY(gauntlet::testing::writeFile(path, content));
        if (error.isEmpty()) {
            const WordVectors v(path.toStdString());
            QCOMPARE(v.dimension(), 2);
            QCOMPARE(v.size(), size_t(2));  // a zero vector has no direction and is left out
            QVERIFY(std::abs(v.cosine("king", "queen") - 0.8) < 1e-6);  // (1,0).(0.8,0.6) / 1
            QVERIFY(std::isnan(v.cosine("king", "zero")));
            const std::vector<float> c = v.centroid({"king", "queen", "nobody"});
            QVERIFY(std::abs(v.cosine("king", c) - std::cos(std::atan2(0.6, 1.8))) < 1e-6);  // the unit mean of (1,0) and (0.8,0.6)
            return;
        }
        try {
            WordVectors v(path.toStdString());
            QFAIL("no error");
        } catch (const JudgeError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(path), e.what());
            QVERIFY2(QString::fromUtf8(e.what()).contains(error), e.what());
        }
        QVERIFY_THROWS_EXCEPTION(JudgeError, WordVectors("/nonexistent/vectors.vec"));
    }

    void pronunciations_matchCmudictAndNameAMissingFile()
    {
        const auto p = Pronunciations::english();
        // Read off cmudict-en-us.dict by hand: "hour AW ER", "honest AA N AH S T", "unit Y UW N AH T", "day D EY".
        QCOMPARE(p->startsWithVowel("hour"), std::optional<bool>(true));
        QCOMPARE(p->startsWithVowel("honest"), std::optional<bool>(true));
        QCOMPARE(p->startsWithVowel("unit"), std::optional<bool>(false));
        QCOMPARE(p->startsWithVowel("day"), std::optional<bool>(false));
        QCOMPARE(p->startsWithVowel("zzqxv"), std::optional<bool>());
        try {
            Pronunciations missing("/nonexistent/cmudict.dict");
            QFAIL("no error");
        } catch (const JudgeError &e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("/nonexistent/cmudict.dict")));
        }
    }

    void vocabularyGuard_wordsAreUnicodeWords()
    {
        // Issue 31: "llïa" passed as "ll" + "a", "Zülooking" as "z" + "looking".
        QCOMPARE(VocabularyGuard::words("llïa"), std::vector<std::string>{"llïa"});
        QCOMPARE(VocabularyGuard::words("Zülooking, the cat"), (std::vector<std::string>{"zülooking", "the", "cat"}));
        QCOMPARE(VocabularyGuard::words("Erdoğan's 3 cats"), (std::vector<std::string>{"erdoğan", "s", "cats"}));
        const auto spelling = SpellingJudge::english();
        const VocabularyGuard guard({{"a", 7.0}, {"looking", 5.0}, {"the", 7.5}, {"cat", 5.0}}, *spelling);
        QVERIFY(guard.passes("the cat", "the a"));
        QVERIFY(!guard.passes("the cat", "the llïa"));
        QVERIFY(!guard.passes("The cat", "Zülooking cat"));
        QCOMPARE(guard.wordsOutside("the cat", "the llïa"), std::vector<std::string>{"llïa"});
    }
};

GAUNTLET_TEST_MAIN(TestPlausibility)
#include "tst_plausibility.moc"
