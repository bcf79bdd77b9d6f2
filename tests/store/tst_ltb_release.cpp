// LTB release files (v1.json; papers.md, LTB section): an excerpt written the way LTB's
// scripts/03a-prepare_release.py writes it (rules as {"value"}, the reference as model "human",
// null translations and verdicts, a media-only example) imports, exports and re-imports without
// loss; malformed files are refused naming the field, and nothing is stored. LTB's published
// taxonomy file is the committed copy of ../shared/data/formats/ltb_linguistics_taxonomy.json in
// tests/data/shared-copy.
#include "engine/verify/ltb_release.h"
#include "engine/verify/ltb_taxonomy.h"
#include "engine/core/text_file.h"
#include "engine/store/project.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include "tests/support/shared_copy.h"
#include "tests/support/test_main.h"
#include "tests/support/thrown_message.h"
#include <QtTest>

using namespace gauntlet;

namespace {

QByteArray ltbExcerpt()
{
    const QString media = QStringLiteral("data:image/png;base64,") + QString(6000, u'A');
    const QJsonArray release{
        QJsonObject{
            {QStringLiteral("id"), 4652},
            {QStringLiteral("source_text"), QStringLiteral("Two new male nurses jointly hold the world record in the men's 100 m.")},
            {QStringLiteral("source_lang"), QStringLiteral("English")},
            {QStringLiteral("target_lang"), QStringLiteral("Czech")},
            {QStringLiteral("source_lang_iso"), QStringLiteral("en")},
            {QStringLiteral("target_lang_iso"), QStringLiteral("cs")},
            {QStringLiteral("source_instructions"), QJsonValue()},
            {QStringLiteral("source_media"), QJsonValue()},
            {QStringLiteral("translations"),
             QJsonArray{QJsonObject{{QStringLiteral("model"), QStringLiteral("human")},
                                    {QStringLiteral("translation"), QStringLiteral("Dva noví zdravotníci společně drží světový rekord v běhu mužů na 100 m.")},
                                    {QStringLiteral("verified"), QJsonArray{true}}},
                        QJsonObject{{QStringLiteral("model"), QStringLiteral("Gemini 3.1 Pro")},
                                    {QStringLiteral("translation"), QStringLiteral("Dvě nové zdravotní sestry společně drží světový rekord.")},
                                    {QStringLiteral("verified"), QJsonArray{false}}},
                        QJsonObject{{QStringLiteral("model"), QStringLiteral("Unverified MT")},
                                    {QStringLiteral("translation"), QStringLiteral("Dva noví ošetřovatelé drží rekord.")},
                                    {QStringLiteral("verified"), QJsonValue()}},
                        QJsonObject{{QStringLiteral("model"), QStringLiteral("Refusing MT")},
                                    {QStringLiteral("translation"), QJsonValue()},
                                    {QStringLiteral("error"), QStringLiteral("refused by a content filter")},
                                    {QStringLiteral("verified"), QJsonValue()}}}},
            {QStringLiteral("verification_rules"),
             QJsonArray{QJsonObject{{QStringLiteral("value"), QStringLiteral("The nurses must be rendered as men (masculine forms).")}}}},
            {QStringLiteral("linguistics"), QJsonArray{QStringLiteral("gender")}},
            {QStringLiteral("tags"), QJsonArray{QStringLiteral("LTBv1"), QStringLiteral("LTBv1-text")}},
        },
        QJsonObject{
            {QStringLiteral("id"), 517},
            {QStringLiteral("source_text"), QJsonValue()},
            {QStringLiteral("source_lang"), QStringLiteral("Czech Sign Language")},
            {QStringLiteral("target_lang"), QStringLiteral("English")},
            {QStringLiteral("source_lang_iso"), QJsonValue()},
            {QStringLiteral("target_lang_iso"), QStringLiteral("en")},
            {QStringLiteral("source_instructions"), QStringLiteral("Translate what the three people sign.")},
            {QStringLiteral("source_media"), media},
            {QStringLiteral("translations"), QJsonArray{}},
            {QStringLiteral("verification_rules"), QJsonArray{QStringLiteral("Mentions a stage.")}},
            {QStringLiteral("linguistics"), QJsonArray{}},
            {QStringLiteral("tags"), QJsonArray{QStringLiteral("LTBv1")}},
        },
    };
    return QJsonDocument(release).toJson();
}

}  // namespace

