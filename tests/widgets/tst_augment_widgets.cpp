// The Augment widgets offscreen over synthetic run events: the beam table's word tooltips, the
// objective chart's series, phase boundary and export, the best-path view's bold changes, and the
// trace view's step slider while steps stream in.
#include "models/beam_table_model.h"
#include "models/candidate_archive_model.h"
#include "models/step_stats_model.h"
#include "widgets/beam_table_view.h"
#include "widgets/best_path_view.h"
#include "widgets/objective_chart.h"
#include "widgets/trace_view.h"

#include <QApplication>
#include <QFile>
#include <QImage>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTextCursor>
#include <QTextDocument>
#include <QtTest>

using namespace gauntlet;

namespace {

constexpr double nan = ato::TermValues::unknown;

ato::BeamMemberRecord member(int rank, const std::string &text, double loss, double d, int parent = -1, double ppl = nan)
{
    ato::BeamMemberRecord m;
    m.rank = rank;
    m.text = text;
    m.values.loss = loss;
    m.values.difficulty = d;
    m.values.fluencyLoss = 0.01 * (rank + 1);
    m.values.cohesionLoss = 0.002 * rank;
    m.values.perplexity = ppl;
    m.parentRank = parent;
    return m;
}

ato::StepFinishedEvent step(int number, int phase, std::vector<ato::BeamMemberRecord> beam)
{
    ato::StepFinishedEvent e;
    e.step = number;
    e.phase = phase;
    e.beam = std::move(beam);
    e.bestLoss = e.beam.front().values.loss;
    double sum = 0;
    for (const auto &m : e.beam)
        sum += m.values.loss;
    e.meanLoss = sum / double(e.beam.size());
    for (const auto &m : e.beam)
        e.candidates.push_back({m.text, {}, m.values});
    return e;
}

/// Seed, two phase-1 steps, one phase-2 step (perplexity only).
std::vector<ato::StepFinishedEvent> run()
{
    std::vector<ato::StepFinishedEvent> steps;
    steps.push_back(step(0, 1, {member(0, "the cat sat on the mat", 0.9, 0.5)}));
    steps.push_back(step(1, 1, {member(0, "the dog sat on the mat", 0.7, 0.4, 0), member(1, "the cat sat on a mat", 0.8, 0.45, 0)}));
    steps.push_back(step(2, 1, {member(0, "the dog ran on the mat", 0.5, 0.3, 0), member(1, "the dog sat on a mat", 0.6, 0.35, 0)}));
    ato::BeamMemberRecord p2 = member(0, "the dog ran on the rug", 14, nan, 0, 14);
    p2.values.fluencyLoss = nan;
    p2.values.cohesionLoss = nan;
    steps.push_back(step(3, 2, {p2}));
    return steps;
}

bool isBold(QTextDocument *doc, const QString &word)
{
    QTextCursor c = doc->find(word);
    return !c.isNull() && c.charFormat().fontWeight() >= QFont::Bold;
}

}  // namespace

