#pragma once

#include <string_view>
#include <vector>

#include "core/timeline/stepmoment.h"

namespace core {

/// The order a pipeline rank runs its forwards and backwards in.
enum class PipelineScheduleKind {
    GPipe,       ///< all forwards, then all backwards (Huang et al. 2019, arXiv 1811.06965)
    OneFOneB,    ///< Megatron forward_backward_pipelining_without_interleaving (PipeDream-Flush)
    Interleaved, ///< Megatron forward_backward_pipelining_with_interleaving: v model chunks per rank
    ZeroBubbleH1, ///< ZB-H1 (Qi et al. 2024, arXiv 2401.10241 §2.1): 1F1B with the backward split into B and W, W delayed by the rank
    Count
};
inline constexpr std::size_t kPipelineScheduleKindCount = std::size_t(PipelineScheduleKind::Count);
/// Stable ids: "gpipe", "1f1b", "interleaved_1f1b", "zb_h1".
std::string_view pipelineScheduleName(PipelineScheduleKind kind);
/// The schedule Megatron runs for `virtualStages` chunks: interleaved when more than one.
inline PipelineScheduleKind megatronSchedule(int virtualStages)
{
    return virtualStages > 1 ? PipelineScheduleKind::Interleaved : PipelineScheduleKind::OneFOneB;
}

/// One model chunk of one micro-batch: what a pipeline rank runs forward or backward at once.
struct ChunkMicroBatch
{
    int microBatch = 0;
    int chunk = 0;
    bool operator==(const ChunkMicroBatch&) const = default;
};

/// Forwards a pipeline rank runs before its first backward (Megatron schedules.py
/// get_pp_rank_microbatches): 1F1B p − i − 1; interleaved 2(p − i − 1) + (v − 1)·p; at most all
/// m·v chunk-micro-batches. No pipeline: 0.
int warmupForwards(int stages, int virtualStages, int microBatches, int stage);

/// The chunk and micro-batch of the k-th forward of a rank (Megatron get_schedule_table with
/// microbatch_group_size_per_vp_stage = p): micro-batches go in groups of p, every chunk of a
/// group before the next group. The k-th backward runs the same micro-batch on chunk v − 1 − c.
ChunkMicroBatch forwardEntry(int k, int microBatches, int virtualStages, int groupSize);

/// One operation of a rank's step, in the order the schedule runs them.
struct ScheduleOp
{
    PhaseKind kind = PhaseKind::Forward; ///< Forward, Backward, or WeightGradient (ZB-H1 only: Backward is then B alone)
    ChunkMicroBatch op;
    bool operator==(const ScheduleOp&) const = default;
};

/// The forward and backward operations of pipeline rank `stage` in order: warm-up forwards,
/// then one forward and one backward at a time (1F1B), then the cool-down backwards (Megatron
/// forward_backward_pipelining_with/without_interleaving).
void rankSchedule(int stages, int virtualStages, int microBatches, int stage, std::vector<ScheduleOp>& out);
/// The same for any schedule: GPipe runs every forward (chunk 0) and then every backward in
/// micro-batch order; 1F1B ignores `virtualStages` (one chunk); interleaved is the above.
/// ZB-H1 is 1F1B's order with each backward split into B then W, rank i holding back its first
/// i W's until its (i + 1)-th B and running the held ones at the end: every rank then keeps
/// at most p micro-batches' activations (rank 0's 1F1B peak) and the W's fill the cool-down
/// (Qi et al. 2024 §2.1, fig. 3 top; the "delay W by rank" of sail-sg/zero-bubble-pipeline-
/// parallelism megatron/core/pipeline_parallel/schedules.py @ 95212f70, zb-h1-quick-start).
void rankSchedule(PipelineScheduleKind kind, int stages, int virtualStages, int microBatches, int stage,
                  std::vector<ScheduleOp>& out);

/// ZB-H1's bubble as a share of the step (Qi et al. 2024 §2.1 table 2): each rank waits
/// (p − 1)(T_F + T_B − T_W) of a step m(T_F + T_B + T_W) + (p − 1)(T_F + T_B − T_W); with
/// T_F = T_B = T_W, (p − 1)/(3m + p − 1), a third of 1F1B's bubble time. For m ≥ p and
/// T_W ≤ T_F + T_B; 0 without a pipeline.
double zeroBubbleH1Bubble(int stages, int microBatches, double forward, double inputGradient, double weightGradient);

} // namespace core
