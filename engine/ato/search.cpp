#include "engine/ato/search.h"

#include "engine/ato/ato_error.h"
#include "engine/ato/model_pack.h"
#include "engine/ato/word_frequency.h"
#include "engine/judge/judge_error.h"
#include "engine/nn/model_folder.h"
#include "engine/text/vocabularies.h"

#include <torch/torch.h>

#include <QString>

#include <algorithm>
#include <thread>
#include <deque>
#include <string_view>
#include <unordered_set>
#include <chrono>
#include <cstdio>
#include <cmath>
#include <unordered_map>

namespace gauntlet::ato {

namespace {

nn::ScorerSettings scorerSettings(const AtoConfig &config)
{
    nn::ScorerSettings s;
    try {
        s.device = torch::Device(config.device);
    } catch (const std::exception &) {
        throw AtoError("unknown device '" + config.device + "' (expected cpu, cuda or cuda:N)");
    }
    if (config.dtype == "float32")
        s.dtype = torch::kFloat32;
    else if (config.dtype == "float64")
        s.dtype = torch::kFloat64;
    else if (config.dtype == "bfloat16")
        s.dtype = torch::kBFloat16;
    else
        throw AtoError("unknown dtype '" + config.dtype + "' (expected float32, float64 or bfloat16)");
    s.threads = config.threads;
    s.maxBatchTokens = config.maxBatchTokens;
    return s;
}

bool asciiLetters(const std::string &s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); });
}

std::vector<int> sortedUnique(std::vector<int> v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    return v;
}

double since(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

/// Indices of `values` that are not NaN, by ascending value (ties by index).
std::vector<size_t> ascending(const std::vector<double> &values)
{
    std::vector<size_t> order;
    for (size_t i = 0; i < values.size(); ++i) {
        if (!std::isnan(values[i]))
            order.push_back(i);
    }
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return values[a] < values[b]; });
    return order;
}

/// The first `n` of `order` whose texts the guard accepts, in order. The grammar guard parses at
/// most `parseBudget` texts it has not seen; texts past the budget count only if already accepted
/// (a beam member of some step).
template <typename TextOf>
std::vector<size_t> acceptedPrefix(const std::vector<size_t> &order, const CandidateGuard &guard, TextOf textOf, int parseBudget, size_t n)
{
    std::vector<size_t> out;
    const int start = guard.parses();
    for (size_t i : order) {
        if (out.size() >= n)
            break;
        const std::string &text = textOf(i);
        if (!guard.vocabularyPasses(text) || !guard.contextPasses(text))
            continue;
        if (guard.grammarPasses(text, guard.parses() - start < parseBudget))
            out.push_back(i);
    }
    return out;
}

/// The first of `order` whose text the guard accepts (acceptedPrefix with n = 1); nullopt when none passes.
template <typename TextOf>
std::optional<size_t> firstAccepted(const std::vector<size_t> &order, const CandidateGuard &guard, TextOf textOf, int parseBudget)
{
    const std::vector<size_t> first = acceptedPrefix(order, guard, textOf, parseBudget, 1);
    return first.empty() ? std::nullopt : std::optional<size_t>(first.front());
}

void loadGuards(const AtoConfig &config, AtoModels &models)
{
    const text::Tokenizer &tok = *models.encoderTokenizer;
    if (config.vocabularyGuard) {
        const std::string table =
            config.guardFrequencies.empty() ? defaultModelPack().guardFrequencies.toStdString() : config.guardFrequencies;
        std::shared_ptr<const judge::VocabularyGuard> guard;
        try {
            guard = loadVocabularyGuard(table, config.guardMinZipf);
        } catch (const AtoError &e) {
            throw AtoError(std::string(e.what()) + "; or turn the guard off (--no-vocabulary-guard)");
        }
        const auto keepAllowed = [&](std::vector<int> &ids) {
            ids.erase(std::remove_if(ids.begin(), ids.end(), [&](int id) { return !guard->allows(withoutWordStartMarker(tok.pieceText(id))); }),
                      ids.end());
        };
        const size_t before = models.wholeWords.size();
        keepAllowed(models.wholeWords);
        keepAllowed(models.commonWords);
        keepAllowed(models.rareWords);
        if (models.wholeWords.empty())
            throw AtoError("the vocabulary guard (" + table + ") leaves no whole word of the tokenizer");
        models.vocabularyGuard = guard;
        models.description["vocabulary_guard"] = {{"table", table},
                                                  {"min_zipf", config.guardMinZipf},
                                                  {"allowed_words", guard->size()},
                                                  {"whole_words_before", before},
                                                  {"whole_words_after", models.wholeWords.size()}};
    }
    if (config.grammarGuard) {
        try {
            models.grammar = judge::GrammarJudge::english();
        } catch (const judge::JudgeError &e) {
            throw AtoError(std::string("the grammar guard needs link-grammar: ") + e.what() + "; or turn the guard off (--no-grammar-guard)");
        }
        models.description["grammar_guard"] = "link-grammar (English): at most the seed's null links";
    }
    if (config.wordRelations || config.trigramContext) {
        try {
            models.trigram = judge::TrigramModel::english();
        } catch (const judge::JudgeError &e) {
            throw AtoError(std::string("the plausibility restrictions need CMU's trigram model: ") + e.what()
                           + "; or turn them off (--no-word-relations --no-trigram-context)");
        }
        // The pool is the vocabulary guard's words, whether or not the guard itself is on.
        const std::shared_ptr<const judge::VocabularyGuard> poolGuard =
            models.vocabularyGuard ? models.vocabularyGuard : loadVocabularyGuard(config.guardFrequencies, config.guardMinZipf);
        std::vector<std::string> pool;
        for (const std::string &w : poolGuard->allowedWords())
            if (models.trigram->knows(w))
                pool.push_back(w);
        try {
            models.lexicon = std::make_shared<const judge::SubstituteLexicon>(pool);
        } catch (const judge::JudgeError &e) {
            throw AtoError(std::string("the word relatives need WordNet: ") + e.what() + "; or turn them off (--no-word-relations)");
        }
        if (config.wordRelations && !models.grammar) {
            try {  // the seed's parts of speech (PlausibleSubstitutions::Knowledge::grammar)
                models.grammar = judge::GrammarJudge::english();
            } catch (const judge::JudgeError &e) {
                throw AtoError(std::string("the word relatives need link-grammar: ") + e.what() + "; or turn them off (--no-word-relations)");
            }
        }
        if (config.wordEmbeddingDistance) {
            const std::string path = config.wordVectors.empty() ? defaultModelPack().wordVectors.toStdString() : config.wordVectors;
            if (path.empty())
                throw AtoError("the word-embedding distance needs word vectors (the default pack's word_vectors.vec was not found); "
                               "or turn it off (--no-word-vectors)");
            try {
                models.wordVectors = std::make_shared<const judge::WordVectors>(path);
                models.pronunciations = judge::Pronunciations::english();
            } catch (const judge::JudgeError &e) {
                throw AtoError(std::string(e.what()) + "; or turn the word-embedding distance off (--no-word-vectors)");
            }
            models.description["word_vectors"] = {{"file", path}, {"words", models.wordVectors->size()},
                                                  {"dimension", models.wordVectors->dimension()}};
        }
        models.description["plausibility"] = {{"trigram_model", judge::TrigramModel::defaultPath()},
                                              {"trigram_words", models.trigram->size()},
                                              {"word_relations", config.wordRelations ? "WordNet (" + judge::SubstituteLexicon::defaultDir() + ")" : "off"},
                                              {"pool_words", pool.size()},
                                              {"pool_words_in_wordnet", models.lexicon->poolSize()}};
    }
}

}  // namespace

