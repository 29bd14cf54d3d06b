#pragma once

// Internal to the core: the resolved quantities every part of one estimate shares.

#include <optional>

#include "core/activations.h"
#include "core/components.h"
#include "core/estimate.h"
#include "core/finetune.h"
#include "core/model.h"
#include "core/pipeline.h"

namespace core {

/// Which moment of an RL step a bar shows when the rollout engine shares the GPUs.
enum class StagePhase { Only, Training, Rollout };

/// How a framework's cross entropy holds the logits, in bytes per logit element (T·V/t):
/// kept from the loss's forward to its backward, extra at its forward and at its backward, and
/// a block the caching allocator keeps cached but cannot reuse at the backward.
struct LossProfile
{
    double held = 0, forward = 0, backward = 0, cached = 0;
};

struct EstimateContext
{
    /// The architecture is the scenario's own (not copied: this runs on every estimate) or, for
    /// a parameter count without one, the family shape of that size, kept here.
    explicit EstimateContext(const Scenario& s)
        : scenario(s), shape(s.model.hasArchitecture ? s.model : family.emplace(familyShape(s.model.parameters)))
    {
    }
    EstimateContext(const EstimateContext&) = delete; // `shape` may refer to this context's own family shape
    EstimateContext& operator=(const EstimateContext&) = delete;
    const Scenario& scenario;
  private:
    std::optional<ModelArchitecture> family; ///< count-only models: the family shape `shape` refers to
  public:
    const ModelArchitecture& shape;   ///< architecture used (family shape for count-only models)
    const ModelConstants* constants = &ModelConstants::shipped(); ///< fitted constants (EstimateOptions)
    bool countOnly = false;
    bool adapters = false;            ///< LoRA/QLoRA fine-tuning: frozen base + trainable adapters
    bool rl = false;
    Framework framework = Framework::Megatron;
    double reduceBytes = 4;           ///< FSDP2: bytes of the reduce-scatter dtype (mixed_precision_reduce)
    bool ampWeights = false;          ///< DDP with a mixed recipe: fp32 weights under torch.autocast
    ParameterCounts params;           ///< of the real model (count-only: total only)
    StateBytesPerParameter state;     ///< of the trainable parameters, as the framework keeps them
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
    AdapterCounts adapterCounts;      ///< LoRA: countAdapters of the shape, once per estimate
    PipelineSplit split;              ///< transformer layers per stage

