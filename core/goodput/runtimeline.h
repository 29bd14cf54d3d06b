#pragma once

#include <cstddef>
#include <vector>

#include "core/goodput/goodput.h"

namespace core {

/// What a stretch of a long run's wall-clock is spent on.
enum class RunActivity { Work, Checkpoint, Lost, Restart };

struct RunSegment
{
    RunActivity activity = RunActivity::Work;
    double startSeconds = 0;
    double seconds = 0;
};

/// The first `windowSeconds` of a run's wall-clock as the goodput model expects it, for a
/// picture: work in intervals of τ, a checkpoint stall δ after each, and an interruption every
/// M seconds of wall-clock (the mean, evenly spaced: an illustration of the averages, not a
/// sample of a random run), which turns the work since the last completed checkpoint into lost
/// work and is followed by a restart R. At most `maxSegments` segments (the rest is cut off).
std::vector<RunSegment> runTimeline(const GoodputEstimate& g, double windowSeconds, std::size_t maxSegments = 4096);

/// Seconds of each activity in a timeline, in RunActivity's order.
struct RunTotals
{
    double work = 0, checkpoint = 0, lost = 0, restart = 0;
    int interruptions = 0;
};
RunTotals runTotals(const std::vector<RunSegment>& segments);
/// Adds `seconds` of `activity` to `totals` (a restart is one interruption).
void addToTotals(RunTotals& totals, RunActivity activity, double seconds);

} // namespace core
