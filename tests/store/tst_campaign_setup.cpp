// Setting campaigns up (engine/evaluate/campaign_setup.h, issue 20): items keep their rule kinds
// and their own language pair from the project's examples, through packages, and old packages
// without them still load; attention checks from a file and bad references are added; a
// --from-file campaign of another shape (Pearmut's) is refused with one error naming the file once.
#include "engine/evaluate/campaign_package.h"
#include "engine/evaluate/campaign_setup.h"
#include "engine/evaluate/evaluate_error.h"
#include "engine/store/project.h"
#include "engine/verify/example_store.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include "tests/support/campaign_builder.h"
#include "tests/support/example_builder.h"
#include "tests/support/test_main.h"
#include "tests/support/thrown_message.h"
#include <QTest>

using namespace gauntlet;
using namespace gauntlet::evaluate;

namespace {

/// Two examples: English -> German with a string rule and a natural-language rule, English ->
/// Japanese with a must-not-contain rule; two MT outputs each.
void addExamples(verify::ExampleStore &examples)
{
    verify::ChallengeExample de = testing::makeExample(QStringLiteral("English"), QStringLiteral("German"), QStringLiteral("The café opens at nine."), QString::fromUtf8("Das Caf\xC3\xA9 \xC3\xB6" "ffnet um neun."));
    const qint64 a = examples.addExample(de);
    verify::VerificationRule contains = testing::makeRule(QString::fromUtf8("caf\xC3\xA9"), verify::VerificationRule::Kind::Contains);
    verify::VerificationRule llm = testing::makeRule(QStringLiteral("The time is nine o'clock"));
    examples.setRules(a, {contains, llm});
    examples.setTranslation(a, QStringLiteral("sysA"), QStringLiteral("manual"), QString::fromUtf8("Das Caf\xC3\xA9 \xC3\xB6" "ffnet um neun."));
    examples.setTranslation(a, QStringLiteral("sysB"), QStringLiteral("manual"), QStringLiteral("Der Kaffee oeffnet um neun."));
    verify::ChallengeExample ja = testing::makeExample(QStringLiteral("English"), QStringLiteral("Japanese"), QStringLiteral("The bank is closed."));
    ja.reference = QString::fromUtf8("\xE9\x8A\x80\xE8\xA1\x8C\xE3\x81\xAF\xE9\x96\x89\xE3\x81\xBE\xE3\x81\xA3\xE3\x81\xA6\xE3\x81\x84\xE3\x82\x8B\xE3\x80\x82");  // 銀行は閉まっている。
    const qint64 b = examples.addExample(ja);
    verify::VerificationRule notContains;
    notContains.kind = verify::VerificationRule::Kind::NotContains;
    notContains.text = QString::fromUtf8("\xE5\xB2\xB8");  // 岸 (river bank)
    examples.setRules(b, {notContains});
    examples.setTranslation(b, QStringLiteral("sysA"), QStringLiteral("manual"), ja.reference);
    examples.setTranslation(b, QStringLiteral("sysB"), QStringLiteral("manual"), QString::fromUtf8("\xE5\xB2\xB8\xE3\x81\xAF\xE9\x96\x89\xE3\x81\xBE\xE3\x81\xA3\xE3\x81\x9F\xE3\x80\x82"));
}

const char *CheckFile = R"([
  {"key": "check:perfect", "source": "Good morning.", "check": "tutorial",
   "translations": [{"system": "good", "text": "Guten Morgen."}, {"system": "broken", "text": "Guten Abend."}],
   "expected": [{"min_score": 85, "max_score": 100}, {"min_score": 0, "max_score": 60, "span": [6, 10]}]},
  {"key": "check:silent", "source": "Thank you.", "check": "silent",
   "translations": [{"system": "good", "text": "Danke."}, {"system": "broken", "text": "Bitte."}],
   "expected": [{"min_score": 70, "max_score": 100}, {"min_score": 0, "max_score": 40}]}
])";

}  // namespace

