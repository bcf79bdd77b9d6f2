// History's run table (issue 34 item 9): the settings that differ, sorting, filtering, tags and
// notes stored at once, the selection kept when the table is re-read, delete with undo (every row
// of every run table back as it was), a settings diff of two runs, one chart overlaying several
// runs' objective, and Run Again with the run's own settings.

#include "app/main_window.h"
#include "app/workspaces/augment_history_page.h"
#include "app/workspaces/augment_session.h"
#include "app/workspaces/augment_workspace.h"
#include "app/workspaces/run_table_dialogs.h"
#include "engine/ato/model_pack.h"
#include "engine/ato/run_history.h"
#include "engine/ato/run_settings.h"
#include "engine/ato/run_store.h"
#include "engine/core/settings.h"
#include "engine/store/project.h"
#include "models/run_history_model.h"
#include "tests/ato/ato_test_support.h"
#include "widgets/trace_view.h"

#include <QChart>
#include <QChartView>
#include <QLineEdit>
#include <QLineSeries>
#include <QPushButton>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include "tests/support/show_widget.h"
#include "tests/support/small_search.h"
#include "tests/support/test_main.h"
#include <QtTest>

#include <cmath>

using namespace gauntlet;

namespace {

ato::AtoConfig config(int beamWidth, ato::Method method = ato::Method::Direct)
{
    ato::AtoConfig c = gauntlet::testing::smallSearch(2, beamWidth);
    c.method = method;
    return c;
}

/// Stores a finished run whose best L per step is `losses` (step 0 = the seed) and whose output has D `outputD`.
qint64 storeRun(storage::Database &db, const std::string &seed, const ato::AtoConfig &c, const std::vector<double> &losses, double outputD, int phase2From = -1)
{
    ato::RunStore store(db, std::nullopt);
    store.runStarted({seed, c, nlohmann::json::object()});
    for (size_t i = 0; i < losses.size(); ++i) {
        ato::StepFinishedEvent e;
        e.step = int(i);
        e.phase = phase2From >= 0 && int(i) >= phase2From ? 2 : 1;
        const std::string text = i == 0 ? seed : seed + " v" + std::to_string(i);
        ato::BeamMemberRecord m{0, text, {0, std::int64_t(i + 3), 2}, {}, false, i == 0 ? -1 : 0, {}, {}};
        m.values.loss = losses[i];
        m.values.difficulty = i == 0 ? 0.7 : outputD;
        e.beam.push_back(m);
        e.bestLoss = e.meanLoss = losses[i];
        if (i > 0) {
            e.candidates.push_back({text, m.ids, m.values});
            e.pool.push_back({text, m.values, 0, 1, ato::CandidateFate::Kept, ""});
            e.pool.push_back({text + " x", {}, 0, 1, ato::CandidateFate::Vocabulary, "not in the vocabulary: x"});
        }
        store.stepFinished(e);
    }
    ato::RunResult r;
    r.seedText = seed;
    r.outputText = seed + " v" + std::to_string(losses.size() - 1);
    r.selectedBy = "lowest-perplexity";
    r.values.difficulty = outputD;
    r.step = int(losses.size()) - 1;
    ato::RunEndedEvent ended;
    ended.result = r;
    store.runEnded(ended);
    return store.runId();
}

/// Every row of every table with a run_id (and runs), as text, for byte-for-byte comparisons.
QStringList dumpRunTables(storage::Database &db)
{
    QStringList out;
    QStringList tables{QStringLiteral("runs")};
    storage::SqlQuery t(db, QStringLiteral("SELECT m.name FROM sqlite_master m WHERE m.type = 'table' AND m.name <> 'runs' "
                                  "AND EXISTS (SELECT 1 FROM pragma_table_info(m.name) c WHERE c.name = 'run_id') ORDER BY m.name"));
    t.exec();
    while (t.next())
        tables << t.value(0).toString();
    for (const QString &table : tables) {
        storage::SqlQuery q(db, QStringLiteral("SELECT * FROM \"%1\" ORDER BY 1, 2, 3").arg(table));
        q.exec();
        while (q.next()) {
            QStringList cells{table};
            for (int c = 0; q.value(c).isValid(); ++c)
                cells << (q.value(c).isNull() ? QStringLiteral("NULL") : q.value(c).toString());
            out << cells.join(QLatin1Char('|'));
        }
    }
    return out;
}

}  // namespace

