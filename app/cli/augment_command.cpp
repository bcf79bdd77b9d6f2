// `gauntlet augment`: ATO-Direct, ATO-TwoPhase and the random-replacement baselines over seeds from
// the project, a file or --text (engine/ato). Every run is written into the project as it goes
// (engine/ato/run_store.h); results go to --out as JSON Lines; Ctrl-C finishes the current step,
// saves and exits 130.
#include "app/cli/commands.h"
#include "engine/core/arg_text.h"
#include "app/cli/interrupt_signals.h"
#include "app/cli/run_translation_cli.h"

#include "engine/ato/ato_error.h"
#include "engine/ato/jsonl_writer.h"
#include "engine/ato/model_pack.h"
#include "engine/augment/augment_job.h"
#include "engine/augment/job_progress.h"
#include "engine/judge/judges.h"
#include "engine/nn/nn_error.h"
#include "engine/store/project.h"
#include "engine/ato/run_store.h"
#include "engine/judge/judge_text.h"

#include <QDir>
#include <QFileInfo>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <functional>
#include <optional>

namespace gauntlet::cli {

namespace {

/// Reads option `o` into `out` when it is set; false when its value is not a number, and then
/// `bad` (if given and still empty) receives the option and its value ("--beam-width abc").
bool parseInt(const QCommandLineParser &p, const QCommandLineOption &o, int &out, QString *bad = nullptr)
{
    if (!p.isSet(o))
        return true;
    bool ok = false;
    out = p.value(o).toInt(&ok);
    if (!ok && bad && bad->isEmpty())
        *bad = QStringLiteral("--%1 %2").arg(o.names().constFirst(), p.value(o));
    return ok;
}

bool parseDouble(const QCommandLineParser &p, const QCommandLineOption &o, double &out, QString *bad = nullptr)
{
    if (!p.isSet(o))
        return true;
    bool ok = false;
    out = p.value(o).toDouble(&ok);
    if (!ok && bad && bad->isEmpty())
        *bad = QStringLiteral("--%1 %2").arg(o.names().constFirst(), p.value(o));
    return ok;
}

/// The seed, the output, D before and after and the judges, for a person reading the terminal.
void printResult(QTextStream &err, int index, const ato::RunResult &r)
{
    const auto d = [](double v) { return std::isnan(v) ? QStringLiteral("nan") : QString::number(v, 'f', 3); };
    err << "seed " << index << ": D " << d(r.seedValues.difficulty) << " -> " << d(r.values.difficulty) << " (output "
        << QString::fromStdString(r.selectedBy) << (r.harder() ? ")" : "; NOT harder than the seed)") << '\n';
    for (const std::string &note : r.notes)
        err << "  note: " << QString::fromStdString(note) << '\n';
    // The same wording as the Augment workspace's best path (engine/judge/judge_text.h).
    const auto judged = [&](const char *which) {
        const QString summary = judge::judgeSummary(judge::judgeReportOf(r.judges, which));
        return summary.isEmpty() ? QStringLiteral("not judged") : summary;
    };
    err << "  seed:   " << QString::fromStdString(r.seedText) << "\n          " << judged("seed") << '\n';
    err << "  output: " << QString::fromStdString(r.outputText) << "\n          " << judged("output") << '\n';
    err.flush();
}

/// The command line's view of an augmentation job (engine/augment/augment_job.h): one progress
/// line on standard error over the whole job (seed i/n, a bar over all the job's steps, the step
/// and phase, the best objective L in phase 1 or the best perplexity in phase 2, candidates/s and
/// the job's ETA), each seed's result with D before and after and the judges, errors per seed,
/// and --out lines. On a terminal the line is redrawn in place; otherwise one line per step.
class CliJobObserver : public augment::JobObserver {
public:
    CliJobObserver(QTextStream &err, const QString &name, bool quiet, bool redraw) : m_err(err), m_name(name), m_quiet(quiet), m_redraw(redraw) {}

    /// Where each finished (or interrupted) seed's result line goes; null: nowhere.
    void setOutput(std::ofstream *out, const std::string &method, const std::string &settings, const std::vector<augment::SeedItem> *seeds,
                   const std::string &label = {})
    {
        m_out = out;
        m_method = method;
        m_settings = settings;
        m_label = label;
        m_seeds = seeds;
    }
    int failures() const { return m_failures; }
    /// Called with the run id after each finished or cancelled run that was stored (augment --translate-with).
    void setAfterRun(std::function<void(qint64)> afterRun) { m_afterRun = std::move(afterRun); }
    /// Each job seed's number among every seed given (1-based) and how many were given: progress and
    /// messages name seeds by these, whatever --resume or --shard left out.
    void setPositions(std::vector<int> positions, int total)
    {
        m_positions = std::move(positions);
        m_totalSeeds = total;
    }
    int seedNumber(int seedIndex) const
    {
        return seedIndex >= 0 && size_t(seedIndex) < m_positions.size() ? m_positions[size_t(seedIndex)] : seedIndex + 1;
    }

