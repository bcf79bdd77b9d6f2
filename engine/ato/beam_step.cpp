#include "engine/ato/beam_step.h"

#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <memory>
#include <numeric>
#include <set>

namespace gauntlet::ato {

namespace {

constexpr int neverSubstituted = -1000000;

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

BeamMember seedMember(const TokenIds &ids)
{
    BeamMember m;
    m.ids = ids;
    m.lastSubstitution.assign(ids.size(), neverSubstituted);
    return m;
}

torch::Tensor eligiblePositions(const BeamMember &member, const SearchSpace &space, const text::Tokenizer &tokenizer, int step,
                                int frozenIterations)
{
    const auto L = std::int64_t(member.ids.size());
    torch::Tensor eligible = torch::zeros({L}, torch::kBool);  // [L]
    auto e = eligible.accessor<bool, 1>();
    for (std::int64_t i = 0; i < L; ++i) {
        const int id = int(member.ids[size_t(i)]);
        const bool editable = size_t(i) < space.editable.size() && space.editable[size_t(i)];
        const bool frozen = size_t(i) < member.lastSubstitution.size() && step - member.lastSubstitution[size_t(i)] <= frozenIterations;
        e[i] = editable && !frozen && !tokenizer.isSpecial(id) && !tokenizer.isPunctuation(id);
    }
    return eligible;
}

std::vector<std::vector<std::int64_t>> topKShortlist(const torch::Tensor &gradient, const torch::Tensor &eligible,
                                                     const torch::Tensor &allowed, const TokenIds &current, int k,
                                                     const std::vector<std::vector<std::int64_t>> *positionTokens)
{
    const std::int64_t L = gradient.size(0), V = gradient.size(1);
    std::vector<std::vector<std::int64_t>> shortlist(static_cast<size_t>(L));
    // [L, |V|] on the gradient's device: +inf where a substitution is not allowed, so topk of
    // -score never picks it; only the top-K indices come back to the host.
    const torch::Device device = gradient.device();
    torch::Tensor score = gradient.to(torch::kFloat32).clone();
    const torch::Tensor blocked =
        eligible.to(device).logical_not().unsqueeze(1).logical_or(allowed.to(device).logical_not().unsqueeze(0));  // [L, |V|]
    score.masked_fill_(blocked, std::numeric_limits<float>::infinity());
    if (positionTokens) {
        std::vector<std::int64_t> rows, cols;
        for (size_t i = 0; i < positionTokens->size() && std::int64_t(i) < L; ++i) {
            for (std::int64_t t : (*positionTokens)[i]) {
                if (t >= 0 && t < V) {
                    rows.push_back(std::int64_t(i));
                    cols.push_back(t);
                }
            }
        }
        torch::Tensor listed = torch::zeros({L, V}, torch::TensorOptions().dtype(torch::kBool).device(device));  // [L, |V|]
        if (!rows.empty()) {
            const torch::Tensor r = torch::tensor(rows, torch::kInt64).to(device);
            const torch::Tensor c = torch::tensor(cols, torch::kInt64).to(device);
            listed.index_put_({r, c}, true);
        }
        score.masked_fill_(listed.logical_not(), std::numeric_limits<float>::infinity());
    }
    const torch::Tensor currentIds = torch::tensor(current, torch::kInt64).to(device).unsqueeze(1);  // [L, 1]
    score.scatter_(1, currentIds, std::numeric_limits<float>::infinity());
    const torch::Tensor flat = score.reshape({-1});  // [L * |V|]
    const std::int64_t available = flat.isfinite().sum().item<std::int64_t>();
    const std::int64_t take = std::min<std::int64_t>(k, available);
    if (take <= 0)
        return shortlist;
    const torch::Tensor top = std::get<1>(torch::topk(-flat, take, 0, /*largest=*/true, /*sorted=*/true)).to(torch::kCPU).contiguous();  // [take]
    const auto *idx = top.data_ptr<std::int64_t>();
    for (std::int64_t j = 0; j < take; ++j)
        shortlist[size_t(idx[j] / V)].push_back(idx[j] % V);
    return shortlist;
}

std::vector<Substitution> plausibleNeighbourhood(const BeamMember &member, const SearchSpace &space, const torch::Tensor &allowed,
                                                 const text::Tokenizer &tokenizer, int step, int frozenIterations)
{
    std::vector<Substitution> out;
    const torch::Tensor eligible = eligiblePositions(member, space, tokenizer, step, frozenIterations);  // [L]
    const auto e = eligible.accessor<bool, 1>();
    const auto a = allowed.accessor<bool, 1>();
    const std::int64_t V = allowed.size(0);
    const std::vector<std::vector<std::int64_t>> &listed = space.plausible->allowedAt(member.ids);
    for (size_t i = 0; i < listed.size() && i < member.ids.size(); ++i) {
        if (!e[std::int64_t(i)])
            continue;
        std::set<std::int64_t> taken;
        for (std::int64_t t : listed[i]) {
            if (t >= 0 && t < V && a[t] && t != member.ids[i] && taken.insert(t).second)
                out.push_back({std::int64_t(i), t});
        }
    }
    return out;
}

torch::Tensor gradientRowNorms(const torch::Tensor &gradient)
{
    return gradient.to(torch::kFloat64).norm(2, {1}).to(torch::kCPU).contiguous();  // [L], L values to the host
}

std::vector<Substitution> sampleSubstitutions(const torch::Tensor &gradient, const std::vector<std::vector<std::int64_t>> &shortlist,
                                              int n, Rng &rng)
{
    return sampleSubstitutionsByNorm(gradientRowNorms(gradient), shortlist, n, rng);
}

std::vector<Substitution> sampleSubstitutionsByNorm(const torch::Tensor &norms, const std::vector<std::vector<std::int64_t>> &shortlist,
                                                    int n, Rng &rng)
{
    std::vector<Substitution> out;
    const double *norm = norms.data_ptr<double>();
    // A pair (i, t) has weight w_i / |S_i| (w_i = ||G_i||, or 1 for every position when all norms
    // are 0); drawing without replacement removes it, so position i keeps weight
    // w_i * remaining_i / |S_i|. Tokens still available at a position are kept at its end.
    struct Position {
        size_t index;
        double weight;
        std::vector<std::int64_t> remaining;
    };
    std::vector<Position> positions;
    double total = 0;
    for (size_t i = 0; i < shortlist.size(); ++i) {
        if (shortlist[i].empty())
            continue;
        const double w = std::isfinite(norm[i]) ? norm[i] : 0.0;
        positions.push_back({i, w, shortlist[i]});
        total += w;
    }
    if (positions.empty())
        return out;
    if (total <= 0) {
        for (Position &p : positions)
            p.weight = 1;
    }
    std::vector<double> cumulative(positions.size());
    out.reserve(size_t(n));
    for (int j = 0; j < n; ++j) {
        double sum = 0;
        for (size_t k = 0; k < positions.size(); ++k) {
            const Position &p = positions[k];
            sum += p.weight * double(p.remaining.size()) / double(shortlist[p.index].size());
            cumulative[k] = sum;
        }
        if (!(sum > 0))
            break;  // every pair of positive weight was drawn
        const double u = rng.uniform() * sum;
        size_t pick = size_t(std::upper_bound(cumulative.begin(), cumulative.end(), u) - cumulative.begin());
        pick = std::min(pick, positions.size() - 1);
        while (positions[pick].remaining.empty() || positions[pick].weight <= 0)
            pick = pick == 0 ? positions.size() - 1 : pick - 1;  // u landed on a flat stretch's edge
        std::vector<std::int64_t> &tokens = positions[pick].remaining;
        const auto t = size_t(rng.below(std::int64_t(tokens.size())));
        out.push_back({std::int64_t(positions[pick].index), tokens[t]});
        tokens.erase(tokens.begin() + std::ptrdiff_t(t));
    }
    return out;
}

bool hasEdgeWhitespace(const std::string &text)
{
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
    return !text.empty() && (space(text.front()) || space(text.back()));
}

bool retokenizes(const text::Tokenizer &tokenizer, const TokenIds &ids, const UnknownText *unknown, std::string *decoded)
{
    size_t begin = 0, end = ids.size();
    while (begin < end && tokenizer.isSpecial(int(ids[begin])))
        ++begin;
    while (end > begin && tokenizer.isSpecial(int(ids[end - 1])))
        --end;
    std::vector<int> inner;
    inner.reserve(end - begin);
    for (size_t i = begin; i < end; ++i) {
        if (ids[i] < 0 || ids[i] >= tokenizer.vocabSize())
            return false;
        inner.push_back(int(ids[i]));
    }
    std::string text = unknown ? unknown->decode(tokenizer, ids) : tokenizer.decode(inner);
    const bool same = tokenizer.encode(text) == inner;
    if (decoded)
        *decoded = std::move(text);
    return same;
}

namespace {

/// Indices of `losses` from the lowest loss up (NaN last; ties in index order): selection's order.
std::vector<int> lossOrder(const std::vector<double> &losses)
{
    std::vector<int> order(losses.size());
    std::iota(order.begin(), order.end(), 0);
    const auto key = [&](int i) { return std::isnan(losses[size_t(i)]) ? std::numeric_limits<double>::infinity() : losses[size_t(i)]; };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return key(a) < key(b); });
    return order;
}

}  // namespace

