// The German translation is compiled in, loads when asked for, and covers the window's strings,
// the Evaluate workspace (annotation screen, results), Contribute / Review and the Augment and
// Coverage workspaces' page widgets.
#include "app/main_window.h"
#include "app/ui_language.h"
#include "app/workspaces/augment_queue_box.h"
#include "app/workspaces/augment_settings_form.h"
#include "app/workspaces/augment_workspace.h"
#include "app/workspaces/contribute_workspace.h"
#include "app/workspaces/coverage_workspace.h"
#include "app/workspaces/evaluate_annotation.h"
#include "app/workspaces/evaluate_workspace.h"
#include "engine/core/settings.h"

#include <QApplication>
#include <QFile>
#include <QRegularExpression>
#include <QGroupBox>
#include <QToolButton>
#include <QLabel>
#include <QPushButton>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTranslator>
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;

class TestTranslations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void chooseUiLanguage_followsSetting()
    {
        QCOMPARE(chooseUiLanguage(QStringLiteral("de")), QStringLiteral("de"));
        QCOMPARE(chooseUiLanguage(QStringLiteral("en")), QStringLiteral("en"));
        QLocale::setDefault(QLocale(QLocale::English));
    }

    void plurals_inBothLanguages()
    {
        // Issue 35: "1 Sammlungen". Counts use Qt's plural forms, in English too (stated by hand).
        const auto say = [](int n) { return QCoreApplication::translate("gauntlet::MainWindow", "%n seed set(s)", "", n); };
        const auto gate = [](int n) {
            return QCoreApplication::translate("gauntlet::AcceptanceGate", "%n MT output(s) have unknown verdicts and could still pass all rules.", "", n);
        };
        QTranslator english, german;
        QVERIFY(english.load(QStringLiteral(":/i18n/gauntlet_en.qm")));
        QVERIFY(german.load(QStringLiteral(":/i18n/gauntlet_de.qm")));
        QCoreApplication::installTranslator(&english);
        QCOMPARE(say(1), QStringLiteral("1 seed set"));
        QCOMPARE(say(2), QStringLiteral("2 seed sets"));
        QCOMPARE(say(0), QStringLiteral("0 seed sets"));
        QCOMPARE(gate(1), QStringLiteral("1 MT output has unknown verdicts and could still pass all rules."));
        QCoreApplication::removeTranslator(&english);
        QCoreApplication::installTranslator(&german);
        QCOMPARE(say(1), QStringLiteral("1 Sammlung"));
        QCOMPARE(say(3), QStringLiteral("3 Sammlungen"));
        // The gate's explanations (engine/verify) are German too.
        QCOMPARE(QCoreApplication::translate("gauntlet::AcceptanceGate", "The reference passes every rule."),
                 QStringLiteral("Die Referenz besteht jede Regel."));
        QCoreApplication::removeTranslator(&german);
    }

    void german_translatesWorkspaces()
    {
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/gauntlet_de.qm")));
        QVERIFY(!translator.isEmpty());
        QCOMPARE(installTranslations(*qApp, QStringLiteral("de")), QStringLiteral("de"));
        QTemporaryDir dir;
        core::Settings settings(dir.filePath(QStringLiteral("s.ini")));
        MainWindow window(&settings);
        const QStringList names = window.workspaceNames();
        QCOMPARE(names.size(), 4);
        QCOMPARE(names[0], QStringLiteral("Erweitern"));
        QCOMPARE(names[1], QStringLiteral("Beitragen"));
        QCOMPARE(names[2], QStringLiteral("Bewerten"));
        QCOMPARE(names[3], QStringLiteral("Abdeckung"));
    }

    void german_translatesEvaluateContributeReview()
    {
        QCOMPARE(installTranslations(*qApp, QStringLiteral("de")), QStringLiteral("de"));
        EvaluateWorkspace evaluate;
        QCOMPARE(evaluate.tabs()->tabText(0), QStringLiteral("Annotieren"));
        QCOMPARE(evaluate.tabs()->tabText(1), QStringLiteral("Ergebnisse"));
        QCOMPARE(evaluate.newProfileButton()->text(), QStringLiteral("Neues Profil..."));
        QCOMPARE(evaluate.resultsTable()->horizontalHeaderItem(0)->text(), QStringLiteral("Rang"));
        QCOMPARE(evaluate.annotationPanel()->nextButton()->text(), QStringLiteral("Weiter"));
        TranslationCard card(QStringLiteral("A"), QStringLiteral("Guten Morgen."));
        QCOMPARE(card.minorButton()->text(), QStringLiteral("Leicht (1)"));
        QCOMPARE(card.majorButton()->text(), QStringLiteral("Schwer (2)"));
        QVERIFY(card.scoreLabel()->text().contains(QStringLiteral("nicht gesetzt")));
        card.setScore(40);
        QVERIFY2(card.scoreLabel()->text().contains(QStringLiteral("grenzwertig")), qPrintable(card.scoreLabel()->text()));
        ContributeWorkspace contribute;
        QCOMPARE(contribute.tabs()->tabText(0), QStringLiteral("Beitragen"));
        QCOMPARE(contribute.tabs()->tabText(1), QStringLiteral("Prüfen"));
        // the Contribute page's parts translate in their own contexts
        QCOMPARE(contribute.findChild<QGroupBox *>(QStringLiteral("rulesEditor"))->title(), QStringLiteral("Prüfregeln"));
        const QAbstractItemModel *rules = contribute.findChild<QTableView *>(QStringLiteral("rulesTable"))->model();
        QCOMPARE(rules->headerData(0, Qt::Horizontal).toString(), QStringLiteral("Art"));  // RuleTableModel
        QCOMPARE(contribute.findChild<QToolButton *>(QStringLiteral("verifierChoiceButton"))->text(), QStringLiteral("Prüfer"));
    }

    void german_translatesAugmentPages()
    {
        // each page widget translates in its own context (the strings moved out of AugmentWorkspace)
        QCOMPARE(installTranslations(*qApp, QStringLiteral("de")), QStringLiteral("de"));
        AugmentWorkspace augment;
        QCOMPARE(augment.findChild<AugmentSettingsForm *>()->title(), QStringLiteral("Methode und Sucheinstellungen"));
        QCOMPARE(augment.findChild<AugmentQueueBox *>()->title(), QStringLiteral("Warteschlange"));
        QStringList buttons;
        for (const QPushButton *b : augment.findChildren<QPushButton *>())
            buttons << b->text();
        QVERIFY2(buttons.contains(QStringLiteral("Werte des Papers")), qPrintable(buttons.join(QLatin1Char('|'))));       // settings form
        QVERIFY2(buttons.contains(QStringLiteral("Als JSONL exportieren...")), qPrintable(buttons.join(QLatin1Char('|'))));  // History
        QStringList tabs;
        for (const QTabWidget *t : augment.findChildren<QTabWidget *>()) {
            for (int i = 0; i < t->count(); ++i)
                tabs << t->tabText(i);
        }
        QVERIFY2(tabs.contains(QStringLiteral("&Verlauf")), qPrintable(tabs.join(QLatin1Char('|'))));
        QStringList labels;
        for (const QLabel *l : augment.findChildren<QLabel *>())
            labels << l->text();
        QVERIFY2(labels.contains(QStringLiteral("Noch kein Lauf: Wählen Sie links Ausgangstexte und drücken Sie Start (Strg+R).")),
                 qPrintable(labels.join(QLatin1Char('|'))));  // Live
    }

    void german_translatesCoveragePages()
    {
        // each page widget translates in its own context (the strings moved out of CoverageWorkspace)
        QCOMPARE(installTranslations(*qApp, QStringLiteral("de")), QStringLiteral("de"));
        CoverageWorkspace coverage;
        QCOMPARE(coverage.findChild<QPushButton *>(QStringLiteral("drawSampleButton"))->text(), QStringLiteral("Stichprobe ziehen"));
        QCOMPARE(coverage.findChild<QTabWidget *>(QStringLiteral("coverageTabs"))->tabText(CoverageWorkspace::ChartsTab),
                 QStringLiteral("&Diagramme"));
        QStringList buttons;
        for (const QPushButton *b : coverage.findChildren<QPushButton *>())
            buttons << b->text();
        QVERIFY2(buttons.contains(QStringLiteral("JSON importieren...")), qPrintable(buttons.join(QLatin1Char('|'))));          // Taxonomies
        QVERIFY2(buttons.contains(QStringLiteral("Umklassifizieren rückgängig")), qPrintable(buttons.join(QLatin1Char('|'))));  // Corpora & Labels
        QVERIFY2(buttons.contains(QStringLiteral("Abbrechen")), qPrintable(buttons.join(QLatin1Char('|'))));                    // the workspace's status row
    }

    void german_samplerNamesOfTheCoverageCharts()
    {
        // The sampler names under the "Coverage by sampler" chart: a local lambda called tr had
        // lupdate file them under "gauntlet" while the code asked under CoverageChartsPage, so they
        // stayed English.
        QCOMPARE(installTranslations(*qApp, QStringLiteral("de")), QStringLiteral("de"));
        QCOMPARE(QCoreApplication::translate("gauntlet::CoverageChartsPage", "equal allocation"), QStringLiteral("gleiche Zuteilung"));
        QCOMPARE(QCoreApplication::translate("gauntlet::CoverageChartsPage", "lowest confidence first"),
                 QStringLiteral("geringste Konfidenz zuerst"));
    }

    void translationContexts_areClassesTheCodeAsksUnder()
    {
        // A context that is a bare namespace ("gauntlet") comes from tr() called outside a class
        // (a free function or a lambda named tr): lupdate files the string there, but the code
        // looks it up elsewhere at run time, so it is never translated.
        QFile ts(QStringLiteral(GAUNTLET_SOURCE_DIR "/translations/gauntlet_de.ts"));
        QVERIFY(ts.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(ts.readAll());
        const QRegularExpression context(QStringLiteral("<context>\\s*<name>([^<]*)</name>"));
        const QRegularExpression className(QStringLiteral("^(gauntlet::[A-Z][A-Za-z0-9]*|QObject|[A-Z][A-Za-z0-9]*)$"));
        int contexts = 0;
        for (auto it = context.globalMatch(text); it.hasNext(); ++contexts) {
            const QString name = it.next().captured(1);
            QVERIFY2(className.match(name).hasMatch(), qPrintable(QStringLiteral("context '%1' is not a class").arg(name)));
        }
        QVERIFY(contexts > 50);
    }
};

GAUNTLET_GUI_TEST_MAIN(TestTranslations)
#include "tst_translations.moc"
