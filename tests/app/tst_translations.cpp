// The German translation is compiled in, loads when asked for, and covers the window's strings.
#include "app/main_window.h"
#include "app/translator.h"
#include "engine/core/settings.h"

#include <QApplication>
#include <QTemporaryDir>
#include <QTranslator>
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

    void german_translatesWorkspaces()
    {
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/gauntlet_de.qm")));
        QVERIFY(!translator.isEmpty());
        QCOMPARE(installTranslations(*qApp, QStringLiteral("de")), QStringLiteral("de"));
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("s.ini")));
        MainWindow window(&settings);
        const QStringList names = window.workspaceNames();
        QCOMPARE(names.size(), 4);
        QCOMPARE(names[0], QStringLiteral("Erweitern"));
        QCOMPARE(names[1], QStringLiteral("Beitragen"));
        QCOMPARE(names[2], QStringLiteral("Bewerten"));
        QCOMPARE(names[3], QStringLiteral("Abdeckung"));
    }
};

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