std::shared_ptr<AtoModels> loadModels(const AtoConfig &config)
{
    config.validate();
    auto models = std::make_shared<AtoModels>();
    nn::ModelFolderOptions options;
    options.settings = scorerSettings(config);
    options.requireTokenizer = true;
    options.encoderFolder = QString::fromStdString(config.encoderFolder);
    if (config.difficultyModel.empty())
        throw AtoError("no difficulty model given (a Sentinel-src folder)");
    options.kind = nn::ScoreKind::Difficulty;
    // Each folder is described once (its config and tokenizer files read once) and its weights
    // read once; the search vocabularies reuse the difficulty model's tokenizer (issue 36 item 1).
    const nn::ModelFolder difficultyFolder = nn::describeModelFolder(QString::fromStdString(config.difficultyModel), options.encoderFolder);
    nn::LoadedModel d = nn::loadModelFolder(difficultyFolder, options);
    models->difficulty = std::dynamic_pointer_cast<const nn::DifficultyScorer>(d.scorer);
    models->encoderTokenizer = d.tokenizer;
    models->description["difficulty"] = {{"folder", config.difficultyModel}, {"description", d.description}};
    if (!config.acceptabilityModel.empty()) {
        options.kind = nn::ScoreKind::Acceptability;
        nn::LoadedModel a = nn::loadModelFolder(QString::fromStdString(config.acceptabilityModel), options);
        requireSameTokenizer(*d.tokenizer, *a.tokenizer, "difficulty model (" + config.difficultyModel + ")",
                             "acceptability model (" + config.acceptabilityModel + ")");
        models->acceptability = std::dynamic_pointer_cast<const nn::AcceptabilityScorer>(a.scorer);
        models->description["acceptability"] = {{"folder", config.acceptabilityModel}, {"description", a.description}};
    }
    if (!config.languageModel.empty()) {
        nn::ModelFolderOptions lmOptions = options;
        lmOptions.kind = nn::ScoreKind::Perplexity;
        lmOptions.encoderFolder.clear();
        nn::LoadedModel lm = nn::loadModelFolder(QString::fromStdString(config.languageModel), lmOptions);
        models->languageModel = std::dynamic_pointer_cast<const nn::PerplexityScorer>(lm.scorer);
        models->lmTokenizer = lm.tokenizer;
        models->lmAscii = text::asciiVocabulary(*lm.tokenizer);
        models->description["language_model"] = {{"folder", config.languageModel}, {"description", lm.description}};
    } else if (config.method == Method::Direct || config.method == Method::TwoPhase) {
        throw AtoError("method " + methodName(config.method) + " needs a language model (a Qwen2 folder) for perplexity");
    }
    if (!models->difficulty || (!config.acceptabilityModel.empty() && !models->acceptability))
        throw AtoError("the model folders do not hold the scorers their roles need");

    const text::Tokenizer &tok = *models->encoderTokenizer;
    if (!config.wordList.empty()) {
        text::LoadOptions lo;
        lo.xlmrIds = true;
        const text::SearchVocabularies v = text::loadOrBuildVocabularies(tok, difficultyFolder.tokenizer->digest(), lo,
                                                                         QString::fromStdString(config.wordList),
                                                                         QString::fromStdString(config.vocabularyCache));
        models->wholeWords = v.wholeWords;
        models->subwords = v.subwords;
        models->description["word_list"] = config.wordList;
    } else {
        for (int id = 0; id < tok.vocabSize(); ++id) {
            if (tok.isSpecial(id) || tok.isAddedToken(id))
                continue;
            const std::string piece = withoutWordStartMarker(tok.pieceText(id));
            if (!asciiLetters(piece))
                continue;
            models->subwords.push_back(id);
            if (tok.isWordStart(id))
                models->wholeWords.push_back(id);
        }
        models->description["word_list"] = "(none: ASCII-letter pieces of the tokenizer)";
    }
    models->wholeWords = sortedUnique(models->wholeWords);
    models->subwords = sortedUnique(models->subwords);
    if (models->wholeWords.empty() || models->subwords.empty())
        throw AtoError("the search vocabulary is empty (check the word list and the tokenizer)");
    if (!config.wordFrequencies.empty()) {
        const WordBuckets buckets = splitByZipf(tok, models->wholeWords, readWordFrequencies(QString::fromStdString(config.wordFrequencies)));
        models->commonWords = buckets.common;
        models->rareWords = buckets.rare;
        models->description["word_frequencies"] = {{"file", config.wordFrequencies},
                                                   {"median_zipf", buckets.median},
                                                   {"common_words", buckets.common.size()},
                                                   {"rare_words", buckets.rare.size()}};
    }
    loadGuards(config, *models);
    return models;
}

std::vector<bool> singleTokenWordPositions(const text::Tokenizer &tokenizer, const TokenIds &ids)
{
    std::vector<bool> editable(ids.size(), false);
    for (size_t i = 0; i < ids.size(); ++i) {
        const int id = int(ids[i]);
        if (tokenizer.isSpecial(id) || !tokenizer.isWordStart(id) || tokenizer.isPunctuation(id))
            continue;
        size_t j = i + 1;
        while (j < ids.size() && tokenizer.isPunctuation(int(ids[j])))
            ++j;
        // Only the closing specials (</s>) end a word: a special inside the text is an <unk>
        // standing for characters of the same word ("▁Erdo" <unk> "an" for "Erdoğan").
        bool closing = true;
        for (size_t k = j; k < ids.size() && closing; ++k)
            closing = tokenizer.isSpecial(int(ids[k]));
        editable[i] = closing || tokenizer.isWordStart(int(ids[j]));
    }
    return editable;
}

