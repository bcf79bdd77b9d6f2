// The Augment widgets offscreen over synthetic run events: the beam table's word tooltips, the
// objective chart's series, phase boundary and export, the best-path view's bold changes and judges,
// the trace view's step slider while steps stream in, and its guard refusals and judges (live and
// replayed).
#include "engine/judge/judges.h"
#include "engine/ato/run_history.h"
#include "models/beam_table_model.h"
#include "models/candidate_archive_model.h"
#include "models/step_stats_model.h"
#include "widgets/beam_table_view.h"
#include "widgets/best_path_view.h"
#include "widgets/objective_chart.h"
#include "widgets/trace_view.h"

#include <cmath>
#include <QApplication>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include "tests/support/show_widget.h"
#include "tests/support/test_main.h"
#include "widgets/focus_style.h"
#include <QStyleFactory>
#include <QTableWidget>
#include <QPushButton>
#include <QtTest>
#include <QSet>
#include <QLegendMarker>
#include <QLegend>
#include <QWheelEvent>
#include <QVBoxLayout>
#include <QLineEdit>
#include <QComboBox>
#include <QSpinBox>
#include <QScrollBar>
#include <QScrollArea>
#include "widgets/wheel_guard.h"

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

/// A result whose seed has two unlinked words and a misspelling and whose output is clean.
ato::RunResult judgedResult()
{
    judge::JudgeReport seed;
    seed.grammar = judge::GrammarVerdict{false, 2, false, std::nan(""), {}};
    seed.misspelled = std::vector<std::string>{"teh"};
    judge::JudgeReport output;
    output.grammar = judge::GrammarVerdict{true, 0, false, std::nan(""), {}};
    output.misspelled = std::vector<std::string>{};
    judge::RoundTripVerdict rt;
    rt.unknownWords = {"rug"};
    rt.roundTripChrf = 63.25;
    output.mt.emplace_back("eng-spa", rt);
    ato::RunResult result;
    result.outputText = "the dog ran on the rug";
    result.selectedBy = "lowest-perplexity";
    result.phase = 2;
    result.step = 3;
    result.judges = {{"seed", judge::toJson(seed)}, {"output", judge::toJson(output)}};
    return result;
}

