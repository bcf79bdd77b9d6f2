// What the command line offered and the Augment workspace did not (issue 36 item 3): the random
// words' bucket (all, common or rare words), the black-box MT term (a project MT system, where it
// acts, a chat system's target language) and --resume ("Skip seeds already finished" with these
// settings), read and written through the settings form and the setup panel; the skip is checked
// on real runs of the default model pack, counted in the project's stored runs.
#include "app/main_window.h"
#include "app/workspaces/augment_session.h"
#include "app/workspaces/augment_settings_form.h"
#include "app/workspaces/augment_setup_panel.h"
#include "app/workspaces/augment_workspace.h"
#include "engine/ato/model_pack.h"
#include "engine/ato/run_history.h"
#include "engine/core/settings.h"
#include "engine/store/project.h"
#include "engine/verify/example_store.h"
#include "tests/support/layout_check.h"
#include "tests/support/screenshots.h"
#include "tests/support/show_widget.h"
#include "tests/support/test_main.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>

using namespace gauntlet;

namespace {

QStringList itemsOf(const QComboBox *box)
{
    QStringList items;
    for (int i = 0; i < box->count(); ++i)
        items << box->itemData(i).toString();
    return items;
}

void choose(QComboBox *box, const QString &data)
{
    const int index = box->findData(data);
    QVERIFY2(index >= 0, qPrintable(data));
    box->setCurrentIndex(index);
}

}  // namespace