    // Per-estimate constants of the stage ledger (prepareStages), so that the per-stage work
    // is a handful of multiplications: a 16-stage pipeline is estimated 1000× per second.
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
    double masterBytes = 0;           ///< of optimizerBytes: the fp32 master share (allocated once)
    double cpuBytesPerParam = 0;      ///< offloaded states per resident trainable parameter
    double embeddingActivationsPerMicroBatch = 0;
    double outputInputs = 0;          ///< final norm and output-layer inputs (last stage)
    double logitElements = 0;         ///< T·V/t of one micro-batch
    LossProfile loss;
    double commBucketBytes = 0;       ///< persistent reduction buffers (fixed)
    double commBucketPerParam = 0;    ///< persistent reduction buffers per trainable parameter (DDP bucket copies)
    double commBackwardBytes = 0;     ///< reduction buffers alive during the backward only (DeepSpeed ZeRO-1/2)
    double zero3GatherBytes = 0;      ///< ZeRO-3: gathered modules (forward and backward)
    double fsdpForwardPerLayer = 0;   ///< FSDP2: gathered bytes per layer parameter during the forward
    double fsdpBackwardPerLayer = 0;  ///< … during the backward (unsharded params, grads, reduce-scatter inputs)
    double fsdpRootBytes = 0;         ///< FSDP2: bytes per non-layer parameter kept unsharded through forward and backward
    double fsdpStageUnsharded = 0;    ///< FSDP2 SHARD_GRAD_OP: bytes per stage parameter kept unsharded
    double autocastCopyBytes = 0;     ///< DDP AMP: bf16 copy per fp32 weight saved for backward
    double optimizerTempPerParam = 0; ///< optimizer-step temporaries per resident trainable parameter
    double optimizerTempCap = 0;      ///< … at most this many bytes (DeepSpeed sub_group_size); 0: none
    double libraryWorkspaces = 0;
    double ncclBytes = 0;
    bool gradientsFilledByBackward = false; ///< grads allocated in the first backward (set_to_none zero_grad) and m = 1
    double moeDispatchBytes = 0;
    double dequantBytes = 0;
    // RL roles, bytes on one GPU per stage (colocated)
    double referenceBytesPerParam = 0; ///< per resident policy parameter (0: shares the base)
    double rewardBytesPerStage = 0;
    double criticWeightsPerParam = 0, criticGradientsPerParam = 0, criticOptimizerPerParam = 0;
    double rolloutWeightBytes = 0;
    double rolloutKvBytes = 0;
    double rolloutKvNeeded = 0;       ///< the rollout batch's KV cache per engine GPU (memory and rollout time)
};

/// One stage's memory by lifetime: what the peak over the step and the timeline are made of.
/// Persistent components are alive through the whole step; the transients of each moment of
/// the step (StepMoment) only then.
struct StageLedger
{
    int stage = 0;
    int layers = -1;
    int moeLayers = 0;
    bool first = false, last = false;
    StagePhase phase = StagePhase::Only;
    ComponentBytes persistent{};      ///< alive the whole step (gradients: see gradientsEarly)
    double persistentAllocated = 0;   ///< Σ allocated-level persistent components
    double persistentOutside = 0;     ///< Σ reserved- and device-level persistent components
    double loadOnce = 0;              ///< allocated once at start and never freed: not fragmented
    double activationsPerMicroBatch = 0; ///< saved tensors of the stage's layers, one micro-batch
    double embeddingPerMicroBatch = 0;
    double outputHeld = 0;            ///< last stage: what the loss keeps between its forward and backward
    double lossForward = 0, lossBackward = 0, lossCached = 0;
    double recompute = 0, activationGradients = 0; ///< the layer in backward
    double gatheredForward = 0, gatheredBackward = 0, gatheredLoss = 0;
    double commBackward = 0;
    double dispatch = 0, dequant = 0;
    double optimizerTemporaries = 0;
    double gradientsEarly = 0;        ///< gradients absent before the backward reaches them (forward and loss moments)
    double gradientsAtLayerBackward = 0; ///< … absent at the first layer's backward
    double linear = 0, other = 0, experts = 0; ///< resident parameters by kind (working)
    double residentParameters = 0;
    double cpuOffloadBytes = 0;

    bool sameShape(int l, int moe, bool f, bool la, StagePhase ph) const
    {
        return layers == l && moeLayers == moe && first == f && last == la && phase == ph;
    }
};

/// Fills the per-estimate constants of the stage ledger (memory.cpp).
void prepareStages(EstimateContext& ctx);

/// The ledger of `stage` in `phase` (memory.cpp).
void stageLedger(const EstimateContext& ctx, int stage, StagePhase phase, StageLedger& out);

/// Allocated bytes at `moment` with `inFlight` micro-batches' activations saved; 0 when the
/// moment does not occur on this stage.
double momentAllocated(const StageLedger& ledger, StepMoment moment, double inFlight);

/// The components alive at `moment` (persistent + that moment's transients).
void momentComponents(const StageLedger& ledger, StepMoment moment, double inFlight, ComponentBytes& out);

/// Appends the ledger of every pipeline stage in `phase` to out.groups, labelled `label`;
/// consecutive stages with the same memory profile share one group (memory.cpp). With
/// `working`, records each group's working tagged with its index.
void addStageGroups(const EstimateContext& ctx, StagePhase phase, GroupPhase label, Estimate& out, Working* working);

/// Records the working of one stage's ledger (memory_working.cpp).
void explainStage(const EstimateContext& ctx, const StageLedger& ledger, const RankGroup& out, Working* working);

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

/// Resolves the scenario into `ctx` (estimate.cpp); with `working`, records the job-wide lines.
void fillContext(EstimateContext& ctx, Working* working);

} // namespace core