/// The paragraph of the best path view that starts with `label` ("Seed", "Output").
QString paragraph(QTextDocument *doc, const QString &label)
{
    for (QTextBlock b = doc->begin(); b.isValid(); b = b.next()) {
        if (b.text().startsWith(label))
            return b.text();
    }
    return {};
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
        RunTraceModel trace;
        StepStatsModel model(&trace);
        ObjectiveChart chart;
        chart.setStatsModel(&model);
        QCOMPARE(chart.pointCount(QStringLiteral("best L")), 0);
        const auto steps = run();
        trace.addSteps({steps[0], steps[1]});
        QCOMPARE(chart.pointCount(QStringLiteral("best L")), 2);
        QCOMPARE(chart.phaseBoundary(), -1.0);
        trace.addSteps({steps[2], steps[3]});
        // Phase 2's perplexity (hundreds) has its own series and axis, so it does not flatten
        // phase 1's objective (about 0.5) on one axis (issue 18).
        QCOMPARE(chart.pointCount(QStringLiteral("best L")), 3);
        QCOMPARE(chart.pointCount(QStringLiteral("mean L")), 3);
        QCOMPARE(chart.pointCount(QStringLiteral("best PPL")), 1);
        QCOMPARE(chart.pointCount(QStringLiteral("mean PPL")), 1);
        QCOMPARE(chart.pointCount(QStringLiteral("D")), 3);  // phase 2 has no D
        QCOMPARE(chart.pointCount(QStringLiteral("L_CoLA")), 3);
        QCOMPARE(chart.pointCount(QStringLiteral("L_cos")), 3);
        QCOMPARE(chart.phaseBoundary(), 2.5);
        trace.clear();
        QCOMPARE(chart.pointCount(QStringLiteral("best L")), 0);
    }

    void objectiveChart_titlesTicksHoverAndToggle()
    {
        // Issue 34 item 8: a Direct run drew the hidden perplexity axis's title over the plot; a
        // TwoPhase run's nearly constant D gave five identical tick labels; the wide layout had no
        // axis titles; hover showed nothing and series could not be hidden.
        RunTraceModel trace;
        StepStatsModel model(&trace);
        ObjectiveChart chart;
        chart.setStatsModel(&model);
        QVERIFY(testing::showExposed(chart, {420, 300}));  // a half of the lower area at 1280x720
        const auto steps = run();
        trace.addSteps({steps[0], steps[1], steps[2]});  // phase 1 only: ATO-Direct
        QList<ObjectiveChart::AxisState> axes = chart.axes();
        QCOMPARE(axes.size(), 4);
        QVERIFY(!axes[3].visible);
        QVERIFY2(!axes[3].titleVisible, "the hidden perplexity axis shows its title");
        for (int i = 0; i < 3; ++i)
            QVERIFY2(axes[i].visible && axes[i].titleVisible, qPrintable(axes[i].title));

        // TwoPhase with a D that barely moves (0.6812 .. 0.6815): distinct tick labels everywhere.
        std::vector<ato::StepFinishedEvent> flat;
        flat.push_back(step(0, 1, {member(0, "a b c", 0.74, 0.6812)}));
        flat.push_back(step(1, 1, {member(0, "a b d", 0.7412, 0.6815, 0)}));
        flat.push_back(step(2, 1, {member(0, "a e d", 0.7411, 0.6813, 0)}));
        ato::BeamMemberRecord p2 = member(0, "f e d", 210, ato::TermValues::unknown, 0, 210);
        p2.values.fluencyLoss = p2.values.cohesionLoss = ato::TermValues::unknown;
        flat.push_back(step(3, 2, {p2}));
        ato::BeamMemberRecord p3 = p2;
        p3.values.loss = p3.values.perplexity = 190;
        flat.push_back(step(4, 2, {p3}));
        trace.clear();
        trace.addSteps(flat);
        axes = chart.axes();
        QVERIFY(axes[3].visible && axes[3].titleVisible);
        for (const ObjectiveChart::AxisState &a : axes) {
            if (!a.visible)
                continue;
            QCOMPARE(QSet<QString>(a.labels.begin(), a.labels.end()).size(), a.labels.size());
        }

        QTest::qWait(50);  // Qt Charts lays out on the event loop
        if (const QString shots = qEnvironmentVariable("GAUNTLET_SCREENSHOT_DIR"); !shots.isEmpty())
            QVERIFY(chart.grab().save(QDir(shots).filePath(QStringLiteral("objective-chart-two-phase-420x300.png"))));
        // Hover: the series' value at the nearest step, as the step's beam has it.
        QCOMPARE(chart.hoverText(QStringLiteral("best L"), 1.2), QStringLiteral("best L \u00b7 step 1: 0.7412"));
        QCOMPARE(chart.hoverText(QStringLiteral("D"), 1.8), QStringLiteral("D \u00b7 step 2: 0.6813"));
        QCOMPARE(chart.hoverText(QStringLiteral("best PPL"), 4.1), QStringLiteral("best PPL \u00b7 step 4: 190.0"));
        QCOMPARE(chart.hoverText(QStringLiteral("best PPL"), 1.0), QString());  // phase 2 only

        // A click on a legend entry hides the series; its entry stays to bring it back.
        QVERIFY(chart.seriesShown(QStringLiteral("D")));
        QLegendMarker *dMarker = nullptr;
        for (QLegendMarker *m : chart.chart()->legend()->markers())
            if (m->label() == QStringLiteral("D"))
                dMarker = m;
        QVERIFY(dMarker);
        Q_EMIT dMarker->clicked();
        QVERIFY(!chart.seriesShown(QStringLiteral("D")));
        QVERIFY(dMarker->isVisible());
        Q_EMIT dMarker->clicked();
        QVERIFY(chart.seriesShown(QStringLiteral("D")));
    }

    void objectiveChart_savesPngAndSvg()
    {
        RunTraceModel trace;
        StepStatsModel model(&trace);
        ObjectiveChart chart;
        chart.setStatsModel(&model);
        trace.addSteps(run());
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("c.png"));
        QCOMPARE(chart.save(png, QSize(640, 400)), QString());
        QImage image(png);
        QCOMPARE(image.size(), QSize(1280, 800));
        // Issue 34: the PNG held the top-left quarter, enlarged. The whole chart is there: its
        // title centred at the top (the quarter cut it at the right edge) and the legend's row at
        // the bottom, as in the widget's own rendering.
        const auto inkCentre = [](const QImage &image, double fromRow, double toRow) {
            const QImage g = image.convertToFormat(QImage::Format_Grayscale8);
            double sum = 0, n = 0;
            for (int y = int(fromRow * g.height()); y < int(toRow * g.height()); ++y)
                for (int x = 0; x < g.width(); ++x)
                    if (qGray(g.pixel(x, y)) < 128) {
                        sum += double(x) / g.width();
                        n += 1;
                    }
            return n > 0 ? sum / n : -1.0;
        };
        const QImage shown = chart.grab().toImage();
        const double shownTitle = inkCentre(shown, 0.0, 0.06), savedTitle = inkCentre(image, 0.0, 0.06);
        QVERIFY2(shownTitle > 0.4 && shownTitle < 0.6, qPrintable(QString::number(shownTitle)));
        QVERIFY2(std::abs(savedTitle - shownTitle) < 0.05, qPrintable(QStringLiteral("title centre %1 in the PNG, %2 shown").arg(savedTitle).arg(shownTitle)));
        const double shownLegend = inkCentre(shown, 0.9, 1.0), savedLegend = inkCentre(image, 0.9, 1.0);
        QVERIFY2(std::abs(savedLegend - shownLegend) < 0.08, qPrintable(QStringLiteral("legend centre %1 in the PNG, %2 shown").arg(savedLegend).arg(shownLegend)));
        const QString svg = dir.filePath(QStringLiteral("c.svg"));
        QCOMPARE(chart.save(svg, QSize(640, 400)), QString());
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("<svg"));
        QVERIFY(text.contains("<polyline") || text.contains("<path"));
        QVERIFY(!chart.save(dir.filePath(QStringLiteral("no/such/folder/c.png"))).isEmpty());
    }

    void wheelGuard_onlyFocusedValuesChange()
    {
        // Issue 34: the wheel over the settings form changed spin boxes (Steps 20 -> 18 unnoticed).
        QScrollArea area;
        auto *content = new QWidget;
        auto *layout = new QVBoxLayout(content);
        auto *spin = new QSpinBox;
        spin->setRange(0, 100);
        spin->setValue(20);
        auto *combo = new QComboBox;
        combo->addItems({QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")});
        auto *other = new QLineEdit;
        layout->addWidget(spin);
        layout->addWidget(combo);
        layout->addWidget(other);
        layout->addSpacing(2000);
        area.setWidget(content);
        area.setWidgetResizable(true);
        QVERIFY(testing::showExposed(area, {240, 200}));
        QApplication::setActiveWindow(&area);
        WheelGuard guard;
        qApp->installEventFilter(&guard);
        const auto wheel = [](QWidget *w) {
            const QPointF at(w->width() / 2.0, w->height() / 2.0);
            QWheelEvent e(at, w->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
            QCoreApplication::sendEvent(w, &e);
        };
        other->setFocus();
        wheel(spin);
        wheel(combo);
        QCOMPARE(spin->value(), 20);
        QCOMPARE(combo->currentIndex(), 0);
        QVERIFY2(area.verticalScrollBar()->value() > 0, "the page did not scroll");
        spin->setFocus();
        QVERIFY(spin->hasFocus());
        wheel(spin);
        QCOMPARE(spin->value(), 19);  // focused: the wheel is its own
        qApp->removeEventFilter(&guard);
    }

    void beamTable_tooltipNamesTheReplacedWord()
    {
        RunTraceModel trace;
        BeamTableModel model(&trace);
        trace.beginRun(QStringLiteral("the cat sat on the mat"), 0);
        trace.addSteps(run());
        model.setStep(2);  // its parents: the beam of step 1
        BeamTableView view;
        view.setBeamModel(&model);
        QVERIFY(testing::showExposed(view, {900, 300}));
        const QModelIndex text = model.index(0, BeamTableModel::TextColumn);
        const QRect rect = view.visualRect(text);
        QVERIFY(rect.width() > 100);
        QStringList tips;
        for (int x = 0; x < rect.width(); x += 3) {
            const QString tip = ChangesDelegate::wordTooltip(text, QPointF(x, 6), view.font(), rect.width() - 6);
            if (!tip.isEmpty() && !tips.contains(tip))
                tips << tip;
        }
        // "dog ran" replaced the seed's "cat sat" word for word: each word names its own original
        // (issue 18: both named the whole span); only "ran" changed in this step, replacing "sat"
        QVERIFY2(tips.contains(QStringLiteral("Seed had: cat")), qPrintable(tips.join(QLatin1Char('|'))));
        QVERIFY2(tips.contains(QStringLiteral("Seed had: sat\nPrevious step had: sat")), qPrintable(tips.join(QLatin1Char('|'))));
        QCOMPARE(tips.size(), 2);
        QVERIFY(!view.grab().isNull());
    }

    void focusStyle_focusedButtonAndCurrentCellShowARing()
    {
        // Issue 34 item 12: the keyboard focus was often invisible. With FocusStyle a focused
        // button and a table's current cell carry a ring of the highlight colour at least 2 px wide
        // along their edges; without focus there is none.
        QWidget window;
        auto *layout = new QVBoxLayout(&window);
        auto *button = new QPushButton(QStringLiteral("Start"));
        auto *other = new QLineEdit;
        auto *table = new QTableWidget(3, 2);
        layout->addWidget(button);
        layout->addWidget(other);
        layout->addWidget(table);
        auto *style = new FocusStyle(QStyleFactory::create(QStringLiteral("Fusion")));
        window.setStyle(style);
        for (QWidget *w : window.findChildren<QWidget *>())
            w->setStyle(style);
        QVERIFY(testing::showExposed(window, {300, 300}));
        QApplication::setActiveWindow(&window);
        const QColor ring = window.palette().color(QPalette::Active, QPalette::Highlight);
        const auto ringPixels = [&](QWidget *w, const QRect &area) {
            const QImage image = w->grab().toImage();
            int n = 0;
            for (int y = area.top(); y <= area.bottom(); ++y)
                for (int x = area.left(); x <= area.right(); ++x)
                    n += image.pixelColor(x, y).rgb() == ring.rgb();
            return n;
        };
        other->setFocus();
        QVERIFY(other->hasFocus());
        const int unfocused = ringPixels(button, button->rect());
        button->setFocus(Qt::TabFocusReason);
        QVERIFY(button->hasFocus());
        const int focused = ringPixels(button, button->rect());
        const int perimeter = 2 * (button->width() + button->height());
        QVERIFY2(focused - unfocused >= perimeter * FocusStyle::RingWidth * 9 / 10,
                 qPrintable(QStringLiteral("%1 ring pixels with focus, %2 without, perimeter %3").arg(focused).arg(unfocused).arg(perimeter)));
        table->setCurrentCell(1, 1);
        table->setFocus(Qt::TabFocusReason);
        const QRect cell = table->visualItemRect(table->item(1, 1) ? table->item(1, 1) : (table->setItem(1, 1, new QTableWidgetItem(QStringLiteral("x"))), table->item(1, 1)));
        QTest::qWait(20);
        const int cellRing = ringPixels(table->viewport(), cell);
        QVERIFY2(cellRing >= (cell.width() + cell.height()) * 2, qPrintable(QStringLiteral("%1 ring pixels in the current cell").arg(cellRing)));
    }

    void beamTable_rowsShowTheWholeText()
    {
        // Issue 34 item 11: rows stopped at two lines, hiding the changed words at the end of a
        // long sentence in a narrow table. Every row is as tall as the longest text needs.
        const std::string seed = "The committee approved the new budget after a long and heated debate on Tuesday evening in the capital.";
        const std::string changed = "The committee approved the new budget after a long and heated debate on Tuesday evening in the provinces.";
        std::vector<ato::StepFinishedEvent> steps{step(0, 1, {member(0, seed, 0.9, 0.5)}),
                                                  step(1, 1, {member(0, changed, 0.8, 0.4, 0), member(1, seed.substr(0, 20) + ".", 0.85, 0.45, 0)})};
        RunTraceModel trace;
        BeamTableModel model(&trace);
        trace.beginRun(QString::fromStdString(seed), 0);
        trace.addSteps(steps);
        model.setStep(1);
        BeamTableView view;
        view.setBeamModel(&model);
        QVERIFY(testing::showExposed(view, {420, 300}));
        QTest::qWait(20);
        const int width = view.columnWidth(BeamTableModel::TextColumn) - 6;
        QVERIFY(width > 100);
        const QRect plain = view.fontMetrics().boundingRect(QRect(0, 0, width, 100000), Qt::TextWordWrap, QString::fromStdString(changed));
        QVERIFY2(plain.height() > 2 * view.fontMetrics().lineSpacing(), "the text should need more than two lines here");
        QVERIFY2(view.rowHeight(0) >= plain.height(), qPrintable(QStringLiteral("row %1 px, text %2 px").arg(view.rowHeight(0)).arg(plain.height())));
        // wider: fewer lines, lower rows
        const int narrowRow = view.rowHeight(0);
        view.resize(1400, 300);
        QTest::qWait(20);
        QVERIFY2(view.rowHeight(0) < narrowRow, qPrintable(QStringLiteral("%1 -> %2").arg(narrowRow).arg(view.rowHeight(0))));
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

    void bestPathView_showsTheJudgesUnderSeedAndOutput()
    {
        BestPathView view;
        const auto steps = run();
        view.setPath(bestPath(steps, 3, QStringLiteral("the dog ran on the mat"), judgedResult()));
        QCOMPARE(view.path().back().kind, PathEntry::Kind::Output);
        const QString output = paragraph(view.document(), QStringLiteral("Output"));
        QVERIFY2(output.contains(QStringLiteral("Judges: eng-spa: unknown rug, round-trip chrF 63.3 \u00b7 complete parse \u00b7 no misspelled words")),
                 qPrintable(output));
        const QString seed = paragraph(view.document(), QStringLiteral("Seed"));
        QVERIFY2(seed.contains(QStringLiteral("Judges: no complete parse, 2 null links \u00b7 misspelled: teh")), qPrintable(seed));
        QVERIFY(!paragraph(view.document(), QStringLiteral("Step 1")).contains(QStringLiteral("Judges")));  // steps are not judged
        view.setPath(bestPath(steps, 3, QStringLiteral("the dog ran on the mat"), ato::RunResult{}));
        QVERIFY(!view.toPlainText().contains(QStringLiteral("Judges")));  // an unjudged run shows none
    }

    void traceView_rendersATraceItDoesNotOwn()
    {
        // Issue 36 item 2: the owner fills the trace, views render it. Two views over one trace
        // show each appended step and the result; a view deleted first leaves the trace intact.
        RunTraceModel trace;
        TraceView first(&trace);
        auto *second = new TraceView(&trace);
        QCOMPARE(first.traceModel(), &trace);
        const auto steps = run();
        trace.beginRun(QStringLiteral("the cat sat on the mat"), 5);
        trace.addSteps({steps[0], steps[1]});
        QCOMPARE(first.stepCount(), 2);
        QCOMPARE(second->stepCount(), 2);
        QCOMPARE(first.beamModel()->rowCount(), second->beamModel()->rowCount());
        QVERIFY(first.beamModel()->rowCount() > 0);
        QCOMPARE(first.slider()->maximum(), 1);
        QCOMPARE(second->slider()->maximum(), 1);
        delete second;
        trace.addSteps({steps[2]});
        trace.setResult(judgedResult());
        QCOMPARE(first.stepCount(), 3);
        QCOMPARE(first.runId(), qint64(5));
        QVERIFY(!first.resultText().isEmpty());
        trace.clear();
        QCOMPARE(first.stepCount(), 0);
    }

    void traceView_showsGuardRefusalsAndJudges()
    {
        RunTraceModel viewTrace;
        TraceView view(&viewTrace);
        QVERIFY(testing::showExposed(view, {1200, 800}));
        auto steps = run();
        steps[1].vocabularyRejected = 12;
        steps[1].grammarRejected = 3;
        viewTrace.beginRun(QStringLiteral("the cat sat on the mat"), 5);
        viewTrace.setGuards(true, true);
        viewTrace.addSteps({steps[0], steps[1], steps[2]});
        view.setCurrentIndex(1);
        QVERIFY2(view.stepLabel()->text().endsWith(QStringLiteral("refused: vocabulary 12, grammar 3")), qPrintable(view.stepLabel()->text()));
        view.setCurrentIndex(2);
        QVERIFY2(view.stepLabel()->text().endsWith(QStringLiteral("refused: vocabulary 0, grammar 0")), qPrintable(view.stepLabel()->text()));
        viewTrace.addSteps({steps[3]});
        viewTrace.setResult(judgedResult());
        // The round trip leads (issue 31: the judges the search was not filtered by come first).
        QVERIFY2(view.bestPathView()->toPlainText().contains(QStringLiteral("Judges: eng-spa: unknown rug")), qPrintable(view.bestPathView()->toPlainText()));
        view.flushArchive();
        const int row = view.archiveModel()->selectedRow();
        QVERIFY(row >= 0);
        QVERIFY(view.archiveModel()->index(row, CandidateArchiveModel::JudgesColumn).data().toString().startsWith(QStringLiteral("eng-spa: unknown rug")));

        // the same run replayed from the store (Compare shows each side this way), without guards
        ato::RunTrace trace;
        trace.summary.id = 9;
        trace.summary.seedText = QStringLiteral("the cat sat on the mat");
        trace.steps = run();
        trace.steps[2].grammarRejected = 4;
        for (ato::StepFinishedEvent &s : trace.steps) {
            for (const ato::ArchiveRecord &c : s.candidates) {
                trace.archive.push_back(c);
                trace.archiveSteps.push_back(s.step);
                trace.archivePhases.push_back(s.phase);
            }
            s.candidates.clear();  // as RunHistory::trace gives them
        }
        trace.config.grammarGuard = true;
        trace.result = judgedResult();
        RunTraceModel replayTrace;
        TraceView replay(&replayTrace);
        replayTrace.setTrace(trace);
        replay.setCurrentIndex(2);
        QVERIFY2(replay.stepLabel()->text().endsWith(QStringLiteral("refused: grammar 4")), qPrintable(replay.stepLabel()->text()));
        replay.setCurrentIndex(3);
        QVERIFY(replay.bestPathView()->toPlainText().contains(QStringLiteral("Judges: no complete parse, 2 null links")));
        QVERIFY(replay.bestPathView()->toPlainText().contains(QStringLiteral("Judges: eng-spa: unknown rug, round-trip chrF 63.3 \u00b7 complete parse")));
        QVERIFY(replay.archiveModel()->index(replay.archiveModel()->selectedRow(), CandidateArchiveModel::JudgesColumn).data().toString().contains(
            QStringLiteral("round-trip chrF 63.3")));
        trace.config.grammarGuard = false;
        trace.steps[2].grammarRejected = 0;
        replayTrace.setTrace(trace);
        replay.setCurrentIndex(2);
        QVERIFY2(!replay.stepLabel()->text().contains(QStringLiteral("refused")), qPrintable(replay.stepLabel()->text()));  // unguarded run
    }

    // Issue 34 (7): the view says whether the output is harder than the seed, as the command line
    // does, and why a TwoPhase run's phase 2 started from the seed; nothing while a run goes on.
    void traceView_saysWhetherTheOutputIsHarder()
    {
        RunTraceModel viewTrace;
        TraceView view(&viewTrace);
        viewTrace.beginRun(QStringLiteral("the cat sat on the mat"), 5);
        viewTrace.addSteps({run()[0]});
        QVERIFY(view.resultText().isEmpty());
        ato::RunResult easier;
        easier.seedText = "the cat sat on the mat";
        easier.outputText = "the dog sat on the mat";
        easier.seedValues.difficulty = 0.648;
        easier.values.difficulty = 0.704;
        easier.notes = {"phase 2 started from the seed: no phase-1 candidate harder than the seed passed the guards"};
        viewTrace.setResult(easier);
        QVERIFY2(view.resultText().startsWith(QStringLiteral("The output is NOT harder to translate than the seed: D 0.648 \u2192 0.704")),
                 qPrintable(view.resultText()));
        QVERIFY2(view.resultText().contains(QStringLiteral("phase 2 started from the seed")), qPrintable(view.resultText()));
        easier.values.difficulty = 0.346;
        easier.notes.clear();
        viewTrace.setResult(easier);
        QVERIFY2(view.resultText().startsWith(QStringLiteral("The output is harder to translate than the seed: D 0.648 \u2192 0.346")),
                 qPrintable(view.resultText()));
    }

    void traceView_stepLabelCountsToThePlannedLastStep()
    {
        // Issue 18: the queue said "step 7 of 8" while the slider said "step 7 of 7 · phase 2".
        RunTraceModel viewTrace;
        TraceView view(&viewTrace);
        const auto steps = run();  // steps 0-2 in phase 1, step 3 in phase 2
        viewTrace.beginRun(QStringLiteral("the cat sat on the mat"), 5);
        viewTrace.setPlannedSteps(4);  // T = 2, T2 = 2
        viewTrace.addSteps({steps[0], steps[1], steps[2], steps[3]});
        view.setCurrentIndex(3);
        QVERIFY2(view.stepLabel()->text().startsWith(QStringLiteral("step 3 of 4 \u00b7 phase 2")), qPrintable(view.stepLabel()->text()));
        // a stored run that stopped early counts to its configuration's last step
        ato::RunTrace trace;
        trace.summary.seedText = QStringLiteral("the cat sat on the mat");
        trace.steps = {steps[0], steps[1]};
        trace.config.method = ato::Method::TwoPhase;
        trace.config.steps = 3;
        trace.config.phase2Steps = 2;
        RunTraceModel replayTrace;
        TraceView replay(&replayTrace);
        replayTrace.setTrace(trace);
        replay.setCurrentIndex(1);
        QVERIFY2(replay.stepLabel()->text().startsWith(QStringLiteral("step 1 of 5 \u00b7 phase 1")), qPrintable(replay.stepLabel()->text()));
    }

    void traceView_followsNewStepsUnlessMovedBack()
    {
        RunTraceModel viewTrace;
        TraceView view(&viewTrace);
        QVERIFY(testing::showExposed(view, {1200, 800}));
        const auto steps = run();
        viewTrace.beginRun(QStringLiteral("the cat sat on the mat"), 5);
        viewTrace.addSteps({steps[0]});
        QCOMPARE(view.currentIndex(), 0);
        QCOMPARE(view.beamModel()->rowCount(), 1);
        viewTrace.addSteps({steps[1], steps[2]});
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
        viewTrace.addSteps({steps[3]});
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
        viewTrace.setResult(result);
        view.flushArchive();
        QCOMPARE(view.archiveModel()->rowCount(), 6);
        QCOMPARE(view.archiveModel()->selectedRow(), 5);
        QCOMPARE(view.bestPathView()->path().back().kind, PathEntry::Kind::Output);
        // the archive view sorts by loss through the proxy
        QCOMPARE(view.archiveProxy()->index(0, CandidateArchiveModel::LossColumn).data().toString(), QStringLiteral("0.5000"));
        viewTrace.clear();
        QCOMPARE(view.stepCount(), 0);
        QCOMPARE(view.beamModel()->rowCount(), 0);
    }
};

GAUNTLET_GUI_TEST_MAIN(TestAugmentWidgets)
#include "tst_augment_widgets.moc"