class TestAugmentGuiOptions : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void wordBucketAndMtTerm_readAndWrittenByTheForm()
    {
        AugmentSettingsForm form;
        QVERIFY(form.setMethod(QStringLiteral("direct")));
        QVERIFY(!form.wordBucketBox()->isEnabled());  // only the random-words baseline draws from a bucket
        QVERIFY(form.setMethod(QStringLiteral("random-words")));
        QVERIFY(form.wordBucketBox()->isEnabled());
        QCOMPARE(form.config().randomWordBucket, std::string("all"));
        choose(form.wordBucketBox(), QStringLiteral("rare"));
        QCOMPARE(form.config().randomWordBucket, std::string("rare"));

        // The MT term is off by default, and where it acts and its target language with it.
        QCOMPARE(form.config().mtTermSystem, std::string());
        QVERIFY(!form.mtTermWhereBox()->isEnabled() && !form.mtTermTargetEdit()->isEnabled());
        form.setMtSystems({QStringLiteral("apertium-eng-spa"), QStringLiteral("llm")});
        choose(form.mtTermSystemBox(), QStringLiteral("llm"));
        QVERIFY(form.mtTermWhereBox()->isEnabled() && form.mtTermTargetEdit()->isEnabled());
        choose(form.mtTermWhereBox(), QStringLiteral("beam"));
        form.mtTermTargetEdit()->setText(QStringLiteral(" Spanish "));
        ato::AtoConfig c = form.config();
        QCOMPARE(c.mtTermSystem, std::string("llm"));
        QCOMPARE(c.mtTermWhere, std::string("beam"));
        QCOMPARE(c.mtTermTargetLanguage, std::string("Spanish"));

        // Written back (Run Again, the remembered settings): a system the project no longer has is
        // kept, so the job names it when it cannot use it.
        c.mtTermSystem = "gone";
        c.randomWordBucket = "common";
        AugmentSettingsForm other;
        other.setMtSystems({QStringLiteral("apertium-eng-spa")});
        other.setConfig(c);
        QCOMPARE(other.config().mtTermSystem, std::string("gone"));
        QCOMPARE(other.config().mtTermWhere, std::string("beam"));
        QCOMPARE(other.config().mtTermTargetLanguage, std::string("Spanish"));
        QCOMPARE(other.config().randomWordBucket, std::string("common"));
        // The list of the project's systems may change under it: the choice stays.
        other.setMtSystems({QStringLiteral("apertium-eng-cat")});
        QCOMPARE(other.config().mtTermSystem, std::string("gone"));

        // Paper defaults reset the baselines' bucket (a setting of the paper) but not the MT term.
        auto *defaults = other.findChild<QPushButton *>(QStringLiteral("paperDefaultsButton"));
        QVERIFY(defaults);
        defaults->click();
        QCOMPARE(other.config().randomWordBucket, std::string("all"));
        QCOMPARE(other.config().mtTermSystem, std::string("gone"));
    }

    void settingsForm_fitsInEnglishAndGerman_data()
    {
        QTest::addColumn<QString>("language");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("de") << QStringLiteral("de");
    }
    void settingsForm_fitsInEnglishAndGerman()
    {
        // The new rows (word bucket, MT term, where it acts, its target) at the Augment panel's
        // width: every label and field is shown whole (tests/support/layout_check.h). With
        // GAUNTLET_SCREENSHOT_DIR the form is saved for a look.
        QFETCH(QString, language);
        QTranslator german;
        if (language == QLatin1String("de")) {
            QVERIFY(german.load(QStringLiteral(":/i18n/gauntlet_de.qm")));
            QCoreApplication::installTranslator(&german);
        }
        {
            AugmentSettingsForm form;
            form.setMtSystems({QStringLiteral("apertium-eng-spa"), QStringLiteral("llm")});
            QVERIFY(form.setMethod(QStringLiteral("random-words")));
            QVERIFY(testing::showExposed(form, {360, form.sizeHint().height()}));
            const QStringList findings = testing::layoutFindings(&form);
            QVERIFY2(findings.isEmpty(), qPrintable(findings.join(QLatin1Char('\n'))));
            testing::saveScreenshot(&form, QStringLiteral("augment-settings-form-%1.png").arg(language));
        }
        QCoreApplication::removeTranslator(&german);
    }

    void setupPanel_offersTheProjectsSystemsThatCompute()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("systems.gauntlet")));
        verify::ExampleStore store(project->database());
        translate::MtSystemConfig apertium;
        apertium.name = QStringLiteral("apertium-eng-spa");
        apertium.kind = translate::MtSystemConfig::Kind::Apertium;
        apertium.apertiumPair = QStringLiteral("eng-spa");
        store.saveMtSystem(apertium);
        translate::MtSystemConfig chat;
        chat.name = QStringLiteral("llm");
        chat.kind = translate::MtSystemConfig::Kind::Chat;
        chat.endpoint.baseUrl = QStringLiteral("http://127.0.0.1:9/v1");
        chat.endpoint.model = QStringLiteral("m");
        store.saveMtSystem(chat);
        translate::MtSystemConfig manual;  // pasted outputs: nothing to compute, never offered
        manual.name = QStringLiteral("by-hand");
        store.saveMtSystem(manual);

        AugmentSetupPanel panel;
        panel.setProject(project.get());
        QStringList offered = itemsOf(panel.settingsForm()->mtTermSystemBox());
        QCOMPARE(offered.takeFirst(), QString());  // "Off"
        offered.sort();
        QCOMPARE(offered, (QStringList{QStringLiteral("apertium-eng-spa"), QStringLiteral("llm")}));
        QVERIFY(!panel.skipFinishedSeeds());
        QVERIFY(panel.skipFinishedBox()->toolTip().contains(QStringLiteral("--resume")));
    }

    void skipFinished_runsOnlyTheSeedsWithoutAFinishedRun()
    {
        const ato::ModelPack pack = ato::defaultModelPack();
        QVERIFY2(!pack.difficulty.isEmpty(), "the default model pack (resources/models/default) is missing");
        core::Settings settings(m_dir.filePath(QStringLiteral("skip.ini")));
        MainWindow window(&settings);
        QVERIFY(testing::showExposed(window, {1500, 950}));
        QCOMPARE(window.openProject(m_dir.filePath(QStringLiteral("skip.gauntlet")), true), QString());
        auto *augment = qobject_cast<AugmentWorkspace *>(window.workspace(0));
        QVERIFY(augment);
        augment->setModelPackFolder(pack.folder);
        // The random-words baseline, unguarded: one step per seed, so the runs are quick, and each
        // run finishes (a guarded baseline may find no replacement its guards accept).
        ato::AtoConfig config = augment->configFromForm();
        config.method = ato::Method::RandomWords;
        config.threads = 1;
        config.grammarGuard = config.vocabularyGuard = config.wordRelations = config.trigramContext = false;
        augment->setForm(config);
        const QString first = QStringLiteral("The committee approved the new budget on Monday.");
        const QString second = QStringLiteral("Heavy rain closed several roads near the river.");
        const auto run = [&](const QString &seeds) {
            augment->setTypedSeeds(seeds);
            QSignalSpy finished(augment->session(), &AugmentSession::jobFinished);
            if (!augment->startRun())
                return false;
            return finished.wait(300000);
        };
        const auto runsOf = [&](const QString &seed) {
            int n = 0;
            for (const ato::RunSummary &r : ato::RunHistory(window.project()->database()).runs())
                n += r.seedText == seed && r.status == ato::RunStatus::Finished;
            return n;
        };
        QVERIFY(run(first));
        QCOMPARE(runsOf(first), 1);

        // Both seeds, the skip checked: only the second runs, and the warning says one was skipped.
        augment->setupPanel()->skipFinishedBox()->setChecked(true);
        QVERIFY(run(first + QLatin1Char('\n') + second));
        QCOMPARE(runsOf(first), 1);
        QCOMPARE(runsOf(second), 1);
        QVERIFY2(augment->warnings().join(QLatin1Char('\n')).contains(QStringLiteral("skipped")),
                 qPrintable(augment->warnings().join(QLatin1Char('\n'))));

        // Everything done: nothing starts, and the message says how to run them again.
        QVERIFY(!augment->startRun());
        QVERIFY2(augment->errors().join(QLatin1Char('\n')).contains(QStringLiteral("already have a finished run")),
                 qPrintable(augment->errors().join(QLatin1Char('\n'))));
        // Unchecked, the same seeds run again.
        augment->setupPanel()->skipFinishedBox()->setChecked(false);
        QVERIFY(run(first + QLatin1Char('\n') + second));
        QCOMPARE(runsOf(first), 2);
        QCOMPARE(runsOf(second), 2);
    }
};

GAUNTLET_GUI_TEST_MAIN(TestAugmentGuiOptions)
#include "tst_augment_gui_options.moc"