AtoRunner::AtoRunner(AtoConfig config, std::shared_ptr<const AtoModels> models) : m_config(std::move(config)), m_models(std::move(models))
{
    m_config.validate();
    if (!m_models || !m_models->difficulty || !m_models->encoderTokenizer)
        throw AtoError("an ATO run needs a difficulty model with its tokenizer");
    if ((m_config.method == Method::Direct || m_config.method == Method::TwoPhase) && !m_models->languageModel)
        throw AtoError("method " + methodName(m_config.method) + " needs a language model");
    if ((m_config.vocabularyGuard && !m_models->vocabularyGuard) || (m_config.grammarGuard && !m_models->grammar)
        || ((m_config.wordRelations || m_config.trigramContext) && (!m_models->trigram || !m_models->lexicon)))
        throw AtoError("the config turns a guard on that the models were loaded without (load them with the same config)");
}

std::function<std::vector<size_t>(const std::vector<std::string> &)> AtoRunner::mtRankHook()
{
    if (m_config.mtTermSystem.empty() || m_config.mtTermWhere != "beam")
        return {};
    return [this](const std::vector<std::string> &texts) {
        const MtTermCost before{m_mtTerm->cost().texts, m_mtTerm->cost().requests, m_mtTerm->cost().ms};
        const std::vector<size_t> order = judge::mtBadnessOrder(m_mtTerm->measure(texts));
        m_stepMtCost.texts += m_mtTerm->cost().texts - before.texts;
        m_stepMtCost.requests += m_mtTerm->cost().requests - before.requests;
        m_stepMtCost.ms += m_mtTerm->cost().ms - before.ms;
        return order;
    };
}

size_t AtoRunner::mtTermChoice(const std::vector<std::string> &texts, RunResult &result)
{
    const judge::MtSignalCost before = m_mtTerm->cost();
    const std::vector<judge::MtSignal> signals = m_mtTerm->measure(texts);
    const size_t chosen = judge::mtBadnessOrder(signals).front();
    result.mtTerm.texts += m_mtTerm->cost().texts - before.texts;
    result.mtTerm.requests += m_mtTerm->cost().requests - before.requests;
    result.mtTerm.ms += m_mtTerm->cost().ms - before.ms;
    result.mtTermUnknownWords = signals[chosen].unknownWords;
    result.mtTermRoundTripChrf = signals[chosen].roundTripChrf;
    result.selectedBy += ", then the worst-handled of " + std::to_string(texts.size()) + " by " + m_mtTerm->describe();
    char cost[160];
    std::snprintf(cost, sizeof cost, "MT term (%s, output): %d texts measured, %d requests, %.0f ms", m_mtTerm->describe().c_str(),
                  result.mtTerm.texts, result.mtTerm.requests, result.mtTerm.ms);
    result.notes.push_back(cost);
    return chosen;
}

CandidateGuard AtoRunner::guardFor(const std::string &seedText) const
{
    CandidateGuard guard(seedText, m_config.vocabularyGuard ? m_models->vocabularyGuard : nullptr,
                         m_config.grammarGuard ? m_models->grammar : nullptr, m_config.grammarCostSlack, m_config.grammarKeepsPartOfSpeech,
                         m_config.threads > 0 ? m_config.threads : int(std::max(1u, std::thread::hardware_concurrency())));
    if (m_config.trigramContext)
        guard.setContext(m_models->trigram, m_config.trigramMaxSentenceDrop);
    return guard;
}

std::unique_ptr<PlausibleSubstitutions> plausibleSubstitutions(const AtoConfig &config, const AtoModels &models,
                                                                const text::Tokenizer &tokenizer, const TokenIds &phaseIds,
                                                                const std::string &phaseText, const std::string &seedText)
{
    if (!config.wordRelations && !config.trigramContext)
        return nullptr;
    if (!models.lexicon || !models.trigram)
        throw AtoError("the config restricts proposals but the models were loaded without their knowledge (load them with the same config)");
    PlausibleSubstitutions::Settings s;
    s.relatives = config.wordRelations;
    s.context = config.trigramContext;
    s.maxWindowDrop = config.trigramMaxWindowDrop;
    s.maxChangedShare = config.maxChangedShare;
    s.minWordSimilarity = config.minWordSimilarity;
    s.maxContextLoss = config.maxContextLoss;
    s.senseByContext = config.senseByContext;
    PlausibleSubstitutions::Knowledge k;
    k.vectors = models.wordVectors.get();
    k.pronunciations = models.pronunciations.get();
    k.grammar = models.grammar.get();
    return std::make_unique<PlausibleSubstitutions>(tokenizer, phaseIds, phaseText, seedText, *models.lexicon, models.trigram, s, k);
}

std::unique_ptr<PlausibleSubstitutions> AtoRunner::plausibleFor(const text::Tokenizer &tokenizer, const TokenIds &phaseIds,
                                                                const std::string &phaseText, const std::string &seedText) const
{
    return plausibleSubstitutions(m_config, *m_models, tokenizer, phaseIds, phaseText, seedText);
}

std::vector<double> AtoRunner::difficulties(const std::vector<std::string> &texts, const DifficultyObjective &objective) const
{
    const text::Tokenizer &tok = *m_models->encoderTokenizer;
    std::vector<double> out(texts.size(), TermValues::unknown);
    std::vector<TokenIds> batch;
    std::vector<size_t> where;
    for (size_t i = 0; i < texts.size(); ++i) {
        const std::vector<int> full = tok.withSequenceSpecials(tok.encode(texts[i]));
        if (full.size() <= 2 || std::int64_t(full.size()) > m_models->difficulty->maxTokens())
            continue;
        batch.emplace_back(full.begin(), full.end());
        where.push_back(i);
    }
    const size_t chunk = 256;
    for (size_t start = 0; start < batch.size(); start += chunk) {
        const std::vector<TokenIds> part(batch.begin() + std::ptrdiff_t(start), batch.begin() + std::ptrdiff_t(std::min(batch.size(), start + chunk)));
        const std::vector<TermValues> values = objective.evaluate(part);
        for (size_t k = 0; k < values.size(); ++k)
            out[where[start + k]] = values[k].difficulty;
    }
    return out;
}

