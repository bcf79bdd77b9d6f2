// `gauntlet augment`: ATO-Direct, ATO-TwoPhase and the random-replacement baselines over seeds from
// the project, a file or --text (engine/ato). Every run is written into the project as it goes
// (engine/ato/run_store.h); results go to --out as JSON Lines; Ctrl-C finishes the current step,
// saves and exits 130.
#include "app/cli/commands.h"

#include "engine/ato/ato_error.h"
#include "engine/ato/jsonl_writer.h"
#include "engine/ato/model_pack.h"
#include "engine/compute/compute.h"
#include "engine/judge/judges.h"
#include "engine/nn/nn_error.h"
#include "engine/store/project.h"
#include "engine/ato/run_store.h"
#include "models/judge_text.h"

#include <QDir>
#include <QFileInfo>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <fstream>
#include <optional>

namespace gauntlet::cli {

namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void onInterrupt(int)
{
    g_interrupted.store(true);
}

/// Installs SIGINT/SIGTERM handlers for its lifetime.
class InterruptGuard {
public:
    InterruptGuard()
    {
        g_interrupted.store(false);
        m_int = std::signal(SIGINT, onInterrupt);
        m_term = std::signal(SIGTERM, onInterrupt);
    }
    ~InterruptGuard()
    {
        std::signal(SIGINT, m_int);
        std::signal(SIGTERM, m_term);
    }

private:
    void (*m_int)(int);
    void (*m_term)(int);
};

struct SeedItem {
    QString text;
    std::optional<qint64> seedId;
};

/// Progress on stderr: seed i/n, step, best L, candidates/s, ETA of the seed.
/// The progress line on standard error: seed i/n, a bar over the run's steps, step, phase, best L,
/// candidates/s and ETA. On a terminal the line is redrawn in place (carriage return + erase);
/// otherwise (logs, pipes, tests) one line per step.
class ProgressPrinter : public ato::RunObserver {
public:
    ProgressPrinter(QTextStream &err, int totalSteps, bool redraw) : m_err(err), m_totalSteps(totalSteps), m_redraw(redraw) {}
    void setSeed(int index, int count)
    {
        m_index = index;
        m_count = count;
        m_start = std::chrono::steady_clock::now();
        m_candidates = 0;
    }
    void stepFinished(const ato::StepFinishedEvent &e) override
    {
        m_candidates += e.candidatesScored;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
        const double rate = seconds > 0 ? m_candidates / seconds : 0;
        const int eta = int(e.step > 0 ? seconds / e.step * std::max(0, m_totalSteps - e.step) : 0);
        constexpr int width = 20;
        const int filled = m_totalSteps > 0 ? std::clamp(e.step * width / m_totalSteps, 0, width) : width;
        const QString bar = QString(filled, u'#') + QString(width - filled, u'.');
        if (m_redraw)
            m_err << "\r\x1b[K";
        m_err << "seed " << m_index << '/' << m_count << " [" << bar << "] step " << e.step << '/' << m_totalSteps << " phase " << e.phase
              << " best L " << QString::number(e.bestLoss, 'g', 6) << ' ' << QString::number(rate, 'f', 1) << " candidates/s ETA "
              << eta / 60 << ':' << QString::number(eta % 60).rightJustified(2, u'0');
        if (!m_redraw)
            m_err << '\n';
        m_err.flush();
    }
    void runEnded(const ato::RunEndedEvent &) override
    {
        if (m_redraw) {
            m_err << '\n';
            m_err.flush();
        }
    }

private:
    QTextStream &m_err;
    int m_totalSteps;
    bool m_redraw;
    int m_index = 0, m_count = 0;
    std::chrono::steady_clock::time_point m_start;
    long long m_candidates = 0;
};

bool parseInt(const QCommandLineParser &p, const QCommandLineOption &o, int &out)
{
    if (!p.isSet(o))
        return true;
    bool ok = false;
    out = p.value(o).toInt(&ok);
    return ok;
}

bool parseDouble(const QCommandLineParser &p, const QCommandLineOption &o, double &out)
{
    if (!p.isSet(o))
        return true;
    bool ok = false;
    out = p.value(o).toDouble(&ok);
    return ok;
}

/// The seed, the output, D before and after and the judges, for a person reading the terminal.
void printResult(QTextStream &err, int index, const ato::RunResult &r)
{
    const auto d = [](double v) { return std::isnan(v) ? QStringLiteral("nan") : QString::number(v, 'f', 3); };
    err << "seed " << index << ": D " << d(r.seedValues.difficulty) << " -> " << d(r.values.difficulty) << " (output "
        << QString::fromStdString(r.selectedBy) << ")\n";
    // The same wording as the Augment workspace's best path (models/judge_text.h).
    const auto judged = [&](const char *which) {
        const QString summary = judgeSummary(judgeReportOf(r.judges, which));
        return summary.isEmpty() ? QStringLiteral("not judged") : summary;
    };
    err << "  seed:   " << QString::fromStdString(r.seedText) << "\n          " << judged("seed") << '\n';
    err << "  output: " << QString::fromStdString(r.outputText) << "\n          " << judged("output") << '\n';
    err.flush();
}

int augment(Context &ctx, const QStringList &args)
{
    const QString name = args.value(0, QStringLiteral("gauntlet augment"));
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Rewrites seed texts so they are harder to translate (ATO, Kalikman et al. 2026).\n"
        "Methods: direct (ATO-Direct), two-phase (ATO-TwoPhase), random-words, random-subwords (baselines).\n"
        "Seeds: --seed-set NAME from the project, --seeds-file FILE, or --text TEXT (repeatable).\n"
        "Models: --models DIR holding sentinel/, cola/ and lm/, or one folder per role.\n"
        "Every run is stored in the project; --out writes one JSON result per seed."));
    const QCommandLineOption methodO(QStringLiteral("method"), QStringLiteral("direct, two-phase, random-words or random-subwords."),
                                     QStringLiteral("METHOD"), QStringLiteral("direct"));
    const QCommandLineOption seedSetO(QStringLiteral("seed-set"), QStringLiteral("Seed set of the project."), QStringLiteral("NAME"));
    const QCommandLineOption limitO(QStringLiteral("limit"), QStringLiteral("At most N seeds of the set or file."), QStringLiteral("N"));
    const QCommandLineOption fileO(QStringLiteral("seeds-file"), QStringLiteral("Seed file (TSV, text or JSONL; see seeds import)."),
                                   QStringLiteral("FILE"));
    const QCommandLineOption textO(QStringLiteral("text"), QStringLiteral("A seed text (repeatable)."), QStringLiteral("TEXT"));
    const QCommandLineOption modelsO(QStringLiteral("models"), QStringLiteral("Model pack: difficulty/ (or sentinel/), acceptability/ (or cola/), lm/ (default: the shipped pack)."),
                                     QStringLiteral("DIR"));
    const QCommandLineOption difficultyO(QStringLiteral("difficulty-model"), QStringLiteral("Sentinel-src folder (D)."), QStringLiteral("FOLDER"));
    const QCommandLineOption acceptabilityO(QStringLiteral("acceptability-model"), QStringLiteral("XLM-R CoLA classifier folder (L_CoLA)."),
                                            QStringLiteral("FOLDER"));
    const QCommandLineOption lmO(QStringLiteral("language-model"), QStringLiteral("Qwen2 folder (perplexity)."), QStringLiteral("FOLDER"));
    const QCommandLineOption encoderO(QStringLiteral("encoder"), QStringLiteral("XLM-R folder with tokenizer/config for Sentinel checkpoints."),
                                      QStringLiteral("FOLDER"));
    const QCommandLineOption wordListO(QStringLiteral("word-list"), QStringLiteral("Word list (.txt or .zip) for the search vocabularies."),
                                       QStringLiteral("FILE"));
    const QCommandLineOption vocabCacheO(QStringLiteral("vocabulary-cache"), QStringLiteral("Folder caching the vocabularies."),
                                         QStringLiteral("DIR"));
    const QCommandLineOption beamO(QStringLiteral("beam-width"), QStringLiteral("B (default 50)."), QStringLiteral("B"));
    const QCommandLineOption shortlistO(QStringLiteral("shortlist"), QStringLiteral("K (default 200)."), QStringLiteral("K"));
    const QCommandLineOption candidatesO(QStringLiteral("candidates"), QStringLiteral("N per member (default 64)."), QStringLiteral("N"));
    const QCommandLineOption injectionsO(QStringLiteral("random-injections"), QStringLiteral("R (default 15)."), QStringLiteral("R"));
    const QCommandLineOption stepsO(QStringLiteral("steps"), QStringLiteral("T, phase-1 steps (default 20)."), QStringLiteral("T"));
    const QCommandLineOption phase2O(QStringLiteral("phase2-steps"), QStringLiteral("Phase-2 steps (default 40)."), QStringLiteral("T2"));
    const QCommandLineOption lambdaFO(QStringLiteral("lambda-fluency"), QStringLiteral("lambda_f (default: the model pack's pack.json, else the paper's 20)."), QStringLiteral("X"));
    const QCommandLineOption lambdaCO(QStringLiteral("lambda-cohesion"), QStringLiteral("lambda_c (default: the model pack's pack.json, else the paper's 50)."), QStringLiteral("X"));
    const QCommandLineOption replacementsO(QStringLiteral("replacements"), QStringLiteral("Tokens the baselines replace (default 2)."),
                                           QStringLiteral("N"));
    const QCommandLineOption bucketO(QStringLiteral("word-bucket"),
                                     QStringLiteral("random-words: all, common or rare (Zipf > 2.5 split at the median; default all)."),
                                     QStringLiteral("BUCKET"));
    const QCommandLineOption frequenciesO(QStringLiteral("word-frequencies"),
                                          QStringLiteral("Zipf table for --word-bucket (default: the pack's word_frequencies.tsv)."),
                                          QStringLiteral("FILE"));
    const QCommandLineOption seedO(QStringLiteral("seed"), QStringLiteral("Random seed (default 0)."), QStringLiteral("S"));
    const QCommandLineOption deviceO(QStringLiteral("device"), QStringLiteral("cpu or cuda (default cpu)."), QStringLiteral("DEVICE"));
    const QCommandLineOption dtypeO(QStringLiteral("dtype"), QStringLiteral("float32, float64 or bfloat16."), QStringLiteral("DTYPE"));
    const QCommandLineOption threadsO(QStringLiteral("threads"), QStringLiteral("CPU threads (default all)."), QStringLiteral("N"));
    const QCommandLineOption outO(QStringLiteral("out"), QStringLiteral("Append one JSON result per seed to FILE."), QStringLiteral("FILE"));
    const QCommandLineOption traceO(QStringLiteral("trace"), QStringLiteral("Append the full event trace (JSON Lines) to FILE."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption shardO(QStringLiteral("shard"), QStringLiteral("Run only shard i of n (seed k goes to shard k mod n)."),
                                    QStringLiteral("i/n"));
    const QCommandLineOption resumeO(QStringLiteral("resume"), QStringLiteral("Skip seeds with a finished run of this method in the project."));
    const QCommandLineOption quietO(QStringLiteral("quiet"), QStringLiteral("No progress lines."));
    const QCommandLineOption noGrammarGuardO(QStringLiteral("no-grammar-guard"),
                                             QStringLiteral("Let candidates with more link-grammar null links than the seed into the beam and the output."));
    const QCommandLineOption noVocabularyGuardO(QStringLiteral("no-vocabulary-guard"),
                                                QStringLiteral("Let candidates add words outside the common present-day English vocabulary."));
    const QCommandLineOption noGuardsO(QStringLiteral("no-guards"), QStringLiteral("Both of the above: the paper's unguarded search."));
    const QCommandLineOption guardFrequenciesO(QStringLiteral("guard-frequencies"),
                                               QStringLiteral("The vocabulary guard's Zipf table (default: the pack's present_day_frequencies.tsv)."),
                                               QStringLiteral("FILE"));
    const QCommandLineOption guardMinZipfO(QStringLiteral("guard-min-zipf"),
                                           QStringLiteral("The vocabulary guard's Zipf floor (default 4: ten per million words)."),
                                           QStringLiteral("Z"));
    const QCommandLineOption costSlackO(QStringLiteral("grammar-cost-slack"),
                                        QStringLiteral("How much more than the seed's a candidate's best link-grammar linkage may cost (default 1)."),
                                        QStringLiteral("C"));
    const QCommandLineOption anyPosO(QStringLiteral("grammar-any-part-of-speech"),
                                     QStringLiteral("Let the grammar guard accept a changed word of another part of speech than the seed's."));
    const QCommandLineOption noJudgesO(QStringLiteral("no-judges"),
                                       QStringLiteral("Do not judge seeds and outputs with link-grammar, Hunspell and an Apertium round trip."));
    parser.addOptions({methodO, seedSetO, limitO, fileO, textO, modelsO, difficultyO, acceptabilityO, lmO, encoderO, wordListO, vocabCacheO,
                       beamO, shortlistO, candidatesO, injectionsO, stepsO, phase2O, lambdaFO, lambdaCO, replacementsO, bucketO, frequenciesO, seedO, deviceO,
                       dtypeO, threadsO, outO, traceO, shardO, resumeO, quietO, noGrammarGuardO, noVocabularyGuardO, noGuardsO,
                       guardFrequenciesO, guardMinZipfO, costSlackO, anyPosO, noJudgesO});
    if (const int code = parseCommandLine(parser, args, ctx); code >= 0)
        return code;
    const auto usage = [&](const QString &why) {
        ctx.err << name << ": " << why << '\n';
        return int(ExitUsage);
    };
    if (!parser.positionalArguments().isEmpty())
        return usage(QStringLiteral("unexpected argument '%1' (see --help)").arg(parser.positionalArguments().constFirst()));

    ato::AtoConfig config;
    try {
        config.method = ato::parseMethod(parser.value(methodO).toStdString());
    } catch (const ato::AtoError &e) {
        return usage(QString::fromUtf8(e.what()));
    }
    int limit = -1;
    bool numbersOk = parseInt(parser, beamO, config.beamWidth) && parseInt(parser, shortlistO, config.shortlistSize)
                     && parseInt(parser, candidatesO, config.candidatesPerMember) && parseInt(parser, injectionsO, config.randomInjections)
                     && parseInt(parser, stepsO, config.steps) && parseInt(parser, phase2O, config.phase2Steps)
                     && parseInt(parser, replacementsO, config.randomReplacements) && parseInt(parser, threadsO, config.threads)
                     && parseInt(parser, limitO, limit) && parseDouble(parser, lambdaFO, config.lambdaFluency)
                     && parseDouble(parser, lambdaCO, config.lambdaCohesion) && parseDouble(parser, guardMinZipfO, config.guardMinZipf)
                     && parseDouble(parser, costSlackO, config.grammarCostSlack);
    if (parser.isSet(seedO)) {
        bool ok = false;
        config.seed = parser.value(seedO).toULongLong(&ok);
        numbersOk = numbersOk && ok;
    }
    if (!numbersOk)
        return usage(QStringLiteral("a numeric option has a value that is not a number (see --help)"));
    if (parser.isSet(deviceO))
        config.device = parser.value(deviceO).toStdString();
    if (parser.isSet(dtypeO))
        config.dtype = parser.value(dtypeO).toStdString();
    // Explicit role folders win; then --models DIR; then the default pack (model_pack.h).
    if (parser.isSet(difficultyO))
        config.difficultyModel = parser.value(difficultyO).toStdString();
    if (parser.isSet(acceptabilityO))
        config.acceptabilityModel = parser.value(acceptabilityO).toStdString();
    if (parser.isSet(lmO))
        config.languageModel = parser.value(lmO).toStdString();
    if (parser.isSet(wordListO))
        config.wordList = parser.value(wordListO).toStdString();
    if (parser.isSet(bucketO))
        config.randomWordBucket = parser.value(bucketO).toStdString();
    if (parser.isSet(frequenciesO))
        config.wordFrequencies = parser.value(frequenciesO).toStdString();
    // The guards (issue 16) are on for the command line's English seeds unless turned off.
    config.grammarGuard = !parser.isSet(noGrammarGuardO) && !parser.isSet(noGuardsO);
    config.vocabularyGuard = !parser.isSet(noVocabularyGuardO) && !parser.isSet(noGuardsO);
    config.grammarKeepsPartOfSpeech = !parser.isSet(anyPosO);
    if (parser.isSet(guardFrequenciesO))
        config.guardFrequencies = parser.value(guardFrequenciesO).toStdString();
    std::optional<ato::ModelPack> pack;
    if (parser.isSet(modelsO)) {
        pack = ato::modelPackAt(parser.value(modelsO));
        if (pack->folder.isEmpty())
            return usage(QStringLiteral("--models: '%1' is not a folder").arg(parser.value(modelsO)));
    } else if (!parser.isSet(difficultyO)) {
        pack = ato::defaultModelPack();
    }
    if (pack) {
        ato::applyModelPack(config, *pack);
        // The pack's own objective weights (pack.json) unless the user gave lambdas.
        if (!parser.isSet(lambdaFO) && !parser.isSet(lambdaCO)) {
            try {
                if (ato::applyPackObjective(config, *pack) && !parser.isSet(quietO))
                    ctx.err << QStringLiteral("gauntlet augment: lambda_f = %1, lambda_c = %2 as the model pack recommends (%3/pack.json; "
                                            "the paper's 20 and 50 belong to Sentinel-src-25 and its CoLA classifier). "
                                            "--lambda-fluency and --lambda-cohesion override them.\n")
                                 .arg(config.lambdaFluency)
                                 .arg(config.lambdaCohesion)
                                 .arg(QDir::toNativeSeparators(pack->folder));
                ctx.err.flush();
            } catch (const ato::AtoError &e) {
                return usage(QString::fromUtf8(e.what()));
            }
        }
    }
    config.encoderFolder = parser.value(encoderO).toStdString();
    config.vocabularyCache = parser.value(vocabCacheO).toStdString();
    try {
        config.validate();
    } catch (const ato::AtoError &e) {
        return usage(QString::fromUtf8(e.what()));
    }
    if (config.difficultyModel.empty())
        return usage(QStringLiteral("no difficulty model: the default model pack was not found; give --models DIR or --difficulty-model FOLDER"));

    int shardIndex = 0, shardCount = 1;
    if (parser.isSet(shardO)) {
        const QStringList parts = parser.value(shardO).split(QLatin1Char('/'));
        bool ok1 = false, ok2 = false;
        if (parts.size() == 2) {
            shardIndex = parts[0].toInt(&ok1);
            shardCount = parts[1].toInt(&ok2);
        }
        if (!ok1 || !ok2 || shardCount <= 0 || shardIndex < 0 || shardIndex >= shardCount)
            return usage(QStringLiteral("--shard expects i/n with 0 <= i < n, got '%1'").arg(parser.value(shardO)));
    }

    // Seeds, in a fixed order; shard k mod n.
    std::vector<SeedItem> seeds;
    const int sources = (parser.isSet(seedSetO) ? 1 : 0) + (parser.isSet(fileO) ? 1 : 0) + (parser.isSet(textO) ? 1 : 0);
    if (sources != 1)
        return usage(QStringLiteral("give exactly one of --seed-set, --seeds-file or --text"));
    try {
        if (parser.isSet(textO)) {
            for (const QString &t : parser.values(textO))
                seeds.push_back({t, std::nullopt});
        } else if (parser.isSet(fileO)) {
            for (const SeedRecord &r : readSeedFile(parser.value(fileO)))
                seeds.push_back({r.text, std::nullopt});
        } else {
            SeedStore store = ctx.project().seeds();
            const auto set = store.findSet(parser.value(seedSetO));
            if (!set) {
                ctx.err << name << ": no seed set named '" << parser.value(seedSetO) << "' in " << ctx.project().path() << '\n';
                return ExitFailure;
            }
            for (const Seed &s : store.seeds(set->id, limit))
                seeds.push_back({s.record.text, s.id});
        }
    } catch (const std::exception &e) {
        ctx.err << name << ": " << e.what() << '\n';
        return ExitFailure;
    }
    if (limit >= 0 && int(seeds.size()) > limit)
        seeds.resize(size_t(limit));
    std::vector<SeedItem> mine;
    for (size_t k = 0; k < seeds.size(); ++k) {
        if (int(k % size_t(shardCount)) == shardIndex)
            mine.push_back(seeds[k]);
    }

    try {
        Database &db = ctx.project().database();
        if (parser.isSet(resumeO)) {
            const std::set<QString> done = RunStore::finishedSeedTexts(db, QString::fromStdString(ato::methodLabel(config)));
            std::vector<SeedItem> left;
            for (const SeedItem &s : mine) {
                if (!done.count(s.text))
                    left.push_back(s);
            }
            ctx.err << name << ": resuming, " << (mine.size() - left.size()) << " of " << mine.size() << " seeds already finished\n";
            mine = std::move(left);
        }
        const std::shared_ptr<const compute::AtoModelSet> loaded = compute::engine().loadAtoModels(config);
        std::shared_ptr<judge::Judges> judges;
        if (!parser.isSet(noJudgesO)) {
            judges = std::make_shared<judge::Judges>();
            for (const std::string &why : judges->unavailable())
                ctx.err << name << ": " << QString::fromStdString(why) << '\n';
        }
        std::optional<std::ofstream> out;
        if (parser.isSet(outO)) {
            out.emplace(parser.value(outO).toStdString(), std::ios::app | std::ios::binary);
            if (!*out) {
                ctx.err << name << ": cannot write " << parser.value(outO) << '\n';
                return ExitFailure;
            }
        }
        std::unique_ptr<ato::JsonlTraceWriter> trace;
        if (parser.isSet(traceO))
            trace = std::make_unique<ato::JsonlTraceWriter>(parser.value(traceO).toStdString());
        const int totalSteps = config.method == ato::Method::TwoPhase ? config.steps + config.phase2Steps
                               : config.method == ato::Method::Direct ? config.steps : 1;
        ProgressPrinter progress(ctx.err, totalSteps, ::isatty(STDERR_FILENO) != 0);
        InterruptGuard guard;
        int failures = 0;
        for (size_t i = 0; i < mine.size(); ++i) {
            if (g_interrupted.load())
                break;
            const std::unique_ptr<compute::AtoSearch> runner = compute::engine().newSearch(config, loaded);
            RunStore store(db, mine[i].seedId);
            runner->addObserver(&store);
            runner->setJudges(judges);
            if (trace)
                runner->addObserver(trace.get());
            if (!parser.isSet(quietO)) {
                progress.setSeed(int(i) + 1, int(mine.size()));
                runner->addObserver(&progress);
            }
            try {
                const std::optional<ato::RunResult> result = runner->run(mine[i].text.toStdString(), &g_interrupted);
                if (result && !parser.isSet(quietO))
                    printResult(ctx.err, int(i) + 1, *result);
                if (result && out) {
                    nlohmann::json line = ato::toJson(*result);
                    line["method"] = ato::methodLabel(config);
                    line["run_id"] = store.runId();
                    if (mine[i].seedId)
                        line["seed_id"] = *mine[i].seedId;
                    *out << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
                    out->flush();
                }
            } catch (const ato::AtoError &e) {
                // this seed cannot be searched (too long, nothing to replace): report and go on
                ctx.err << name << ": seed " << (i + 1) << ": " << e.what() << '\n';
                ++failures;
            } catch (const nn::InputError &e) {
                ctx.err << name << ": seed " << (i + 1) << ": " << e.what() << '\n';
                ++failures;
            }
        }
        if (g_interrupted.load()) {
            ctx.err << name << ": interrupted; finished steps are saved in " << ctx.project().path() << '\n';
            return ExitInterrupted;
        }
        if (failures > 0 && failures == int(mine.size()))
            return ExitFailure;
        return ExitOk;
    } catch (const std::exception &e) {
        ctx.err << name << ": " << e.what() << '\n';
        return ExitFailure;
    }
}

}  // namespace

Command augmentCommand()
{
    return {QStringLiteral("augment"), QStringLiteral("Rewrite seed texts to be harder to translate (ATO-Direct, ATO-TwoPhase, baselines)"),
            augment};
}

}  // namespace gauntlet::cli
