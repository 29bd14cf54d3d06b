#pragma once

// Affine integer quantization, x_q = round(x / scale) + zero_point and
// x ≈ (x_q − zero_point) × scale (the seeds' "量化公式"; Jacob et al. 2018, eq. 1).

#include <cstdint>

#include "core/numerics/numberformat.h"

namespace core {

enum class QuantScheme {
    Symmetric,   ///< zero point fixed (0 for signed), scale = max|x| / q_max, range ±q_max (absmax, TensorRT)
    Asymmetric,  ///< scale = (max − min) / (q_max − q_min), zero point maps min to q_min (PyTorch MinMaxObserver)
};

enum class QuantError {
    None,
    NotInteger,      ///< the format is not INT8, UINT8 or INT4
    NonFiniteRange,  ///< a range end is NaN or ±inf
    InvertedRange,   ///< min > max
    EmptyRange,      ///< the range has no width (symmetric: max|x| = 0; asymmetric: min = max = 0)
};

struct QuantParameters
{
    NumberFormat format = NumberFormat::Int8;
    QuantScheme scheme = QuantScheme::Symmetric;
    double rangeMin = 0;        ///< the range actually mapped (asymmetric: widened to contain 0)
    double rangeMax = 0;
    double scale = 0;
    std::int32_t zeroPoint = 0;
    std::int32_t qMin = 0;      ///< stored integers are clamped to [qMin, qMax]
    std::int32_t qMax = 0;
    QuantError error = QuantError::None;
    bool valid() const { return error == QuantError::None; }
};

/// Scale and zero point mapping [rangeMin, rangeMax] onto `format`'s integers.
QuantParameters quantParameters(NumberFormat format, QuantScheme scheme, double rangeMin, double rangeMax);

struct Quantized
{
    bool valid = false;          ///< false for NaN input or invalid parameters
    std::int32_t stored = 0;     ///< the integer kept in memory
    double dequantized = 0;      ///< (stored − zero point) × scale
    bool clipped = false;        ///< x lay outside the range and was clamped
};

/// Rounds x / scale to the nearest integer (ties to even, as torch.quantize_per_tensor), adds the
/// zero point and clamps.
Quantized quantize(const QuantParameters& parameters, double x);
double dequantize(const QuantParameters& parameters, std::int32_t stored);

} // namespace core
