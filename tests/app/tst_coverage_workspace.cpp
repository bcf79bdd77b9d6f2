// The Coverage workspace end to end on the WMT21 TED corpus (the committed copy of
// ../shared/data/corpora/wmt21-ted-mqm-ende in tests/data/shared-copy): import through the GUI's
// background job, gold classification, the taxonomy editor's live counts and undo, two samplers
// drawn through the Sample tab, and the charts' series checked against engine measures computed
// here independently (measureCoverage on a pool built from the file read by the test), hand counts
// for the histograms and the example charts, PNG/SVG/CSV export, manual relabelling, cancel, and a
// bad corpus file named in the error. With GAUNTLET_SCREENSHOT_DIR set, every chart is grabbed.
#include "app/workspaces/coverage_chart_data.h"
#include "app/workspaces/coverage_charts_page.h"
#include "app/workspaces/background_job.h"
#include "app/workspaces/coverage_taxonomy_editor.h"
#include "app/workspaces/coverage_workspace.h"
#include "engine/sampling/centroid_classifier.h"
#include "engine/sampling/classification.h"
#include "engine/sampling/coverage_measures.h"
#include "engine/sampling/llm_classifier.h"
#include "engine/compute/compute.h"
#include "engine/sampling/coverage_store.h"
#include "engine/verify/example_store.h"
#include "engine/verify/ltb_taxonomy.h"
#include "engine/store/project.h"
#include "models/segment_label_model.h"
#include "tests/support/fake_chat_server.h"
#include "tests/support/show_widget.h"
#include "widgets/coverage_charts.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QImage>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTranslator>
#include <QTreeWidget>
#include <QUndoStack>
#include <QAbstractItemModelTester>
#include <QAbstractAxis>
#include <QChart>
#include "tests/support/example_builder.h"
#include "tests/support/test_files.h"
#include "tests/support/shared_copy.h"
#include "tests/support/test_main.h"
#include <QDoubleSpinBox>
#include <QtTest>

#include <cmath>

using namespace gauntlet;
using namespace gauntlet::sampling;

namespace {

QString tedFile() { return gauntlet::testing::sharedCopy(QStringLiteral("corpora/wmt21-ted-mqm-ende/ted_ende_segments.tsv")); }

/// Waits for the workspace's running job; returns (error, cancelled).
QPair<QString, bool> waitForJob(CoverageWorkspace &, QSignalSpy &spy)
{
    if (spy.isEmpty() && !spy.wait(50000))
        return {QStringLiteral("timeout"), false};
    const QList<QVariant> args = spy.takeFirst();
    return {args.at(1).toString(), args.at(2).toBool()};
}

QVector<double> byLabel(CoverageBarChart *chart, const QString &set, const QStringList &labels)
{
    const QStringList drawn = chart->labels();
    const QVector<double> values = chart->values(set);
    QVector<double> out;
    for (const QString &l : labels)
        out.append(drawn.contains(l) ? values.value(int(drawn.indexOf(l)), -1) : -1);
    return out;
}

}  // namespace

