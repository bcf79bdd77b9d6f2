// The common scorer interface the ATO search composes (papers.md, ATO section): a batch of
// token-id sequences scored without gradient (padded, chunked to bound memory, inference mode),
// and one sequence scored with its gradient with respect to its one-hot matrix.
#pragma once

#include "engine/nn/weights.h"

#include <c10/util/Exception.h>
#include <torch/types.h>

#include <cstdint>
#include <atomic>
#include <string>
#include <vector>

namespace gauntlet::nn {

/// The three scores ATO uses.
enum class ScoreKind {
    Difficulty,     ///< Sentinel-src / COMET regression score D (lower = harder to translate)
    Acceptability,  ///< log P(acceptable | text) from an XLM-R CoLA classifier (<= 0; L_CoLA = -score)
    Perplexity,     ///< causal-LM perplexity exp(mean NLL of tokens 1..L-1) (>= 1)
};
/// "difficulty", "acceptability", "perplexity".
std::string scoreKindName(ScoreKind kind);
/// The inverse of scoreKindName; throws InputError for other names.
ScoreKind parseScoreKind(const std::string &name);

/// Where and how scoring runs.
struct ScorerSettings {
    torch::Device device = torch::kCPU;    ///< CPU or CUDA (libtorch built with CUDA)
    torch::Dtype dtype = torch::kFloat32;  ///< float32 (default), float64 (tests), bfloat16 (GPU)
    int threads = 0;                       ///< CPU threads for torch::set_num_threads; 0 = all cores
    int64_t maxBatchTokens = 8192;         ///< padded tokens per forward chunk; bounds peak memory
    /// Fault injection for tests: a chunk of more than this many padded tokens throws
    /// c10::OutOfMemoryError as an exhausted GPU does (0 = off).
    int64_t simulateOutOfMemoryAbove = 0;
};

/// Validates the settings (a dtype other than float32/float64/bfloat16, CUDA asked for but not
/// available, a non-positive token budget: ModelError), sets torch's CPU thread count and returns
/// the placement of the weights.
TensorPlacement applySettings(const ScorerSettings &settings);

/// A score with its gradient with respect to the one-hot matrix.
struct ScoreGradient {
    double score = 0;
    torch::Tensor gradient;  ///< [L, |V|] float32 on the CPU: d score / d one-hot
};

class Scorer {
public:
    explicit Scorer(ScorerSettings settings) : m_settings(settings) {}
    virtual ~Scorer() = default;
    Scorer(const Scorer &) = delete;
    Scorer &operator=(const Scorer &) = delete;

    virtual ScoreKind kind() const = 0;
    /// Rows of the one-hot matrix (the model's vocabulary size, may exceed the tokenizer's).
    virtual int64_t vocabSize() const = 0;
    /// The longest sequence the model takes, specials included.
    virtual int64_t maxTokens() const = 0;
    /// The shortest (1 for encoders; 2 for perplexity: the first token is never predicted).
    virtual int64_t minTokens() const { return 1; }
    const ScorerSettings &settings() const { return m_settings; }

    /// One score per sequence, in input order. Sequences are complete model inputs (for XLM-R
    /// `<s> ... </s>`, see text::Tokenizer::withSequenceSpecials). They are sorted by length,
    /// padded, and scored in chunks of at most settings().maxBatchTokens padded tokens under
    /// c10::InferenceMode; the result does not depend on the batch (see tst_scorers). Throws
    /// InputError naming the sequence index if one is too long or short, or has an id outside
    /// [0, vocabSize()).
    std::vector<double> scoreBatch(const std::vector<std::vector<int64_t>> &sequences) const;

    /// The score of one sequence as a 0-dim tensor with its autograd graph, from a one-hot (or
    /// relaxed) matrix `oneHot` [L, |V|] in the model's dtype and device. Token identities needed
    /// besides the embedding (positions, padding, the targets' ids) come from oneHot.argmax(-1).
    /// Lets the search compose several scores on one matrix before calling backward().
    virtual torch::Tensor scoreOneHot(const torch::Tensor &oneHot) const = 0;

