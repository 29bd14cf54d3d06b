#pragma once

#include <cstddef>
#include <vector>

#include "core/timeline/schedule.h"

namespace core {

/// One block of a pipeline schedule: a forward or backward of one micro-batch through one model
/// chunk on one rank, with when it runs and the block whose output it waited for.
struct ScheduleBlock
{
    PhaseKind kind = PhaseKind::Forward;
    int microBatch = 0;
    int chunk = 0;
    double start = 0;
    double end = 0;
    int inputStage = -1;      ///< the rank that sent this block's input (point-to-point), -1: none
    int inputBlock = -1;      ///< index of that block in its rank's list
    bool operator==(const ScheduleBlock&) const = default;
};

/// How long a block takes, relative: 1 = one micro-batch's forward through a whole stage.
/// A chunk of an interleaved rank holds 1/v of its layers, so its blocks take 1/v as long.
struct BlockDurations
{
    double forward = 1;
    double backward = 2;      ///< ≈ 2× the forward: input and weight gradients (Narayanan et al. 2021 §3.1)
    /// Of the backward, the weight gradient (W) a zero-bubble schedule runs apart; the input
    /// gradient (B) is the rest. Each is one GEMM per forward GEMM: T_F ≈ T_B ≈ T_W (Qi et al. 2024 §2).
    double weight = 1;
};

/// A pipeline schedule as data: each rank's blocks in the order it runs them, with times from
/// the dependencies alone (a forward waits for the previous rank's forward of the same
/// micro-batch and chunk, a backward for the next rank's backward; no communication time).
struct PipelineSchedule
{
    PipelineScheduleKind kind = PipelineScheduleKind::OneFOneB;
    int stages = 1;
    int virtualStages = 1;
    int microBatches = 1;
    bool complete = false;    ///< every block ran (false: the order deadlocks, or bad sizes)
    double length = 0;        ///< the last block's end
    std::vector<std::vector<ScheduleBlock>> ranks;

    double busyTime(int stage) const;
    /// Idle rank time over all ranks' time, read off the blocks: Σ (length − busy) / (p·length).
    double bubbleFraction() const;
    /// Saved chunk-micro-batches a rank holds at most (forwards not yet matched by a backward,
    /// or by a W where the backward is split: W still reads the saved inputs).
    int peakInFlight(int stage) const;

    bool operator==(const PipelineSchedule&) const = default;
};

/// Builds the schedule for `stages` ranks, `virtualStages` chunks each (interleaved only) and
/// `microBatches` micro-batches. Sizes below 1 give an incomplete, empty schedule.
PipelineSchedule pipelineSchedule(PipelineScheduleKind kind, int stages, int virtualStages, int microBatches,
                                  BlockDurations durations = {});

/// Runs each rank's operations in order, each as soon as its rank is free and its input is
/// done: `run(stage, op, start)` does the block and returns its end; before it, `input(fromStage,
/// fromOp)` is told which rank's block sent the input (fromStage -1: none). A W follows its own
/// rank's B of the same micro-batch; a B never waits for a W. `clock` gets each rank's end.
/// Returns false if some operation could never start (an order that deadlocks).
template <class Run, class Input>
bool runPipeline(int p, int v, int m, const std::vector<std::vector<ScheduleOp>>& ops, std::vector<double>& clock, Run&& run,
                 Input&& input)
{
    const std::size_t cells = std::size_t(p) * std::size_t(m) * std::size_t(v);
    std::vector<double> forwardEnd(cells, -1), backwardEnd(cells, -1);
    auto index = [&](int stage, int j, int c) {
        return (std::size_t(stage) * std::size_t(m) + std::size_t(j)) * std::size_t(v) + std::size_t(c);
    };
    std::vector<std::size_t> next(std::size_t(p), 0);
    clock.assign(std::size_t(p), 0);
    auto step = [&](int stage) {
        const std::size_t s = std::size_t(stage);
        if (next[s] >= ops[s].size())
            return false;
        const ScheduleOp& op = ops[s][next[s]];
        const int j = op.op.microBatch, c = op.op.chunk;
        double ready = 0;
        int from = -1;
        ScheduleOp fromOp = op;
        if (op.kind == PhaseKind::WeightGradient) {
            ready = backwardEnd[index(stage, j, c)];
        } else if (op.kind == PhaseKind::Forward) {
            if (stage > 0)
                ready = forwardEnd[index(from = stage - 1, j, c)];
            else if (c > 0)
                ready = forwardEnd[index(from = p - 1, j, fromOp.op.chunk = c - 1)];
        } else {
            if (stage < p - 1)
                ready = backwardEnd[index(from = stage + 1, j, c)];
            else if (c < v - 1)
                ready = backwardEnd[index(from = 0, j, fromOp.op.chunk = c + 1)];
            else
                ready = forwardEnd[index(stage, j, c)];
        }
        if (ready < 0)
            return false;
        input(from, fromOp);
        const double end = run(stage, op, std::max(clock[s], ready));
        if (op.kind != PhaseKind::WeightGradient)
            (op.kind == PhaseKind::Forward ? forwardEnd : backwardEnd)[index(stage, j, c)] = end;
        clock[s] = end;
        ++next[s];
        return true;
    };
    for (bool progress = true; progress;) {
        progress = false;
        for (int i = 0; i < p; ++i)
            while (step(i))
                progress = true;
    }
    for (int i = 0; i < p; ++i)
        if (next[std::size_t(i)] < ops[std::size_t(i)].size())
            return false;
    return true;
}

} // namespace core
