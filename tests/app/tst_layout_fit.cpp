// Issue 35: every page fits a 1280x720 laptop screen (and 1366x768; 1600x1000 as a desktop), in
// English and in German.
// The main window is opened on a project with realistic content (a long example with ten
// systems' translations and ten rules, seeds), then every workspace and every tab page is shown in
// turn. It fails where the window's minimum size exceeds the screen, where the window resizes
// itself after it is shown, and on every finding of tests/support/layout_check.h (text cut,
// widgets covered by a sibling, text clipped outside a scroll area). Each case's screenshot is
// saved to GAUNTLET_SCREENSHOT_DIR (default: the build's screenshots/layout) for review.
#include "app/main_window.h"
#include "app/workspaces/coverage_corpus_import_dialog.h"
#include "app/workspaces/evaluate_new_campaign.h"
#include "app/workspaces/seed_picker_dialog.h"
#include "app/workspaces/systems_dialog.h"
#include "engine/ato/run_store.h"
#include "engine/evaluate/campaign_store.h"
#include "app/workspaces/contribute_page.h"
#include "app/workspaces/contribute_workspace.h"
#include "engine/core/settings.h"
#include "engine/store/project.h"
#include "engine/verify/example_store.h"
#include "tests/support/layout_check.h"

#include "tests/support/campaign_builder.h"
#include "tests/support/example_builder.h"
#include "tests/support/show_widget.h"
#include "tests/support/test_files.h"
#include "tests/support/screenshots.h"
#include "tests/support/test_main.h"
#include <QtTest>

#include <QDialog>
#include <QDir>
#include <QFile>
#include <QSet>

#include <memory>
#include <vector>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTranslator>

using namespace gauntlet;

namespace {

QString screenshotDir()
{
    return testing::screenshotDir(QStringLiteral(GAUNTLET_BINARY_DIR "/screenshots/layout"));
}

/// A project as a contributor has it after a day's work: seeds, and one long example translated
/// by ten systems with ten rules (the editor's and review's largest content).
qint64 fillProject(storage::Project &project)
{
    verify::ExampleStore store(project.database());
    verify::ChallengeExample e;
    e.author = QStringLiteral("ana");
    e.sourceLanguage = QStringLiteral("English");
    e.targetLanguage = QStringLiteral("German");
    e.sourceText = QStringLiteral(
        "The committee, which had been meeting behind closed doors since early spring, finally agreed that the bank on the "
        "river's western bank would not be closed until every depositor had been told, in writing and in person, what would "
        "happen to their savings.");
    e.reference = QStringLiteral(
        "Der Ausschuss, der seit dem Frühjahr hinter verschlossenen Türen getagt hatte, einigte sich schließlich darauf, dass "
        "die Bank am Westufer des Flusses erst geschlossen wird, wenn jeder Einleger schriftlich und persönlich erfahren hat, "
        "was mit seinen Ersparnissen geschieht.");
    e.instructions = QStringLiteral("Keep the two senses of \"bank\" apart.");
    const qint64 id = store.addExample(e);
    QVector<verify::VerificationRule> rules;
    for (int i = 0; i < 10; ++i) {
        verify::VerificationRule rule = testing::makeRule(QStringLiteral("Westufer des Flusses, Regel %1").arg(i + 1), verify::VerificationRule::Kind::Contains);
        rules << rule;
    }
    store.setRules(id, rules);
    for (int s = 0; s < 10; ++s)
        store.setTranslation(id, QStringLiteral("system-with-a-long-name-%1").arg(s + 1), QStringLiteral("manual"),
                             QStringLiteral("Der Ausschuss einigte sich darauf, dass die Bank am Flussufer nicht geschlossen wird, "
                                            "bevor jeder Einleger informiert wurde (Variante %1).")
                                 .arg(s + 1));
    return id;
}

/// An ESA campaign of three long items for the annotators, and a stored ATO run with a long seed
/// (the Evaluate and Augment pages' largest content).
void fillCampaignAndRun(storage::Project &project, const QStringList &annotators)
{
    using namespace gauntlet::evaluate;
    gauntlet::evaluate::CampaignStore campaigns(project.database());
    Campaign c = testing::makeCampaign(QStringLiteral("A campaign with a long name for the two-stage error-span annotation of news"), Protocol::Esa);
    for (int i = 0; i < 3; ++i) {
        CampaignItem item = testing::makeItem(
            QStringLiteral("s%1").arg(i + 1),
            QStringLiteral("The committee, which had been meeting behind closed doors since early spring, finally agreed "
                           "that the bank would not be closed until every depositor had been told what would happen."),
            {{QStringLiteral("system-with-a-long-name"),
              QStringLiteral("Der Ausschuss, der seit dem Frühjahr hinter verschlossenen Türen getagt hatte, einigte sich "
                             "schließlich darauf, dass die Bank erst geschlossen wird, wenn jeder Einleger informiert ist.")}});
        c.items << item;
    }
    campaigns.assign(campaigns.createCampaign(c), annotators);

    ato::RunStore runs(project.database(), std::nullopt);
    const std::string seed = "The committee, which had been meeting behind closed doors since early spring, finally agreed on the budget.";
    runs.runStarted({seed, ato::AtoConfig(), nlohmann::json::object()});
    ato::StepFinishedEvent first;
    first.beam.push_back({0, seed, {0, 5, 2}, {}, false, -1, {}, {}});
    runs.stepFinished(first);
    ato::RunResult result;
    result.outputText = "The panel, which had been meeting behind closed doors since early spring, finally agreed on the budget.";
    result.selectedBy = "most-plausible-harder";
    result.step = 1;
    ato::RunEndedEvent ended;
    ended.result = result;
    runs.runEnded(ended);
}

}  // namespace