class TestAugmentWidgets : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void objectiveChart_seriesSkipUnknownValuesAndMarkPhase2()
    {
        StepStatsModel model;
        ObjectiveChart chart;
        chart.setStatsModel(&model);
        QCOMPARE(chart.pointCount(QStringLiteral("best L")), 0);
        const auto steps = run();
        model.addSteps({steps[0], steps[1]});
        QCOMPARE(chart.pointCount(QStringLiteral("best L")), 2);
        QCOMPARE(chart.phaseBoundary(), -1.0);
        model.addSteps({steps[2], steps[3]});
        QCOMPARE(chart.pointCount(QStringLiteral("best L")), 4);
        QCOMPARE(chart.pointCount(QStringLiteral("mean L")), 4);
        QCOMPARE(chart.pointCount(QStringLiteral("D")), 3);  // phase 2 has no D
        QCOMPARE(chart.pointCount(QStringLiteral("L_CoLA")), 3);
        QCOMPARE(chart.pointCount(QStringLiteral("L_cos")), 3);
        QCOMPARE(chart.phaseBoundary(), 2.5);
        model.clear();
        QCOMPARE(chart.pointCount(QStringLiteral("best L")), 0);
    }

    void objectiveChart_savesPngAndSvg()
    {
        StepStatsModel model;
        ObjectiveChart chart;
        chart.setStatsModel(&model);
        model.addSteps(run());
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("c.png"));
        QCOMPARE(chart.save(png, QSize(640, 400)), QString());
        QImage image(png);
        QCOMPARE(image.size(), QSize(1280, 800));
        const QString svg = dir.filePath(QStringLiteral("c.svg"));
        QCOMPARE(chart.save(svg, QSize(640, 400)), QString());
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("<polyline") || text.contains("<path"));
        QVERIFY(!chart.save(dir.filePath(QStringLiteral("no/such/folder/c.png"))).isEmpty());
    }

    void beamTable_tooltipNamesTheReplacedWord()
    {
        BeamTableModel model;
        const auto steps = run();
        model.setStep(steps[2], QStringLiteral("the cat sat on the mat"), steps[1].beam);
        BeamTableView view;
        view.setBeamModel(&model);
        view.resize(900, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QModelIndex text = model.index(0, BeamTableModel::TextColumn);
        const QRect rect = view.visualRect(text);
        QVERIFY(rect.width() > 100);
        QStringList tips;
        for (int x = 0; x < rect.width(); x += 3) {
            const QString tip = ChangesDelegate::wordTooltip(text, QPointF(x, 6), view.font(), rect.width() - 6);
            if (!tip.isEmpty() && !tips.contains(tip))
                tips << tip;
        }
        // "dog ran" replaced the seed's "cat sat" (one hunk); only "ran" changed in this step, replacing "sat"
        QVERIFY2(tips.contains(QStringLiteral("Seed had: cat sat")), qPrintable(tips.join(QLatin1Char('|'))));
        QVERIFY2(tips.contains(QStringLiteral("Seed had: cat sat\nPrevious step had: sat")), qPrintable(tips.join(QLatin1Char('|'))));
        QCOMPARE(tips.size(), 2);
        QVERIFY(!view.grab().isNull());
    }

    void bestPathView_boldsEachChange()
    {
        BestPathView view;
        const auto steps = run();
        view.setPath(bestPath(steps, 2));
        QCOMPARE(view.path().size(), 3);
        const QString plain = view.toPlainText();
        QVERIFY2(plain.contains(QStringLiteral("Seed")), qPrintable(plain));
        QVERIFY(plain.contains(QStringLiteral("Step 2")));
        QVERIFY(isBold(view.document(), QStringLiteral("ran")));
        QVERIFY(!isBold(view.document(), QStringLiteral("mat")));
        view.setPath({});
        QVERIFY(view.toPlainText().isEmpty());
    }

    void traceView_followsNewStepsUnlessMovedBack()
    {
        TraceView view;
        view.resize(1200, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const auto steps = run();
        view.beginRun(QStringLiteral("the cat sat on the mat"), 5);
        view.addSteps({steps[0]});
        QCOMPARE(view.currentIndex(), 0);
        QCOMPARE(view.beamModel()->rowCount(), 1);
        view.addSteps({steps[1], steps[2]});
        QCOMPARE(view.stepCount(), 3);
        QCOMPARE(view.currentIndex(), 2);  // follows the newest step
        QCOMPARE(view.slider()->maximum(), 2);
        QCOMPARE(view.beamModel()->step(), 2);
        QCOMPARE(view.archiveModel()->rowCount(), 0);  // the archive tab is hidden: candidates wait
        view.flushArchive();
        QCOMPARE(view.archiveModel()->rowCount(), 5);
        QCOMPARE(view.chart()->pointCount(QStringLiteral("best L")), 3);
        view.previousStep();
        QCOMPARE(view.currentIndex(), 1);
        QCOMPARE(view.beamModel()->step(), 1);
        view.addSteps({steps[3]});
        QCOMPARE(view.currentIndex(), 1);  // the user looks at step 1: stay there
        QCOMPARE(view.slider()->maximum(), 3);
        view.slider()->setValue(3);
        QCOMPARE(view.currentIndex(), 3);
        QCOMPARE(view.beamModel()->step(), 3);
        view.nextStep();
        QCOMPARE(view.currentIndex(), 3);  // clamped
        ato::RunResult result;
        result.outputText = "the dog ran on the rug";
        result.phase = 2;
        result.step = 3;
        view.setResult(result);
        view.flushArchive();
        QCOMPARE(view.archiveModel()->rowCount(), 6);
        QCOMPARE(view.archiveModel()->selectedRow(), 5);
        QCOMPARE(view.bestPathView()->path().back().kind, PathEntry::Kind::Output);
        // the archive view sorts by loss through the proxy
        QCOMPARE(view.archiveProxy()->index(0, CandidateArchiveModel::LossColumn).data().toString(), QStringLiteral("0.5000"));
        view.clear();
        QCOMPARE(view.stepCount(), 0);
        QCOMPARE(view.beamModel()->rowCount(), 0);
    }
};

QTEST_MAIN(TestAugmentWidgets)
#include "tst_augment_widgets.moc"
