#include "core/numerics/lossscaling.h"

#include <cmath>
#include <numbers>

#include "core/numerics/splitmix64.h"

namespace core {

GradScalerState initialScalerState(const GradScalerConfig& c)
{
    return {float(c.initScale), 0};
}

GradScalerState updateScale(const GradScalerConfig& c, GradScalerState s, bool foundInf)
{
    if (foundInf) {
        s.scale = float(double(s.scale) * c.backoffFactor);
        s.growthTracker = 0;
        return s;
    }
    const int successful = s.growthTracker + 1;
    if (successful == c.growthInterval) {
        const float grown = float(double(s.scale) * c.growthFactor);
        if (std::isfinite(grown)) // "Do not grow the scale past fp32 bounds to inf."
            s.scale = grown;
        s.growthTracker = 0;
    } else {
        s.growthTracker = successful;
    }
    return s;
}

double normalCdf(double z)
{
    return 0.5 * std::erfc(-z / std::numbers::sqrt2);
}

double normalQuantile(double p)
{
    if (!(p > 0))
        return -INFINITY;
    if (!(p < 1))
        return INFINITY;
    // Bisection on Φ: once per run, 200 halvings reach the double's resolution.
    double lo = -40, hi = 40;
    for (int i = 0; i < 200 && hi - lo > 1e-15; ++i) {
        const double mid = 0.5 * (lo + hi);
        (normalCdf(mid) < p ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

double underflowShare(double log10Mean, double log10Sigma, double scale, double threshold)
{
    if (!(scale > 0))
        return 1;
    return normalCdf((std::log10(threshold / scale) - log10Mean) / log10Sigma);
}

DriftError validate(const GradientDrift& d)
{
    if (!(d.log10Low < d.log10High) || d.log10Low < -60 || d.log10High > 30 || !std::isfinite(d.driftDecades)
        || std::abs(d.driftDecades) > 20)
        return DriftError::BadRange;
    if (d.steps < 1 || d.steps > 1000000)
        return DriftError::BadSteps;
    if (!(d.valuesPerStep >= 10) || d.valuesPerStep > 1e15)
        return DriftError::BadValues;
    if (!(d.spikeProbability >= 0 && d.spikeProbability <= 1) || !(d.spikeDecades >= 0 && d.spikeDecades <= 20))
        return DriftError::BadSpikes;
    return DriftError::None;
}

LossScalingRun simulateLossScaling(const GradientDrift& d, const GradScalerConfig& config, double fixedScale)
{
    LossScalingRun run;
    run.error = validate(d);
    if (run.error != DriftError::None)
        return run;
    // The largest of n values sits near the 1 − 1/n quantile: log10High = μ + σ·z.
    const double zLargest = normalQuantile(1 - 1 / (d.valuesPerStep + 1));
    const double mu0 = (d.log10Low + d.log10High) / 2;
    const double sigma = (d.log10High - d.log10Low) / (2 * zLargest);
    SplitMix64 rng{d.seed};
    GradScalerState state = initialScalerState(config);
    run.steps.resize(std::size_t(d.steps));
    double sumNone = 0, sumFixed = 0, sumDynamic = 0, sumBf16 = 0;
    int fixedApplied = 0, dynamicApplied = 0;
    for (int t = 0; t < d.steps; ++t) {
        LossScalingStep& s = run.steps[std::size_t(t)];
        s.log10Mean = mu0 + (d.steps > 1 ? d.driftDecades * t / (d.steps - 1) : 0.0);
        const bool spike = rng.open01() < d.spikeProbability;
        s.log10Largest = s.log10Mean + sigma * zLargest + (spike ? d.spikeDecades : 0.0);
        const double largest = std::pow(10.0, s.log10Largest);
        s.dynamicScale = state.scale;
        s.dynamicSkipped = largest * state.scale >= kFp16OverflowThreshold;
        s.fixedOverflow = largest * fixedScale >= kFp16OverflowThreshold;
        s.underflowFp16None = underflowShare(s.log10Mean, sigma, 1, kFp16FlushThreshold);
        s.underflowFp16Fixed = underflowShare(s.log10Mean, sigma, fixedScale, kFp16FlushThreshold);
        s.underflowFp16Dynamic = underflowShare(s.log10Mean, sigma, state.scale, kFp16FlushThreshold);
        s.underflowBf16None = underflowShare(s.log10Mean, sigma, 1, kBf16FlushThreshold);
        sumNone += s.underflowFp16None;
        sumBf16 += s.underflowBf16None;
        if (s.fixedOverflow) {
            ++run.fixedOverflows;
        } else {
            sumFixed += s.underflowFp16Fixed;
            ++fixedApplied;
        }
        if (s.dynamicSkipped) {
            ++run.dynamicSkipped;
        } else {
            sumDynamic += s.underflowFp16Dynamic;
            ++dynamicApplied;
        }
        state = updateScale(config, state, s.dynamicSkipped);
    }
    run.meanUnderflowFp16None = sumNone / d.steps;
    run.meanUnderflowBf16None = sumBf16 / d.steps;
    run.meanUnderflowFp16Fixed = fixedApplied > 0 ? sumFixed / fixedApplied : 0;
    run.meanUnderflowFp16Dynamic = dynamicApplied > 0 ? sumDynamic / dynamicApplied : 0;
    return run;
}

} // namespace core