    void jobStarted(int seedCount, int stepsPerSeed) override
    {
        m_progress.start(seedCount, stepsPerSeed);
    }
    void modelsLoading() override
    {
        if (!m_quiet) {
            m_err << m_name << ": loading the models...\n";
            m_err.flush();
        }
    }
    void modelsLoaded(double seconds) override
    {
        if (!m_quiet) {
            m_err << m_name << ": models loaded in " << QString::number(seconds, 'f', 1) << " s\n";
            m_err.flush();  // a full-size seed's setup takes seconds before its first progress line
        }
        m_clockStart = now();
        m_progress.modelsLoaded(m_clockStart);
    }
    void warning(const std::string &message) override { m_err << m_name << ": " << QString::fromStdString(message) << '\n'; }
    void runStarted(int seedIndex, qint64 runId, const ato::RunStartedEvent &) override
    {
        m_runId = runId;
        m_best.reset();
        m_progress.runStarted(now());
        (void)seedIndex;
    }
    void stepFinished(int seedIndex, const ato::StepFinishedEvent &e) override
    {
        if (!e.beam.empty())
            m_best = e.beam.front();
        m_candidates += e.candidatesScored;
        m_progress.stepFinished(seedIndex, e.step);
        if (m_quiet)
            return;
        const int total = m_progress.total();
        const int done = m_progress.done();
        const double seconds = now() - m_clockStart;
        const double rate = seconds > 0 ? double(m_candidates) / seconds : 0;
        // A lower bound ('>=') until a seed has ended (augment::JobProgress; issue 34: "0:42" for
        // a job of 3.7 minutes).
        const int eta = std::max(0, int(m_progress.secondsLeft(now())));
        const bool lowerBound = m_progress.lowerBound();
        constexpr int width = 20;
        const int filled = total > 0 ? std::clamp(done * width / total, 0, width) : width;
        const QString bar = QString(filled, u'#') + QString(width - filled, u'.');
        if (m_redraw)
            m_err << "\r\x1b[K";
        m_err << "seed " << seedNumber(seedIndex) << '/' << (m_totalSeeds > 0 ? m_totalSeeds : m_progress.seeds()) << " [" << bar << "] step " << e.step << '/' << m_progress.stepsPerSeed() << " phase "
              << e.phase << (e.phase == 2 ? " best perplexity " : " best L ") << QString::number(e.bestLoss, 'g', 6) << ' '
              << QString::number(rate, 'f', 1) << " candidates/s, job ETA " << (lowerBound ? ">=" : "") << eta / 60 << ':'
              << QString::number(eta % 60).rightJustified(2, u'0');
        if (!m_redraw)
            m_err << '\n';
        m_err.flush();
    }
    void runEnded(int seedIndex, const ato::RunEndedEvent &e) override
    {
        m_progress.runEnded(now(), e.status != ato::RunStatus::Cancelled);
        if (m_redraw && !m_quiet)
            m_err << '\n';
        if (e.status == ato::RunStatus::Failed) {
            // this seed cannot be searched (too long, nothing to edit): report and go on
            m_err << m_name << ": seed " << seedNumber(seedIndex) << ": " << QString::fromStdString(e.error) << '\n';
            ++m_failures;
        } else if (e.status == ato::RunStatus::Finished && e.result) {
            if (!m_quiet)
                printResult(m_err, seedNumber(seedIndex), *e.result);
            if (m_out)
                writeLine(seedIndex, ato::toJson(*e.result));
        } else if (e.status == ato::RunStatus::Cancelled && m_out && m_best) {
            // interrupted: the best text so far, marked as such
            const std::string &seedText = (*m_seeds)[size_t(seedIndex)].text;
            writeLine(seedIndex, {{"seed_text", seedText}, {"output_text", m_best->text}, {"selected_by", "best-so-far"},
                                  {"values", ato::toJson(m_best->values)}, {"interrupted", true}, {"harder", false}});
        }
        if (m_afterRun && m_runId > 0 && e.status != ato::RunStatus::Failed)
            m_afterRun(m_runId);
        m_err.flush();
    }
    void jobFinished(const augment::JobSummary &s) override
    {
        if (m_quiet)
            return;
        m_err << m_name << ": " << s.finished << " of " << s.seeds << " seeds finished";
        if (s.finished > 0)
            m_err << " (" << (s.finished - s.notHarder) << " harder than their seed, " << s.notHarder << " not)";
        if (s.failed > 0)
            m_err << ", " << s.failed << " could not be searched";
        if (s.cancelled)
            m_err << ", interrupted";
        m_err << " in " << QString::number(s.modelSeconds + s.searchSeconds, 'f', 1) << " s\n";
        m_err.flush();
    }

private:
    std::function<void(qint64)> m_afterRun;
    void writeLine(int seedIndex, nlohmann::json line)
    {
        line["method"] = m_method;
        line["settings"] = m_settings;
        if (!m_label.empty())
            line["label"] = m_label;
        if (m_runId != 0)
            line["run_id"] = m_runId;
        if (const auto &id = (*m_seeds)[size_t(seedIndex)].seedId)
            line["seed_id"] = *id;
        *m_out << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
        m_out->flush();
    }

    QTextStream &m_err;
    QString m_name;
    bool m_quiet;
    bool m_redraw;
    std::ofstream *m_out = nullptr;
    std::string m_method, m_settings, m_label;
    std::vector<int> m_positions;
    int m_totalSeeds = 0;
    augment::JobProgress m_progress;
    const std::vector<augment::SeedItem> *m_seeds = nullptr;
    int m_failures = 0;
    qint64 m_runId = 0;
    long long m_candidates = 0;
    std::optional<ato::BeamMemberRecord> m_best;
    const std::chrono::steady_clock::time_point m_clock = std::chrono::steady_clock::now();
    /// Seconds on the steady clock since this observer was made.
    double now() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_clock).count(); }
    double m_clockStart = 0;  ///< now() when the models were loaded (the candidates/s rate counts from there)
};

