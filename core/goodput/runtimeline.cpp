#include "core/goodput/runtimeline.h"

#include <algorithm>
#include <limits>

namespace core {

namespace {

/// A checkpoint that is being written: the first segment after its stall, and when it is safe.
struct PendingCheckpoint
{
    std::size_t after;
    double safeAt;
};

} // namespace

std::vector<RunSegment> runTimeline(const GoodputEstimate& g, double window, std::size_t maxSegments)
{
    std::vector<RunSegment> out;
    const double tau = g.intervalSeconds, delta = g.checkpointStallSeconds, restart = g.restartSeconds, m = g.mtbiSeconds;
    const bool checkpoints = g.intervalSteps > 0 && tau > 0;
    if (!(window > 0) || !(tau > 0) || maxSegments == 0)
        return out;
    // A synchronous checkpoint is safe when its stall ends; an asynchronous one when its write does.
    const double safeAfter = std::max(delta, g.asyncWriteSeconds);
    constexpr double kNever = std::numeric_limits<double>::infinity();
    double t = 0, nextFailure = m > 0 ? m : kNever;
    std::size_t keepFrom = 0; // segments before this index are behind a safe checkpoint (or final)
    std::vector<PendingCheckpoint> pending;

    auto add = [&](RunActivity activity, double start, double seconds) { out.push_back(RunSegment{activity, start, seconds}); };
    auto settle = [&](double now) {
        while (!pending.empty() && pending.front().safeAt <= now) {
            keepFrom = pending.front().after;
            pending.erase(pending.begin());
        }
    };
    auto interrupt = [&](double at) {
        settle(at);
        for (std::size_t i = keepFrom; i < out.size(); ++i)
            out[i].activity = RunActivity::Lost; // back to the last safe checkpoint
        pending.clear();
        add(RunActivity::Restart, at, restart);
        t = at + restart;
        nextFailure = at + m;
        if (nextFailure <= t)
            nextFailure = t + m;
        keepFrom = out.size();
    };

    while (t < window && out.size() + 2 < maxSegments) {
        const double end = checkpoints ? t + tau : kNever;
        if (nextFailure < end && nextFailure < window) {
            add(RunActivity::Work, t, nextFailure - t);
            interrupt(nextFailure);
            continue;
        }
        if (end >= window) {
            add(RunActivity::Work, t, window - t);
            break;
        }
        add(RunActivity::Work, t, tau);
        t = end;
        if (delta > 0) {
            if (nextFailure < t + delta && nextFailure < window) {
                add(RunActivity::Checkpoint, t, nextFailure - t);
                interrupt(nextFailure);
                continue;
            }
            add(RunActivity::Checkpoint, t, std::min(delta, window - t));
        }
        pending.push_back(PendingCheckpoint{out.size(), t + safeAfter});
        t += delta;
        settle(t);
    }
    return out;
}

void addToTotals(RunTotals& r, RunActivity activity, double seconds)
{
    switch (activity) {
    case RunActivity::Work: r.work += seconds; break;
    case RunActivity::Checkpoint: r.checkpoint += seconds; break;
    case RunActivity::Lost: r.lost += seconds; break;
    case RunActivity::Restart:
        r.restart += seconds;
        ++r.interruptions;
        break;
    }
}

RunTotals runTotals(const std::vector<RunSegment>& segments)
{
    RunTotals r;
    for (const RunSegment& s : segments)
        addToTotals(r, s.activity, s.seconds);
    return r;
}

} // namespace core
