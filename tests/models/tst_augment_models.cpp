// The Augment item models over synthetic run events, each checked by QAbstractItemModelTester; the
// word-level change marking and the best path against hand-worked examples; RunHistory reading back
// what RunStore wrote (guard refusals and judges included), and its CSV export, against literal
// expected values; the words the GUI shows for the judges' verdicts.
#include "engine/judge/judges.h"
#include "engine/store/project.h"
#include "engine/ato/run_history.h"
#include "engine/ato/run_store.h"
#include "models/beam_table_model.h"
#include "models/best_path.h"
#include "models/candidate_archive_model.h"
#include "engine/judge/judge_text.h"
#include "models/run_history_model.h"
#include "models/run_trace_model.h"
#include "models/seed_queue_model.h"
#include "models/step_stats_model.h"
#include "models/text_changes.h"

#include <QAbstractItemModelTester>
#include <QFile>
#include <QFont>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTemporaryDir>
#include "tests/support/temporary_project.h"
#include "tests/support/test_main.h"
#include <QtTest>

#include <cmath>

using namespace gauntlet;

namespace {

ato::TermValues terms(double loss, double d, double cola, double cos, double ppl = ato::TermValues::unknown)
{
    ato::TermValues v;
    v.loss = loss;
    v.difficulty = d;
    v.fluencyLoss = cola;
    v.cohesionLoss = cos;
    v.perplexity = ppl;
    return v;
}

ato::BeamMemberRecord member(int rank, const std::string &text, const ato::TermValues &values, int parent = -1, bool injected = false)
{
    ato::BeamMemberRecord m;
    m.rank = rank;
    m.text = text;
    m.ids = {0, 10 + rank, 2};
    m.values = values;
    m.parentRank = parent;
    m.injected = injected;
    return m;
}

/// A hand-made three-step ATO-Direct run over the seed "the cat sat on the mat".
std::vector<ato::StepFinishedEvent> syntheticRun()
{
    std::vector<ato::StepFinishedEvent> steps(3);
    steps[0].step = 0;
    steps[0].beam = {member(0, "the cat sat on the mat", terms(0.9, 0.5, 0.01, 0.0, 20))};
    steps[0].bestLoss = steps[0].meanLoss = 0.9;
    steps[1].step = 1;
    steps[1].beam = {member(0, "the dog sat on the mat", terms(0.7, 0.4, 0.005, 0.0), 0),
                     member(1, "the cat sat on a mat", terms(0.8, 0.45, 0.0, 0.007), 0, true)};
    steps[1].beam[0].changesVsSeed = {{2, 11, 12, "\u2581cat", "\u2581dog"}};
    steps[1].beam[0].changesVsParent = steps[1].beam[0].changesVsSeed;
    steps[1].bestLoss = 0.7;
    steps[1].meanLoss = 0.75;
    steps[1].candidatesScored = 4;
    steps[1].candidates = {{"the dog sat on the mat", {}, terms(0.7, 0.4, 0.005, 0.0)},
                           {"the cat sat on a mat", {}, terms(0.8, 0.45, 0.0, 0.007)},
                           {"a cat sat on the mat", {}, terms(0.95, 0.6, 0.0, 0.0)},
                           {"the dog sat on the mat", {}, terms(0.7, 0.4, 0.005, 0.0)}};
    steps[2].step = 2;
    // rank 0 descends from rank 1 of step 1 ("the cat sat on a mat"), rank 1 from rank 0
    steps[2].beam = {member(0, "the cat ran on a mat", terms(0.5, 0.3, 0.004, 0.0), 1),
                     member(1, "the dog sat on the rug", terms(0.6, 0.35, 0.005, 0.0), 0)};
    steps[2].bestLoss = 0.5;
    steps[2].meanLoss = 0.55;
    steps[2].candidates = {{"the cat ran on a mat", {}, terms(0.5, 0.3, 0.004, 0.0)},
                           {"the dog sat on the rug", {}, terms(0.6, 0.35, 0.005, 0.0)},
                           {"the dog sat on the mat", {}, terms(0.7, 0.4, 0.005, 0.0)}};
    return steps;
}

/// The judges' verdict on a clean text: a complete parse, no misspellings, one Apertium round trip.
nlohmann::json cleanReport()
{
    judge::JudgeReport r;
    r.grammar = judge::GrammarVerdict{true, 0, false, std::nan(""), {}};
    r.misspelled = std::vector<std::string>{};
    judge::RoundTripVerdict rt;
    rt.translation = "el gato corrió en una alfombra";
    rt.backTranslation = "the cat ran on a carpet";
    rt.roundTripChrf = 71.24;
    r.mt.emplace_back("eng-spa", rt);
    return judge::toJson(r);
}

/// Two words left unlinked, one misspelling, one word Apertium does not know.
nlohmann::json faultyReport()
{
    judge::JudgeReport r;
    r.grammar = judge::GrammarVerdict{false, 2, false, std::nan(""), {}};
    r.misspelled = std::vector<std::string>{"teh"};
    judge::RoundTripVerdict rt;
    rt.unknownWords = {"teh"};
    rt.roundTripChrf = 40;
    r.mt.emplace_back("eng-spa", rt);
    return judge::toJson(r);
}

}  // namespace

