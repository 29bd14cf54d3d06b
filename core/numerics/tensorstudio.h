#pragma once

// The tensor studio: store a whole tensor in a format with its scaling, and measure what is lost
// — MSE, SNR, the largest relative error, what flushes to zero, overflows or saturates, the bits
// each value costs including its scales, and the bytes a model of the scenario's size would take.
//
// Built for a slider: analyse() makes one pass over the values (each scaling unit — a row, a
// group, a block — is read twice while it is in cache: its range, then its values), allocates
// nothing once warm, and bins errors by the bits of the numbers (quarter-octave bins with exact
// edges 2^e·{1, 1.25, 1.5, 1.75}) instead of calling log(). Every value counts; nothing is sampled.

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "core/numerics/elementgrid.h"
#include "core/numerics/quantization.h"
#include "core/numerics/tensor.h"
#include "core/scenario.h"

namespace core {

/// What a tensor can be stored as in the studio.
enum class TensorFormat {
    Fp16, Bf16, Fp8E4M3, Fp8E5M2,
    MxFp8E4M3, MxFp8E5M2, MxFp6E2M3, MxFp6E3M2, MxFp4, ///< OCP MX v1.0: 32 elements + one E8M0 scale
    NvFp4,                                              ///< 16 E2M1 + one E4M3 scale, + one FP32 per tensor
    Int8, Int4,
};
inline constexpr std::array<TensorFormat, 12> kTensorFormats = {
    TensorFormat::Fp16,      TensorFormat::Bf16,      TensorFormat::Fp8E4M3,   TensorFormat::Fp8E5M2,
    TensorFormat::MxFp8E4M3, TensorFormat::MxFp8E5M2, TensorFormat::MxFp6E2M3, TensorFormat::MxFp6E3M2,
    TensorFormat::MxFp4,     TensorFormat::NvFp4,     TensorFormat::Int8,      TensorFormat::Int4,
};

enum class Scaling {
    None,     ///< the values as they are (FP16, BF16, a raw FP8 cast)
    Tensor,   ///< one scale for the whole tensor (FP8: amax → the format's max, Transformer Engine "current scaling")
    Channel,  ///< one scale per output channel (row)
    Group,    ///< one scale per `groupSize` values of a row (GPTQ/AWQ groups, 128 typical)
    Block,    ///< the format's own blocks: MX (32, E8M0) or NVFP4 (16, E4M3 + FP32 per tensor)
};

enum class Clipping {
    AbsMax,      ///< the scale maps the largest magnitude (or min/max) onto the format's range
    Percentile,  ///< … the given percentile instead; what lies beyond saturates (TensorRT percentile calibration)
};

struct QuantRecipe
{
    TensorFormat format = TensorFormat::Int8;
    Scaling scaling = Scaling::Channel;
    int groupSize = 128;                         ///< Group only
    QuantScheme scheme = QuantScheme::Symmetric; ///< integers only
    Clipping clipping = Clipping::AbsMax;
    double percentile = 99.9;                    ///< Percentile: of |x| (symmetric) or of each tail (asymmetric)
    ScaleFormat scaleFormat = ScaleFormat::Fp16; ///< integers' scales (FP16 as GPTQ/AWQ checkpoints); float formats use FP32 (MX/NVFP4: their own)

