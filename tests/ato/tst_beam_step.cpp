// The rules of one ATO beam-search step (Algorithm 1): shortlist, punctuation and frozen
// positions, position sampling by gradient norm, dedup, the decode -> re-encode filter (also when
// it drops everything), selection with diversity injection, and determinism under a seed. Small
// real models come from make_ato_fixtures.py; expectations are stated by hand from the algorithm.
#include "ato_test_support.h"

#include "engine/ato/ato_config.h"
#include "engine/ato/ato_error.h"
#include "engine/ato/beam_step.h"
#include "engine/ato/objective.h"
#include "engine/ato/search.h"
#include "engine/ato/word_frequency.h"
#include "engine/ato/plausible_substitutions.h"
#include "engine/judge/grammar_judge.h"
#include "engine/judge/substitute_lexicon.h"
#include "engine/judge/trigram_model.h"
#include "engine/judge/vocabulary_guard.h"
#include "engine/nn/model_folder.h"

#include "tests/support/test_main.h"
#include <QtTest>

#include <nlohmann/json.hpp>

#include <map>
#include <memory>
#include <set>

using namespace gauntlet;
using namespace gauntlet::ato;

namespace {

/// A tokenizer whose encode() never gives back the ids: every candidate fails the round trip.
class NeverRoundTrips : public text::Tokenizer {
public:
    explicit NeverRoundTrips(const text::Tokenizer &inner) : m(inner) {}
    text::TokenizerKind kind() const override { return m.kind(); }
    int vocabSize() const override { return m.vocabSize(); }
    std::vector<int> encode(std::string_view) const override { return {}; }
    std::vector<std::string> encodeToPieces(std::string_view) const override { return {}; }
    std::string decode(const std::vector<int> &ids) const override { return m.decode(ids); }
    std::string pieceText(int id) const override { return m.pieceText(id); }
    bool isWordStart(int id) const override { return m.isWordStart(id); }
    bool isPunctuation(int id) const override { return m.isPunctuation(id); }
    bool isSpecial(int id) const override { return m.isSpecial(id); }
    std::vector<int> withSequenceSpecials(const std::vector<int> &ids) const override { return m.withSequenceSpecials(ids); }

private:
    const text::Tokenizer &m;
};

/// An objective with a fixed pseudo-random gradient and loss = sum of ids (a known ranking).
class FixedObjective : public Objective {
public:
    explicit FixedObjective(std::int64_t vocab) : m_vocab(vocab) {}
    std::int64_t vocabSize() const override { return m_vocab; }
    std::vector<TermValues> evaluate(const std::vector<TokenIds> &sequences) const override
    {
        std::vector<TermValues> out(sequences.size());
        for (size_t i = 0; i < sequences.size(); ++i) {
            double sum = 0;
            for (auto id : sequences[i])
                sum += double(id);
            out[i].loss = sum;
        }
        return out;
    }
    torch::Tensor gradient(const TokenIds &sequence, TermValues *) const override
    {
        ++gradientCalls;
        torch::manual_seed(std::int64_t(sequence.size()));
        return torch::randn({std::int64_t(sequence.size()), m_vocab});
    }

    mutable int gradientCalls = 0;

private:
    std::int64_t m_vocab;
};

TokenIds toIds(const std::vector<int> &v)
{
    return TokenIds(v.begin(), v.end());
}

}  // namespace

class TestBeamStep : public QObject {
    Q_OBJECT

    nn::LoadedModel m_sentinel, m_cola;

    TokenIds encode(const std::string &text) const
    {
        const auto &t = *m_sentinel.tokenizer;
        return toIds(t.withSequenceSpecials(t.encode(text)));
    }
    SearchSpace allWords(const TokenIds &ids) const
    {
        SearchSpace s;
        s.allowedTokens = torch::ones({m_sentinel.scorer->vocabSize()}, torch::kBool);
        s.editable.assign(ids.size(), true);
        return s;
    }
    /// One step from the seed `ids` alone over allWords(ids) refused by `guard`, on the fixed
    /// objective, with Rng(7).
    StepResult guardedStep(const TokenIds &ids, const CandidateGuard &guard, const StepSettings &settings) const
    {
        SearchSpace space = allWords(ids);
        space.guard = &guard;
        FixedObjective objective(m_sentinel.scorer->vocabSize());
        BeamMember a = seedMember(ids);
        a.values = objective.evaluate({ids}).front();
        Rng rng(7);
        return beamSearchStep({a}, objective, space, *m_sentinel.tokenizer, settings, 1, rng);
    }

private Q_SLOTS:
    void initTestCase()
    {
        const QString dir = ato_test::modelsDir();
        nn::ModelFolderOptions o;
        o.settings.threads = 2;
        o.requireTokenizer = true;
        m_sentinel = nn::loadModelFolder(dir + "/sentinel", o);
        m_cola = nn::loadModelFolder(dir + "/cola", o);
    }

    void config_defaultsAreThePapers()
    {
        const AtoConfig c;
        QCOMPARE(c.beamWidth, 50);
        QCOMPARE(c.shortlistSize, 200);
        QCOMPARE(c.candidatesPerMember, 64);
        QCOMPARE(c.randomInjections, 15);
        QCOMPARE(c.lambdaFluency, 20.0);
        QCOMPARE(c.lambdaCohesion, 50.0);
        QCOMPARE(c.phase2Steps, 40);
        QCOMPARE(c.randomReplacements, 2);
        QCOMPARE(c.frozenIterations, 2);
    }

    void config_jsonRoundTrip_keepsEveryField()
    {
        AtoConfig c;
        c.method = Method::TwoPhase;
        c.beamWidth = 7;
        c.randomInjections = 2;
        c.seed = 99;
        c.lambdaFluency = 3.5;
        c.languageModel = "/x/lm";
        const AtoConfig back = configFromJson(toJson(c));
        QCOMPARE(toJson(back).dump(), toJson(c).dump());
        QCOMPARE(int(back.method), int(Method::TwoPhase));
        QCOMPARE(back.seed, std::uint64_t(99));
    }

    void config_parts_compareFieldByField_andTheStoredJsonStaysFlat()
    {
        // Issue 36 item 3: AtoConfig in named parts, each equal when every field of its is.
        AtoConfig a, b;
        const auto parts = [](const AtoConfig &x, const AtoConfig &y) {
            const auto same = [&](auto part) {
                using Part = decltype(part);
                return static_cast<const Part &>(x) == static_cast<const Part &>(y);
            };
            return std::vector<bool>{same(SearchSettings()), same(BaselineSettings()), same(Placement()),
                                     same(ModelFiles()), same(GuardSettings()), same(MtTermSettings())};
        };
        QCOMPARE(parts(a, b), std::vector<bool>(6, true));
        b.phase2Steps = 41;  // the last field of SearchSettings
        b.senseByContext = false;  // the last field of GuardSettings
        QCOMPARE(parts(a, b), (std::vector<bool>{false, true, true, true, false, true}));
        b = a;
        b.randomWordBucket = "rare";
        b.maxBatchTokens = 1;
        b.wordFrequencies = "z.tsv";
        b.mtTermTargetLanguage = "German";
        QCOMPARE(parts(a, b), (std::vector<bool>{true, false, false, false, true, false}));
        // what loads the models: model files, placement and the guards' resources, not thresholds
        b = a;
        b.beamWidth = 3;
        b.trigramMaxSentenceDrop = 9;
        b.mtTermSystem = "ap";
        QVERIFY(loadsSameModels(a, b));
        b.vocabularyGuard = true;
        QVERIFY(!loadsSameModels(a, b));
        b = a;
        b.device = "cuda";
        QVERIFY(!loadsSameModels(a, b));
        // the stored config keeps one flat object with the fields' JSON names
        const nlohmann::json j = toJson(a);
        for (const char *key : {"beam_width", "random_replacements", "device", "difficulty_model", "grammar_guard", "seed", "method"})
            QVERIFY2(j.contains(key), key);
        QCOMPARE(guardsLabel(a), std::string("off"));
        b = a;
        b.wordRelations = b.trigramContext = b.grammarGuard = true;
        QCOMPARE(guardsLabel(b), std::string("grammar+relatives+trigram"));
    }

