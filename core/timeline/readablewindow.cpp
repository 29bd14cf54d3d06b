#include "core/timeline/readablewindow.h"

#include <algorithm>
#include <limits>

namespace core {

TimelineCut readableWindow(const StepTimeline& timeline, int keep, double leastShare)
{
    TimelineCut cut;
    const int m = timeline.microBatches;
    if (!timeline.valid || timeline.stages.empty() || timeline.length <= 0)
        return cut;
    if (keep <= 0)
        keep = int(timeline.stages.size()) + 1;
    const int last = m - 1 - keep; // the last micro-batch wholly inside the cut
    if (last < keep)               // nothing between the first and the last `keep`
        return cut;
    double from = std::numeric_limits<double>::infinity(), to = 0;
    for (const StageTimeline& st : timeline.stages)
        for (const TimelinePhase& ph : st.phases) {
            if (ph.microBatch >= keep)
                from = std::min(from, ph.start);
            if (ph.microBatch >= 0 && ph.microBatch <= last)
                to = std::max(to, ph.end);
        }
    if (!(from < to) || to - from < leastShare * timeline.length)
        return cut;
    const TimelineCut omitted = omittedStretch(timeline);
    if (omitted.valid && (from > omitted.from || to < omitted.to))
        return cut;
    cut.valid = true;
    cut.from = from;
    cut.to = to;
    cut.firstMicroBatch = keep;
    cut.lastMicroBatch = last;
    return cut;
}

TimelineCut omittedStretch(const StepTimeline& timeline)
{
    TimelineCut cut;
    if (!timeline.valid || timeline.omittedMicroBatches <= 0 || timeline.omittedLength <= 0)
        return cut;
    cut.valid = true;
    cut.from = timeline.omittedFrom;
    cut.to = timeline.omittedFrom + timeline.omittedLength;
    // The listing renumbers what runs after the gap as in the step: the first micro-batch
    // stage 0 forwards after it, less the omitted ones, is the first omitted.
    int after = timeline.microBatches;
    for (const TimelinePhase& ph : timeline.stages.front().phases)
        if (ph.kind == PhaseKind::Forward && ph.start >= cut.to && ph.microBatch >= 0) {
            after = ph.microBatch;
            break;
        }
    cut.firstMicroBatch = after - timeline.omittedMicroBatches;
    cut.lastMicroBatch = after - 1;
    return cut;
}

} // namespace core