    bool operator==(const QuantRecipe&) const = default;
};

enum class RecipeError {
    None,
    EmptyTensor,
    ScalingNotAvailable,        ///< e.g. no scale for INT8, per-channel BF16, or groups for MX (use Block)
    BadGroupSize,               ///< Group: groupSize < 2 or more than the row
    BadPercentile,              ///< not in (50, 100]
    PercentileNeedsTensorScale, ///< percentile clipping is calibrated per tensor
    SchemeNeedsInteger,         ///< asymmetric (a zero point) is for INT8 / INT4
};

/// The recipe a format usually comes with: FP16/BF16 as they are, FP8 per-tensor, MX/NVFP4 their
/// blocks, INT8 per channel, INT4 groups of 128 (symmetric, FP16 scales).
QuantRecipe defaultRecipe(TensorFormat format);
/// Scalings the format allows, in menu order.
std::vector<Scaling> scalingsFor(TensorFormat format);
RecipeError validate(const QuantRecipe& recipe, const Tensor& tensor);

/// The element format's grid (MX and NVFP4 elements clamp to ±max, OCP MX v1.0 §6.3).
ElementGrid elementGridOf(TensorFormat format);
bool isInteger(TensorFormat format);
bool isBlockScaled(TensorFormat format);
/// Block size of MX (32) / NVFP4 (16), else 0.
int blockSizeOf(TensorFormat format);
/// The NumberFormat of the stored element, for the lab's bit views (FP6 has none: nothing).
std::optional<NumberFormat> elementNumberFormat(TensorFormat format);

/// The serving weights the memory bars can show this recipe as: FP16, BF16, FP8 (no scale or one
/// per tensor), INT8/INT4 per channel (groupSize 0) or per group with the recipe's scale format and
/// a zero point if asymmetric. Nothing for MX/NVFP4 and FP8 with finer scales (the estimate has no
/// such weight format) and for per-tensor INT (the estimate models per-channel or per-group scales).
std::optional<WeightQuantization> weightQuantizationFor(const QuantRecipe& recipe);
/// The KV-cache dtype of the format: FP16, BF16, FP8 (E4M3/E5M2), INT8; nothing otherwise.
std::optional<KvCacheDtype> kvCacheDtypeFor(TensorFormat format);
/// Storage bits per parameter of a model's linear weights in this recipe with rows of
/// `rowLength` values (the hidden size): core::bitsPerParameter where weightQuantizationFor
/// maps, else element bits + the block or group scale bits (NVFP4's one FP32 per tensor and
/// FP8's one per tensor are negligible for a model, as the memory bars treat FP8).
double modelBitsPerParameter(const QuantRecipe& recipe, double rowLength);

/// Quarter-octave bins by the bits of a number: bin k covers [low(k), low(k + 1)).
inline constexpr int kMagnitudeBins = 1024;   ///< |x| as FP32 bits >> 21: exponent + 2 mantissa bits
inline constexpr int kErrorBins = 4 * 80;     ///< relative error 2^−64 … 2^16
inline constexpr int kErrorBinMinExponent = -64;
double magnitudeBinLow(int bin);
double errorBinLow(int bin);
/// The magnitude bin of |x| (x finite).
inline int magnitudeBin(float x)
{
    return int((std::bit_cast<std::uint32_t>(x) & 0x7FFFFFFFu) >> 21);
}

struct TensorSummary
{
    std::int64_t count = 0;
    std::int64_t zeros = 0;
    double absMax = 0;
    double minValue = 0;
    double maxValue = 0;
    double meanSquare = 0;
    int smallestMagnitudeBin = kMagnitudeBins; ///< of the non-zero values (kMagnitudeBins if all zero)
    int largestMagnitudeBin = -1;
    double sumSquares = 0;
    std::array<std::uint32_t, kMagnitudeBins> countByMagnitude{}; ///< non-zero values by |x|: the log-x histogram
    std::array<double, kMagnitudeBins> squaredValueByMagnitude{};  ///< Σx² by |x|
};

struct TensorStats
{
    std::int64_t count = 0;
    std::int64_t nonZero = 0;
    // A value that overflows to ±inf has an infinite error: then sumSquaredError, mse and
    // maxRelativeError are +inf and snrDb −inf. A saturated value (clamped to the largest
    // magnitude, or to the clip range) is counted with its measured error.
    double sumSquaredError = 0;      ///< Σ(q − x)²; +inf if any value overflowed
    double mse = 0;                  ///< mean (q − x)²; +inf if any value overflowed
    double snrDb = 0;                ///< 10 log10(Σx² / Σ(q − x)²); +inf when exact, −inf if any value overflowed
    double maxRelativeError = 0;     ///< max |q − x| / |x| over non-zero inputs (flushed to zero: 1); +inf if any overflowed
    double underflowFraction = 0;    ///< non-zero inputs stored as 0, of all values
    double subnormalFraction = 0;    ///< stored in the element's subnormal range (fewer bits), of all values
    double overflowFraction = 0;     ///< became ±inf, of all values (the error is then infinite)
    double saturationFraction = 0;   ///< beyond the largest magnitude + ½ step (or the clip range), clamped to it; of all values
    double effectiveBits = 0;        ///< storage bits per value including scales and zero points
    std::int64_t scaleCount = 0;     ///< scales stored (0 without scaling)
    double minScale = 0;             ///< of the scales used (1 without scaling)
    double medianScale = 0;
    double maxScale = 0;
};

struct TensorAnalysis
{
    RecipeError error = RecipeError::None;
    TensorStats stats;
    /// Per-tensor integer scaling: the scale and zero point used (Jacob et al. 2018, eq. 1).
    QuantParameters tensorParameters;
    /// NVFP4: the FP32 per-tensor scale; FP8/FP16 per-tensor: the scale the values were divided by.
    double tensorScale = 1;
    /// The unit whose scale is the median one, for drawing its grid: scale and zero point.
    double gridScale = 1;
    double gridZeroPoint = 0;
    std::int64_t exactCount = 0; ///< non-zero inputs stored exactly (relative error 0)
    /// Non-zero, inexact inputs by relative error |q − x| / |x| (binned in FP32; overflows not counted).
    std::array<std::uint32_t, kErrorBins> relativeErrorCounts{};
    std::array<double, kMagnitudeBins> squaredErrorByMagnitude{};      ///< Σ(q − x)² by |x| (an overflow counts as x²)
    /// RMS relative error of the values in magnitude bin k, sqrt(Σ(q − x)² / Σx²) (the Σx² from the
    /// tensor's summary); −1 if the bin is empty.
    double relativeRmsError(const TensorSummary& summary, int bin) const;
};

/// Holds a tensor and what analyse() needs across slider moves: its summary, a lazily sorted copy
/// for percentiles, and scratch space for the scales.
struct AnalysisPiece;

class TensorStudio
{
public:
    TensorStudio();
    ~TensorStudio();
    TensorStudio(TensorStudio&&) noexcept;
    TensorStudio& operator=(TensorStudio&&) noexcept;

