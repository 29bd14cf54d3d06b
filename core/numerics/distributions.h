#pragma once

// Deterministic test tensors for the tensor studio: the same seed gives the same values on every
// platform (own generator and transforms; std::normal_distribution differs between libraries).

#include <cstdint>
#include <vector>

#include "core/numerics/tensor.h"

namespace core {

enum class Distribution {
    Normal,      ///< N(0, σ²): freshly initialised weights (σ = 0.02, Megatron's init_method_std)
    Laplace,     ///< Laplace(0, b): trained weights have heavier tails than a normal
    LogNormal,   ///< gradients: |g| = 10^N(μ, s²) with a random sign, μ ± 3s spanning [log10Low, log10High]
    LogUniform,  ///< |g| uniform in log10 space over [log10Low, log10High], random sign
    Outliers,    ///< N(0, σ²) with a few input channels (columns) × outlierFactor (LLM.int8(), Dettmers et al. 2022)
};

struct DistributionSpec
{
    Distribution kind = Distribution::Normal;
    std::int64_t rows = 1024;
    std::int64_t cols = 1024;
    double scale = 0.02;          ///< σ (Normal, Outliers) or b (Laplace)
    double log10Low = -10;        ///< LogNormal, LogUniform: the decades the magnitudes cover
    double log10High = -1;
    int outlierColumns = 4;       ///< Outliers: how many columns are scaled
    double outlierFactor = 20;
    std::uint64_t seed = 1;
};

enum class DistributionError {
    None,
    BadShape,      ///< rows or cols < 1, or more than kMaxTensorValues values
    BadScale,      ///< scale ≤ 0 or not finite
    BadRange,      ///< log10Low ≥ log10High, or beyond FP32 (10^−45 … 10^38)
    BadOutliers,   ///< outlierColumns < 0 or > cols, or outlierFactor ≤ 0
};

DistributionError validate(const DistributionSpec& spec);

/// Fills `out` (reusing its storage) with spec.rows × spec.cols values; on an invalid spec
/// leaves it empty and returns the error.
DistributionError generate(const DistributionSpec& spec, Tensor& out);

/// The columns Outliers scales, ascending (deterministic from the seed).
std::vector<std::int64_t> outlierColumns(const DistributionSpec& spec);

} // namespace core
