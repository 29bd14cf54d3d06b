#pragma once

// Internal to the core: the resolved quantities every part of one estimate shares.

#include <optional>

#include "core/activations.h"
#include "core/components.h"
#include "core/estimate.h"
#include "core/finetune.h"
#include "core/model.h"
#include "core/layout/frameworkbuffers.h"
#include "core/layout/resolvedlayout.h"
#include "core/layout/rlroles.h"
#include "core/model/layerpattern.h"
#include "core/pipeline.h"
#include "core/steptime.h"

namespace core {

/// Which moment of an RL step a bar shows when the rollout engine shares the GPUs.
enum class StagePhase { Only, Training, Rollout };

/// One layer of a modelled kind on one GPU: what the stage ledger multiplies by the layers of
/// that kind a stage holds (core/model/layerparameters.h divided as the layout divides it).
struct KindOnGpu
{
    double linear = 0;              ///< TP-sharded matrices / t (MoE: attention + shared experts)
    double other = 0;               ///< replicated: norms, row-parallel biases, the router
    double experts = 0;             ///< routed experts on this GPU, (E/EP)·expert/ETP
    double adapters = 0;            ///< LoRA parameters on this GPU
    LayerActivations activations;   ///< saved for the backward, per micro-batch
};

struct EstimateContext
{
    /// The architecture is the scenario's own (not copied: this runs on every estimate) or, for
    /// a parameter count without one, the family shape of that size, kept here.
    explicit EstimateContext(const Scenario& s)
        : scenario(s), shape(s.model.hasArchitecture ? s.model : family.emplace(familyShape(s.model.parameters))),
          layout(resolveLayout(s, shape)), gpuFigures(gpuStepFigures(s.hardware.gpu.preset))
    {
    }
    EstimateContext(const EstimateContext&) = delete; // `shape` may refer to this context's own family shape
    EstimateContext& operator=(const EstimateContext&) = delete;
    const Scenario& scenario;
  private:
    std::optional<ModelArchitecture> family; ///< count-only models: the family shape `shape` refers to
  public:
    const ModelArchitecture& shape;   ///< architecture used (family shape for count-only models)
    /// Resolved once (core/layout/resolvedlayout.h): degrees, shard and replica groups,
    /// micro-batches, tokens, the pipeline's split and layer pattern, dtypes, model-state bytes.
    const ResolvedLayout layout;
    /// The GPU's measured step-time figures (resources/steptime.json), looked up once per estimate:
    /// the step-time model, the rollout's prefill and the checkpoint's host link read them.
    const GpuStepFigures& gpuFigures;
    const ModelConstants* constants = &ModelConstants::shipped(); ///< fitted constants (EstimateOptions)
    const ParameterCounts* knownCounts = nullptr; ///< EstimateOptions::counts: the model's counts at this TP, if the caller has them
    ParameterCounts params;           ///< of the real model (count-only: total only)
    ByKind<KindOnGpu> kinds;          ///< one layer of each kind on one GPU (the dense kind always; others when the model has them)
    double largestModuleParams = 0;   ///< per TP rank, what ZeRO-3 gathers at once
    double adapterParameters = 0;     ///< whole model (LoRA)
    AdapterCounts adapterCounts;      ///< LoRA: countAdapters of the shape, once per estimate

    // Per-estimate constants of the stage ledger (prepareStages), so that the per-stage work
    // is a handful of multiplications: a 16-stage pipeline is estimated 1000× per second.
    double stageParams = 0;           ///< count-only models: Ψ/(t·p) per stage, no layer structure
    double firstStageParams = 0;      ///< embedding (+ learned positions) on stage 0 (+ a trained vision tower)
    double frozenVisionParams = 0;    ///< a frozen vision tower and projector on stage 0, per GPU (weights only)
    double visionActivationsPerMicroBatch = 0; ///< a trained tower's saved activations of one micro-batch's images
    double lastStageParams = 0;       ///< final norm + output layer (or tied copy) on the last stage
    /// training.optimizer_in_backward: the largest single parameter tensor per GPU, the one whose
    /// gradient is the most that exists at once (the embedding or output matrix V·h/t on the end
    /// stages; a layer's largest matrix elsewhere)
    double largestEndMatrix = 0, largestLayerMatrix = 0;
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
    FrameworkBuffers buffers;         ///< the framework's own buffers (core/layout/frameworkbuffers.h)
    double moeDispatchBytes = 0;
    double dequantBytes = 0;
    double bnbRetainedPerLayer = 0;
    double quantizedOutputParams = 0; ///< the output layer's parameters held in the base's format beside a 16-bit embedding
    double outputDequantBytes = 0;    ///< the quantized output layer dequantized for its GEMM (at the loss)   ///< a dense layer's 4-bit inputs kept by bitsandbytes < 0.43.2 (core/training/bnbretainedinputs.h)
    RlRoles rlRoles;                  ///< RL: the roles beside the policy (core/layout/rlroles.h)
};

/// One stage's memory by lifetime: what the peak over the step and the timeline are made of.
/// Persistent components are alive through the whole step; the transients of each moment of
/// the step (StepMoment) only then.
struct StageLedger
{
    /// Every field zero (no layers yet: layers = −1).
    StageLedger() : StageLedger(NoInit{}) { clear(); }
    /// Only the shape sentinel (layers = −1, which no stage has): the stage loop's ledger is
    /// filled field by field (fillStageLedger) before anything reads it, so nothing is zeroed
    /// first (about 60 stores per estimate).
    struct NoInit {};
    explicit StageLedger(NoInit) : layers(-1) {}

