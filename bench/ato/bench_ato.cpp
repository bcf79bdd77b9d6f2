// bench_ato: one ATO step (Algorithm 1) at B = 50, N = 64, K = 200 on generated XLM-R-layout
// Sentinel + CoLA models and a Qwen2 LM (random weights; sizes from the command line), timed part
// by part. The beam is first filled to 50 members by one untimed step from the seed. With a pack
// folder as the argument, the pack's models instead (the issue #6 speed figures).
// GAUNTLET_BENCH_SWEEP=1 adds phase-1 scoring at chunk sizes 1024..32768 tokens;
// GAUNTLET_BENCH_BATCH_TOKENS=N sets the step's chunk size (AtoConfig::maxBatchTokens);
// GAUNTLET_BENCH_NO_COMPARE=1 leaves out the batched-against-per-member gradient comparison.
#include "bench/ato/bench_fixtures.h"

#include "engine/ato/beam_step.h"
#include "engine/ato/candidate_guard.h"
#include "engine/ato/model_pack.h"
#include "engine/ato/objective.h"
#include "engine/ato/search.h"
#include "engine/nn/model_folder.h"
#include "step_flops.h"

#include <sys/resource.h>
#include <unistd.h>

#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <set>
#include <cstdio>

using namespace gauntlet;
using namespace gauntlet::ato;