std::vector<int> selectNextBeam(const std::vector<double> &losses, int beamWidth, int randomInjections, Rng &rng,
                                std::vector<bool> *injected, const std::function<bool(int)> &accept, int *rejected)
{
    const std::vector<int> order = lossOrder(losses);
    int refused = 0;
    const auto accepted = [&](int i) {
        if (!accept || accept(i))
            return true;
        ++refused;
        return false;
    };
    std::vector<int> chosen;
    std::vector<bool> flags;
    if (int(order.size()) <= beamWidth) {
        for (int i : order) {
            if (accepted(i))
                chosen.push_back(i);
        }
        flags.assign(chosen.size(), false);
    } else {
        const int best = beamWidth - randomInjections;
        size_t walked = 0;
        while (int(chosen.size()) < best && walked < order.size()) {
            const int i = order[walked++];
            if (accepted(i))
                chosen.push_back(i);
        }
        flags.assign(chosen.size(), false);
        std::vector<int> rest(order.begin() + std::ptrdiff_t(walked), order.end());
        for (int r = 0; r < randomInjections && !rest.empty();) {
            const auto j = size_t(rng.below(std::int64_t(rest.size())));
            const int i = rest[j];
            rest.erase(rest.begin() + std::ptrdiff_t(j));
            if (!accepted(i))
                continue;
            chosen.push_back(i);
            flags.push_back(true);
            ++r;
        }
    }
    if (injected)
        *injected = flags;
    if (rejected)
        *rejected = refused;
    return chosen;
}

