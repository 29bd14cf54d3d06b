#include "core/serving/expertload.h"

#include <algorithm>
#include <cmath>

#include "core/serving/serving_data.h"


namespace core {

namespace {
// Spelled out (no using-declaration), as in stepcost.cpp: a unity build shares the namespace.
constexpr double kExpertLoadDispersion = serving_data::constant("expert_load_dispersion");
} // namespace

double expertLoadDispersion() { return kExpertLoadDispersion; }


double inverseNormalCdf(double p)
{
    // P. J. Acklam, "An algorithm for computing the inverse normal cumulative distribution
    // function" (2003): rational approximations in the central region and the tails.
    static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                                   1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
    static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                   6.680131188771972e+01, -1.328068155288572e+01};
    static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                   -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00};
    static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00};
    p = std::clamp(p, 1e-300, 1 - 1e-16);
    constexpr double low = 0.02425;
    if (p < low) {
        const double q = std::sqrt(-2 * std::log(p));
        return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    if (p > 1 - low) {
        const double q = std::sqrt(-2 * std::log(1 - p));
        return -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    const double q = p - 0.5, r = q * q;
    return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
        / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

double expectedMaxStandardNormal(int n)
{
    // Blom (1958): the i-th of n normal order statistics ≈ Φ⁻¹((i − 0.375) / (n + 0.25)); i = n.
    return n > 1 ? inverseNormalCdf((n - 0.375) / (n + 0.25)) : 0.0;
}

double busiestRankFactor(int ranks, double localExperts, double pairsPerRank, double dispersion)
{
    if (ranks <= 1 || !(localExperts > 0) || !(pairsPerRank > 0))
        return 1;
    const double popularity = dispersion * dispersion / localExperts;      // c² / (E / EP)
    const double sampling = (1 - 1.0 / ranks) / pairsPerRank;               // binomial share of the pairs
    return 1 + expectedMaxStandardNormal(ranks) * std::sqrt(popularity + sampling);
}

} // namespace core