std::vector<size_t> AtoRunner::plausibleOrder(const std::vector<std::string> &texts, const std::vector<double> &perplexity,
                                              const std::vector<double> &difficulty, double seedDifficulty) const
{
    std::vector<size_t> harder;
    std::vector<double> trigram(texts.size(), 0.0);
    for (size_t i = 0; i < texts.size(); ++i) {
        if (!(difficulty[i] < seedDifficulty))
            continue;
        harder.push_back(i);
        trigram[i] = m_models->trigram->textLogProb(texts[i]);
    }
    // Ranks 0.. among the harder candidates (ties share the lower rank); unknown perplexity last.
    const auto ranks = [&](const auto &better) {
        std::vector<size_t> order = harder;
        std::stable_sort(order.begin(), order.end(), better);
        std::unordered_map<size_t, double> rank;
        for (size_t r = 0; r < order.size(); ++r)
            rank[order[r]] = (r > 0 && !better(order[r - 1], order[r])) ? rank[order[r - 1]] : double(r);
        return rank;
    };
    const auto byTrigram = ranks([&](size_t a, size_t b) { return trigram[a] > trigram[b]; });
    const auto pplKey = [&](size_t i) { return std::isnan(perplexity[i]) ? std::numeric_limits<double>::infinity() : perplexity[i]; };
    const auto byPerplexity = ranks([&](size_t a, size_t b) { return pplKey(a) < pplKey(b); });
    const auto byDifficulty = ranks([&](size_t a, size_t b) { return difficulty[a] < difficulty[b]; });
    std::vector<size_t> order = harder;
    const auto score = [&](size_t i) { return byTrigram.at(i) + byPerplexity.at(i) + byDifficulty.at(i); };
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        const double ra = score(a), rb = score(b);
        return ra != rb ? ra < rb : trigram[a] > trigram[b];
    });
    return order;
}

namespace {

/// Throws AtoError when `ids` are longer than `scorer`'s position limit (its own maxTokens()).
void checkSeedFits(const TokenIds &ids, const nn::Scorer &scorer, const char *role)
{
    if (std::int64_t(ids.size()) > scorer.maxTokens())
        throw AtoError(std::string("the seed text has ") + std::to_string(ids.size()) + " tokens for the " + role + ", more than its limit of "
                       + std::to_string(scorer.maxTokens()));
}

}  // namespace

TokenIds AtoRunner::encodeSeed(const text::Tokenizer &tokenizer, const nn::Scorer &scorer, const std::string &text, const char *role) const
{
    const std::vector<int> inner = tokenizer.encode(text);
    if (inner.empty())
        throw AtoError(std::string("the seed text is empty for the ") + role + " tokenizer");
    const std::vector<int> full = tokenizer.withSequenceSpecials(inner);
    TokenIds ids(full.begin(), full.end());
    checkSeedFits(ids, scorer, role);
    if (std::int64_t(ids.size()) < scorer.minTokens())
        throw AtoError(std::string("the seed text is too short for the ") + role);
    return ids;
}

TokenIds AtoRunner::encodeEncoderSeed(const std::string &text) const
{
    const TokenIds ids = encodeSeed(*m_models->encoderTokenizer, *m_models->difficulty, text, "difficulty model");
    // The acceptability model reads the same tokens but may take fewer positions (issue 37: only
    // the difficulty model's limit was checked, and a longer seed failed inside the classifier).
    if (m_models->acceptability)
        checkSeedFits(ids, *m_models->acceptability, "acceptability model");
    return ids;
}

std::string AtoRunner::decode(const text::Tokenizer &tokenizer, const TokenIds &ids) const
{
    if (!m_unknownText.empty() && &tokenizer == m_models->encoderTokenizer.get())
        return m_unknownText.decode(tokenizer, ids);
    return tokenizer.decode(std::vector<int>(ids.begin(), ids.end()));
}

torch::Tensor AtoRunner::allowedMask(const std::vector<int> &ids, std::int64_t vocabSize) const
{
    torch::Tensor mask = torch::zeros({vocabSize}, torch::kBool);  // [|V|]
    auto m = mask.accessor<bool, 1>();
    for (int id : ids) {
        if (id >= 0 && id < vocabSize)
            m[id] = true;
    }
    return mask;
}

std::vector<double> AtoRunner::perplexities(const std::vector<std::string> &texts) const
{
    std::vector<double> out(texts.size(), TermValues::unknown);
    if (!m_models->languageModel)
        return out;
    const text::Tokenizer &tok = *m_models->lmTokenizer;
    const nn::PerplexityScorer &lm = *m_models->languageModel;
    std::vector<TokenIds> batch;
    std::vector<size_t> where;
    for (size_t i = 0; i < texts.size(); ++i) {
        const std::vector<int> ids = tok.withSequenceSpecials(tok.encode(texts[i]));
        if (std::int64_t(ids.size()) < lm.minTokens() || std::int64_t(ids.size()) > lm.maxTokens())
            continue;
        batch.emplace_back(ids.begin(), ids.end());
        where.push_back(i);
    }
    const std::vector<double> ppl = lm.scoreBatch(batch);
    for (size_t k = 0; k < ppl.size(); ++k)
        out[where[k]] = ppl[k];
    return out;
}

TermValues AtoRunner::describe(const std::string &text, const DifficultyObjective &objective, bool withPerplexity) const
{
    const text::Tokenizer &tok = *m_models->encoderTokenizer;
    const std::vector<int> full = tok.withSequenceSpecials(tok.encode(text));
    TermValues v;
    if (full.size() > 2 && std::int64_t(full.size()) <= m_models->difficulty->maxTokens())
        v = objective.evaluate({TokenIds(full.begin(), full.end())}).front();
    if (withPerplexity)
        v.perplexity = perplexities({text}).front();
    return v;
}