namespace {

void report(const char *what, const StepResult &r, double seconds)
{
    const StepTimings &t = r.timings;
    const double parts = t.gradient + t.sampling + t.retokenization + t.scoring + t.guards + t.bookkeeping;
    std::printf("%s: %.2f s/step, %zu candidates scored (%d sampled, %d duplicates = %.1f%%, %d filtered, %d vocabulary-rejected, "
                "%d context-rejected, %d grammar-rejected), %.1f candidates/s\n",
                what, seconds, r.pool.size(), r.sampled, r.duplicates, r.sampled > 0 ? 100.0 * r.duplicates / r.sampled : 0.0, r.filtered,
                r.vocabularyRejected, r.contextRejected, r.grammarRejected, double(r.pool.size()) / seconds);
    std::printf("  samples spent on a word outside the vocabulary guard: %d of %d\n", r.vocabularyRejected, r.sampled);
    if (r.exhaustive)
        std::printf("  the restrictions left every member at most min(K, N) substitutions: all taken, no gradient computed\n");
    std::printf("  share: gradient %.1f%%, sampling %.1f%%, re-tokenization %.1f%%, scoring %.1f%%, guards %.1f%%, bookkeeping %.1f%% "
                "(untimed %.1f%%)\n",
                100 * t.gradient / seconds, 100 * t.sampling / seconds, 100 * t.retokenization / seconds, 100 * t.scoring / seconds,
                100 * t.guards / seconds, 100 * t.bookkeeping / seconds, 100 * (seconds - parts) / seconds);
}

/// The beam's gradients batched (Objective::gradients, what the step runs) against one member at a
/// time (Objective::gradient, the path before issue 24), timed in the same run.
void compareGradientPaths(const char *phase, const Objective &objective, const std::vector<TokenIds> &beam)
{
    std::set<TokenIds> distinctSet(beam.begin(), beam.end());
    const std::vector<TokenIds> distinct(distinctSet.begin(), distinctSet.end());
    auto start = std::chrono::steady_clock::now();
    objective.gradients(distinct, nullptr);
    const double batched = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    start = std::chrono::steady_clock::now();
    for (const TokenIds &ids : distinct)
        objective.gradient(ids, nullptr);
    const double perMember = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("  %s gradients of %zu distinct members: batched %.3f s, one member at a time %.3f s (%.2fx)\n", phase,
                distinct.size(), batched, perMember, perMember / batched);
}

/// Model FLOPs of a step against the GEMM rate measured now at the model's dominant shape
/// ([8192, H] x [H, I], a scoring chunk's feed-forward) and at the hidden-256 shape.
void printFlops(const char *phase, double scoring, double gradient, const StepTimings &t, double seconds, std::int64_t hidden,
                std::int64_t intermediate)
{
    const double gemm = bench::gemmRate(8192, hidden, intermediate);
    const double gemm256 = bench::gemmRate(8192, 256, 1024);
    const double step = (scoring + gradient) / seconds / 1e9;
    std::printf("  %s model arithmetic: scoring %.1f GFLOP, gradient %.1f GFLOP; step %.1f GFLOP/s, scoring %.1f GFLOP/s, gradient %.1f GFLOP/s\n",
                phase, scoring / 1e9, gradient / 1e9, step, t.scoring > 0 ? scoring / t.scoring / 1e9 : 0.0,
                t.gradient > 0 ? gradient / t.gradient / 1e9 : 0.0);
    std::printf("  GEMM rate now: [8192, %lld] x [%lld, %lld] %.1f GFLOP/s, [8192, 256] x [256, 1024] %.1f GFLOP/s; step / GEMM at the model's shape %.2f\n",
                (long long)hidden, (long long)hidden, (long long)intermediate, gemm, gemm256, step / gemm);
}

/// Phase-1 scoring (D, L_CoLA and the CLS for L_cos, what the step's scoring runs) of one step's
/// candidates at several chunk sizes (AtoConfig::maxBatchTokens): three rounds over all sizes,
/// interleaved so that a burst of load elsewhere hits every size alike, the best time of each size
/// against the best GEMM rate measured between rounds. The measurement behind the default chunk size.
void sweepChunkSizes(const AtoConfig &config, const std::vector<TokenIds> &beam, const std::vector<TokenIds> &candidates)
{
    const std::vector<std::int64_t> sizes{1024, 2048, 4096, 8192, 16384, 32768};
    std::vector<std::shared_ptr<const AtoModels>> models;
    std::vector<std::unique_ptr<DifficultyObjective>> objectives;
    for (std::int64_t tokens : sizes) {
        AtoConfig c = config;
        c.maxBatchTokens = tokens;
        models.push_back(loadModels(c));
        objectives.push_back(std::make_unique<DifficultyObjective>(models.back()->difficulty, models.back()->acceptability, 20, 50));
        objectives.back()->beamChanged(beam);
    }
    const io::EncoderConfig &dc = models[0]->difficulty->encoder().config();
    const io::EncoderConfig &cc = models[0]->acceptability->encoder().config();
    double flops = 0;
    for (const TokenIds &ids : candidates) {
        const auto L = std::int64_t(ids.size());
        flops += double(L) * (bench::encoderFlopsPerToken(dc, L) + bench::encoderFlopsPerToken(cc, L));
    }
    std::vector<double> best(sizes.size(), 1e300);
    double gemm = 0;
    for (int round = 0; round < 3; ++round) {
        gemm = std::max(gemm, bench::gemmRate(8192, dc.hiddenSize, dc.intermediateSize));
        for (size_t k = 0; k < sizes.size(); ++k) {
            const auto start = std::chrono::steady_clock::now();
            objectives[k]->evaluate(candidates);
            best[k] = std::min(best[k], std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        }
    }
    std::printf("  phase-1 scoring of the step's %zu candidates by chunk size (best of 3 interleaved rounds; best GEMM [8192, %lld] x "
                "[%lld, %lld] %.1f GFLOP/s):\n",
                candidates.size(), (long long)dc.hiddenSize, (long long)dc.hiddenSize, (long long)dc.intermediateSize, gemm);
    for (size_t k = 0; k < sizes.size(); ++k)
        std::printf("    %6lld tokens per chunk: %.2f s, %.0f candidates/s, %.1f GFLOP/s = %.2f of GEMM\n", (long long)sizes[k], best[k],
                    double(candidates.size()) / best[k], flops / best[k] / 1e9, flops / best[k] / 1e9 / gemm);
}

}  // namespace

int main(int argc, char **argv)
{
    // The gauntlet executable loads torch with OMP_WAIT_POLICY=PASSIVE (engine/compute/compute.cpp);
    // libgomp reads it when it loads, before main, so set it and start again. Busy-waiting threads
    // made the step 2x slower on this 2-core machine even when it was otherwise idle.
    if (!std::getenv("OMP_WAIT_POLICY")) {
        setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
        execv("/proc/self/exe", argv);
    }
    QCoreApplication app(argc, argv);
    // bench_ato PACK_DIR       the models of a pack (e.g. resources/models/default)
    // bench_ato --difficulty DIR --acceptability DIR --lm DIR [--encoder DIR] [--word-list FILE]
    //           [--device cpu|cuda] [--dtype float32|bfloat16]
    //                          one folder per role (the full-size rehearsal, bench/fullsize)
    // bench_ato [HIDDEN [LAYERS]] generated random models of that size
    AtoConfig config;
    config.threads = 2;
    const QString first = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    if (first.startsWith(QLatin1String("--"))) {
        const std::map<std::string, std::string AtoConfig::*> options = {
            {"--difficulty", &AtoConfig::difficultyModel}, {"--acceptability", &AtoConfig::acceptabilityModel},
            {"--lm", &AtoConfig::languageModel},           {"--encoder", &AtoConfig::encoderFolder},
            {"--word-list", &AtoConfig::wordList},         {"--device", &AtoConfig::device},
            {"--dtype", &AtoConfig::dtype}};
        for (int i = 1; i + 1 < argc; i += 2) {
            const auto option = options.find(argv[i]);
            if (option == options.end()) {
                std::fprintf(stderr, "bench_ato: unknown option %s\n", argv[i]);
                return 2;
            }
            config.*option->second = argv[i + 1];
        }
        if (config.difficultyModel.empty() || config.acceptabilityModel.empty() || config.languageModel.empty()) {
            std::fprintf(stderr, "bench_ato: --difficulty, --acceptability and --lm are all needed\n");
            return 2;
        }
    } else if (!first.isEmpty() && QFileInfo(first).isDir()) {
        const ModelPack pack = modelPackAt(first);
        if (pack.difficulty.isEmpty() || pack.acceptability.isEmpty() || pack.languageModel.isEmpty()) {
            std::fprintf(stderr, "bench_ato: %s is not a model pack (difficulty/, acceptability/, lm/)\n", argv[1]);
            return 2;
        }
        applyModelPack(config, pack);
        config.wordList.clear();  // the subword vocabulary: the tokenizer's ASCII-letter pieces
    } else {
        const int hidden = argc > 1 ? std::atoi(argv[1]) : 256;
        const int layers = argc > 2 ? std::atoi(argv[2]) : 4;
        const QString name = QStringLiteral("bench-h%1-l%2").arg(hidden).arg(layers);
        const QString dir = bench_ato::modelsDir(name, 4000, hidden, layers, hidden / 32, hidden * 4);
        config.difficultyModel = (dir + "/sentinel").toStdString();
        config.acceptabilityModel = (dir + "/cola").toStdString();
        config.languageModel = (dir + "/lm").toStdString();
    }
    // The guards of issue 16 run inside the step, as `gauntlet augment` runs them by default
    // (GAUNTLET_BENCH_NO_GUARDS=1: the paper's pure search).
    const bool guards = !std::getenv("GAUNTLET_BENCH_NO_GUARDS");
    config.grammarGuard = guards;
    config.vocabularyGuard = guards;
    config.wordRelations = guards;   // issue 31: proposals restricted before sampling, as augment runs by default
    config.trigramContext = guards;
    config.wordEmbeddingDistance = guards;
    if (const char *tokens = std::getenv("GAUNTLET_BENCH_BATCH_TOKENS"))
        config.maxBatchTokens = std::atoll(tokens);  // scoring chunk size, for comparing chunk sizes
    const auto loadStart = std::chrono::steady_clock::now();
    const auto models = loadModels(config);
    {
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        std::printf("models loaded in %.1f s; peak resident memory so far %.0f MiB\n",
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - loadStart).count(), double(usage.ru_maxrss) / 1024.0);
    }
    std::printf("models: %s | %s | %s; subword vocabulary %zu, LM ASCII vocabulary %zu, torch threads %d\n",
                models->description["difficulty"]["description"].get<std::string>().c_str(),
                models->description["acceptability"]["description"].get<std::string>().c_str(),
                models->description["language_model"]["description"].get<std::string>().c_str(), models->subwords.size(),
                models->lmAscii.size(), torch::get_num_threads());

