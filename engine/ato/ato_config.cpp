#include "engine/ato/ato_config.h"

#include <algorithm>

#include "engine/ato/ato_error.h"
#include "engine/core/enum_names.h"

#include <nlohmann/json.hpp>

namespace gauntlet::ato {

const core::EnumName<Method> MethodNames[] = {{Method::Direct, "direct"}, {Method::TwoPhase, "two-phase"},
                                              {Method::RandomWords, "random-words"}, {Method::RandomSubwords, "random-subwords"}};

std::string methodName(Method method)
{
    return core::enumName(MethodNames, method, "direct");
}

Method parseMethod(const std::string &name)
{
    return core::enumFromNameOrThrow(MethodNames, name, [&] {
        return AtoError("unknown method '" + name + "' (expected direct, two-phase, random-words or random-subwords)");
    });
}

std::uint64_t seedStream(std::uint64_t runSeed, const std::string &seedText)
{
    std::uint64_t hash = 14695981039346656037ull;  // FNV-1a 64
    for (const unsigned char c : seedText) {
        hash ^= c;
        hash *= 1099511628211ull;
    }
    std::uint64_t z = runSeed ^ hash;  // SplitMix64's output function, twice
    for (int round = 0; round < 2; ++round) {
        z += 0x9e3779b97f4a7c15ull;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        z ^= z >> 31;
    }
    return z;
}

int plannedSteps(const AtoConfig &config)
{
    switch (config.method) {
    case Method::Direct:
        return config.steps;
    case Method::TwoPhase:
        return config.steps + config.phase2Steps;
    default:
        return 1;
    }
}

std::string guardsLabel(const GuardSettings &config)
{
    std::string guards;
    const auto add = [&](bool on, const char *name) {
        if (on)
            guards += (guards.empty() ? "" : "+") + std::string(name);
    };
    add(config.grammarGuard, "grammar");
    add(config.vocabularyGuard, "vocabulary");
    add(config.wordRelations, "relatives");
    add(config.wordRelations && config.wordEmbeddingDistance, "vectors");
    add(config.trigramContext, "trigram");
    return guards.empty() ? "off" : guards;
}

std::string settingsLabel(const AtoConfig &config)
{
    const auto number = [](double v) {
        std::string s = std::to_string(v);
        s.erase(s.find_last_not_of('0') + 1);
        if (!s.empty() && s.back() == '.')
            s.pop_back();
        return s;
    };
    std::string label;
    if (config.method == Method::Direct || config.method == Method::TwoPhase) {
        label = "B=" + std::to_string(config.beamWidth) + " K=" + std::to_string(config.shortlistSize) + " N="
                + std::to_string(config.candidatesPerMember) + " R=" + std::to_string(config.randomInjections) + " T=" + std::to_string(config.steps);
        if (config.method == Method::TwoPhase)
            label += " T2=" + std::to_string(config.phase2Steps);
        label += " lf=" + number(config.lambdaFluency) + " lc=" + number(config.lambdaCohesion);
    } else {
        label = "replacements=" + std::to_string(config.randomReplacements);
    }
    label += " guards=" + guardsLabel(config) + " seed=" + std::to_string(config.seed);
    if (!config.mtTermSystem.empty())
        label += " mt=" + config.mtTermSystem + "@" + config.mtTermWhere + "/" + std::to_string(mtTermPoolSize(config));
    return label;
}

bool loadsSameModels(const AtoConfig &a, const AtoConfig &b)
{
    return static_cast<const ModelFiles &>(a) == static_cast<const ModelFiles &>(b)
           && static_cast<const Placement &>(a) == static_cast<const Placement &>(b) && a.loadedFields() == b.loadedFields();
}

int mtTermPoolSize(const AtoConfig &config)
{
    const int survivors = config.beamWidth - config.randomInjections;
    return config.mtTermPool > 0 ? std::max(config.mtTermPool, survivors) : 2 * survivors;
}

std::string methodLabel(const AtoConfig &config)
{
    const std::string name = methodName(config.method);
    return config.method == Method::RandomWords && config.randomWordBucket != "all" ? name + "-" + config.randomWordBucket : name;
}

void AtoConfig::validate() const
{
    auto positive = [](int value, const char *name) {
        if (value <= 0)
            throw AtoError(std::string("config: ") + name + " must be positive, got " + std::to_string(value));
    };
    positive(beamWidth, "beam width B");
    positive(shortlistSize, "shortlist size K");
    positive(candidatesPerMember, "candidates per member N");
    if (randomInjections < 0 || randomInjections >= beamWidth)
        throw AtoError("config: random injections R must be in [0, B), got R=" + std::to_string(randomInjections)
                       + " B=" + std::to_string(beamWidth));
    if (steps < 0 || phase2Steps < 0)
        throw AtoError("config: steps must not be negative");
    if (frozenIterations < 0)
        throw AtoError("config: frozen iterations must not be negative");
    if (!(lambdaFluency >= 0) || !(lambdaCohesion >= 0))
        throw AtoError("config: lambda_f and lambda_c must be non-negative numbers");
    if (randomReplacements <= 0)
        throw AtoError("config: random replacements must be positive");
    if (!(grammarCostSlack >= 0))
        throw AtoError("config: the grammar guard's cost slack must be a non-negative number");
    if (!(trigramMaxWindowDrop >= 0))
        throw AtoError("the trigram window drop must be >= 0");
    if (!(maxChangedShare >= 0 && maxChangedShare <= 1))
        throw AtoError("the share of changed words must be in [0, 1]");
    if (!(trigramMaxSentenceDrop >= 0))
        throw AtoError("the trigram sentence drop must be >= 0");
    if (!(guardMinZipf >= 0))
        throw AtoError("config: the vocabulary guard's Zipf floor must be a non-negative number");
    if (maxBatchTokens <= 0)
        throw AtoError("config: max batch tokens must be positive");
    if (randomWordBucket != "all" && randomWordBucket != "common" && randomWordBucket != "rare")
        throw AtoError("config: random word bucket must be all, common or rare, got '" + randomWordBucket + "'");
    if (randomWordBucket != "all" && method != Method::RandomWords)
        throw AtoError("config: a common/rare word bucket applies to the random-words baseline only");
    if (randomWordBucket != "all" && wordFrequencies.empty())
        throw AtoError("config: the " + randomWordBucket + "-word baseline needs a word frequency table (word_frequencies.tsv)");
    if (mtTermWhere != "output" && mtTermWhere != "beam")
        throw AtoError("config: the MT term acts on the output or the beam, not '" + mtTermWhere + "'");
    if (mtTermPool < 0 || mtTermBudget < 0)
        throw AtoError("config: the MT term's pool and request budget must not be negative");
    if (!mtTermSystem.empty() && method != Method::Direct && method != Method::TwoPhase)
        throw AtoError("config: the MT term ranks what a search's objective selects; the " + methodName(method)
                       + " baseline has no objective (use it with direct or two-phase)");
}

nlohmann::json toJson(const AtoConfig &c)
{
    return nlohmann::json{{"method", methodName(c.method)},
                          {"beam_width", c.beamWidth},
                          {"shortlist_size", c.shortlistSize},
                          {"candidates_per_member", c.candidatesPerMember},
                          {"random_injections", c.randomInjections},
                          {"steps", c.steps},
                          {"frozen_iterations", c.frozenIterations},
                          {"lambda_fluency", c.lambdaFluency},
                          {"lambda_cohesion", c.lambdaCohesion},
                          {"phase2_steps", c.phase2Steps},
                          {"random_replacements", c.randomReplacements},
                          {"random_word_bucket", c.randomWordBucket},
                          {"seed", c.seed},
                          {"device", c.device},
                          {"dtype", c.dtype},
                          {"threads", c.threads},
                          {"max_batch_tokens", c.maxBatchTokens},
                          {"difficulty_model", c.difficultyModel},
                          {"acceptability_model", c.acceptabilityModel},
                          {"language_model", c.languageModel},
                          {"encoder_folder", c.encoderFolder},
                          {"word_list", c.wordList},
                          {"vocabulary_cache", c.vocabularyCache},
                          {"word_frequencies", c.wordFrequencies},
                          {"grammar_guard", c.grammarGuard},
                          {"grammar_cost_slack", c.grammarCostSlack},
                          {"grammar_keeps_part_of_speech", c.grammarKeepsPartOfSpeech},
                          {"vocabulary_guard", c.vocabularyGuard},
                          {"guard_frequencies", c.guardFrequencies},
                          {"guard_min_zipf", c.guardMinZipf},
                          {"word_relations", c.wordRelations},
                          {"trigram_context", c.trigramContext},
                          {"trigram_max_window_drop", c.trigramMaxWindowDrop},
                          {"trigram_max_sentence_drop", c.trigramMaxSentenceDrop},
                          {"max_changed_share", c.maxChangedShare},
                          {"word_embedding_distance", c.wordEmbeddingDistance},
                          {"word_vectors", c.wordVectors},
                          {"min_word_similarity", c.minWordSimilarity},
                          {"max_context_loss", c.maxContextLoss},
                          {"sense_by_context", c.senseByContext},
                          {"mt_term_system", c.mtTermSystem},
                          {"mt_term_where", c.mtTermWhere},
                          {"mt_term_pool", c.mtTermPool},
                          {"mt_term_budget", c.mtTermBudget},
                          {"mt_term_target_language", c.mtTermTargetLanguage}};
}

namespace {
template <typename T>
void read(const nlohmann::json &j, const char *key, T &field)
{
    const auto it = j.find(key);
    if (it == j.end())
        return;
    try {
        field = it->get<T>();
    } catch (const nlohmann::json::exception &) {
        throw AtoError(std::string("config JSON: field '") + key + "' has the wrong type (" + it->type_name() + ")");
    }
}
}  // namespace

AtoConfig configFromJson(const nlohmann::json &j)
{
    if (!j.is_object())
        throw AtoError("config JSON: expected an object");
    AtoConfig c;
    std::string method = methodName(c.method);
    read(j, "method", method);
    c.method = parseMethod(method);
    read(j, "beam_width", c.beamWidth);
    read(j, "shortlist_size", c.shortlistSize);
    read(j, "candidates_per_member", c.candidatesPerMember);
    read(j, "random_injections", c.randomInjections);
    read(j, "steps", c.steps);
    read(j, "frozen_iterations", c.frozenIterations);
    read(j, "lambda_fluency", c.lambdaFluency);
    read(j, "lambda_cohesion", c.lambdaCohesion);
    read(j, "phase2_steps", c.phase2Steps);
    read(j, "random_replacements", c.randomReplacements);
    read(j, "random_word_bucket", c.randomWordBucket);
    read(j, "seed", c.seed);
    read(j, "device", c.device);
    read(j, "dtype", c.dtype);
    read(j, "threads", c.threads);
    read(j, "max_batch_tokens", c.maxBatchTokens);
    read(j, "difficulty_model", c.difficultyModel);
    read(j, "acceptability_model", c.acceptabilityModel);
    read(j, "language_model", c.languageModel);
    read(j, "encoder_folder", c.encoderFolder);
    read(j, "word_list", c.wordList);
    read(j, "vocabulary_cache", c.vocabularyCache);
    read(j, "word_frequencies", c.wordFrequencies);
    read(j, "grammar_guard", c.grammarGuard);
    read(j, "grammar_cost_slack", c.grammarCostSlack);
    read(j, "grammar_keeps_part_of_speech", c.grammarKeepsPartOfSpeech);
    read(j, "vocabulary_guard", c.vocabularyGuard);
    read(j, "guard_frequencies", c.guardFrequencies);
    read(j, "guard_min_zipf", c.guardMinZipf);
    read(j, "word_relations", c.wordRelations);
    read(j, "trigram_context", c.trigramContext);
    read(j, "trigram_max_window_drop", c.trigramMaxWindowDrop);
    read(j, "trigram_max_sentence_drop", c.trigramMaxSentenceDrop);
    read(j, "max_changed_share", c.maxChangedShare);
    read(j, "word_embedding_distance", c.wordEmbeddingDistance);
    read(j, "word_vectors", c.wordVectors);
    read(j, "min_word_similarity", c.minWordSimilarity);
    read(j, "max_context_loss", c.maxContextLoss);
    read(j, "sense_by_context", c.senseByContext);
    read(j, "mt_term_system", c.mtTermSystem);
    read(j, "mt_term_where", c.mtTermWhere);
    read(j, "mt_term_pool", c.mtTermPool);
    read(j, "mt_term_budget", c.mtTermBudget);
    read(j, "mt_term_target_language", c.mtTermTargetLanguage);
    return c;
}

}  // namespace gauntlet::ato