class TestLtbRelease : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void ltbExcerpt_importsAndRoundTrips()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("a.gauntlet")), storage::Project::Options{false});
        verify::ExampleStore store(project->database());
        const QVector<verify::ExampleBundle> bundles = verify::parseLtbRelease(ltbExcerpt(), QStringLiteral("v1.json"));
        QCOMPARE(bundles.size(), 2);
        const QVector<qint64> ids = store.importExamples(bundles);
        QCOMPARE(ids.size(), 2);
        const auto e = store.example(ids[0]);
        QCOMPARE(e->ltbId, QStringLiteral("4652"));
        QCOMPARE(e->status, verify::ExampleStatus::Accepted);
        QCOMPARE(e->reference, QStringLiteral("Dva noví zdravotníci společně drží světový rekord v běhu mužů na 100 m."));
        QCOMPARE(store.translations(ids[0]).size(), 3);
        // Imported verdicts of the natural-language rule drive the matrix: 1 of 2 verified outputs fails.
        const verify::ExampleAssessment a = store.assess(ids[0]);
        QCOMPARE(a.matrix.rows.size(), 3);  // reference + two outputs with text
        QCOMPARE(a.matrix.rows[0].overall, verify::Verdict::Pass);
        QCOMPARE(a.matrix.rows[1].label, QStringLiteral("Gemini 3.1 Pro"));
        QCOMPARE(a.matrix.rows[1].overall, verify::Verdict::Fail);
        QCOMPARE(a.matrix.rows[2].overall, verify::Verdict::Unknown);
        // The media-only example keeps its data URL as the context.
        QVERIFY(store.example(ids[1])->sourceText.isEmpty());
        QVERIFY(store.example(ids[1])->contextNote.startsWith(QStringLiteral("data:image/png;base64,")));

        const QByteArray first = verify::writeLtbRelease(store, ids);
        const QJsonArray exported = QJsonDocument::fromJson(first).array();
        const QJsonObject o = exported[0].toObject();
        QCOMPARE(o.value(QStringLiteral("id")).toInt(), 4652);
        QVERIFY(o.value(QStringLiteral("source_instructions")).isNull());
        QCOMPARE(o.value(QStringLiteral("verification_rules")).toArray()[0].toObject().value(QStringLiteral("value")).toString(),
                 QStringLiteral("The nurses must be rendered as men (masculine forms)."));
        QVERIFY(!o.value(QStringLiteral("verification_rules")).toArray()[0].toObject().contains(QStringLiteral("type")));
        QStringList models;
        for (const QJsonValue &t : o.value(QStringLiteral("translations")).toArray())
            models << t.toObject().value(QStringLiteral("model")).toString();
        // A system that gave no translation is left out of the release: no "translation": null, no
        // error text (issue 19); it stays in the project with its error.
        QCOMPARE(models, (QStringList{QStringLiteral("human"), QStringLiteral("Gemini 3.1 Pro"), QStringLiteral("Unverified MT")}));
        QVERIFY(!first.contains("\"translation\": null"));
        QVERIFY(!first.contains("refused by a content filter"));
        QVERIFY(exported[1].toObject().value(QStringLiteral("source_text")).isNull());
        QVERIFY(!o.contains(QStringLiteral("status")));  // accepted: LTB's format as it is

        auto other = storage::Project::open(m_dir.filePath(QStringLiteral("b.gauntlet")), storage::Project::Options{false});
        verify::ExampleStore second(other->database());
        const QVector<qint64> again = second.importExamples(verify::parseLtbRelease(first, QStringLiteral("first.json")));
        QCOMPARE(verify::writeLtbRelease(second, again), first);
    }

    void draftExamples_keepTheirStatusThroughARelease()
    {
        // Issue 19: importing a release that held returned or draft examples marked them accepted.
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("draft.gauntlet")), storage::Project::Options{false});
        verify::ExampleStore store(project->database());
        QVector<verify::ExampleBundle> bundles = verify::parseLtbRelease(ltbExcerpt(), QStringLiteral("v1.json"));
        bundles[0].example.status = verify::ExampleStatus::Draft;
        const QVector<qint64> ids = store.importExamples(bundles);
        QCOMPARE(store.example(ids[0])->status, verify::ExampleStatus::Draft);
        const QByteArray release = verify::writeLtbRelease(store, ids);
        const QJsonArray written = QJsonDocument::fromJson(release).array();
        QCOMPARE(written[0].toObject().value(QStringLiteral("status")).toString(), QStringLiteral("draft"));
        QVERIFY(!written[1].toObject().contains(QStringLiteral("status")));
        const QVector<verify::ExampleBundle> back = verify::parseLtbRelease(release, QStringLiteral("all.json"));
        QCOMPARE(back[0].example.status, verify::ExampleStatus::Draft);
        QCOMPARE(back[1].example.status, verify::ExampleStatus::Accepted);
    }

    void malformed_refusedNamingField_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("trailing comma") << QByteArray("[{\"id\": 1},]") << "not valid JSON";
        QTest::newRow("not an array") << QByteArray("{\"id\": 1}") << "expected a JSON array";
        QTest::newRow("not UTF-8") << QByteArray("[{\"source_text\": \"caf\xe9\"}]") << "not valid UTF-8";
        QTest::newRow("missing source_lang")
            << QByteArray(R"([{"source_text": "a", "target_lang": "b", "verification_rules": []}])") << "[0].source_lang: is missing";
        QTest::newRow("rules not a list")
            << QByteArray(R"([{"source_text": "a", "source_lang": "x", "target_lang": "b", "verification_rules": "r"}])")
            << "[0].verification_rules: expected a list";
        QTest::newRow("unknown rule type")
            << QByteArray(R"([{"source_text": "a", "source_lang": "x", "target_lang": "b", "verification_rules": [{"type": "fuzzy", "value": "v"}]}])")
            << "[0].verification_rules[0]: unknown rule kind 'fuzzy'";
        QTest::newRow("verified length")
            << QByteArray(R"([{"source_text": "a", "source_lang": "x", "target_lang": "b", "verification_rules": ["r"],
                              "translations": [{"model": "m", "translation": "t", "verified": [true, false]}]}])")
            << "[0].translations[0].verified: expected a list of 1 values";
        QTest::newRow("duplicate model")
            << QByteArray(R"([{"source_text": "a", "source_lang": "x", "target_lang": "b", "verification_rules": [],
                              "translations": [{"model": "m", "translation": "t"}, {"model": "m", "translation": "u"}]}])")
            << "[0].translations[1].model: 'm' appears twice";
        QTest::newRow("model not a string")
            << QByteArray(R"([{"source_text": "a", "source_lang": "x", "target_lang": "b", "verification_rules": [],
                              "translations": [{"model": 3, "translation": "t"}]}])")
            << "[0].translations[0].model: expected a string";
        // Issue 39: an entry without "translation" became an empty output counted by the gate.
        QTest::newRow("translation missing")
            << QByteArray(R"([{"source_text": "a", "source_lang": "x", "target_lang": "b", "verification_rules": [],
                              "translations": [{"model": "m"}]}])")
            << "[0].translations[0].translation: missing";
    }

    void malformed_refusedNamingField()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        const auto message = testing::thrownMessage<core::InputFileError>([&] { verify::parseLtbRelease(bytes, QStringLiteral("bad.json")); });
        QVERIFY2(message, "a malformed file was accepted");
        QVERIFY2(message->startsWith(QStringLiteral("bad.json")) && message->contains(expected), qPrintable(*message));
    }

    void taxonomy_publishedFileWithTrailingComma()
    {
        QFile file(gauntlet::testing::sharedCopy(QStringLiteral("formats/ltb_linguistics_taxonomy.json")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray bytes = file.readAll();
        QVERIFY(QJsonDocument::fromJson(bytes).isNull());  // as published it is not strict JSON
        const QVector<verify::LtbTaxonomyTag> tags = verify::parseLtbTaxonomy(bytes, file.fileName());
        QCOMPARE(tags.size(), bytes.count("\":"));
        QCOMPARE(tags.first().tag, QStringLiteral("part of speech"));
        QCOMPARE(tags.first().path, QStringLiteral("main_tags/linguistic knowledge/atypical/part of speech"));
        const auto polysemy = std::find_if(tags.begin(), tags.end(), [](const verify::LtbTaxonomyTag &t) { return t.tag == QLatin1String("polysemy"); });
        QVERIFY(polysemy != tags.end());
        QCOMPARE(polysemy->path, QStringLiteral("main_tags/linguistic knowledge/sense-related/polysemy"));
        // The bundled copy is the same file.
        QCOMPARE(verify::bundledLtbTaxonomy().size(), tags.size());
        QCOMPARE(verify::bundledLtbTaxonomy().last().tag, tags.last().tag);
    }

    void taxonomy_otherDeviationsRefused_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        QTest::newRow("two trailing commas") << QByteArray("{\"a\": \"p\",,\n}") << "not a valid taxonomy";
        QTest::newRow("comma inside") << QByteArray("{\"a\": \"p\",, \"b\": \"q\"}") << "not a valid taxonomy";
        QTest::newRow("array") << QByteArray("[\"a\"]") << "expected a JSON object";
        QTest::newRow("number path") << QByteArray("{\"a\": 3}") << "tag 'a': expected a path string";
    }

    void taxonomy_otherDeviationsRefused()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        const auto message = testing::thrownMessage<core::InputFileError>([&] { verify::parseLtbTaxonomy(bytes, QStringLiteral("tax.json")); });
        QVERIFY2(message, "accepted");
        QVERIFY2(message->startsWith(QStringLiteral("tax.json")) && message->contains(expected), qPrintable(*message));
    }

    void invalidExample_nothingStored()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("c.gauntlet")), storage::Project::Options{false});
        verify::ExampleStore store(project->database());
        QByteArray bytes = ltbExcerpt();
        // A third example whose source text is over LTB's 5000 characters.
        QJsonArray release = QJsonDocument::fromJson(bytes).array();
        QJsonObject tooLong = release[0].toObject();
        tooLong.insert(QStringLiteral("id"), 9);
        tooLong.insert(QStringLiteral("source_text"), QString(5001, u'x'));
        release.append(tooLong);
        const auto message =
            testing::thrownMessage<storage::StoreError>([&] { store.importExamples(verify::parseLtbRelease(QJsonDocument(release).toJson(), QStringLiteral("v1.json"))); });
        QVERIFY2(message, "an over-long example was imported");
        QVERIFY2(message->contains(QStringLiteral("example 3 (id 9): source text has 5001 characters")), qPrintable(*message));
        QCOMPARE(store.examples().size(), 0);
    }
};

GAUNTLET_TEST_MAIN(TestLtbRelease)
#include "tst_ltb_release.moc"