    void config_badInput_isAClearError()
    {
        QVERIFY_THROWS_EXCEPTION(AtoError, configFromJson(nlohmann::json{{"beam_width", "wide"}}));
        QVERIFY_THROWS_EXCEPTION(AtoError, configFromJson(nlohmann::json{{"method", "greedy"}}));
        AtoConfig c;
        c.randomInjections = c.beamWidth;
        QVERIFY_THROWS_EXCEPTION(AtoError, c.validate());
    }

    void shortlist_topKMostNegativeOverEligibleAllowed()
    {
        // [L=4, |V|=6]; position 0 not eligible, token 5 not allowed, current tokens excluded.
        const torch::Tensor g = torch::tensor({{-9.f, -8.f, 0.f, 0.f, 0.f, 0.f},
                                               {-1.f, -5.f, -2.f, 3.f, 0.f, -7.f},
                                               {0.f, -4.f, -6.f, 1.f, -3.f, -9.f},
                                               {2.f, 2.f, 2.f, 2.f, 2.f, 2.f}});
        const torch::Tensor eligible = torch::tensor({false, true, true, true});
        const torch::Tensor allowed = torch::tensor({true, true, true, true, true, false});
        const TokenIds current{0, 1, 3, 3};
        const auto s = topKShortlist(g, eligible, allowed, current, 3);
        // Candidates by gradient: (2,2)=-6, (1,1)=-5 is the current token -> skipped, (2,1)=-4, (2,4)=-3, (1,2)=-2
        QCOMPARE(s.size(), size_t(4));
        QVERIFY(s[0].empty());
        QCOMPARE(s[1], std::vector<std::int64_t>{});
        QCOMPARE(s[2], (std::vector<std::int64_t>{2, 1, 4}));
        QVERIFY(s[3].empty());
        // K larger than what is available: everything available, nothing blocked
        const auto all = topKShortlist(g, eligible, allowed, current, 1000);
        size_t total = 0;
        for (const auto &p : all)
            total += p.size();
        QCOMPARE(total, size_t(3 * 5 - 3));
    }

    void eligiblePositions_excludesSpecialsPunctuationAndFrozen_data()
    {
        QTest::addColumn<int>("step");
        QTest::addColumn<int>("substitutedAt");
        QTest::addColumn<bool>("frozen");
        QTest::newRow("substituted in the previous step") << 5 << 4 << true;
        QTest::newRow("two steps before") << 5 << 3 << true;
        QTest::newRow("three steps before") << 5 << 2 << false;
        QTest::newRow("never") << 5 << -1000000 << false;
    }
    void eligiblePositions_excludesSpecialsPunctuationAndFrozen()
    {
        QFETCH(int, step);
        QFETCH(int, substitutedAt);
        QFETCH(bool, frozen);
        const auto &tok = *m_sentinel.tokenizer;
        const TokenIds ids = encode("The cat, the dog.");
        BeamMember m = seedMember(ids);
        // find the first word after "The" to mark as substituted
        std::int64_t target = -1;
        for (size_t i = 2; i < ids.size(); ++i) {
            if (!tok.isPunctuation(int(ids[i])) && !tok.isSpecial(int(ids[i]))) {
                target = std::int64_t(i);
                break;
            }
        }
        QVERIFY(target > 0);
        m.lastSubstitution[size_t(target)] = substitutedAt;
        const torch::Tensor e = eligiblePositions(m, allWords(ids), tok, step, 2);
        int punctuation = 0;
        for (size_t i = 0; i < ids.size(); ++i) {
            const int id = int(ids[i]);
            const bool expected = !tok.isSpecial(id) && !tok.isPunctuation(id) && !(std::int64_t(i) == target && frozen);
            punctuation += tok.isPunctuation(id) ? 1 : 0;
            QCOMPARE(e[std::int64_t(i)].item<bool>(), expected);
        }
        QVERIFY2(punctuation >= 2, "the seed must hold punctuation tokens for this test to mean something");
        QVERIFY(!e[0].item<bool>());
        QVERIFY(!e[std::int64_t(ids.size()) - 1].item<bool>());
    }

    void sampleSubstitutions_positionProportionalToGradientNorm()
    {
        // rows with norms 0, 1, 3 (and one without shortlist entries): pair weights
        // (1,0) = (1,1) = 1/4 * 1/2 = 0.125, (2,0) = 0.75, (0,1) = 0
        const torch::Tensor g = torch::tensor({{0.f, 0.f}, {1.f, 0.f}, {0.f, 3.f}, {100.f, 0.f}});
        const std::vector<std::vector<std::int64_t>> shortlist{{1}, {0, 1}, {0}, {}};
        Rng rng(3);
        // The first draw follows the paper's distribution: position ~ ||G_i||, token ~ Uniform(S_i).
        const int trials = 20000;
        int count[4] = {0, 0, 0, 0};
        int token1AtPosition1 = 0, firstAt1 = 0, secondAt2AfterFirstAt1 = 0;
        for (int k = 0; k < trials; ++k) {
            const auto subs = sampleSubstitutions(g, shortlist, 2, rng);
            QCOMPARE(subs.size(), size_t(2));
            QVERIFY(subs[0].position != subs[1].position || subs[0].token != subs[1].token);
            ++count[subs[0].position];
            if (subs[0].position == 1) {
                token1AtPosition1 += subs[0].token == 1 ? 1 : 0;
                ++firstAt1;
                secondAt2AfterFirstAt1 += subs[1].position == 2 ? 1 : 0;
            }
        }
        QCOMPARE(count[0], 0);
        QCOMPARE(count[3], 0);
        QVERIFY2(std::abs(count[1] / double(trials) - 0.25) < 0.015, qPrintable(QString::number(count[1])));
        QVERIFY2(std::abs(count[2] / double(trials) - 0.75) < 0.015, qPrintable(QString::number(count[2])));
        QVERIFY2(std::abs(double(token1AtPosition1) / firstAt1 - 0.5) < 0.04, "token must be uniform over the shortlist");
        // Without replacement: after (1, t) is drawn, (1, 1-t) has weight 0.125 and (2, 0) 0.75,
        // so the second draw is at position 2 with probability 0.75 / 0.875 = 6/7.
        QVERIFY2(std::abs(double(secondAt2AfterFirstAt1) / firstAt1 - 6.0 / 7.0) < 0.03,
                 qPrintable(QString::number(double(secondAt2AfterFirstAt1) / firstAt1)));
        // Asked for more than there are: each pair of positive weight once, position 0 never.
        const auto all = sampleSubstitutions(g, shortlist, 10, rng);
        QCOMPARE(all.size(), size_t(3));
        std::set<std::pair<std::int64_t, std::int64_t>> distinct;
        for (const auto &sub : all)
            distinct.insert({sub.position, sub.token});
        QCOMPARE(distinct, (std::set<std::pair<std::int64_t, std::int64_t>>{{1, 0}, {1, 1}, {2, 0}}));
        // All norms 0: positions equally weighted, every pair reachable.
        QCOMPARE(sampleSubstitutions(torch::zeros({4, 2}), shortlist, 10, rng).size(), size_t(4));
        QVERIFY(sampleSubstitutions(g, {{}, {}, {}, {}}, 10, rng).empty());
    }