/// The command line of `gauntlet augment`: every option, in the order --help lists them.
struct AugmentOptions {
    const QCommandLineOption methodO{QStringLiteral("method"), QStringLiteral("direct, two-phase, random-words or random-subwords."),
                                     QStringLiteral("METHOD"), QStringLiteral("direct")};
    const QCommandLineOption seedSetO{QStringLiteral("seed-set"), QStringLiteral("Seed set of the project."), QStringLiteral("NAME")};
    const QCommandLineOption limitO{QStringLiteral("limit"), QStringLiteral("At most N seeds of the set or file."), QStringLiteral("N")};
    const QCommandLineOption fileO{QStringLiteral("seeds-file"), QStringLiteral("Seed file (TSV, text or JSONL; see seeds import)."),
                                   QStringLiteral("FILE")};
    const QCommandLineOption textO{QStringLiteral("text"), QStringLiteral("A seed text (repeatable)."), QStringLiteral("TEXT")};
    const QCommandLineOption modelsO{QStringLiteral("models"), QStringLiteral("Model pack: difficulty/ (or sentinel/), acceptability/ (or cola/), lm/ (default: the shipped pack)."),
                                     QStringLiteral("DIR")};
    const QCommandLineOption difficultyO{QStringLiteral("difficulty-model"), QStringLiteral("Sentinel-src folder (D)."), QStringLiteral("FOLDER")};
    const QCommandLineOption acceptabilityO{QStringLiteral("acceptability-model"), QStringLiteral("XLM-R CoLA classifier folder (L_CoLA)."),
                                            QStringLiteral("FOLDER")};
    const QCommandLineOption lmO{QStringLiteral("language-model"), QStringLiteral("Qwen2 or Llama folder, or a GGUF file of a llama / qwen2 model (perplexity)."), QStringLiteral("FOLDER")};
    const QCommandLineOption encoderO{QStringLiteral("encoder"), QStringLiteral("XLM-R folder with tokenizer/config for Sentinel checkpoints."),
                                      QStringLiteral("FOLDER")};
    const QCommandLineOption wordListO{QStringLiteral("word-list"), QStringLiteral("Word list (.txt or .zip) for the search vocabularies."),
                                       QStringLiteral("FILE")};
    const QCommandLineOption vocabCacheO{QStringLiteral("vocabulary-cache"), QStringLiteral("Folder caching the vocabularies."),
                                         QStringLiteral("DIR")};
    const QCommandLineOption beamO{QStringLiteral("beam-width"), QStringLiteral("B (default %1).").arg(ato::AtoConfig().beamWidth), QStringLiteral("B")};
    const QCommandLineOption shortlistO{QStringLiteral("shortlist"), QStringLiteral("K (default %1).").arg(ato::AtoConfig().shortlistSize), QStringLiteral("K")};
    const QCommandLineOption candidatesO{QStringLiteral("candidates"), QStringLiteral("N per member (default %1).").arg(ato::AtoConfig().candidatesPerMember), QStringLiteral("N")};
    const QCommandLineOption injectionsO{QStringLiteral("random-injections"), QStringLiteral("R (default %1).").arg(ato::AtoConfig().randomInjections), QStringLiteral("R")};
    const QCommandLineOption stepsO{QStringLiteral("steps"), QStringLiteral("T, phase-1 steps (default %1).").arg(ato::AtoConfig().steps), QStringLiteral("T")};
    const QCommandLineOption phase2O{QStringLiteral("phase2-steps"), QStringLiteral("Phase-2 steps (default %1).").arg(ato::AtoConfig().phase2Steps), QStringLiteral("T2")};
    const QCommandLineOption lambdaFO{QStringLiteral("lambda-fluency"), QStringLiteral("lambda_f (default: the model pack's pack.json, else the paper's 20)."), QStringLiteral("X")};
    const QCommandLineOption lambdaCO{QStringLiteral("lambda-cohesion"), QStringLiteral("lambda_c (default: the model pack's pack.json, else the paper's 50)."), QStringLiteral("X")};
    const QCommandLineOption replacementsO{QStringLiteral("replacements"), QStringLiteral("Tokens the baselines replace (default %1).").arg(ato::AtoConfig().randomReplacements),
                                           QStringLiteral("N")};
    const QCommandLineOption bucketO{QStringLiteral("word-bucket"),
                                     QStringLiteral("random-words: all, common or rare (Zipf > 2.5 split at the median; default all)."),
                                     QStringLiteral("BUCKET")};
    const QCommandLineOption frequenciesO{QStringLiteral("word-frequencies"),
                                          QStringLiteral("Zipf table for --word-bucket (default: the pack's word_frequencies.tsv)."),
                                          QStringLiteral("FILE")};
    const QCommandLineOption seedO{QStringLiteral("seed"), QStringLiteral("Random seed (default %1).").arg(ato::AtoConfig().seed), QStringLiteral("S")};
    const QCommandLineOption deviceO{QStringLiteral("device"), QStringLiteral("cpu or cuda (default %1).").arg(QString::fromStdString(ato::AtoConfig().device)), QStringLiteral("DEVICE")};
    const QCommandLineOption dtypeO{QStringLiteral("dtype"), QStringLiteral("float32, float64 or bfloat16."), QStringLiteral("DTYPE")};
    const QCommandLineOption threadsO{QStringLiteral("threads"), QStringLiteral("CPU threads (default all)."), QStringLiteral("N")};
    const QCommandLineOption outO{QStringLiteral("out"), QStringLiteral("Append one JSON result per seed to FILE."), QStringLiteral("FILE")};
    const QCommandLineOption labelO{QStringLiteral("label"),
                                    QStringLiteral("A method name for evaluate-augmented, written in each --out line: runs under one label "
                                                   "are one method whatever their per-seed settings (e.g. random-words-matched, whose "
                                                   "replacements follow another method's edits)."),
                                    QStringLiteral("NAME")};
    const QCommandLineOption traceO{QStringLiteral("trace"), QStringLiteral("Append the full event trace (JSON Lines) to FILE."),
                                    QStringLiteral("FILE")};
    const QCommandLineOption shardO{QStringLiteral("shard"), QStringLiteral("Run only shard i of n (seed k goes to shard k mod n)."),
                                    QStringLiteral("i/n")};
    const QCommandLineOption resumeO{QStringLiteral("resume"), QStringLiteral("Skip seeds with a finished run of this method in the project.")};
    const QCommandLineOption quietO{QStringLiteral("quiet"), QStringLiteral("No progress lines.")};
    const QCommandLineOption noGrammarGuardO{QStringLiteral("no-grammar-guard"),
                                             QStringLiteral("Let candidates with more link-grammar null links than the seed into the beam and the output.")};
    const QCommandLineOption noVocabularyGuardO{QStringLiteral("no-vocabulary-guard"),
                                                QStringLiteral("Let candidates add words outside the common present-day English vocabulary.")};
    const QCommandLineOption noWordRelationsO{QStringLiteral("no-word-relations"),
                                              QStringLiteral("Let a word become any common word, not only a WordNet relative of the seed's word.")};
    const QCommandLineOption noTrigramO{QStringLiteral("no-trigram-context"),
                                        QStringLiteral("Do not test proposals and candidates with CMU's trigram model; choose the output by perplexity alone.")};
    const QCommandLineOption windowDropO{QStringLiteral("trigram-window-drop"),
                                         QStringLiteral("How far (log10) a substituted word's trigram window may fall below the seed's (default 1)."),
                                         QStringLiteral("D")};
    const QCommandLineOption sentenceDropO{QStringLiteral("trigram-sentence-drop"),
                                           QStringLiteral("How far (log10) a candidate's trigram probability may fall below the seed's (default 2)."),
                                           QStringLiteral("D")};
    const QCommandLineOption changedShareO{QStringLiteral("max-changed-share"),
                                           QStringLiteral("At most this share of a seed's words may change (at least one; 0 = no limit;\n"
                                                          "default %1; with the word relatives or the trigram context).").arg(ato::AtoConfig().maxChangedShare),
                                           QStringLiteral("S")};
    const QCommandLineOption noVectorsO{QStringLiteral("no-word-vectors"),
                                        QStringLiteral("Do not require a relative to be near the seed's word and its sentence in word-vector space.")};
    const QCommandLineOption noSenseO{QStringLiteral("no-sense-by-context"),
                                      QStringLiteral("Take the relatives of a word's first two WordNet senses instead of the one its sentence fits best.")};
    const QCommandLineOption noGuardsO{QStringLiteral("no-guards"),
                                       QStringLiteral("All of the above off: the paper's unconstrained search.")};
    const QCommandLineOption guardFrequenciesO{QStringLiteral("guard-frequencies"),
                                               QStringLiteral("The vocabulary guard's Zipf table (default: the pack's present_day_frequencies.tsv)."),
                                               QStringLiteral("FILE")};
    const QCommandLineOption guardMinZipfO{QStringLiteral("guard-min-zipf"),
                                           QStringLiteral("The vocabulary guard's Zipf floor (default 4: ten per million words)."),
                                           QStringLiteral("Z")};
    const QCommandLineOption costSlackO{QStringLiteral("grammar-cost-slack"),
                                        QStringLiteral("How much more than the seed's a candidate's best link-grammar linkage may cost (default 1)."),
                                        QStringLiteral("C")};
    const QCommandLineOption anyPosO{QStringLiteral("grammar-any-part-of-speech"),
                                     QStringLiteral("Let the grammar guard accept a changed word of another part of speech than the seed's.")};
    const QCommandLineOption noJudgesO{QStringLiteral("no-judges"),
                                       QStringLiteral("Do not judge seeds and outputs with link-grammar, Hunspell and an Apertium round trip.")};
    const QCommandLineOption translateWithO{QStringLiteral("translate-with"),
                                            QStringLiteral("After each seed's run, translate its best texts and output with these project MT systems\n"
                                                           "(Apertium or chat; stored with the run, see gauntlet runs translate)."),
                                            QStringLiteral("A,B")};
    const QCommandLineOption translateTargetO{QStringLiteral("translate-target-lang"),
                                              QStringLiteral("Target language for --translate-with chat systems."), QStringLiteral("NAME")};
    const QCommandLineOption translateBudgetO{QStringLiteral("translate-budget"),
                                              QStringLiteral("Chat requests each run may spend on --translate-with (default 100)."), QStringLiteral("N")};
    // The black-box MT term (issue 21, ato_config.h: mtTerm*), off by default.
    const QCommandLineOption mtRerankO{QStringLiteral("mt-rerank"),
                                       QStringLiteral("Rank what the objective selects by how badly this project MT system (Apertium or chat) handles "
                                                      "it (unknown words, then round-trip chrF), worst first."),
                                       QStringLiteral("SYSTEM")};
    const QCommandLineOption mtWhereO{QStringLiteral("mt-rerank-where"),
                                      QStringLiteral("output (default: the output is the worst-handled of the P lowest-perplexity "
                                                     "candidates) or beam (each step's best B - R are the worst-handled of the objective's best P)."),
                                      QStringLiteral("WHERE")};
    const QCommandLineOption mtPoolO{QStringLiteral("mt-rerank-pool"), QStringLiteral("P, candidates ranked (default 2 (B - R))."), QStringLiteral("P")};
    const QCommandLineOption mtBudgetO{QStringLiteral("mt-rerank-budget"),
                                       QStringLiteral("Chat requests the term may make per run (default 100; Apertium is free)."), QStringLiteral("N")};
    const QCommandLineOption mtTargetO{QStringLiteral("mt-rerank-target-lang"), QStringLiteral("Target language for a chat system's round trip."),
                                       QStringLiteral("NAME")};