class TestAugmentRunTable : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void runTable_settingsSortFilterTagsDeleteUndoDiffOverlay()
    {
        const QString projectPath = m_dir.filePath(QStringLiteral("table.gauntlet"));
        qint64 a = 0, b = 0, c = 0;
        {
            auto project = storage::Project::open(projectPath);
            a = storeRun(project->database(), "The committee met on Monday.", config(4), {0.9, 0.8, 0.7}, 0.61);
            b = storeRun(project->database(), "The council met on Tuesday.", config(8), {0.95, 0.85, 0.65}, 0.52);
            c = storeRun(project->database(), "The board met on Friday.", config(4, ato::Method::TwoPhase), {0.9, 0.75, 210, 190}, 0.58, 2);
        }
        core::Settings settings(m_dir.filePath(QStringLiteral("table.ini")));
        MainWindow window(&settings);
        QVERIFY(testing::showExposed(window, {1280, 720}));
        QCOMPARE(window.openProject(projectPath, false), QString());
        auto *augment = qobject_cast<AugmentWorkspace *>(window.workspace(0));
        augment->showTab(AugmentWorkspace::HistoryTab);
        AugmentHistoryPage *page = augment->historyPage();
        QTableView *table = page->historyView();
        QSortFilterProxyModel *proxy = page->proxy();
        QCOMPARE(proxy->rowCount(), 3);

        // The settings that differ between the three runs: beam_width only (the method has its column).
        RunHistoryModel *model = augment->historyModel();
        QCOMPARE(model->differingSettings(), std::vector<std::string>{"beam_width"});
        const auto cell = [&](int viewRow, int column) { return proxy->index(viewRow, column).data().toString(); };
        const auto rowOfRun = [&](qint64 id) {
            for (int r = 0; r < proxy->rowCount(); ++r)
                if (proxy->index(r, 0).data(RunHistoryModel::RunIdRole).toLongLong() == id)
                    return r;
            return -1;
        };
        QCOMPARE(cell(rowOfRun(b), RunHistoryModel::SettingsColumn), QStringLiteral("beam_width 8"));
        QCOMPARE(cell(rowOfRun(a), RunHistoryModel::SettingsColumn), QStringLiteral("beam_width 4"));

        // Sorting by D sorts by the output's D (0.52 < 0.58 < 0.61).
        table->sortByColumn(RunHistoryModel::DifficultyColumn, Qt::AscendingOrder);
        QCOMPARE(proxy->index(0, 0).data(RunHistoryModel::RunIdRole).toLongLong(), b);
        QCOMPARE(proxy->index(1, 0).data(RunHistoryModel::RunIdRole).toLongLong(), c);
        QCOMPARE(proxy->index(2, 0).data(RunHistoryModel::RunIdRole).toLongLong(), a);

        // Tags and notes are edited in the table and stored at once (cleaned: trimmed, no repeats).
        QVERIFY(proxy->flags(proxy->index(rowOfRun(a), RunHistoryModel::TagsColumn)) & Qt::ItemIsEditable);
        QVERIFY(proxy->setData(proxy->index(rowOfRun(a), RunHistoryModel::TagsColumn), QStringLiteral(" baseline ,  paper,baseline")));
        QVERIFY(proxy->setData(proxy->index(rowOfRun(c), RunHistoryModel::NoteColumn), QStringLiteral("  phase 2 moved little ")));
        {
            auto project = storage::Project::open(projectPath);  // a second connection reads what was stored
            ato::RunHistory history(project->database());
            QCOMPARE(history.run(a)->tags, QStringLiteral("baseline, paper"));
            QCOMPARE(history.run(c)->note, QStringLiteral("phase 2 moved little"));
        }
        page->filterEdit()->setText(QStringLiteral("BASELINE"));
        QCOMPARE(proxy->rowCount(), 1);
        QCOMPARE(proxy->index(0, 0).data(RunHistoryModel::RunIdRole).toLongLong(), a);
        page->filterEdit()->setText(QStringLiteral("beam_width 8"));
        QCOMPARE(proxy->rowCount(), 1);
        page->filterEdit()->clear();
        QCOMPARE(proxy->rowCount(), 3);

        // The replayed run stays selected when the table is read again (Create Example does that).
        table->selectRow(rowOfRun(b));
        QCOMPARE(page->replayView()->runId(), b);
        page->reloadHistory();
        QCOMPARE(page->selectedRunIds(), std::vector<qint64>{b});

        // Settings diff of two runs: the differing settings with each run's value.
        table->clearSelection();
        table->selectionModel()->select(proxy->index(rowOfRun(a), 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        table->selectionModel()->select(proxy->index(rowOfRun(c), 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        auto *diff = qobject_cast<SettingsDiffDialog *>(page->showSettingsDiff());
        QVERIFY(diff);
        QStringList diffRows;
        for (int r = 0; r < diff->table()->rowCount(); ++r)
            diffRows << diff->table()->item(r, 0)->text() + u'=' + diff->table()->item(r, 1)->text() + u'/' + diff->table()->item(r, 2)->text();
        const std::vector<qint64> pair = page->selectedRunIds();
        const bool aFirst = pair.front() == a;
        QVERIFY2(diffRows.contains(aFirst ? QStringLiteral("method=direct/two-phase") : QStringLiteral("method=two-phase/direct")), qPrintable(diffRows.join(u';')));
        // every other row is a setting that differs in the stored configs
        const auto differences = ato::settingDifferences(ato::runDefiningSettings(config(4)), ato::runDefiningSettings(config(4, ato::Method::TwoPhase)));
        QCOMPARE(diffRows.size(), int(differences.size()));
        diff->close();

        // Overlay of three runs: one best-L line each with the stored steps' best L.
        table->selectAll();
        auto *overlay = qobject_cast<RunOverlayDialog *>(page->showOverlay());
        QVERIFY(overlay);
        int lines = 0;
        for (QAbstractSeries *s : overlay->chartView()->chart()->series()) {
            auto *line = qobject_cast<QLineSeries *>(s);
            QVERIFY(line);
            if (line->name().endsWith(QLatin1String(" PPL"))) {
                QVERIFY(line->name().startsWith(QStringLiteral("Run %1 ").arg(c)));
                QCOMPARE(line->count(), 2);  // phase 2's steps 2 and 3
                QCOMPARE(line->at(1).y(), 190.0);
                continue;
            }
            ++lines;
            if (line->name().startsWith(QStringLiteral("Run %1 ").arg(b))) {
                QCOMPARE(line->count(), 3);
                QCOMPARE(line->at(2), QPointF(2, 0.65));
            }
        }
        QCOMPARE(lines, 3);
        overlay->close();

        // Delete two runs, then undo: every row of every run table is back as it was.
        QStringList before;
        {
            auto project = storage::Project::open(projectPath);
            before = dumpRunTables(project->database());
        }
        QVERIFY(before.filter(QRegularExpression(QStringLiteral("^step_pool\\|"))).size() > 0);
        table->clearSelection();
        table->selectionModel()->select(proxy->index(rowOfRun(a), 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        table->selectionModel()->select(proxy->index(rowOfRun(b), 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        QCOMPARE(page->deleteSelected(false), QString());
        QCOMPARE(proxy->rowCount(), 1);
        QVERIFY(page->canUndoDelete());
        {
            auto project = storage::Project::open(projectPath);
            storage::Database &db = project->database();
            QCOMPARE(db.scalar(QStringLiteral("SELECT count(*) FROM runs WHERE id IN (%1, %2)").arg(a).arg(b)).toInt(), 0);
            for (const char *t : {"run_steps", "beam_members", "archive_candidates", "step_pool", "run_results"})
                QVERIFY2(db.scalar(QStringLiteral("SELECT count(*) FROM %1 WHERE run_id IN (%2, %3)").arg(QLatin1String(t)).arg(a).arg(b)).toInt() == 0, t);
            QVERIFY(db.scalar(QStringLiteral("SELECT count(*) FROM step_pool WHERE run_id = %1").arg(c)).toInt() > 0);
            QCOMPARE(ato::RunHistory(project->database()).runs().size(), 1);
        }
        QCOMPARE(page->undoDelete(), QString());
        QCOMPARE(proxy->rowCount(), 3);
        QVERIFY(!page->canUndoDelete());
        {
            auto project = storage::Project::open(projectPath);
            QCOMPARE(dumpRunTables(project->database()), before);
        }

        if (const QString shots = qEnvironmentVariable("GAUNTLET_SCREENSHOT_DIR"); !shots.isEmpty()) {
            table->selectRow(0);
            for (const QSize size : {QSize(1280, 720), QSize(1600, 1000)}) {
                window.resize(size);
                QTest::qWait(300);
                QVERIFY(window.grab().save(QDir(shots).filePath(QStringLiteral("augment-run-table-%1x%2.png").arg(size.width()).arg(size.height()))));
            }
        }
    }

    void runAgain_startsTheSeedWithTheRunsSettings()
    {
        const QString projectPath = m_dir.filePath(QStringLiteral("again.gauntlet"));
        ato::AtoConfig stored = config(3);
        stored.steps = 1;
        stored.seed = 77;
        stored.grammarGuard = stored.vocabularyGuard = false;
        qint64 first = 0;
        {
            auto project = storage::Project::open(projectPath);
            first = storeRun(project->database(), "Scientists said the new drug could help patients.", stored, {0.9, 0.8}, 0.6);
        }
        core::Settings settings(m_dir.filePath(QStringLiteral("again.ini")));
        MainWindow window(&settings);
        QCOMPARE(window.openProject(projectPath, false), QString());
        auto *augment = qobject_cast<AugmentWorkspace *>(window.workspace(0));
        augment->setModelPackFolder(ato_test::modelsDir());  // tiny fixtures: the settings matter here, not the models
        augment->setForm(config(16));                          // the form holds other settings
        QSignalSpy finished(augment->session(), &AugmentSession::jobFinished);
        QCOMPARE(augment->runAgain(first), QString());
        QVERIFY(finished.wait(300000));
        auto project = storage::Project::open(projectPath);
        const QVector<ato::RunSummary> runs = ato::RunHistory(project->database()).runs();
        QCOMPARE(runs.size(), 2);
        const ato::RunSummary &again = runs.front();  // newest first
        QVERIFY(again.id != first);
        QCOMPARE(again.seedText, QStringLiteral("Scientists said the new drug could help patients."));
        const auto settingsOf = [](const ato::RunSummary &r) {
            return ato::runDefiningSettings(ato::configFromJson(nlohmann::json::parse(r.configJson.toStdString())));
        };
        nlohmann::json want = settingsOf(runs.back());
        nlohmann::json got = settingsOf(again);
        // the model pack's recommended lambdas and folders are the pack's; every search setting is the run's
        for (const char *key : {"beam_width", "shortlist_size", "candidates_per_member", "random_injections", "steps", "seed", "method"})
            QVERIFY2(got.value(key, nlohmann::json()) == want.value(key, nlohmann::json()), key);
    }
};

GAUNTLET_GUI_TEST_MAIN(TestAugmentRunTable)
#include "tst_augment_run_table.moc"