    void selectNextBeam_bestBMinusRPlusRRandom()
    {
        std::vector<double> losses(100);
        for (int i = 0; i < 100; ++i)
            losses[size_t(i)] = double((i * 37) % 100);  // a permutation of 0..99
        std::set<int> injectedSeen;
        for (std::uint64_t seed = 0; seed < 20; ++seed) {
            Rng rng(seed);
            std::vector<bool> injected;
            const auto chosen = selectNextBeam(losses, 10, 3, rng, &injected);
            QCOMPARE(chosen.size(), size_t(10));
            for (int j = 0; j < 7; ++j) {
                QCOMPARE(losses[size_t(chosen[size_t(j)])], double(j));  // the 7 best, best first
                QVERIFY(!injected[size_t(j)]);
            }
            std::set<int> distinct(chosen.begin(), chosen.end());
            QCOMPARE(distinct.size(), size_t(10));
            for (int j = 7; j < 10; ++j) {
                QVERIFY(injected[size_t(j)]);
                QVERIFY(losses[size_t(chosen[size_t(j)])] >= 7);
                injectedSeen.insert(chosen[size_t(j)]);
            }
        }
        QVERIFY2(injectedSeen.size() > 20, "diversity injection must draw from the whole rest of the pool");
        Rng rng(1);
        const auto few = selectNextBeam({3.0, 1.0, 2.0}, 10, 3, rng);
        QCOMPARE(few, (std::vector<int>{1, 2, 0}));
    }

    void mtTermSelection_keepsTheWorstHandledBMinusRThenTheInjections()
    {
        // selectNextBeam for width P + R = 6 + 2 returned the objective's best 6 (pool indices 10..15,
        // best first) and 2 injections (40, 41). The MT term orders the 6 survivors worst-handled
        // first: 4, 1, 5, 0, 3, 2 (indices into the survivors). With B = 6, R = 2 the beam keeps
        // B - R = 4 of them in that order: pool 14, 11, 15, 10; then the injections.
        const std::vector<int> chosen = {10, 11, 12, 13, 14, 15, 40, 41};
        const std::vector<bool> injected = {false, false, false, false, false, false, true, true};
        std::vector<bool> flags;
        const std::vector<int> beam = mtTermSelection(chosen, injected, {4, 1, 5, 0, 3, 2}, 6, &flags);
        QCOMPARE(beam, (std::vector<int>{14, 11, 15, 10, 40, 41}));
        QCOMPARE(flags, (std::vector<bool>{false, false, false, false, true, true}));
        // no injections (a small pool): the beam's whole width B goes to the worst-handled
        const std::vector<int> small = mtTermSelection({7, 8, 9}, {false, false, false}, {2, 0, 1}, 2, &flags);
        QCOMPARE(small, (std::vector<int>{9, 7}));
        QCOMPARE(flags, (std::vector<bool>{false, false}));
    }

    void config_mtTerm_jsonAndValidation()
    {
        AtoConfig c;
        QVERIFY(c.mtTermSystem.empty());  // off by default
        QCOMPARE(c.mtTermWhere, std::string("output"));
        c.mtTermSystem = "ap";
        c.mtTermWhere = "beam";
        c.mtTermPool = 0;
        c.beamWidth = 16;
        c.randomInjections = 4;
        QCOMPARE(mtTermPoolSize(c), 24);  // 2 (B - R)
        c.mtTermPool = 5;
        QCOMPARE(mtTermPoolSize(c), 12);  // never below B - R
        c.mtTermPool = 30;
        const AtoConfig back = configFromJson(toJson(c));
        QCOMPARE(back.mtTermSystem, std::string("ap"));
        QCOMPARE(back.mtTermWhere, std::string("beam"));
        QCOMPARE(back.mtTermPool, 30);
        QVERIFY(settingsLabel(c).find(" mt=ap@beam/30") != std::string::npos);
        c.mtTermWhere = "archive";
        QVERIFY_THROWS_EXCEPTION(AtoError, c.validate());
        c.mtTermWhere = "output";
        c.method = Method::RandomWords;
        QVERIFY_THROWS_EXCEPTION(AtoError, c.validate());
    }

    void selectNextBeam_withAccept_walksInLossOrderUntilTheBeamIsFull()
    {
        std::vector<double> losses(100);
        for (int i = 0; i < 100; ++i)
            losses[size_t(i)] = double((i * 37) % 100);
        // Without refusals the guarded walk draws exactly what the plain selection draws.
        for (std::uint64_t seed = 0; seed < 5; ++seed) {
            Rng a(seed), b(seed);
            std::vector<bool> ia, ib;
            int rejected = -1;
            QCOMPARE(selectNextBeam(losses, 10, 3, a, &ia, [](int) { return true; }, &rejected), selectNextBeam(losses, 10, 3, b, &ib));
            QCOMPARE(ia, ib);
            QCOMPARE(rejected, 0);
        }
        // Accept only candidates with an even loss: the 7 best even losses, then 3 injected even
        // ones; each candidate is asked once at most, every refusal counted.
        Rng rng(4);
        std::vector<int> asked(100, 0);
        int rejected = 0;
        std::vector<bool> injected;
        const auto chosen = selectNextBeam(
            losses, 10, 3, rng, &injected,
            [&](int i) {
                ++asked[size_t(i)];
                return int(losses[size_t(i)]) % 2 == 0;
            },
            &rejected);
        QCOMPARE(chosen.size(), size_t(10));
        for (int j = 0; j < 7; ++j)
            QCOMPARE(losses[size_t(chosen[size_t(j)])], double(2 * j));  // 0, 2, ..., 12
        for (int j = 7; j < 10; ++j) {
            QVERIFY(injected[size_t(j)]);
            QCOMPARE(int(losses[size_t(chosen[size_t(j)])]) % 2, 0);
            QVERIFY(losses[size_t(chosen[size_t(j)])] > 12);
        }
        int askedTotal = 0;
        for (int n : asked) {
            QVERIFY(n <= 1);
            askedTotal += n;
        }
        QCOMPARE(rejected, askedTotal - 10);
        QVERIFY(rejected >= 6);  // the odd losses 1, 3, ..., 11 between the best even ones
        // Nothing accepted: an empty selection.
        Rng none(1);
        QVERIFY(selectNextBeam({3.0, 1.0, 2.0}, 10, 3, none, nullptr, [](int) { return false; }, &rejected).empty());
        QCOMPARE(rejected, 3);
    }

