// SeedSetModel over a real project, checked by QAbstractItemModelTester.
#include "engine/store/project.h"
#include "models/seed_set_model.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include "tests/support/temporary_project.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;

class TestSeedSetModel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void model_followsStore()
    {
        auto [dir, project] = testing::TemporaryProject(QStringLiteral("m.gauntlet"));
        SeedSetModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QCOMPARE(model.rowCount(), 0);
        model.setProject(project.get());
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, SeedSetModel::NameColumn).data().toString(), QStringLiteral("flores200-devtest"));
        storage::SeedRecord r;
        r.text = QStringLiteral("A new seed.");
        project->seeds().addSet(QStringLiteral("a-first"), {r}, QStringLiteral("test"));
        QCOMPARE(model.reload(), QString());
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, SeedSetModel::NameColumn).data().toString(), QStringLiteral("a-first"));
        QCOMPARE(model.index(0, SeedSetModel::CountColumn).data().toInt(), 1);
        QVERIFY(model.index(0, 0).data(SeedSetModel::SetIdRole).toLongLong() > 0);
        QCOMPARE(model.headerData(SeedSetModel::CountColumn, Qt::Horizontal).toString(), QStringLiteral("Seeds"));
        model.setProject(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }
};

GAUNTLET_TEST_MAIN(TestSeedSetModel)
#include "tst_seed_set_model.moc"
