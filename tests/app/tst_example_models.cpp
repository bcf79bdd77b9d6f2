// The example list and verdict matrix models under QAbstractItemModelTester, with their roles.
#include "engine/verify/example_store.h"
#include "engine/store/project.h"
#include "models/example_list_model.h"
#include "models/verdict_matrix_model.h"

#include <QAbstractItemModelTester>
#include <QTemporaryDir>
#include "tests/support/example_builder.h"
#include "tests/support/test_main.h"
#include <QtTest>

using namespace gauntlet;

class TestExampleModels : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void exampleList_filtersByStatus()
    {
        auto project = storage::Project::open(m_dir.filePath(QStringLiteral("m.gauntlet")), storage::Project::Options{false});
        verify::ExampleStore store(project->database());
        verify::ChallengeExample e = testing::makeExample(QStringLiteral("English"), QStringLiteral("Czech"), QStringLiteral("Two new nurses hold the world record."));
        e.author = QStringLiteral("ana");
        store.addExample(e);
        store.addExample(e);
        ExampleListModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setProject(project.get());
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(0, ExampleListModel::LanguagesColumn).data().toString(), QStringLiteral("English → Czech"));
        QCOMPARE(model.index(1, 0).data(ExampleListModel::ExampleIdRole).toLongLong(), 2);
        model.setStatusFilter({verify::ExampleStatus::Submitted});
        QCOMPARE(model.rowCount(), 0);
        model.setProject(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void verdictMatrix_cellsAndFlags()
    {
        verify::VerificationRule contains = testing::makeRule(QStringLiteral("orilla"), verify::VerificationRule::Kind::Contains);
        verify::VerificationRule river = contains;
        river.text = QStringLiteral("río");
        const QVector<verify::VerificationRule> rules{contains, river};
        const QStringList texts{QStringLiteral("La orilla del río"), QStringLiteral("El banco del río")};
        const auto outcome = verify::VerificationRunner::runBlocking(QStringLiteral("The bank of the river"), rules, texts, {});
        const verify::VerdictMatrix matrix = verify::buildVerdictMatrix(rules, texts[0], {{QStringLiteral("mt"), texts[1]}}, {}, outcome.verdicts);
        VerdictMatrixModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setMatrix(matrix);
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), VerdictMatrixModel::FirstRuleColumn + 2);
        QCOMPARE(model.index(0, VerdictMatrixModel::SystemColumn).data().toString(), QStringLiteral("Reference"));
        QCOMPARE(model.index(1, VerdictMatrixModel::OverallColumn).data().toString(), QStringLiteral("fail"));
        QCOMPARE(model.index(1, VerdictMatrixModel::FirstRuleColumn).data(VerdictMatrixModel::VerdictRole).toInt(), int(verify::Verdict::Fail));
        QCOMPARE(model.index(1, VerdictMatrixModel::FirstRuleColumn + 1).data().toString(), QStringLiteral("pass"));
        QVERIFY(model.headerData(VerdictMatrixModel::FirstRuleColumn + 1, Qt::Horizontal, VerdictMatrixModel::TestsNothingRole).toBool());
        QVERIFY(!model.headerData(VerdictMatrixModel::FirstRuleColumn, Qt::Horizontal, VerdictMatrixModel::TestsNothingRole).toBool());
        QVERIFY(model.index(1, VerdictMatrixModel::FirstRuleColumn).data(Qt::ToolTipRole).toString().contains(QStringLiteral("orilla")));
        model.setMatrix({});
        QCOMPARE(model.rowCount(), 0);
    }
};

GAUNTLET_GUI_TEST_MAIN(TestExampleModels)
#include "tst_example_models.moc"
