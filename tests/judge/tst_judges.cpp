// The judges of engine/judge against the command-line tools of the same packages: link-parser
// (link-grammar's CLI) for complete parses and null counts, `hunspell -l` for misspelled words and
// the apertium CLI for the round trip. The vocabulary guard against Hunspell and the shipped
// present-day frequency table.
#include "engine/judge/grammar_judge.h"
#include "engine/judge/judge_error.h"
#include "engine/judge/judges.h"
#include "engine/judge/round_trip_judge.h"
#include "engine/judge/spelling_judge.h"
#include "engine/judge/vocabulary_guard.h"
#include "engine/metrics/chrf.h"

#include "tests/support/process_runner.h"
#include <QRegularExpression>
#include <QStandardPaths>
#include "tests/support/test_main.h"
#include <QTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using namespace gauntlet::judge;

namespace {

// Fixed sentences: seeds, ATO outputs quoted in issue 16 and random edits of them.
const QStringList kSentences{
    QStringLiteral("The committee will discuss the report next week."),
    QStringLiteral("The wheat was thou thou sir had a phone conversation with Turkish President Recep Tayyip Erdoğan."),
    QStringLiteral("He runs."),
    QStringLiteral("We now it 4-month-old dishonour that are non-diabetic that used to be diabetic, he remarked."),
    QStringLiteral("The announcement was made after Trump had a phone conversation with the Turkish president."),
    QStringLiteral("We will have whispered-mirth-old mice that are the-diabon was used to be diaba, he grin."),
    QStringLiteral("She gave him the book that he had asked for."),
    QStringLiteral("Cats the on sat mat the."),
};

QString run(const QString &program, const QStringList &args, const QByteArray &input)
{
    return QString::fromUtf8(gauntlet::testing::runProcess(program, args, 300000, gauntlet::testing::withInput(input)).out);
}

struct CliParse {
    int nullLinks = -1;
    bool complete = false;
    double disjunctCost = -1;  ///< DIS= of "Linkage 1, cost vector = (...)"
    QString words;             ///< the words line under linkage 1's diagram ("LEFT-WALL the company.s ..."), LEFT-WALL left out
};

}  // namespace