    const char *seedEnv = std::getenv("GAUNTLET_BENCH_SEED");
    const std::string seed = seedEnv ? std::string(seedEnv)
                                     : "The Iraq Study Group presented its report at 12.00 GMT today, and the committee will discuss it next week.";
    const text::Tokenizer &tok = *models->encoderTokenizer;
    const std::vector<int> inner = tok.withSequenceSpecials(tok.encode(seed));
    const TokenIds ids(inner.begin(), inner.end());
    DifficultyObjective objective(models->difficulty, models->acceptability, 20, 50);
    objective.beamChanged({ids});
    SearchSpace space;
    space.allowedTokens = torch::zeros({objective.vocabSize()}, torch::kBool);
    for (int id : models->subwords)
        space.allowedTokens[id] = true;
    space.editable.assign(ids.size(), true);
    CandidateGuard guard(seed, guards ? models->vocabularyGuard : nullptr, guards ? models->grammar : nullptr,
                         config.grammarCostSlack, config.grammarKeepsPartOfSpeech, config.threads);
    if (guards)
        guard.setContext(models->trigram, config.trigramMaxSentenceDrop);
    space.guard = guards ? &guard : nullptr;
    // The proposal restrictions exactly as `gauntlet augment` sets them up.
    const std::unique_ptr<PlausibleSubstitutions> plausible1 = plausibleSubstitutions(config, *models, tok, ids, seed, seed);
    if (plausible1) {
        space.plausible = plausible1.get();
        std::printf("plausible proposals (issue 31): %d words of the seed have %d relatives reachable by one substitution\n",
                    plausible1->changeableWords(), plausible1->alternatives());
    }
    // GAUNTLET_BENCH_SETTINGS="B,K,N,R" (default the paper's 50,200,64,15); GAUNTLET_BENCH_WARMUP
    // caps the untimed steps that fill the beam (default 10).
    StepSettings settings{50, 200, 64, 15, 2};
    if (const char *given = std::getenv("GAUNTLET_BENCH_SETTINGS"))
        std::sscanf(given, "%d,%d,%d,%d", &settings.beamWidth, &settings.shortlistSize, &settings.candidatesPerMember, &settings.randomInjections);
    const int maxWarmUp = std::getenv("GAUNTLET_BENCH_WARMUP") ? std::atoi(std::getenv("GAUNTLET_BENCH_WARMUP")) : 10;
    std::printf("B %d, K %d, N %d, R %d\n", settings.beamWidth, settings.shortlistSize, settings.candidatesPerMember, settings.randomInjections);
    Rng rng(0);
    std::printf("seed: %zu tokens\n", ids.size());