    void step_grammarGuard_beamHoldsOnlyTextsThatParseAsWellAsTheSeed()
    {
        const auto &tok = *m_sentinel.tokenizer;
        const std::string seed = "The president met the delegation in Paris on Monday, officials said.";
        const TokenIds ids = encode(seed);
        const auto grammar = judge::GrammarJudge::english();
        QVERIFY(grammar->parse(seed).complete);
        const CandidateGuard guard(seed, nullptr, grammar);
        QVERIFY(guard.grammarActive());
        QCOMPARE(guard.seedNullLinks(), 0);
        const StepResult r = guardedStep(ids, guard, StepSettings{6, 200, 64, 2, 2});
        QVERIFY(!r.pool.empty());
        // Any-subword substitutions mostly break the sentence: the guard must have refused some.
        QVERIFY2(r.grammarRejected > 0, "the grammar guard refused nothing");
        QVERIFY(guard.parses() <= int(r.pool.size()));
        for (const BeamMember &m : r.beam) {
            const std::string text = tok.decode(std::vector<int>(m.ids.begin() + 1, m.ids.end() - 1));
            if (m.ids == ids)
                continue;  // the beam was kept (every candidate refused)
            QVERIFY2(grammar->parse(text).complete, text.c_str());
            QVERIFY2(grammar->parse(text).disjunctCost <= guard.maxDisjunctCost(), text.c_str());
        }
        // A refused candidate that ranked above the worst accepted one does not parse completely
        // within the guard's cost bound, or its parse gives a changed word another part of speech.
        const judge::GrammarVerdict seedParse = grammar->parse(seed);
        double worstAccepted = -1e300;
        std::set<TokenIds> inBeam;
        for (const BeamMember &m : r.beam) {
            inBeam.insert(m.ids);
            if (!m.injected)
                worstAccepted = std::max(worstAccepted, m.values.loss);
        }
        int checked = 0;
        for (const Candidate &c : r.pool) {
            if (c.values.loss < worstAccepted && !inBeam.count(c.ids)) {
                const judge::GrammarVerdict v = grammar->parse(c.text);
                bool posChanged = false;
                for (size_t i = 0; v.linkageWords.size() == seedParse.linkageWords.size() && i < v.linkageWords.size(); ++i) {
                    if (judge::linkageWordText(v.linkageWords[i]) != judge::linkageWordText(seedParse.linkageWords[i]))
                        posChanged |= judge::partOfSpeech(v.linkageWords[i]) != judge::partOfSpeech(seedParse.linkageWords[i]);
                }
                QVERIFY2(!v.complete || v.disjunctCost > guard.maxDisjunctCost() || posChanged, c.text.c_str());
                ++checked;
            }
        }
        QVERIFY(checked <= r.grammarRejected);  // each skipped better candidate was one of the refusals
    }

    void step_grammarGuard_parsesSideBySideToTheSameBeam()
    {
        // Selection prefetches the next parses in order of the objective on parseThreads threads
        // (one link-grammar dictionary shared): the beam, the refusals and the verdicts are those
        // of one parse at a time, with a bounded number of parses beyond them.
        const auto &tok = *m_sentinel.tokenizer;
        const std::string seed = "The president met the delegation in Paris on Monday, officials said.";
        const TokenIds ids = encode(seed);
        const auto grammar = judge::GrammarJudge::english();
        FixedObjective objective(m_sentinel.scorer->vocabSize());
        BeamMember a = seedMember(ids);
        a.values = objective.evaluate({ids}).front();
        const auto run = [&](int threads, StepResult *r) {
            auto guard = std::make_unique<CandidateGuard>(seed, nullptr, grammar, 1.0, true, threads);
            SearchSpace space = allWords(ids);
            space.guard = guard.get();
            Rng rng(7);
            *r = beamSearchStep({a}, objective, space, tok, StepSettings{6, 200, 64, 2, 2}, 1, rng);
            return guard;
        };
        StepResult one, four;
        const auto sequential = run(1, &one);
        const auto parallel = run(4, &four);
        QCOMPARE(parallel->parseThreads(), 4);
        QVERIFY(one.grammarRejected > 0);
        QCOMPARE(four.grammarRejected, one.grammarRejected);
        QCOMPARE(four.beam.size(), one.beam.size());
        for (size_t i = 0; i < one.beam.size(); ++i)
            QVERIFY(four.beam[i].ids == one.beam[i].ids);
        // A prefetch parses at most 2 x 4 - 1 texts ahead: in vain at the end of the walk in order,
        // and at most once more where the random injections start.
        QVERIFY(parallel->parses() >= sequential->parses());
        QVERIFY2(parallel->parses() <= sequential->parses() + 2 * (2 * 4 - 1),
                 qPrintable(QStringLiteral("%1 parses side by side, %2 one at a time").arg(parallel->parses()).arg(sequential->parses())));
        // Every text either guard judged gets link-grammar's own verdict on a fresh parse.
        for (const Candidate &c : four.pool) {
            if (!parallel->grammarKnown(c.text) || !sequential->grammarKnown(c.text))
                continue;
            QCOMPARE(parallel->grammarPasses(c.text, false), sequential->grammarPasses(c.text, false));
        }
    }

    void step_vocabularyGuard_dropsCandidatesThatAddWordsOutsideIt()
    {
        const auto &tok = *m_sentinel.tokenizer;
        const std::string seed = "The president met the delegation in Paris on Monday, officials said.";
        const TokenIds ids = encode(seed);
        const auto vocabulary = std::make_shared<const judge::VocabularyGuard>(
            readWordFrequencies(QStringLiteral(GAUNTLET_SOURCE_DIR "/resources/models/default/present_day_frequencies.tsv")).zipf,
            *judge::SpellingJudge::english());
        const CandidateGuard guard(seed, vocabulary, nullptr);
        FixedObjective objective(m_sentinel.scorer->vocabSize());
        BeamMember a = seedMember(ids);
        a.values = objective.evaluate({ids}).front();
        SearchSpace open = allWords(ids);
        Rng rng1(9);
        const StepResult unguarded = beamSearchStep({a}, objective, open, tok, StepSettings{6, 200, 64, 2, 2}, 1, rng1);
        int outside = 0;
        for (const Candidate &c : unguarded.pool)
            outside += vocabulary->passes(seed, c.text) ? 0 : 1;
        QVERIFY2(outside > 0, "no unguarded candidate added a word outside the vocabulary");
        SearchSpace guarded = allWords(ids);
        guarded.guard = &guard;
        Rng rng2(9);
        const StepResult r = beamSearchStep({a}, objective, guarded, tok, StepSettings{6, 200, 64, 2, 2}, 1, rng2);
        QCOMPARE(r.vocabularyRejected, outside);
        QCOMPARE(int(r.pool.size()), int(unguarded.pool.size()) - outside);
        for (const Candidate &c : r.pool)
            QVERIFY2(vocabulary->wordsOutside(seed, c.text).empty(), c.text.c_str());
    }

