#include "core/numerics/distributions.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "core/numerics/splitmix64.h"

namespace core {

namespace {

/// Box–Muller: two independent standard normals from two uniforms.
void normalPair(SplitMix64& rng, double& a, double& b)
{
    const double r = std::sqrt(-2.0 * std::log(rng.open01()));
    const double theta = 2.0 * std::numbers::pi * rng.open01();
    a = r * std::cos(theta);
    b = r * std::sin(theta);
}

template <typename Draw>
void fill(std::vector<float>& v, Draw&& draw)
{
    for (float& x : v)
        x = float(draw());
}

} // namespace

DistributionError validate(const DistributionSpec& s)
{
    if (s.rows < 1 || s.cols < 1 || s.rows > kMaxTensorValues || s.cols > kMaxTensorValues / s.rows)
        return DistributionError::BadShape;
    switch (s.kind) {
    case Distribution::Normal:
    case Distribution::Laplace:
    case Distribution::Outliers:
        if (!(s.scale > 0) || !std::isfinite(s.scale))
            return DistributionError::BadScale;
        break;
    case Distribution::LogNormal:
    case Distribution::LogUniform:
        if (!(s.log10Low < s.log10High) || s.log10Low < -45 || s.log10High > 38)
            return DistributionError::BadRange;
        break;
    }
    if (s.kind == Distribution::Outliers
        && (s.outlierColumns < 0 || s.outlierColumns > s.cols || !(s.outlierFactor > 0) || !std::isfinite(s.outlierFactor)))
        return DistributionError::BadOutliers;
    return DistributionError::None;
}

std::vector<std::int64_t> outlierColumns(const DistributionSpec& s)
{
    // A partial Fisher–Yates shuffle of the column indices with its own stream.
    std::vector<std::int64_t> all(std::size_t(std::max<std::int64_t>(s.cols, 0)));
    for (std::size_t i = 0; i < all.size(); ++i)
        all[i] = std::int64_t(i);
    SplitMix64 rng{s.seed ^ 0x5DEECE66Dull};
    const std::size_t k = std::min<std::size_t>(all.size(), std::size_t(std::max(0, s.outlierColumns)));
    for (std::size_t i = 0; i < k; ++i) {
        const std::size_t j = i + std::size_t(rng.next() % (all.size() - i));
        std::swap(all[i], all[j]);
    }
    all.resize(k);
    std::sort(all.begin(), all.end());
    return all;
}

DistributionError generate(const DistributionSpec& s, Tensor& out)
{
    out.values.clear();
    out.rows = out.cols = 0;
    if (const DistributionError e = validate(s); e != DistributionError::None)
        return e;
    out.rows = s.rows;
    out.cols = s.cols;
    out.values.resize(std::size_t(s.rows * s.cols));
    SplitMix64 rng{s.seed};
    switch (s.kind) {
    case Distribution::Normal:
    case Distribution::Outliers: {
        double spare = 0;
        bool haveSpare = false;
        fill(out.values, [&] {
            if (haveSpare) {
                haveSpare = false;
                return s.scale * spare;
            }
            double a = 0;
            normalPair(rng, a, spare);
            haveSpare = true;
            return s.scale * a;
        });
        if (s.kind == Distribution::Outliers)
            for (std::int64_t c : outlierColumns(s))
                for (std::int64_t r = 0; r < s.rows; ++r)
                    out.values[std::size_t(r * s.cols + c)] *= float(s.outlierFactor);
        break;
    }
    case Distribution::Laplace:
        // Inverse CDF: u uniform in (−½, ½), x = −b·sgn(u)·ln(1 − 2|u|).
        fill(out.values, [&] {
            const double u = rng.open01() - 0.5;
            return -s.scale * (u < 0 ? -1.0 : 1.0) * std::log(1 - 2 * std::abs(u));
        });
        break;
    case Distribution::LogNormal: {
        const double mu = (s.log10Low + s.log10High) / 2;
        const double sigma = (s.log10High - s.log10Low) / 6; // the range is μ ± 3σ (99.7 %)
        double spare = 0;
        bool haveSpare = false;
        fill(out.values, [&] {
            double z = spare;
            if (haveSpare) {
                haveSpare = false;
            } else {
                normalPair(rng, z, spare);
                haveSpare = true;
            }
            const double sign = (rng.next() & 1) ? -1.0 : 1.0;
            return sign * std::pow(10.0, mu + sigma * z);
        });
        break;
    }
    case Distribution::LogUniform:
        fill(out.values, [&] {
            const double sign = (rng.next() & 1) ? -1.0 : 1.0;
            return sign * std::pow(10.0, s.log10Low + (s.log10High - s.log10Low) * rng.open01());
        });
        break;
    }
    return DistributionError::None;
}

} // namespace core
