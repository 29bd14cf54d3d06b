#pragma once

// Dynamic loss scaling as PyTorch's GradScaler does it, over gradients whose magnitudes drift,
// and what FP16 and BF16 lose to underflow with no scaling, a fixed scale and the dynamic one.
//
// GradScaler (torch/amp/grad_scaler.py at 3f34c068): init_scale 2^16, growth_factor 2.0,
// backoff_factor 0.5, growth_interval 2000. After each step torch._amp_update_scale_
// (aten/src/ATen/native/cuda/AmpKernels.cu at 5bde2162): if the scaled gradients held an inf or
// NaN, the optimizer step is skipped, scale × backoff and the tracker resets; otherwise the
// tracker counts the step, and at growth_interval consecutive good steps scale × growth (kept
// only if finite in FP32) and the tracker resets.

#include <cstdint>
#include <vector>

namespace core {

struct GradScalerConfig
{
    double initScale = 65536.0;   ///< 2^16
    double growthFactor = 2.0;
    double backoffFactor = 0.5;
    int growthInterval = 2000;
};

struct GradScalerState
{
    float scale = 65536.0f;       ///< an FP32 tensor in PyTorch
    int growthTracker = 0;        ///< consecutive steps without inf/NaN
};

GradScalerState initialScalerState(const GradScalerConfig& config);
/// The state after a step whose scaled gradients did (foundInf) or did not hold inf/NaN.
GradScalerState updateScale(const GradScalerConfig& config, GradScalerState state, bool foundInf);

/// FP16 stores |x| ≤ 2^−25 as 0 (half its smallest subnormal 2^−24, ties to even) and overflows
/// at |x| ≥ 65520 (max 65504 + half an ulp); BF16 at 2^−134 and 2^128 − 2^119 (IEEE 754 rounding).
inline constexpr double kFp16FlushThreshold = 0x1p-25;
inline constexpr double kFp16OverflowThreshold = 65520.0;
inline constexpr double kBf16FlushThreshold = 0x1p-134;
inline constexpr double kBf16OverflowThreshold = 0x1p128 - 0x1p119;

/// Gradient magnitudes per step: log10|g| ~ N(μ_t, σ²). At step 0 they run from 10^log10Low to
/// 10^log10High, the largest of the step's valuesPerStep gradients: μ ± σ·z with z = Φ⁻¹(1 − 1/n)
/// (the n-th largest of n sits near that quantile; z ≈ 6.3 for 7·10^9). The whole distribution
/// shifts by driftDecades, linearly, to the last step (gradients shrink as the loss falls).
struct GradientDrift
{
    double log10Low = -10;
    double log10High = -1;
    double driftDecades = -2;
    int steps = 10000;
    double valuesPerStep = 7e9;      ///< gradient elements per step (one per parameter), ≥ 10
    double spikeProbability = 0.002; ///< chance per step that the largest gradient is spikeDecades larger (a loss spike)
    double spikeDecades = 2;
    std::uint64_t seed = 1;
};

enum class DriftError { None, BadRange, BadSteps, BadValues, BadSpikes };
DriftError validate(const GradientDrift& drift);

struct LossScalingStep
{
    double log10Mean = 0;         ///< μ_t
    double log10Largest = 0;      ///< log10 of the step's largest |g|
    double dynamicScale = 0;      ///< the GradScaler scale this step used
    bool dynamicSkipped = false;  ///< its scaled gradients overflowed FP16: step skipped, scale halved
    bool fixedOverflow = false;   ///< the fixed scale overflowed FP16 this step
    double underflowFp16None = 0; ///< share of the gradients FP16 flushes to zero, unscaled
    double underflowFp16Fixed = 0;
    double underflowFp16Dynamic = 0;
    double underflowBf16None = 0;
};

struct LossScalingRun
{
    DriftError error = DriftError::None;
    std::vector<LossScalingStep> steps;
    int dynamicSkipped = 0;
    int fixedOverflows = 0;
    /// Mean underflow share over the steps that were applied (dynamic: skipped steps excluded).
    double meanUnderflowFp16None = 0, meanUnderflowFp16Fixed = 0, meanUnderflowFp16Dynamic = 0, meanUnderflowBf16None = 0;
};

/// Standard normal CDF Φ and its inverse.
double normalCdf(double z);
double normalQuantile(double p);

/// Share of |g| with log10|g| ~ N(mean, sigma²) that a format flushing at `threshold` stores as 0
/// after scaling by `scale`: Φ((log10(threshold / scale) − mean) / sigma).
double underflowShare(double log10Mean, double log10Sigma, double scale, double threshold);

/// Runs GradScaler (and a fixed scale) over drift.steps steps; closed-form shares, no sampling.
LossScalingRun simulateLossScaling(const GradientDrift& drift, const GradScalerConfig& config, double fixedScale);

} // namespace core
