#pragma once

#include <cstdint>

namespace core {

/// SplitMix64 (Steele, Lea and Flood 2014): a small generator with the same sequence on every
/// platform, so a seed always gives the same tensor and the same loss-scaling run.
struct SplitMix64
{
    std::uint64_t state = 0;
    std::uint64_t next()
    {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    /// Uniform in (0, 1): 53 random bits, never 0 or 1 (logarithms of it stay finite).
    double open01() { return (double(next() >> 11) + 0.5) * 0x1p-53; }
};

} // namespace core