    void addTo(QCommandLineParser &parser) const
    {
        parser.addOptions({translateWithO, translateTargetO, translateBudgetO, mtRerankO, mtWhereO, mtPoolO, mtBudgetO, mtTargetO, methodO, seedSetO, limitO, fileO, textO, modelsO, difficultyO, acceptabilityO, lmO, encoderO, wordListO, vocabCacheO, beamO, shortlistO, candidatesO, injectionsO, stepsO, phase2O, lambdaFO, lambdaCO, replacementsO, bucketO, frequenciesO, seedO, deviceO, dtypeO, threadsO, outO, labelO, traceO, shardO, resumeO, quietO, noGrammarGuardO, noVocabularyGuardO, noGuardsO, guardFrequenciesO, guardMinZipfO, costSlackO, anyPosO, noJudgesO, noWordRelationsO, noTrigramO, windowDropO, sentenceDropO, changedShareO, noVectorsO, noSenseO});
    }
};

/// Sets `field` to the option's value when the command line gives the option (otherwise the
/// field keeps its default or what the model pack set).
void setIfGiven(const QCommandLineParser &parser, const QCommandLineOption &option, std::string &field)
{
    if (parser.isSet(option))
        field = parser.value(option).toStdString();
}

/// What the command line sets: the search's configuration (the model pack applied, validated),
/// --limit, and the notice that the pack's own lambdas are used. Throws UsageError.
struct AugmentSettings {
    ato::AtoConfig config;
    int limit = -1;
    std::optional<QString> lambdaNotice;
};

