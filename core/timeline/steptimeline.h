#pragma once

#include <cstddef>
#include <vector>

#include "core/components.h"
#include "core/estimate.h"
#include "core/scenario.h"
#include "core/timeline/schedule.h"
#include "core/timeline/stepmoment.h"

namespace core {

/// One phase of one pipeline rank's training step: a forward, recomputation or backward of
/// one micro-batch through one model chunk, the gradient reduction, the optimizer step, or
/// waiting. `bytes` are the components alive at the phase's highest point.
struct TimelinePhase
{
    double start = 0;            ///< relative time: 1 = one micro-batch's forward through one chunk of an average stage
    double end = 0;
    int stage = 0;
    int microBatch = -1;         ///< 0-based; -1 for reduce, optimizer and idle phases
    int chunk = 0;               ///< model chunk (interleaved 1F1B), 0 otherwise
    PhaseKind kind = PhaseKind::Idle;
    StepMoment moment = StepMoment::LayerForward; ///< whose transients the phase holds at its highest point
    double inFlightMicroBatches = 0; ///< chunk-micro-batches whose activations are saved, in whole-stage units
    ComponentBytes bytes{};
    double allocatedBytes = 0;   ///< Σ allocated-level components
    double reservedBytes = 0;    ///< the caching allocator keeps its segments between steps: the step's reserved peak
    double deviceBytes = 0;

    bool operator==(const TimelinePhase&) const = default;
};

/// The phases of one pipeline rank (stage) in time order, without gaps (waiting is an Idle phase).
struct StageTimeline
{
    int stage = 0;
    int group = 0;               ///< index of the rank group in Estimate::groups
    std::vector<TimelinePhase> phases;
    std::size_t peakPhase = 0;   ///< the phase with the most allocated bytes
    double omittedBusy = 0;      ///< compute time of the micro-batches StepTimeline::omittedMicroBatches (not in `phases`)

    bool operator==(const StageTimeline&) const = default;
};

/// What a timeline lists at most (issue 32.6: global batch 1e6 made 12 s and 2.1 GB of phases,
/// 1e7 an uncaught std::bad_alloc; the phases of 100,000 stages never finished). The window's step
/// dock draws up to 1,024 chunk-micro-batches per stage; the estimate lists up to kMaxRankGroups
/// rank groups. Bounded so, a timeline is at most ~400,000 phases (~130 MB).
inline constexpr int kMaxTimelineStages = kMaxRankGroups;
inline constexpr int kMaxTimelineChunks = 1024; ///< chunk-micro-batches listed per stage

/// Why a training step has no timeline although its scenario is valid.
enum class TimelineLimit {
    None,
    TooManyStages,       ///< more than kMaxTimelineStages pipeline stages
    TooManyMicroBatches, ///< GPipe beyond kMaxTimelineChunks (every micro-batch is in flight at once: none repeats another), or
                         ///< a schedule whose warm-up alone (p·v chunks) leaves no room for a steady state within the cap
};

/// A training step, stage by stage, under Megatron's 1F1B or interleaved 1F1B schedule (or
/// GPipe and ZB-H1, for contrast).
///
/// A step of more than kMaxTimelineChunks chunk-micro-batches per stage is listed in part: the
/// first and the last micro-batches, and between them, at `omittedFrom`, a gap of `omittedLength`
/// where `omittedMicroBatches` micro-batches of the steady state ran (in 1F1B, interleaved 1F1B
/// and ZB-H1 each adds one cycle of the same phases with the same memory to every stage). The
/// phases after the gap carry the step's real times and micro-batch numbers; the length, the
/// seconds per unit and the bubble count the omitted ones.
struct StepTimeline
{
    bool valid = false;          ///< false: serving mode, an invalid scenario, or `limit`
    TimelineLimit limit = TimelineLimit::None;
    PipelineScheduleKind schedule = PipelineScheduleKind::OneFOneB;
    int virtualStages = 1;       ///< model chunks per rank the schedule runs (1 unless interleaved)
    int microBatches = 0;
    int omittedMicroBatches = 0; ///< steady-state micro-batches not listed (0: every one is)
    double omittedFrom = 0;      ///< where on every stage the listing skips them
    double omittedLength = 0;    ///< the time they take (relative units)
    double length = 0;           ///< the whole step in relative units
    double unitSeconds = 0;      ///< seconds of one unit (from the estimate's step time), 0 if unknown
    std::vector<StageTimeline> stages;

    /// The end of the last forward or backward over all stages (before the gradient reduction).
    double computeEnd() const;
    /// Waiting read off the phases: Σ idle time before computeEnd / (stages × computeEnd). With
    /// equal stages and no loss or recomputation it is (p − 1)/(v·m + p − 1) (Narayanan et al.
    /// 2021 §2.2); the loss on the last stage and uneven stages make it larger.
    double bubbleFraction() const;

    bool operator==(const StepTimeline&) const = default;
};

/// Computes the full timeline of one training step (on request: estimate() computes only the
/// peak). Reuses `out`'s storage.
void stepTimeline(const Scenario& scenario, StepTimeline& out);
StepTimeline stepTimeline(const Scenario& scenario);
/// The same step under another schedule (GPipe holds every micro-batch's activations at once:
/// its peak is above the estimate's, which is Megatron's schedule).
void stepTimeline(const Scenario& scenario, PipelineScheduleKind kind, StepTimeline& out);

} // namespace core