void AtoRunner::emitStep(int phase, int step, const std::vector<BeamMember> &beam, const TokenIds &phaseSeed,
                         const std::vector<TokenIds> &previous, const text::Tokenizer &tokenizer, const StepResult *result, double elapsedMs)
{
    StepFinishedEvent e;
    e.phase = phase;
    e.step = step;
    e.elapsedMs = elapsedMs;
    e.mtTerm = m_stepMtCost;
    m_stepMtCost = {};
    const auto changes = [&](const TokenIds &from, const TokenIds &to) {
        std::vector<TokenChange> out;
        for (size_t i = 0; i < to.size() && i < from.size(); ++i) {
            if (from[i] != to[i])
                out.push_back({std::int64_t(i), from[i], to[i], tokenizer.pieceText(int(from[i])), tokenizer.pieceText(int(to[i]))});
        }
        return out;
    };
    double sum = 0;
    int counted = 0;
    for (size_t r = 0; r < beam.size(); ++r) {
        const BeamMember &m = beam[r];
        BeamMemberRecord rec;
        rec.rank = int(r);
        rec.text = decode(tokenizer, m.ids);
        rec.ids = m.ids;
        rec.values = m.values;
        rec.injected = m.injected;
        rec.parentRank = m.parent;
        rec.changesVsSeed = changes(phaseSeed, m.ids);
        if (m.parent >= 0 && size_t(m.parent) < previous.size())
            rec.changesVsParent = changes(previous[size_t(m.parent)], m.ids);
        if (!std::isnan(m.values.loss)) {
            sum += m.values.loss;
            ++counted;
            if (std::isnan(e.bestLoss) || m.values.loss < e.bestLoss)
                e.bestLoss = m.values.loss;
        }
        e.beam.push_back(std::move(rec));
    }
    if (counted > 0)
        e.meanLoss = sum / counted;
    if (result) {
        e.candidatesScored = int(result->pool.size());
        e.duplicates = result->duplicates;
        e.filtered = result->filtered;
        e.vocabularyRejected = result->vocabularyRejected;
        e.contextRejected = result->contextRejected;
        e.grammarRejected = result->grammarRejected;
        e.shortlistUsed = result->shortlistUsed;
        e.timings = result->timings;
        e.candidates.reserve(result->pool.size());
        for (const Candidate &c : result->pool)
            e.candidates.push_back({c.text, c.ids, c.values});
        e.pool.reserve(result->pool.size() + result->refused.size());
        for (const std::vector<Candidate> *part : {&result->pool, &result->refused}) {
            for (const Candidate &c : *part)
                e.pool.push_back({c.text, c.values, c.parent, c.substitution.position, c.fate, c.reason});
        }
    }
    for (RunObserver *o : m_observers)
        o->stepFinished(e);
}

std::optional<RunResult> AtoRunner::run(const std::string &seedText, const std::atomic<bool> *cancel)
{
    if (!m_config.mtTermSystem.empty() && !m_mtTerm)  // before any event, so no run is left half-stored
        throw AtoError("the MT term's system '" + m_config.mtTermSystem + "' was not given to the search (the augmentation job sets it up)");
    RunStartedEvent started{seedText, m_config, m_models->description};
    for (RunObserver *o : m_observers)
        o->runStarted(started);
    m_unknownText = {};
    m_stepMtCost = {};
    try {
        std::optional<RunResult> result;
        if (m_config.method == Method::RandomWords || m_config.method == Method::RandomSubwords)
            result = runRandom(seedText);
        else
            result = runSearch(seedText, cancel);
        if (result && m_judges) {
            std::vector<judge::JudgeReport> reports = m_judges->judge({result->seedText, result->outputText});
            // Judges the search was filtered by (issue 31 item 4): their verdict on the output only
            // echoes the filter; the report says so, and the GUI and CLI show them as guards held.
            if (m_config.grammarGuard)
                reports[1].guards.push_back("grammar");
            if (m_config.vocabularyGuard)
                reports[1].guards.push_back("spelling");
            if (m_config.trigramContext)
                reports[1].guards.push_back("trigram");
            result->judges = {{"seed", judge::toJson(reports[0])}, {"output", judge::toJson(reports[1])}};
        }
        RunEndedEvent ended;
        ended.status = result ? RunStatus::Finished : RunStatus::Cancelled;
        ended.result = result;
        for (RunObserver *o : m_observers)
            o->runEnded(ended);
        return result;
    } catch (const std::exception &e) {
        RunEndedEvent ended;
        ended.status = RunStatus::Failed;
        ended.error = e.what();
        for (RunObserver *o : m_observers)
            o->runEnded(ended);
        throw;
    }
}

struct AtoRunner::SearchRun {
    SearchRun(AtoRunner &runner, const std::string &seed, const std::atomic<bool> *cancelFlag)
        : seedText(seed),
          cancel(cancelFlag),
          rng(seedStream(runner.m_config.seed, seed)),
          settings{runner.m_config.beamWidth, runner.m_config.shortlistSize, runner.m_config.candidatesPerMember,
                   runner.m_config.randomInjections, runner.m_config.frozenIterations},
          objective(runner.m_models->difficulty, runner.m_models->acceptability, runner.m_config.lambdaFluency, runner.m_config.lambdaCohesion),
          outputParseBudget(4 * runner.m_config.beamWidth),
          outputTerm(!runner.m_config.mtTermSystem.empty() && runner.m_config.mtTermWhere == "output")
    {
    }

    const std::string &seedText;
    const std::atomic<bool> *cancel;
    Rng rng;
    const StepSettings settings;
    TokenIds seedIds;      ///< the seed under the difficulty model's tokenizer
    TermValues seedValues;
    DifficultyObjective objective;
    std::vector<BeamMember> beam;
    /// The guards of the seed (made once the seed is encoded: the grammar guard parses it).
    std::optional<CandidateGuard> guard;
    SearchSpace space;  ///< phase 1's
    std::unique_ptr<PlausibleSubstitutions> plausible;
    /// Output choices parse at most this many texts the search has not parsed yet.
    const int outputParseBudget;
    /// The MT term chooses the output (issue 21).
    const bool outputTerm;
    /// C: every candidate of every step, unique by text. A deque keeps the texts in place, so the
    /// index holds views of them instead of second copies.
    std::deque<ArchiveEntry> archive;
    std::unordered_set<std::string_view> archiveIndex;

    bool cancelled() const { return cancel && cancel->load(); }
    void archiveAdd(const StepResult &r, int step)
    {
        for (const Candidate &c : r.pool) {
            // c.text: the text the re-encode check decoded (decode() gives the same).
            // Another segmentation of the seed's own text is no rewrite of it.
            if (archiveIndex.count(c.text) || c.text == seedText)
                continue;
            archive.push_back({c.text, c.values, step});
            archiveIndex.insert(archive.back().text);
        }
    }
    void clearArchive()
    {
        archiveIndex.clear();  // views into the archive's texts: drop them first
        archive.clear();
    }
};

