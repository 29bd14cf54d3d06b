#include "core/timeline/pipelineschedule.h"

#include <algorithm>

namespace core {

double PipelineSchedule::busyTime(int stage) const
{
    double busy = 0;
    for (const ScheduleBlock& b : ranks[std::size_t(stage)])
        busy += b.end - b.start;
    return busy;
}

double PipelineSchedule::bubbleFraction() const
{
    if (ranks.empty() || length <= 0)
        return 0;
    double idle = 0;
    for (int i = 0; i < int(ranks.size()); ++i)
        idle += length - busyTime(i);
    return idle / (double(ranks.size()) * length);
}

int PipelineSchedule::peakInFlight(int stage) const
{
    const std::vector<ScheduleBlock>& blocks = ranks[std::size_t(stage)];
    const bool split = std::any_of(blocks.begin(), blocks.end(), [](const ScheduleBlock& b) { return b.kind == PhaseKind::WeightGradient; });
    const PhaseKind frees = split ? PhaseKind::WeightGradient : PhaseKind::Backward;
    int now = 0, most = 0;
    for (const ScheduleBlock& b : blocks) {
        now += b.kind == PhaseKind::Forward ? 1 : b.kind == frees ? -1 : 0;
        most = std::max(most, now);
    }
    return most;
}

PipelineSchedule pipelineSchedule(PipelineScheduleKind kind, int p, int v, int m, BlockDurations d)
{
    PipelineSchedule out;
    out.kind = kind;
    v = kind == PipelineScheduleKind::Interleaved ? std::max(1, v) : 1;
    out.stages = p;
    out.virtualStages = v;
    out.microBatches = m;
    if (p < 1 || m < 1)
        return out;
    std::vector<std::vector<ScheduleOp>> ops(static_cast<std::size_t>(p));
    for (int i = 0; i < p; ++i)
        rankSchedule(kind, p, v, m, i, ops[std::size_t(i)]);
    out.ranks.resize(std::size_t(p));
    std::vector<int> lastOf(std::size_t(p) * std::size_t(m) * std::size_t(v) * 3, -1); // block index per (stage, j, c, kind)
    auto key = [&](int stage, const ScheduleOp& op) {
        return ((std::size_t(stage) * std::size_t(m) + std::size_t(op.op.microBatch)) * std::size_t(v) + std::size_t(op.op.chunk)) * 3
            + (op.kind == PhaseKind::Forward ? 0 : op.kind == PhaseKind::Backward ? 1 : 2);
    };
    const bool split = kind == PipelineScheduleKind::ZeroBubbleH1;
    auto duration = [&](PhaseKind k) {
        if (k == PhaseKind::Forward)
            return d.forward;
        if (k == PhaseKind::WeightGradient)
            return d.weight;
        return split ? d.backward - d.weight : d.backward;
    };
    int pendingStage = -1;
    ScheduleOp pendingOp;
    std::vector<double> clock;
    out.complete = runPipeline(
        p, v, m, ops, clock,
        [&](int stage, const ScheduleOp& op, double start) {
            ScheduleBlock b;
            b.kind = op.kind;
            b.microBatch = op.op.microBatch;
            b.chunk = op.op.chunk;
            b.start = start;
            b.end = start + duration(op.kind) / v;
            if (pendingStage >= 0) {
                b.inputStage = pendingStage;
                b.inputBlock = lastOf[key(pendingStage, pendingOp)];
            }
            lastOf[key(stage, op)] = int(out.ranks[std::size_t(stage)].size());
            out.ranks[std::size_t(stage)].push_back(b);
            out.length = std::max(out.length, b.end);
            return b.end;
        },
        [&](int fromStage, const ScheduleOp& fromOp) {
            pendingStage = fromStage;
            pendingOp = fromOp;
        });
    return out;
}

} // namespace core