    void step_everyCandidateHasItsFateAndReason()
    {
        // Issue 34 item 6: each candidate of the pool says what became of it, and a refusal says
        // why. Checked against the beam the step returned, the guards' counters, and link-grammar
        // and the vocabulary guard asked afresh.
        const std::string seed = "The president met the delegation in Paris on Monday, officials said.";
        const TokenIds ids = encode(seed);
        const auto grammar = judge::GrammarJudge::english();
        const auto vocabulary = std::make_shared<const judge::VocabularyGuard>(
            readWordFrequencies(QStringLiteral(GAUNTLET_SOURCE_DIR "/resources/models/default/present_day_frequencies.tsv")).zipf,
            *judge::SpellingJudge::english());
        const CandidateGuard guard(seed, vocabulary, grammar);
        const StepResult r = guardedStep(ids, guard, StepSettings{6, 1000, 400, 2, 2});
        QVERIFY(r.grammarRejected > 0 && r.vocabularyRejected > 0);

        // In the beam: exactly the members of the next beam, injected as the beam says.
        std::map<TokenIds, bool> beam;
        for (const BeamMember &m : r.beam)
            beam[m.ids] = m.injected;
        std::map<CandidateFate, int> counts;
        double worstKept = -1e300;
        for (const Candidate &c : r.pool) {
            ++counts[c.fate];
            const bool inBeam = c.fate == CandidateFate::Kept || c.fate == CandidateFate::Injected;
            QCOMPARE(beam.count(c.ids) > 0, inBeam);
            if (inBeam) {
                QCOMPARE(beam.at(c.ids), c.fate == CandidateFate::Injected);
                QVERIFY(c.reason.empty());
            } else {
                QVERIFY2(!c.reason.empty(), c.text.c_str());
            }
            if (c.fate == CandidateFate::Kept)
                worstKept = std::max(worstKept, c.values.loss);
            QVERIFY(!ato::fateScored(c.fate) || !std::isnan(c.values.loss));
        }
        QCOMPARE(counts[CandidateFate::Kept] + counts[CandidateFate::Injected], int(r.beam.size()));
        QVERIFY2(counts[CandidateFate::Kept] > 0 && counts[CandidateFate::NotTaken] > 0, "the step should keep some and leave some");
        QCOMPARE(counts[CandidateFate::Grammar], r.grammarRejected);
        for (const Candidate &c : r.refused) {
            QVERIFY(!ato::fateScored(c.fate));
            QVERIFY(std::isnan(c.values.loss));
            ++counts[c.fate];
        }
        QCOMPARE(counts[CandidateFate::Vocabulary], r.vocabularyRejected);
        QCOMPARE(counts[CandidateFate::Tokenizer], r.filtered);
        QCOMPARE(int(r.pool.size() + r.refused.size()) + r.duplicates, r.sampled);

        const judge::GrammarVerdict seedParse = grammar->parse(seed);
        for (const Candidate &c : r.pool) {
            if (c.fate == CandidateFate::NotTaken) {
                // The grammar guard walks in order of L: what it never reached ranks below every kept member.
                QCOMPARE(QString::fromStdString(c.reason), QStringLiteral("not parsed: the beam filled first"));
                QVERIFY2(c.values.loss >= worstKept, c.text.c_str());
            } else if (c.fate == CandidateFate::Grammar) {
                const judge::GrammarVerdict v = grammar->parse(c.text);
                const bool withinCost = v.complete && v.disjunctCost <= guard.maxDisjunctCost();
                const QString reason = QString::fromStdString(c.reason);
                if (reason.startsWith(QLatin1String("no complete linkage"))) {
                    QVERIFY2(!withinCost, c.text.c_str());
                } else if (reason.startsWith(QLatin1String("disjunct cost"))) {
                    QVERIFY2(v.complete && v.disjunctCost > guard.maxDisjunctCost(), c.text.c_str());
                } else {
                    // "part of speech: 'X' is ..." or "'X' is a word link-grammar guessed": X is a
                    // changed word of the parse whose part of speech differs from the seed word's.
                    QVERIFY2(withinCost, c.text.c_str());
                    QCOMPARE(v.linkageWords.size(), seedParse.linkageWords.size());
                    bool named = false;
                    for (size_t i = 0; i < v.linkageWords.size(); ++i) {
                        const std::string word = judge::linkageWordText(v.linkageWords[i]);
                        if (word != judge::linkageWordText(seedParse.linkageWords[i])
                            && judge::partOfSpeech(v.linkageWords[i]) != judge::partOfSpeech(seedParse.linkageWords[i]))
                            named = named || reason.contains(QStringLiteral("'%1'").arg(QString::fromStdString(word)));
                    }
                    QVERIFY2(named, qPrintable(reason + QStringLiteral(" <- ") + QString::fromStdString(c.text)));
                }
            }
        }
        for (const Candidate &c : r.refused) {
            if (c.fate != CandidateFate::Vocabulary)
                continue;
            const std::vector<std::string> outside = vocabulary->wordsOutside(seed, c.text);
            QVERIFY2(!outside.empty() || !judge::VocabularyGuard::sameInitialCase(seed, c.text), c.text.c_str());
            for (const std::string &w : outside)
                QVERIFY2(c.reason.find(w) != std::string::npos, c.reason.c_str());
        }
    }

    void step_candidatesAreUniqueRetokenizeAndRespectFrozen()
    {
        const auto &tok = *m_sentinel.tokenizer;
        const TokenIds ids = encode("The president met the delegation in Paris on Monday, officials said.");
        FixedObjective objective(m_sentinel.scorer->vocabSize());
        BeamMember a = seedMember(ids);
        BeamMember b = seedMember(ids);
        b.ids[2] = ids[3];  // a second, different member
        // position 1 substituted at step 2 (frozen at step 3), position 4 at step 0 (free at step 3)
        a.lastSubstitution[1] = 2;
        a.lastSubstitution[4] = 0;
        b.lastSubstitution[1] = 2;
        StepSettings settings{4, 50, 64, 1, 2};
        Rng rng(11);
        const StepResult r = beamSearchStep({a, b}, objective, allWords(ids), tok, settings, 3, rng);
        // K = 50 < N = 64: drawn without replacement, each member takes each of its 50 shortlisted
        // (position, token) pairs once (random gradients: every row norm is positive)
        QCOMPARE(r.sampled, 2 * 50);
        QVERIFY(!r.pool.empty());
        QCOMPARE(int(r.pool.size()) + r.duplicates + r.filtered, r.sampled);
        std::set<TokenIds> unique;
        for (const Candidate &c : r.pool) {
            QVERIFY(unique.insert(c.ids).second);
            QVERIFY(retokenizes(tok, c.ids));
            QVERIFY(c.substitution.position != 1);
            const TokenIds &parent = c.parent == 0 ? a.ids : b.ids;
            int differences = 0;
            for (size_t i = 0; i < ids.size(); ++i)
                differences += parent[i] != c.ids[i] ? 1 : 0;
            QCOMPARE(differences, 1);
            QVERIFY(!tok.isPunctuation(int(parent[size_t(c.substitution.position)])));
            QVERIFY(!tok.isSpecial(int(parent[size_t(c.substitution.position)])));
        }
        QCOMPARE(r.beam.size(), size_t(4));
        // the best 3 by loss (sum of ids), then one injected
        std::vector<double> losses;
        for (const Candidate &c : r.pool)
            losses.push_back(c.values.loss);
        std::sort(losses.begin(), losses.end());
        for (int j = 0; j < 3; ++j)
            QCOMPARE(r.beam[size_t(j)].values.loss, losses[size_t(j)]);
        QVERIFY(r.beam[3].injected);
        for (const BeamMember &m : r.beam)
            QCOMPARE(m.lastSubstitution[size_t(m.changedPosition)], 3);
    }

    void step_everyCandidateFiltered_keepsTheBeam()
    {
        const NeverRoundTrips tok(*m_sentinel.tokenizer);
        const TokenIds ids = encode("A short seed text for the filter.");
        FixedObjective objective(m_sentinel.scorer->vocabSize());
        BeamMember a = seedMember(ids);
        a.values.loss = 1.5;
        Rng rng(5);
        const StepResult r = beamSearchStep({a}, objective, allWords(ids), tok, StepSettings{4, 20, 16, 1, 2}, 1, rng);
        QVERIFY(r.pool.empty());
        QCOMPARE(r.filtered + r.duplicates, r.sampled);
        QVERIFY(r.filtered > 0);
        QCOMPARE(r.beam.size(), size_t(1));
        QCOMPARE(r.beam[0].ids, ids);
        QCOMPARE(r.beam[0].values.loss, 1.5);
        // The kept member is its own parent, so the best path leads back to the seed (issue 18:
        // the seed's parent -1 was copied, and the path of an unchanged run began at a later step).
        QCOMPARE(a.parent, -1);
        QCOMPARE(r.beam[0].parent, 0);
    }