AugmentSettings settingsFrom(Context &ctx, const QString &name, const QCommandLineParser &parser, const AugmentOptions &o)
{
    AugmentSettings out;
    ato::AtoConfig &config = out.config;
    try {
        config.method = ato::parseMethod(parser.value(o.methodO).toStdString());
    } catch (const ato::AtoError &e) {
        throw UsageError(QString::fromUtf8(e.what()));
    }
    QString badNumber;  // the first option whose value is not a number
    bool numbersOk = parseInt(parser, o.beamO, config.beamWidth, &badNumber) && parseInt(parser, o.shortlistO, config.shortlistSize, &badNumber)
                     && parseInt(parser, o.candidatesO, config.candidatesPerMember, &badNumber) && parseInt(parser, o.injectionsO, config.randomInjections, &badNumber)
                     && parseInt(parser, o.stepsO, config.steps, &badNumber) && parseInt(parser, o.phase2O, config.phase2Steps, &badNumber)
                     && parseInt(parser, o.replacementsO, config.randomReplacements, &badNumber) && parseInt(parser, o.threadsO, config.threads, &badNumber)
                     && parseInt(parser, o.limitO, out.limit, &badNumber) && parseDouble(parser, o.lambdaFO, config.lambdaFluency, &badNumber)
                     && parseDouble(parser, o.lambdaCO, config.lambdaCohesion, &badNumber) && parseDouble(parser, o.guardMinZipfO, config.guardMinZipf, &badNumber)
                     && parseDouble(parser, o.costSlackO, config.grammarCostSlack, &badNumber)
                     && parseDouble(parser, o.windowDropO, config.trigramMaxWindowDrop, &badNumber)
                     && parseDouble(parser, o.sentenceDropO, config.trigramMaxSentenceDrop, &badNumber)
                     && parseDouble(parser, o.changedShareO, config.maxChangedShare, &badNumber);
    if (parser.isSet(o.seedO)) {
        bool ok = false;
        config.seed = parser.value(o.seedO).toULongLong(&ok);
        numbersOk = numbersOk && ok;
    }
    if (!numbersOk)
        throw UsageError(badNumber.isEmpty() ? QStringLiteral("a numeric option has a value that is not a number (see --help)")
                                         : QStringLiteral("%1: not a number (see --help)").arg(badNumber));
    // R's default (15, the paper's for B = 50) must stay below a smaller B the user gave: it takes
    // the paper's share of the beam, 30 % (a break test: --beam-width 8 failed naming R, never given).
    if (!parser.isSet(o.injectionsO) && config.randomInjections >= config.beamWidth && config.beamWidth > 0) {
        config.randomInjections = config.beamWidth * 3 / 10;
        ctx.err << "gauntlet augment: --random-injections " << config.randomInjections << " (30 % of --beam-width " << config.beamWidth
                << "; the default 15 belongs to B = 50)\n";
    }
    setIfGiven(parser, o.deviceO, config.device);
    setIfGiven(parser, o.dtypeO, config.dtype);
    // Explicit role folders win; then --models DIR; then the default pack (model_pack.h).
    setIfGiven(parser, o.difficultyO, config.difficultyModel);
    setIfGiven(parser, o.acceptabilityO, config.acceptabilityModel);
    setIfGiven(parser, o.lmO, config.languageModel);
    setIfGiven(parser, o.wordListO, config.wordList);
    setIfGiven(parser, o.bucketO, config.randomWordBucket);
    setIfGiven(parser, o.frequenciesO, config.wordFrequencies);
    // The guards (issue 16) are on for the command line's English seeds unless turned off.
    config.grammarGuard = !parser.isSet(o.noGrammarGuardO) && !parser.isSet(o.noGuardsO);
    config.vocabularyGuard = !parser.isSet(o.noVocabularyGuardO) && !parser.isSet(o.noGuardsO);
    config.grammarKeepsPartOfSpeech = !parser.isSet(o.anyPosO);
    config.wordRelations = !parser.isSet(o.noWordRelationsO) && !parser.isSet(o.noGuardsO);
    config.trigramContext = !parser.isSet(o.noTrigramO) && !parser.isSet(o.noGuardsO);
    config.wordEmbeddingDistance = config.wordRelations && !parser.isSet(o.noVectorsO);
    config.senseByContext = !parser.isSet(o.noSenseO);
    setIfGiven(parser, o.guardFrequenciesO, config.guardFrequencies);
    std::optional<ato::ModelPack> pack;
    if (parser.isSet(o.modelsO)) {
        pack = ato::modelPackAt(parser.value(o.modelsO));
        if (pack->folder.isEmpty())
            throw UsageError(QStringLiteral("--models: '%1' is not a folder").arg(parser.value(o.modelsO)));
    } else if (!parser.isSet(o.difficultyO)) {
        pack = ato::defaultModelPack();
    }
    if (pack) {
        ato::applyModelPack(config, *pack);
        // The pack's own objective weights (pack.json) unless the user gave lambdas.
        if (!parser.isSet(o.lambdaFO) && !parser.isSet(o.lambdaCO)) {
            try {
                // Said once, after the command line was accepted, and only for the methods whose
                // objective uses the weights (not the random baselines).
                if (ato::applyPackObjective(config, *pack)
                    && (config.method == ato::Method::Direct || config.method == ato::Method::TwoPhase))
                    out.lambdaNotice = QStringLiteral("%1: lambda_f = %2, lambda_c = %3 as the model pack recommends (%4/pack.json; "
                                                  "the paper's 20 and 50 belong to Sentinel-src-25 and its CoLA classifier). "
                                                  "--lambda-fluency and --lambda-cohesion override them.\n")
                                       .arg(core::argText(name), core::argText(config.lambdaFluency), core::argText(config.lambdaCohesion), core::argText(QDir::toNativeSeparators(pack->folder)));
            } catch (const ato::AtoError &e) {
                throw UsageError(QString::fromUtf8(e.what()));
            }
        }
    }
    config.encoderFolder = parser.value(o.encoderO).toStdString();
    config.vocabularyCache = parser.value(o.vocabCacheO).toStdString();
    config.mtTermSystem = parser.value(o.mtRerankO).toStdString();
    setIfGiven(parser, o.mtWhereO, config.mtTermWhere);
    config.mtTermTargetLanguage = parser.value(o.mtTargetO).toStdString();
    if (!parseInt(parser, o.mtPoolO, config.mtTermPool) || !parseInt(parser, o.mtBudgetO, config.mtTermBudget))
        throw UsageError(QStringLiteral("--mt-rerank-pool and --mt-rerank-budget expect whole numbers"));
    if (config.mtTermSystem.empty() && (parser.isSet(o.mtWhereO) || parser.isSet(o.mtPoolO) || parser.isSet(o.mtBudgetO) || parser.isSet(o.mtTargetO)))
        throw UsageError(QStringLiteral("--mt-rerank-where, -pool, -budget and -target-lang need --mt-rerank SYSTEM"));
    try {
        config.validate();
    } catch (const ato::AtoError &e) {
        throw UsageError(QString::fromUtf8(e.what()));
    }
    if (config.difficultyModel.empty() && parser.isSet(o.modelsO))
        throw UsageError(QStringLiteral("--models: '%1' has no difficulty model (a difficulty/ or sentinel/ folder with the model); "
                                    "give a pack folder or --difficulty-model FOLDER")
                         .arg(parser.value(o.modelsO)));
    if (config.difficultyModel.empty())
        throw UsageError(QStringLiteral("no difficulty model: the default model pack was not found; give --models DIR or --difficulty-model FOLDER"));

    return out;
}

