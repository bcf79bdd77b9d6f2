// Taxonomy JSON import/export, validation errors, the matchers on tricky text (placeholders,
// tags, non-breaking spaces, CJK numbers) and the bundled taxonomies.
#include "engine/sampling/sampling_error.h"
#include "engine/sampling/taxonomy.h"

#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet::sampling;

namespace {

QStringList matchedPaths(const Taxonomy &taxonomy, const QString &source, const QString &target = {})
{
    const TaxonomyMatcher matcher(taxonomy);
    QStringList paths;
    for (int c : matcher.match(source, target))
        paths.append(taxonomy.categories[c].path);
    return paths;
}

Taxonomy tinyTaxonomy()
{
    Taxonomy t;
    t.name = QStringLiteral("tiny");
    TaxonomyCategory printf;
    printf.path = QStringLiteral("placeholders/printf");
    printf.kind = CategoryKind::Deterministic;
    printf.matchers = {{MatchField::Source, QStringLiteral("%(\\d+\\$)?[sd]"), QString()}};
    TaxonomyCategory kept;
    kept.path = QStringLiteral("placeholders/kept");
    kept.kind = CategoryKind::Deterministic;
    kept.matchers = {{MatchField::Both, QStringLiteral("\\{\\d+\\}"), QString()}};
    TaxonomyCategory word;
    word.path = QStringLiteral("brands/firefox");
    word.kind = CategoryKind::Deterministic;
    word.requireAll = true;
    word.matchers = {{MatchField::Source, QStringLiteral("firefox"), QStringLiteral("i")},
                     {MatchField::Target, QStringLiteral("Firefox"), QString()}};
    TaxonomyCategory tone;
    tone.path = QStringLiteral("register/tone");
    tone.kind = CategoryKind::Semantic;
    tone.examples = {QStringLiteral("Hey there!")};
    t.categories = {printf, kept, word, tone};
    return t;
}

}  // namespace