std::vector<int> mtTermSelection(const std::vector<int> &chosen, const std::vector<bool> &injected, const std::vector<size_t> &mtOrder,
                                 int beamWidth, std::vector<bool> *injectedOut)
{
    std::vector<int> survivors, injections;
    for (size_t j = 0; j < chosen.size(); ++j)
        (j < injected.size() && injected[j] ? injections : survivors).push_back(chosen[j]);
    const size_t keep = std::min(survivors.size(), size_t(std::max(0, beamWidth - int(injections.size()))));
    std::vector<int> out;
    for (size_t k = 0; k < mtOrder.size() && out.size() < keep; ++k) {
        if (mtOrder[k] < survivors.size())
            out.push_back(survivors[mtOrder[k]]);
    }
    std::vector<bool> flags(out.size(), false);
    for (int i : injections) {
        out.push_back(i);
        flags.push_back(true);
    }
    if (injectedOut)
        *injectedOut = flags;
    return out;
}

namespace {

using Clock = std::chrono::steady_clock;

/// What every stage of one step reads.
struct Step {
    const std::vector<BeamMember> &beam;
    const Objective &objective;
    const SearchSpace &space;
    const text::Tokenizer &tokenizer;
    const StepSettings &settings;
    int step;
    Rng &rng;
};

/// Each member's substitutions, parallel to the beam.
using Substitutions = std::vector<std::vector<Substitution>>;

/// Stage 0. With the proposal restrictions (issue 31) a member often has fewer allowed
/// substitutions than K and N: the shortlist and the draws would take all of them whatever the
/// gradient, so when that holds for every member the step takes them all and skips the gradient
/// (result.exhaustive).
Substitutions exhaustiveNeighbourhoods(const Step &s, StepResult &result)
{
    const auto start = Clock::now();
    Substitutions substitutions(s.beam.size());
    if (s.space.plausible && s.space.allowedTokens.defined()) {
        const torch::Tensor allowedCpu = s.space.allowedTokens.to(torch::kCPU).to(torch::kBool).contiguous();  // [|V|]
        const auto limit = size_t(std::min(s.settings.shortlistSize, s.settings.candidatesPerMember));
        bool small = true;
        for (size_t b = 0; b < s.beam.size() && small; ++b) {
            substitutions[b] = plausibleNeighbourhood(s.beam[b], s.space, allowedCpu, s.tokenizer, s.step, s.settings.frozenIterations);
            small = substitutions[b].size() <= limit;
        }
        result.exhaustive = small;
        if (!small)
            substitutions.assign(s.beam.size(), {});
    }
    result.timings.sampling += secondsSince(start);
    return substitutions;
}

/// What sampling needs of one member's gradient: its shortlist and the norms of its rows.
struct MemberShortlist {
    std::vector<std::vector<std::int64_t>> shortlist;  ///< [L] lists (topKShortlist)
    torch::Tensor norms;                              ///< [L] float64 on the CPU: ||G_i||
};

/// Stages 1-2a. The gradient G(x) = dL/dT [L, |V|] of every distinct member, batched (issue 24),
/// and from it each member's shortlist S_i (top-K by gradient over eligible positions and allowed
/// tokens) and row norms. The gradients are taken for groups of distinct members of at most
/// StepSettings::gradientValuesAtOnce values and dropped once reduced, so memory does not grow with
/// the beam: a 50-member beam over XLM-R's 250,002 tokens held 1.5 GB of gradients (issue 37).
std::vector<MemberShortlist> memberShortlists(const Step &s, int shortlistSize, StepResult &result)
{
    std::vector<MemberShortlist> out(s.beam.size());
    if (result.exhaustive)
        return out;
    std::map<TokenIds, std::vector<size_t>> membersOf;  // distinct ids -> the beam members holding them
    std::vector<TokenIds> distinct;
    for (size_t b = 0; b < s.beam.size(); ++b) {
        std::vector<size_t> &members = membersOf[s.beam[b].ids];
        if (members.empty())
            distinct.push_back(s.beam[b].ids);
        members.push_back(b);
    }
    const std::int64_t vocab = s.objective.vocabSize();
    for (size_t first = 0; first < distinct.size();) {
        size_t last = first;
        std::int64_t values = 0;
        while (last < distinct.size() && (last == first || values + std::int64_t(distinct[last].size()) * vocab <= s.settings.gradientValuesAtOnce))
            values += std::int64_t(distinct[last++].size()) * vocab;
        const std::vector<TokenIds> group(distinct.begin() + std::ptrdiff_t(first), distinct.begin() + std::ptrdiff_t(last));
        auto start = Clock::now();
        const std::vector<torch::Tensor> gradients = s.objective.gradients(group, nullptr);
        result.timings.gradient += secondsSince(start);
        start = Clock::now();
        for (size_t i = 0; i < group.size(); ++i) {
            const torch::Tensor norms = gradientRowNorms(gradients[i]);
            for (size_t b : membersOf.at(group[i])) {
                const BeamMember &member = s.beam[b];
                const torch::Tensor eligible = eligiblePositions(member, s.space, s.tokenizer, s.step, s.settings.frozenIterations);
                out[b].shortlist = topKShortlist(gradients[i], eligible, s.space.allowedTokens, member.ids, shortlistSize,
                                                 s.space.plausible ? &s.space.plausible->allowedAt(member.ids) : nullptr);
                out[b].norms = norms;
            }
        }
        result.timings.sampling += secondsSince(start);
        first = last;
    }
    return out;
}

/// Stage 2b. N sampled substitutions per member: position ~ ||G_i||, token ~ Uniform(S_i), in beam
/// order (one random stream).
void sampleFromShortlists(const Step &s, int shortlistSize, Substitutions &substitutions, StepResult &result)
{
    const std::vector<MemberShortlist> shortlists = memberShortlists(s, shortlistSize, result);
    const auto start = Clock::now();
    for (size_t b = 0; b < s.beam.size(); ++b) {
        if (!result.exhaustive)
            substitutions[b] = sampleSubstitutionsByNorm(shortlists[b].norms, shortlists[b].shortlist, s.settings.candidatesPerMember, s.rng);
        result.sampled += int(substitutions[b].size());
    }
    result.timings.sampling += secondsSince(start);
}

/// Stage 3. The pool P: each substitution applied, duplicates dropped (within the pool and of
/// current members), then candidates whose text does not re-tokenize to the same ids and, with
/// guards, those outside the vocabulary or the trigram context; each refusal kept with its fate.
std::vector<Candidate> applySubstitutions(const Step &s, const Substitutions &substitutions, StepResult &result)
{
    std::vector<Candidate> pool;
    std::set<TokenIds> seen;
    for (const BeamMember &member : s.beam)
        seen.insert(member.ids);
    for (size_t b = 0; b < s.beam.size(); ++b) {
        for (const Substitution &sub : substitutions[b]) {
            Candidate c;
            c.ids = s.beam[b].ids;
            c.ids[size_t(sub.position)] = sub.token;
            c.parent = int(b);
            c.substitution = sub;
            if (!seen.insert(c.ids).second) {
                ++result.duplicates;
                continue;
            }
            const auto t0 = Clock::now();
            std::string text;
            const bool ok = retokenizes(s.tokenizer, c.ids, &s.space.unknownText, &text);
            const bool edge = ok && s.space.noEdgeWhitespace && hasEdgeWhitespace(text);
            result.timings.retokenization += secondsSince(t0);
            const auto refuse = [&](CandidateFate fate, std::string reason) {
                c.text = std::move(text);
                c.fate = fate;
                c.reason = std::move(reason);
                result.refused.push_back(std::move(c));
            };
            if (!ok || edge) {
                ++result.filtered;
                refuse(CandidateFate::Tokenizer, edge ? "begins or ends with whitespace" : "its text does not re-tokenize to the same tokens");
                continue;
            }
            if (s.space.guard) {
                const auto g0 = Clock::now();
                std::string why = s.space.guard->vocabularyRefusal(text);
                result.timings.guards += secondsSince(g0);
                if (!why.empty()) {
                    ++result.vocabularyRejected;
                    refuse(CandidateFate::Vocabulary, std::move(why));
                    continue;
                }
                why = s.space.guard->contextRefusal(text);
                if (!why.empty()) {
                    ++result.contextRejected;
                    refuse(CandidateFate::Context, std::move(why));
                    continue;
                }
            }
            c.text = std::move(text);
            pool.push_back(std::move(c));
        }
    }
    return pool;
}

/// Stages 1-3 until the pool holds a candidate. When nothing survives (identical members share
/// one shortlist, as the B copies of ATO-TwoPhase's phase-2 start do, so most samples are
/// duplicates), the shortlist is widened fourfold, up to twice, so the step can still move
/// (issue 18); StepResult::shortlistUsed says which K was used.
std::vector<Candidate> proposePool(const Step &s, Substitutions &substitutions, StepResult &result)
{
    const std::int64_t allowedCount = s.space.allowedTokens.defined() ? s.space.allowedTokens.sum().item<std::int64_t>() : 0;
    int shortlistSize = s.settings.shortlistSize;
    for (int attempt = 0;; ++attempt) {
        sampleFromShortlists(s, shortlistSize, substitutions, result);  // a widened shortlist takes the gradients again
        const auto start = Clock::now();
        const double filtersBefore = result.timings.retokenization + result.timings.guards;
        std::vector<Candidate> pool = applySubstitutions(s, substitutions, result);
        result.timings.bookkeeping += secondsSince(start) - (result.timings.retokenization + result.timings.guards - filtersBefore);
        result.shortlistUsed = shortlistSize;
        if (!pool.empty() || result.exhaustive || attempt == 2 || shortlistSize >= allowedCount)
            return pool;
        shortlistSize = int(std::min<std::int64_t>(allowedCount, std::int64_t(shortlistSize) * 4));
    }
}

/// The beam kept as it is (each member its own parent; issue 18: the path lost its seed). With
/// `freeze`, the positions each member just tried are frozen as if substituted, so the next steps
/// try other positions instead of the same refused ones.
void keepBeam(const Step &s, const Substitutions &substitutions, bool freeze, StepResult &result)
{
    result.beam = s.beam;
    for (size_t b = 0; b < result.beam.size(); ++b) {
        BeamMember &m = result.beam[b];
        m.injected = false;
        m.changedPosition = -1;
        m.parent = int(b);
        if (!freeze)
            continue;
        for (const Substitution &sub : substitutions[b])
            m.lastSubstitution[size_t(sub.position)] = s.step;
    }
}

/// Stage 4. Every candidate scored under L, batched (the perplexity objective reuses its parents'
/// prefixes); the values go into the pool.
void scorePool(const Step &s, std::vector<Candidate> &pool, StepResult &result)
{
    const auto start = Clock::now();
    std::vector<TokenIds> parents;
    parents.reserve(s.beam.size());
    for (const BeamMember &m : s.beam)
        parents.push_back(m.ids);
    std::vector<TokenIds> candidateIds;
    std::vector<int> parentOf;
    candidateIds.reserve(pool.size());
    for (const Candidate &c : pool) {
        candidateIds.push_back(c.ids);
        parentOf.push_back(c.parent);
    }
    const std::vector<TermValues> values = s.objective.evaluatePool(parents, candidateIds, parentOf);
    for (size_t i = 0; i < pool.size(); ++i)
        pool[i].values = values[i];
    result.timings.scoring = secondsSince(start);
}

/// The grammar guard as selectNextBeam's acceptance test: it parses in order of the objective
/// until the beam is full; on a text not parsed yet it parses the next 2 x threads in that order
/// side by side (prefetchGrammar). Most are refused (bench_ato: 570 of 620 in a phase-1 step), so
/// few are parsed in vain. Only a walk in that order prefetches (the text one rank up is known):
/// the random injections are drawn from the rest, so a text parsed ahead for them would mostly be
/// parsed in vain. A refusal is marked on the candidate; `examined` records what it judged.
std::function<bool(int)> grammarAcceptance(const Step &s, std::vector<Candidate> &pool, const std::vector<double> &losses,
                                           std::vector<bool> &examined, StepResult &result)
{
    if (!s.space.guard || !s.space.guard->grammarActive())
        return {};
    auto byLoss = std::make_shared<std::vector<int>>(lossOrder(losses));
    auto rankOf = std::make_shared<std::vector<int>>(pool.size());
    for (size_t r = 0; r < byLoss->size(); ++r)
        (*rankOf)[size_t((*byLoss)[r])] = int(r);
    const CandidateGuard *guard = s.space.guard;
    return [guard, byLoss, rankOf, &pool, &examined, &result](int i) {
        const auto g0 = Clock::now();
        const std::string &text = pool[size_t(i)].text;
        const int rank = (*rankOf)[size_t(i)];
        if (guard->parseThreads() > 1 && !guard->grammarKnown(text)
            && (rank == 0 || guard->grammarKnown(pool[size_t((*byLoss)[size_t(rank - 1)])].text))) {
            std::vector<std::string> batch{text};
            const size_t want = size_t(2 * guard->parseThreads());
            for (size_t r = size_t(rank) + 1; r < byLoss->size() && batch.size() < want; ++r)
                if (!guard->grammarKnown(pool[size_t((*byLoss)[r])].text))
                    batch.push_back(pool[size_t((*byLoss)[r])].text);
            guard->prefetchGrammar(batch);
        }
        std::string why = guard->grammarRefusal(text);
        result.timings.guards += secondsSince(g0);
        examined[size_t(i)] = true;
        if (why.empty())
            return true;
        pool[size_t(i)].fate = CandidateFate::Grammar;
        pool[size_t(i)].reason = std::move(why);
        return false;
    };
}

/// Stages 5-6. The best B - R candidates of the pool by L (through the grammar guard when it is
/// on) plus R drawn at random from the rest (diversity injection); with the black-box MT term
/// (issue 21), the objective's best P accepted candidates ranked by how badly the MT system
/// handles them, its worst-handled B - R leading. Returns pool indexes; `injected` parallel.
std::vector<int> selectFromPool(const Step &s, std::vector<Candidate> &pool, std::vector<bool> &injected, StepResult &result)
{
    std::vector<double> losses(pool.size());
    for (size_t i = 0; i < pool.size(); ++i)
        losses[i] = pool[i].values.loss;
    std::vector<bool> examined(pool.size(), false);  // the grammar guard judged it (issue 34 item 6)
    const std::function<bool(int)> accept = grammarAcceptance(s, pool, losses, examined, result);
    const StepSettings &settings = s.settings;
    std::vector<int> chosen;
    if (s.space.mtRank) {
        const int rankPool = std::max(s.space.mtRankPool, settings.beamWidth - settings.randomInjections);
        const std::vector<int> ranked =
            selectNextBeam(losses, rankPool + settings.randomInjections, settings.randomInjections, s.rng, &injected, accept, &result.grammarRejected);
        std::vector<std::string> texts;
        for (size_t j = 0; j < ranked.size(); ++j) {
            if (!injected[j])
                texts.push_back(pool[size_t(ranked[j])].text);
        }
        std::vector<bool> flags;
        chosen = mtTermSelection(ranked, injected, texts.empty() ? std::vector<size_t>{} : s.space.mtRank(texts), settings.beamWidth, &flags);
        injected = std::move(flags);
    } else {
        chosen = selectNextBeam(losses, settings.beamWidth, settings.randomInjections, s.rng, &injected, accept, &result.grammarRejected);
    }
    // What became of each candidate (issue 34 item 6): chosen ones are kept or injected, the
    // grammar guard's refusals are marked; the rest passed what judged them.
    const bool grammarWalk = static_cast<bool>(accept);
    for (size_t i = 0; i < pool.size(); ++i) {
        Candidate &c = pool[i];
        if (c.fate != CandidateFate::NotTaken)
            continue;
        if (grammarWalk && !examined[i])
            c.reason = "not parsed: the beam filled first";
        else if (grammarWalk || s.space.mtRank)
            c.reason = s.space.mtRank ? "the MT term ranked it below the beam" : "passed the grammar guard; not drawn for injection";
        else
            c.reason = "below the beam's best and not drawn for injection";
    }
    for (size_t j = 0; j < chosen.size(); ++j) {
        Candidate &c = pool[size_t(chosen[j])];
        c.fate = injected[j] ? CandidateFate::Injected : CandidateFate::Kept;
        c.reason.clear();
    }
    return chosen;
}

/// The next beam from the chosen candidates: each remembers its parent and the step its changed
/// position was substituted at.
std::vector<BeamMember> nextBeam(const Step &s, const std::vector<Candidate> &pool, const std::vector<int> &chosen,
                                 const std::vector<bool> &injected)
{
    std::vector<BeamMember> next;
    next.reserve(chosen.size());
    for (size_t j = 0; j < chosen.size(); ++j) {
        const Candidate &c = pool[size_t(chosen[j])];
        BeamMember m;
        m.ids = c.ids;
        m.values = c.values;
        m.lastSubstitution = s.beam[size_t(c.parent)].lastSubstitution;
        m.lastSubstitution[size_t(c.substitution.position)] = s.step;
        m.parent = c.parent;
        m.injected = injected[j];
        m.changedPosition = c.substitution.position;
        next.push_back(std::move(m));
    }
    return next;
}

}  // namespace