    void unknownText_seedWithUnknownCharacters_canBeSearched()
    {
        // "ꙮ" (U+A66E) is not in the FLORES-trained vocabulary: SentencePiece reads it as <unk>,
        // once inside a word and once as a word of its own. Plain decoding writes " ⁇ " there, so
        // no candidate of this seed would survive the re-encode check.
        const auto &tok = *m_sentinel.tokenizer;
        const std::string seed = "President Erdo\xea\x99\xae" "an met \xea\x99\xae\xea\x99\xae leaders in the capital.";
        const TokenIds ids = encode(seed);
        const UnknownText unknown = UnknownText::ofSeed(tok, seed, ids);
        QCOMPARE(unknown.size(), size_t(2));
        QCOMPARE(unknown.decode(tok, ids), seed);
        QVERIFY(!retokenizes(tok, ids));
        QVERIFY(retokenizes(tok, ids, &unknown));

        SearchSpace space = allWords(ids);
        space.unknownText = unknown;
        FixedObjective objective(m_sentinel.scorer->vocabSize());
        BeamMember a = seedMember(ids);
        a.values = objective.evaluate({ids}).front();
        Rng rng(11);
        const StepResult r = beamSearchStep({a}, objective, space, tok, StepSettings{8, 40, 32, 2, 2}, 1, rng);
        QVERIFY2(!r.pool.empty(), "every candidate of a seed with unknown characters was dropped");
        int kept = 0;
        for (const Candidate &c : r.pool) {
            const std::string text = unknown.decode(tok, c.ids);
            QVERIFY(text.find("\xe2\x81\x87") == std::string::npos);  // no "⁇" in any candidate text
            const std::vector<int> again = tok.encode(text);
            QCOMPARE(TokenIds(again.begin(), again.end()), TokenIds(c.ids.begin() + 1, c.ids.end() - 1));
            kept += text.find("\xea\x99\xae") != std::string::npos;
        }
        QVERIFY(kept > 0);
        // A seed without unknown characters records nothing.
        QVERIFY(UnknownText::ofSeed(tok, "A plain seed.", encode("A plain seed.")).empty());
    }

    void step_noEdgeWhitespace_dropsTextsGainingALeadingSpace()
    {
        // Phase 2 works in the LM's byte-level BPE: a word-start token ("Ġword") at the first
        // position gives the text a leading space. Only position 0 may change, only to word-start
        // tokens: every candidate starts with a space, and the phase-2 rule drops them all.
        nn::ModelFolderOptions o;
        o.settings.threads = 2;
        o.requireTokenizer = true;
        const nn::LoadedModel lm = nn::loadModelFolder(ato_test::modelsDir() + "/lm", o);
        const text::Tokenizer &tok = *lm.tokenizer;
        const std::vector<int> v = tok.encode("Scientists say the explosion was massive.");
        const TokenIds ids(v.begin(), v.end());
        SearchSpace space;
        space.allowedTokens = torch::zeros({lm.scorer->vocabSize()}, torch::kBool);
        for (int id = 0; id < tok.vocabSize(); ++id) {
            if (tok.isWordStart(id) && !tok.isSpecial(id) && !tok.isPunctuation(id))
                space.allowedTokens[id] = true;
        }
        space.editable.assign(ids.size(), false);
        space.editable[0] = true;
        FixedObjective objective(lm.scorer->vocabSize());
        BeamMember a = seedMember(ids);
        a.values = objective.evaluate({ids}).front();

        Rng rng1(3);
        const StepResult open = beamSearchStep({a}, objective, space, tok, StepSettings{4, 20, 16, 1, 2}, 1, rng1);
        QVERIFY(!open.pool.empty());
        for (const Candidate &c : open.pool)
            QVERIFY(hasEdgeWhitespace(tok.decode(std::vector<int>(c.ids.begin(), c.ids.end()))));

        space.noEdgeWhitespace = true;
        Rng rng2(3);
        const StepResult closed = beamSearchStep({a}, objective, space, tok, StepSettings{4, 20, 16, 1, 2}, 1, rng2);
        QVERIFY(closed.pool.empty());
        // Nothing survived at K = 20, so the step widened the shortlist (x4, twice) before giving
        // up (issue 18: a phase whose members share one shortlist must still be able to move).
        QCOMPARE(open.shortlistUsed, 20);
        QCOMPARE(closed.shortlistUsed, 320);
        QVERIFY(closed.sampled > open.sampled);
        QVERIFY(closed.filtered >= open.filtered + int(open.pool.size()));
        QCOMPARE(closed.beam.size(), size_t(1));  // the beam is kept
        QVERIFY(!hasEdgeWhitespace("A text."));
        QVERIFY(hasEdgeWhitespace("A text.\n"));
    }

    void step_smallNeighbourhood_takesEverySubstitutionWithoutGradient()
    {
        // Issue 31: when the proposal restrictions leave a member at most min(K, N) substitutions,
        // the shortlist and the draws would hold all of them whatever the gradient, so the step
        // scores all of them and computes no gradient. The expected set is built here from the
        // table's lists; with N below its size the step samples N by gradient as before.
        text::LoadOptions options;  // the default pack's SentencePiece model: whole words as single pieces
        options.xlmrIds = true;
        const auto pack = text::loadTokenizer(QStringLiteral(GAUNTLET_SOURCE_DIR "/resources/models/default/difficulty"), options);
        const text::Tokenizer &tok = *pack;
        const std::string seed = "Jamie said the company's profits fell sharply in the third quarter of 2024.";
        const std::vector<int> full = tok.withSequenceSpecials(tok.encode(seed));
        const TokenIds ids(full.begin(), full.end());
        const judge::SubstituteLexicon lexicon(
            std::vector<std::string>{"rose", "dropped", "climbed", "first", "second", "fourth", "last", "earnings", "firm", "half"});
        const PlausibleSubstitutions plausible(tok, ids, seed, seed, lexicon, judge::TrigramModel::english(), {});
        std::set<TokenIds> expected;
        const auto &lists = plausible.allowedAt(ids);
        for (size_t i = 0; i < lists.size(); ++i) {
            for (std::int64_t t : lists[i]) {
                TokenIds c = ids;
                c[i] = t;
                expected.insert(c);
            }
        }
        QVERIFY2(expected.size() >= 3, std::to_string(expected.size()).c_str());
        SearchSpace space;
        space.allowedTokens = torch::ones({tok.vocabSize()}, torch::kBool);
        space.editable.assign(ids.size(), true);
        space.plausible = &plausible;
        BeamMember a = seedMember(ids);
        FixedObjective all(tok.vocabSize());
        a.values = all.evaluate({ids}).front();
        Rng rng1(5);
        const StepResult r = beamSearchStep({a}, all, space, tok, StepSettings{8, 200, 64, 2, 2}, 1, rng1);
        QVERIFY(r.exhaustive);
        QCOMPARE(all.gradientCalls, 0);
        QCOMPARE(r.sampled, int(expected.size()));
        QCOMPARE(r.pool.size() + size_t(r.filtered), expected.size());
        for (const Candidate &c : r.pool)
            QVERIFY(expected.count(c.ids) == 1);

        FixedObjective sampled(tok.vocabSize());
        Rng rng2(5);
        const int n = int(expected.size()) - 1;
        const StepResult q = beamSearchStep({a}, sampled, space, tok, StepSettings{8, 200, n, 2, 2}, 1, rng2);
        QVERIFY(!q.exhaustive);
        QCOMPARE(sampled.gradientCalls, 1);
        QCOMPARE(q.sampled, n);
        for (const Candidate &c : q.pool)
            QVERIFY(expected.count(c.ids) == 1);
    }

