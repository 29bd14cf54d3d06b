#include "core/numerics/numberformat.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace core {

namespace {

FormatDescription floatFormat(NumberFormat id, int exponentBits, int mantissaBits, SpecialEncoding specials,
                              Overflow overflow, int storageBits)
{
    FormatDescription f;
    f.format = id;
    f.kind = FormatKind::Float;
    f.bits = 1 + exponentBits + mantissaBits;
    f.storageBits = storageBits;
    f.exponentBits = exponentBits;
    f.mantissaBits = mantissaBits;
    f.bias = (1 << (exponentBits - 1)) - 1;
    f.specials = specials;
    f.overflow = overflow;
    f.element = id;
    return f;
}

FormatDescription intFormat(NumberFormat id, int bits, bool isSigned)
{
    FormatDescription f;
    f.format = id;
    f.kind = isSigned ? FormatKind::SignedInt : FormatKind::UnsignedInt;
    f.bits = bits;
    f.storageBits = bits;
    f.exponentBits = 0;
    f.mantissaBits = 0;
    f.bias = 0;
    f.specials = SpecialEncoding::None;
    f.overflow = Overflow::Saturate;
    f.element = id;
    return f;
}

FormatDescription blockFormat(NumberFormat id, NumberFormat element, int blockSize, bool powerOfTwoScale)
{
    // The element fields are the element format's, so encode/decode work on one element
    // with a unit scale.
    FormatDescription f = describe(element);
    f.format = id;
    f.kind = FormatKind::BlockScaled;
    f.element = element;
    f.blockSize = blockSize;
    f.scaleBits = 8; // E8M0 (OCP MX v1.0 §5.3) or FP8 E4M3 (NVFP4)
    f.scaleIsPowerOfTwo = powerOfTwoScale;
    return f;
}

bool isIntegerKind(const FormatDescription& f)
{
    return f.kind == FormatKind::SignedInt || f.kind == FormatKind::UnsignedInt;
}

std::uint32_t allOnes(int bits)
{
    return bits >= 32 ? 0xFFFFFFFFu : (1u << bits) - 1;
}

std::uint32_t signBit(const FormatDescription& f)
{
    return 1u << (f.bits - 1);
}

/// The largest finite magnitude pattern (sign bit clear).
std::uint32_t maxFiniteMagnitude(const FormatDescription& f)
{
    const std::uint32_t mantissaOnes = allOnes(f.mantissaBits);
    const std::uint32_t exponentOnes = allOnes(f.exponentBits);
    switch (f.specials) {
    case SpecialEncoding::Ieee: return ((exponentOnes - 1) << f.mantissaBits) | mantissaOnes;
    case SpecialEncoding::NanOnly: return (exponentOnes << f.mantissaBits) | (mantissaOnes - 1);
    case SpecialEncoding::None: break;
    }
    return (exponentOnes << f.mantissaBits) | mantissaOnes;
}

std::uint32_t infinityMagnitude(const FormatDescription& f)
{
    return allOnes(f.exponentBits) << f.mantissaBits;
}

/// Canonical quiet NaN: all-ones exponent and the top mantissa bit (IEEE), or S.1…1.1…1 (E4M3).
std::uint32_t nanPattern(const FormatDescription& f)
{
    if (f.specials == SpecialEncoding::NanOnly)
        return (allOnes(f.exponentBits) << f.mantissaBits) | allOnes(f.mantissaBits);
    return infinityMagnitude(f) | (1u << (f.mantissaBits - 1));
}

Encoding overflowed(const FormatDescription& f, std::uint32_t sign)
{
    Overflow rule = f.overflow;
    // A rule the format cannot express falls back to the next one it can.
    if (rule == Overflow::Infinity && f.specials != SpecialEncoding::Ieee)
        rule = Overflow::NaN;
    if (rule == Overflow::NaN && f.specials == SpecialEncoding::None)
        rule = Overflow::Saturate;
    switch (rule) {
    case Overflow::Infinity: return {sign | infinityMagnitude(f), Conversion::Overflow};
    case Overflow::NaN: return {sign | nanPattern(f), Conversion::Overflow};
    case Overflow::Saturate: break;
    }
    return {sign | maxFiniteMagnitude(f), Conversion::Overflow};
}

struct IntRange
{
    std::int64_t lowest = 0;
    std::int64_t highest = 0;
};

IntRange intRange(const FormatDescription& f)
{
    if (f.kind == FormatKind::SignedInt)
        return {-(std::int64_t(1) << (f.bits - 1)), (std::int64_t(1) << (f.bits - 1)) - 1};
    return {0, (std::int64_t(1) << f.bits) - 1};
}

std::uint32_t intPattern(const FormatDescription& f, std::int64_t v)
{
    return std::uint32_t(std::uint64_t(v) & allOnes(f.bits));
}

std::int64_t intValue(const FormatDescription& f, std::uint32_t bits)
{
    bits &= allOnes(f.bits);
    if (f.kind == FormatKind::SignedInt && (bits & signBit(f)))
        return std::int64_t(bits) - (std::int64_t(1) << f.bits);
    return std::int64_t(bits);
}

Encoding encodeInteger(const FormatDescription& f, double value)
{
    if (std::isnan(value))
        return {0, Conversion::Invalid};
    const IntRange range = intRange(f);
    // Far outside the range (and ±inf): clamp before converting to an integer type.
    if (value > double(range.highest) + 1)
        return {intPattern(f, range.highest), Conversion::Overflow};
    if (value < double(range.lowest) - 1)
        return {intPattern(f, range.lowest), Conversion::Overflow};
    // |value| < 2^32 here, so floor and the difference are exact.
    const double whole = std::floor(value);
    const double fraction = value - whole;
    std::int64_t q = std::int64_t(whole);
    if (fraction > 0.5 || (fraction == 0.5 && (q & 1)))
        ++q; // round half to even
    if (q > range.highest)
        return {intPattern(f, range.highest), Conversion::Overflow};
    if (q < range.lowest)
        return {intPattern(f, range.lowest), Conversion::Overflow};
    if (q == 0 && value != 0)
        return {0, Conversion::Underflow};
    return {intPattern(f, q), fraction == 0 ? Conversion::Exact : Conversion::Rounded};
}

Encoding encodeFloat(const FormatDescription& f, double value)
{
    const int M = f.mantissaBits;
    if (std::isnan(value)) {
        if (f.specials == SpecialEncoding::None)
            return {0, Conversion::Invalid};
        return {nanPattern(f), Conversion::Exact};
    }
    const std::uint32_t sign = std::signbit(value) ? signBit(f) : 0;
    if (std::isinf(value)) {
        if (f.specials == SpecialEncoding::Ieee)
            return {sign | infinityMagnitude(f), Conversion::Exact};
        return overflowed(f, sign);
    }
    if (value == 0)
        return {sign, Conversion::Exact};

    // |value| = significand × 2^exponent, read off the double's bits.
    const std::uint64_t raw = std::bit_cast<std::uint64_t>(value);
    const int rawExponent = int((raw >> 52) & 0x7FF);
    std::uint64_t significand = raw & ((std::uint64_t(1) << 52) - 1);
    int exponent = -1074; // double subnormal
    if (rawExponent != 0) {
        significand |= std::uint64_t(1) << 52;
        exponent = rawExponent - 1075;
    }
    const int floorLog2 = exponent + (63 - std::countl_zero(significand));
    const int minExponent = 1 - f.bias;
    // Weight of the target's last mantissa bit at this magnitude (fixed in the subnormal range).
    const int quantum = std::max(floorLog2, minExponent) - M;
    const int shift = exponent - quantum;

    std::uint64_t n = 0; // the result is n × 2^quantum
    bool inexact = false;
    if (shift >= 0) {
        n = significand << shift; // shift ≤ M here, n < 2^(M+1)
    } else if (-shift >= 64) {
        inexact = true; // far below half the smallest subnormal: rounds to zero
    } else {
        const int r = -shift;
        n = significand >> r;
        const std::uint64_t remainder = significand & ((std::uint64_t(1) << r) - 1);
        const std::uint64_t half = std::uint64_t(1) << (r - 1);
        inexact = remainder != 0;
        if (remainder > half || (remainder == half && (n & 1)))
            ++n; // round to nearest, ties to even
    }
    if (n == 0)
        return {sign, Conversion::Underflow};

    int q = quantum;
    if (n >> (M + 1)) { // rounding carried into the next binade: n was 2^(M+1)
        n >>= 1;
        ++q;
    }
    std::uint64_t magnitude = 0;
    if (n < (std::uint64_t(1) << M)) {
        magnitude = n; // subnormal: exponent field 0
    } else {
        const std::uint64_t biasedExponent = std::uint64_t(q + M + f.bias);
        magnitude = (biasedExponent << M) | (n - (std::uint64_t(1) << M));
    }
    if (magnitude > maxFiniteMagnitude(f))
        return overflowed(f, sign);
    return {sign | std::uint32_t(magnitude), inexact ? Conversion::Rounded : Conversion::Exact};
}

} // namespace

