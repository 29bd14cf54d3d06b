#include "core/timeline/schedule.h"

#include <algorithm>

namespace core {

int warmupForwards(int p, int v, int m, int stage)
{
    const int total = m * std::max(1, v);
    if (p <= 1)
        return 0;
    const int warmup = v > 1 ? (p - stage - 1) * 2 + (v - 1) * p : p - stage - 1;
    return std::clamp(warmup, 0, total);
}

ChunkMicroBatch forwardEntry(int k, int m, int v, int group)
{
    v = std::max(1, v);
    if (v == 1)
        return {std::clamp(k, 0, std::max(0, m - 1)), 0};
    group = std::max(1, group);
    // Groups of `group` micro-batches; the last group takes what is left (get_schedule_table).
    const int groups = (m + group - 1) / group;
    const int full = std::max(0, groups - 1);
    const int perFull = group * v;
    if (k < full * perFull) {
        const int g = k / perFull, r = k % perFull;
        return {g * group + r % group, r / group};
    }
    const int r = k - full * perFull;
    const int size = std::max(1, m - full * group);
    return {full * group + r % size, std::min(v - 1, r / size)};
}

void rankSchedule(int p, int v, int m, int stage, std::vector<ScheduleOp>& out)
{
    out.clear();
    v = std::max(1, v);
    const int total = m * v;
    const int warmup = warmupForwards(p, v, m, stage);
    auto forward = [&](int k) { out.push_back(ScheduleOp{PhaseKind::Forward, forwardEntry(k, m, v, p)}); };
    auto backward = [&](int k) {
        ChunkMicroBatch op = forwardEntry(k, m, v, p);
        op.chunk = v - 1 - op.chunk;
        out.push_back(ScheduleOp{PhaseKind::Backward, op});
    };
    for (int k = 0; k < warmup; ++k)
        forward(k);
    const int steady = total - warmup;
    for (int j = 0; j < steady; ++j) {
        forward(warmup + j);
        backward(j);
    }
    for (int j = steady; j < total; ++j)
        backward(j);
}

double zeroBubbleH1Bubble(int p, int m, double tf, double tb, double tw)
{
    if (p <= 1 || m < 1)
        return 0;
    const double bubble = double(p - 1) * (tf + tb - tw);
    const double step = double(m) * (tf + tb + tw) + bubble;
    return step > 0 ? bubble / step : 0;
}

std::string_view pipelineScheduleName(PipelineScheduleKind kind)
{
    switch (kind) {
    case PipelineScheduleKind::GPipe: return "gpipe";
    case PipelineScheduleKind::OneFOneB: return "1f1b";
    case PipelineScheduleKind::Interleaved: return "interleaved_1f1b";
    case PipelineScheduleKind::ZeroBubbleH1: return "zb_h1";
    case PipelineScheduleKind::Count: break;
    }
    return "";
}

void rankSchedule(PipelineScheduleKind kind, int p, int v, int m, int stage, std::vector<ScheduleOp>& out)
{
    switch (kind) {
    case PipelineScheduleKind::GPipe:
        out.clear();
        for (int j = 0; j < m; ++j)
            out.push_back(ScheduleOp{PhaseKind::Forward, {j, 0}});
        for (int j = 0; j < m; ++j)
            out.push_back(ScheduleOp{PhaseKind::Backward, {j, 0}});
        return;
    case PipelineScheduleKind::OneFOneB: rankSchedule(p, 1, m, stage, out); return;
    case PipelineScheduleKind::ZeroBubbleH1: {
        // 1F1B's order, each backward followed by the W of the backward `stage` places earlier:
        // rank i holds i W's back (the warm-up is i forwards shorter than rank 0's, so it holds
        // p − i − 1 + 1 + i = p micro-batches at most), and runs them once its B's are done.
        std::vector<ScheduleOp> oneF;
        rankSchedule(p, 1, m, stage, oneF);
        out.clear();
        int backwards = 0, weights = 0;
        for (const ScheduleOp& op : oneF) {
            out.push_back(op);
            if (op.kind != PhaseKind::Backward)
                continue;
            if (++backwards > stage)
                out.push_back(ScheduleOp{PhaseKind::WeightGradient, {weights++, 0}});
        }
        while (weights < m)
            out.push_back(ScheduleOp{PhaseKind::WeightGradient, {weights++, 0}});
        return;
    }
    case PipelineScheduleKind::Interleaved:
    case PipelineScheduleKind::Count: break;
    }
    rankSchedule(p, v, m, stage, out);
}

} // namespace core
