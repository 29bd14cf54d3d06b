#pragma once

// Number formats used in training and serving: their bit layouts, exact encode/decode,
// classification and properties. Everything is computed on the integer bits, so results are
// exact for every format (no detour through float or _Float16).

#include <array>
#include <cstdint>
#include <optional>

namespace core {

enum class NumberFormat {
    Fp32,
    Tf32,     ///< NVIDIA TensorFloat-32: FP32 range, FP16 precision (19 bits used, stored in 32)
    Fp16,
    Bf16,
    Fp8E4M3,  ///< OCP FP8 E4M3 ("FN"): no infinities, S.1111.111 is NaN, max 448
    Fp8E5M2,  ///< OCP FP8 E5M2: IEEE-like, max 57344
    Fp4E2M1,  ///< OCP MX FP4 E2M1: no inf/NaN, max 6
    Int8,
    Uint8,
    Int4,
    MxFp8,    ///< OCP MX: 32 FP8 E4M3 elements share one E8M0 scale
    MxFp4,    ///< OCP MX: 32 FP4 E2M1 elements share one E8M0 scale
    NvFp4,    ///< NVIDIA Blackwell: 16 FP4 E2M1 elements share one FP8 E4M3 scale
};

inline constexpr std::array<NumberFormat, 13> kAllNumberFormats = {
    NumberFormat::Fp32,    NumberFormat::Tf32,    NumberFormat::Fp16,  NumberFormat::Bf16, NumberFormat::Fp8E4M3,
    NumberFormat::Fp8E5M2, NumberFormat::Fp4E2M1, NumberFormat::Int8,  NumberFormat::Uint8, NumberFormat::Int4,
    NumberFormat::MxFp8,   NumberFormat::MxFp4,   NumberFormat::NvFp4,
};

/// The formats with a bit pattern of their own (everything but the block-scaled ones).
inline constexpr std::array<NumberFormat, 10> kElementFormats = {
    NumberFormat::Fp32,    NumberFormat::Tf32,    NumberFormat::Fp16, NumberFormat::Bf16,  NumberFormat::Fp8E4M3,
    NumberFormat::Fp8E5M2, NumberFormat::Fp4E2M1, NumberFormat::Int8, NumberFormat::Uint8, NumberFormat::Int4,
};

enum class FormatKind { Float, SignedInt, UnsignedInt, BlockScaled };

/// What the all-ones exponent means.
enum class SpecialEncoding {
    Ieee,        ///< all-ones exponent: mantissa 0 = ±inf, otherwise NaN (FP32, FP16, BF16, E5M2, TF32)
    NanOnly,     ///< only S.1…1.1…1 is NaN, no infinities; the rest of that binade is finite (E4M3 "FN")
    None,        ///< every pattern is a finite number (E2M1)
};

/// What a finite value beyond the largest finite one becomes.
enum class Overflow {
    Infinity,    ///< IEEE: ±inf
    Saturate,    ///< ±max (OCP "saturating" conversion, NVIDIA .satfinite)
    NaN,         ///< OCP "non-saturating" conversion of a format without infinities
};

/// Field widths and rules of one format. For block-scaled formats the element fields describe
/// the element format, and the block fields the shared scale.
struct FormatDescription
{
    NumberFormat format = NumberFormat::Fp32;
    FormatKind kind = FormatKind::Float;
    int bits = 32;           ///< bits of one element pattern (TF32: the 19 the tensor cores use)
    int storageBits = 32;    ///< bits it occupies in memory (TF32 lives in 32-bit registers)
    int exponentBits = 8;    ///< floats only
    int mantissaBits = 23;   ///< floats only: explicit fraction bits M
    int bias = 127;          ///< floats only: 2^(E−1) − 1
    SpecialEncoding specials = SpecialEncoding::Ieee;
    Overflow overflow = Overflow::Infinity;
    // Block-scaled formats only.
    NumberFormat element = NumberFormat::Fp32;
    int blockSize = 0;       ///< elements sharing one scale
    int scaleBits = 0;       ///< bits of the shared scale (E8M0 or FP8 E4M3: 8)
    bool scaleIsPowerOfTwo = false; ///< E8M0 (MX) rather than FP8 E4M3 (NVFP4)