double FormatDescription::bitsPerValue() const
{
    if (kind == FormatKind::BlockScaled)
        return bits + double(scaleBits) / blockSize;
    return storageBits;
}

FormatDescription describe(NumberFormat format)
{
    switch (format) {
    case NumberFormat::Fp32: return floatFormat(format, 8, 23, SpecialEncoding::Ieee, Overflow::Infinity, 32);
    case NumberFormat::Tf32: return floatFormat(format, 8, 10, SpecialEncoding::Ieee, Overflow::Infinity, 32);
    case NumberFormat::Fp16: return floatFormat(format, 5, 10, SpecialEncoding::Ieee, Overflow::Infinity, 16);
    case NumberFormat::Bf16: return floatFormat(format, 8, 7, SpecialEncoding::Ieee, Overflow::Infinity, 16);
    // FP8 training recipes convert with saturation (Transformer Engine, cuda_fp8.h __NV_SATFINITE).
    case NumberFormat::Fp8E4M3: return floatFormat(format, 4, 3, SpecialEncoding::NanOnly, Overflow::Saturate, 8);
    case NumberFormat::Fp8E5M2: return floatFormat(format, 5, 2, SpecialEncoding::Ieee, Overflow::Infinity, 8);
    case NumberFormat::Fp4E2M1: return floatFormat(format, 2, 1, SpecialEncoding::None, Overflow::Saturate, 4);
    case NumberFormat::Int8: return intFormat(format, 8, true);
    case NumberFormat::Uint8: return intFormat(format, 8, false);
    case NumberFormat::Int4: return intFormat(format, 4, true);
    case NumberFormat::MxFp8: return blockFormat(format, NumberFormat::Fp8E4M3, 32, true);
    case NumberFormat::MxFp4: return blockFormat(format, NumberFormat::Fp4E2M1, 32, true);
    case NumberFormat::NvFp4: return blockFormat(format, NumberFormat::Fp4E2M1, 16, false);
    }
    return floatFormat(NumberFormat::Fp32, 8, 23, SpecialEncoding::Ieee, Overflow::Infinity, 32);
}

