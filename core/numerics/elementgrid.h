#pragma once

// The representable magnitudes of one element format, for rounding a million values a frame.
// core::encode() works on the bit patterns and is exact for one value; this does the same
// rounding (to nearest, ties to even) with a handful of double operations and no branches on
// the format, and is tested against encode() for every format it covers.

#include <bit>
#include <cmath>
#include <cstdint>

#include "core/numerics/numberformat.h"

namespace core {

struct ElementGrid
{
    bool integer = false;
    int bits = 16;             ///< storage bits of one element
    int mantissaBits = 10;     ///< floats: explicit fraction bits M
    int minExponent = -14;     ///< floats: exponent of the smallest normal, 1 − bias
    double maxValue = 65504;   ///< largest finite magnitude (integers: q_max)
    double minNormal = 0;      ///< floats: 2^minExponent
    bool infinityOnOverflow = true; ///< IEEE: past max + ½ ulp → ±inf; otherwise clamp to ±max

    /// floor(log2(maxValue)): emax of the element format (OCP MX v1.0 Table 1: E4M3 8, E5M2 15,
    /// E3M2 4, E2M3 2, E2M1 2).
    int maxExponent() const;
};

/// A float grid with E exponent and M mantissa bits and the given specials (bias 2^(E−1) − 1).
/// `saturate` clamps overflow to ±max even where the format has ±inf.
ElementGrid floatGrid(int exponentBits, int mantissaBits, SpecialEncoding specials, bool saturate);
/// The grid of an element format (FP32 … E2M1, INT8, INT4); overflow as the format's own rule
/// (describe(format).overflow) unless `saturate`.
ElementGrid elementGrid(NumberFormat format, bool saturate = false);

/// |a| (a ≥ 0, finite) rounded to the nearest magnitude of a float grid, ties to even, before
/// any overflow rule: the result may exceed maxValue (the caller decides inf or clamp).
inline double roundFloatMagnitude(const ElementGrid& g, double a)
{
    int e = int(std::bit_cast<std::uint64_t>(a) >> 52) - 1023; // floor(log2 a) for normal doubles
    if (e < g.minExponent)
        e = g.minExponent; // subnormal range: a fixed quantum
    // quantum = 2^(e − M) and its inverse are exact powers of two, so a · (1/quantum) is exact.
    const int q = e - g.mantissaBits;
    const double quantum = std::bit_cast<double>(std::uint64_t(q + 1023) << 52);
    const double inverse = std::bit_cast<double>(std::uint64_t(1023 - q) << 52);
    const double n = a * inverse; // < 2^(M+1) ≤ 2^24
    // Adding and removing 2^52 rounds to an integer in the current mode: to nearest, ties to even.
    const double rounded = (n + 0x1p52) - 0x1p52;
    return rounded * quantum;
}

/// Nearest integer, ties to even, for |v| < 2^51: 1.5 · 2^52 + v lies in [2^52, 2^53), where the
/// doubles are the integers, and 1.5 · 2^52 is even, so the sum rounds v to even ties. No branch.
inline double roundHalfEvenSmall(double v)
{
    return (v + 0x1.8p52) - 0x1.8p52;
}

} // namespace core
