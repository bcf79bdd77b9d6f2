// Campaigns in the store (migration 0004): create and read back exactly, assignment, one
// transaction per answer (a process killed mid-campaign loses nothing answered, and a half-written
// answer leaves no trace), Back replaces an answer, hand-out to two annotators on other machines
// (package -> their project -> result file -> organiser) and the refusals of import.
#include "engine/evaluate/campaign_results.h"
#include "engine/evaluate/campaign_store.h"
#include "engine/store/database.h"
#include "engine/verify/example_store.h"
#include "engine/verify/verification_runner.h"
#include "engine/store/project.h"

#include <QTemporaryDir>
#include "tests/support/campaign_builder.h"
#include "tests/support/example_builder.h"
#include "tests/support/temporary_project.h"
#include "tests/support/test_main.h"
#include <QTest>

#include <cmath>
#include <csignal>
#include <sys/wait.h>
#include <unistd.h>

using namespace gauntlet;
using namespace gauntlet::evaluate;

namespace {

Campaign cesa(int items)
{
    Campaign c = testing::makeCampaign(QStringLiteral("two-stage"), Protocol::Cesa);
    c.options.twoStage = true;
    c.options.redundancy = 2;
    c.options.seed = 7;
    for (int i = 0; i < items; ++i) {
        CampaignItem item = testing::makeItem(QStringLiteral("ex%1").arg(i + 1), QStringLiteral("source %1").arg(i + 1),
                                              {{QStringLiteral("sysA"), QString::fromUtf8("\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D %1").arg(i)},
                                               {QStringLiteral("sysB"), QString::fromUtf8("\xE6\x88\x91\xE7\x88\xB1 %1 \xF0\x9F\x98\x80").arg(i)}});
        item.rules = {QStringLiteral("keeps the name")};
        c.items << item;
    }
    return c;
}

Answer complete(int stage, int a, int b)
{
    Answer x;
    x.stage = stage;
    x.judgements = {TranslationJudgement{QString(), a, {}}, TranslationJudgement{QString(), b, {}}};
    x.elapsedMs = 1000;
    return x;
}

int answerCount(storage::Project &p)
{
    return p.database().scalar(QStringLiteral("SELECT COUNT(*) FROM campaign_answers")).toInt();
}

}  // namespace