std::optional<RunResult> AtoRunner::runSearch(const std::string &seedText, const std::atomic<bool> *cancel)
{
    const AtoModels &models = *m_models;
    const text::Tokenizer &tok = *models.encoderTokenizer;
    const bool direct = m_config.method == Method::Direct;
    SearchRun run(*this, seedText, cancel);

    // B_0 <- x_{1:L}; h_mean <- CLS(x_{1:L})
    run.seedIds = encodeEncoderSeed(seedText);
    m_unknownText = UnknownText::ofSeed(tok, seedText, run.seedIds);
    run.objective.beamChanged({run.seedIds});
    run.beam = {seedMember(run.seedIds)};
    run.beam[0].values = run.objective.evaluate({run.seedIds}).front();
    run.seedValues = run.beam[0].values;
    emitStep(1, 0, run.beam, run.seedIds, {}, tok, nullptr, 0);

    SearchSpace &space = run.space;
    space.allowedTokens = allowedMask(direct ? models.wholeWords : models.subwords, run.objective.vocabSize());
    space.editable = direct ? singleTokenWordPositions(tok, run.seedIds) : std::vector<bool>(run.seedIds.size(), true);
    bool anyEditable = false;
    for (size_t i = 0; i < run.seedIds.size() && !anyEditable; ++i)
        anyEditable = space.editable[i] && !tok.isSpecial(int(run.seedIds[i]));
    if (!anyEditable)  // e.g. "Bring snacks." in ATO-Direct: every word is several tokens
        throw AtoError("the seed text has no word ATO-Direct may replace (it replaces only words that are a single token of the "
                       "difficulty model's tokenizer); try --method two-phase");
    space.unknownText = m_unknownText;
    space.mtRank = mtRankHook();
    space.mtRankPool = mtTermPoolSize(m_config);
    run.guard.emplace(guardFor(seedText));
    if (run.guard->vocabularyActive() || run.guard->grammarActive() || run.guard->contextActive())
        space.guard = &*run.guard;
    run.plausible = plausibleFor(tok, run.seedIds, seedText, seedText);
    space.plausible = run.plausible.get();

    // for t = 1..T: B_t, P_t <- BeamSearchStep(B_{t-1}, L_1, V, K, N, B, R); update h_mean; C <- C u P_t
    const std::optional<int> phase1Moves = searchSteps(run, 1, 1, m_config.steps, run.objective, space, tok, run.seedIds, [&] {
        std::vector<TokenIds> ids;
        for (const BeamMember &m : run.beam)
            ids.push_back(m.ids);
        run.objective.beamChanged(ids);
    });
    if (!phase1Moves)
        return std::nullopt;

    RunResult result;
    result.seedText = seedText;
    result.seedValues = run.seedValues;
    if (*phase1Moves == 0 && m_config.steps > 0)
        result.notes.push_back("phase 1 could not move: no step had a candidate left after the duplicate, re-tokenisation and guard checks");
    result.seedValues.perplexity = perplexities({seedText}).front();
    if (run.cancelled())
        return std::nullopt;
    if (direct)
        return directOutput(run, std::move(result));
    return twoPhaseOutput(run, std::move(result));
}

std::optional<int> AtoRunner::searchSteps(SearchRun &run, int phase, int first, int last, const Objective &objective, const SearchSpace &space,
                                          const text::Tokenizer &tokenizer, const TokenIds &phaseSeed, const std::function<void()> &afterStep)
{
    int moves = 0;
    for (int t = first; t <= last; ++t) {
        if (run.cancelled())
            return std::nullopt;
        const auto start = std::chrono::steady_clock::now();
        StepResult r = beamSearchStep(run.beam, objective, space, tokenizer, run.settings, t, run.rng);
        std::vector<TokenIds> previous;
        for (const BeamMember &m : run.beam)
            previous.push_back(m.ids);
        run.beam = std::move(r.beam);
        afterStep();
        moves += r.pool.empty() ? 0 : 1;
        run.archiveAdd(r, t);
        emitStep(phase, t, run.beam, phaseSeed, previous, tokenizer, &r, since(start));
    }
    return moves;
}

std::optional<size_t> AtoRunner::chooseOutput(SearchRun &run, const std::vector<size_t> &order, const std::function<const std::string &(size_t)> &textOf,
                                              const std::function<TermValues(size_t)> &valuesOf, RunResult &result)
{
    if (!run.outputTerm)
        return firstAccepted(order, *run.guard, textOf, run.outputParseBudget);
    const std::vector<size_t> pool = acceptedPrefix(order, *run.guard, textOf, run.outputParseBudget, size_t(mtTermPoolSize(m_config)));
    if (pool.empty())
        return std::nullopt;
    result.objectiveOutputText = textOf(pool.front());  // what firstAccepted would have returned
    result.objectiveOutputValues = valuesOf(pool.front());
    std::vector<std::string> poolTexts;
    for (size_t i : pool)
        poolTexts.push_back(textOf(i));
    return pool[mtTermChoice(poolTexts, result)];
}