    void step_takesGradientsInBoundedGroups_proposingWhatTheWholeBeamsGradientsWould()
    {
        // Issue 37: a step takes its members' gradients in groups of at most
        // StepSettings::gradientValuesAtOnce values (distinct members x L x |V|) and reduces each
        // group to shortlists before taking the next; a 50-member beam over XLM-R's vocabulary held
        // 1.5 GB of gradients at once. The proposals equal those of one call for the whole beam.
        class Recording : public FixedObjective {
        public:
            using FixedObjective::FixedObjective;
            std::vector<torch::Tensor> gradients(const std::vector<TokenIds> &sequences, std::vector<TermValues> *values) const override
            {
                std::int64_t n = 0;
                for (const TokenIds &ids : sequences)
                    n += std::int64_t(ids.size()) * vocabSize();
                callValues.push_back(n);
                return FixedObjective::gradients(sequences, values);
            }
            mutable std::vector<std::int64_t> callValues;
        };
        const auto &tok = *m_sentinel.tokenizer;
        const TokenIds seed = encode("The committee will publish its report on the new railway next week.");
        std::vector<BeamMember> beam;
        for (std::int64_t b = 0; b < 6; ++b) {
            BeamMember m = seedMember(seed);
            m.ids[2] = 10 + b;  // six distinct members of one length
            beam.push_back(m);
        }
        const std::int64_t perMember = std::int64_t(seed.size()) * tok.vocabSize();
        const auto run = [&](std::int64_t budget, std::vector<std::int64_t> *calls) {
            Recording objective(tok.vocabSize());
            for (BeamMember &m : beam)
                m.values = objective.evaluate({m.ids}).front();
            StepSettings settings{6, 40, 8, 0, 2};
            settings.gradientValuesAtOnce = budget;
            Rng rng(3);
            const StepResult r = beamSearchStep(beam, objective, allWords(seed), tok, settings, 1, rng);
            *calls = objective.callValues;
            std::vector<TokenIds> proposed;
            for (const Candidate &c : r.pool)
                proposed.push_back(c.ids);
            for (const Candidate &c : r.refused)
                proposed.push_back(c.ids);
            return proposed;
        };
        std::vector<std::int64_t> grouped, whole;
        const std::vector<TokenIds> inGroups = run(2 * perMember, &grouped);
        const std::vector<TokenIds> atOnce = run(std::int64_t{1} << 40, &whole);
        QCOMPARE(whole.size(), size_t(1));
        QCOMPARE(whole[0], 6 * perMember);
        QCOMPARE(grouped.size(), size_t(3));
        for (std::int64_t values : grouped)
            QVERIFY(values <= 2 * perMember);
        QVERIFY(!atOnce.empty());
        QVERIFY(inGroups == atOnce);
    }

    void step_sameSeed_sameBeam_differentSeed_differentBeam()
    {
        const auto &tok = *m_sentinel.tokenizer;
        const TokenIds ids = encode("The committee will publish its report on the new railway next week.");
        auto d = std::dynamic_pointer_cast<const nn::DifficultyScorer>(m_sentinel.scorer);
        auto c = std::dynamic_pointer_cast<const nn::AcceptabilityScorer>(m_cola.scorer);
        const auto run = [&](std::uint64_t seed) {
            DifficultyObjective objective(d, c, 20, 50);
            objective.beamChanged({ids});
            std::vector<BeamMember> beam{seedMember(ids)};
            Rng rng(seed);
            for (int t = 1; t <= 2; ++t) {
                beam = beamSearchStep(beam, objective, allWords(ids), tok, StepSettings{6, 40, 12, 2, 2}, t, rng).beam;
                std::vector<TokenIds> all;
                for (const auto &m : beam)
                    all.push_back(m.ids);
                objective.beamChanged(all);
            }
            std::vector<TokenIds> out;
            for (const auto &m : beam)
                out.push_back(m.ids);
            return out;
        };
        const auto first = run(42);
        QCOMPARE(first.size(), size_t(6));
        QCOMPARE(run(42), first);
        QVERIFY(run(43) != first);
    }

    void objective_composesTermsOnOneOneHotMatrix()
    {
        auto d = std::dynamic_pointer_cast<const nn::DifficultyScorer>(m_sentinel.scorer);
        auto c = std::dynamic_pointer_cast<const nn::AcceptabilityScorer>(m_cola.scorer);
        const TokenIds ids = encode("Fluent text is hard to write.");
        DifficultyObjective objective(d, c, 20, 0);
        TermValues v;
        const torch::Tensor g = objective.gradient(ids, &v);
        // L = D + 20 * (-log P(acceptable)), from the two scorers' own gradients
        const nn::ScoreGradient gd = d->scoreWithGradient(ids);
        const nn::ScoreGradient ga = c->scoreWithGradient(ids);
        QVERIFY(torch::allclose(g, gd.gradient - 20 * ga.gradient, 1e-4, 1e-5));
        QVERIFY(std::abs(v.loss - (gd.score - 20 * ga.score)) < 1e-4);
        const TermValues batch = objective.evaluate({ids}).front();
        QVERIFY(std::abs(batch.loss - v.loss) < 1e-4);
        QVERIFY(std::abs(batch.fluencyLoss + ga.score) < 1e-5);
        // the cohesion term is 0 for the beam-mean itself and positive elsewhere
        DifficultyObjective cohesive(d, c, 20, 50);
        cohesive.beamChanged({ids});
        QVERIFY(std::abs(cohesive.evaluate({ids}).front().cohesionLoss) < 1e-5);
        QVERIFY(cohesive.evaluate({encode("Something else entirely, quite different.")}).front().cohesionLoss > 1e-4);
    }

    void batchedGradients_equalPerMemberGradients()
    {
        // Issue 24: one forward and backward pass for the whole beam gives every member's own
        // gradient (h_mean held fixed), for mixed lengths and across chunk boundaries (a token
        // budget of 24 puts at most two of these sequences in a chunk).
        const QString dir = ato_test::modelsDir();
        nn::ModelFolderOptions o;
        o.settings.threads = 2;
        o.settings.maxBatchTokens = 24;
        o.requireTokenizer = true;
        const nn::LoadedModel sentinel = nn::loadModelFolder(dir + "/sentinel", o);
        const nn::LoadedModel cola = nn::loadModelFolder(dir + "/cola", o);
        auto d = std::dynamic_pointer_cast<const nn::DifficultyScorer>(sentinel.scorer);
        auto c = std::dynamic_pointer_cast<const nn::AcceptabilityScorer>(cola.scorer);
        std::vector<TokenIds> members{encode("Fluent text is hard to write."), encode("The committee will discuss it next week."),
                                      encode("Fluent text is hard to read."), encode("A short one."),
                                      encode("The committee may discuss it next month.")};
        QVERIFY(members[0].size() != members[1].size());
        DifficultyObjective objective(d, c, 20, 50);
        objective.beamChanged(members);
        const auto compare = [&](const Objective &o, const std::vector<TokenIds> &seqs) {
            std::vector<TermValues> batchValues;
            const std::vector<torch::Tensor> batched = o.gradients(seqs, &batchValues);
            QCOMPARE(batched.size(), seqs.size());
            for (size_t i = 0; i < seqs.size(); ++i) {
                TermValues v;
                const torch::Tensor single = o.gradient(seqs[i], &v);
                QCOMPARE(batched[i].sizes(), single.sizes());
                const double scale = single.abs().max().item<double>();
                QVERIFY2(scale > 0, "a zero gradient proves nothing");
                const double diff = (batched[i] - single).abs().max().item<double>();
                QVERIFY2(diff <= 1e-5 * scale + 1e-7, qPrintable(QStringLiteral("member %1: max |diff| %2 at scale %3").arg(i).arg(diff).arg(scale)));
                // the same terms, NaN where a term is not part of the objective
                const auto same = [](double a, double b) {
                    return (std::isnan(a) && std::isnan(b)) || std::abs(a - b) <= 1e-5 * std::max(1.0, std::abs(b));
                };
                QVERIFY(!std::isnan(v.loss));
                QVERIFY(same(batchValues[i].loss, v.loss));
                QVERIFY(same(batchValues[i].difficulty, v.difficulty));
                QVERIFY(same(batchValues[i].fluencyLoss, v.fluencyLoss));
                QVERIFY(same(batchValues[i].cohesionLoss, v.cohesionLoss));
                QVERIFY(same(batchValues[i].perplexity, v.perplexity));
            }
        };
        compare(objective, members);
        compare(DifficultyObjective(d, nullptr, 0, 0), members);

        const nn::LoadedModel lm = nn::loadModelFolder(dir + "/lm", o);
        const PerplexityObjective ppl(std::dynamic_pointer_cast<const nn::PerplexityScorer>(lm.scorer));
        std::vector<TokenIds> lmMembers;
        for (const char *text : {"That odd old man insulted Marta.", "That odd old man greeted Marta.", "Tomorrow it rains."}) {
            const std::vector<int> v = lm.tokenizer->encode(text);
            lmMembers.emplace_back(v.begin(), v.end());
        }
        compare(ppl, lmMembers);
    }