    void setTensor(Tensor tensor);
    const Tensor& tensor() const { return m_tensor; }
    const TensorSummary& summary() const { return m_summary; }

    /// The p-th percentile (0 … 100) of |x| / of x, by the nearest-rank method on the sorted values
    /// (sorted once per tensor, on first use).
    double absPercentile(double p);
    double percentile(double p);

    /// Quantizes every value by `recipe` and measures the result into `out` (reused; no allocation
    /// once warm). Large tensors run on up to four threads, in fixed pieces merged in order, so the
    /// numbers do not depend on the thread count.
    void analyse(const QuantRecipe& recipe, TensorAnalysis& out);
    /// At most this many threads (default 4; 1 runs everything on the caller's thread).
    void setMaxThreads(int threads) { m_maxThreads = threads < 1 ? 1 : threads; }

private:
    int m_maxThreads = 4;
    Tensor m_tensor;
    TensorSummary m_summary;
    std::vector<float> m_sortedAbs;
    std::vector<float> m_sorted;
    std::vector<std::pair<float, float>> m_units; ///< scale and zero point of each unit, for the median
    std::vector<AnalysisPiece> m_pieces;
};

/// One-shot: the analysis of `tensor` stored as `recipe`.
TensorAnalysis analyseTensor(const Tensor& tensor, const QuantRecipe& recipe);

/// The summary of a tensor (one pass).
TensorSummary summarize(const Tensor& tensor);

/// Counts of x in `bins` equal bins over [low, high) into `counts` (resized); values outside are
/// not counted. One pass.
void linearHistogram(const Tensor& tensor, double low, double high, int bins, std::vector<double>& counts);

/// The representable values of `recipe`'s element grid times `scale` (integers: (k − zero point)
/// × scale) that lie in [low, high], ascending, into `out`; false (and `out` holding only the
/// powers of two × scale in range, the binade edges) when more than `maxCount` would.
bool representableValues(TensorFormat format, double scale, double zeroPoint, double low, double high,
                         std::size_t maxCount, std::vector<double>& out);

} // namespace core