RunResult AtoRunner::directOutput(SearchRun &run, RunResult result)
{
    const std::deque<ArchiveEntry> &archive = run.archive;
    result.selectedBy = "lowest-perplexity";
    result.outputText = run.seedText;
    result.values = result.seedValues;
    std::vector<std::string> texts;
    for (const ArchiveEntry &a : archive)
        texts.push_back(a.text);
    // Only texts that can be the output are scored (issue 34 item 18: scoring the whole archive
    // was most of the minute and a half after a paper-size search): a text the grammar guard
    // already refused is never chosen (chooseOutput walks through the guard), nor, with the
    // trigram context, one not harder than the seed (plausibleOrder ranks only those). The output
    // is the same; the others keep an unknown perplexity.
    std::vector<std::string> scoredTexts;
    std::vector<size_t> scoredAt;
    for (size_t i = 0; i < archive.size(); ++i) {
        const bool refused = run.guard->grammarActive() && run.guard->grammarKnown(texts[i]) && !run.guard->grammarPasses(texts[i], false);
        const bool notHarder = m_config.trigramContext && !(archive[i].values.difficulty < run.seedValues.difficulty);
        if (refused || notHarder)
            continue;
        scoredTexts.push_back(texts[i]);
        scoredAt.push_back(i);
    }
    std::vector<double> ppl(texts.size(), TermValues::unknown);
    {
        const std::vector<double> computed = perplexities(scoredTexts);
        for (size_t k = 0; k < scoredAt.size(); ++k)
            ppl[scoredAt[k]] = computed[k];
    }
    ArchiveScoredEvent scored;
    scored.phase = 1;
    scored.perplexities.reserve(scoredAt.size());
    for (size_t i : scoredAt)
        scored.perplexities.emplace_back(texts[i], ppl[i]);
    for (RunObserver *o : m_observers)
        o->archiveScored(scored);
    // ... among the candidates that pass the guards.
    std::vector<size_t> order = ascending(ppl);
    if (m_config.trigramContext) {
        // Issue 31: the most plausible of the candidates harder than the seed, by the trigram
        // model and the pack's LM together, not by the pack's LM alone.
        std::vector<double> d;
        for (const ArchiveEntry &a : archive)
            d.push_back(a.values.difficulty);
        order = plausibleOrder(texts, ppl, d, run.seedValues.difficulty);
        result.selectedBy = "most-plausible-harder";
    }
    const std::optional<size_t> best = chooseOutput(
        run, order, [&](size_t i) -> const std::string & { return texts[i]; },
        [&](size_t i) {
            TermValues v = archive[i].values;
            v.perplexity = ppl[i];
            return v;
        },
        result);
    if (!best) {
        result.selectedBy = archive.empty()            ? "seed: no candidate survived the re-encode check and the guards"
                            : m_config.trigramContext ? "seed: no candidate harder than the seed passed the guards"
                                                       : "seed: no candidate passed the guards";
        return result;
    }
    result.outputText = archive[*best].text;
    result.values = archive[*best].values;
    result.values.perplexity = ppl[*best];
    result.step = archive[*best].step;
    return result;
}

std::optional<RunResult> AtoRunner::twoPhaseOutput(SearchRun &run, RunResult result)
{
    const AtoModels &models = *m_models;
    // The lowest-D phase-1 candidate seeds phase 2 (the lowest D below the seed's among the
    // candidates that pass the guards).
    std::string phase1Text = run.seedText;
    {
        std::vector<double> d(run.archive.size(), TermValues::unknown);
        for (size_t i = 0; i < run.archive.size(); ++i) {
            if (run.archive[i].values.difficulty < run.seedValues.difficulty)
                d[i] = run.archive[i].values.difficulty;
        }
        const std::optional<size_t> best =
            firstAccepted(ascending(d), *run.guard, [&](size_t i) -> const std::string & { return run.archive[i].text; }, run.outputParseBudget);
        if (best)
            phase1Text = run.archive[*best].text;
        else  // said where the result is shown (issue 34: a phase 2 from the seed went unexplained)
            result.notes.push_back("phase 2 started from the seed: no phase-1 candidate harder than the seed passed the guards");
    }
    if (run.cancelled())
        return std::nullopt;
    const text::Tokenizer &lmTok = *models.lmTokenizer;
    const TokenIds phase2Seed = encodeSeed(lmTok, *models.languageModel, phase1Text, "language model");
    for (RunObserver *o : m_observers)
        o->phaseChanged({2, phase1Text, phase2Seed});
    PerplexityObjective ppl(models.languageModel);
    BeamMember first = seedMember(phase2Seed);
    first.values = ppl.evaluate({phase2Seed}).front();
    run.beam.assign(size_t(m_config.beamWidth), first);  // replicate into a fresh beam of width B
    SearchSpace space2;
    space2.allowedTokens = allowedMask(models.lmAscii, ppl.vocabSize());
    space2.editable.assign(phase2Seed.size(), true);
    space2.noEdgeWhitespace = !hasEdgeWhitespace(phase1Text);
    space2.guard = run.space.guard;
    const std::unique_ptr<PlausibleSubstitutions> plausible2 = plausibleFor(lmTok, phase2Seed, phase1Text, run.seedText);
    space2.plausible = plausible2.get();
    space2.mtRank = run.space.mtRank;
    space2.mtRankPool = run.space.mtRankPool;
    run.clearArchive();
    const int t1 = m_config.steps;
    const std::optional<int> phase2Moves = searchSteps(run, 2, t1 + 1, t1 + m_config.phase2Steps, ppl, space2, lmTok, phase2Seed, [&] {
        // D, L_CoLA and L_cos of the step's best text, so the trace and the GUI keep showing how
        // hard phase 2's texts are (its objective is perplexity alone; issue 18).
        if (run.beam.empty())
            return;
        const TermValues terms = describe(decode(lmTok, run.beam.front().ids), run.objective, false);  // its PPL is the beam's
        run.beam.front().values.difficulty = terms.difficulty;
        run.beam.front().values.fluencyLoss = terms.fluencyLoss;
        run.beam.front().values.cohesionLoss = terms.cohesionLoss;
    });
    if (!phase2Moves)
        return std::nullopt;
    if (*phase2Moves == 0 && m_config.phase2Steps > 0)
        result.notes.push_back("phase 2 could not move: no step had a candidate left after the duplicate, re-tokenisation and guard "
                               "checks, even with a widened shortlist; the output is phase 1's text");
    // x* <- argmin over phase-2 candidates of PPL
    const std::deque<ArchiveEntry> &archive = run.archive;
    result.selectedBy = "lowest-perplexity";
    result.phase = 2;
    result.outputText = phase1Text;
    result.values.perplexity = first.values.perplexity;
    std::vector<double> phase2Ppl(archive.size());
    for (size_t i = 0; i < archive.size(); ++i)
        phase2Ppl[i] = archive[i].values.perplexity;
    std::vector<size_t> order = ascending(phase2Ppl);
    if (m_config.trigramContext) {
        // Issue 31: phase 2 recovers fluency with the same knowledge: the most plausible of its
        // candidates that stay harder than the seed (D of each, batched).
        std::vector<std::string> texts;
        for (const ArchiveEntry &a : archive)
            texts.push_back(a.text);
        order = plausibleOrder(texts, phase2Ppl, difficulties(texts, run.objective), run.seedValues.difficulty);
        result.selectedBy = "most-plausible-harder";
    }
    const std::optional<size_t> best =
        chooseOutput(run, order, [&](size_t i) -> const std::string & { return archive[i].text; },
                     [&](size_t i) { return describe(archive[i].text, run.objective); }, result);
    if (best) {
        result.outputText = archive[*best].text;
        result.step = archive[*best].step;
    } else {
        result.selectedBy = m_config.trigramContext ? "phase 1's text: no phase-2 candidate harder than the seed passed the guards"
                                                    : "phase 1's text: no phase-2 candidate passed the guards";
    }
    const TermValues described = describe(result.outputText, run.objective);
    result.values.difficulty = described.difficulty;
    result.values.fluencyLoss = described.fluencyLoss;
    result.values.cohesionLoss = described.cohesionLoss;
    result.values.loss = described.loss;
    result.values.perplexity = best ? archive[*best].values.perplexity : described.perplexity;
    return result;
}