class TestJudges : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        for (const char *tool : {"link-parser", "hunspell", "apertium"}) {
            if (QStandardPaths::findExecutable(QString::fromLatin1(tool)).isEmpty())
                QFAIL(qPrintable(QStringLiteral("%1 is not installed (scripts/install.sh installs it)").arg(QLatin1String(tool))));
        }
    }

    void grammar_matchesLinkParser()
    {
        // link-parser with the judge's settings: spell guessing off, 100 linkages, 10 s.
        const QString out = run(QStringLiteral("link-parser"),
                                {QStringLiteral("en"), QStringLiteral("-spell=0"), QStringLiteral("-limit=100"), QStringLiteral("-timeout=10")},
                                kSentences.join(QLatin1Char('\n')).toUtf8() + '\n');
        // One "Found N linkages (M had no P.P. violations)[ at null count K]" line per sentence
        // ("M of 100 random linkages" when N exceeds the limit).
        static const QRegularExpression found(QStringLiteral(
            R"(^Found (\d+) linkages? \((\d+)(?: of \d+ random linkages?)? had no P\.P\. violations\)(?: at null count (\d+))?)"));
        static const QRegularExpression cost(QStringLiteral(R"((?:Linkage 1|Unique linkage), cost vector = \(UNUSED=\d+ DIS= *(-?[0-9.]+))"));
        std::vector<CliParse> expected;
        for (const QString &line : out.split(QLatin1Char('\n'))) {
            const QRegularExpressionMatch c = cost.match(line);
            if (c.hasMatch() && !expected.empty())
                expected.back().disjunctCost = c.captured(1).toDouble();
            if (line.startsWith(QLatin1String("LEFT-WALL ")) && !expected.empty() && expected.back().words.isEmpty())
                expected.back().words = line.trimmed().mid(10);
            const QRegularExpressionMatch m = found.match(line);
            if (!m.hasMatch())
                continue;
            CliParse p;
            p.nullLinks = m.captured(3).isEmpty() ? 0 : m.captured(3).toInt();
            p.complete = p.nullLinks == 0 && m.captured(2).toInt() > 0;
            expected.push_back(p);
        }
        QCOMPARE(int(expected.size()), kSentences.size());
        const auto judge = GrammarJudge::english();
        int complete = 0;
        for (int i = 0; i < kSentences.size(); ++i) {
            const GrammarVerdict v = judge->parse(kSentences[i].toStdString());
            const QString what = kSentences[i] + QStringLiteral(": null links %1 vs link-parser %2").arg(v.nullLinks).arg(expected[size_t(i)].nullLinks);
            QVERIFY2(!v.timedOut, qPrintable(what));
            QVERIFY2(v.nullLinks == expected[size_t(i)].nullLinks, qPrintable(what));
            QVERIFY2(v.complete == expected[size_t(i)].complete, qPrintable(what));
            // The CLI prints the cost with two decimals.
            QVERIFY2(std::abs(v.disjunctCost - expected[size_t(i)].disjunctCost) < 0.006,
                     qPrintable(what + QStringLiteral(", disjunct cost %1 vs %2").arg(v.disjunctCost).arg(expected[size_t(i)].disjunctCost)));
            QStringList words;
            for (const std::string &w : v.linkageWords)
                words << QString::fromStdString(w);
            // The CLI shows a guessed word's mark short: "Recep[!<CAPITALIZED-WORDS>]" as "Recep[!]".
            static const QRegularExpression guessRule(QStringLiteral(R"(\[!<[^>]*>\])"));
            QCOMPARE(words.join(QLatin1Char(' ')).replace(guessRule, QStringLiteral("[!]")), expected[size_t(i)].words);
            // The cost bound of the guard: at the best linkage's cost it passes, below it not.
            if (v.complete) {
                QVERIFY2(judge->parsesWithin(kSentences[i].toStdString(), 0, v.disjunctCost + 1e-9), qPrintable(what));
                if (v.disjunctCost > 0.01)
                    QVERIFY2(!judge->parsesWithin(kSentences[i].toStdString(), 0, v.disjunctCost - 0.01), qPrintable(what));
            }
            complete += v.complete ? 1 : 0;
            // The guard's cheaper check agrees with the minimal null count.
            QVERIFY2(judge->parsesWithin(kSentences[i].toStdString(), std::max(v.nullLinks, 0)) == (v.nullLinks > 0 || v.complete), qPrintable(what));
            if (v.nullLinks > 0)
                QVERIFY2(!judge->parsesWithin(kSentences[i].toStdString(), v.nullLinks - 1), qPrintable(what));
        }
        // The set holds both kinds (it would prove nothing otherwise).
        QVERIFY(complete >= 3);
        QVERIFY(complete <= kSentences.size() - 3);
    }

    void partOfSpeech_readsTheSubscript()
    {
        QCOMPARE(partOfSpeech("fell.v-d"), 'v');
        QCOMPARE(partOfSpeech("council.s"), 'n');
        QCOMPARE(partOfSpeech("profits.p"), 'n');
        QCOMPARE(partOfSpeech("drug.n"), 'n');
        QCOMPARE(partOfSpeech("new.a"), 'a');
        QCOMPARE(partOfSpeech("sharply.e"), 'e');
        QCOMPARE(partOfSpeech("the"), '\0');
        QCOMPARE(partOfSpeech("U.S."), '\0');
        QCOMPARE(partOfSpeech("Scientists[!]"), '?');
        QCOMPARE(partOfSpeech("[mat]"), '?');
        QCOMPARE(linkageWordText("fell.v-d"), std::string("fell"));
        QCOMPARE(linkageWordText("Scientists[!]"), std::string("Scientists"));
        QCOMPARE(linkageWordText("U.S."), std::string("U.S."));
        QCOMPARE(linkageWordText("the"), std::string("the"));
        QCOMPARE(linkageWordText("[that]"), std::string("that"));
    }

    void grammar_emptyText_hasNoParse()
    {
        const GrammarVerdict v = GrammarJudge::english()->parse("   ");
        QCOMPARE(v.nullLinks, -1);
        QVERIFY(!v.complete);
        QVERIFY(!GrammarJudge::english()->parsesWithin("", 3));
    }

    void grammar_controlCharacters_judgeTheWholeText()
    {
        // Issue 39: a NUL at the start crashed link-grammar (an empty C string); one inside cut the
        // text, so "The cat\0 sat on" was judged as "The cat". Controls read as spaces now.
        const auto judge = GrammarJudge::english();
        const std::string nulFirst("\0The cat sat on the mat.", 24);
        const std::string nulInside("The cat\0 sat on the mat.", 24);
        const GrammarVerdict spaced = judge->parse(" The cat sat on the mat.");
        QVERIFY(spaced.complete);
        const GrammarVerdict a = judge->parse(nulFirst);
        const GrammarVerdict b = judge->parse(nulInside);
        QCOMPARE(a.complete, spaced.complete);
        QCOMPARE(b.complete, judge->parse("The cat  sat on the mat.").complete);
        QCOMPARE(b.linkageWords.size(), judge->parse("The cat  sat on the mat.").linkageWords.size());
        QVERIFY(judge->parsesWithin(nulFirst, 0));
        QVERIFY(!judge->parse(std::string("\0\0", 2)).complete);
    }

    void spelling_matchesHunspellCli()
    {
        const QStringList texts{kSentences[1], kSentences[3], kSentences[5],
                                QStringLiteral("teh cat's whiskers don't twitch in london, ’tis 'tis said; colour and color."),
                                QStringLiteral("Naïve café owners met the Erdoğan délégation at 10:30.")};
        const auto judge = SpellingJudge::english();
        for (const QString &t : texts) {
            const QStringList cli = run(QStringLiteral("hunspell"), {QStringLiteral("-d"), QStringLiteral("en_US"), QStringLiteral("-l")},
                                        t.toUtf8() + '\n')
                                        .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
            QStringList ours;
            for (const std::string &w : judge->misspelled(t.toStdString()))
                ours << QString::fromStdString(w);
            QCOMPARE(ours, cli);
        }
    }

    void spelling_missingDictionary_namesTheFile()
    {
        try {
            SpellingJudge("/nonexistent/xx.aff", "/nonexistent/xx.dic");
            QFAIL("no error");
        } catch (const JudgeError &e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("/nonexistent/xx.aff")));
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("hunspell-en-us")));
        }
    }

    void vocabularyGuard_rejectsArchaicRareAndMisspelledWords()
    {
        const auto spelling = SpellingJudge::english();
        // Hunspell itself accepts the archaic forms: the list is what keeps them out.
        for (const char *w : {"thou", "thee", "hath", "sir"})
            QVERIFY2(spelling->spell(w), w);
        const std::unordered_map<std::string, double> zipf{{"the", 7.7}, {"thou", 5.6}, {"sir", 5.4}, {"report", 5.0}, {"color", 4.0}, {"colour", 4.0},
                                                           {"teh", 4.5}, {"london", 5.0}, {"wheat", 3.2}, {"a", 7.0}, {"x", 5.0}};
        const VocabularyGuard guard(zipf, *spelling, 3.5);
        QVERIFY(guard.allows("report"));
        QVERIFY(guard.allows("Report"));
        QVERIFY(guard.allows("color"));
        QVERIFY(!guard.allows("colour"));  // en_US
        QVERIFY(guard.allows("a"));
        QVERIFY(!guard.allows("x"));       // one letter
        QVERIFY(!guard.allows("thou"));    // archaic
        QVERIFY(!guard.allows("sir"));     // filler form of address
        QVERIFY(!guard.allows("teh"));     // Hunspell rejects it
        QVERIFY(!guard.allows("london"));  // a name, lower-cased
        QVERIFY(!guard.allows("wheat"));   // below the Zipf floor
        QVERIFY(!guard.allows("unknownword"));
        QCOMPARE(guard.size(), size_t(4));
        // Words of the seed are always allowed; new words must pass.
        QVERIFY(guard.passes("The wheat report.", "The wheat report report."));
        QVERIFY(!guard.passes("The wheat report.", "a wheat report."));  // the sentence lost its capital
        QVERIFY(guard.passes("\"The report,\" he said.", "\"A report,\" he said."));
        QVERIFY(guard.passes("4 reports.", "A report."));
        const std::vector<std::string> outside = guard.wordsOutside("The report.", "Thou the sir report, thou teh.");
        QCOMPARE(outside, (std::vector<std::string>{"thou", "sir", "teh"}));
    }

    void vocabularyGuard_shippedTable_keepsCommonWordsOnly()
    {
        const QString path = QStringLiteral(GAUNTLET_SOURCE_DIR "/resources/models/default/present_day_frequencies.tsv");
        std::ifstream in(path.toStdString());
        QVERIFY2(in, qPrintable(path));
        std::unordered_map<std::string, double> zipf;
        std::string line;
        std::getline(in, line);
        while (std::getline(in, line)) {
            if (line.empty() || line[0] == '#')
                continue;
            std::istringstream row(line);
            std::string word, count;
            double z = 0;
            row >> word >> count >> z;
            zipf[word] = z;
        }
        // Counted on present-day text, the archaic forms are far rarer than in the table of every
        // source (Shakespeare and 19th-century books included), though Tatoeba still has some.
        QVERIFY(zipf.count("thou") && zipf.count("the"));
        QVERIFY2(zipf.at("thou") < 5.0, "thou is as common as in Early Modern English drama");
        const VocabularyGuard guard(zipf, *SpellingJudge::english());
        for (const char *w : {"committee", "report", "week", "discuss", "government", "people", "because"})
            QVERIFY2(guard.allows(w), w);
        for (const char *w : {"thou", "thee", "hath", "sir", "doth"})
            QVERIFY2(!guard.allows(w), w);
        QVERIFY2(guard.size() > 5000 && guard.size() < 30000, qPrintable(QString::number(guard.size())));
    }

    void roundTrip_matchesApertiumCli()
    {
        // Each text as the CLI translates it alone: Apertium's tagger reads on across a line break, so
        // in a batch "The dog barks" followed by another line became "El perro ladra", alone "Los
        // ladridos de perro" (texts are kept apart by a blank line).
        const std::vector<std::string> texts{"The dog barks", "The committee will discuss the report next week.",
                                             "Erdoğan met the velve of London."};
        const std::vector<RoundTripVerdict> v = roundTrip(texts, RoundTripPair::of("eng-spa"));
        QCOMPARE(v.size(), texts.size());
        const gauntlet::metrics::Chrf chrf;
        for (size_t i = 0; i < texts.size(); ++i) {
            const QString marked = run(QStringLiteral("apertium"), {QStringLiteral("eng-spa")}, QByteArray::fromStdString(texts[i]) + '\n').trimmed();
            // The marks the CLI prints are the unknown words.
            QStringList expectedUnknown;
            static const QRegularExpression mark(QStringLiteral(R"((?:^|\s)[*@#]([^\s.,;:!?]+))"));
            for (auto it = mark.globalMatch(marked); it.hasNext();)
                expectedUnknown << it.next().captured(1);
            QStringList ours;
            for (const std::string &w : v[i].unknownWords)
                ours << QString::fromStdString(w);
            QCOMPARE(ours, expectedUnknown);
            QString clean = marked;
            clean.remove(QRegularExpression(QStringLiteral(R"((?<=^|\s)[*@#](?=\S))")));
            QCOMPARE(QString::fromStdString(v[i].translation), clean);
            const QString back = run(QStringLiteral("apertium"), {QStringLiteral("-u"), QStringLiteral("spa-eng")}, clean.toUtf8() + '\n').trimmed();
            QCOMPARE(QString::fromStdString(v[i].backTranslation), back);
            QCOMPARE(v[i].roundTripChrf, chrf.sentenceScore(back.toStdString(), {texts[i]}));
        }
        QVERIFY(v[1].unknownWords.empty());
        QVERIFY(!v[2].unknownWords.empty());
        QVERIFY(v[1].roundTripChrf > 50);
    }

    void roundTrip_missingPair_namesIt()
    {
        try {
            roundTrip({"x"}, RoundTripPair{"eng-xxx", "xxx-eng"});
            QFAIL("no error");
        } catch (const JudgeError &e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("eng-xxx")));
        }
    }

    void judges_reportRoundTripsThroughJson()
    {
        Judges judges;
        QVERIFY2(judges.unavailable().empty(), judges.unavailable().empty() ? "" : judges.unavailable().front().c_str());
        const std::vector<JudgeReport> r = judges.judge({kSentences[0].toStdString(), kSentences[1].toStdString()});
        QCOMPARE(r.size(), size_t(2));
        QVERIFY(r[0].grammar && r[0].grammar->complete);
        QVERIFY(r[1].grammar && !r[1].grammar->complete);
        QVERIFY(std::find(r[1].misspelled->begin(), r[1].misspelled->end(), "Erdo\xc4\x9f" "an") != r[1].misspelled->end());
        QVERIFY(r[0].misspelled->empty());
        QCOMPARE(r[0].mt.size(), size_t(1));
        const nlohmann::json j = toJson(r[1]);
        const JudgeReport back = judgeReportFromJson(j);
        QCOMPARE(toJson(back).dump(), j.dump());
        QCOMPARE(j.at("grammar").at("null_links").get<int>(), r[1].grammar->nullLinks);
    }
};

GAUNTLET_TEST_MAIN(TestJudges)
#include "tst_judges.moc"
