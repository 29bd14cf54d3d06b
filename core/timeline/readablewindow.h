#pragma once

// What a slide can show of a step with hundreds of micro-batches (issue 31: "with 512
// micro-batches the schedule is a green wall"): its first and last micro-batches, and the steady
// state between them left out, as one cut of the time axis.

#include "core/timeline/steptimeline.h"

namespace core {

/// A stretch of a step's time axis that a view leaves out.
struct TimelineCut
{
    bool valid = false;
    double from = 0;          ///< the cut's start (relative units, as the phases)
    double to = 0;            ///< its end
    int firstMicroBatch = 0;  ///< 0-based: the micro-batches [first, last] run wholly inside the cut
    int lastMicroBatch = -1;
    double length() const { return to - from; }
    int microBatches() const { return lastMicroBatch - firstMicroBatch + 1; }
};

/// The readable window of `timeline`: the first `keep` and the last `keep` micro-batches each
/// keep a phase in view (the first ones' forwards, the last ones' backwards), every phase of
/// those between is inside the cut. The cut starts where the first phase of
/// micro-batch `keep` starts (on any stage) and ends where the last phase of micro-batch
/// m − 1 − keep ends (on any stage), so exactly the m − 2·keep micro-batches between run wholly
/// inside it. Not valid when that leaves less than `leastShare` of the step out (nothing worth
/// cutting), or when the timeline's own omitted stretch (kMaxTimelineChunks) is not inside it.
/// `keep` ≤ 0 means the number of stages plus one: the warm-up, then one full steady cycle.
TimelineCut readableWindow(const StepTimeline& timeline, int keep = 0, double leastShare = 0.4);

/// The stretch a timeline of more than kMaxTimelineChunks chunk-micro-batches does not list
/// (StepTimeline::omittedFrom/Length; its micro-batches numbered as the step's). Not valid when
/// every micro-batch is listed.
TimelineCut omittedStretch(const StepTimeline& timeline);

} // namespace core