    /// scoreOneHot of the one-hot matrix of `ids` and d score / d one-hot. Throws InputError as
    /// scoreBatch.
    ScoreGradient scoreWithGradient(const std::vector<int64_t> &ids) const;

    /// Throws InputError if `ids` cannot be scored; `index` names it in the message.
    void checkSequence(const std::vector<int64_t> &ids, size_t index) const;

    /// The padded-token budget of one forward chunk: settings().maxBatchTokens, halved after each
    /// out-of-memory error (c10::OutOfMemoryError) so the failed chunk is retried in halves; it
    /// stays lowered for later calls. Chunked loops call runChunk() to get this behaviour.
    int64_t batchTokenBudget() const { return m_batchTokens.load(); }
    /// How many times the budget was halved.
    int outOfMemoryRetries() const { return m_oomRetries.load(); }

    /// Runs `fn` for one chunk of `rows` sequences and `tokens` padded tokens. Returns false after
    /// an out-of-memory error, having halved the budget below `tokens` (the caller rebuilds the
    /// chunk and retries); throws ModelError if the chunk was a single sequence (nothing left to
    /// split). Honours settings().simulateOutOfMemoryAbove.
    template<typename Fn>
    bool runChunk(int64_t rows, int64_t tokens, Fn &&fn) const
    {
        try {
            if (m_settings.simulateOutOfMemoryAbove > 0 && tokens > m_settings.simulateOutOfMemoryAbove)
                throwSimulatedOutOfMemory(tokens);
            fn();
            return true;
        } catch (const c10::OutOfMemoryError &e) {
            shrinkAfterOutOfMemory(rows, tokens, e.what());
            return false;
        } catch (const c10::Error &e) {
            // libtorch 1.13's CPU allocator reports a failed allocation as a plain c10::Error
            // ("DefaultCPUAllocator: not enough memory"); 2.x throws OutOfMemoryError (issue 37).
            if (!isCpuOutOfMemory(e))
                throw;
            shrinkAfterOutOfMemory(rows, tokens, e.what_without_backtrace());
            return false;
        } catch (const std::bad_alloc &) {
            shrinkAfterOutOfMemory(rows, tokens, "std::bad_alloc");
            return false;
        }
    }
    /// Whether `e` is libtorch's CPU allocator failing (a memory limit reached), not another error.
    static bool isCpuOutOfMemory(const c10::Error &e);

    /// Where a chunk of items [begin, end) ends, and its rows and padded tokens (for runChunk).
    struct ChunkPlan {
        size_t end = 0;
        int64_t rows = 0;
        int64_t tokens = 0;
    };
    /// The chunked loop of every scorer and of ATO's gradients: over items [0, count),
    /// plan(begin, batchTokenBudget()) says where the next chunk ends, run(begin, end) computes it.
    /// A chunk that runs out of memory is planned again under the halved budget (runChunk), so
    /// `run` must store its results only once it has them all.
    template<typename Plan, typename Run>
    void forEachChunk(size_t count, Plan &&plan, Run &&run) const
    {
        for (size_t begin = 0; begin < count;) {
            const ChunkPlan chunk = plan(begin, batchTokenBudget());
            if (runChunk(chunk.rows, chunk.tokens, [&] { run(begin, chunk.end); }))
                begin = chunk.end;
        }
    }

protected:
    /// Scores [B] (float64, CPU) of a chunk: `ids` [B, Lmax] int64 on the device, right-padded with
    /// paddingId(); lengths[i] real tokens in row i. Called under inference mode.
    virtual torch::Tensor scoreChunk(const torch::Tensor &ids, const std::vector<int64_t> &lengths) const = 0;
    virtual int64_t paddingId() const = 0;

    ScorerSettings m_settings;

private:
    [[noreturn]] void throwSimulatedOutOfMemory(int64_t tokens) const;
    void shrinkAfterOutOfMemory(int64_t rows, int64_t tokens, const char *what) const;
    mutable std::atomic<int64_t> m_batchTokens{m_settings.maxBatchTokens};
    mutable std::atomic<int> m_oomRetries{0};
};

}  // namespace gauntlet::nn
