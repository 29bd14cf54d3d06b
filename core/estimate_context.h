#pragma once

// Internal to the core: the resolved quantities every part of one estimate shares.

#include "core/activations.h"
#include "core/components.h"
#include "core/estimate.h"

namespace core {

struct EstimateContext
{
    explicit EstimateContext(const Scenario& s) : scenario(s) {}
    const Scenario& scenario;
    ModelArchitecture shape;          ///< architecture used (family shape for count-only models)
    bool countOnly = false;
    ParameterCounts params;           ///< of the real model (count-only: total only)
    StateBytesPerParameter state;
    int t = 1, p = 1, v = 1, c = 1;
    int dp = 1;                       ///< data-parallel degree
    int zeroShards = 1;               ///< DP × CP: ZeRO / distributed optimizer shard group
    int micro = 1;                    ///< micro-batches per step per pipeline
    LayerActivations layer;           ///< per layer, per micro-batch, on one GPU
    double layerShardedParams = 0;    ///< per layer, divided by TP
    double layerReplicatedParams = 0; ///< per layer, replicated across TP (norms, row-parallel biases)
    double largestModuleParams = 0;   ///< per TP rank, what ZeRO-3 gathers at once
    double tokensPerMicroBatch = 0;   ///< (s / CP) · b on one GPU

    // Per-estimate constants of the stage ledger (prepareStages), so that the per-stage work
    // is a handful of multiplications: a 16-stage pipeline is estimated 1000× per second.
    int baseLayersPerStage = 0;       ///< L / p (the first L mod p stages get one more)
    int stagesWithExtraLayer = 0;     ///< L mod p
    double stageParams = 0;           ///< count-only models: Ψ/(t·p) per stage, no layer structure
    double layerParams = 0;           ///< resident parameters per layer on one GPU
    double firstStageParams = 0;      ///< embedding (+ learned positions) on stage 0
    double lastStageParams = 0;       ///< final norm + output layer (or tied copy) on the last stage
    double weightBytesPerParam = 0;   ///< after ZeRO sharding and offload
    double gradientBytesPerParam = 0;
    double optimizerBytesPerParam = 0;
    double cpuBytesPerParam = 0;      ///< offloaded states per resident parameter
    double embeddingActivationsPerMicroBatch = 0;
    double outputActivations = 0;
    double commBucketBytes = 0;
    double zero3GatherBytes = 0;
};

/// Fills the per-estimate constants of the stage ledger (memory.cpp).
void prepareStages(EstimateContext& ctx);

/// The ledger of one pipeline stage's GPU (memory.cpp), written into `out` (its stage and
/// rank fields are the caller's). Working lines are tagged with the stage index.
void stageMemory(const EstimateContext& ctx, int stage, RankGroup& out, Working* working);

/// FLOPs, time, cost and bubble (compute.cpp).
void computeTime(const EstimateContext& ctx, ComputeEstimate& out, std::vector<Issue>& issues, Working* working);

/// Bytes each GPU sends per step (compute.cpp). `maxLayers`/`maxResident`: the busiest stage.
void communication(const EstimateContext& ctx, int maxLayers, double maxResident, CommunicationEstimate& out,
                   Working* working);

} // namespace core
