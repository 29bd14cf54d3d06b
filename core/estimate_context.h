#pragma once

// Internal to the core: the resolved quantities every part of one estimate shares.

#include "core/activations.h"
#include "core/components.h"
#include "core/estimate.h"

namespace core {

/// Which moment of an RL step a bar shows when the rollout engine shares the GPUs.
enum class StagePhase { Only, Training, Rollout };

struct EstimateContext
{
    explicit EstimateContext(const Scenario& s) : scenario(s) {}
    const Scenario& scenario;
    ModelArchitecture shape;          ///< architecture used (family shape for count-only models)
    bool countOnly = false;
    bool adapters = false;            ///< LoRA/QLoRA fine-tuning: frozen base + trainable adapters
    bool rl = false;
    ParameterCounts params;           ///< of the real model (count-only: total only)
    StateBytesPerParameter state;     ///< of the trainable parameters
    int t = 1, p = 1, v = 1, c = 1;
    int dp = 1;                       ///< data-parallel degree
    int zeroShards = 1;               ///< DP × CP: ZeRO / distributed optimizer shard group
    int expertShards = 1;             ///< expert data parallel: ZeRO group of expert weights
    int micro = 1;                    ///< micro-batches per step per pipeline
    LayerActivations layer;           ///< dense layer, per micro-batch, on one GPU
    LayerActivations moeLayer;        ///< MoE layer (MoE models only)
    double tokensPerMicroBatch = 0;   ///< (s / CP) · b on one GPU
    double largestModuleParams = 0;   ///< per TP rank, what ZeRO-3 gathers at once
    double adapterParameters = 0;     ///< whole model (LoRA)

    // Per-estimate constants of the stage ledger (prepareStages), so that the per-stage work
    // is a handful of multiplications: a 16-stage pipeline is estimated 1000× per second.
    int baseLayersPerStage = 0;       ///< L / p (the first L mod p stages get one more)
    int stagesWithExtraLayer = 0;     ///< L mod p
    double stageParams = 0;           ///< count-only models: Ψ/(t·p) per stage, no layer structure
    double denseLinear = 0;           ///< per dense layer on one GPU: TP-sharded matrices
    double denseOther = 0;            ///< per dense layer: replicated norms and row-parallel biases
    double moeLinear = 0;             ///< per MoE layer, non-expert: attention + shared experts / t
    double moeOther = 0;              ///< per MoE layer: norms + router
    double expertParams = 0;          ///< per MoE layer: routed experts on this GPU, (E/EP)·expert/ETP
    double firstStageParams = 0;      ///< embedding (+ learned positions) on stage 0
    double lastStageParams = 0;       ///< final norm + output layer (or tied copy) on the last stage
    double adapterDense = 0;          ///< LoRA parameters per dense / MoE layer on one GPU
    double adapterMoe = 0;
    // bytes per resident parameter after ZeRO sharding and offload
    double weightBytes = 0, gradientBytes = 0, optimizerBytes = 0;              ///< dense (trainable)
    double expertWeightBytes = 0, expertGradientBytes = 0, expertOptimizerBytes = 0;
    double frozenLinearBytes = 0, frozenOtherBytes = 0;                        ///< LoRA base
    double adapterWeightBytes = 0, adapterGradientBytes = 0, adapterOptimizerBytes = 0;
    double cpuBytesPerParam = 0;      ///< offloaded states per resident trainable parameter
    double embeddingActivationsPerMicroBatch = 0;
    double outputActivations = 0;
    double commBucketBytes = 0;
    double zero3GatherBytes = 0;
    double moeDispatchBytes = 0;
    double dequantBytes = 0;
    // RL roles, bytes on one GPU per stage (colocated)
    double referenceBytesPerParam = 0; ///< per resident policy parameter (0: shares the base)
    double rewardBytesPerStage = 0;
    double criticWeightsPerParam = 0, criticGradientsPerParam = 0, criticOptimizerPerParam = 0;
    double rolloutWeightBytes = 0;
    double rolloutKvBytes = 0;
};

/// Fills the per-estimate constants of the stage ledger (memory.cpp).
void prepareStages(EstimateContext& ctx);

/// Appends the ledger of every pipeline stage in `phase` to out.groups, labelled `label`;
/// consecutive stages with the same memory profile share one group (memory.cpp). With
/// `working`, records each group's working tagged with its index.
void addStageGroups(const EstimateContext& ctx, StagePhase phase, GroupPhase label, Estimate& out, Working* working);

/// Records the working of one stage's ledger (memory_working.cpp).
void explainStage(const EstimateContext& ctx, int stage, const RankGroup& out, double linear, double other, double experts,
                  int denseLayers, int moeLayers, Working* working);

/// FLOPs, time, cost and bubble (compute.cpp).
void computeTime(const EstimateContext& ctx, ComputeEstimate& out, std::vector<Issue>& issues, Working* working);

/// The step-time model (steptime_model.cpp): fills the compute's step parts, model step and MFU,
/// and the communication's seconds on the links it uses. `denseParams`/`expertParams`: trainable
/// parameters on the busiest stage's GPU that its data-parallel groups reduce.
void stepTime(const EstimateContext& ctx, double denseParams, double expertParams, ComputeEstimate& compute,
              CommunicationEstimate& communication, Working* working);

/// Training time, GPU-hours and cost from the step the estimate uses (compute.cpp).
void finishTime(const EstimateContext& ctx, ComputeEstimate& out, Working* working);

/// The link each dimension's group uses: its bus bandwidth, whether it spans nodes and its
/// members per node (compute.cpp). The step-time model turns bytes into seconds on them.
void communicationLinks(const EstimateContext& ctx, CommunicationEstimate& out);

/// Bytes each GPU sends per step (compute.cpp). `maxLayers`/`maxResident`: the busiest stage.
void communication(const EstimateContext& ctx, int maxLayers, int maxMoeLayers, double maxResident, double maxExpert,
                   CommunicationEstimate& out, Working* working);

} // namespace core