class TestCampaignStore : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void createAndReadBack()
    {
        auto [dir, project] = testing::TemporaryProject();
        evaluate::CampaignStore store(project->database());
        Campaign c = cesa(3);
        c.items[0].translations[0].text = QStringLiteral("cafe\u0301 \U0001F600");
        const qint64 id = store.createCampaign(c);
        const Campaign back = store.campaign(id);
        QVERIFY(!back.uid.isEmpty());
        QCOMPARE(back.items.size(), 3);
        QCOMPARE(back.items[0].translations[0].text, QStringLiteral("cafe\u0301 \U0001F600"));  // byte-exact
        QCOMPARE(back.options.seed, std::uint64_t(7));
        QVERIFY(back.options.twoStage);
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.createCampaign(c));  // name in use
        Campaign bad = cesa(1);
        bad.name = QStringLiteral("bad");
        bad.items[0].translations.removeLast();
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.createCampaign(bad));
        QCOMPARE(store.campaigns().size(), 1);
        store.addProfile(QStringLiteral("Ann"));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.addProfile(QStringLiteral("Ann")));
        QCOMPARE(store.profiles(), QStringList{QStringLiteral("Ann")});
    }

    void answersOneTransactionEach()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.gauntlet"));
        qint64 id = 0;
        QString firstKey;
        {
            auto project = storage::Project::open(path);
            evaluate::CampaignStore store(project->database());
            Campaign c = cesa(4);
            c.options.redundancy = 1;  // two items each
            id = store.createCampaign(c);
            store.assign(id, {QStringLiteral("ann1"), QStringLiteral("ann2")});
            firstKey = store.campaign(id).items[store.assignment(id, QStringLiteral("ann1")).items[0].itemIndex].key;
            // incomplete answers are refused and leave nothing
            Answer partial = complete(1, 50, 50);
            partial.judgements[1].score.reset();
            QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.saveAnswer(id, QStringLiteral("ann1"), firstKey, partial));
            QCOMPARE(answerCount(*project), 0);
        }
        // A child process answers two items, starts a third answer's transaction and is killed.
        const pid_t child = fork();
        QVERIFY(child >= 0);
        if (child == 0) {
            {
                auto project = storage::Project::open(path);
                evaluate::CampaignStore store(project->database());
                const Campaign c = store.campaign(id);
                const Assignment a = store.assignment(id, QStringLiteral("ann1"));
                store.saveAnswer(id, QStringLiteral("ann1"), c.items[a.items[0].itemIndex].key, complete(1, 80, 60));
                store.saveAnswer(id, QStringLiteral("ann1"), c.items[a.items[0].itemIndex].key, complete(2, 70, 60));
                storage::Transaction t(project->database());
                project->database().exec(QStringLiteral("INSERT INTO campaign_log(campaign_id, annotator, action, at) VALUES(%1, 'ann1', 'half', 'x')").arg(id));
                ::kill(::getpid(), SIGKILL);
            }
            ::_exit(3);
        }
        int status = 0;
        ::waitpid(child, &status, 0);
        QVERIFY(WIFSIGNALED(status));
        QCOMPARE(WTERMSIG(status), SIGKILL);
        auto project = storage::Project::open(path);
        evaluate::CampaignStore store(project->database());
        QCOMPARE(answerCount(*project), 2);
        QCOMPARE(project->database().scalar(QStringLiteral("SELECT COUNT(*) FROM campaign_log WHERE action = 'half'")).toInt(), 0);
        QCOMPARE(store.answer(id, QStringLiteral("ann1"), firstKey, 1)->judgements[0].score, std::optional<int>(80));
        const evaluate::CampaignStore::Progress p = store.progress(id, QStringLiteral("ann1"));
        QCOMPARE(p.position, 1);  // resumes at the second item
        QCOMPARE(p.stage, 1);
        QCOMPARE(p.answered, 2);
        QCOMPARE(p.total, 2 * 2);  // two items, two stages
        // Back: the answer is replaced, time adds up
        store.saveAnswer(id, QStringLiteral("ann1"), firstKey, complete(1, 85, 60));
        const auto revised = store.answer(id, QStringLiteral("ann1"), firstKey, 1);
        QCOMPARE(revised->judgements[0].score, std::optional<int>(85));
        QCOMPARE(revised->elapsedMs, qint64(2000));
        QCOMPARE(answerCount(*project), 2);
        // not in the queue
        const Assignment a2 = store.assignment(id, QStringLiteral("ann2"));
        QStringList notMine;
        for (const CampaignItem &item : store.campaign(id).items) {
            bool mine = false;
            for (const AssignedItem &x : store.assignment(id, QStringLiteral("ann1")).items)
                mine = mine || store.campaign(id).items[x.itemIndex].key == item.key;
            if (!mine)
                notMine << item.key;
        }
        QVERIFY(!notMine.isEmpty());
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.saveAnswer(id, QStringLiteral("ann1"), notMine[0], complete(1, 50, 50)));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.saveAnswer(id, QStringLiteral("ann1"), firstKey, complete(3, 50, 50)));
    }

    void drafts_autosaveUnfinishedAnswers()
    {
        auto [dir, project] = testing::TemporaryProject();
        evaluate::CampaignStore store(project->database());
        Campaign c = cesa(2);
        c.options.shuffleSystems = false;
        addBadReferenceItems(c, {QStringLiteral("ex1")}, false, 1);
        const qint64 id = testing::createAssigned(store, c, {QStringLiteral("ann1"), QStringLiteral("ann2")});
        const QString key = QStringLiteral("ex1");
        // an unfinished answer: one span, one score unset
        Answer half = complete(1, 55, 0);
        half.judgements[1].score.reset();
        half.judgements[0].spans = {{0, 3, Severity::Major, false}};
        store.saveDraft(id, QStringLiteral("ann1"), key, half, QStringLiteral("span_add"), QStringLiteral("0-3 major"));
        half.judgements[0].score = 45;
        store.saveDraft(id, QStringLiteral("ann1"), key, half, QStringLiteral("score"), QStringLiteral("45"));
        const auto back = store.draft(id, QStringLiteral("ann1"), key, 1);
        QVERIFY(back.has_value());
        QCOMPARE(back->judgements[0].score, std::optional<int>(45));
        QCOMPARE(back->judgements[0].spans, half.judgements[0].spans);
        QVERIFY(!back->judgements[1].score.has_value());
        QVERIFY(!store.answer(id, QStringLiteral("ann1"), key, 1));  // a draft is not an answer
        store.saveDraft(id, QStringLiteral("ann1"), QStringLiteral("ex1#bad"), half);  // a bad-reference item too
        QVERIFY(store.draft(id, QStringLiteral("ann1"), QStringLiteral("ex1#bad"), 1).has_value());
        QVERIFY(store.discardDraft(id, QStringLiteral("ann1"), QStringLiteral("ex1#bad"), 1));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.saveDraft(id, QStringLiteral("ann1"), QStringLiteral("nope"), half));
        QCOMPARE(store.progress(id, QStringLiteral("ann1")).answered, 0);
        QVERIFY(!store.draft(id, QStringLiteral("ann2"), key, 1));  // drafts are per annotator
        // one draft row per item and stage; the log keeps the actions, not the drafts
        QCOMPARE(project->database().scalar(QStringLiteral("SELECT COUNT(*) FROM campaign_log WHERE action = 'draft'")).toInt(), 1);
        QStringList actions;
        for (const LogEntry &e : store.logEntries(id, QStringLiteral("ann1")))
            actions << e.action;
        QCOMPARE(actions, (QStringList{QStringLiteral("span_add"), QStringLiteral("score")}));
        // refused: wrong shape, spans out of range, stage 3, not in the queue, the reserved action
        Answer wrong = half;
        wrong.judgements.removeLast();
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.saveDraft(id, QStringLiteral("ann1"), key, wrong));
        wrong = half;
        wrong.judgements[0].spans = {{0, 99, Severity::Minor, false}};
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.saveDraft(id, QStringLiteral("ann1"), key, wrong));
        wrong = half;
        wrong.stage = 3;
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.saveDraft(id, QStringLiteral("ann1"), key, wrong));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.saveDraft(id, QStringLiteral("nobody"), key, half));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.saveDraft(id, QStringLiteral("ann1"), key, half, QStringLiteral("draft")));
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, store.log(id, QStringLiteral("ann1"), key, 1, QStringLiteral("draft")));
        QCOMPARE(store.draft(id, QStringLiteral("ann1"), key, 1)->judgements[0].score, std::optional<int>(45));  // unchanged
        // Next: the complete answer replaces the draft in the same transaction
        store.saveAnswer(id, QStringLiteral("ann1"), key, complete(1, 45, 70));
        QVERIFY(!store.draft(id, QStringLiteral("ann1"), key, 1));
        QCOMPARE(project->database().scalar(QStringLiteral("SELECT COUNT(*) FROM campaign_log WHERE action = 'draft'")).toInt(), 0);
        // drafts stay out of result files
        store.saveDraft(id, QStringLiteral("ann1"), key, Answer{2, half.judgements, {}, {}, {}, 0});
        QVERIFY(!store.exportResults(id, QStringLiteral("ann1")).contains("\"draft\""));
        QVERIFY(store.discardDraft(id, QStringLiteral("ann1"), key, 2));
        QVERIFY(!store.discardDraft(id, QStringLiteral("ann1"), key, 2));
    }

    void verifierPassRates_fromStoredVerdicts()
    {
        auto [dir, project] = testing::TemporaryProject();
        verify::ExampleStore examples(project->database());
        // Rule: the translation contains "orilla". ex3 also has an LLM rule no verifier has judged,
        // so an output passing "orilla" there stays unknown (left out) and a failing one fails.
        struct Row { const char *a, *b, *c; bool llm; };
        const Row rows[] = {{"la orilla", "el banco", "una orilla", false},
                            {"la orilla", "el banco", "el banco", false},
                            {"la orilla", "el banco", "el banco", true}};
        QVector<qint64> ids;
        for (const Row &r : rows) {
            verify::ChallengeExample e = testing::makeExample(QStringLiteral("English"), QStringLiteral("Spanish"), QStringLiteral("the bank of the river"), QStringLiteral("la orilla del río"));
            const qint64 id = examples.addExample(e);
            verify::VerificationRule contains = testing::makeRule(QStringLiteral("orilla"), verify::VerificationRule::Kind::Contains);
            QVector<verify::VerificationRule> rules{contains};
            if (r.llm) {
                verify::VerificationRule llm = testing::makeRule(QStringLiteral("Riverbank sense."));
                rules << llm;
            }
            examples.setRules(id, rules);
            examples.setTranslation(id, QStringLiteral("sysA"), QStringLiteral("manual"), QString::fromUtf8(r.a));
            examples.setTranslation(id, QStringLiteral("sysB"), QStringLiteral("manual"), QString::fromUtf8(r.b));
            examples.setTranslation(id, QStringLiteral("sysC"), QStringLiteral("manual"), QString::fromUtf8(r.c));
            const auto outcome = verify::VerificationRunner::runBlocking(e.sourceText, rules,
                                                                 {e.reference, QString::fromUtf8(r.a), QString::fromUtf8(r.b), QString::fromUtf8(r.c)}, {});
            examples.saveVerdicts(id, outcome.verdicts);
            ids << id;
        }
        Campaign c = testing::makeCampaign(QStringLiteral("from examples"), Protocol::Cesa);
        evaluate::buildCampaignFromExamples(examples, c, QString(), true);
        QCOMPARE(c.items.size(), 3);
        int used = 0;
        const QMap<QString, double> rates = evaluate::verifierPassRates(examples, c, &used);
        QCOMPARE(used, 3);
        // by hand: sysA passes 2 of 2 decided (ex3 unknown); sysB 0 of 3; sysC 1 of 3 (ex1);
        // the reference ("human") 2 of 2 (ex3 unknown)
        QCOMPARE(rates.keys(), (QStringList{QStringLiteral("human"), QStringLiteral("sysA"), QStringLiteral("sysB"), QStringLiteral("sysC")}));
        QCOMPARE(rates.value(QStringLiteral("sysA")), 100.0);
        QCOMPARE(rates.value(QStringLiteral("sysB")), 0.0);
        QCOMPARE(rates.value(QStringLiteral("sysC")), 100.0 / 3.0);
        QCOMPARE(rates.value(QStringLiteral("human")), 100.0);
        // a campaign not built from examples has no such ranking
        QVERIFY(evaluate::verifierPassRates(examples, cesa(2)).isEmpty());
    }

    void storedDifficulty_fromAugmentationRuns()
    {
        auto [dir, project] = testing::TemporaryProject();
        storage::Database &db = project->database();
        // two runs of one seed: outputs "aug one" (D 0.2) and "aug two" (D 0.4); the seed scored
        // 0.9 and 0.7 at step 0 by the two runs (e.g. two model packs)
        const double seedD[] = {0.9, 0.7}, outD[] = {0.2, 0.4};
        const char *outputs[] = {"aug one", "aug two"};
        for (int r = 0; r < 2; ++r) {
            db.exec(QStringLiteral("INSERT INTO runs(id, seed_text, method, config_json, created_at) VALUES(%1, 'the seed', 'direct', '{}', 'x')").arg(r + 1));
            db.exec(QStringLiteral("INSERT INTO run_steps(run_id, step, finished_at) VALUES(%1, 0, 'x')").arg(r + 1));
            db.exec(QStringLiteral("INSERT INTO beam_members(run_id, step, rank, text, token_ids, difficulty) VALUES(%1, 0, 0, 'the seed', '[]', %2)")
                        .arg(r + 1).arg(seedD[r]));
            db.exec(QStringLiteral("INSERT INTO run_results(run_id, output_text, selected_by, difficulty) VALUES(%1, '%2', 'lowest-perplexity', %3)")
                        .arg(r + 1).arg(QLatin1String(outputs[r])).arg(outD[r]));
        }
        Campaign c = testing::makeCampaign(QStringLiteral("likert"), Protocol::Likert);
        c.scales = {LikertScale::named(QStringLiteral("translation quality"))};
        auto item = [](const QString &key, const QString &system, const QString &text) {
            CampaignItem i = testing::makeItem(key, text, {{system, text}});
            return i;
        };
        c.items << item(QStringLiteral("1"), QStringLiteral("seed"), QStringLiteral("the seed"))
                << item(QStringLiteral("2"), QStringLiteral("direct"), QStringLiteral("aug one"))
                << item(QStringLiteral("3"), QStringLiteral("direct"), QStringLiteral("aug two"))
                << item(QStringLiteral("4"), QStringLiteral("direct"), QStringLiteral("never scored"));
        int found = 0;
        const QMap<QString, double> d = evaluate::storedDifficulty(db, c, &found);
        QCOMPARE(found, 3);
        // by hand: seed (0.9 + 0.7) / 2 = 0.8; direct (0.2 + 0.4) / 2 = 0.3 (the unscored text is left out)
        QCOMPARE(d.keys(), (QStringList{QStringLiteral("direct"), QStringLiteral("seed")}));
        QVERIFY(std::abs(d.value(QStringLiteral("seed")) - 0.8) < 1e-12);
        QVERIFY(std::abs(d.value(QStringLiteral("direct")) - 0.3) < 1e-12);
        QVERIFY(evaluate::storedDifficulty(db, cesa(1)).isEmpty());
    }

    void handOutAndCollect()
    {
        QTemporaryDir dir;
        auto organiser = storage::Project::open(dir.filePath(QStringLiteral("organiser.gauntlet")));
        evaluate::CampaignStore org(organiser->database());
        const qint64 id = org.createCampaign(cesa(4));
        org.assign(id, {QStringLiteral("ann1"), QStringLiteral("ann2")});
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, org.assign(id, {QStringLiteral("ann3")}));
        QByteArray results[2];
        const QStringList names{QStringLiteral("ann1"), QStringLiteral("ann2")};
        for (int k = 0; k < 2; ++k) {
            const QByteArray package = org.exportPackage(id, names[k]);
            auto annotatorProject = storage::Project::open(dir.filePath(QStringLiteral("a%1.gauntlet").arg(k)));
            evaluate::CampaignStore mine(annotatorProject->database());
            const qint64 local = mine.importPackage(package, QStringLiteral("package.json"));
            QVERIFY_THROWS_EXCEPTION(storage::StoreError, mine.importPackage(package, QStringLiteral("package.json")));  // twice
            const Campaign c = mine.campaign(local);
            QCOMPARE(c.uid, org.campaign(id).uid);
            const Assignment a = mine.assignment(local, names[k]);
            QCOMPARE(a.items.size(), 4);
            for (const AssignedItem &item : a.items) {
                // ann1 likes sysA; ann2 agrees mostly
                const int sysAPos = item.systemOrder.indexOf(0);
                const int base = 30 + 10 * c.items[item.itemIndex].key.mid(2).toInt();  // ex1 -> 40 ... ex4 -> 70
                Answer s1 = complete(1, 0, 0);
                s1.judgements[sysAPos].score = 90;
                s1.judgements[1 - sysAPos].score = base + (k == 1 ? 5 : 0);
                s1.judgements[1 - sysAPos].spans = {{0, 1, Severity::Major, false}};
                mine.saveAnswer(local, names[k], c.items[item.itemIndex].key, s1);
                Answer s2 = s1;
                s2.stage = 2;
                s2.judgements[sysAPos].score = 80;
                mine.saveAnswer(local, names[k], c.items[item.itemIndex].key, s2);
                mine.log(local, names[k], c.items[item.itemIndex].key, 2, QStringLiteral("next"));
            }
            results[k] = mine.exportResults(local, names[k]);
        }
        const evaluate::ImportReport r1 = org.importResults(results[0], QStringLiteral("ann1.json"));
        QCOMPARE(r1.answers, 8);
        QCOMPARE(r1.annotator, QStringLiteral("ann1"));
        // duplicate import refused, nothing changes
        try {
            org.importResults(results[0], QStringLiteral("ann1-again.json"));
            QFAIL("duplicate accepted");
        } catch (const storage::StoreError &e) {
            QVERIFY(QString::fromStdString(e.what()).contains(QStringLiteral("ann1-again.json")));
            QVERIFY(QString::fromStdString(e.what()).contains(QStringLiteral("already imported")));
        }
        QCOMPARE(answerCount(*organiser), 8);
        // a result file of another campaign
        Campaign other = cesa(2);
        other.name = QStringLiteral("other");
        const qint64 otherId = org.createCampaign(other);
        org.assign(otherId, {QStringLiteral("ann1"), QStringLiteral("ann2")});
        QByteArray foreign = results[1];
        foreign.replace(org.campaign(id).uid.toUtf8(), org.campaign(otherId).uid.toUtf8());
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, org.importResults(foreign, QStringLiteral("foreign.json")));
        QByteArray unknown = results[1];
        unknown.replace(org.campaign(id).uid.toUtf8(), "00000000-0000-0000-0000-000000000000");
        try {
            org.importResults(unknown, QStringLiteral("unknown.json"));
            QFAIL("unknown campaign accepted");
        } catch (const storage::StoreError &e) {
            QVERIFY(QString::fromStdString(e.what()).contains(QStringLiteral("not in this project")));
        }
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, org.importResults(QByteArray("\xff\xfe{}"), QStringLiteral("binary.json")));
        QByteArray impostor = results[1];
        impostor.replace("\"annotator\": \"ann2\"", "\"annotator\": \"ann1\"");
        QVERIFY_THROWS_EXCEPTION(storage::StoreError, org.importResults(impostor, QStringLiteral("impostor.json")));
        QCOMPARE(answerCount(*organiser), 8);
        const evaluate::ImportReport r2 = org.importResults(results[1], QStringLiteral("ann2.json"));
        QCOMPARE(r2.answers, 8);
        QVERIFY(r2.logEntries >= 8 + 4);  // one "answer" per save + the "next" entries

        // results: sysA 90 everywhere -> first; per-stage shift of sysA is 80 - 90 = -10
        const CampaignResults res = computeResults(org.campaign(id), org.ratedItems(id));
        QCOMPARE(res.systems.size(), 2);
        QCOMPARE(res.systems[0].system, QStringLiteral("sysA"));
        QCOMPARE(res.systems[0].mean, 90.0);
        QCOMPARE(*res.systems[0].stageTwoShift, -10.0);
        // sysB: item means (40+45)/2, (50+55)/2, (60+65)/2, (70+75)/2 = 42.5 .. 72.5 -> 57.5
        QCOMPARE(res.systems[1].mean, 57.5);
        QCOMPARE(res.systems[1].majorSpans, 8);
        QVERIFY(res.agreement.alphaInterval.has_value());
        QCOMPARE(org.campaigns()[0].answers, 16);
        QCOMPARE(org.campaigns()[0].expectedAnswers, 16);
    }
};

GAUNTLET_TEST_MAIN(TestCampaignStore)
#include "tst_campaign_store.moc"