class TestCampaignSetup : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void examples_keepRuleKindsAndTheirOwnLanguages()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("kinds.gauntlet")));
        verify::ExampleStore examples(project->database());
        addExamples(examples);
        Campaign c = testing::makeCampaign(QStringLiteral("mixed"), Protocol::Cesa);
        c.options.twoStage = true;
        evaluate::buildCampaign(examples, c, {});
        QCOMPARE(c.items.size(), 2);
        const CampaignItem &de = c.items[0], &ja = c.items[1];
        QCOMPARE(de.rules, (QStringList{QString::fromUtf8("caf\xC3\xA9"), QStringLiteral("The time is nine o'clock")}));
        QCOMPARE(de.ruleKinds, (QStringList{QStringLiteral("contains"), QStringLiteral("llm")}));
        QCOMPARE(ja.ruleKinds, QStringList{QStringLiteral("not_contains")});
        // each item its own pair; the campaign names none, since its items mix target languages
        QCOMPARE(de.targetLanguage, QStringLiteral("German"));
        QCOMPARE(ja.targetLanguage, QStringLiteral("Japanese"));
        QCOMPARE(ja.sourceLanguage, QStringLiteral("English"));
        QCOMPARE(c.targetLanguage, QString());
        QCOMPARE(c.sourceLanguage, QStringLiteral("English"));
        QCOMPARE(c.targetLanguageOf(ja), QStringLiteral("Japanese"));

        // through a package and back
        c.uid = QStringLiteral("uid-kinds");
        const Campaign back = campaignFromJson(campaignToJson(c), QStringLiteral("package.json"));
        QCOMPARE(back.items[0].ruleKinds, de.ruleKinds);
        QCOMPARE(back.items[1].targetLanguage, QStringLiteral("Japanese"));
        QCOMPARE(back.items[0].targetLanguage, QStringLiteral("German"));

        // a package written before kinds and item languages still loads, rules bare
        QJsonObject old = campaignToJson(c);
        QJsonArray items = old.value(QStringLiteral("items")).toArray();
        for (int i = 0; i < items.size(); ++i) {
            QJsonObject item = items[i].toObject();
            item.remove(QStringLiteral("rule_kinds"));
            item.remove(QStringLiteral("source_lang"));
            item.remove(QStringLiteral("target_lang"));
            items[i] = item;
        }
        old.insert(QStringLiteral("items"), items);
        old.insert(QStringLiteral("target_lang"), QStringLiteral("German"));
        const Campaign legacy = campaignFromJson(old, QStringLiteral("old.json"));
        QVERIFY(legacy.items[0].ruleKinds.isEmpty());
        QCOMPARE(legacy.items[0].rules, de.rules);
        QCOMPARE(legacy.targetLanguageOf(legacy.items[1]), QStringLiteral("German"));  // the campaign's, as before

        // kinds must match the rules
        Campaign bad = c;
        bad.items[0].ruleKinds = {QStringLiteral("contains")};
        QVERIFY_THROWS_EXCEPTION(EvaluateError, bad.validate());
        bad.items[0].ruleKinds = {QStringLiteral("contains"), QStringLiteral("spelling")};
        QVERIFY_THROWS_EXCEPTION(EvaluateError, bad.validate());
    }

    void setup_addsBadReferencesAndAttentionChecks()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("checks.gauntlet")));
        verify::ExampleStore examples(project->database());
        addExamples(examples);
        Campaign c = testing::makeCampaign(QStringLiteral("checked"), Protocol::Cesa);
        evaluate::CampaignSetup setup;
        setup.includeReference = true;
        setup.badReferences = 1;
        setup.checks = readCheckItems(CheckFile, QStringLiteral("checks.json"));
        const evaluate::ExampleSelection sel = evaluate::buildCampaign(examples, c, setup);
        QCOMPARE(sel.examples, 2);
        // 2 examples (3 systems each with "human"), 1 bad reference, 2 checks
        QCOMPARE(c.items.size(), 5);
        QCOMPARE(c.items[0].translations.size(), 3);
        QCOMPARE(c.items[0].translations[2].system, QStringLiteral("human"));
        QCOMPARE(c.items[2].check, CheckKind::BadReference);
        QCOMPARE(c.items[2].originalKey, c.items[0].key);
        QCOMPARE(c.items[3].check, CheckKind::Tutorial);
        QVERIFY(c.items[3].expected[1].spanRegion == std::make_pair(6, 10));
        QCOMPARE(c.items[4].check, CheckKind::Silent);
        // The checks name no languages: they take the source every item shares (English); the
        // targets differ (German, Japanese), so theirs stays unnamed rather than guessed.
        QCOMPARE(c.sourceLanguageOf(c.items[3]), QStringLiteral("English"));
        QCOMPARE(c.targetLanguageOf(c.items[3]), QString());
        c.validate();

        // bad check files, each refused naming the file
        const auto refused = [](const QByteArray &bytes) {
            return testing::thrownText<EvaluateError>([&] { readCheckItems(bytes, QStringLiteral("checks.json")); });
        };
        QVERIFY(refused("[]").startsWith(QStringLiteral("checks.json: ")));
        QVERIFY(refused("{\"items\": 3").startsWith(QStringLiteral("checks.json: not valid JSON")));
        QVERIFY(refused("[{\"key\": \"x\", \"translations\": [{\"system\": \"s\", \"text\": \"t\"}], \"check\": \"none\", "
                        "\"expected\": [{\"min_score\": 0, \"max_score\": 10}]}]").contains(QStringLiteral("tutorial, loud or silent")));
        QVERIFY(refused("[{\"key\": \"x\", \"translations\": [{\"system\": \"s\", \"text\": \"t\"}], \"check\": \"loud\"}]")
                    .contains(QStringLiteral("0 expectations for 1 translations")));
        QVERIFY(refused("\xff\xfe[]").contains(QStringLiteral("not valid UTF-8")));
        // a check whose key is taken
        evaluate::CampaignSetup twice;
        twice.checks = setup.checks;
        twice.checks << setup.checks[0];
        Campaign d;
        d.name = QStringLiteral("twice");
        QVERIFY_THROWS_EXCEPTION(EvaluateError, evaluate::addQualityControlItems(d, twice));
    }

    void campaignFile_ofAnotherShape_oneErrorNamingTheFileOnce()
    {
        // Pearmut's campaign file (its published shape: "info" with the protocol, "campaign_id", "data")
        const QByteArray pearmut = R"({"info": {"protocol": "cESA", "assignment": "task-based"}, "campaign_id": "esa_deen",
            "data": [[[{"item_id": "deen_1", "src": "Hallo.", "tgt": {"model-a": "Hello."}}]]]})";
        const QString path = QStringLiteral("/tmp/studies/cesa_deen.json");
        const auto pearmutRefused = testing::thrownMessage<EvaluateError>([&] { readCampaignFile(pearmut, path); });
        QVERIFY2(pearmutRefused, "a Pearmut campaign file was taken for a Gauntlet campaign");
        QCOMPARE(pearmutRefused->count(path), 1);
        QVERIFY2(pearmutRefused->contains(QStringLiteral("Pearmut")) && pearmutRefused->contains(QStringLiteral("expected a Gauntlet campaign")),
                 qPrintable(*pearmutRefused));
        const auto listRefused = testing::thrownMessage<EvaluateError>([&] { readCampaignFile("[1, 2]", path); });
        QVERIFY2(listRefused, "a list was taken for a campaign");
        QCOMPARE(listRefused->count(path), 1);
        QVERIFY2(listRefused->contains(QStringLiteral("\"protocol\" and \"items\"")), qPrintable(*listRefused));
        // the campaign object of a package, and a whole package, are read
        Campaign c = testing::makeCampaign(QStringLiteral("file"), Protocol::Esa, QStringLiteral("u1"));
        CampaignItem item;
        item.key = QStringLiteral("k");
        item.translations = {{QStringLiteral("s"), QStringLiteral("t")}};
        c.items << item;
        QJsonObject json = campaignToJson(c);
        json.remove(QStringLiteral("uid"));
        json.remove(QStringLiteral("name"));
        QCOMPARE(readCampaignFile(QJsonDocument(json).toJson(), path).items.size(), 1);
        const QByteArray package = exportPackage(c, assignItems(c, {QStringLiteral("ann")})[0], QStringLiteral("p1"));
        QCOMPARE(readCampaignFile(package, path).items[0].key, QStringLiteral("k"));
    }
};

GAUNTLET_TEST_MAIN(TestCampaignSetup)
#include "tst_campaign_setup.moc"