/// The seeds this shard runs (seed k of those given goes to shard k mod n), each with its number
/// among all the seeds given; seeds without a word are skipped with their own error; with --resume
/// the seeds already finished with these settings are left out. Throws UsageError.
struct ShardSeeds {
    int given = 0;                ///< seeds given (set, file or --text), after --limit
    std::vector<augment::SeedItem> mine;
    std::vector<int> positions;   ///< each of mine's number among the seeds given (1-based)
    int wordless = 0;             ///< skipped: no letter or digit
};

ShardSeeds seedsFor(Context &ctx, const QString &name, const QCommandLineParser &parser, const AugmentOptions &o,
                    const ato::AtoConfig &config, int limit)
{
    int shardIndex = 0, shardCount = 1;
    if (parser.isSet(o.shardO)) {
        const QStringList parts = parser.value(o.shardO).split(QLatin1Char('/'));
        bool ok1 = false, ok2 = false;
        if (parts.size() == 2) {
            shardIndex = parts[0].toInt(&ok1);
            shardCount = parts[1].toInt(&ok2);
        }
        if (!ok1 || !ok2 || shardCount <= 0 || shardIndex < 0 || shardIndex >= shardCount)
            throw UsageError(QStringLiteral("--shard expects i/n with 0 <= i < n, got '%1'").arg(parser.value(o.shardO)));
    }

    // Seeds, in a fixed order; shard k mod n.
    std::vector<augment::SeedItem> seeds;
    const int sources = (parser.isSet(o.seedSetO) ? 1 : 0) + (parser.isSet(o.fileO) ? 1 : 0) + (parser.isSet(o.textO) ? 1 : 0);
    if (sources != 1)
        throw UsageError(QStringLiteral("give exactly one of --seed-set, --seeds-file or --text"));
    if (parser.isSet(o.textO)) {
        for (const QString &t : parser.values(o.textO)) {
            if (t.trimmed().isEmpty())
                throw UsageError(QStringLiteral("--text: a seed text is empty"));
            if (const qsizetype i = storage::controlCharacterIndex(t); i >= 0)
                throw UsageError(QStringLiteral("--text: a seed text holds the control character U+%1").arg(int(t[i].unicode()), 4, 16, QLatin1Char('0')));
            seeds.push_back({t.toStdString(), std::nullopt});
        }
    } else if (parser.isSet(o.fileO)) {
        for (const storage::SeedRecord &r : storage::readSeedFile(parser.value(o.fileO)))
            seeds.push_back({r.text.toStdString(), std::nullopt});
    } else {
        storage::SeedStore store = ctx.project().seeds();
        const auto set = store.findSet(parser.value(o.seedSetO));
        if (!set) {
            throw std::runtime_error(QStringLiteral("no seed set named '%1' in %2").arg(parser.value(o.seedSetO), ctx.project().path()).toStdString());
        }
        for (const storage::Seed &s : store.seeds(set->id, limit))
            seeds.push_back({s.record.text.toStdString(), s.id});
    }
    if (limit >= 0 && int(seeds.size()) > limit)
        seeds.resize(size_t(limit));
    std::vector<augment::SeedItem> mine;
    std::vector<int> positions;  // each of mine's number among all the seeds given (1-based)
    int wordless = 0;
    for (size_t k = 0; k < seeds.size(); ++k) {
        if (int(k % size_t(shardCount)) != shardIndex)
            continue;
        // A seed without a letter or digit ("?!...") has nothing to augment (issue 34: it was
        // "augmented" into itself): skipped with its own error, and the exit code says so.
        const QString text = QString::fromStdString(seeds[k].text);
        if (!std::any_of(text.begin(), text.end(), [](QChar c) { return c.isLetterOrNumber(); })) {
            ctx.err << name << ": seed " << (k + 1) << " \"" << text.left(60) << "\" has no words; skipped\n";
            ++wordless;
            continue;
        }
        mine.push_back(seeds[k]);
        positions.push_back(int(k) + 1);
    }

    storage::Database &db = ctx.project().database();
    if (parser.isSet(o.resumeO)) {
        std::map<QString, QString> otherSettings;
        const std::set<QString> done = ato::RunStore::finishedSeedTexts(db, QString::fromStdString(ato::methodLabel(config)), config, &otherSettings);
        std::vector<augment::SeedItem> left;
        std::vector<int> leftPositions;
        int elsewhere = 0;
        QString example;
        for (size_t i = 0; i < mine.size(); ++i) {
            const QString text = QString::fromStdString(mine[i].text);
            if (!done.count(text)) {
                left.push_back(mine[i]);
                leftPositions.push_back(positions[i]);
                if (const auto it = otherSettings.find(text); it != otherSettings.end() && elsewhere++ == 0)
                    example = it->second;
            }
        }
        ctx.err << name << ": resuming, " << (mine.size() - left.size()) << " of " << mine.size()
                << " seeds already finished with these settings";
        if (elsewhere > 0)
            ctx.err << "; " << elsewhere << " finished only with other settings run again (" << example << ")";
        ctx.err << '\n';
        mine = std::move(left);
        positions = std::move(leftPositions);
    }
    return {int(seeds.size()), std::move(mine), std::move(positions), wordless};
}