    // Untimed steps until the beam is full (one without guards; with them, the grammar guard admits
    // a few members a step), at most 10.
    const auto warmUp = [&](std::vector<BeamMember> beam, Objective &objective, const SearchSpace &space,
                            const text::Tokenizer &tok, int *step) {
        for (*step = 1; *step <= maxWarmUp && (*step == 1 || int(beam.size()) < settings.beamWidth); ++*step) {
            std::vector<TokenIds> members;
            for (const auto &m : beam)
                members.push_back(m.ids);
            objective.beamChanged(members);
            beam = beamSearchStep(beam, objective, space, tok, settings, *step, rng).beam;
        }
        std::printf("  %d untimed steps fill the beam to %zu members\n", *step - 1, beam.size());
        return beam;
    };
    int step1 = 0;
    std::vector<BeamMember> beam = warmUp({seedMember(ids)}, objective, space, tok, &step1);
    std::vector<TokenIds> all;
    for (const auto &m : beam)
        all.push_back(m.ids);
    objective.beamChanged(all);
    auto start = std::chrono::steady_clock::now();
    const StepResult r = beamSearchStep(beam, objective, space, tok, settings, step1, rng);
    const double seconds1 = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    report("phase-1 step (D + 20 L_CoLA + 50 L_cos)", r, seconds1);
    const std::int64_t distinct1 = std::int64_t(std::set<TokenIds>(all.begin(), all.end()).size());
    {
        // D and L_CoLA: a forward pass per candidate; per distinct member a forward and a backward
        // (2x) pass plus the one-hot gradient GEMM (2 L H |V|) per encoder.
        const io::EncoderConfig &dc = models->difficulty->encoder().config();
        const io::EncoderConfig &cc = models->acceptability->encoder().config();
        const auto L = std::int64_t(ids.size());
        const double perToken = bench::encoderFlopsPerToken(dc, L) + bench::encoderFlopsPerToken(cc, L);
        const double scoring = double(r.pool.size()) * double(L) * perToken;
        const double gradient = r.exhaustive ? 0.0 : double(distinct1) * double(L)
                                * (3 * perToken + 2.0 * double(dc.hiddenSize * dc.vocabSize) + 2.0 * double(cc.hiddenSize * cc.vocabSize));
        printFlops("phase-1", scoring, gradient, r.timings, seconds1, dc.hiddenSize, dc.intermediateSize);
    }
    const bool compare = !std::getenv("GAUNTLET_BENCH_NO_COMPARE");  // full size: each comparison costs two beams' gradients
    if (compare)
        compareGradientPaths("phase-1", objective, all);
    if (std::getenv("GAUNTLET_BENCH_SWEEP")) {
        std::vector<TokenIds> pool;
        for (const Candidate &c : r.pool)
            pool.push_back(c.ids);
        sweepChunkSizes(config, all, pool);
    }

