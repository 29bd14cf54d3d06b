#include "core/numerics/quantization.h"

#include <algorithm>
#include <cmath>

namespace core {

namespace {

/// Nearest integer, ties to even; |v| must be well below 2^52.
double roundHalfEven(double v)
{
    const double whole = std::floor(v);
    const double fraction = v - whole;
    if (fraction > 0.5 || (fraction == 0.5 && std::fmod(whole, 2.0) != 0))
        return whole + 1;
    return whole;
}

} // namespace

QuantParameters quantParameters(NumberFormat format, QuantScheme scheme, double rangeMin, double rangeMax)
{
    QuantParameters p;
    p.format = format;
    p.scheme = scheme;
    const FormatDescription f = describe(format);
    if (!f.isInteger()) {
        p.error = QuantError::NotInteger;
        return p;
    }
    if (!std::isfinite(rangeMin) || !std::isfinite(rangeMax)) {
        p.error = QuantError::NonFiniteRange;
        return p;
    }
    if (rangeMin > rangeMax) {
        p.error = QuantError::InvertedRange;
        return p;
    }
    const bool isSigned = f.kind == FormatKind::SignedInt;
    const std::int32_t fullMin = isSigned ? -(1 << (f.bits - 1)) : 0;
    const std::int32_t fullMax = isSigned ? (1 << (f.bits - 1)) - 1 : (1 << f.bits) - 1;

    if (scheme == QuantScheme::Symmetric) {
        // Restricted range ±q_max so +max and −max map to ±q_max alike (TensorRT, LLM.int8()).
        const double absMax = std::max(std::abs(rangeMin), std::abs(rangeMax));
        const std::int32_t halfSteps = isSigned ? fullMax : (1 << (f.bits - 1)) - 1;
        p.zeroPoint = isSigned ? 0 : 1 << (f.bits - 1); // UINT8: 128, as PyTorch's symmetric quint8
        p.qMin = p.zeroPoint - halfSteps;
        p.qMax = p.zeroPoint + halfSteps;
        p.rangeMin = -absMax;
        p.rangeMax = absMax;
        if (absMax == 0) {
            p.error = QuantError::EmptyRange;
            return p;
        }
        p.scale = absMax / halfSteps;
        return p;
    }

    // Asymmetric: widen the range to contain 0 so that zero (padding, ReLU output) is exact
    // (Jacob et al. 2018 §2.1; PyTorch _calculate_qparams).
    p.rangeMin = std::min(rangeMin, 0.0);
    p.rangeMax = std::max(rangeMax, 0.0);
    p.qMin = fullMin;
    p.qMax = fullMax;
    if (p.rangeMax - p.rangeMin == 0) {
        p.error = QuantError::EmptyRange;
        return p;
    }
    p.scale = (p.rangeMax - p.rangeMin) / double(fullMax - fullMin);
    const double zero = double(fullMin) - roundHalfEven(p.rangeMin / p.scale);
    p.zeroPoint = std::int32_t(std::clamp(zero, double(fullMin), double(fullMax)));
    return p;
}

Quantized quantize(const QuantParameters& p, double x)
{
    Quantized q;
    if (!p.valid() || std::isnan(x))
        return q;
    q.valid = true;
    const double scaled = x / p.scale + p.zeroPoint;
    if (scaled >= double(p.qMax) + 1) {
        q.stored = p.qMax;
        q.clipped = true;
    } else if (scaled <= double(p.qMin) - 1) {
        q.stored = p.qMin;
        q.clipped = true;
    } else {
        const double rounded = roundHalfEven(x / p.scale) + p.zeroPoint;
        q.stored = std::int32_t(std::clamp(rounded, double(p.qMin), double(p.qMax)));
        q.clipped = rounded < p.qMin || rounded > p.qMax;
    }
    q.dequantized = dequantize(p, q.stored);
    return q;
}

double dequantize(const QuantParameters& p, std::int32_t stored)
{
    return (double(stored) - p.zeroPoint) * p.scale;
}

} // namespace core