Encoding encode(const FormatDescription& format, double value)
{
    if (isIntegerKind(format))
        return encodeInteger(format, value);
    return encodeFloat(format, value);
}

double decode(const FormatDescription& f, std::uint32_t bits)
{
    bits &= allOnes(f.bits);
    if (isIntegerKind(f))
        return double(intValue(f, bits));
    const FloatFields parts = fields(f, bits);
    const std::uint32_t exponentOnes = allOnes(f.exponentBits);
    const double sign = parts.sign ? -1.0 : 1.0;
    if (parts.exponent == exponentOnes) {
        if (f.specials == SpecialEncoding::Ieee)
            return parts.mantissa == 0 ? sign * std::numeric_limits<double>::infinity()
                                       : std::numeric_limits<double>::quiet_NaN();
        if (f.specials == SpecialEncoding::NanOnly && parts.mantissa == allOnes(f.mantissaBits))
            return std::numeric_limits<double>::quiet_NaN();
    }
    if (parts.exponent == 0) // subnormal: 0.m × 2^(1−bias)
        return sign * std::ldexp(double(parts.mantissa), 1 - f.bias - f.mantissaBits);
    const double significand = double((std::uint64_t(1) << f.mantissaBits) | parts.mantissa);
    return sign * std::ldexp(significand, int(parts.exponent) - f.bias - f.mantissaBits);
}