    const text::Tokenizer &lmTok = *models->lmTokenizer;
    const std::vector<int> lmInner = lmTok.withSequenceSpecials(lmTok.encode(seed));
    const TokenIds lmIds(lmInner.begin(), lmInner.end());
    PerplexityObjective ppl(models->languageModel);
    SearchSpace space2;
    space2.allowedTokens = torch::zeros({ppl.vocabSize()}, torch::kBool);
    for (int id : models->lmAscii)
        space2.allowedTokens[id] = true;
    space2.editable.assign(lmIds.size(), true);
    space2.guard = space.guard;
    const std::unique_ptr<PlausibleSubstitutions> plausible2 = plausibleSubstitutions(config, *models, lmTok, lmIds, seed, seed);
    space2.plausible = plausible2.get();
    int step2 = 0;
    const std::vector<BeamMember> beam2 = warmUp({seedMember(lmIds)}, ppl, space2, lmTok, &step2);
    start = std::chrono::steady_clock::now();
    const StepResult r2 = beamSearchStep(beam2, ppl, space2, lmTok, settings, step2, rng);
    const double seconds2 = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    report("phase-2 step (PPL, prefix reuse)", r2, seconds2);
    {
        // Counted as if every candidate were run in full (prefix reuse runs only each suffix, so
        // this is the work the step replaces, an upper bound of what it computes).
        const io::Qwen2Config &lc = models->languageModel->model().config();
        const auto L = std::int64_t(lmIds.size());
        std::set<TokenIds> distinct2;
        for (const auto &m : beam2)
            distinct2.insert(m.ids);
        const double scoring = double(r2.pool.size()) * double(L) * bench::lmFlopsPerToken(lc, L, true);
        const double gradient = r2.exhaustive ? 0.0 : double(distinct2.size()) * double(L) * (3 * bench::lmFlopsPerToken(lc, L, true) + 4.0 * double(lc.hiddenSize * lc.vocabSize));
        printFlops("phase-2 (full-recompute equivalent)", scoring, gradient, r2.timings, seconds2, lc.hiddenSize, lc.intermediateSize);
    }
    std::vector<TokenIds> all2;
    for (const auto &m : beam2)
        all2.push_back(m.ids);
    if (compare)
        compareGradientPaths("phase-2", ppl, all2);
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::printf("peak resident memory at B = %d: %.0f MiB\n", settings.beamWidth, double(usage.ru_maxrss) / 1024.0);
    return 0;
}
