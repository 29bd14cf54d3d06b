// The tensor studio's tables: which scalings a format allows, its element grid, what the
// estimate can serve it as, its bits per parameter, and its representable values.
#include <algorithm>
#include <cmath>

#include "core/numerics/blockscaling.h"
#include "core/numerics/tensorstudio.h"
#include "core/weightformat.h"

namespace core {

bool isInteger(TensorFormat f)
{
    return f == TensorFormat::Int8 || f == TensorFormat::Int4;
}

bool isBlockScaled(TensorFormat f)
{
    return blockSizeOf(f) > 0;
}

int blockSizeOf(TensorFormat f)
{
    switch (f) {
    case TensorFormat::MxFp8E4M3:
    case TensorFormat::MxFp8E5M2:
    case TensorFormat::MxFp6E2M3:
    case TensorFormat::MxFp6E3M2:
    case TensorFormat::MxFp4: return kMxBlock;
    case TensorFormat::NvFp4: return kNvFp4Block;
    default: return 0;
    }
}

ElementGrid elementGridOf(TensorFormat f)
{
    switch (f) {
    case TensorFormat::Fp16: return elementGrid(NumberFormat::Fp16);
    case TensorFormat::Bf16: return elementGrid(NumberFormat::Bf16);
    case TensorFormat::Fp8E4M3: return elementGrid(NumberFormat::Fp8E4M3); // saturating, as TE casts
    case TensorFormat::Fp8E5M2: return elementGrid(NumberFormat::Fp8E5M2); // IEEE: overflow → inf
    // MX elements clamp to ±max normal (OCP MX v1.0 §6.3).
    case TensorFormat::MxFp8E4M3: return floatGrid(4, 3, SpecialEncoding::NanOnly, true);
    case TensorFormat::MxFp8E5M2: return floatGrid(5, 2, SpecialEncoding::Ieee, true);
    case TensorFormat::MxFp6E2M3: return floatGrid(2, 3, SpecialEncoding::None, true); // max 7.5 (OCP MX v1.0 Table 4)
    case TensorFormat::MxFp6E3M2: return floatGrid(3, 2, SpecialEncoding::None, true); // max 28
    case TensorFormat::MxFp4:
    case TensorFormat::NvFp4: return floatGrid(2, 1, SpecialEncoding::None, true);     // max 6
    case TensorFormat::Int8: return elementGrid(NumberFormat::Int8);
    case TensorFormat::Int4: return elementGrid(NumberFormat::Int4);
    }
    return elementGrid(NumberFormat::Fp16);
}

std::optional<NumberFormat> elementNumberFormat(TensorFormat f)
{
    switch (f) {
    case TensorFormat::Fp16: return NumberFormat::Fp16;
    case TensorFormat::Bf16: return NumberFormat::Bf16;
    case TensorFormat::Fp8E4M3:
    case TensorFormat::MxFp8E4M3: return NumberFormat::Fp8E4M3;
    case TensorFormat::Fp8E5M2:
    case TensorFormat::MxFp8E5M2: return NumberFormat::Fp8E5M2;
    case TensorFormat::MxFp4:
    case TensorFormat::NvFp4: return NumberFormat::Fp4E2M1;
    case TensorFormat::Int8: return NumberFormat::Int8;
    case TensorFormat::Int4: return NumberFormat::Int4;
    case TensorFormat::MxFp6E2M3:
    case TensorFormat::MxFp6E3M2: break;
    }
    return std::nullopt;
}

std::vector<Scaling> scalingsFor(TensorFormat f)
{
    if (isBlockScaled(f))
        return {Scaling::Block};
    if (isInteger(f))
        return {Scaling::Tensor, Scaling::Channel, Scaling::Group};
    if (f == TensorFormat::Fp16 || f == TensorFormat::Bf16)
        return {Scaling::None, Scaling::Tensor};
    return {Scaling::Tensor, Scaling::None, Scaling::Channel, Scaling::Group};
}

QuantRecipe defaultRecipe(TensorFormat f)
{
    QuantRecipe r;
    r.format = f;
    r.scaling = scalingsFor(f).front();
    if (f == TensorFormat::Int8)
        r.scaling = Scaling::Channel;
    if (f == TensorFormat::Int4)
        r.scaling = Scaling::Group;
    r.groupSize = 128;
    return r;
}

RecipeError validate(const QuantRecipe& r, const Tensor& t)
{
    if (t.values.empty() || t.rows < 1 || t.cols < 1 || std::int64_t(t.values.size()) != t.rows * t.cols)
        return RecipeError::EmptyTensor;
    const std::vector<Scaling> allowed = scalingsFor(r.format);
    if (std::find(allowed.begin(), allowed.end(), r.scaling) == allowed.end())
        return RecipeError::ScalingNotAvailable;
    if (r.scaling == Scaling::Group && (r.groupSize < 2 || r.groupSize > t.cols))
        return RecipeError::BadGroupSize;
    if (r.scheme == QuantScheme::Asymmetric && !isInteger(r.format))
        return RecipeError::SchemeNeedsInteger;
    if (r.clipping == Clipping::Percentile) {
        if (!(r.percentile > 50 && r.percentile <= 100))
            return RecipeError::BadPercentile;
        if (r.scaling != Scaling::Tensor)
            return RecipeError::PercentileNeedsTensorScale;
    }
    return RecipeError::None;
}

std::optional<WeightQuantization> weightQuantizationFor(const QuantRecipe& r)
{
    WeightQuantization q;
    switch (r.format) {
    case TensorFormat::Fp16:
    case TensorFormat::Bf16:
        q.format = r.format == TensorFormat::Fp16 ? WeightFormat::Fp16 : WeightFormat::Bf16;
        return q;
    case TensorFormat::Fp8E4M3:
    case TensorFormat::Fp8E5M2:
        if (r.scaling != Scaling::None && r.scaling != Scaling::Tensor)
            return std::nullopt;
        q.format = WeightFormat::Fp8;
        return q;
    case TensorFormat::Int8:
    case TensorFormat::Int4:
        if (r.scaling != Scaling::Channel && r.scaling != Scaling::Group)
            return std::nullopt;
        q.format = r.format == TensorFormat::Int8 ? WeightFormat::Int8 : WeightFormat::Int4;
        q.groupSize = r.scaling == Scaling::Group ? r.groupSize : 0;
        q.scale = r.scaleFormat;
        q.zeroPoint = r.scheme == QuantScheme::Asymmetric;
        return q;
    default: break;
    }
    return std::nullopt;
}

std::optional<KvCacheDtype> kvCacheDtypeFor(TensorFormat f)
{
    switch (f) {
    case TensorFormat::Fp16: return KvCacheDtype::Fp16;
    case TensorFormat::Bf16: return KvCacheDtype::Bf16;
    case TensorFormat::Fp8E4M3:
    case TensorFormat::Fp8E5M2: return KvCacheDtype::Fp8;
    case TensorFormat::Int8: return KvCacheDtype::Int8;
    default: break;
    }
    return std::nullopt;
}

double modelBitsPerParameter(const QuantRecipe& r, double rowLength)
{
    if (const std::optional<WeightQuantization> q = weightQuantizationFor(r))
        return bitsPerParameter(*q, rowLength);
    const double element = elementGridOf(r.format).bits;
    if (const int block = blockSizeOf(r.format); block > 0)
        return element + 8.0 / block; // one E8M0 (MX) or E4M3 (NVFP4) byte per block
    const double unit = r.scaling == Scaling::Group ? r.groupSize : (rowLength > 0 ? rowLength : 1);
    switch (r.scaling) {
    case Scaling::Channel:
    case Scaling::Group: {
        const double scale = isInteger(r.format) ? scaleBits(r.scaleFormat) : 32; // FP8 scales are FP32
        const double zero = r.scheme == QuantScheme::Asymmetric ? element : 0;
        return element + (scale + zero) / unit;
    }
    case Scaling::None:
    case Scaling::Tensor:
    case Scaling::Block: break;
    }
    return element; // one scale per weight matrix: negligible
}

double magnitudeBinLow(int bin)
{
    // Bin k: FP32 exponent field k / 4, mantissa top bits k % 4 (exponent field 0: subnormals).
    const int field = bin >> 2, quarter = bin & 3;
    if (field == 0)
        return std::ldexp(quarter / 4.0, -126);
    return std::ldexp(1.0 + quarter / 4.0, field - 127);
}

double errorBinLow(int bin)
{
    return std::ldexp(1.0 + (bin & 3) / 4.0, (bin >> 2) + kErrorBinMinExponent);
}

double TensorAnalysis::relativeRmsError(const TensorSummary& summary, int bin) const
{
    if (bin < 0 || bin >= kMagnitudeBins || summary.squaredValueByMagnitude[std::size_t(bin)] <= 0)
        return -1;
    return std::sqrt(squaredErrorByMagnitude[std::size_t(bin)] / summary.squaredValueByMagnitude[std::size_t(bin)]);
}

bool representableValues(TensorFormat format, double scale, double zeroPoint, double low, double high,
                         std::size_t maxCount, std::vector<double>& out)
{
    out.clear();
    if (!(scale > 0) || !std::isfinite(scale) || !(low < high))
        return true;
    const ElementGrid g = elementGridOf(format);
    auto add = [&](double v) {
        if (v >= low && v <= high)
            out.push_back(v);
    };
    if (g.integer) {
        const double lowest = -g.maxValue - (format == TensorFormat::Int8 || format == TensorFormat::Int4 ? 1 : 0);
        // Only the stored integers whose values fall in range: k from (low/scale + z) to (high/scale + z).
        const double kLow = std::max(lowest, std::ceil(low / scale + zeroPoint));
        const double kHigh = std::min(g.maxValue, std::floor(high / scale + zeroPoint));
        if (kHigh - kLow + 1 > double(maxCount)) {
            add(0);
            return false;
        }
        for (double k = kLow; k <= kHigh; ++k)
            add((k - zeroPoint) * scale);
        return true;
    }
    std::vector<double> magnitudes; // the element's positive values, ascending
    const double step = std::ldexp(1.0, g.minExponent - g.mantissaBits);
    const int steps = 1 << g.mantissaBits;
    for (int k = 1; k < steps; ++k)
        magnitudes.push_back(k * step); // subnormals
    for (int e = g.minExponent; e <= g.maxExponent(); ++e)
        for (int m = 0; m < steps; ++m) {
            const double v = std::ldexp(double(steps + m), e - g.mantissaBits);
            if (v <= g.maxValue)
                magnitudes.push_back(v);
        }
    std::size_t inRange = low <= 0 && high >= 0 ? 1 : 0;
    for (double m : magnitudes)
        inRange += (m * scale >= low && m * scale <= high) + (-m * scale >= low && -m * scale <= high);
    if (inRange > maxCount) {
        for (int e = g.minExponent; e <= g.maxExponent(); ++e) {
            add(-std::ldexp(scale, e));
            add(std::ldexp(scale, e));
        }
        add(0);
        std::sort(out.begin(), out.end());
        return false;
    }
    for (auto it = magnitudes.rbegin(); it != magnitudes.rend(); ++it)
        add(-*it * scale);
    add(0);
    for (double m : magnitudes)
        add(m * scale);
    return true;
}

} // namespace core