class TestLayoutFit : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QSet<QString> m_seen;

    /// Shows every workspace and every tab page (nested ones too) and checks each; `visited`
    /// collects the pages' names.
    void checkPages(MainWindow &window, const QSize &size, const QString &language, QStringList *findings, int *pages)
    {
        for (int w = 0; w < 4; ++w) {
            window.showWorkspace(w);
            QCoreApplication::processEvents();
            QWidget *workspace = window.workspace(w);
            const QString workspaceName = window.workspaceNames().value(w);
            QList<QTabWidget *> tabs;
            for (QTabWidget *t : workspace->findChildren<QTabWidget *>()) {
                if (t->isVisible())
                    tabs << t;
            }
            const auto check = [&](const QString &page) {
                QCoreApplication::processEvents();
                ++*pages;
                const QString where = QStringLiteral("%1 %2x%3 %4").arg(language).arg(size.width()).arg(size.height()).arg(page);
                if (window.size() != size)
                    *findings << QStringLiteral("%1: the window resized itself to %2x%3").arg(where).arg(window.width()).arg(window.height());
                for (const QString &f : testing::layoutFindings(&window)) {
                    if (!m_seen.contains(f)) {  // a widget seen on several pages is reported once
                        m_seen.insert(f);
                        *findings << where + QStringLiteral(": ") + f;
                    }
                }
                QString file = QStringLiteral("%1-%2x%3-%4.png").arg(language).arg(size.width()).arg(size.height()).arg(page);
                file.replace(u' ', u'-').replace(u'/', u'-');
                window.grab().save(QDir(screenshotDir()).filePath(file));
            };
            if (tabs.isEmpty()) {
                check(workspaceName);
                continue;
            }
            for (QTabWidget *t : tabs) {
                for (int i = 0; i < t->count(); ++i) {
                    t->setCurrentIndex(i);
                    check(workspaceName + u' ' + t->tabText(i).remove(u'&'));
                }
                t->setCurrentIndex(0);
            }
        }
    }

    /// The dialogs a user opens from the workspaces: each must fit the screen, and is checked as a page.
    void checkDialogs(MainWindow &window, const QSize &screen, const QString &language, QStringList *findings)
    {
        QTemporaryDir dir;
        const QString corpus = dir.filePath(QStringLiteral("corpus.tsv"));
        {
            QVERIFY(testing::writeFile(corpus, "source\ttarget\tsystem\tdocument\nThe committee met.\tDer Ausschuss tagte.\tsystem-a\tdoc-1\n"));
        }
        std::vector<std::pair<QString, std::unique_ptr<QDialog>>> dialogs;
        dialogs.emplace_back(QStringLiteral("systems-dialog"), std::make_unique<SystemsDialog>(window.project(), &window));
        dialogs.emplace_back(QStringLiteral("seed-picker"), std::make_unique<SeedPickerDialog>(*window.project(), &window));
        dialogs.emplace_back(QStringLiteral("corpus-import"), std::make_unique<CoverageCorpusImportDialog>(corpus, &window));
        dialogs.emplace_back(QStringLiteral("new-campaign"),
                             std::make_unique<NewCampaignDialog>(QStringList{QStringLiteral("ana"), QStringLiteral("bob")}, &window));
        for (auto &[name, dialog] : dialogs) {
            const QString where = QStringLiteral("%1 %2x%3 %4").arg(language).arg(screen.width()).arg(screen.height()).arg(name);
            dialog->show();
            QVERIFY(QTest::qWaitForWindowExposed(dialog.get()));
            QCoreApplication::processEvents();
            const QSize need = dialog->minimumSizeHint().expandedTo(dialog->minimumSize());
            if (need.width() > screen.width() || need.height() > screen.height() - 40)
                *findings << QStringLiteral("%1: needs at least %2x%3").arg(where).arg(need.width()).arg(need.height());
            if (dialog->width() > screen.width() || dialog->height() > screen.height() - 40)
                *findings << QStringLiteral("%1: opens at %2x%3").arg(where).arg(dialog->width()).arg(dialog->height());
            for (const QString &f : testing::layoutFindings(dialog.get()))
                *findings << where + QStringLiteral(": ") + f;
            dialog->grab().save(QDir(screenshotDir()).filePath(QStringLiteral("%1-%2x%3-%4.png").arg(language).arg(screen.width()).arg(screen.height()).arg(name)));
            dialog->hide();
        }
    }

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void everyPage_fitsALaptopScreen_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QSize>("size");
        for (const char *language : {"en", "de"}) {
            for (const QSize size : {QSize(1280, 720), QSize(1366, 768), QSize(1600, 1000)})
                QTest::addRow("%s %dx%d", language, size.width(), size.height()) << QString::fromLatin1(language) << size;
        }
    }

    void everyPage_fitsALaptopScreen()
    {
        QFETCH(QString, language);
        QFETCH(QSize, size);
        m_seen.clear();
        QTranslator translator;
        if (language == QLatin1String("de")) {
            QVERIFY(translator.load(QStringLiteral(":/i18n/gauntlet_de.qm")));
            QCoreApplication::installTranslator(&translator);
        }
        const QString path = m_dir.filePath(QStringLiteral("layout-%1-%2.gauntlet").arg(language).arg(size.width()));
        qint64 example = 0;
        {
            auto project = storage::Project::open(path, storage::Project::Options{false});
            example = fillProject(*project);
            fillCampaignAndRun(*project, {qEnvironmentVariable("USER", QStringLiteral("anonymous")), QStringLiteral("ana")});
        }
        core::Settings settings(m_dir.filePath(QStringLiteral("layout-%1-%2.ini").arg(language).arg(size.width())));
        {
            MainWindow window(&settings);
            QCOMPARE(window.openProject(path, true), QString());
            // The window's minimum must fit the screen; then it is shown at the screen's size.
            QStringList findings;
            const QSize minimum = window.minimumSizeHint().expandedTo(window.minimumSize());
            if (minimum.width() > size.width() || minimum.height() > size.height())
            {
                QString parts;
                for (int w = 0; w < 4; ++w) {
                    const QSize need = window.workspace(w)->minimumSizeHint();
                    parts += QStringLiteral(" %1 %2x%3").arg(window.workspaceNames().value(w)).arg(need.width()).arg(need.height());
                }
                findings << QStringLiteral("the window needs at least %1x%2 (workspaces:%3)").arg(minimum.width()).arg(minimum.height()).arg(parts);
                if (qEnvironmentVariableIsSet("GAUNTLET_LAYOUT_DEBUG")) {
                    for (int w = 0; w < 4; ++w) {
                        for (QTabWidget *t : window.workspace(w)->findChildren<QTabWidget *>()) {
                            for (int i = 0; i < t->count(); ++i) {
                                QString chain;
                                const QWidget *x = t->widget(i);
                                while (x) {
                                    chain += QStringLiteral(" > %1 %2 %3").arg(QString::fromLatin1(x->metaObject()->className()), x->objectName()).arg(x->minimumSizeHint().width());
                                    const QWidget *widest = nullptr;
                                    for (const QWidget *c : x->findChildren<QWidget *>(Qt::FindDirectChildrenOnly))
                                        if (!c->isWindow() && (!widest || c->minimumSizeHint().width() > widest->minimumSizeHint().width()))
                                            widest = c;
                                    x = widest;
                                }
                                qInfo("%d/%d:%s", w, i, qPrintable(chain));
                            }
                        }
                    }
                }
            }
            window.setMinimumSize(0, 0);  // the findings below as the window would be at this screen
            window.resize(size);
            QVERIFY(testing::showExposed(window));
            auto *contribute = qobject_cast<ContributeWorkspace *>(window.workspace(1));
            QVERIFY(contribute);
            contribute->showExample(example);
            int pages = 0;
            checkPages(window, size, language, &findings, &pages);
            QVERIFY(pages >= 8);
            QCOMPARE(window.importSeedFile(QStringLiteral(GAUNTLET_SOURCE_DIR "/resources/seeds/flores200-devtest.tsv"), true), QString());
            checkDialogs(window, size, language, &findings);
            qInfo("%d pages checked", pages);
            for (const QString &f : findings)
                qWarning("%s", qPrintable(f));
            QVERIFY2(findings.isEmpty(), qPrintable(QStringLiteral("%1 findings:\n").arg(findings.size()) + findings.join(u'\n')));
        }
        QCoreApplication::removeTranslator(&translator);
    }
};

GAUNTLET_GUI_TEST_MAIN(TestLayoutFit)
#include "tst_layout_fit.moc"