class TestTaxonomy : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void json_roundTripsEveryField()
    {
        const Taxonomy t = tinyTaxonomy();
        const Taxonomy back = parseTaxonomyJson(taxonomyToJson(t), QStringLiteral("mem.json"));
        QCOMPARE(back.name, t.name);
        QCOMPARE(back.paths(), t.paths());
        QCOMPARE(back.categories[2].requireAll, true);
        QCOMPARE(back.categories[2].matchers[1].field, MatchField::Target);
        QCOMPARE(back.categories[2].matchers[0].flags, QStringLiteral("i"));
        QCOMPARE(back.categories[3].kind, CategoryKind::Semantic);
        QCOMPARE(back.categories[3].examples, QStringList{QStringLiteral("Hey there!")});
        QCOMPARE(back.treePaths(), (QStringList{QStringLiteral("brands"), QStringLiteral("brands/firefox"), QStringLiteral("placeholders"),
                                                QStringLiteral("placeholders/kept"), QStringLiteral("placeholders/printf"),
                                                QStringLiteral("register"), QStringLiteral("register/tone")}));
    }

    void json_badInput_throwsNamingTheFile_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        const QByteArray head = "{\"format\":\"gauntlet-taxonomy\",\"version\":1,\"name\":\"x\",\"categories\":";
        QTest::newRow("empty") << QByteArray() << QStringLiteral("the file is empty (expected a coverage taxonomy");  // issue 33: said "illegal value"
        QTest::newRow("utf-16") << QByteArray("\xFF\xFE{\0\"\0f\0\"\0", 10) << QStringLiteral("UTF-16 text (little-endian), not UTF-8: save it as UTF-8");
        QTest::newRow("truncated") << QByteArray(head + "[{\"path\":\"a\"") << QStringLiteral("malformed JSON");
        QTest::newRow("not utf-8") << QByteArray(head + "[{\"path\":\"\xff\",\"kind\":\"semantic\"}]}") << QStringLiteral("not valid UTF-8");
        QTest::newRow("wrong format") << QByteArray("{\"format\":\"other\"}") << QStringLiteral("\"format\"");
        QTest::newRow("no categories") << QByteArray(head + "[]}") << QStringLiteral("has no categories");
        QTest::newRow("bad kind") << QByteArray(head + "[{\"path\":\"a\",\"kind\":\"fuzzy\"}]}") << QStringLiteral("\"kind\"");
        QTest::newRow("duplicate") << QByteArray(head + "[{\"path\":\"a\",\"kind\":\"semantic\"},{\"path\":\"a\",\"kind\":\"semantic\"}]}")
                                   << QStringLiteral("duplicate path");
        QTest::newRow("bad regex") << QByteArray(head + "[{\"path\":\"a\",\"kind\":\"deterministic\",\"matchers\":[{\"pattern\":\"(\"}]}]}")
                                   << QStringLiteral("invalid regular expression");
        QTest::newRow("bad flag") << QByteArray(head + "[{\"path\":\"a\",\"kind\":\"deterministic\",\"matchers\":[{\"pattern\":\"a\",\"flags\":\"q\"}]}]}")
                                  << QStringLiteral("unknown matcher flag");
        QTest::newRow("no matchers") << QByteArray(head + "[{\"path\":\"a\",\"kind\":\"deterministic\"}]}") << QStringLiteral("at least one matcher");
        QTest::newRow("empty element") << QByteArray(head + "[{\"path\":\"a//b\",\"kind\":\"semantic\"}]}") << QStringLiteral("empty path element");
        // Issue 23: a line and a column, not a byte offset, and LTB's published tag file is pointed
        // to the bundled taxonomy built from it.
        QTest::newRow("line and column") << QByteArray("{\n  \"format\": \"gauntlet-taxonomy\",\n  \"version\": 1,\n}\n")
                                         << QStringLiteral("at line 4, column ");
        QTest::newRow("LTB's tag file")
            << QByteArray("{\n  \"polysemy\": \"main_tags/linguistic knowledge/sense-related/polysemy\",\n}\n")
            << QStringLiteral("--bundled ltb-difficulty");
    }
    void json_badInput_throwsNamingTheFile()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        try {
            parseTaxonomyJson(bytes, QStringLiteral("bad.json"));
            QFAIL("no error");
        } catch (const SamplingError &e) {
            const QString message = QString::fromStdString(e.what());
            QVERIFY2(message.startsWith(QStringLiteral("bad.json")), qPrintable(message));
            QVERIFY2(message.contains(expected), qPrintable(message));
        }
    }

    void matcher_fieldsAndCombination()
    {
        const Taxonomy t = tinyTaxonomy();
        QCOMPARE(matchedPaths(t, QStringLiteral("Delete %s?"), QStringLiteral("%s löschen?")), QStringList{QStringLiteral("placeholders/printf")});
        QCOMPARE(matchedPaths(t, QStringLiteral("Page %1$d")), QStringList{QStringLiteral("placeholders/printf")});
        // "both": the placeholder must be in source and target.
        QCOMPARE(matchedPaths(t, QStringLiteral("Open {0}"), QStringLiteral("{0} öffnen")), QStringList{QStringLiteral("placeholders/kept")});
        QCOMPARE(matchedPaths(t, QStringLiteral("Open {0}"), QStringLiteral("öffnen")), QStringList());
        QCOMPARE(matchedPaths(t, QStringLiteral("Open {0}")), QStringList());
        // "all": case-insensitive source and case-sensitive target.
        QCOMPARE(matchedPaths(t, QStringLiteral("get FIREFOX"), QStringLiteral("Firefox holen")), QStringList{QStringLiteral("brands/firefox")});
        QCOMPARE(matchedPaths(t, QStringLiteral("get FIREFOX"), QStringLiteral("firefox holen")), QStringList());
    }

    void bundledLocalization_matchesTrickyText_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("category");
        QTest::addColumn<bool>("expected");
        QTest::newRow("printf %s") << QStringLiteral("Delete %s?") << QString() << QStringLiteral("markup/placeholders/printf") << true;
        QTest::newRow("printf positional") << QStringLiteral("%1$s of %2$s") << QString() << QStringLiteral("markup/placeholders/printf") << true;
        QTest::newRow("percent is not printf") << QStringLiteral("50% off") << QString() << QStringLiteral("markup/placeholders/printf") << false;
        QTest::newRow("brace {0}") << QStringLiteral("Click {0} to continue") << QString() << QStringLiteral("markup/placeholders/braces") << true;
        QTest::newRow("fluent { $count }") << QStringLiteral("{ $count } tabs") << QString() << QStringLiteral("markup/placeholders/braces") << true;
        QTest::newRow("braces in target only") << QStringLiteral("Open it") << QStringLiteral("{0} öffnen") << QStringLiteral("markup/placeholders/braces") << true;
        QTest::newRow("entity") << QStringLiteral("Restart &brandShortName; now") << QString() << QStringLiteral("markup/placeholders/variables") << true;
        QTest::newRow("tag") << QStringLiteral("Read the <a href=\"x\">terms</a>") << QString() << QStringLiteral("markup/tags") << true;
        QTest::newRow("self-closing tag") << QStringLiteral("line<br/>break") << QString() << QStringLiteral("markup/tags") << true;
        QTest::newRow("less-than is not a tag") << QStringLiteral("if a < b and c > d") << QString() << QStringLiteral("markup/tags") << false;
        QTest::newRow("nbsp") << QStringLiteral("10\u00a0km") << QString() << QStringLiteral("whitespace/non-breaking-and-narrow") << true;
        QTest::newRow("narrow nbsp in target") << QStringLiteral("Really?") << QStringLiteral("Vraiment\u202f?") << QStringLiteral("whitespace/non-breaking-and-narrow") << true;
        QTest::newRow("plain space") << QStringLiteral("10 km") << QString() << QStringLiteral("whitespace/non-breaking-and-narrow") << false;
        QTest::newRow("nbsp grouping") << QStringLiteral("1\u00a0234 items") << QString() << QStringLiteral("numbers/grouped-or-decimal") << true;
        QTest::newRow("cjk numeral") << QStringLiteral("三月に") << QString() << QStringLiteral("numbers/cjk-numerals") << true;
        QTest::newRow("full-width digits") << QStringLiteral("２０２４") << QString() << QStringLiteral("numbers/cjk-numerals") << true;
        QTest::newRow("full-width digits are digits") << QStringLiteral("２０２４") << QString() << QStringLiteral("numbers/digits") << true;
        QTest::newRow("ascii digits are not cjk") << QStringLiteral("2024") << QString() << QStringLiteral("numbers/cjk-numerals") << false;
        QTest::newRow("date") << QStringLiteral("Due 12/31/99.") << QString() << QStringLiteral("dates/numeric") << true;
        QTest::newRow("month") << QStringLiteral("on December 31, 1999") << QString() << QStringLiteral("dates/month-names") << true;
        QTest::newRow("may as verb") << QStringLiteral("You may go") << QString() << QStringLiteral("dates/month-names") << false;
        QTest::newRow("time") << QStringLiteral("at 5:30 p.m.") << QString() << QStringLiteral("time/clock") << true;
        QTest::newRow("currency") << QStringLiteral("It costs $5.") << QString() << QStringLiteral("currency") << true;
        QTest::newRow("euro after") << QStringLiteral("10 € only") << QString() << QStringLiteral("currency") << true;
        QTest::newRow("units") << QStringLiteral("a 5 km run") << QString() << QStringLiteral("units/measurement") << true;
        QTest::newRow("curly quotes") << QStringLiteral("He said \u201chi\u201d") << QString() << QStringLiteral("punctuation/quotation-marks") << true;
        QTest::newRow("apostrophe is not a quote") << QStringLiteral("don't") << QString() << QStringLiteral("punctuation/quotation-marks") << false;
        QTest::newRow("apostrophe") << QStringLiteral("don\u2019t") << QString() << QStringLiteral("punctuation/apostrophes") << true;
        QTest::newRow("shortcut") << QStringLiteral("Press Ctrl+C to copy") << QString() << QStringLiteral("keyboard-shortcuts") << true;
        QTest::newRow("brand") << QStringLiteral("Open Firefox") << QString() << QStringLiteral("brands/mozilla-products") << true;
        QTest::newRow("brand word inside") << QStringLiteral("firefoxes") << QString() << QStringLiteral("brands/mozilla-products") << false;
        QTest::newRow("you") << QStringLiteral("Do you want this?") << QString() << QStringLiteral("register/second-person-address") << true;
        QTest::newRow("honorific") << QStringLiteral("Ask Dr. Smith") << QString() << QStringLiteral("register/honorifics-and-titles") << true;
        QTest::newRow("url") << QStringLiteral("see https://mozilla.org/x") << QString() << QStringLiteral("urls-and-emails") << true;
    }
    void bundledLocalization_matchesTrickyText()
    {
        QFETCH(QString, source);
        QFETCH(QString, target);
        QFETCH(QString, category);
        QFETCH(bool, expected);
        const Taxonomy t = bundledTaxonomy(QStringLiteral("mozilla-localization"));
        QVERIFY2(t.indexOf(category) >= 0, qPrintable(category));
        const QStringList paths = matchedPaths(t, source, target);
        QVERIFY2(paths.contains(category) == expected, qPrintable(paths.join(QStringLiteral(", "))));
    }

    void bundled_bothLoadAndRoundTrip()
    {
        for (const QString &name : bundledTaxonomyNames()) {
            const Taxonomy t = bundledTaxonomy(name);
            QCOMPARE(t.name, name);
            QVERIFY(!t.categories.isEmpty());
            const Taxonomy back = parseTaxonomyJson(taxonomyToJson(t), name);
            QCOMPARE(back.paths(), t.paths());
        }
        QVERIFY_THROWS_EXCEPTION(SamplingError, bundledTaxonomy(QStringLiteral("nope")));
    }

    void bundledLtb_hasTheThreeMainGroupsAndParallelTags()
    {
        const Taxonomy t = bundledTaxonomy(QStringLiteral("ltb-difficulty"));
        QCOMPARE(t.categories.size(), 40);  // 40 distinct paths for 42 tags in LTB's file
        const QStringList tree = t.treePaths();
        for (const char *p : {"main_tags/linguistic knowledge", "main_tags/extralinguistic knowledge", "main_tags/extralinguistic constraints",
                              "parallel_tags_1", "parallel_tags_2"})
            QVERIFY2(tree.contains(QLatin1String(p)), p);
        for (const TaxonomyCategory &c : t.categories)
            QCOMPARE(c.kind, CategoryKind::Semantic);
    }
};

GAUNTLET_TEST_MAIN(TestTaxonomy)
#include "tst_taxonomy.moc"