class TestCoverageWorkspace : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::unique_ptr<storage::Project> m_project;
    std::unique_ptr<CoverageWorkspace> m_w;
    // Independent of the workspace: the file read here, gold labels and the pool.
    Corpus m_corpus;
    SamplingPool m_pool;

    /// The workspace's child of type T named `name` (the pages' widgets carry object names).
    template <typename T>
    T *child(const char *name) const
    {
        T *found = m_w->findChild<T *>(QLatin1String(name));
        if (!found)
            qFatal("no %s named %s in the Coverage workspace", T::staticMetaObject.className(), name);
        return found;
    }

    void grab(const QString &name)
    {
        const QString dir = qEnvironmentVariable("GAUNTLET_SCREENSHOT_DIR");
        if (dir.isEmpty())
            return;
        // Let the charts finish their layout and delete the axes they replaced.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        QTest::qWait(100);
        QVERIFY(m_w->grab().save(QDir(dir).filePath(name)));
    }

    /// One TED talk (talk.3, 31 segments) as a corpus file, imported as "t3" once; returns its path.
    QString importTalk3()
    {
        const QString slice = m_dir.filePath(QStringLiteral("talk3.tsv"));
        if (sampling::CoverageStore(m_project->database()).corpusId(QStringLiteral("t3")))
            return slice;
        QFile in(tedFile()), out(slice);
        if (!in.open(QIODevice::ReadOnly) || !out.open(QIODevice::WriteOnly))
            return {};
        const QList<QByteArray> lines = in.readAll().split('\n');
        out.write(lines.first() + '\n');
        for (const QByteArray &line : lines) {
            if (line.startsWith("talk.3\t"))
                out.write(line + '\n');
        }
        out.close();
        QSignalSpy spy(m_w.get(), &CoverageWorkspace::jobFinished);
        if (!m_w->importCorpus(slice, {}, QStringLiteral("t3")) || waitForJob(*m_w, spy).first != QString())
            return {};
        return slice;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        storage::Project::Options options;
        options.addBundledSeedSet = false;
        m_project = storage::Project::open(m_dir.filePath(QStringLiteral("coverage.gauntlet")), options);
        m_w = std::make_unique<CoverageWorkspace>();
        m_w->resize(1280, 860);
        m_w->setProject(m_project.get());
        m_w->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_w.get()));
        // Shortcuts (Ctrl+L, ...) need the active window; offscreen activates it on show, xcb
        // (the screenshot runs under xvfb, no window manager) only when asked.
        QVERIFY(testing::activate(*m_w));

        CorpusFileOptions file;
        file.labelsColumn = QStringLiteral("mqm_errors");
        m_corpus = readCorpusFile(tedFile(), file);
        m_pool = makeSamplingPool(m_corpus, goldLabels(m_corpus), taxonomyFromGoldLabels(m_corpus, QStringLiteral("ted-gold")));
    }

    void chartsSampleList_naturalOrderOpensOnTheNewest()
    {
        // Issue 33: the Charts sample list sorted s1, s10, s2 and opened on the alphabetically last.
        CoverageChartsPage page;
        const QVector<int> segments{0, 1, 2};
        page.setPool(&m_pool, QStringLiteral("ted"),
                     {ChartSample{3, QStringLiteral("s10"), QStringLiteral("random"), 3, 10, segments},
                      ChartSample{1, QStringLiteral("s1"), QStringLiteral("random"), 3, 1, segments},
                      ChartSample{4, QStringLiteral("s2"), QStringLiteral("random"), 3, 2, segments},
                      ChartSample{2, QStringLiteral("zeta"), QStringLiteral("random"), 3, 5, segments}});
        QStringList order;
        for (int i = 0; i < page.sampleBox()->count(); ++i)
            order << page.sampleBox()->itemData(i).toString();
        QCOMPARE(order, (QStringList{QStringLiteral("s1"), QStringLiteral("s2"), QStringLiteral("s10"), QStringLiteral("zeta")}));
        QCOMPARE(page.currentSample(), QStringLiteral("s2"));  // id 4: drawn last
    }

    void importCorpus_storesItOffTheGuiThread()
    {
        QSignalSpy spy(m_w.get(), &CoverageWorkspace::jobFinished);
        CorpusFileOptions options;
        options.labelsColumn = QStringLiteral("mqm_errors");
        auto *job = m_w->findChild<BackgroundJob *>();
        QVERIFY(job);
        QSignalSpy progress(job, &BackgroundJob::progressChanged);
        QVERIFY(m_w->importCorpus(tedFile(), options, QStringLiteral("ted")));
        QVERIFY(m_w->isBusy());
        QVERIFY(child<QProgressBar>("coverageProgressBar")->isVisible());
        const auto [error, cancelled] = waitForJob(*m_w, spy);
        QVERIFY(progress.size() >= 3);  // unknown, then segments scored of 529
        QCOMPARE(progress.last().at(0).toInt(), int(m_corpus.segments.size()));
        QCOMPARE(progress.last().at(1).toInt(), int(m_corpus.segments.size()));
        QCOMPARE(error, QString());
        QVERIFY(!cancelled);
        QCOMPARE(child<QTableWidget>("corporaTable")->rowCount(), 1);
        QCOMPARE(child<QTableWidget>("corporaTable")->item(0, 0)->text(), QStringLiteral("ted"));
        QCOMPARE(child<QTableWidget>("corporaTable")->item(0, 1)->text(), QString::number(m_corpus.segments.size()));  // 529
        QCOMPARE(child<QTableWidget>("corporaTable")->item(0, 2)->text(), QStringLiteral("5"));
    }

    void importCorpus_badFileIsNamedAndNothingStored()
    {
        const QString bad = m_dir.filePath(QStringLiteral("no-mt-column.tsv"));
        QVERIFY(testing::writeFile(bad, "doc\tsource\treference\nd1\tHello\tHallo\n"));
        QSignalSpy spy(m_w.get(), &CoverageWorkspace::jobFinished);
        QVERIFY(m_w->importCorpus(bad));
        const auto [error, cancelled] = waitForJob(*m_w, spy);
        QVERIFY2(error.contains(QLatin1String("no-mt-column.tsv")), qPrintable(error));
        QVERIFY(child<QLabel>("coverageStatusLabel")->text().contains(QLatin1String("no-mt-column.tsv")));
        QCOMPARE(sampling::CoverageStore(m_project->database()).corpora().size(), 1);
    }

    void classifyGold_labelsEverySegment()
    {
        QVERIFY(m_w->selectCorpus(QStringLiteral("ted")));
        QSignalSpy spy(m_w.get(), &CoverageWorkspace::jobFinished);
        QVERIFY(m_w->classify(CoverageWorkspace::ClassifierKind::Gold));
        const auto [error, cancelled] = waitForJob(*m_w, spy);
        QCOMPARE(error, QString());
        QVERIFY(m_w->labellingId().has_value());
        SegmentLabelModel *model = child<SegmentLabelModel>("segmentLabelModel");
        QCOMPARE(model->rowCount(), int(m_corpus.segments.size()));
        // Before any sample, the counts chart shows the corpus alone: the pool's counts from the file.
        CoverageBarChart *counts = child<CoverageChartsPage>("coverageChartsPage")->barChart(CoverageChartsPage::CategoryCounts);
        QCOMPARE(counts->setNames(), QStringList{QStringLiteral("corpus")});
        const QVector<int> corpusCounts = m_pool.categoryCounts();
        for (int c = 0; c < m_pool.categories.size(); ++c) {
            if (corpusCounts[c] > 0)
                QCOMPARE(byLabel(counts, QStringLiteral("corpus"), {m_pool.categories[c]}).first(), double(corpusCounts[c]));
        }
        const QVector<SegmentLabels> gold = goldLabels(m_corpus);
        for (int row : {0, 7, 100, 528}) {
            const QString expected = gold[row].isEmpty() ? QString() : gold[row].first().category;
            QCOMPARE(model->data(model->index(row, SegmentLabelModel::Primary)).toString(), expected);
        }
    }

    void taxonomyEditor_liveCountsAndUndo()
    {
        QCOMPARE(m_w->importBundledTaxonomy(QStringLiteral("mozilla-localization")), QString());
        TaxonomyEditor *editor = child<TaxonomyEditor>("taxonomyEditor");
        QCOMPARE(editor->taxonomy().name, QStringLiteral("mozilla-localization"));
        // A deterministic category: its live count equals the matcher run over the file read here.
        const Taxonomy t = bundledTaxonomy(QStringLiteral("mozilla-localization"));
        const TaxonomyMatcher matcher(t);
        QString path;
        int expected = 0;
        for (int c = 0; c < t.categories.size() && path.isEmpty(); ++c) {
            if (t.categories[c].kind != CategoryKind::Deterministic)
                continue;
            int n = 0;
            for (const CorpusSegment &s : m_corpus.segments)
                n += matcher.match(s.source, s.translations.first().mt).contains(c) ? 1 : 0;
            if (n > 0) {
                path = t.categories[c].path;
                expected = n;
            }
        }
        QVERIFY(!path.isEmpty());
        editor->selectCategory(path);
        QCOMPARE(editor->matchCount(path), expected);
        QCOMPARE(editor->tree()->currentItem()->text(3), QString::number(expected));  // the tree's Matches column
        QVERIFY(editor->countLabel()->text().contains(QStringLiteral("<b>%1</b>").arg(expected)));
        QCOMPARE(editor->exampleSegments()->count(), std::min(expected, 5));
        child<QTabWidget>("coverageTabs")->setCurrentIndex(CoverageWorkspace::TaxonomiesTab);
        QCoreApplication::processEvents();
        grab(QStringLiteral("coverage-taxonomy-editor.png"));

        // A matcher of our own: "\\bthe\\b" (case-insensitive) on the source, counted by hand.
        const QString mine = QStringLiteral("test/articles");
        QCOMPARE(editor->addCategory(mine, CategoryKind::Semantic), QString());
        QCOMPARE(editor->addMatcher(mine, {MatchField::Source, QStringLiteral("\\bthe\\b"), QStringLiteral("i")}), QString());
        int hand = 0;
        const QRegularExpression the(QStringLiteral("\\bthe\\b"), QRegularExpression::CaseInsensitiveOption);
        for (const CorpusSegment &s : m_corpus.segments)
            hand += the.match(s.source).hasMatch() ? 1 : 0;
        QCOMPARE(editor->matcherCount(mine, 0), hand);
        QVERIFY(editor->setMatcher(mine, 0, {MatchField::Source, QStringLiteral("(unclosed"), {}}).contains(QLatin1String("Invalid pattern")));
        QCOMPARE(editor->undoStack()->count(), 2);
        editor->undoStack()->undo();  // the matcher
        editor->undoStack()->undo();  // the category
        QCOMPARE(editor->taxonomy().indexOf(mine), -1);
        editor->undoStack()->redo();
        QVERIFY(editor->taxonomy().indexOf(mine) >= 0);
        QVERIFY(editor->taxonomy().categories[editor->taxonomy().indexOf(mine)].matchers.isEmpty());
        QCOMPARE(editor->removeCategory(mine), QString());
        QCOMPARE(editor->taxonomy().indexOf(mine), -1);
        QVERIFY(!editor->undoStack()->isClean());

        // Save stores the edited taxonomy (nothing was classified with it yet).
        QCOMPARE(editor->addCategory(QStringLiteral("test/saved"), CategoryKind::Semantic), QString());
        QCOMPARE(m_w->saveTaxonomy(editor->taxonomy()), QString());
        QVERIFY(editor->undoStack()->isClean());
        sampling::CoverageStore store(m_project->database());
        const Taxonomy saved = store.taxonomy(*store.taxonomyId(QStringLiteral("mozilla-localization")));
        QCOMPARE(saved.categories.size(), t.categories.size() + 1);
        QVERIFY(saved.indexOf(QStringLiteral("test/saved")) >= 0);

        // Export and import again under the file's name.
        const QString json = m_dir.filePath(QStringLiteral("moz.json"));
        QCOMPARE(m_w->exportTaxonomy(QStringLiteral("mozilla-localization"), json), QString());
        QVERIFY(m_w->importTaxonomyFile(json).contains(QLatin1String("mozilla-localization")));  // the name is in use
        QVERIFY(m_w->importTaxonomyFile(m_dir.filePath(QStringLiteral("missing.json"))).contains(QLatin1String("missing.json")));
        const QString broken = m_dir.filePath(QStringLiteral("broken-taxonomy.json"));
        QFile bf(broken);
        QVERIFY(bf.open(QIODevice::WriteOnly));
        bf.write("{\"format\": \"gauntlet-taxonomy\", \"version\": 1, \"name\": \"b\", \"categories\": [{\"path\": \"x\", \"kind\": \"deterministic\", "
                 "\"matchers\": [{\"field\": \"source\", \"pattern\": \"(\"}]}]}");
        bf.close();
        const QString error = m_w->importTaxonomyFile(broken);
        QVERIFY2(error.contains(QLatin1String("broken-taxonomy.json")), qPrintable(error));
        QVERIFY(!sampling::CoverageStore(m_project->database()).taxonomyId(QStringLiteral("b")));
    }

    void segmentLabelModel_passesTheModelTester()
    {
        SegmentLabelModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QVector<SegmentLabels> gold = goldLabels(m_corpus);
        model.setLabelling(m_corpus, gold, m_pool.categories);
        QCOMPARE(model.rowCount(), int(m_corpus.segments.size()));
        QVERIFY(model.flags(model.index(0, SegmentLabelModel::Primary)) & Qt::ItemIsEditable);
        QVERIFY(!(model.flags(model.index(0, SegmentLabelModel::Source)) & Qt::ItemIsEditable));
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        model.setSegmentLabels(2, {{m_pool.categories.first(), 1.0, LabelOrigin::Gold}});
        QCOMPARE(changed.count(), 1);
        QCOMPARE(model.data(model.index(2, SegmentLabelModel::Origin)).toString(), QStringLiteral("gold"));
        QCOMPARE(model.data(model.index(2, SegmentLabelModel::Confidence)).toString(), QStringLiteral("1.00"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void classifyMatchers_labelsAsTheEngine()
    {
        QVERIFY(m_w->selectTaxonomy(QStringLiteral("mozilla-localization")));
        child<QComboBox>("classifierBox")->setCurrentIndex(child<QComboBox>("classifierBox")->findData(int(CoverageWorkspace::ClassifierKind::Matchers)));
        child<QTabWidget>("coverageTabs")->setCurrentIndex(CoverageWorkspace::CorporaTab);
        QSignalSpy spy(m_w.get(), &CoverageWorkspace::jobFinished);
        QTest::keyClick(m_w.get(), Qt::Key_L, Qt::ControlModifier);  // Classify
        const auto [error, cancelled] = waitForJob(*m_w, spy);
        QCOMPARE(error, QString());
        Taxonomy t = bundledTaxonomy(QStringLiteral("mozilla-localization"));
        t.categories.append({QStringLiteral("test/saved"), CategoryKind::Semantic, {}, false, {}, {}});
        const QVector<SegmentLabels> expected = classifyCorpus(m_corpus, t, nullptr);
        SegmentLabelModel *model = child<SegmentLabelModel>("segmentLabelModel");
        QCOMPARE(model->rowCount(), int(expected.size()));
        int labelled = 0;
        for (int row = 0; row < expected.size(); ++row) {
            QCOMPARE(model->data(model->index(row, SegmentLabelModel::Primary)).toString(),
                     expected[row].isEmpty() ? QString() : expected[row].first().category);
            labelled += expected[row].isEmpty() ? 0 : 1;
        }
        QVERIFY(labelled > 0);
        QVERIFY(child<QLabel>("coverageStatusLabel")->text().contains(QStringLiteral("%1 have a category").arg(labelled)));
    }

    void drawTwoSamplers_chartsHoldTheEngineMeasures()
    {
        QVERIFY(m_w->selectTaxonomy(QStringLiteral("ted-gold")));
        QVERIFY(m_w->labellingId().has_value());
        child<QTabWidget>("coverageTabs")->setCurrentIndex(CoverageWorkspace::SampleTab);
        child<QSpinBox>("budgetBox")->setValue(100);
        child<QSpinBox>("seedBox")->setValue(1);
        QSignalSpy spy(m_w.get(), &CoverageWorkspace::jobFinished);
        child<QComboBox>("samplerBox")->setCurrentIndex(child<QComboBox>("samplerBox")->findText(QStringLiteral("tactics")));
        QTest::mouseClick(child<QPushButton>("drawSampleButton"), Qt::LeftButton);
        QCOMPARE(waitForJob(*m_w, spy).first, QString());
        child<QComboBox>("samplerBox")->setCurrentIndex(child<QComboBox>("samplerBox")->findText(QStringLiteral("random")));
        QTest::keyClick(m_w.get(), Qt::Key_D, Qt::ControlModifier);  // Draw Sample
        QCOMPARE(waitForJob(*m_w, spy).first, QString());
        QCOMPARE(child<QTableWidget>("samplesTable")->rowCount(), 2);

        // Issue 33: Classify again asks first (here: declined) and keeps the samples.
        int asked = 0;
        m_w->setReplaceSamplesConfirmation([&asked](int samples) {
            asked = samples;
            return false;
        });
        QVERIFY(!m_w->classify(CoverageWorkspace::ClassifierKind::Gold));
        QCOMPARE(asked, 2);
        QCOMPARE(child<QTableWidget>("samplesTable")->rowCount(), 2);
        QVERIFY2(child<QLabel>("coverageStatusLabel")->text().contains(QStringLiteral("are kept")), qPrintable(child<QLabel>("coverageStatusLabel")->text()));
        m_w->setReplaceSamplesConfirmation({});

        // The same samples drawn here from the file, and their measures.
        SamplerSettings s;
        s.budget = 100;
        s.seed = 1;
        s.method = SamplingMethod::Tactics;
        const Sample tactics = drawSample(m_pool, s);
        s.method = SamplingMethod::Random;
        const Sample random = drawSample(m_pool, s);
        const CoverageMeasures mt = measureCoverage(m_pool, tactics.segments);
        const CoverageMeasures mr = measureCoverage(m_pool, random.segments);
        const QVector<int> corpusCounts = m_pool.categoryCounts();

        CoverageChartsPage *charts = child<CoverageChartsPage>("coverageChartsPage");
        QVERIFY(charts->selectSample(QStringLiteral("ted-ted-gold-tactics-B100-s1")));
        CoverageBarChart *counts = charts->barChart(CoverageChartsPage::CategoryCounts);
        QStringList feasible;
        QVector<double> expectedCorpus, expectedSample;
        for (int c = 0; c < m_pool.categories.size(); ++c) {
            if (corpusCounts[c] > 0) {
                feasible.append(m_pool.categories[c]);
                expectedCorpus.append(corpusCounts[c]);
                expectedSample.append(mt.sampleCategoryCounts[c]);
            }
        }
        QCOMPARE(counts->labels().size(), feasible.size());
        QCOMPARE(byLabel(counts, QStringLiteral("corpus"), feasible), expectedCorpus);
        QCOMPARE(byLabel(counts, QStringLiteral("sample ted-ted-gold-tactics-B100-s1"), feasible), expectedSample);
        const QVector<double> drawnCorpus = counts->values(QStringLiteral("corpus"));
        QVERIFY(std::is_sorted(drawnCorpus.begin(), drawnCorpus.end(), std::greater<double>()));  // most frequent first
        QVERIFY(counts->isHorizontal() == (feasible.size() > 12));

        // Cov20 and Cov1 per sampler at the same budget.
        CoverageBarChart *coverage = charts->barChart(CoverageChartsPage::CoverageBySampler);
        QCOMPARE(coverage->labels().size(), 2);
        const int ti = int(coverage->labels().indexOf(QStringLiteral("TACTICS (1 seed)")));
        const int ri = int(coverage->labels().indexOf(QStringLiteral("random (1 seed)")));
        QVERIFY(ri >= 0);
        QVERIFY(ti >= 0);
        QCOMPARE(coverage->values(QStringLiteral("Cov20")).value(ti), double(mt.cov20));
        QCOMPARE(coverage->values(QStringLiteral("Cov1")).value(ti), double(mt.cov1));
        QCOMPARE(coverage->values(QStringLiteral("Cov20")).value(ri), double(mr.cov20));
        QCOMPARE(coverage->values(QStringLiteral("Cov1")).value(ri), double(mr.cov1));
        QVERIFY(mt.cov20 >= mr.cov20);  // TACTICS' point

        // Proportions: shares over the feasible categories, by hand from the counts.
        ProportionScatterChart *scatter = charts->scatterChart();
        double corpusTotal = 0, sampleTotal = 0;
        for (int i = 0; i < feasible.size(); ++i) {
            corpusTotal += expectedCorpus[i];
            sampleTotal += expectedSample[i];
        }
        const QVector<QPointF> points = scatter->points();
        QCOMPARE(points.size(), feasible.size());
        for (int i = 0; i < feasible.size(); ++i) {
            QVERIFY(std::abs(points[i].x() - expectedCorpus[i] / corpusTotal) < 1e-12);
            QVERIFY(std::abs(points[i].y() - expectedSample[i] / sampleTotal) < 1e-12);
        }
        QVERIFY2(scatter->title().contains(QStringLiteral("Pearson r = %1").arg(mt.pearsonR, 0, 'f', 3)), qPrintable(scatter->title()));

        // Post-edit score histogram (20 bins over [0, 1], >= 1 in the last), by hand.
        CoverageBarChart *ter = charts->barChart(CoverageChartsPage::PostEditScores);
        QVector<double> handBins(20, 0.0);
        for (int i : tactics.segments) {
            const double e = m_corpus.segments[i].postEditScore;
            handBins[e <= 0 ? 0 : std::min(19, int(e * 20))] += 1.0 / tactics.segments.size();
        }
        const QVector<double> drawnBins = ter->values(QStringLiteral("sample ted-ted-gold-tactics-B100-s1"));
        QCOMPARE(drawnBins.size(), 20);
        for (int b = 0; b < 20; ++b)
            QVERIFY(std::abs(drawnBins[b] - handBins[b]) < 1e-12);

        // Segments per document, by hand.
        QHash<QString, int> perDoc;
        for (int i : tactics.segments)
            ++perDoc[m_corpus.segments[i].documentId];
        int largest = 0;
        for (int n : perDoc)
            largest = std::max(largest, n);
        const int width = (largest + 19) / 20;  // at most 20 bins
        QVector<double> docHist((largest + width - 1) / width, 0.0);
        for (int n : perDoc)
            docHist[(n - 1) / width] += 1;
        QCOMPARE(charts->barChart(CoverageChartsPage::SegmentsPerDocument)->values(QStringLiteral("documents")), docHist);

        // Samples table: measures as the engine gives them.
        QTableWidget *table = child<QTableWidget>("samplesTable");
        for (int r = 0; r < table->rowCount(); ++r) {
            const bool isTactics = table->item(r, 0)->text() == QLatin1String("ted-ted-gold-tactics-B100-s1");
            QCOMPARE(table->item(r, 5)->text().toInt(), isTactics ? mt.cov20 : mr.cov20);
            QCOMPARE(table->item(r, 6)->text().toInt(), isTactics ? mt.cov1 : mr.cov1);
        }

        // Screenshots of every chart.
        child<QTabWidget>("coverageTabs")->setCurrentIndex(CoverageWorkspace::ChartsTab);
        const char *names[] = {"counts", "samplers", "proportions", "ter", "documents"};
        for (int c = 0; c < 5; ++c) {
            if (c == CoverageChartsPage::CoverageBySampler)
                continue;  // grabbed with all five samplers below
            charts->showChart(CoverageChartsPage::Chart(c));
            QCoreApplication::processEvents();
            grab(QStringLiteral("coverage-%1.png").arg(QLatin1String(names[c])));
        }
        charts->logScaleBox()->setChecked(true);
        charts->showChart(CoverageChartsPage::CategoryCounts);
        QCoreApplication::processEvents();
        grab(QStringLiteral("coverage-counts-log.png"));
        QCOMPARE(byLabel(counts, QStringLiteral("corpus"), feasible), expectedCorpus);  // same numbers on a log axis
        charts->logScaleBox()->setChecked(false);
    }

    void export_pngSvgAndCsv()
    {
        CoverageChartsPage *charts = child<CoverageChartsPage>("coverageChartsPage");
        QCOMPARE(charts->suggestedFileName(CoverageChartsPage::CategoryCounts, QStringLiteral("svg")), QStringLiteral("coverage-counts-ted-ted-gold-tactics-B100-s1.svg"));
        QCOMPARE(charts->suggestedFileName(CoverageChartsPage::ExamplesPerStatus, QStringLiteral("png")), QStringLiteral("coverage-examples-by-status.png"));
        const QString png = m_dir.filePath(QStringLiteral("counts.png"));
        QCOMPARE(charts->exportChart(CoverageChartsPage::CategoryCounts, png), QString());
        QImage image(png);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 900 && image.height() >= 520);
        const QString svg = m_dir.filePath(QStringLiteral("samplers.svg"));
        QCOMPARE(charts->exportChart(CoverageChartsPage::CoverageBySampler, svg), QString());
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        const QByteArray svgBytes = svgFile.readAll();
        QVERIFY(svgBytes.contains("<svg"));
        QVERIFY(svgBytes.contains("Cov20"));

        const QString csv = m_dir.filePath(QStringLiteral("counts.csv"));
        QCOMPARE(charts->exportChartData(CoverageChartsPage::CategoryCounts, csv), QString());
        QFile csvFile(csv);
        QVERIFY(csvFile.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(csvFile.readAll()).split(u'\n', Qt::SkipEmptyParts);
        CoverageBarChart *counts = charts->barChart(CoverageChartsPage::CategoryCounts);
        QCOMPARE(lines.size(), counts->labels().size() + 1);
        QCOMPARE(lines.first(), QStringLiteral("taxonomy category,corpus,sample ted-ted-gold-tactics-B100-s1"));
        // Every category's corpus count in the CSV equals the pool's count, from the file.
        const QVector<int> corpusCounts = m_pool.categoryCounts();
        for (int i = 1; i < lines.size(); ++i) {
            const QStringList fields = lines[i].split(u',');
            QCOMPARE(fields.size(), 3);
            QCOMPARE(fields[1].toInt(), corpusCounts[int(m_pool.categories.indexOf(fields[0]))]);
        }
        const QString labelsCsv = m_dir.filePath(QStringLiteral("labels.csv"));
        QCOMPARE(m_w->exportLabelsCsv(labelsCsv), QString());
        QFile lf(labelsCsv);
        QVERIFY(lf.open(QIODevice::ReadOnly));
        const QString labelsText = QString::fromUtf8(lf.readAll());
        QVERIFY(labelsText.startsWith(QStringLiteral("#,Document,Source,Primary category,Confidence,Origin,Secondary categories\n")));
        QCOMPARE(labelsText.count(u'\n'), int(m_corpus.segments.size()) + 1);  // no segment holds a line break
        // The first segment's source holds commas: quoted as CSV wants.
        QVERIFY(labelsText.contains(u'"' + m_corpus.segments[0].source + u'"'));
        const QString samplesCsv = m_dir.filePath(QStringLiteral("samples.csv"));
        QCOMPARE(m_w->exportSamplesCsv(samplesCsv), QString());
        QFile sf(samplesCsv);
        QVERIFY(sf.open(QIODevice::ReadOnly));
        QCOMPARE(QString::fromUtf8(sf.readAll()).split(u'\n', Qt::SkipEmptyParts).size(), 3);
        QVERIFY(charts->exportChart(CoverageChartsPage::CategoryCounts, QStringLiteral("/nonexistent-dir/x.png")).contains(QLatin1String("/nonexistent-dir/x.png")));
    }

    void compareSamplers_cancelStoresNothing()
    {
        QSignalSpy spy(m_w.get(), &CoverageWorkspace::jobFinished);
        SamplerSettings s;
        s.budget = 50;
        s.seed = 7;
        QVERIFY(m_w->compareSamplers(s, {SamplingMethod::Tactics, SamplingMethod::Random, SamplingMethod::EqualAllocation, SamplingMethod::LowConfidence,
                                         SamplingMethod::Dsir}));
        m_w->cancelJob();
        const auto [error, cancelled] = waitForJob(*m_w, spy);
        QVERIFY(cancelled);
        QCOMPARE(sampling::CoverageStore(m_project->database()).samples().size(), 2);

        // Not cancelled: all five samplers at the same budget, one bar group each.
        QVERIFY(m_w->compareSamplers(s, {SamplingMethod::Tactics, SamplingMethod::Random, SamplingMethod::EqualAllocation, SamplingMethod::LowConfidence,
                                         SamplingMethod::Dsir}));
        const auto [error2, cancelled2] = waitForJob(*m_w, spy);
        QCOMPARE(error2, QString());
        QVERIFY(!cancelled2);
        QCOMPARE(sampling::CoverageStore(m_project->database()).samples().size(), 7);
        QCOMPARE(child<QTableWidget>("samplesTable")->rowCount(), 7);
        child<QTabWidget>("coverageTabs")->setCurrentIndex(CoverageWorkspace::SampleTab);
        QCoreApplication::processEvents();
        grab(QStringLiteral("coverage-sample.png"));
        CoverageChartsPage *charts = child<CoverageChartsPage>("coverageChartsPage");
        QVERIFY(charts->selectSample(QStringLiteral("ted-ted-gold-dsir-B50-s7")));
        QCOMPARE(charts->barChart(CoverageChartsPage::CoverageBySampler)->labels().size(), 5);  // grabbed with three seeds below
    }

    // Issue 33 (4): seeds, not samples, are counted (a seed drawn twice is one), and samples drawn
    // with other settings form their own group, named by what differs, never one averaged bar.
    void coverageBySampler_groupsBySettingsCountsSeeds()
    {
        QVector<ChartSample> samples;
        const auto add = [&](int target, std::uint64_t seed) {
            SamplerSettings s;
            s.method = SamplingMethod::Tactics;
            s.budget = 50;
            s.seed = seed;
            s.coverageTarget = target;
            samples.append({qint64(samples.size() + 1), QStringLiteral("s%1").arg(samples.size()), QStringLiteral("tactics"), 50, seed,
                            drawSample(m_pool, s).segments, s.toJson()});
        };
        for (std::uint64_t seed : {1, 2, 1, 2})  // two seeds, each drawn twice
            add(20, seed);
        add(10, 1);
        const SamplerCoverage c = coverageBySampler(m_pool, samples, 50);
        QCOMPARE(c.methods, (QStringList{QStringLiteral("tactics"), QStringLiteral("tactics")}));
        QCOMPARE(c.seeds, (QVector<int>{2, 1}));
        QCOMPARE(c.settingsShown, (QStringList{QStringLiteral("coverage_target 20"), QStringLiteral("coverage_target 10")}));
        const CoverageMeasures one = measureCoverage(m_pool, samples[0].segments), two = measureCoverage(m_pool, samples[1].segments);
        QVERIFY(std::abs(c.cov20Mean[0] - (one.cov20 + two.cov20) / 2.0) < 1e-12);
        QCOMPARE(c.cov20Mean[1], double(measureCoverage(m_pool, samples[4].segments).cov20));
    }

    void coverageBySampler_meanAndSpreadOverSeeds()
    {
        // Issue 23: one bar per sample with truncated names ("rando..."). Now one group per
        // sampler at the budget: the mean over its seeds, whiskers from the lowest to the highest.
        // Seeds 9 and 10 join seed 7 (compareSamplers_cancelStoresNothing), drawn with the keys.
        child<QTabWidget>("coverageTabs")->setCurrentIndex(CoverageWorkspace::SampleTab);
        child<QSpinBox>("budgetBox")->setValue(50);
        QSignalSpy spy(m_w.get(), &CoverageWorkspace::jobFinished);
        for (int seed : {9, 10}) {
            child<QSpinBox>("seedBox")->setValue(seed);
            QTest::keyClick(m_w.get(), Qt::Key_D, Qt::ControlModifier | Qt::ShiftModifier);  // Compare Samplers
            QCOMPARE(waitForJob(*m_w, spy).first, QString());
        }
        QCOMPARE(sampling::CoverageStore(m_project->database()).samples().size(), 17);

        // The samples table sorts names naturally: ...-s7, ...-s9, ...-s10 (not s10, s7, s9).
        QStringList randomRows;
        for (int r = 0; r < child<QTableWidget>("samplesTable")->rowCount(); ++r) {
            const QString name = child<QTableWidget>("samplesTable")->item(r, 0)->text();
            if (name.startsWith(QLatin1String("ted-ted-gold-random-B50-")))
                randomRows.append(name);
        }
        QCOMPARE(randomRows, (QStringList{QStringLiteral("ted-ted-gold-random-B50-s7"), QStringLiteral("ted-ted-gold-random-B50-s9"),
                                          QStringLiteral("ted-ted-gold-random-B50-s10")}));

        CoverageChartsPage *charts = child<CoverageChartsPage>("coverageChartsPage");
        QVERIFY(charts->selectSample(QStringLiteral("ted-ted-gold-random-B50-s9")));
        auto *coverage = m_w->findChild<CoverageBarChart *>(QStringLiteral("coverageBySamplerChart"));
        QVERIFY(coverage);
        QCOMPARE(coverage->labels(), (QStringList{QStringLiteral("TACTICS (3 seeds)"), QStringLiteral("random (3 seeds)"),
                                                  QStringLiteral("equal allocation (3 seeds)"), QStringLiteral("lowest confidence first (3 seeds)"),
                                                  QStringLiteral("DSIR (3 seeds)")}));
        QCOMPARE(coverage->axisLabels(), coverage->labels());  // short enough to show whole
        const QVector<SamplingMethod> methods{SamplingMethod::Tactics, SamplingMethod::Random, SamplingMethod::EqualAllocation,
                                              SamplingMethod::LowConfidence, SamplingMethod::Dsir};
        const QVector<double> cov20 = coverage->values(QStringLiteral("Cov20")), cov1 = coverage->values(QStringLiteral("Cov1"));
        const QVector<QPair<double, double>> spread20 = coverage->spread(QStringLiteral("Cov20"));
        for (int k = 0; k < methods.size(); ++k) {
            // Drawn here from the file: the same three seeds, their mean, lowest and highest.
            QVector<double> c20, c1;
            for (std::uint64_t seed : {7, 9, 10}) {
                SamplerSettings s;
                s.method = methods[k];
                s.budget = 50;
                s.seed = seed;
                const CoverageMeasures m = measureCoverage(m_pool, drawSample(m_pool, s).segments);
                c20.append(m.cov20);
                c1.append(m.cov1);
            }
            QVERIFY(std::abs(cov20[k] - (c20[0] + c20[1] + c20[2]) / 3) < 1e-12);
            QVERIFY(std::abs(cov1[k] - (c1[0] + c1[1] + c1[2]) / 3) < 1e-12);
            QCOMPARE(spread20[k].first, *std::min_element(c20.begin(), c20.end()));
            QCOMPARE(spread20[k].second, *std::max_element(c20.begin(), c20.end()));
        }
        QCOMPARE(coverage->whiskerLines().size(), 10);  // one per sampler and measure
        QCOMPARE(coverage->dataModel()->columnCount(), 1 + 2 + 4);  // sampler, Cov20, Cov1, lowest/highest of each

        // Shown at 1600 x 1000 for the screenshot.
        const QSize before = m_w->size();
        m_w->resize(1600, 1000);
        child<QTabWidget>("coverageTabs")->setCurrentIndex(CoverageWorkspace::ChartsTab);
        charts->showChart(CoverageChartsPage::CoverageBySampler);
        QCoreApplication::processEvents();
        grab(QStringLiteral("coverage-samplers.png"));
        // Every whisker stands over its bar group, inside the plot.
        const QRectF plot = coverage->chart()->mapToScene(coverage->chart()->plotArea()).boundingRect().adjusted(-1, -1, 1, 1);
        for (const QLineF &line : coverage->whiskerLines())
            QVERIFY(plot.contains(line.p1()) && plot.contains(line.p2()));
        m_w->resize(before);

        // The proportions scatter: no point name covers a marker.
        ProportionScatterChart *scatter = charts->scatterChart();
        charts->showChart(CoverageChartsPage::Proportions);
        QCoreApplication::processEvents();
        QVERIFY(!scatter->pointNameRects().isEmpty());
        for (const QRectF &name : scatter->pointNameRects()) {
            for (const QRectF &marker : scatter->markerRects())
                QVERIFY2(!name.intersects(marker), "a point name covers a marker");
        }
    }

    void relabel_storesTheManualPrimaryCategory()
    {
        const QString category = m_pool.categories.last();
        QCOMPARE(m_w->relabel(3, category), QString());
        const QVector<SegmentLabels> stored = sampling::CoverageStore(m_project->database()).labels(*m_w->labellingId());
        QCOMPARE(stored[3].first().category, category);
        QCOMPARE(stored[3].first().origin, LabelOrigin::Manual);  // was "gold", as if read with the corpus
        QCOMPARE(stored[3].first().confidence, 1.0);
        QCOMPARE(child<SegmentLabelModel>("segmentLabelModel")->data(child<SegmentLabelModel>("segmentLabelModel")->index(3, SegmentLabelModel::Primary)).toString(), category);
        // Through the model, as the table's editor does: only known categories.
        QSignalSpy spy(child<SegmentLabelModel>("segmentLabelModel"), &SegmentLabelModel::relabelRequested);
        child<SegmentLabelModel>("segmentLabelModel")->setData(child<SegmentLabelModel>("segmentLabelModel")->index(4, SegmentLabelModel::Primary), QStringLiteral("No/such/category"));
        QCOMPARE(spy.count(), 0);
        child<SegmentLabelModel>("segmentLabelModel")->setData(child<SegmentLabelModel>("segmentLabelModel")->index(4, SegmentLabelModel::Primary), category);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(sampling::CoverageStore(m_project->database()).labels(*m_w->labellingId())[4].first().category, category);
        QCOMPARE(sampling::CoverageStore(m_project->database()).samples().size(), 17);  // samples are kept
        // Undo puts segment 5's gold labels back exactly, in the store and the table; redo relabels.
        const SegmentLabels gold4 = goldLabels(m_corpus)[4];
        QCOMPARE(child<QUndoStack>("relabelUndoStack")->count(), 2);
        child<QUndoStack>("relabelUndoStack")->undo();
        const SegmentLabels restored = sampling::CoverageStore(m_project->database()).labels(*m_w->labellingId())[4];
        QCOMPARE(restored.size(), gold4.size());
        for (int k = 0; k < gold4.size(); ++k) {
            QCOMPARE(restored[k].category, gold4[k].category);
            QCOMPARE(restored[k].confidence, gold4[k].confidence);
        }
        QCOMPARE(child<SegmentLabelModel>("segmentLabelModel")->data(child<SegmentLabelModel>("segmentLabelModel")->index(4, SegmentLabelModel::Primary)).toString(), gold4.first().category);
        child<QUndoStack>("relabelUndoStack")->redo();
        QCOMPARE(sampling::CoverageStore(m_project->database()).labels(*m_w->labellingId())[4].first().category, category);
        child<QTabWidget>("coverageTabs")->setCurrentIndex(CoverageWorkspace::CorporaTab);
        QCoreApplication::processEvents();
        grab(QStringLiteral("coverage-labels.png"));
    }

    void exampleCharts_countByCategoryPairAndStatus()
    {
        // No examples yet: each chart says so, with no axes (whose titles stood alone before).
        m_w->reload();
        for (const char *name : {"examplesByCategoryChart", "examplesByLanguagePairChart", "examplesByStatusChart"}) {
            auto *chart = m_w->findChild<CoverageBarChart *>(QLatin1String(name));
            QVERIFY2(chart, name);
            QCOMPARE(chart->shownEmptyText(), QStringLiteral("No challenge examples in this project yet."));
            QVERIFY(chart->labels().isEmpty());
            QVERIFY(chart->title().endsWith(QLatin1String(": no examples")));
            for (QAbstractAxis *axis : chart->chart()->axes())
                QVERIFY(!axis->isVisible());
        }
        verify::ExampleStore examples(m_project->database());
        const auto add = [&](const QString &src, const QString &tgt, const QStringList &tags, const QStringList &freeTags = {}) {
            verify::ChallengeExample e = testing::makeExample(src, tgt, QStringLiteral("He saw the bank."));
            e.linguistics = tags;
            e.tags = freeTags;
            return examples.addExample(e);
        };
        add(QStringLiteral("English"), QStringLiteral("German"), {QStringLiteral("polysemy")});
        add(QStringLiteral("English"), QStringLiteral("German"), {}, {QStringLiteral("ato")});  // tagged ato by hand: not from a run
        // made from augmentation run 7 (examples add --from-run, Create Example)
        add(QStringLiteral("English"), QStringLiteral("Serbian"), {QStringLiteral("polysemy")},
            {QStringLiteral("ato"), QStringLiteral("direct"), QStringLiteral("run:7")});
        m_w->reload();
        CoverageChartsPage *charts = child<CoverageChartsPage>("coverageChartsPage");
        CoverageBarChart *status = charts->barChart(CoverageChartsPage::ExamplesPerStatus);
        QCOMPARE(byLabel(status, QStringLiteral("examples"), {QStringLiteral("draft"), QStringLiteral("accepted")}), (QVector<double>{3, 0}));
        CoverageBarChart *pairs = charts->barChart(CoverageChartsPage::ExamplesPerLanguagePair);
        QCOMPARE(byLabel(pairs, QStringLiteral("examples"), {QStringLiteral("English \u2192 German"), QStringLiteral("English \u2192 Serbian")}),
                 (QVector<double>{2, 1}));
        CoverageBarChart *categories = charts->barChart(CoverageChartsPage::ExamplesPerCategory);
        QCOMPARE(categories->values(QStringLiteral("examples")).value(0), 2.0);  // the polysemy path, most first
        QVERIFY(categories->labels().contains(QStringLiteral("(none)")));
        QCOMPARE(categories->shownEmptyText(), QString());
        // only the examples that came from augmentation (issue 21): the Serbian one
        auto *origin = child<QComboBox>("examplesOriginBox");
        QCOMPARE(origin->currentIndex(), 0);
        origin->setFocus();
        QTest::keyClick(origin, Qt::Key_Down);
        QCOMPARE(origin->currentIndex(), 1);
        QCOMPARE(byLabel(status, QStringLiteral("examples"), {QStringLiteral("draft")}), (QVector<double>{1}));
        QCOMPARE(pairs->labels(), QStringList{QStringLiteral("English → Serbian")});
        QCOMPARE(categories->title(), QStringLiteral("Challenge examples from augmentation per LTB taxonomy category (1 examples)"));
        QTest::keyClick(origin, Qt::Key_Down);  // not from augmentation: the two German ones
        QCOMPARE(byLabel(status, QStringLiteral("examples"), {QStringLiteral("draft")}), (QVector<double>{2}));
        QTest::keyClick(origin, Qt::Key_Up);
        QTest::keyClick(origin, Qt::Key_Up);
        QCOMPARE(origin->currentIndex(), 0);
        child<QTabWidget>("coverageTabs")->setCurrentIndex(CoverageWorkspace::ChartsTab);
        charts->showChart(CoverageChartsPage::ExamplesPerCategory);
        QCoreApplication::processEvents();
        grab(QStringLiteral("coverage-examples.png"));
    }

    void classifyCentroid_offlineClassifierAsTheEngine()
    {
        // The offline semantic classifier on one TED talk (31 segments): the default pack's encoder.
        EmbedFunction embed;  // through the compute plugin, as the workspace does
        try {
            embed = gauntlet::compute::engine().clsEmbedding({});
        } catch (const std::exception &e) {
            QSKIP(qPrintable(QStringLiteral("no default model pack: %1").arg(QString::fromUtf8(e.what()))));
        }
        const QString slice = importTalk3();
        QVERIFY(!slice.isEmpty());
        QCOMPARE(m_w->importBundledTaxonomy(QStringLiteral("mozilla-localization")), QString());  // kept when there
        QSignalSpy spy(m_w.get(), &CoverageWorkspace::jobFinished);
        QVERIFY(m_w->selectCorpus(QStringLiteral("t3")));
        QVERIFY(m_w->selectTaxonomy(QStringLiteral("mozilla-localization")));
        QVERIFY(m_w->classify(CoverageWorkspace::ClassifierKind::Centroid));
        QCOMPARE(waitForJob(*m_w, spy).first, QString());

        const Corpus corpus = readCorpusFile(slice);
        QCOMPARE(corpus.segments.size(), 31);
        sampling::CoverageStore store(m_project->database());
        const Taxonomy t = store.taxonomy(*store.taxonomyId(QStringLiteral("mozilla-localization")));
        CentroidClassifier classifier(t, taxonomyExamples(t), embed);
        // the window's threshold, shown on the Corpora tab (issue 33 item 5)
        auto *threshold = child<QDoubleSpinBox>("minConfidenceBox");
        QCOMPARE(threshold->value(), ClassifyOptions::CentroidMinConfidence);
        ClassifyOptions options;
        options.minSemanticConfidence = threshold->value();
        const QVector<SegmentLabels> expected = classifyCorpus(corpus, t, &classifier, options);
        SegmentLabelModel *model = child<SegmentLabelModel>("segmentLabelModel");
        QCOMPARE(model->rowCount(), 31);
        for (int row = 0; row < 31; ++row) {
            for (const SegmentLabel &l : model->segmentLabels(row))
                QVERIFY(l.origin != LabelOrigin::Classifier || l.confidence >= threshold->value());
            QVERIFY(!expected[row].isEmpty());
            QCOMPARE(model->data(model->index(row, SegmentLabelModel::Primary)).toString(), expected[row].first().category);
            QCOMPARE(model->segmentLabels(row).first().origin, expected[row].first().origin);
            QVERIFY(std::abs(model->segmentLabels(row).first().confidence - expected[row].first().confidence) < 1e-6);
        }
        QVERIFY(store.labelling(*m_w->labellingId()).classifier.contains(QLatin1String("centroid")));
    }

    void classifyLlm_endpointOffTheGuiThread()
    {
        // The LLM classifier in the job's thread against a local fake endpoint on this thread;
        // the same replies through LlmCategoryClassifier here give the expected labels.
        const QString slice = importTalk3();
        QVERIFY(!slice.isEmpty());
        QCOMPARE(m_w->importBundledTaxonomy(QStringLiteral("mozilla-localization")), QString());  // kept when there
        QVERIFY(m_w->selectCorpus(QStringLiteral("t3")));
        QVERIFY(m_w->selectTaxonomy(QStringLiteral("mozilla-localization")));
        gauntlet::testing::FakeChatServer server;
        server.responder = [](const gauntlet::testing::ReceivedRequest &) {
            QString reply = QStringLiteral("[");
            for (int id = 1; id <= 20; ++id)
                reply += QStringLiteral("%1{\"id\": %2, \"labels\": [{\"category\": \"%3\", \"confidence\": 0.%4}]}")
                             .arg(id == 1 ? QString() : QStringLiteral(", "))
                             .arg(id)
                             .arg(id % 2 ? QStringLiteral("grammar/ambiguity") : QStringLiteral("natural-expression/idioms-and-slang"))
                             .arg(id % 9 + 1);
            return gauntlet::testing::ScriptedReply(200, gauntlet::testing::chatBody(reply + u']'));
        };
        QCOMPARE(m_w->classify(CoverageWorkspace::ClassifierKind::Llm), false);  // no endpoint yet
        QVERIFY(child<QLabel>("coverageStatusLabel")->text().contains(QLatin1String("endpoint")));
        m_w->setLlmEndpoint(server.baseUrl(), QStringLiteral("fake-model"));
        QSignalSpy spy(m_w.get(), &CoverageWorkspace::jobFinished);
        QVERIFY(m_w->classify(CoverageWorkspace::ClassifierKind::Llm));
        QCOMPARE(waitForJob(*m_w, spy).first, QString());
        QCOMPARE(server.received.size(), 2);  // 31 segments in batches of 20

        translate::ChatEndpoint endpoint;
        endpoint.baseUrl = server.baseUrl();
        endpoint.model = QStringLiteral("fake-model");
        sampling::CoverageStore store(m_project->database());
        const Taxonomy t = store.taxonomy(*store.taxonomyId(QStringLiteral("mozilla-localization")));
        LlmCategoryClassifier classifier(t, endpoint, LlmCategoryClassifier::Options{20, 2});
        ClassifyOptions options;
        options.chunkSize = 20;
        const QVector<SegmentLabels> expected = classifyCorpus(readCorpusFile(slice), t, &classifier, options);
        SegmentLabelModel *model = child<SegmentLabelModel>("segmentLabelModel");
        QCOMPARE(model->rowCount(), int(expected.size()));
        for (int row = 0; row < expected.size(); ++row) {
            QCOMPARE(model->segmentLabels(row).size(), expected[row].size());
            for (int k = 0; k < expected[row].size(); ++k) {
                QCOMPARE(model->segmentLabels(row)[k].category, expected[row][k].category);
                QCOMPARE(model->segmentLabels(row)[k].confidence, expected[row][k].confidence);
            }
        }
        QCOMPARE(store.labelling(*m_w->labellingId()).classifier, QStringLiteral("matchers+llm:fake-model"));

        // Cancel during the first (slow) batch: the stored labelling stays the one above.
        const qint64 before = *m_w->labellingId();
        const QVector<SegmentLabels> storedBefore = store.labels(before);
        const QString createdBefore = store.labelling(before).createdAt;
        const int labellingsBefore = int(store.labellings().size());
        server.responder = nullptr;
        server.script = {gauntlet::testing::ScriptedReply(200, gauntlet::testing::chatBody(QStringLiteral("[]")), 400)};
        QVERIFY(m_w->classify(CoverageWorkspace::ClassifierKind::Llm));
        m_w->cancelJob();
        const auto [error, cancelled] = waitForJob(*m_w, spy);
        QVERIFY(cancelled);
        QVERIFY(child<QLabel>("coverageStatusLabel")->text().contains(QLatin1String("cancelled")));
        QCOMPARE(int(store.labellings().size()), labellingsBefore);
        QCOMPARE(*m_w->labellingId(), before);
        QCOMPARE(store.labelling(before).createdAt, createdBefore);
        QCOMPARE(store.labels(before)[0].first().category, storedBefore[0].first().category);
    }

    void barChart_manyLongCategoriesStayLegible()
    {
        // LTB's taxonomy paths (long, deep) with Zipf-like counts: horizontal bars, one row per
        // category, unique elided axis labels, a chart tall enough for every row.
        QStringList paths;
        for (const verify::LtbTaxonomyTag &t : verify::bundledLtbTaxonomy()) {
            if (!paths.contains(t.path))
                paths.append(t.path);
        }
        QVERIFY(paths.size() > 12);
        QVector<double> corpus, sample;
        for (int i = 0; i < paths.size(); ++i) {
            corpus.append(std::floor(2000.0 / (i + 1)));
            sample.append(std::min(20.0, corpus.last()));
        }
        CoverageBarChart chart;
        chart.setSortDescending(true);
        chart.setBars(QStringLiteral("LTB categories"), paths, {{QStringLiteral("corpus"), corpus, {}}, {QStringLiteral("sample"), sample, {}}},
                      QStringLiteral("segments"), QStringLiteral("taxonomy category"));
        QVERIFY(chart.isHorizontal());
        const QStringList shown = chart.axisLabels();
        QCOMPARE(shown.size(), paths.size());
        QCOMPARE(QSet<QString>(shown.begin(), shown.end()).size(), paths.size());
        for (const QString &label : shown)
            QVERIFY2(label.size() <= 48 + 5, qPrintable(label));
        QVERIFY(chart.preferredSize().height() >= 18 * paths.size());
        QCOMPARE(chart.values(QStringLiteral("corpus")).first(), 2000.0);
        chart.setLogScale(true);
        QCOMPARE(chart.values(QStringLiteral("corpus")).last(), corpus.last());
        const QString dir = qEnvironmentVariable("GAUNTLET_SCREENSHOT_DIR");
        if (!dir.isEmpty())
            QCOMPARE(chart.save(QDir(dir).filePath(QStringLiteral("coverage-many-categories.png"))), QString());
    }

    void importCorpus_withoutDocumentsWarnsAndMarksCoherenceNotApplicable()
    {
        // Issue 23: a file without a document column was taken silently, one document per segment.
        const QString flat = m_dir.filePath(QStringLiteral("flat.tsv"));
        QVERIFY(testing::writeFile(flat, "source\tmt\tpost_edit\nDelete 3 files?\tDrei Dateien l\xc3\xb6schen?\t3 Dateien l\xc3\xb6schen?\nOpen it\tOeffnen\tOeffne es\n"));
        QSignalSpy spy(m_w.get(), &CoverageWorkspace::jobFinished);
        QVERIFY(m_w->importCorpus(flat, {}, QStringLiteral("flat")));
        QCOMPARE(waitForJob(*m_w, spy).first, QString());
        QVERIFY2(child<QLabel>("coverageStatusLabel")->toolTip().contains(QStringLiteral("no document column")), qPrintable(child<QLabel>("coverageStatusLabel")->toolTip()));
        QVERIFY(child<QLabel>("coverageStatusLabel")->toolTip().startsWith(QStringLiteral("Imported corpus 'flat': 2 segments, 2 documents")));
        QCOMPARE(m_w->corpus().name, QStringLiteral("flat"));
        QVERIFY(!m_w->corpus().hasDocuments);
    }

    void semanticCategoryHint_namesTheTabThatClassifies()
    {
        // Issue 23: the hint named a "Classify tab" that does not exist.
        TaxonomyEditor editor;
        Taxonomy t;
        t.name = QStringLiteral("t");
        TaxonomyCategory c;
        c.path = QStringLiteral("register/tone");
        c.kind = CategoryKind::Semantic;
        t.categories = {c};
        editor.setTaxonomy(t);
        editor.selectCategory(QStringLiteral("register/tone"));
        QVERIFY2(!editor.countLabel()->text().contains(QLatin1String("Classify tab")), qPrintable(editor.countLabel()->text()));
        QVERIFY(editor.countLabel()->text().contains(QLatin1String("Corpora & Labels tab")));
        QVERIFY(child<QTabWidget>("coverageTabs")->tabText(CoverageWorkspace::CorporaTab).contains(QLatin1String("Labels")));  // the tab it names
    }

    void german_translatesTheWorkspace()
    {
        QTranslator translator;
        QVERIFY(translator.load(QStringLiteral(":/i18n/gauntlet_de.qm")));
        QCoreApplication::installTranslator(&translator);
        CoverageWorkspace german;
        QCOMPARE(german.findChild<QTabWidget *>(QStringLiteral("coverageTabs"))->tabText(CoverageWorkspace::TaxonomiesTab), QStringLiteral("&Taxonomien"));
        QCOMPARE(german.findChild<QTabWidget *>(QStringLiteral("coverageTabs"))->tabText(CoverageWorkspace::SampleTab), QStringLiteral("&Stichprobe"));
        QCOMPARE(german.findChild<QPushButton *>(QStringLiteral("drawSampleButton"))->text(), QStringLiteral("Stichprobe ziehen"));
        QCOMPARE(german.findChild<CoverageChartsPage *>(QStringLiteral("coverageChartsPage"))->tabs()->tabText(CoverageChartsPage::CoverageBySampler), QStringLiteral("Abdeckung je Stichprobenverfahren"));
        const QString header = german.findChild<SegmentLabelModel *>(QStringLiteral("segmentLabelModel"))->headerData(SegmentLabelModel::Primary, Qt::Horizontal).toString();
        QCoreApplication::removeTranslator(&translator);
        QCOMPARE(header, QStringLiteral("Primärkategorie"));
    }

    void cleanupTestCase()
    {
        m_w.reset();
        m_project.reset();
    }
};

GAUNTLET_GUI_TEST_MAIN(TestCoverageWorkspace)
#include "tst_coverage_workspace.moc"