    bool isFloat() const { return kind == FormatKind::Float; }
    bool isInteger() const { return kind == FormatKind::SignedInt || kind == FormatKind::UnsignedInt; }
    /// Memory per value including the amortised block scale: MXFP4 = 4 + 8/32 = 4.25.
    double bitsPerValue() const;
    double bytesPerValue() const { return bitsPerValue() / 8; }
};

/// The description of `format` (OCP 8-bit Floating Point Specification v1.0, OCP Microscaling
/// Formats v1.0, IEEE 754-2019, NVIDIA A100/Blackwell white papers).
FormatDescription describe(NumberFormat format);

enum class ValueClass { Zero, Subnormal, Normal, Infinity, NaN };

/// How a conversion went, most severe last.
enum class Conversion {
    Exact,       ///< the value is representable
    Rounded,     ///< rounded to the nearest representable value (ties to even)
    Underflow,   ///< a non-zero value rounded to ±0 ("flushes to zero")
    Overflow,    ///< beyond the largest finite value: ±inf, ±max or NaN per the format's Overflow
    Invalid,     ///< NaN into a format without NaN (stored as +0), or a block-scaled format
};

struct Encoding
{
    std::uint32_t bits = 0;  ///< the pattern, in the low `bits` bits (integers: two's complement)
    Conversion conversion = Conversion::Exact;
};

/// Rounds `value` to the nearest representable value of `format` (ties to even) and returns its
/// pattern. Integer formats round to the nearest integer and clamp.
Encoding encode(const FormatDescription& format, double value);
inline Encoding encode(NumberFormat format, double value) { return encode(describe(format), value); }

/// The exact value of `bits` (higher bits are ignored). NaN patterns decode to a quiet NaN.
double decode(const FormatDescription& format, std::uint32_t bits);
inline double decode(NumberFormat format, std::uint32_t bits) { return decode(describe(format), bits); }

/// Integers classify as Zero or Normal.
ValueClass classify(const FormatDescription& format, std::uint32_t bits);
inline ValueClass classify(NumberFormat format, std::uint32_t bits) { return classify(describe(format), bits); }

/// The fields of a float pattern, for showing (−1)^s × 2^(e−bias) × (1 + m/2^M).
struct FloatFields
{
    std::uint32_t sign = 0;
    std::uint32_t exponent = 0;  ///< biased
    std::uint32_t mantissa = 0;
};
FloatFields fields(const FormatDescription& format, std::uint32_t bits);
std::uint32_t compose(const FormatDescription& format, const FloatFields& fields);

struct FormatProperties
{
    double maxValue = 0;        ///< largest finite value
    double lowestValue = 0;     ///< most negative finite value
    double minNormal = 0;       ///< smallest positive normal (integers: 1)
    double minSubnormal = 0;    ///< smallest positive value (integers: 1)
    double epsilon = 0;         ///< distance from 1 to the next value, 2^−M (integers: 1)
    double decimalDigits = 0;   ///< (M + 1)·log10 2 (integers: bits·log10 2)
    bool hasInfinity = false;
    bool hasNaN = false;
};

/// Properties of the element format (block-scaled formats: of their element format).
FormatProperties properties(NumberFormat format);

/// The next representable value above / below the one `bits` holds, or nothing at the top
/// (+inf, +max of a format without inf) / bottom, or for NaN. nextUp(−0) is the smallest subnormal.
std::optional<std::uint32_t> nextUp(const FormatDescription& format, std::uint32_t bits);
std::optional<std::uint32_t> nextDown(const FormatDescription& format, std::uint32_t bits);

/// Mask of the pattern's `bits` bits.
inline std::uint32_t patternMask(const FormatDescription& format)
{
    return format.bits >= 32 ? 0xFFFFFFFFu : ((1u << format.bits) - 1);
}

} // namespace core