    void gradients_outOfMemory_retriedInHalvesWithTheSameValues()
    {
        // Issue 37: the beam's gradients, a step's largest tensors, are retried in halves when a
        // chunk runs out of memory (a device that holds one member's tokens at once here), as
        // scoring already was; the gradients and values equal those taken without the limit.
        const QString dir = ato_test::modelsDir();
        const auto load = [&](const QString &role, std::int64_t limit) {
            nn::ModelFolderOptions o;
            o.settings.threads = 2;
            o.settings.simulateOutOfMemoryAbove = limit;
            o.requireTokenizer = true;
            return nn::loadModelFolder(dir + "/" + role, o);
        };
        std::vector<TokenIds> members{encode("Fluent text is hard to write."), encode("Fluent text is hard to read."),
                                      encode("The committee will discuss it."), encode("The committee may discuss it.")};
        const auto gradientsOf = [&](std::int64_t limit, int *retries) {
            const nn::LoadedModel sentinel = load(QStringLiteral("sentinel"), limit), cola = load(QStringLiteral("cola"), limit);
            const auto d = std::dynamic_pointer_cast<const nn::DifficultyScorer>(sentinel.scorer);
            DifficultyObjective objective(d, std::dynamic_pointer_cast<const nn::AcceptabilityScorer>(cola.scorer), 20, 50);
            objective.beamChanged(members);
            std::vector<TermValues> values;
            std::vector<torch::Tensor> g = objective.gradients(members, &values);
            *retries = d->outOfMemoryRetries();
            return std::make_pair(g, values);
        };
        size_t longest = 0;
        for (const TokenIds &m : members)
            longest = std::max(longest, m.size());  // one member always fits, two never do
        int unlimitedRetries = 0, limitedRetries = 0;
        const auto [expected, expectedValues] = gradientsOf(0, &unlimitedRetries);
        const auto [limited, limitedValues] = gradientsOf(std::int64_t(longest), &limitedRetries);
        QCOMPARE(unlimitedRetries, 0);
        QVERIFY(limitedRetries > 0);
        QCOMPARE(limited.size(), expected.size());
        for (size_t i = 0; i < expected.size(); ++i) {
            const double scale = expected[i].abs().max().item<double>();
            QVERIFY(scale > 0);
            QVERIFY((limited[i] - expected[i]).abs().max().item<double>() <= 1e-5 * scale);
            QVERIFY(std::abs(limitedValues[i].loss - expectedValues[i].loss) <= 1e-5 * std::max(1.0, std::abs(expectedValues[i].loss)));
        }
    }

    void perplexityPool_reusesParentsAndMatchesPlainScoring()
    {
        nn::ModelFolderOptions o;
        o.settings.threads = 2;
        o.requireTokenizer = true;
        const nn::LoadedModel lm = nn::loadModelFolder(ato_test::modelsDir() + "/lm", o);
        PerplexityObjective objective(std::dynamic_pointer_cast<const nn::PerplexityScorer>(lm.scorer));
        const std::vector<int> v = lm.tokenizer->encode("That odd old man insulted Marta at the market today.");
        const TokenIds parent(v.begin(), v.end());
        // a fresh phase-2 beam: three copies of one parent, candidates spread over them
        const std::vector<TokenIds> parents{parent, parent, parent};
        std::vector<TokenIds> candidates;
        std::vector<int> parentOf;
        for (int k = 0; k < 9; ++k) {
            TokenIds c = parent;
            c[size_t(1 + k % (parent.size() - 1))] = 100 + k;
            candidates.push_back(c);
            parentOf.push_back(k % 3);
        }
        const auto pooled = objective.evaluatePool(parents, candidates, parentOf);
        const auto plain = objective.evaluate(candidates);
        for (size_t i = 0; i < candidates.size(); ++i) {
            QVERIFY2(std::abs(pooled[i].perplexity - plain[i].perplexity) <= 1e-4 * plain[i].perplexity,
                     qPrintable(QStringLiteral("%1 vs %2").arg(pooled[i].perplexity).arg(plain[i].perplexity)));
            QCOMPARE(pooled[i].loss, pooled[i].perplexity);
        }
        TermValues value;
        const torch::Tensor g = objective.gradient(parent, &value);
        QCOMPARE(g.size(0), std::int64_t(parent.size()));
        QVERIFY(std::abs(value.perplexity - objective.evaluate({parent}).front().perplexity) <= 1e-4 * value.perplexity);
    }

    void objective_differentTokenizers_isAClearError()
    {
        text::LoadOptions o;
        o.xlmrIds = true;
        const auto a = text::loadTokenizer(ato_test::spmModel(600), o);
        const auto b = text::loadTokenizer(ato_test::spmModel(400), o);
        try {
            requireSameTokenizer(*a, *b, "difficulty model", "acceptability model");
            QFAIL("no error for different tokenizers");
        } catch (const AtoError &e) {
            QVERIFY2(std::string(e.what()).find("different tokenizers") != std::string::npos, e.what());
        }
        requireSameTokenizer(*a, *text::loadTokenizer(ato_test::spmModel(600), o), "a", "b");  // same: no error
    }

    void singleTokenWords_onlyWholeWordsAreEditable()
    {
        const auto &tok = *m_sentinel.tokenizer;
        const TokenIds ids = encode("The delegation arrived, and the ministers met.");
        const std::vector<bool> editable = singleTokenWordPositions(tok, ids);
        for (size_t i = 0; i < ids.size(); ++i) {
            if (!editable[i])
                continue;
            QVERIFY(tok.isWordStart(int(ids[i])));
            size_t j = i + 1;
            while (j < ids.size() && tok.isPunctuation(int(ids[j])))
                ++j;
            QVERIFY(j == ids.size() || tok.isSpecial(int(ids[j])) || tok.isWordStart(int(ids[j])));
        }
        QVERIFY(editable[1]);  // "▁The" is one token in any English model
        QVERIFY(!editable[0]);

        // A character the vocabulary lacks (U+A66E) inside a word: the word's first piece is
        // followed by <unk>, which continues the word, so that piece is not a whole word.
        const TokenIds unk = encode("The ministers met the\xea\x99\xae today.");
        const std::vector<bool> e2 = singleTokenWordPositions(tok, unk);
        size_t at = 0;
        while (at < unk.size() && !(tok.isSpecial(int(unk[at])) && at > 0 && at + 1 < unk.size()))
            ++at;
        QVERIFY2(at + 1 < unk.size(), "the seed holds no <unk> inside the text");
        QVERIFY(tok.isWordStart(int(unk[at - 1])));  // the piece before <unk> starts the word
        QVERIFY(!e2[at - 1]);
        QVERIFY(e2[1]);  // "▁The"
    }
};

GAUNTLET_TEST_MAIN(TestBeamStep)
#include "tst_beam_step.moc"