StepResult beamSearchStep(const std::vector<BeamMember> &beam, const Objective &objective, const SearchSpace &space,
                          const text::Tokenizer &tokenizer, const StepSettings &settings, int step, Rng &rng)
{
    // One step of the paper's Algorithm 1 (papers.md, ATO): gradients, shortlists, sampled
    // substitutions, the filtered pool, its scores, then the best B - R plus R injections.
    const Step s{beam, objective, space, tokenizer, settings, step, rng};
    StepResult result;
    Substitutions substitutions = exhaustiveNeighbourhoods(s, result);                            // 0
    std::vector<Candidate> pool = proposePool(s, substitutions, result);                           // 1-3
    if (pool.empty()) {
        // Every candidate was a duplicate or refused by the re-tokenization check, the vocabulary
        // guard or the trigram context: keep the beam.
        keepBeam(s, substitutions, space.guard != nullptr && result.vocabularyRejected + result.contextRejected > 0, result);
        return result;
    }
    scorePool(s, pool, result);                                                                    // 4
    const auto start = Clock::now();
    const double guardsBefore = result.timings.guards;
    std::vector<bool> injected;
    const std::vector<int> chosen = selectFromPool(s, pool, injected, result);                     // 5-6
    if (chosen.empty())
        keepBeam(s, substitutions, true, result);  // the grammar guard refused every candidate; the pool still goes to the archive
    else
        result.beam = nextBeam(s, pool, chosen, injected);
    result.pool = std::move(pool);
    result.timings.bookkeeping += secondsSince(start) - (result.timings.guards - guardsBefore);
    return result;
}

}  // namespace gauntlet::ato