class TestAugmentModels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void compareWords_marksSubstitutionsAgainstSeedAndParent()
    {
        const QVector<TextSegment> s = compareWords(QStringLiteral("the dog ran on the mat"), QStringLiteral("the cat sat on the mat"),
                                                    QStringLiteral("the dog sat on the mat"));
        QCOMPARE(s.size(), 6);
        QCOMPARE(s[1].word, QStringLiteral("dog"));
        QVERIFY(s[1].changedVsSeed);
        QVERIFY(!s[1].changedVsParent);
        QCOMPARE(s[2].word, QStringLiteral("ran"));
        QVERIFY(s[2].changedVsSeed);
        QVERIFY(s[2].changedVsParent);
        QCOMPARE(s[2].parentOriginal, QStringLiteral("sat"));
        // one hunk "cat sat" -> "dog ran" against the seed: each word names the word it replaced,
        // not the whole span (issue 18)
        QCOMPARE(s[1].seedOriginal, QStringLiteral("cat"));
        QCOMPARE(s[2].seedOriginal, QStringLiteral("sat"));
        // a hunk of another length names its span
        const QVector<TextSegment> grown = compareWords(QStringLiteral("the big black dog sat"), QStringLiteral("the cat sat"));
        QCOMPARE(grown[1].seedOriginal, QStringLiteral("cat"));
        QCOMPARE(grown[2].seedOriginal, QStringLiteral("cat"));
        QCOMPARE(grown[3].seedOriginal, QStringLiteral("cat"));
        for (int i : {0, 3, 4, 5}) {
            QVERIFY(!s[i].changedVsSeed);
            QVERIFY(!s[i].changedVsParent);
        }
    }

    void compareWords_substitutedWordEqualToALaterSeedWord()
    {
        // A review found "could help of of train." (step 5 of a run on "... could help thousands of
        // patients.") marked its second "of", the seed's own, as the change: the substitution
        // thousands -> of made the first one. Word for word, three words were replaced by three.
        const QVector<TextSegment> s = compareWords(QStringLiteral("could help of of train."),
                                                    QStringLiteral("could help thousands of patients."));
        QCOMPARE(s.size(), 5);
        QVERIFY(s[2].changedVsSeed);
        QCOMPARE(s[2].seedOriginal, QStringLiteral("thousands"));
        QVERIFY(!s[3].changedVsSeed);
        QVERIFY(s[4].changedVsSeed);
        QCOMPARE(s[4].seedOriginal, QStringLiteral("patients."));
        for (int i : {0, 1})
            QVERIFY(!s[i].changedVsSeed);
    }

    void compareWords_insertionsAndUnchangedText()
    {
        const QVector<TextSegment> same = compareWords(QStringLiteral("a b c"), QStringLiteral("a b c"));
        for (const TextSegment &t : same)
            QVERIFY(!t.changedVsSeed);
        const QVector<TextSegment> inserted = compareWords(QStringLiteral("a x b"), QStringLiteral("a b"));
        QCOMPARE(inserted.size(), 3);
        QVERIFY(inserted[1].changedVsSeed);
        QCOMPARE(inserted[1].seedOriginal, QString());
        QVERIFY(!inserted[0].changedVsSeed);
        QVERIFY(!inserted[2].changedVsSeed);
    }

    void changesHtml_escapesAndMarks()
    {
        const QString html = changesHtml(compareWords(QStringLiteral("x < y"), QStringLiteral("x > y"), QStringLiteral("x > y")));
        QCOMPARE(html, QStringLiteral("x <span style=\"background-color:#ffe08a\"><b style=\"color:#9c1c1c\">&lt;</b></span> y"));
        QCOMPARE(boldChangesHtml(QStringLiteral("the dog sat"), QStringLiteral("the cat sat")), QStringLiteral("the <b>dog</b> sat"));
    }

    void beamTableModel_showsTermsAndChanges()
    {
        RunTraceModel trace;
        BeamTableModel model(&trace);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto steps = syntheticRun();
        trace.beginRun(QStringLiteral("the cat sat on the mat"), 0);
        trace.addSteps(steps);
        model.setStep(0);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, BeamTableModel::PerplexityColumn).data().toString(), QStringLiteral("20.00"));  // perplexities: fewer decimals
        model.setStep(1);  // its parents: the beam of step 0
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.columnCount(), 8);
        QCOMPARE(model.index(0, BeamTableModel::RankColumn).data().toInt(), 1);
        QCOMPARE(model.index(0, BeamTableModel::DifficultyColumn).data().toString(), QStringLiteral("0.4000"));
        QCOMPARE(model.index(0, BeamTableModel::FluencyColumn).data().toString(), QStringLiteral("0.0050"));
        QCOMPARE(model.index(0, BeamTableModel::LossColumn).data(BeamTableModel::ValueRole).toDouble(), 0.7);
        QCOMPARE(model.index(0, BeamTableModel::PerplexityColumn).data().toString(), QStringLiteral("\u2013"));
        QVERIFY(!model.index(0, BeamTableModel::PerplexityColumn).data(BeamTableModel::ValueRole).isValid());
        QCOMPARE(model.index(0, BeamTableModel::InjectedColumn).data().toString(), QString());
        QCOMPARE(model.index(1, BeamTableModel::InjectedColumn).data().toString(), QStringLiteral("injected"));
        const QString html = model.index(0, BeamTableModel::TextColumn).data(BeamTableModel::ChangesHtmlRole).toString();
        QVERIFY2(html.contains(QStringLiteral("#9c1c1c\">dog</b>")), qPrintable(html));
        const QString tip = model.index(0, BeamTableModel::TextColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("\u2581cat \u2192 \u2581dog")), qPrintable(tip));
        const auto segments = model.index(1, BeamTableModel::TextColumn).data(BeamTableModel::SegmentsRole).value<QVector<TextSegment>>();
        QCOMPARE(segments.size(), 6);
        QVERIFY(segments[4].changedVsSeed);  // "a" for "the"
        QCOMPARE(segments[4].seedOriginal, QStringLiteral("the"));
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void runTrace_ownsTheStepsOfLiveAndReplayedRuns()
    {
        // Issue 18: the trace view owned the steps itself; now one item model does, for live and
        // replayed runs alike.
        RunTraceModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy appended(&model, &RunTraceModel::stepsAppended);
        const auto steps = syntheticRun();
        model.beginRun(QStringLiteral("the cat sat on the mat"), 7);
        model.addSteps({steps[0], steps[1]});
        model.addSteps({steps[1], steps[2]});  // step 1 again is ignored: the order stays by step
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(appended.count(), 2);
        QCOMPARE(appended.at(1).at(0).toInt(), 2);
        QCOMPARE(model.index(2).data(RunTraceModel::StepRole).toInt(), 2);
        QCOMPARE(model.index(1).data(RunTraceModel::BestLossRole).toDouble(), 0.7);
        QVERIFY(model.steps()[1].candidates.empty());  // the rows hold beams; candidates apart
        QCOMPARE(model.candidates().size(), size_t(2));
        QCOMPARE(model.candidates()[0].candidates.size(), size_t(4));
        QCOMPARE(model.runId(), qint64(7));

        // a stored two-phase run: planned steps from its config, phase 2's start = lowest-D candidate
        ato::RunTrace trace;
        trace.summary.id = 9;
        trace.summary.seedText = QStringLiteral("the cat sat on the mat");
        trace.config.method = ato::Method::TwoPhase;
        trace.config.steps = 2;
        trace.config.phase2Steps = 3;
        trace.steps = {steps[0], steps[1], steps[2]};
        trace.steps[2].phase = 2;
        for (const ato::StepFinishedEvent &st : steps) {
            for (const ato::ArchiveRecord &c : st.candidates) {
                trace.archive.push_back(c);
                trace.archiveSteps.push_back(st.step);
                trace.archivePhases.push_back(st.step == 2 ? 2 : 1);
            }
        }
        model.setTrace(trace);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.plannedSteps(), 5);
        QCOMPARE(model.phase2Seed(), QStringLiteral("the dog sat on the mat"));  // D 0.4, the lowest in phase 1
        QCOMPARE(model.runId(), qint64(9));

        // Issue 34 (4): where the search started phase 2 elsewhere (the guards refused the
        // lowest-D candidate), replay shows that start, as Live did; it was rebuilt without guards.
        trace.phase2SeedText = QStringLiteral("the cat sat on the mat");
        model.setTrace(trace);
        QCOMPARE(model.phase2Seed(), QStringLiteral("the cat sat on the mat"));
    }

    void candidateArchive_deduplicatesSortsFiltersAndMarksOutput()
    {
        RunTraceModel trace;
        CandidateArchiveModel model(&trace);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        const auto steps = syntheticRun();
        trace.addSteps({steps[0], steps[1]});
        model.readSource();
        QCOMPARE(model.rowCount(), 3);  // the duplicate in step 1 is archived once
        trace.addSteps({steps[2]});
        model.readSource();
        QCOMPARE(model.rowCount(), 5);  // "the dog sat on the mat" was already archived in step 1
        ato::StepFinishedEvent phase2;
        phase2.step = 3;
        phase2.phase = 2;
        phase2.candidates = {{"the dog sat on the mat", {}, terms(30, ato::TermValues::unknown, ato::TermValues::unknown, ato::TermValues::unknown, 30)}};
        trace.addSteps({phase2});
        model.readSource();
        QCOMPARE(model.rowCount(), 6);  // unique by (phase, text)
        QCOMPARE(model.index(0, CandidateArchiveModel::StepColumn).data().toInt(), 1);
        QCOMPARE(model.index(3, CandidateArchiveModel::StepColumn).data().toInt(), 2);

        QSortFilterProxyModel proxy;
        QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
        proxy.setSourceModel(&model);
        proxy.setSortRole(CandidateArchiveModel::ValueRole);
        proxy.sort(CandidateArchiveModel::LossColumn, Qt::AscendingOrder);
        QCOMPARE(proxy.index(0, CandidateArchiveModel::TextColumn).data().toString(), QStringLiteral("the cat ran on a mat"));
        QCOMPARE(proxy.index(5, CandidateArchiveModel::LossColumn).data().toString(), QStringLiteral("30.00"));
        proxy.setFilterKeyColumn(CandidateArchiveModel::TextColumn);
        proxy.setFilterFixedString(QStringLiteral("dog"));
        QCOMPARE(proxy.rowCount(), 3);

        QCOMPARE(model.setSelectedOutput(QStringLiteral("the dog sat on the mat")), 5);  // the phase-2 entry wins
        QVERIFY(model.index(5, 0).data(CandidateArchiveModel::SelectedRole).toBool());
        QCOMPARE(model.index(5, CandidateArchiveModel::SelectedColumn).data().toString(), QStringLiteral("selected output"));
        QVERIFY(model.index(5, 0).data(Qt::FontRole).value<QFont>().bold());
        QVERIFY(!model.index(0, 0).data(CandidateArchiveModel::SelectedRole).toBool());
        QCOMPARE(model.setSelectedOutput(QStringLiteral("not archived")), -1);

        // The perplexities that chose the output fill the PPL column of their phase's entries only.
        const QString before = model.index(3, CandidateArchiveModel::PerplexityColumn).data().toString();
        model.setPerplexities(1, {{"the dog sat on the mat", 12.5}, {"not archived", 1.0}});
        const int phase1Row = 0;  // "the dog sat on the mat" was archived first in step 1
        QCOMPARE(model.index(phase1Row, CandidateArchiveModel::TextColumn).data().toString(), QStringLiteral("the dog sat on the mat"));
        QCOMPARE(model.index(phase1Row, CandidateArchiveModel::PerplexityColumn).data(CandidateArchiveModel::ValueRole).toDouble(), 12.5);
        QCOMPARE(model.index(5, CandidateArchiveModel::PerplexityColumn).data(CandidateArchiveModel::ValueRole).toDouble(), 30.0);
        QCOMPARE(model.index(3, CandidateArchiveModel::PerplexityColumn).data().toString(), before);
        model.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void judgeText_wordsEachVerdict()
    {
        // The round trips lead (no search is filtered by them), then link-grammar and Hunspell.
        QCOMPARE(judge::judgeSummary(cleanReport()),
                 QStringLiteral("eng-spa: no unknown words, round-trip chrF 71.2 \u00b7 complete parse \u00b7 no misspelled words"));
        QCOMPARE(judge::judgeSummary(faultyReport()),
                 QStringLiteral("eng-spa: unknown teh, round-trip chrF 40.0 \u00b7 no complete parse, 2 null links \u00b7 misspelled: teh"));
        const QVector<judge::JudgeVerdictText> verdicts = judge::judgeVerdicts(faultyReport());
        QCOMPARE(verdicts.size(), 3);
        QVERIFY(!verdicts[0].ok && !verdicts[1].ok && !verdicts[2].ok);
        QVERIFY(judge::judgeVerdicts(cleanReport())[0].ok);
        // Issue 31: judges the search was filtered by come last, as the guards they were, after the
        // trigram model's view when it was not one of them.
        nlohmann::json guarded = cleanReport();
        guarded["guards"] = {"grammar", "spelling"};
        guarded["trigram"] = {{"log10_prob", -23.0}, {"words", 9}, {"per_word", -2.3}, {"unknown_words", nlohmann::json::array()}};
        QCOMPARE(judge::judgeSummary(guarded), QStringLiteral("eng-spa: no unknown words, round-trip chrF 71.2 \u00b7 trigram LM -2.30 per word "
                                                       "\u00b7 guard held: complete parse \u00b7 guard held: no misspelled words"));
        guarded["guards"].push_back("trigram");
        QCOMPARE(judge::judgeVerdicts(guarded).at(1).text, QStringLiteral("guard held: trigram LM -2.30 per word"));
        QCOMPARE(judge::judgeVerdicts(guarded).size(), 4);
        QVERIFY2(judge::judgeDetails(guarded).contains(QStringLiteral("Guards of the search (their verdicts echo the filter): grammar, spelling, trigram")),
                 qPrintable(judge::judgeDetails(guarded)));
        const QString details = judge::judgeDetails(cleanReport());
        QVERIFY2(details.contains(QStringLiteral("Grammar (link-grammar): complete parse")), qPrintable(details));
        QVERIFY(details.contains(QStringLiteral("el gato corri\u00f3 en una alfombra")));
        QVERIFY(details.contains(QStringLiteral("the cat ran on a carpet")));
        // a spelling-only report; not judged at all; unreadable
        QCOMPARE(judge::judgeSummary(nlohmann::json{{"misspelled", {"colour"}}}), QStringLiteral("misspelled: colour"));
        QVERIFY(judge::judgeSummary(nullptr).isEmpty());
        QVERIFY(judge::judgeSummary(nlohmann::json{{"grammar", "yes"}}).isEmpty());
        const nlohmann::json judges{{"seed", faultyReport()}, {"output", cleanReport()}};
        QCOMPARE(judge::judgeReportOf(judges, "output"), cleanReport());
        QVERIFY(judge::judgeReportOf(nullptr, "seed").is_null());
    }

    void candidateArchive_showsTheOutputsJudges()
    {
        RunTraceModel trace;
        CandidateArchiveModel model(&trace);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        trace.addSteps({syntheticRun()[1]});
        model.readSource();
        QCOMPARE(model.setSelectedOutput(QStringLiteral("the cat sat on a mat")), 1);
        QCOMPARE(model.headerData(CandidateArchiveModel::JudgesColumn, Qt::Horizontal).toString(), QStringLiteral("Judges"));
        QVERIFY(model.index(1, CandidateArchiveModel::JudgesColumn).data().toString().isEmpty());  // not judged (yet)
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QCOMPARE(model.setSelectedOutput(QStringLiteral("the cat sat on a mat"), cleanReport()), 1);
        QCOMPARE(changed.size(), 1);  // the judges arrived: the row is redrawn
        QVERIFY2(model.index(1, CandidateArchiveModel::JudgesColumn).data().toString().startsWith(QStringLiteral("eng-spa: no unknown words")),
                 qPrintable(model.index(1, CandidateArchiveModel::JudgesColumn).data().toString()));
        const QString tip = model.index(1, CandidateArchiveModel::LossColumn).data(Qt::ToolTipRole).toString();
        QVERIFY2(tip.contains(QStringLiteral("Round trip (Apertium eng-spa): chrF 71.2, unknown words: none")), qPrintable(tip));
        QVERIFY(model.index(0, CandidateArchiveModel::JudgesColumn).data().toString().isEmpty());  // only the output is judged
        QVERIFY(model.index(0, CandidateArchiveModel::LossColumn).data(Qt::ToolTipRole).isNull());
        model.clear();
        model.readSource();  // reads the trace anew
        QCOMPARE(model.setSelectedOutput(QStringLiteral("the cat sat on a mat")), 1);
        QVERIFY(model.index(1, CandidateArchiveModel::JudgesColumn).data().toString().isEmpty());  // clear() forgot them
    }

    void stepStats_rowsPerStepAndPhaseBoundary()
    {
        RunTraceModel trace;
        StepStatsModel model(&trace);
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto steps = syntheticRun();
        trace.addSteps({steps[0]});
        trace.addSteps({steps[1], steps[2]});
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.value(1, StepStatsModel::BestLossColumn), 0.7);
        QCOMPARE(model.value(1, StepStatsModel::MeanLossColumn), 0.75);
        QCOMPARE(model.value(2, StepStatsModel::DifficultyColumn), 0.3);
        QCOMPARE(model.value(2, StepStatsModel::FluencyColumn), 0.004);
        QCOMPARE(model.index(1, StepStatsModel::CandidatesColumn).data().toInt(), 4);
        QCOMPARE(model.phaseBoundaryStep(), -1);
        ato::StepFinishedEvent p2;
        p2.step = 3;
        p2.phase = 2;
        p2.beam = {member(0, "the cat ran on a rug", terms(12, ato::TermValues::unknown, ato::TermValues::unknown, ato::TermValues::unknown, 12))};
        p2.bestLoss = 12;
        trace.addSteps({p2});
        QCOMPARE(model.phaseBoundaryStep(), 3);
        QVERIFY(std::isnan(model.value(3, StepStatsModel::DifficultyColumn)));
        // the rows show the trace's steps: a stored run whose step 2 differs replaces them
        steps[2].bestLoss = 0.45;
        ato::RunTrace stored;
        stored.steps = {steps[0], steps[1], steps[2], p2};
        trace.setTrace(stored);
        QCOMPARE(model.rowCount(), 4);
        QCOMPARE(model.value(2, StepStatsModel::BestLossColumn), 0.45);
        trace.clear();
        QCOMPARE(model.rowCount(), 0);
    }

    void traceTables_areViewsOverTheTrace()
    {
        // Issue 36 item 2: the trace's tables read the trace instead of holding copies. Steps
        // appended to the trace alone (no call on the tables) are rows of the step statistics, the
        // beam table's members are the trace's own records, and a reset of the trace empties all.
        RunTraceModel trace;
        StepStatsModel stats(&trace);
        BeamTableModel beam(&trace);
        CandidateArchiveModel archive(&trace);
        QAbstractItemModelTester statsTester(&stats, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester beamTester(&beam, QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy inserted(&stats, &QAbstractItemModel::rowsInserted);
        const auto steps = syntheticRun();
        trace.beginRun(QStringLiteral("the cat sat on the mat"), 0);
        trace.addSteps({steps[0]});
        trace.addSteps({steps[1], steps[2]});
        QCOMPARE(stats.rowCount(), 3);
        QCOMPARE(inserted.count(), 2);
        QCOMPARE(inserted.at(1).at(1).toInt(), 1);  // rows 1-2: steps 1 and 2
        QCOMPARE(inserted.at(1).at(2).toInt(), 2);
        QCOMPARE(stats.value(2, StepStatsModel::BestLossColumn), 0.5);

        beam.setStep(1);
        QCOMPARE(beam.rowCount(), 2);
        QCOMPARE(&beam.member(0), &trace.steps()[1].beam[0]);
        QCOMPARE(&beam.member(1), &trace.steps()[1].beam[1]);
        ato::StepFinishedEvent next;
        next.step = 3;
        next.beam = {member(0, "the cat ran on a rug", terms(0.4, 0.25, 0.004, 0.0), 0)};
        trace.addSteps({next});  // the trace's steps may move: the table still shows them
        QCOMPARE(&beam.member(0), &trace.steps()[1].beam[0]);
        QCOMPARE(beam.index(0, BeamTableModel::TextColumn).data().toString(), QStringLiteral("the dog sat on the mat"));

        archive.readSource();
        QCOMPARE(archive.rowCount(), 5);
        trace.clear();
        QCOMPARE(stats.rowCount(), 0);
        QCOMPARE(beam.rowCount(), 0);
        QCOMPARE(beam.step(), -1);
        QCOMPARE(archive.rowCount(), 0);
    }

    void bestPath_followsParentsLikeTable4()
    {
        const auto steps = syntheticRun();
        ato::RunResult result;
        result.outputText = "the cat ran on a mat";
        result.selectedBy = "lowest-perplexity";
        result.step = 2;
        const QVector<PathEntry> path = bestPath(steps, 2, {}, result);
        // seed -> (step 1, rank 1) "the cat sat on a mat" -> (step 2, rank 0) -> the selected output
        QCOMPARE(path.size(), 4);
        QCOMPARE(path[0].kind, PathEntry::Kind::Seed);
        QCOMPARE(path[1].text, QStringLiteral("the cat sat on a mat"));
        QCOMPARE(path[1].step, 1);
        QCOMPARE(path[1].previous, QStringLiteral("the cat sat on the mat"));
        QCOMPARE(path[2].text, QStringLiteral("the cat ran on a mat"));
        QCOMPARE(path[3].kind, PathEntry::Kind::Output);
        QCOMPARE(path[3].previous, QStringLiteral("the cat ran on a mat"));
        QCOMPARE(bestPath(steps, 1, {}, result).size(), 2);  // the output follows only the last step
        const QVector<PathEntry> upTo1 = bestPath(steps, 1);
        QCOMPARE(upTo1.size(), 2);
        QCOMPARE(upTo1[1].text, QStringLiteral("the dog sat on the mat"));
        QVERIFY(bestPath(steps, 7).isEmpty());
        ato::RunResult other = result;
        other.outputText = "the dog sat on the rug";
        const QVector<PathEntry> withOutput = bestPath(steps, 2, {}, other);
        QCOMPARE(withOutput.size(), 4);
        QCOMPARE(withOutput.back().kind, PathEntry::Kind::Output);
        QCOMPARE(withOutput.back().selectedBy, QStringLiteral("lowest-perplexity"));
        QCOMPARE(withOutput.back().text, QStringLiteral("the dog sat on the rug"));
        QVERIFY(withOutput.front().judges.is_null());  // the run was not judged
        other.judges = {{"seed", faultyReport()}, {"output", cleanReport()}};
        const QVector<PathEntry> judged = bestPath(steps, 2, {}, other);
        QCOMPARE(judged.front().judges, faultyReport());  // the seed's verdicts
        QCOMPARE(judged.back().judges, cleanReport());    // the output's
        QVERIFY(judged[1].judges.is_null());

        // no candidate passed the guards: each step keeps the seed without a parent; the path still
        // starts at the seed (with its judges) and the unchanged steps are left out
        std::vector<ato::StepFinishedEvent> kept(3);
        for (int i = 0; i < 3; ++i) {
            kept[size_t(i)].step = i;
            kept[size_t(i)].beam = {member(0, "the cat sat on the mat", terms(0.9, 0.5, 0.01, 0.0))};
        }
        ato::RunResult seedKept;
        seedKept.outputText = "the cat sat on the mat";
        seedKept.selectedBy = "seed: no candidate passed the guards";
        seedKept.judges = other.judges;
        const QVector<PathEntry> keptPath = bestPath(kept, 2, {}, seedKept);
        QCOMPARE(keptPath.size(), 2);
        QCOMPARE(keptPath[0].kind, PathEntry::Kind::Seed);
        QCOMPARE(keptPath[0].judges, faultyReport());
        QCOMPARE(keptPath[1].kind, PathEntry::Kind::Output);
    }

    void bestPath_translationsKnowTheStepBefore()
    {
        // path: seed "the cat sat on the mat" -> step 1 "the cat sat on a mat" -> step 2 "the cat ran on a mat" -> output (same text)
        const auto steps = syntheticRun();
        ato::RunResult result;
        result.outputText = "the cat ran on a mat";
        result.step = 2;
        QVector<PathEntry> path = bestPath(steps, 2, {}, result);
        QCOMPARE(path.size(), 4);
        QHash<QString, QVector<PathTranslation>> byText;
        byText[QStringLiteral("the cat sat on the mat")] = {{QStringLiteral("ap"), QStringLiteral("el gato"), 0, {}},
                                                             {QStringLiteral("llm"), QStringLiteral("die Katze"), -1, {}}};
        // step 1 has no llm translation: step 2's llm line compares with the seed's, the nearest before
        byText[QStringLiteral("the cat sat on a mat")] = {{QStringLiteral("ap"), QStringLiteral("un gato"), 1, {}}};
        byText[QStringLiteral("the cat ran on a mat")] = {{QStringLiteral("ap"), QStringLiteral("un gato corrió"), 0, {}},
                                                           {QStringLiteral("llm"), QStringLiteral("eine Katze lief"), -1, {}}};
        attachTranslations(path, byText);
        QCOMPARE(path[0].translations.size(), 2);
        QCOMPARE(path[0].translations[0].previous, QString());
        QCOMPARE(path[1].translations.size(), 1);
        QCOMPARE(path[1].translations[0].previous, QStringLiteral("el gato"));
        QCOMPARE(path[1].translations[0].unknownWords, 1);
        QCOMPARE(path[2].translations[0].previous, QStringLiteral("un gato"));
        QCOMPARE(path[2].translations[1].previous, QStringLiteral("die Katze"));
        // the output repeats step 2's text: the same translations, compared with step 2's
        QCOMPARE(path[3].translations[0].translation, QStringLiteral("un gato corrió"));
        QCOMPARE(path[3].translations[0].previous, QStringLiteral("un gato corrió"));
        attachTranslations(path, {});
        QVERIFY(path[2].translations.isEmpty());
    }

    void seedQueue_states()
    {
        SeedQueueModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setSeeds({QStringLiteral("one"), QStringLiteral("two")});
        QCOMPARE(model.rowCount(), 2);
        QCOMPARE(model.index(1, SeedQueueModel::StateColumn).data().toString(), QStringLiteral("queued"));
        model.setStatus(0, ato::RunStatus::Running);
        model.setStep(0, 3, 20);
        QCOMPARE(model.index(0, SeedQueueModel::StateColumn).data().toString(), QStringLiteral("step 3 of 20"));
        model.setStatus(1, ato::RunStatus::Failed, QStringLiteral("the seed text is empty"));
        QVERIFY(model.index(1, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("the seed text is empty")));
        model.setRunId(0, 7);
        QCOMPARE(model.index(0, SeedQueueModel::RunColumn).data().toLongLong(), 7);
        // One run status: a cancelled run reads "stopped" once started, "skipped" when it never was.
        model.setStatus(0, ato::RunStatus::Cancelled);
        QCOMPARE(model.index(0, SeedQueueModel::StateColumn).data().toString(), QStringLiteral("stopped at step 3"));
        model.setSeeds({QStringLiteral("three"), QStringLiteral("four")});
        model.setLoadingModels(0, true);
        QCOMPARE(model.index(0, SeedQueueModel::StateColumn).data().toString(), QStringLiteral("loading models"));
        model.setStatus(1, ato::RunStatus::Cancelled);
        QCOMPARE(model.index(1, SeedQueueModel::StateColumn).data().toString(), QStringLiteral("skipped"));
        QCOMPARE(model.index(1, 0).data(SeedQueueModel::StatusRole).toInt(), int(ato::RunStatus::Cancelled));
    }

    void runHistory_stoppedRunIsFoundByTheCommandLineName()
    {
        // A review typed "cancelled" (what `gauntlet runs list` prints) in the History filter and
        // found nothing: the GUI shows a cancelled run as "stopped".
        auto [dir, project] = testing::TemporaryProject(QStringLiteral("s.gauntlet"));
        ato::RunStore store(project->database(), std::nullopt);
        ato::AtoConfig config;
        store.runStarted({"the cat sat on the mat", config, nlohmann::json::object()});
        store.stepFinished(syntheticRun()[0]);
        ato::RunEndedEvent ended;
        ended.status = ato::RunStatus::Cancelled;
        store.runEnded(ended);
        RunHistoryModel model;
        model.setDatabase(&project->database());
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, RunHistoryModel::StatusColumn).data().toString(), QStringLiteral("stopped"));
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setFilterKeyColumn(-1);
        proxy.setFilterRole(RunHistoryModel::FilterRole);
        proxy.setFilterFixedString(QStringLiteral("cancelled"));
        QCOMPARE(proxy.rowCount(), 1);
        proxy.setFilterFixedString(QStringLiteral("stopped"));
        QCOMPARE(proxy.rowCount(), 1);
        proxy.setFilterFixedString(QStringLiteral("finished"));
        QCOMPARE(proxy.rowCount(), 0);
    }

    void runHistory_readsBackWhatRunStoreWrote()
    {
        auto [dir, project] = testing::TemporaryProject(QStringLiteral("h.gauntlet"));
        storage::Database &db = project->database();
        auto steps = syntheticRun();
        steps[1].vocabularyRejected = 7;
        steps[1].grammarRejected = 3;
        ato::AtoConfig config;
        config.beamWidth = 2;
        config.steps = 2;
        config.grammarGuard = true;
        ato::RunStore store(db, std::nullopt);
        store.runStarted({"the cat sat on the mat", config, nlohmann::json{{"difficulty", "x"}}});
        for (const auto &s : steps)
            store.stepFinished(s);
        store.phaseChanged({2, "the cat sat on a mat", {}});  // the start the search chose for phase 2
        ato::RunEndedEvent ended;
        ato::RunResult result;
        result.outputText = "the cat ran on a mat";
        result.selectedBy = "lowest-perplexity";
        result.values = terms(0.5, 0.3, 0.004, 0.0, 17.5);
        result.judges = {{"seed", faultyReport()}, {"output", cleanReport()}};
        ended.result = result;
        store.runEnded(ended);

        RunHistoryModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setDatabase(&db);
        QCOMPARE(model.rowCount(), 1);
        QCOMPARE(model.index(0, RunHistoryModel::StatusColumn).data().toString(), QStringLiteral("finished"));
        QCOMPARE(model.index(0, RunHistoryModel::StepsColumn).data().toInt(), 2);
        QCOMPARE(model.index(0, RunHistoryModel::MethodColumn).data().toString(), QStringLiteral("ATO-Direct"));  // issue 34: "direct"
        // The output's D beside the seed's (issue 34: missing in History).
        QVERIFY2(model.index(0, RunHistoryModel::DifficultyColumn).data().toString().endsWith(QStringLiteral(" \u2192 0.3000"))  /* the result's D: terms(0.5, 0.3, ...) */,
                 qPrintable(model.index(0, RunHistoryModel::DifficultyColumn).data().toString()));
        QCOMPARE(model.index(0, RunHistoryModel::BestLossColumn).data().toString(), QStringLiteral("0.5000"));
        QCOMPARE(model.index(0, RunHistoryModel::OutputColumn).data().toString(), QStringLiteral("the cat ran on a mat"));
        QVERIFY(model.index(0, 0).data(Qt::ToolTipRole).toString().contains(QStringLiteral("\"beam_width\": 2")));
        QCOMPARE(model.rowOf(store.runId()), 0);

        const ato::RunTrace trace = ato::RunHistory(db).trace(store.runId());
        QCOMPARE(trace.phase2SeedText, std::optional<QString>(QStringLiteral("the cat sat on a mat")));
        QCOMPARE(trace.config.beamWidth, 2);
        QVERIFY(trace.config.grammarGuard);
        QVERIFY(!trace.config.vocabularyGuard);
        QCOMPARE(trace.steps[1].vocabularyRejected, 7);  // the guards' refusals per step
        QCOMPARE(trace.steps[1].grammarRejected, 3);
        QCOMPARE(trace.steps[2].vocabularyRejected, 0);
        QCOMPARE(int(trace.steps.size()), 3);
        QCOMPARE(int(trace.steps[1].beam.size()), 2);
        QCOMPARE(trace.steps[1].beam[0].text, std::string("the dog sat on the mat"));
        QCOMPARE(trace.steps[1].beam[0].changesVsSeed.size(), size_t(1));
        QCOMPARE(trace.steps[1].beam[0].changesVsSeed[0].toPiece, std::string("\u2581dog"));
        QVERIFY(trace.steps[1].beam[1].injected);
        QCOMPARE(trace.steps[2].beam[0].parentRank, 1);
        QCOMPARE(trace.steps[1].meanLoss, 0.75);
        QCOMPARE(int(trace.archive.size()), 5);
        QCOMPARE(trace.archiveSteps[3], 2);
        QVERIFY(trace.result.has_value());
        QCOMPARE(trace.result->outputText, std::string("the cat ran on a mat"));
        QCOMPARE(trace.result->step, 2);  // the archive entry's step
        QCOMPARE(trace.result->values.perplexity, 17.5);
        QCOMPARE(trace.result->judges, (nlohmann::json{{"seed", faultyReport()}, {"output", cleanReport()}}));

        const QString csv = dir.filePath(QStringLiteral("run.csv"));
        ato::RunHistory(db).exportCsv(store.runId(), csv);
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        QCOMPARE(lines[0], QByteArray("run_id,step,phase,rank,text,loss,difficulty,fluency_loss,cohesion_loss,perplexity,injected,parent_rank\r"));
        QCOMPARE(lines[1], QByteArray("1,0,1,0,the cat sat on the mat,0.9,0.5,0.01,0,20,0,\r"));
        QCOMPARE(lines[3], QByteArray("1,1,1,1,the cat sat on a mat,0.8,0.45,0,0.007,,1,0\r"));
        QCOMPARE(lines.size(), 7);  // header, 5 members, trailing empty

        const QString jsonl = dir.filePath(QStringLiteral("run.jsonl"));
        ato::RunHistory(db).exportJsonl(store.runId(), jsonl);
        QFile j(jsonl);
        QVERIFY(j.open(QIODevice::ReadOnly));
        const QList<QByteArray> events = j.readAll().trimmed().split('\n');
        QCOMPARE(events.size(), 5);  // run_started, 3 steps, run_ended
        const auto first = nlohmann::json::parse(events[0].toStdString());
        QCOMPARE(first["event"].get<std::string>(), std::string("run_started"));
        QCOMPARE(first["config"]["beam_width"].get<int>(), 2);
        const auto step2 = nlohmann::json::parse(events[3].toStdString());
        QCOMPARE(step2["step"].get<int>(), 2);
        QCOMPARE(step2["beam"][0]["text"].get<std::string>(), std::string("the cat ran on a mat"));
        QCOMPARE(step2["candidates"].size(), size_t(2));  // step 2 archived two new candidates
        const auto last = nlohmann::json::parse(events[4].toStdString());
        QCOMPARE(last["status"].get<std::string>(), std::string("finished"));
        QCOMPARE(last["result"]["output_text"].get<std::string>(), std::string("the cat ran on a mat"));

        QVERIFY_THROWS_EXCEPTION(storage::StoreError, ato::RunHistory(db).trace(999));
    }

    void runHistory_badStoredJsonIsAClearError()
    {
        auto [dir, project] = testing::TemporaryProject(QStringLiteral("bad.gauntlet"));
        storage::Database &db = project->database();
        db.exec(QStringLiteral("INSERT INTO runs (seed_text, method, config_json, created_at) VALUES ('s', 'direct', '{not json', 'now')"));
        try {
            ato::RunHistory(db).trace(1);
            QFAIL("no error");
        } catch (const storage::StoreError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("config of run 1")), e.what());
        }
        QCOMPARE(ato::RunHistory(db).runs().size(), 1);  // the list still works
    }
};

GAUNTLET_TEST_MAIN(TestAugmentModels)
#include "tst_augment_models.moc"