std::optional<RunResult> AtoRunner::runRandom(const std::string &seedText)
{
    const AtoModels &models = *m_models;
    const text::Tokenizer &tok = *models.encoderTokenizer;
    const bool words = m_config.method == Method::RandomWords;
    Rng rng(seedStream(m_config.seed, seedText));
    const TokenIds seedIds = encodeEncoderSeed(seedText);
    m_unknownText = UnknownText::ofSeed(tok, seedText, seedIds);
    DifficultyObjective objective(models.difficulty, models.acceptability, m_config.lambdaFluency, m_config.lambdaCohesion);
    objective.beamChanged({seedIds});
    BeamMember seed = seedMember(seedIds);
    seed.values = objective.evaluate({seedIds}).front();
    emitStep(1, 0, {seed}, seedIds, {}, tok, nullptr, 0);

    const std::vector<int> &vocabulary = !words                                     ? models.subwords
                                         : m_config.randomWordBucket == "common" ? models.commonWords
                                         : m_config.randomWordBucket == "rare"   ? models.rareWords
                                                                                 : models.wholeWords;
    if (vocabulary.empty())
        throw AtoError("the " + m_config.randomWordBucket + "-word vocabulary is empty (load the models with a word frequency table)");
    std::vector<bool> editable = words ? singleTokenWordPositions(tok, seedIds) : std::vector<bool>(seedIds.size(), true);
    std::vector<std::int64_t> positions;
    for (size_t i = 0; i < seedIds.size(); ++i) {
        if (editable[i] && !tok.isSpecial(int(seedIds[i])) && !tok.isPunctuation(int(seedIds[i])))
            positions.push_back(std::int64_t(i));
    }
    const int count = std::min<int>(m_config.randomReplacements, int(positions.size()));
    if (count == 0)
        throw AtoError("the seed text has no position the " + methodName(m_config.method) + " baseline may replace");
    // Without guards (the paper's baseline): draw `count` distinct positions and a different token
    // for each; redraw until the text re-tokenizes to its ids (at most 1000 tries).
    const CandidateGuard guard = guardFor(seedText);
    const std::unique_ptr<PlausibleSubstitutions> plausible = plausibleFor(tok, seedIds, seedText, seedText);
    const bool guarded = guard.vocabularyActive() || guard.grammarActive() || guard.contextActive() || plausible;
    TokenIds output;
    for (int attempt = 0; !guarded && attempt < 1000 && output.empty(); ++attempt) {
        std::vector<std::int64_t> pool = positions;
        TokenIds ids = seedIds;
        for (int k = 0; k < count; ++k) {
            const auto j = size_t(rng.below(std::int64_t(pool.size())));
            const std::int64_t p = pool[j];
            pool.erase(pool.begin() + std::ptrdiff_t(j));
            std::int64_t token = ids[size_t(p)];
            while (token == ids[size_t(p)])
                token = vocabulary[size_t(rng.below(std::int64_t(vocabulary.size())))];
            ids[size_t(p)] = token;
        }
        if (retokenizes(tok, ids, &m_unknownText))
            output = ids;
    }
    // With guards, `count` replacements all at once rarely pass (each must keep its word's part of
    // speech), so they are made one at a time: a random position, then random tokens until the
    // text so far re-tokenizes and passes the guards (at most 200 tries, then another position),
    // at most 2000 tries in all. Each replacement is still drawn uniformly among those that pass.
    if (guarded) {
        std::vector<std::int64_t> pool = positions;
        TokenIds ids = seedIds;
        int made = 0, tries = 0;
        std::vector<std::int64_t> restricted;
        while (made < count && !pool.empty() && tries < 2000) {
            const auto j = size_t(rng.below(std::int64_t(pool.size())));
            const std::int64_t p = pool[j];
            pool.erase(pool.begin() + std::ptrdiff_t(j));
            // With the proposal restrictions (issue 31) a token is drawn uniformly from what they
            // allow at p, as the searches' shortlists are: comparisons at equal edits stay fair.
            if (plausible) {
                restricted.clear();
                for (std::int64_t t : plausible->allowedAt(ids)[size_t(p)])
                    if (std::find(vocabulary.begin(), vocabulary.end(), int(t)) != vocabulary.end())
                        restricted.push_back(t);
                if (restricted.empty())
                    continue;  // nothing may replace this word: another position
            }
            for (int t = 0; t < 200 && tries < 2000; ++t, ++tries) {
                TokenIds candidate = ids;
                std::int64_t token = ids[size_t(p)];
                if (plausible) {
                    token = restricted[size_t(rng.below(std::int64_t(restricted.size())))];
                } else {
                    while (token == ids[size_t(p)])
                        token = vocabulary[size_t(rng.below(std::int64_t(vocabulary.size())))];
                }
                candidate[size_t(p)] = token;
                std::string text;
                if (retokenizes(tok, candidate, &m_unknownText, &text) && guard.accepts(text)) {
                    ids = std::move(candidate);
                    ++made;
                    break;
                }
            }
        }
        if (made == count)
            output = ids;
    }
    if (output.empty())
        throw AtoError(guarded ? "no random replacement of the seed re-tokenizes to its own ids and passes the guards after 2000 tries"
                           : "no random replacement of the seed re-tokenizes to its own ids after 1000 tries");
    BeamMember out = seedMember(output);
    out.values = objective.evaluate({output}).front();
    out.parent = 0;
    emitStep(1, 1, {out}, seedIds, {seedIds}, tok, nullptr, 0);

    RunResult result;
    result.seedText = seedText;
    result.seedValues = seed.values;
    result.seedValues.perplexity = perplexities({seedText}).front();
    result.outputText = decode(tok, output);
    result.values = out.values;
    result.values.perplexity = perplexities({result.outputText}).front();
    result.selectedBy = "random";
    result.step = 1;
    return result;
}

}  // namespace gauntlet::ato
