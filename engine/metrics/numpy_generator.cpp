#include "engine/metrics/numpy_generator.h"

#include <stdexcept>

namespace gauntlet::metrics {

namespace {

// numpy/random/bit_generator.pyx: SeedSequence's hashing constants.
constexpr std::uint32_t kInitA = 0x43b0d7e5;
constexpr std::uint32_t kMultA = 0x931e8875;
constexpr std::uint32_t kInitB = 0x8b51f9dd;
constexpr std::uint32_t kMultB = 0x58f38ded;
constexpr std::uint32_t kMixMultL = 0xca01f9dd;
constexpr std::uint32_t kMixMultR = 0x4973f715;
constexpr int kXShift = 16;
constexpr std::size_t kPoolSize = 4;

// PCG64's multiplier (PCG_DEFAULT_MULTIPLIER_128).
constexpr unsigned __int128 kMultiplier =
    (static_cast<unsigned __int128>(2549297995355413924ULL) << 64) | 4865540595714422341ULL;

}  // namespace

std::array<std::uint64_t, 4> NumpyGenerator::seedSequenceState(std::uint64_t seed)
{
    // _coerce_to_uint32_array: the seed as little-endian 32-bit words (0 is one word).
    std::vector<std::uint32_t> entropy;
    do {
        entropy.push_back(static_cast<std::uint32_t>(seed));
        seed >>= 32;
    } while (seed != 0);

    // SeedSequence.mix_entropy.
    std::uint32_t hashConst = kInitA;
    auto hashmix = [&hashConst](std::uint32_t value) {
        value ^= hashConst;
        hashConst *= kMultA;
        value *= hashConst;
        value ^= value >> kXShift;
        return value;
    };
    auto mix = [](std::uint32_t x, std::uint32_t y) {
        std::uint32_t result = kMixMultL * x - kMixMultR * y;
        result ^= result >> kXShift;
        return result;
    };
    std::array<std::uint32_t, kPoolSize> pool{};
    for (std::size_t i = 0; i < kPoolSize; ++i)
        pool[i] = hashmix(i < entropy.size() ? entropy[i] : 0);
    for (std::size_t src = 0; src < kPoolSize; ++src)
        for (std::size_t dst = 0; dst < kPoolSize; ++dst)
            if (src != dst)
                pool[dst] = mix(pool[dst], hashmix(pool[src]));
    for (std::size_t src = kPoolSize; src < entropy.size(); ++src)
        for (std::size_t dst = 0; dst < kPoolSize; ++dst)
            pool[dst] = mix(pool[dst], hashmix(entropy[src]));

    // SeedSequence.generate_state(4, np.uint64): eight 32-bit words viewed as four uint64.
    std::uint32_t hashB = kInitB;
    std::array<std::uint64_t, 4> state{};
    for (std::size_t i = 0; i < 8; ++i) {
        std::uint32_t value = pool[i % kPoolSize];
        value ^= hashB;
        hashB *= kMultB;
        value *= hashB;
        value ^= value >> kXShift;
        state[i / 2] |= static_cast<std::uint64_t>(value) << (32 * (i % 2));
    }
    return state;
}

NumpyGenerator::NumpyGenerator(std::uint64_t seed)
{
    // PCG64._reset_state_variables + pcg64_set_seed -> pcg_setseq_128_srandom_r.
    const auto words = seedSequenceState(seed);
    const unsigned __int128 initState = (static_cast<unsigned __int128>(words[0]) << 64) | words[1];
    const unsigned __int128 initSequence = (static_cast<unsigned __int128>(words[2]) << 64) | words[3];
    m_state = 0;
    m_increment = (initSequence << 1) | 1;
    step();
    m_state += initState;
    step();
}

void NumpyGenerator::step() { m_state = m_state * kMultiplier + m_increment; }

std::uint64_t NumpyGenerator::nextUint64()
{
    // pcg_setseq_128_xsl_rr_64_random_r: advance, then output XSL-RR of the new state.
    step();
    const auto x = static_cast<std::uint64_t>(m_state >> 64) ^ static_cast<std::uint64_t>(m_state);
    const auto rot = static_cast<unsigned>(m_state >> 122);
    return (x >> rot) | (x << ((64 - rot) & 63));
}

std::uint32_t NumpyGenerator::nextUint32()
{
    // pcg64_next32: numpy keeps the high half of a 64-bit output for the next call.
    if (m_hasUint32) {
        m_hasUint32 = false;
        return m_uint32;
    }
    const std::uint64_t next = nextUint64();
    m_hasUint32 = true;
    m_uint32 = static_cast<std::uint32_t>(next >> 32);
    return static_cast<std::uint32_t>(next);
}

std::vector<std::uint32_t> NumpyGenerator::integersBelow(std::uint32_t n, std::size_t count)
{
    if (n == 0)
        throw std::invalid_argument("NumpyGenerator::integersBelow: n must be at least 1");
    std::vector<std::uint32_t> out(count, 0);
    const std::uint32_t rng = n - 1;  // numpy's inclusive range
    if (rng == 0)
        return out;  // random_bounded_uint64_fill: no draws for a one-value range
    // buffered_bounded_lemire_uint32 (Lemire 2019, "Fast Random Integer Generation in an
    // Interval", ACM TOMACS 29(1)); rng = 0xFFFFFFFF cannot occur since n <= 2^32 - 1 here.
    const std::uint32_t rngExcl = n;
    const std::uint32_t threshold = static_cast<std::uint32_t>((0xFFFFFFFFULL - rng) % rngExcl);
    for (auto &value : out) {
        std::uint64_t m = static_cast<std::uint64_t>(nextUint32()) * rngExcl;
        auto leftover = static_cast<std::uint32_t>(m);
        if (leftover < rngExcl) {
            while (leftover < threshold) {
                m = static_cast<std::uint64_t>(nextUint32()) * rngExcl;
                leftover = static_cast<std::uint32_t>(m);
            }
        }
        value = static_cast<std::uint32_t>(m >> 32);
    }
    return out;
}

std::vector<bool> NumpyGenerator::bools(std::size_t count)
{
    // random_bounded_bool_fill -> buffered_bounded_bool: a fresh 32-bit buffer per call.
    std::vector<bool> out(count);
    std::uint32_t buffer = 0;
    int bitsLeft = 0;
    for (std::size_t i = 0; i < count; ++i) {
        if (bitsLeft == 0) {
            buffer = nextUint32();
            bitsLeft = 31;
        } else {
            buffer >>= 1;
            --bitsLeft;
        }
        out[i] = (buffer & 1U) != 0;
    }
    return out;
}

}  // namespace gauntlet::metrics