/// --translate-with: after each run the observer translates its best texts and output with the
/// project's MT systems and prints them. Throws UsageError for a system that cannot translate.
void translateAfterEachRun(Context &ctx, storage::Database &db, const QCommandLineParser &parser, const AugmentOptions &o, CliJobObserver &observer)
{
    if (!parser.isSet(o.translateWithO))
        return;
    {
        augment::RunTranslateOptions translate;
        for (const QString &system : parser.value(o.translateWithO).split(u',', Qt::SkipEmptyParts)) {
            const auto config = verify::ExampleStore(db).mtSystem(system.trimmed());
            if (!config || config->kind == translate::MtSystemConfig::Kind::Manual)
                throw UsageError(QStringLiteral("--translate-with: '%1' is not an Apertium or chat MT system of the project (see gauntlet systems list)")
                                 .arg(system.trimmed()));
            translate.systems << system.trimmed();
        }
        translate.targetLanguage = parser.value(o.translateTargetO);
        if (parser.isSet(o.translateBudgetO)) {
            bool ok = false;
            translate.budget = parser.value(o.translateBudgetO).toInt(&ok);
            if (!ok || *translate.budget < 0)
                throw UsageError(QStringLiteral("--translate-budget expects a number of requests, 0 or more"));
        }
        observer.setAfterRun([&ctx, &db, translate](qint64 runId) {
            try {
                printRunTranslations(ctx.out, ctx.err, augment::translateRun(db, runId, translate), runId);
            } catch (const std::exception &e) {
                ctx.err << "augment: run " << runId << ": not translated: " << e.what() << '\n';
            }
        });
    }
}

