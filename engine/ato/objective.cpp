#include "engine/ato/objective.h"

#include "engine/ato/ato_error.h"

#include <torch/torch.h>

#include <map>
#include <tuple>

namespace gauntlet::ato {

std::vector<TermValues> Objective::evaluatePool(const std::vector<TokenIds> &parents, const std::vector<TokenIds> &candidates,
                                                const std::vector<int> &parentOf) const
{
    (void)parents;
    (void)parentOf;
    return evaluate(candidates);
}

std::vector<torch::Tensor> Objective::gradients(const std::vector<TokenIds> &sequences, std::vector<TermValues> *values) const
{
    std::vector<torch::Tensor> out;
    out.reserve(sequences.size());
    if (values)
        values->assign(sequences.size(), TermValues{});
    for (size_t i = 0; i < sequences.size(); ++i)
        out.push_back(gradient(sequences[i], values ? &(*values)[i] : nullptr));
    return out;
}

void requireSameTokenizer(const text::Tokenizer &a, const text::Tokenizer &b, const std::string &aName, const std::string &bName)
{
    const auto fail = [&](const std::string &why) {
        throw AtoError("the " + aName + " and the " + bName + " use different tokenizers (" + why
                       + "): ATO takes both gradients with respect to one one-hot matrix, so they must share a vocabulary");
    };
    if (&a == &b)
        return;
    if (a.kind() != b.kind())
        fail("different tokenizer families");
    if (a.vocabSize() != b.vocabSize())
        fail("vocabulary sizes " + std::to_string(a.vocabSize()) + " and " + std::to_string(b.vocabSize()));
    for (int id = 0; id < a.vocabSize(); ++id) {
        if (a.pieceText(id) != b.pieceText(id))
            fail("id " + std::to_string(id) + " is '" + a.pieceText(id) + "' in one and '" + b.pieceText(id) + "' in the other");
    }
}

namespace {

/// One-hot matrix [L, |V|] of `ids` in the scorer's dtype and device, requiring grad.
torch::Tensor oneHotOf(const TokenIds &ids, std::int64_t vocabSize, const nn::ScorerSettings &settings)
{
    const torch::Tensor idx = torch::tensor(ids, torch::kLong);
    return torch::one_hot(idx, vocabSize).to(settings.device, settings.dtype).requires_grad_(true);
}

/// Calls fn(rows, ids) for chunks of `sequences` of one length: `rows` their indices, `ids` [n, L]
/// int64 on the scorer's device. A chunk holds at most the scorer's batchTokenBudget() tokens and
/// 2^26 gradient values (n * L * vocabSize), and at least one sequence. A chunk that runs out of
/// memory is retried in halves (Scorer::forEachChunk; issue 37: the gradients, the largest tensors of a
/// step, had no back-off); `fn` must store its results only once it has computed them all.
template<typename Fn>
void forEachLengthChunk(const std::vector<TokenIds> &sequences, std::int64_t vocabSize, const nn::Scorer &scorer, Fn fn)
{
    std::map<size_t, std::vector<size_t>> byLength;
    for (size_t i = 0; i < sequences.size(); ++i)
        byLength[sequences[i].size()].push_back(i);
    for (const auto &[length, rows] : byLength) {
        const auto l = std::int64_t(std::max<size_t>(length, 1));
        scorer.forEachChunk(rows.size(), [&](size_t start, std::int64_t budget) {
            const std::int64_t cap = std::max<std::int64_t>(1, std::min(budget / l, (std::int64_t{1} << 26) / (l * vocabSize)));
            const size_t end = std::min(rows.size(), start + size_t(cap));
            return nn::Scorer::ChunkPlan{end, std::int64_t(end - start), std::int64_t(end - start) * l};
        }, [&](size_t start, size_t end) {
            const std::vector<size_t> chunk(rows.begin() + std::ptrdiff_t(start), rows.begin() + std::ptrdiff_t(end));
            torch::Tensor ids = torch::empty({std::int64_t(chunk.size()), std::int64_t(length)}, torch::kInt64);
            for (size_t r = 0; r < chunk.size(); ++r)
                ids[std::int64_t(r)].copy_(torch::tensor(sequences[chunk[r]], torch::kInt64));
            fn(chunk, ids.to(scorer.settings().device));
        });
    }
}

/// A 1-dim tensor's values as doubles.
std::vector<double> toDoubles(const torch::Tensor &t)
{
    const torch::Tensor c = t.detach().to(torch::kCPU, torch::kFloat64).contiguous();
    return std::vector<double>(c.data_ptr<double>(), c.data_ptr<double>() + c.numel());
}

/// Checks every sequence against `scorer` (Scorer::checkSequence: throws naming the first it cannot
/// score) and makes room for a batch's results: returns one empty tensor per sequence and, when
/// `values` is given, resets it to one TermValues per sequence.
std::vector<torch::Tensor> startBatch(const nn::Scorer &scorer, const std::vector<TokenIds> &sequences, std::vector<TermValues> *values)
{
    for (size_t i = 0; i < sequences.size(); ++i)
        scorer.checkSequence(sequences[i], i);
    std::vector<torch::Tensor> out(sequences.size());
    if (values)
        values->assign(sequences.size(), TermValues{});
    return out;
}

}  // namespace

DifficultyObjective::DifficultyObjective(std::shared_ptr<const nn::DifficultyScorer> difficulty,
                                         std::shared_ptr<const nn::AcceptabilityScorer> acceptability, double lambdaFluency,
                                         double lambdaCohesion)
    : m_difficulty(std::move(difficulty)), m_acceptability(std::move(acceptability)), m_lambdaFluency(lambdaFluency),
      m_lambdaCohesion(lambdaCohesion)
{
    if (!m_difficulty)
        throw AtoError("the difficulty objective needs a difficulty (Sentinel) model");
    if (m_acceptability && m_acceptability->vocabSize() != m_difficulty->vocabSize())
        throw AtoError("the difficulty model (vocabulary " + std::to_string(m_difficulty->vocabSize())
                       + ") and the acceptability model (vocabulary " + std::to_string(m_acceptability->vocabSize())
                       + ") cannot share one one-hot matrix");
}

void DifficultyObjective::beamChanged(const std::vector<TokenIds> &beam)
{
    if (m_lambdaCohesion == 0 || beam.empty())
        return;
    // [B, H] -> [H]
    m_meanCls = m_difficulty->clsBatch(beam).mean(0);
}

std::vector<TermValues> DifficultyObjective::evaluate(const std::vector<TokenIds> &sequences) const
{
    std::vector<TermValues> out(sequences.size());
    if (sequences.empty())
        return out;
    std::vector<double> d;
    torch::Tensor cosine;  // [B]
    if (m_lambdaCohesion != 0 && m_meanCls.defined()) {
        // one encoder pass gives D and the CLS vectors
        const torch::Tensor dh = m_difficulty->scoreAndClsBatch(sequences);  // [B, 1 + H]
        const torch::Tensor dc = dh.select(1, 0).contiguous();
        d.assign(dc.data_ptr<double>(), dc.data_ptr<double>() + dc.numel());
        const torch::Tensor h = dh.slice(1, 1).to(torch::kFloat32);  // [B, H]
        cosine = torch::cosine_similarity(h, m_meanCls.unsqueeze(0).to(h.dtype()), 1, 1e-8).to(torch::kFloat64).contiguous();
    } else {
        d = m_difficulty->scoreBatch(sequences);
    }
    std::vector<double> logAcceptable;
    if (m_acceptability)
        logAcceptable = m_acceptability->scoreBatch(sequences);
    for (size_t i = 0; i < sequences.size(); ++i) {
        TermValues &v = out[i];
        v.difficulty = d[i];
        v.loss = d[i];
        if (m_acceptability) {
            v.fluencyLoss = -logAcceptable[i];
            v.loss += m_lambdaFluency * v.fluencyLoss;
        }
        if (cosine.defined()) {
            v.cohesionLoss = 1.0 - cosine[std::int64_t(i)].item<double>();
            v.loss += m_lambdaCohesion * v.cohesionLoss;
        }
    }
    return out;
}

torch::Tensor DifficultyObjective::gradient(const TokenIds &sequence, TermValues *values) const
{
    m_difficulty->checkSequence(sequence, 0);
    torch::AutoGradMode grad(true);
    const torch::Tensor oneHot = oneHotOf(sequence, vocabSize(), m_difficulty->settings());  // [L, |V|]
    const bool cohesionOn = m_lambdaCohesion != 0 && m_meanCls.defined();
    torch::Tensor d, h;  // 0-dim; [H] (one encoder pass when L_cos is on)
    if (cohesionOn)
        std::tie(d, h) = m_difficulty->scoreAndClsOneHot(oneHot);
    else
        d = m_difficulty->scoreOneHot(oneHot);
    torch::Tensor loss = d.to(torch::kFloat64);
    TermValues v;
    v.difficulty = d.item<double>();
    if (m_acceptability) {
        const torch::Tensor fluency = -m_acceptability->scoreOneHot(oneHot).to(torch::kFloat64);
        v.fluencyLoss = fluency.item<double>();
        loss = loss + m_lambdaFluency * fluency;
    }
    if (cohesionOn) {
        const torch::Tensor mean = m_meanCls.to(h.device(), h.dtype());
        const torch::Tensor cohesion = (1 - torch::cosine_similarity(h.unsqueeze(0), mean.unsqueeze(0), 1, 1e-8).squeeze(0)).to(torch::kFloat64);
        v.cohesionLoss = cohesion.item<double>();
        loss = loss + m_lambdaCohesion * cohesion;
    }
    v.loss = loss.item<double>();
    loss.backward();
    if (values)
        *values = v;
    return oneHot.grad().to(torch::kCPU, torch::kFloat32);
}

std::vector<torch::Tensor> DifficultyObjective::gradients(const std::vector<TokenIds> &sequences, std::vector<TermValues> *values) const
{
    std::vector<torch::Tensor> out = startBatch(*m_difficulty, sequences, values);
    torch::AutoGradMode grad(true);
    const bool cohesionOn = m_lambdaCohesion != 0 && m_meanCls.defined();
    forEachLengthChunk(sequences, vocabSize(), *m_difficulty,
                       [&](const std::vector<size_t> &rows, const torch::Tensor &ids) {
        const torch::Tensor embedD = m_difficulty->wordEmbeddingLeaf(ids);  // [n, L, H]
        const auto [d, h] = m_difficulty->scoreAndClsEmbedded(embedD, ids);  // [n], [n, H]
        torch::Tensor loss = d.to(torch::kFloat64);
        torch::Tensor embedC, fluency, cohesion;
        if (m_acceptability) {
            embedC = m_acceptability->wordEmbeddingLeaf(ids);
            fluency = -m_acceptability->scoreEmbedded(embedC, ids).to(torch::kFloat64);
            loss = loss + m_lambdaFluency * fluency;
        }
        if (cohesionOn) {
            const torch::Tensor mean = m_meanCls.to(h.device(), h.dtype()).unsqueeze(0);
            cohesion = (1 - torch::cosine_similarity(h, mean, 1, 1e-8)).to(torch::kFloat64);
            loss = loss + m_lambdaCohesion * cohesion;
        }
        loss.sum().backward();
        torch::Tensor g = m_difficulty->oneHotGradient(embedD.grad());  // [n, L, |V|]
        if (m_acceptability)
            g = g + m_acceptability->oneHotGradient(embedC.grad());
        g = g.to(torch::kFloat32);  // stays on the model's device: the shortlist is taken there
        for (size_t r = 0; r < rows.size(); ++r)
            out[rows[r]] = g[std::int64_t(r)];
        if (!values)
            return;
        const std::vector<double> dv = toDoubles(d), lv = toDoubles(loss);
        const std::vector<double> fv = fluency.defined() ? toDoubles(fluency) : std::vector<double>();
        const std::vector<double> cv = cohesion.defined() ? toDoubles(cohesion) : std::vector<double>();
        for (size_t r = 0; r < rows.size(); ++r) {
            TermValues &v = (*values)[rows[r]];
            v.difficulty = dv[r];
            v.loss = lv[r];
            if (!fv.empty())
                v.fluencyLoss = fv[r];
            if (!cv.empty())
                v.cohesionLoss = cv[r];
        }
    });
    return out;
}

std::vector<TermValues> PerplexityObjective::evaluate(const std::vector<TokenIds> &sequences) const
{
    std::vector<TermValues> out(sequences.size());
    if (sequences.empty())
        return out;
    const std::vector<double> ppl = m_lm->scoreBatch(sequences);
    for (size_t i = 0; i < ppl.size(); ++i)
        out[i].loss = out[i].perplexity = ppl[i];
    return out;
}

std::vector<TermValues> PerplexityObjective::evaluatePool(const std::vector<TokenIds> &parents, const std::vector<TokenIds> &candidates,
                                                          const std::vector<int> &parentOf) const
{
    // Group candidates by parent text (a fresh phase-2 beam holds B copies of one text), so each
    // group runs its parent once and reuses its keys/values (prefix reuse).
    std::vector<TermValues> out(candidates.size());
    std::map<TokenIds, std::vector<size_t>> groups;
    for (size_t i = 0; i < candidates.size(); ++i)
        groups[parents[size_t(parentOf[i])]].push_back(i);
    for (const auto &[parent, members] : groups) {
        std::vector<TokenIds> batch;
        batch.reserve(members.size());
        for (size_t i : members)
            batch.push_back(candidates[i]);
        const std::vector<double> ppl = m_lm->scoreCandidates(parent, batch);
        for (size_t k = 0; k < members.size(); ++k)
            out[members[k]].loss = out[members[k]].perplexity = ppl[k];
    }
    return out;
}

torch::Tensor PerplexityObjective::gradient(const TokenIds &sequence, TermValues *values) const
{
    const nn::ScoreGradient g = m_lm->scoreWithGradient(sequence);
    if (values) {
        values->loss = values->perplexity = g.score;
    }
    return g.gradient;
}

std::vector<torch::Tensor> PerplexityObjective::gradients(const std::vector<TokenIds> &sequences, std::vector<TermValues> *values) const
{
    std::vector<torch::Tensor> out = startBatch(*m_lm, sequences, values);
    torch::AutoGradMode grad(true);
    forEachLengthChunk(sequences, vocabSize(), *m_lm,
                       [&](const std::vector<size_t> &rows, const torch::Tensor &ids) {
        const auto [ppl, oneHotGrad] = m_lm->scoreAndOneHotGradient(ids);  // [n], [n, L, |V|]
        const torch::Tensor g = oneHotGrad.to(torch::kFloat32);            // on the model's device
        for (size_t r = 0; r < rows.size(); ++r)
            out[rows[r]] = g[std::int64_t(r)];
        if (!values)
            return;
        const std::vector<double> pv = toDoubles(ppl);
        for (size_t r = 0; r < rows.size(); ++r)
            (*values)[rows[r]].loss = (*values)[rows[r]].perplexity = pv[r];
    });
    return out;
}

}  // namespace gauntlet::ato
