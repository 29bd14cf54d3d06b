#pragma once

#include <algorithm>

#include "core/scenario.h"

namespace core {

/// Where the transformer layers go on a pipeline of `stages` stages. Explicit first/last-stage
/// counts (Megatron decoder_first_pipeline_num_layers / decoder_last_pipeline_num_layers) are
/// kept; the embedding and the loss may count as one layer each (Megatron
/// account_for_embedding_in_pipeline_split / account_for_loss_in_pipeline_split). What is left
/// is split evenly and the remainder goes to the middle stages: the first stage holds the most
/// micro-batches in flight and the last the logits, so an extra layer costs least in the middle
/// (Llama 3 405B on 16 stages: 7 layers on the first and last, 8 on the 14 others).
struct PipelineSplit
{
    int stages = 1;
    int layers = 0;
    int firstCount = 0;     ///< transformer layers on stage 0
    int lastCount = 0;      ///< on stage p − 1 (p > 1)
    int middleBase = 0;     ///< per middle stage before the remainder
    int middleFrom = 0;     ///< stages [middleFrom, middleTo) get one extra layer
    int middleTo = 0;

    int layersOn(int stage) const
    {
        if (stages <= 1)
            return layers;
        if (stage == 0)
            return firstCount;
        if (stage == stages - 1)
            return lastCount;
        return middleBase + (stage >= middleFrom && stage < middleTo ? 1 : 0);
    }
    /// Index of the first transformer layer of `stage`.
    int firstLayerOf(int stage) const
    {
        if (stage <= 0 || stages <= 1)
            return 0;
        const int middle = std::min(stage, stages - 1) - 1; // middle stages before `stage`
        const int extras = std::clamp(stage, middleFrom, middleTo) - middleFrom;
        return firstCount + middle * middleBase + extras;
    }
    bool operator==(const PipelineSplit&) const = default;
};

/// The split of `layers` over `stages`. `firstLayers`/`lastLayers` 0 mean automatic. Counts that
/// do not add up are clamped here; validate() reports them.
inline PipelineSplit pipelineSplit(int layers, int stages, int firstLayers = 0, int lastLayers = 0, bool embeddingLayer = false,
                                   bool lossLayer = false)
{
    PipelineSplit s;
    s.stages = std::max(1, stages);
    s.layers = std::max(0, layers);
    if (s.stages == 1) {
        s.firstCount = s.lastCount = s.layers;
        return s;
    }
    const int p = s.stages;
    // Units to distribute: the layers plus the embedding and loss when they count as layers.
    const int embed = embeddingLayer ? 1 : 0, loss = lossLayer ? 1 : 0;
    const int units = s.layers + embed + loss;
    const int base = units / p, extra = units % p;
    // Remainder: middle stages first (a centred block), then the last stage, then the first.
    const int middle = p - 2;
    const int inMiddle = std::min(extra, middle);
    const int from = 1 + (middle - inMiddle) / 2;
    const bool lastExtra = extra > middle;
    const bool firstExtra = extra > middle + 1;
    int first = base + (firstExtra ? 1 : 0) - embed;
    int last = base + (lastExtra ? 1 : 0) - loss;
    if (firstLayers > 0 || lastLayers > 0) {
        // Explicit ends: the middle stages share what is left, remainder centred again.
        first = firstLayers > 0 ? firstLayers : -1;
        last = lastLayers > 0 ? lastLayers : -1;
        const int fixed = (first >= 0 ? 1 : 0) + (last >= 0 ? 1 : 0);
        const int freeStages = p - fixed;
        const int rest = std::max(0, s.layers - std::max(0, first) - std::max(0, last));
        if (freeStages <= 0) {
            s.firstCount = std::max(0, first);
            s.lastCount = std::max(0, last);
            s.middleFrom = s.middleTo = 1;
            return s;
        }
        // The unfixed ends take the even share; a remainder goes to the middle.
        const int share = rest / freeStages, left = rest % freeStages;
        if (first < 0)
            first = share;
        if (last < 0)
            last = share;
        s.firstCount = first;
        s.lastCount = last;
        s.middleBase = share;
        const int inMid = std::min(left, middle);
        s.middleFrom = 1 + (middle - inMid) / 2;
        s.middleTo = s.middleFrom + inMid;
        // A remainder the middle cannot take (no middle stages) goes to an unfixed end.
        int over = left - inMid;
        if (over > 0 && lastLayers <= 0) {
            s.lastCount += over;
            over = 0;
        }
        if (over > 0 && firstLayers <= 0)
            s.firstCount += over;
        return s;
    }
    s.firstCount = std::max(0, first);
    s.lastCount = std::max(0, last);
    s.middleBase = base;
    s.middleFrom = from;
    s.middleTo = from + inMiddle;
    return s;
}

/// Micro-batches whose activations stage `stage` holds at its peak, in units of the stage's
/// whole layer set: the warm-up forwards plus the one whose backward comes next (Megatron
/// schedules.py get_pp_rank_microbatches). 1F1B: min(p − i, m) (Narayanan §2.2). Interleaved
/// with v chunks: min(2(p − i − 1) + (v − 1)p + 1, v·m) chunk-micro-batches, divided by v; for
/// stage 0 this is p·(1 + (p − 1)/(p·v)), Korthikanti §4.2.3's factor.
inline double inFlightMicroBatches(int stages, int virtualStages, int microBatches, int stage)
{
    const double p = stages, m = microBatches, i = stage;
    if (virtualStages <= 1)
        return std::min(p - i, m);
    const double v = virtualStages;
    return std::min(2 * (p - i - 1) + (v - 1) * p + 1, v * m) / v;
}

/// The interleaved schedule's fill and drain with model chunks of unequal cost (Megatron's uneven
/// virtual stages). Stage i, busy m·S_i in its steady state, first waits for micro-batch 0's
/// chunk 0 to come through the stages k < i; after its last forward (of chunk v − 1) that
/// micro-batch goes through the stages k > i and back; its last backward (of chunk 0) then goes
/// back through k < i. The step is the longest of these, and the bubble what it adds to the
/// slowest stage's steady state:
///   max_i [m·S_i + Σ_{k<i} C(k, 0) + Σ_{k>i} C(k, v − 1)] − m·max_i S_i,
/// C(k, j) = `chunk(k, j)`, a chunk's forward + backward, S_i = Σ_j C(i, j). With equal chunks
/// C = S/v this is Narayanan et al. 2021 §2.2's (p − 1)·S/v; with v = 1, 1F1B's Σ_{k≠slowest} S_k
/// (the chain of dependencies of Megatron forward_backward_pipelining_with_interleaving).
template <class ChunkCost>
double unevenChunkBubbleSeconds(int stages, int virtualStages, double microBatches, ChunkCost&& chunk)
{
    const int p = stages, v = std::max(1, virtualStages);
    double before = 0, after = 0, slowest = 0, longest = 0;
    for (int k = 1; k < p; ++k)
        after += chunk(k, v - 1);
    for (int i = 0; i < p; ++i) {
        double stage = 0;
        for (int j = 0; j < v; ++j)
            stage += chunk(i, j);
        slowest = std::max(slowest, stage);
        longest = std::max(longest, microBatches * stage + before + after);
        before += chunk(i, 0);
        if (i + 1 < p)
            after -= chunk(i + 1, v - 1);
    }
    return std::max(0.0, longest - microBatches * slowest);
}

/// The bubble of the schedules that put two model chunks on every rank, from one micro-batch's
/// forward F, full backward B (input and weight gradients, with any recomputation) and weight
/// gradient W through a rank's whole layer set (both chunks). deepseek-ai/DualPipe README @ 3da1bbe
/// ("Pipeline Bubbles and Memory Usage Comparison", PP stages, F B W of one stage's chunk, F&B two
/// overlapped chunks):
///   DualPipe  (PP = p stages, one of each direction per rank: a chunk is a stage):
///             (p/2 − 1)(F&B + B − 3W)
///   DualPipeV (PP = 2p stages, two per rank in a V: a chunk is half a rank's layers):
///             (p − 1)(F&B_c + B_c − 3W_c) = (p − 1)(F + 2B − 3W)/2
/// with F&B = F + B: the two chunks' compute does not shrink, what overlaps is their communication
/// (DeepSeek-V3 report §3.2.1). ZB-V (two chunks in a V, sail-sg/zero-bubble-pipeline-parallelism
/// README @ 39f2c18: bubble 0 at T_F = T_B = T_W) is taken as DualPipeV's form without the F&B
/// overlap, (p − 1)·max(0, F + B − 3W)/2, which is that 0 when F = W and B = 2W (an assumption
/// for unequal times; the README gives only the balanced case). 1F1B: 0 here (not used).
inline double twoChunkBubbleSeconds(PpSchedule schedule, int stages, double forward, double backward, double weight)
{
    const double p = stages, F = forward, B = backward, W = weight;
    switch (schedule) {
    case PpSchedule::DualPipe: return std::max(0.0, (p / 2 - 1) * (F + 2 * B - 3 * W));
    case PpSchedule::DualPipeV: return std::max(0.0, (p - 1) * (F + 2 * B - 3 * W) / 2);
    case PpSchedule::ZeroBubbleV: return (p - 1) * std::max(0.0, F + B - 3 * W) / 2;
    case PpSchedule::OneFOneB: break;
    }
    return 0;
}

/// Micro-batches of a rank's whole layer set whose activations a two-chunk schedule holds at its
/// peak (DualPipe README @ 3da1bbe, "Activation Per Device" in one stage's micro-batches: 1F1B PP,
/// DualPipe PP + 1, DualPipeV PP + 1 of its 2p half-size stages = p + 1/2; sail-sg README @
/// 39f2c18: ZB-V 1× 1F1B's, p on every rank as the V balances them). At most m.
inline double twoChunkInFlight(PpSchedule schedule, int stages, int microBatches)
{
    const double p = stages, m = microBatches;
    switch (schedule) {
    case PpSchedule::DualPipe: return std::min(p + 1, m);
    case PpSchedule::DualPipeV: return std::min(p + 0.5, m);
    case PpSchedule::ZeroBubbleV: return std::min(p, m);
    case PpSchedule::OneFOneB: break;
    }
    return std::min(p, m);
}

/// Idle fraction of a step: 1F1B (p − 1)/(m + p − 1); interleaved (p − 1)/(v·m + p − 1)
/// (Narayanan §2.2).
inline double bubbleFraction(int stages, int virtualStages, int microBatches)
{
    if (stages <= 1)
        return 0;
    const double p = stages, m = microBatches, v = std::max(1, virtualStages);
    return (p - 1) / (v * m + p - 1);
}

} // namespace core
