// numpy's default random generator, bit for bit: np.random.default_rng(seed) is a PCG64
// (O'Neill 2014, "PCG: A Family of Simple Fast Space-Efficient Statistically Good Algorithms for
// Random Number Generation", XSL-RR output on a 128-bit LCG) seeded through numpy's SeedSequence
// (numpy/random/bit_generator.pyx, after Melissa O'Neill's seed_seq), and Generator.choice /
// Generator.integers draw bounded integers with Lemire's method on 32-bit outputs
// (numpy/random/src/distributions/distributions.c: random_bounded_uint64_fill,
// buffered_bounded_lemire_uint32, random_bounded_bool_fill). sacrebleu 2.6's significance tests
// draw from it (sacrebleu/significance.py), so reproducing it reproduces their numbers.
// Checked against numpy 1.24.2 (tests/metrics/tst_numpy_generator.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace gauntlet::metrics {

/// np.random.default_rng(seed) for a non-negative integer seed.
class NumpyGenerator {
public:
    explicit NumpyGenerator(std::uint64_t seed);

    /// Generator.integers(0, n, size=count) (int64), equivalently Generator.choice(n, size=count,
    /// replace=True): `count` integers in [0, n), in numpy's order, n >= 1; a
    /// two-dimensional size (rows, cols) is the same stream read row by row. n < 2^32.
    std::vector<std::uint32_t> integersBelow(std::uint32_t n, std::size_t count);
    /// Generator.integers(2, size=count, dtype=bool): one fair bit per draw, 32 per 32-bit output,
    /// least significant first.
    std::vector<bool> bools(std::size_t count);

    /// Generator.random(): a double in [0, 1) from the top 53 bits of a 64-bit output.
    double random() { return static_cast<double>(nextUint64() >> 11) * (1.0 / 9007199254740992.0); }

    /// The next 64-bit PCG64 output (numpy's next_uint64).
    std::uint64_t nextUint64();
    /// numpy's next_uint32: the low half of a 64-bit output, then its high half.
    std::uint32_t nextUint32();

    /// SeedSequence(seed).generate_state(4, np.uint64): the PCG64 seed words (state, increment).
    static std::array<std::uint64_t, 4> seedSequenceState(std::uint64_t seed);

private:
    unsigned __int128 m_state = 0;
    unsigned __int128 m_increment = 0;
    bool m_hasUint32 = false;
    std::uint32_t m_uint32 = 0;

    void step();
};

}  // namespace gauntlet::metrics
