#include "core/goodput/goodput.h"

#include <algorithm>
#include <cmath>

namespace core {

double youngIntervalSeconds(double delta, double m)
{
    return delta > 0 && m > 0 ? std::sqrt(2 * delta * m) : 0;
}

double dalyIntervalSeconds(double delta, double m)
{
    if (!(m > 0))
        return 0;
    if (!(delta > 0))
        return 0; // a free checkpoint: as often as possible (every step, below)
    if (delta >= 2 * m)
        return m;
    const double x = delta / (2 * m);
    return std::sqrt(2 * delta * m) * (1 + std::sqrt(x) / 3 + x / 9) - delta;
}

double dalyWallSeconds(double work, double tau, double delta, double restart, double m)
{
    if (!(work > 0) || !(tau > 0))
        return std::max(0.0, work);
    if (!(m > 0))
        return work * (tau + delta) / tau;
    // M·e^{R/M}·(e^{(τ+δ)/M} − 1)·T_s/τ; directly while it cannot overflow (two calls to libm,
    // the estimate's hot path), else in logarithms so that a hopeless run stays finite.
    const double a = (tau + delta) / m, r = restart / m;
    if (a < 30 && r < 30)
        return work * std::min((m / tau) * std::exp(r) * std::expm1(a), kMaxWallRatio);
    const double logRatio = std::log(m / tau) + r + (a < 30 ? std::log(std::expm1(a)) : a);
    return work * std::exp(std::min(logRatio, std::log(kMaxWallRatio)));
}

namespace {

/// The interval's stall, the async lag and the wall-clock at `intervalSteps` (> 0: checkpoints;
/// 0: none, one stretch of work). One function for estimateGoodput and goodputAtInterval, so the
/// advice's comparison is the same arithmetic as the estimate's figure.
struct IntervalWall
{
    double intervalSeconds = 0, stallSeconds = 0, lagSeconds = 0, wallSeconds = 0;
};

IntervalWall intervalWall(const GoodputInputs& in, double intervalSteps, double step, double work, double m, double restart, double asyncWrite)
{
    IntervalWall r;
    r.intervalSeconds = intervalSteps > 0 ? intervalSteps * step : work;
    r.wallSeconds = work;
    if (!(work > 0) || !(r.intervalSeconds > 0))
        return r;
    const bool checkpoints = intervalSteps > 0;
    r.stallSeconds = checkpoints ? std::max(0.0, in.stallSeconds) + std::max(0.0, asyncWrite - r.intervalSeconds) : 0;
    // An interruption lands, on average, halfway through an interval and its checkpoint; while an
    // asynchronous write is still going, the checkpoint before it is the one to go back to, which
    // adds W on average (lost work = t + W for t < W, t after: mean τ/2 + W when W ≤ τ).
    r.lagSeconds = checkpoints ? std::min(asyncWrite, r.intervalSeconds) : 0;
    // Daly's complete model; the async lag is lost on every interruption like the restart is.
    r.wallSeconds = dalyWallSeconds(work, r.intervalSeconds, r.stallSeconds, restart + r.lagSeconds, m);
    return r;
}

} // namespace

GoodputEstimate estimateGoodput(const GoodputInputs& in)
{
    GoodputEstimate g;
    const double m = in.mtbiSeconds > 0 ? in.mtbiSeconds : 0;
    const double step = in.stepSeconds > 0 ? in.stepSeconds : 0;
    const double work = in.workSeconds > 0 ? in.workSeconds : 0;
    g.mtbiSeconds = m;
    g.workSeconds = work;
    g.stepSeconds = step;
    g.youngSeconds = youngIntervalSeconds(in.stallSeconds, m);
    // An asynchronous write must end before the next checkpoint starts, or that one waits.
    g.optimalSeconds = m > 0 ? std::max(dalyIntervalSeconds(in.stallSeconds, m), in.asyncWriteSeconds) : 0;
    g.optimalSteps = m > 0 && step > 0 ? std::max(1.0, std::round(g.optimalSeconds / step)) : 0;
    g.intervalSteps = in.intervalSteps > 0 ? in.intervalSteps : g.optimalSteps;
    g.restartSeconds = std::max(0.0, in.restartSeconds);
    g.asyncWriteSeconds = std::max(0.0, in.asyncWriteSeconds);
    const IntervalWall r = intervalWall(in, g.intervalSteps, step, work, m, g.restartSeconds, g.asyncWriteSeconds);
    g.intervalSeconds = r.intervalSeconds;
    g.wallSeconds = r.wallSeconds;
    if (!(work > 0) || !(g.intervalSeconds > 0))
        return g;

    const bool checkpoints = g.intervalSteps > 0;
    g.checkpointStallSeconds = r.stallSeconds;
    g.lostPerInterruptionSeconds = m > 0 ? (g.intervalSeconds + g.checkpointStallSeconds) / 2 + r.lagSeconds : 0;
    g.goodput = work / g.wallSeconds;
    g.checkpoints = checkpoints ? work / g.intervalSeconds : 0;
    g.interruptions = m > 0 ? g.wallSeconds / m : 0;
    g.checkpointTotalSeconds = g.checkpoints * g.checkpointStallSeconds;
    g.restartTotalSeconds = g.interruptions * g.restartSeconds;
    // What is left of the wall-clock is work done again (to first order: interruptions × (τ+δ)/2 + W).
    g.lostTotalSeconds = std::max(0.0, g.wallSeconds - work - g.checkpointTotalSeconds - g.restartTotalSeconds);
    return g;
}

double goodputAtInterval(const GoodputInputs& in, double intervalSteps)
{
    const double m = in.mtbiSeconds > 0 ? in.mtbiSeconds : 0;
    const double step = in.stepSeconds > 0 ? in.stepSeconds : 0;
    const double work = in.workSeconds > 0 ? in.workSeconds : 0;
    const IntervalWall r = intervalWall(in, intervalSteps, step, work, m, std::max(0.0, in.restartSeconds), std::max(0.0, in.asyncWriteSeconds));
    return work > 0 && r.intervalSeconds > 0 ? work / r.wallSeconds : 1;
}

} // namespace core