    int stage;
    int layers;
    KindCounts kinds;                 ///< its layers by kind
    bool first, last;
    StagePhase phase;
    ComponentBytes persistent;        ///< alive the whole step (gradients: see gradientsEarly)
    double persistentAllocated;       ///< Σ allocated-level persistent components
    double persistentOutside;         ///< Σ reserved- and device-level persistent components
    double loadOnce;                  ///< allocated once at start and never freed: not fragmented
    double activationsPerMicroBatch;  ///< saved tensors of the stage's layers, one micro-batch
    double embeddingPerMicroBatch;
    double outputHeld;                ///< last stage: what the loss keeps between its forward and backward
    double outputRetained;            ///< last stage: logits the loop keeps at every other moment (LossProfile::retained)
    double bnbRetained;               ///< last stage: the 4-bit layers' inputs the kept output's graph holds (bitsandbytes < 0.43.2)
    double lossForward, lossBackward, lossCached;
    double recompute, activationGradients; ///< the layer in backward
    double gatheredForward, gatheredBackward, gatheredLoss;
    double commBackward;
    double dispatch, dequant;
    double quantizedOutput;           ///< last stage: output-layer parameters in the base's format (working)
    double outputDequant;             ///< last stage: the quantized output layer dequantized (loss moments)
    double optimizerTemporaries;
    double gradientsEarly;            ///< gradients absent before the backward reaches them (forward and loss moments)
    double gradientsAtLayerBackward;  ///< … absent at the first layer's backward
    double linear, other, experts;    ///< resident parameters by kind (working)
    double residentParameters;
    double cpuOffloadBytes;

    void clear()
    {
        stage = 0;
        layers = -1;
        kinds = KindCounts{};
        first = last = false;
        phase = StagePhase::Only;
        persistent.fill(0);
        persistentAllocated = persistentOutside = loadOnce = 0;
        activationsPerMicroBatch = embeddingPerMicroBatch = outputHeld = outputRetained = bnbRetained = 0;
        lossForward = lossBackward = lossCached = recompute = activationGradients = 0;
        gatheredForward = gatheredBackward = gatheredLoss = commBackward = dispatch = dequant = quantizedOutput = outputDequant = 0;
        optimizerTemporaries = gradientsEarly = gradientsAtLayerBackward = 0;
        linear = other = experts = residentParameters = cpuOffloadBytes = 0;
    }
    bool sameShape(int l, const KindCounts& k, bool f, bool la, StagePhase ph) const
    {
        return layers == l && kinds == k && first == f && last == la && phase == ph;
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

/// The kind of each layer a stage holds.
inline KindCounts stageKinds(const EstimateContext& ctx, int stage)
{
    return ctx.layout.stage(stage).kinds;
}

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

/// Hybrid sharding: the link of the replica group that all-reduces the gradient shards (compute.cpp).
GroupLink replicaLink(const EstimateContext& ctx);

/// Bytes each GPU sends per step (compute.cpp). `maxLayers`/`maxResident`: the busiest stage.
void communication(const EstimateContext& ctx, int maxLayers, int maxMoeLayers, double maxResident, double maxExpert,
                   CommunicationEstimate& out, Working* working);

/// Counts the parameters, adapters and each kind's layer on one GPU and prepares the stage
/// ledger's constants (estimate.cpp), on the layout the context resolved; with `working`,
/// records the job-wide lines.
void fillContext(EstimateContext& ctx, Working* working);

} // namespace core
