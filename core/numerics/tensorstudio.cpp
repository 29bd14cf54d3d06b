#include "core/numerics/tensorstudio.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <thread>

#include "core/numerics/blockscaling.h"
#include "core/weightformat.h"

namespace core {

namespace {

struct Bins
{
    std::array<std::uint32_t, kErrorBins> relativeError{};
    std::array<double, kMagnitudeBins> squaredError{};
};

struct Accumulator
{
    double sumE2 = 0;
    double overflowX2 = 0; ///< Σx² of the values that overflowed (out of the SNR)
    double maxRel = 0;
    std::int64_t underflow = 0, subnormal = 0, overflow = 0, saturated = 0, exact = 0;
};

/// Quarter-octave bin of a relative error, from its FP32 bits (0 for anything below 2^−64).
inline int errorBin(float rel)
{
    const int index = int(std::bit_cast<std::uint32_t>(rel) >> 21) - ((127 + kErrorBinMinExponent) << 2);
    return std::clamp(index, 0, kErrorBins - 1);
}

/// One value stored as q: the statistics and the bins, with as few branches as it takes (the
/// data decide flushes and exact values, which a branch predictor cannot guess).
inline void record(Accumulator& a, Bins& out, float xf, double q)
{
    const double x = xf;
    const double e = q - x;
    const double e2 = e * e;
    a.sumE2 += e2;
    const auto mb = std::size_t(magnitudeBin(xf));
    out.squaredError[mb] += e2; // a zero input adds 0 to bin 0
    const double ax = std::fabs(x), ae = std::fabs(e);
    // Zero tests on the bits: a floating compare costs a NaN check (setnp, cmov) each time.
    const unsigned nonZero = (std::bit_cast<std::uint32_t>(xf) << 1) != 0;
    const unsigned flushed = nonZero & ((std::bit_cast<std::uint64_t>(q) << 1) == 0);
    const unsigned inexact = nonZero & ((std::bit_cast<std::uint64_t>(e) << 1) != 0);
    a.underflow += flushed; // no bin of its own: a read-modify-write per value costs a third of the loop
    if (ae > a.maxRel * ax) // rare once the maximum is found: predictable
        a.maxRel = ae / ax;
    a.exact += nonZero - inexact;
    // The bin needs only FP32 resolution: a float division is cheaper (x = 0 gives 0 / ∞ = 0).
    const float rel = float(ae) / float(nonZero ? ax : INFINITY);
    out.relativeError[std::size_t(errorBin(rel))] += inexact;
}

enum class Apply { AsIs, Multiply, Divide };

/// Values x[0, n) stored as element(x / scale) × scale on a float grid, into the caller's sums.
/// Callers keep `a` and `g` in locals: through a reference the compiler would have to store the
/// sums at every bin update (a double bin might alias them) and the loop would wait on store
/// forwarding.
template <Apply mode>
inline void floatValues(const float* x, std::int64_t n, double scale, const ElementGrid& g, Accumulator& a, Bins& out)
{
    const double inverse = 1 / scale; // Multiply: scale is a power of two, so this is exact
    const float scaleF = float(scale); // Divide: the FP32 scales (per tensor, channel, group; NVFP4's product)
    for (std::int64_t i = 0; i < n; ++i) {
        const double v = x[i];
        // Divide in FP32, as the reference kernels do (torchao divides FP32 data by an FP32 scale):
        // the quotient's rounding to FP32 decides ties the element's rounding then sees.
        const double y = mode == Apply::AsIs ? v : mode == Apply::Multiply ? v * inverse : double(x[i] / scaleF);
        double m = roundFloatMagnitude(g, std::fabs(y));
        if (m > g.maxValue) {
            if (g.infinityOnOverflow) {
                ++a.overflow; // ±inf: excluded from MSE, SNR and the relative error
                a.overflowX2 += v * v;
                out.squaredError[std::size_t(magnitudeBin(x[i]))] += v * v;
                continue;
            }
            m = g.maxValue;
            ++a.saturated;
        }
        a.subnormal += (m > 0) & (m < g.minNormal);
        const double q = std::copysign(m, y);
        record(a, out, x[i], mode == Apply::AsIs ? q : q * scale);
    }
}

/// Values x[0, n) stored as clamp(round(x / scale) + z, qMin, qMax), read back as (x_q − z) × scale.
inline void intValues(const float* x, std::int64_t n, double scale, double zeroPoint, double qMin, double qMax, Accumulator& a, Bins& out)
{
    for (std::int64_t i = 0; i < n; ++i) {
        const double y = std::clamp(double(x[i]) / scale, -0x1p40, 0x1p40); // keeps the rounding trick valid
        double r = roundHalfEvenSmall(y) + zeroPoint;
        if (r > qMax || r < qMin) {
            ++a.saturated;
            r = std::clamp(r, qMin, qMax);
        }
        record(a, out, x[i], (r - zeroPoint) * scale);
    }
}

template <Apply mode>
void floatUnit(const float* x, std::int64_t n, double scale, const ElementGrid& grid, Accumulator& sums, Bins& out)
{
    const ElementGrid g = grid;
    Accumulator a = sums;
    floatValues<mode>(x, n, scale, g, a, out);
    sums = a;
}

void intUnit(const float* x, std::int64_t n, double scale, double zeroPoint, double qMin, double qMax, Accumulator& sums, Bins& out)
{
    Accumulator a = sums;
    intValues(x, n, scale, zeroPoint, qMin, qMax, a, out);
    sums = a;
}

/// A unit whose scale is 0 or not finite stores nothing useful: everything reads back as 0 (or overflows).
void degenerateUnit(const float* x, std::int64_t n, double scale, Accumulator& a, Bins& out)
{
    for (std::int64_t i = 0; i < n; ++i) {
        if (!std::isfinite(scale) && x[i] != 0) {
            const double v = x[i];
            ++a.overflow;
            a.overflowX2 += v * v;
            out.squaredError[std::size_t(magnitudeBin(x[i]))] += v * v;
            continue;
        }
        record(a, out, x[i], 0);
    }
}

struct Range
{
    double absMax = 0, min = 0, max = 0;
};

Range rangeOf(const float* x, std::int64_t n)
{
    float lo = x[0], hi = x[0];
    for (std::int64_t i = 1; i < n; ++i) {
        lo = std::min(lo, x[i]);
        hi = std::max(hi, x[i]);
    }
    return {std::max(std::fabs(double(lo)), std::fabs(double(hi))), lo, hi};
}


/// A row cut into units of `width` values, each with the scale its own range gives: one call per
/// row, not per block, so the sums stay in registers across NVFP4's 16-value blocks.
template <Apply mode, typename ScaleOf>
void floatBlocks(const float* x, std::int64_t n, std::int64_t width, const ElementGrid& grid, ScaleOf&& scaleOf, Accumulator& sums,
                 Bins& out, std::vector<std::pair<float, float>>& units)
{
    const ElementGrid g = grid;
    Accumulator a = sums;
    for (std::int64_t b = 0; b < n; b += width) {
        const std::int64_t count = std::min(width, n - b);
        const double scale = scaleOf(rangeOf(x + b, count).absMax);
        units.emplace_back(float(scale), 0.0f);
        if (!(scale > 0) || !std::isfinite(scale)) {
            sums = a;
            degenerateUnit(x + b, count, scale, sums, out);
            a = sums;
        } else {
            floatValues<mode>(x + b, count, scale, g, a, out);
        }
    }
    sums = a;
}

/// The scale as it is stored (integers' scale format; FP8/FP16's per-tensor scales are FP32).
double storedScale(ScaleFormat format, double s)
{
    static const ElementGrid fp16 = elementGrid(NumberFormat::Fp16);
    static const ElementGrid bf16 = elementGrid(NumberFormat::Bf16);
    static const ElementGrid e4m3 = elementGrid(NumberFormat::Fp8E4M3, true);
    switch (format) {
    case ScaleFormat::Fp32: return double(float(s));
    case ScaleFormat::Fp16: return roundFloatMagnitude(fp16, s) > fp16.maxValue ? std::numeric_limits<double>::infinity() : roundFloatMagnitude(fp16, s);
    case ScaleFormat::Bf16: return roundFloatMagnitude(bf16, s) > bf16.maxValue ? std::numeric_limits<double>::infinity() : roundFloatMagnitude(bf16, s);
    case ScaleFormat::Fp8: return std::min(roundFloatMagnitude(e4m3, s), e4m3.maxValue);
    case ScaleFormat::E8M0: return std::ldexp(1.0, std::clamp(int(std::ceil(std::log2(s))), -127, 127)); // round up: the max stays in range
    }
    return s;
}

struct IntScale
{
    double scale = 0, zeroPoint = 0;
};

/// Symmetric: scale = max|x| / q_max, z = 0 (restricted range ±q_max). Asymmetric: the range
/// widened to contain 0, scale = (max − min) / (q_max − q_min), z = q_min − round(min / scale)
/// (Jacob et al. 2018 §2.1; PyTorch MinMaxObserver). The scale is then stored in `format`.
IntScale intScale(QuantScheme scheme, double lo, double hi, double qMin, double qMax, ScaleFormat format)
{
    IntScale s;
    if (scheme == QuantScheme::Symmetric) {
        const double absMax = std::max(std::fabs(lo), std::fabs(hi));
        s.scale = absMax > 0 ? storedScale(format, absMax / qMax) : 0;
        return s;
    }
    lo = std::min(lo, 0.0);
    hi = std::max(hi, 0.0);
    if (hi - lo <= 0)
        return s;
    s.scale = storedScale(format, (hi - lo) / (qMax - qMin));
    if (s.scale > 0 && std::isfinite(s.scale))
        s.zeroPoint = std::clamp(qMin - roundHalfEvenSmall(std::clamp(lo / s.scale, -0x1p40, 0x1p40)), qMin, qMax);
    return s;
}

} // namespace

void TensorStudio::setTensor(Tensor tensor)
{
    m_tensor = std::move(tensor);
    m_summary = summarize(m_tensor);
    m_sortedAbs.clear();
    m_sorted.clear();
}

double TensorStudio::absPercentile(double p)
{
    if (m_tensor.values.empty())
        return 0;
    if (m_sortedAbs.empty()) {
        m_sortedAbs.resize(m_tensor.values.size());
        std::transform(m_tensor.values.begin(), m_tensor.values.end(), m_sortedAbs.begin(), [](float x) { return std::fabs(x); });
        std::sort(m_sortedAbs.begin(), m_sortedAbs.end());
    }
    // Nearest rank: the smallest value with at least p % of the values at or below it.
    const double n = double(m_sortedAbs.size());
    const auto rank = std::size_t(std::clamp(std::ceil(p / 100 * n), 1.0, n));
    return m_sortedAbs[rank - 1];
}

double TensorStudio::percentile(double p)
{
    if (m_tensor.values.empty())
        return 0;
    if (m_sorted.empty()) {
        m_sorted = m_tensor.values;
        std::sort(m_sorted.begin(), m_sorted.end());
    }
    const double n = double(m_sorted.size());
    const auto rank = std::size_t(std::clamp(std::ceil(p / 100 * n), 1.0, n));
    return m_sorted[rank - 1];
}

/// One piece of the tensor, its own sums and bins: pieces are fixed by the shape, so the result
/// is the same however many threads run them, and they merge in order.
struct AnalysisPiece
{
    std::int64_t rowBegin = 0, rowEnd = 0, colBegin = 0, colEnd = 0;
    Accumulator a;
    Bins bins;
    std::vector<std::pair<float, float>> units; ///< scale and zero point of each unit
};

TensorStudio::TensorStudio() = default;
TensorStudio::~TensorStudio() = default;
TensorStudio::TensorStudio(TensorStudio&&) noexcept = default;
TensorStudio& TensorStudio::operator=(TensorStudio&&) noexcept = default;

namespace {

constexpr int kPieces = 8;
constexpr std::int64_t kThreadedFrom = std::int64_t(1) << 16; ///< below this, threads cost more than they save

/// Splits the tensor into at most kPieces pieces aligned to the scaling units: by rows, or a
/// single row at multiples of the unit width.
int makePieces(std::vector<AnalysisPiece>& pieces, std::int64_t rows, std::int64_t cols, std::int64_t unitWidth)
{
    pieces.resize(kPieces);
    int count = 0;
    if (rows >= kPieces || rows > 1) {
        const std::int64_t n = std::min<std::int64_t>(rows, kPieces);
        for (std::int64_t k = 0; k < n; ++k)
            pieces[std::size_t(count++)] = {rows * k / n, rows * (k + 1) / n, 0, cols, {}, {}, {}};
    } else {
        const std::int64_t units = (cols + unitWidth - 1) / unitWidth;
        const std::int64_t n = std::min<std::int64_t>(units, kPieces);
        for (std::int64_t k = 0; k < n; ++k)
            pieces[std::size_t(count++)] = {0, 1, std::min(cols, units * k / n * unitWidth), std::min(cols, units * (k + 1) / n * unitWidth), {}, {}, {}};
    }
    for (int k = 0; k < count; ++k) {
        AnalysisPiece& p = pieces[std::size_t(k)];
        p.a = Accumulator{};
        p.bins.relativeError.fill(0);
        p.bins.squaredError.fill(0);
        p.units.clear();
    }
    return count;
}

} // namespace

void TensorStudio::analyse(const QuantRecipe& r, TensorAnalysis& out)
{
    out.error = validate(r, m_tensor);
    out.stats = TensorStats{};
    out.tensorParameters = QuantParameters{};
    out.tensorScale = 1;
    out.gridScale = 1;
    out.gridZeroPoint = 0;
    out.exactCount = 0;
    out.relativeErrorCounts.fill(0);
    out.squaredErrorByMagnitude.fill(0);
    if (out.error != RecipeError::None)
        return;

    const ElementGrid g = elementGridOf(r.format);
    const float* data = m_tensor.values.data();
    const std::int64_t rows = m_tensor.rows, cols = m_tensor.cols, n = m_tensor.size();
    const bool integer = g.integer;
    // Integers: symmetric uses the restricted range ±q_max; asymmetric all 2^b codes.
    const double qMax = g.maxValue;
    const double qMin = r.scheme == QuantScheme::Symmetric ? -qMax : -qMax - 1;
    const int block = blockSizeOf(r.format);

    // What is fixed for the whole tensor: its scale (per-tensor scaling) or NVFP4's FP32 scale.
    double tensorScale = 1;
    IntScale tensorInt;
    if (r.scaling == Scaling::Tensor) {
        double lo = m_summary.minValue, hi = m_summary.maxValue, absMax = m_summary.absMax;
        if (r.clipping == Clipping::Percentile) {
            if (r.scheme == QuantScheme::Asymmetric) {
                lo = percentile(100 - r.percentile);
                hi = percentile(r.percentile);
            } else {
                absMax = absPercentile(r.percentile);
                lo = -absMax;
                hi = absMax;
            }
        }
        if (integer) {
            tensorInt = intScale(r.scheme, lo, hi, qMin, qMax, r.scaleFormat);
            QuantParameters& p = out.tensorParameters;
            p.format = r.format == TensorFormat::Int8 ? NumberFormat::Int8 : NumberFormat::Int4;
            p.scheme = r.scheme;
            const double absRange = std::max(std::fabs(lo), std::fabs(hi));
            p.rangeMin = r.scheme == QuantScheme::Symmetric ? -absRange : std::min(lo, 0.0);
            p.rangeMax = r.scheme == QuantScheme::Symmetric ? absRange : std::max(hi, 0.0);
            p.scale = tensorInt.scale;
            p.zeroPoint = std::int32_t(tensorInt.zeroPoint);
            p.qMin = std::int32_t(qMin);
            p.qMax = std::int32_t(qMax);
            p.error = tensorInt.scale > 0 ? QuantError::None : QuantError::EmptyRange;
        } else {
            // Transformer Engine current scaling: amax maps onto the format's max, an FP32 scale.
            tensorScale = absMax > 0 ? double(float(absMax / g.maxValue)) : 0;
            out.tensorScale = tensorScale;
        }
    } else if (r.format == TensorFormat::NvFp4) {
        tensorScale = double(float(nvfp4TensorScale(m_summary.absMax)));
        out.tensorScale = tensorScale;
    }

    const std::int64_t unitWidth = r.scaling == Scaling::Group ? r.groupSize : r.scaling == Scaling::Block ? block
        : r.scaling == Scaling::Channel ? cols : 1;
    const int pieceCount = makePieces(m_pieces, rows, cols, unitWidth);

    auto runPiece = [&](AnalysisPiece& piece) {
        Accumulator& a = piece.a;
        Bins& bins = piece.bins;
        auto& units = piece.units;
        auto intScaled = [&](const float* x, std::int64_t count, const IntScale& s) {
            if (!(s.scale > 0) || !std::isfinite(s.scale))
                degenerateUnit(x, count, s.scale, a, bins);
            else
                intUnit(x, count, s.scale, s.zeroPoint, qMin, qMax, a, bins);
        };
        // An integer unit whose own range sets its scale (a row or a group).
        auto ownScale = [&](const float* x, std::int64_t count) {
            const Range range = rangeOf(x, count);
            const IntScale s = intScale(r.scheme, range.min, range.max, qMin, qMax, r.scaleFormat);
            units.emplace_back(float(s.scale), float(s.zeroPoint));
            intScaled(x, count, s);
        };
        // Float units (rows, groups, MX and NVFP4 blocks): a row at a time.
        const int emax = g.maxExponent();
        auto floatRow = [&](const float* x, std::int64_t n, std::int64_t width) {
            if (r.format == TensorFormat::NvFp4)
                // FP32 arithmetic, as torchao multiplies the two scales (nvfp4_tensor.py _nvfp4_quantize)
                floatBlocks<Apply::Divide>(x, n, width, g, [&](double amax) { return double(float(tensorScale * nvfp4BlockScale(amax, tensorScale))); },
                                           a, bins, units);
            else if (block > 0)
                floatBlocks<Apply::Multiply>(x, n, width, g, [&](double amax) { return std::ldexp(1.0, mxSharedExponent(amax, emax)); }, a,
                                             bins, units);
            else
                floatBlocks<Apply::Divide>(x, n, width, g, [&](double amax) { return amax > 0 ? double(float(amax / g.maxValue)) : 0.0; }, a,
                                           bins, units);
        };
        for (std::int64_t row = piece.rowBegin; row < piece.rowEnd; ++row) {
            const float* x = data + row * cols;
            switch (r.scaling) {
            case Scaling::None:
                floatUnit<Apply::AsIs>(x + piece.colBegin, piece.colEnd - piece.colBegin, 1, g, a, bins);
                break;
            case Scaling::Tensor:
                if (integer)
                    intScaled(x + piece.colBegin, piece.colEnd - piece.colBegin, tensorInt);
                else if (!(tensorScale > 0))
                    degenerateUnit(x + piece.colBegin, piece.colEnd - piece.colBegin, tensorScale, a, bins);
                else
                    floatUnit<Apply::Divide>(x + piece.colBegin, piece.colEnd - piece.colBegin, tensorScale, g, a, bins);
                break;
            case Scaling::Channel:
            case Scaling::Group:
            case Scaling::Block:
                if (!integer) {
                    floatRow(x + piece.colBegin, piece.colEnd - piece.colBegin, unitWidth);
                    break;
                }
                for (std::int64_t c = piece.colBegin; c < piece.colEnd; c += unitWidth)
                    ownScale(x + c, std::min(unitWidth, cols - c));
                break;
            }
        }
    };

    const int threads = n < kThreadedFrom ? 1 : std::clamp(int(std::thread::hardware_concurrency()), 1, std::min(m_maxThreads, pieceCount));
    std::vector<std::thread> workers;
    workers.reserve(std::size_t(threads - 1));
    for (int t = 1; t < threads; ++t)
        workers.emplace_back([&, t] {
            for (int k = t; k < pieceCount; k += threads)
                runPiece(m_pieces[std::size_t(k)]);
        });
    for (int k = 0; k < pieceCount; k += threads)
        runPiece(m_pieces[std::size_t(k)]);
    for (std::thread& w : workers)
        w.join();

    // Merge in piece order.
    Accumulator a;
    std::vector<std::pair<float, float>>& units = m_units;
    units.clear();
    if (r.scaling == Scaling::Tensor)
        units.emplace_back(float(integer ? tensorInt.scale : tensorScale), float(tensorInt.zeroPoint));
    for (int k = 0; k < pieceCount; ++k) {
        const AnalysisPiece& p = m_pieces[std::size_t(k)];
        a.sumE2 += p.a.sumE2;
        a.overflowX2 += p.a.overflowX2;
        a.maxRel = std::max(a.maxRel, p.a.maxRel);
        a.underflow += p.a.underflow;
        a.subnormal += p.a.subnormal;
        a.overflow += p.a.overflow;
        a.saturated += p.a.saturated;
        a.exact += p.a.exact;
        for (int i = 0; i < kErrorBins; ++i)
            out.relativeErrorCounts[std::size_t(i)] += p.bins.relativeError[std::size_t(i)];
        for (int i = 0; i < kMagnitudeBins; ++i)
            out.squaredErrorByMagnitude[std::size_t(i)] += p.bins.squaredError[std::size_t(i)];
        units.insert(units.end(), p.units.begin(), p.units.end());
    }

    double extraBits = r.format == TensorFormat::NvFp4 ? 32 : 0; // NVFP4's FP32 per-tensor scale
    double bitsPerUnit = 0;                                      // scale (+ zero point) per unit
    if (block > 0)
        bitsPerUnit = 8; // one E8M0 or E4M3 byte per block
    else if (r.scaling != Scaling::None)
        bitsPerUnit = integer ? scaleBits(r.scaleFormat) + (r.scheme == QuantScheme::Asymmetric ? g.bits : 0) : 32;

    TensorStats& s = out.stats;
    const double count = double(n);
    s.count = n;
    s.nonZero = m_summary.count - m_summary.zeros;
    const double finite = count - double(a.overflow);
    s.sumSquaredError = a.sumE2;
    s.mse = finite > 0 ? a.sumE2 / finite : 0;
    const double signal = m_summary.sumSquares - a.overflowX2;
    s.snrDb = a.sumE2 > 0 ? 10 * std::log10(signal / a.sumE2) : std::numeric_limits<double>::infinity();
    s.maxRelativeError = a.maxRel;
    if (a.overflow > 0) {
        // A value read back as ±inf is an error of infinite size: leaving it out reported FP16
        // with half its values overflowed as 74.6 dB, and all of them as "exact" (issue 32.9).
        // Saturated values are clamped to the largest magnitude and their error is measured.
        constexpr double inf = std::numeric_limits<double>::infinity();
        s.sumSquaredError = inf;
        s.mse = inf;
        s.snrDb = -inf;
        s.maxRelativeError = inf;
    }
    s.underflowFraction = double(a.underflow) / count;
    s.subnormalFraction = double(a.subnormal) / count;
    s.overflowFraction = double(a.overflow) / count;
    s.saturationFraction = double(a.saturated) / count;
    s.scaleCount = std::int64_t(units.size());
    s.effectiveBits = (count * g.bits + double(units.size()) * bitsPerUnit + extraBits) / count;
    out.exactCount = a.exact;
    if (units.empty()) {
        s.minScale = s.medianScale = s.maxScale = 1;
        return;
    }
    auto byScale = [](const std::pair<float, float>& x, const std::pair<float, float>& y) { return x.first < y.first; };
    const auto [smallest, largest] = std::minmax_element(units.begin(), units.end(), byScale);
    s.minScale = smallest->first;
    s.maxScale = largest->first;
    auto middle = units.begin() + std::ptrdiff_t(units.size() / 2);
    std::nth_element(units.begin(), middle, units.end(), byScale);
    s.medianScale = middle->first;
    out.gridScale = middle->first;
    out.gridZeroPoint = middle->second;
}

TensorAnalysis analyseTensor(const Tensor& tensor, const QuantRecipe& recipe)
{
    TensorStudio studio;
    studio.setTensor(tensor);
    TensorAnalysis out;
    studio.analyse(recipe, out);
    return out;
}

} // namespace core