int augment(Context &ctx, const QStringList &args)
{
    const QString name = args.value(0, QStringLiteral("gauntlet augment"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Rewrites seed texts so they are harder to translate (ATO, Kalikman et al. 2026).\n"
        "Methods: direct (ATO-Direct), two-phase (ATO-TwoPhase), random-words, random-subwords (baselines).\n"
        "Seeds: --seed-set NAME from the project, --seeds-file FILE, or --text TEXT (repeatable).\n"
        "Models: --models DIR holding difficulty/ (or sentinel/), acceptability/ (or cola/) and lm/, or one folder per role.\n"
        "Seeds longer than a model's position limit (the shipped pack's 128 tokens, about 80 words; Sentinel-src's 512) are refused, each with its own error.\n"
        "Every run is stored in the project; --out appends one JSON result per seed."));
    const AugmentOptions o;
    o.addTo(parser);
    parseArguments(parser, args, ctx);
    if (!parser.positionalArguments().isEmpty())
        throw UsageError(QStringLiteral("unexpected argument '%1' (see --help)").arg(parser.positionalArguments().constFirst()));
    const AugmentSettings settings = settingsFrom(ctx, name, parser, o);
    const ato::AtoConfig &config = settings.config;
    ShardSeeds seeds = seedsFor(ctx, name, parser, o, config, settings.limit);
    if (parser.isSet(o.resumeO) && seeds.mine.empty() && seeds.wordless == 0) {
        // Every seed finished with these settings: no models to load, no job to start (a review
        // saw --resume load the models and report "0 of 0 seeds" here).
        ctx.err << name << ": nothing left to run\n";
        return ExitOk;
    }
    storage::Database &db = ctx.project().database();
    std::optional<std::ofstream> out;
    if (parser.isSet(o.outO)) {
        const QFileInfo existing(parser.value(o.outO));
        if (existing.exists() && existing.size() > 0 && !parser.isSet(o.quietO))
            ctx.err << name << ": appending to " << parser.value(o.outO) << " (" << existing.size() << " bytes already there)\n";
        out.emplace(parser.value(o.outO).toStdString(), std::ios::app | std::ios::binary);
        if (!*out) {
            ctx.err << name << ": cannot write " << parser.value(o.outO) << '\n';
            return ExitFailure;
        }
    }
    std::unique_ptr<ato::JsonlTraceWriter> trace;
    if (parser.isSet(o.traceO))
        trace = std::make_unique<ato::JsonlTraceWriter>(parser.value(o.traceO).toStdString());
    if (settings.lambdaNotice && !parser.isSet(o.quietO))
        ctx.err << *settings.lambdaNotice;

    augment::JobOptions job;
    job.config = config;
    job.seeds = seeds.mine;
    job.database = &db;
    job.judge = !parser.isSet(o.noJudgesO);
    if (trace)
        job.runObservers.push_back(trace.get());
    CliJobObserver observer(ctx.err, name, parser.isSet(o.quietO), ::isatty(STDERR_FILENO) != 0);
    observer.setPositions(seeds.positions, seeds.given);  // "seed 5/6" after --resume, not "seed 1/2"
    if (out)
        observer.setOutput(&*out, ato::methodLabel(config), ato::settingsLabel(config), &job.seeds, parser.value(o.labelO).toStdString());
    translateAfterEachRun(ctx, db, parser, o, observer);
    augment::JobCache cache;
    InterruptSignals guard;  // Ctrl-C, SIGTERM, SIGHUP: the step finishes and is kept
    const augment::JobSummary summary = augment::AugmentJob(cache).run(job, observer, InterruptSignals::flag());
    if (!parser.isSet(o.quietO)) {
        ctx.err << name << ": runs stored in " << ctx.project().path();
        if (out)
            ctx.err << ", results appended to " << parser.value(o.outO);
        if (trace)
            ctx.err << ", trace in " << parser.value(o.traceO);
        ctx.err << '\n';
    }
    if (summary.cancelled) {
        ctx.err << name << ": interrupted; finished steps are saved in " << ctx.project().path() << '\n';
        return ExitInterrupted;
    }
    const int failed = summary.failed + seeds.wordless;
    if (failed > 0 && summary.finished == 0)
        return ExitFailure;
    if (failed > 0) {
        ctx.err << name << ": " << failed << " seed(s) failed (exit code " << int(ExitPartial) << ")\n";
        return ExitPartial;
    }
    return ExitOk;
}

}  // namespace

Command augmentCommand()
{
    return {QStringLiteral("augment"), QStringLiteral("Rewrite seed texts to be harder to translate (ATO-Direct, ATO-TwoPhase, baselines)"),
            augment};
}

}  // namespace gauntlet::cli