ValueClass classify(const FormatDescription& f, std::uint32_t bits)
{
    bits &= allOnes(f.bits);
    if (isIntegerKind(f))
        return bits == 0 ? ValueClass::Zero : ValueClass::Normal;
    const FloatFields parts = fields(f, bits);
    const std::uint32_t exponentOnes = allOnes(f.exponentBits);
    if (parts.exponent == exponentOnes) {
        if (f.specials == SpecialEncoding::Ieee)
            return parts.mantissa == 0 ? ValueClass::Infinity : ValueClass::NaN;
        if (f.specials == SpecialEncoding::NanOnly && parts.mantissa == allOnes(f.mantissaBits))
            return ValueClass::NaN;
    }
    if (parts.exponent == 0)
        return parts.mantissa == 0 ? ValueClass::Zero : ValueClass::Subnormal;
    return ValueClass::Normal;
}

FloatFields fields(const FormatDescription& f, std::uint32_t bits)
{
    FloatFields parts;
    if (isIntegerKind(f))
        return parts;
    parts.sign = (bits >> (f.bits - 1)) & 1u;
    parts.exponent = (bits >> f.mantissaBits) & allOnes(f.exponentBits);
    parts.mantissa = bits & allOnes(f.mantissaBits);
    return parts;
}

std::uint32_t compose(const FormatDescription& f, const FloatFields& parts)
{
    return ((parts.sign & 1u) << (f.bits - 1)) | ((parts.exponent & allOnes(f.exponentBits)) << f.mantissaBits)
        | (parts.mantissa & allOnes(f.mantissaBits));
}

FormatProperties properties(NumberFormat format)
{
    const FormatDescription f = describe(format);
    FormatProperties p;
    if (isIntegerKind(f)) {
        const IntRange range = intRange(f);
        p.maxValue = double(range.highest);
        p.lowestValue = double(range.lowest);
        p.minNormal = 1;
        p.minSubnormal = 1;
        p.epsilon = 1;
        p.decimalDigits = f.bits * std::log10(2.0);
        return p;
    }
    p.maxValue = decode(f, maxFiniteMagnitude(f));
    p.lowestValue = -p.maxValue;
    p.minNormal = decode(f, 1u << f.mantissaBits);
    p.minSubnormal = decode(f, 1u);
    p.epsilon = std::ldexp(1.0, -f.mantissaBits);
    p.decimalDigits = (f.mantissaBits + 1) * std::log10(2.0);
    p.hasInfinity = f.specials == SpecialEncoding::Ieee;
    p.hasNaN = f.specials != SpecialEncoding::None;
    return p;
}

std::optional<std::uint32_t> nextUp(const FormatDescription& f, std::uint32_t bits)
{
    bits &= allOnes(f.bits);
    if (isIntegerKind(f)) {
        const std::int64_t v = intValue(f, bits);
        if (v >= intRange(f).highest)
            return std::nullopt;
        return intPattern(f, v + 1);
    }
    if (classify(f, bits) == ValueClass::NaN)
        return std::nullopt;
    const std::uint32_t signMask = signBit(f);
    const std::uint32_t magnitude = bits & ~signMask;
    if (!(bits & signMask)) {
        const std::uint32_t top = f.specials == SpecialEncoding::Ieee ? infinityMagnitude(f) : maxFiniteMagnitude(f);
        if (magnitude >= top)
            return std::nullopt;
        return magnitude + 1; // positive patterns are ordered like their values
    }
    if (magnitude == 0)
        return 1u; // −0 → smallest positive subnormal
    return signMask | (magnitude - 1);
}

std::optional<std::uint32_t> nextDown(const FormatDescription& f, std::uint32_t bits)
{
    bits &= allOnes(f.bits);
    if (isIntegerKind(f)) {
        const std::int64_t v = intValue(f, bits);
        if (v <= intRange(f).lowest)
            return std::nullopt;
        return intPattern(f, v - 1);
    }
    // Floats are sign-magnitude: stepping down is stepping up on the negated pattern.
    const std::uint32_t signMask = signBit(f);
    const std::optional<std::uint32_t> up = nextUp(f, bits ^ signMask);
    if (!up)
        return std::nullopt;
    return *up ^ signMask;
}

} // namespace core
