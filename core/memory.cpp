#include <algorithm>
#include <cmath>

#include "core/estimate_context.h"
#include "core/finetune.h"
#include "core/kvcache.h"
#include "core/layout/frameworkbuffers.h"
#include "core/layout/rlroles.h"
#include "core/layout/sharding.h"
#include "core/model/layerparameters.h"
#include "core/model/visiontower.h"
#include "core/pipeline.h"
#include "core/timeline/schedule.h"
#include "core/training/bnbretainedinputs.h"
#include "core/training/frozenbase.h"
#include "core/training/fsdppipeline.h"
#include "core/training/lossimplementation.h"
#include "core/weightformat.h"
#include "core/working.h"

namespace core {

namespace {

double& at(ComponentBytes& bytes, Component c) { return bytes[std::size_t(c)]; }

/// training.activation_offload: the layers' saved tensors on the GPU of each micro-batch, the
/// node being run in the backward and the one prefetched for the next (torchtune OffloadActivations).
constexpr double kOffloadedLayersOnGpu = 2;

} // namespace

namespace {

/// The ledger of `stage`, whose layers the caller has (the stage loop walks them anyway).
inline void fillStageLedger(const EstimateContext& ctx, int stage, int layers, const KindCounts& kinds, StagePhase phase, StageLedger& L)
{
    const bool first = stage == 0;
    const bool last = stage == ctx.layout.p - 1;
    // Field by field rather than L = StageLedger{}: this runs for every distinct stage shape.
    L.persistent.fill(0);
    L.activationsPerMicroBatch = L.embeddingPerMicroBatch = 0;
    L.outputHeld = L.lossForward = L.lossBackward = L.lossCached = L.outputRetained = L.bnbRetained = 0;
    L.recompute = L.activationGradients = 0;
    L.gatheredForward = L.gatheredBackward = L.gatheredLoss = 0;
    L.commBackward = L.dispatch = L.dequant = L.quantizedOutput = L.outputDequant = L.optimizerTemporaries = 0;
    L.gradientsEarly = L.gradientsAtLayerBackward = 0;
    L.cpuOffloadBytes = 0;
    L.stage = stage;
    L.layers = layers;
    L.kinds = kinds;
    L.first = first;
    L.last = last;
    L.phase = phase;
    ComponentBytes& b = L.persistent;

    // The stage's parameters, activations and LoRA adapters: each kind's layer times the layers
    // of that kind on the stage (sums in kModelledKinds' order).
    double linear = ctx.layout.countOnly ? ctx.stageParams : 0, other = 0, experts = 0, adapters = 0, activations = 0;
    double recompute = 0, activationGradients = 0, layerParams = 0, layerActivations = 0;
    for (LayerKind kind : kModelledKinds) {
        const int n = kinds[kind];
        if (n == 0)
            continue; // adds +0 (every present kind's figures are finite): the same sums, in the same order
        const KindOnGpu& k = ctx.kinds[std::size_t(kind)];
        linear += n * k.linear;
        other += n * k.other;
        experts += n * k.experts;
        adapters += n * k.adapters;
        activations += n * k.activations.total;
        if (n > 0) { // the largest layer of the stage: what one layer's backward and gathers hold
            recompute = std::max(recompute, k.activations.recomputeWorkspace);
            layerActivations = std::max(layerActivations, k.activations.total);
            activationGradients = std::max(activationGradients, k.activations.backwardWorkspace);
            layerParams = std::max(layerParams, k.linear + k.other + k.experts);
        }
    }
    // DualPipe: every rank holds a stage of each direction, the end ranks the embedding and the
    // output layer both (ResolvedLayout::parameterCopies).
    const bool bothEnds = ctx.layout.parameterCopies > 1 && (first || last);
    const double copies = ctx.layout.parameterCopies;
    L.linear = copies > 1 ? copies * linear : linear;
    const double rootParams = bothEnds ? ctx.firstStageParams + ctx.lastStageParams
                                       : (first ? ctx.firstStageParams : 0) + (last ? ctx.lastStageParams : 0);
    L.other = (copies > 1 ? copies * other : other) + rootParams;
    L.experts = copies > 1 ? copies * experts : experts;
    const double dense = L.linear + L.other;
    L.residentParameters = dense + L.experts;
    const FineTuneSetup& ft = ctx.scenario.finetune;
    const bool paged = ctx.scenario.mode == Mode::FineTune && ft.pagedOptimizer;

    double trainable = 0, trainableWeights = 0;
    double optimizer = 0;
    if (!ctx.layout.adapters) {
        at(b, Component::Weights) = ctx.weightBytes * dense + ctx.expertWeightBytes * L.experts
            + (first ? ctx.weightBytes * ctx.frozenVisionParams : 0); // a frozen tower: its weights only
        at(b, Component::Gradients) = ctx.gradientBytes * dense + ctx.expertGradientBytes * L.experts;
        optimizer = ctx.optimizerBytes * dense + ctx.expertOptimizerBytes * L.experts;
        L.cpuOffloadBytes = ctx.cpuBytesPerParam * L.residentParameters;
        trainable = L.residentParameters;
        trainableWeights = L.residentParameters;
    } else {
        L.quantizedOutput = last ? ctx.quantizedOutputParams : 0;
        at(b, Component::Weights) = ctx.frozenLinearBytes * (L.linear + L.experts + L.quantizedOutput) + ctx.frozenOtherBytes * (L.other - L.quantizedOutput)
            + (first ? ctx.frozenOtherBytes * ctx.frozenVisionParams : 0); // the tower, frozen in its 16-bit storage
        at(b, Component::AdapterWeights) = ctx.adapterWeightBytes * adapters;
        at(b, Component::Gradients) = ctx.adapterGradientBytes * adapters;
        optimizer = ctx.adapterOptimizerBytes * adapters;
        trainable = adapters;
    }
    at(b, paged ? Component::PagedOptimizerStates : Component::OptimizerStates) = optimizer;

    const bool training = phase != StagePhase::Rollout; // generation keeps no training activations
    if (training) {
        // Activations of one micro-batch; the moments multiply by the micro-batches in flight.
        L.activationsPerMicroBatch = activations;
        if (ctx.scenario.training.activationOffload)
            // OffloadActivations (torchtune 1814feb torchtune/training/_activation_offloading.py):
            // every saved tensor of at least 1 KiB is copied to pinned host memory in the forward
            // (lines 134-194) and brought back in the backward, where the tensors of the node being
            // run and those prefetched for the next one are on the GPU (lines 228-283): about two
            // layers' saved tensors stay on the GPU of each micro-batch.
            L.activationsPerMicroBatch = std::min(activations, kOffloadedLayersOnGpu * layerActivations);
        L.embeddingPerMicroBatch = first ? ctx.embeddingActivationsPerMicroBatch : 0;
        if (last) {
            L.outputHeld = ctx.outputInputs + ctx.buffers.loss.held * ctx.logitElements;
            L.lossForward = ctx.buffers.loss.forward * ctx.logitElements;
            L.lossBackward = ctx.buffers.loss.backward * ctx.logitElements;
            L.lossCached = ctx.buffers.loss.cached * ctx.logitElements;
            L.outputRetained = ctx.buffers.loss.retained * ctx.logitElements;
            // The kept output keeps its graph, and bitsandbytes < 0.43.2 the graph's 4-bit inputs
            // (dense layers; one micro-batch's: the loop keeps one output).
            if (L.outputRetained > 0)
                L.bnbRetained = kinds[LayerKind::Dense] * ctx.bnbRetainedPerLayer;
        }
        L.recompute = recompute;
        L.activationGradients = activationGradients;
        // Gathered 16-bit copies of the weights: the largest layer's (layerParams).
        if (ctx.buffers.zero3GatherBytes > 0) {
            L.gatheredForward = L.gatheredBackward = L.gatheredLoss = ctx.buffers.zero3GatherBytes;
        } else if (ctx.buffers.fsdpRootBytes > 0) {
            const double unsharded = ctx.buffers.fsdpStageUnsharded * L.residentParameters;
            // A stage kept unsharded already holds its root parameters (they are resident).
            const double root = unsharded > 0 ? 0 : ctx.buffers.fsdpRootBytes * rootParams;
            L.gatheredForward = unsharded + (unsharded > 0 ? 0 : ctx.buffers.fsdpForwardPerLayer * layerParams) + root;
            // The last block is not resharded after its forward (torchtitan apply_fsdp).
            L.gatheredLoss = unsharded + (unsharded > 0 ? 0 : 2 * layerParams) + root;
            // …and the root's unsharded gradients wait for its reduce-scatter at the end of backward
            // (a frozen root, LoRA's embedding and output layer, has none).
            L.gatheredBackward = unsharded + ctx.buffers.fsdpBackwardPerLayer * layerParams + root
                + (ctx.layout.adapters ? 0.0 : 2.0) * rootParams;
        } else if (ctx.buffers.autocastCopyBytes > 0) {
            L.gatheredForward = L.gatheredBackward = L.gatheredLoss = ctx.buffers.autocastCopyBytes * trainableWeights;
        }
        L.commBackward = ctx.buffers.commBackwardBytes;
        L.dispatch = kinds[LayerKind::Moe] + (ctx.layout.pattern.experts ? kinds[LayerKind::LinearAttention] : 0) > 0 ? ctx.moeDispatchBytes : 0;
        L.dequant = ctx.dequantBytes;
        L.outputDequant = last ? ctx.outputDequantBytes : 0;
        L.optimizerTemporaries = ctx.buffers.optimizerTempPerParam * trainable;
        if (ctx.buffers.optimizerTempCap > 0)
            L.optimizerTemporaries = std::min(L.optimizerTemporaries, ctx.buffers.optimizerTempCap);
        if (ctx.scenario.training.optimizerInBackward && !ctx.layout.adapters) {
            // The step of each parameter runs in its post-accumulate-grad hook and frees its
            // gradient (torchtune 1814feb torchtune/training/memory.py lines 236-242:
            // optim_dict[param].step(); optim_dict[param].zero_grad()): one parameter's gradient
            // and its step's temporaries at a time, the largest being the embedding or output
            // matrix (V·h/t) on the end stages, else a layer's largest matrix.
            const double largest = std::min(L.residentParameters, std::max(first || last ? ctx.largestEndMatrix : 0.0, ctx.largestLayerMatrix));
            at(b, Component::Gradients) = ctx.gradientBytes * largest;
            L.gradientsEarly = at(b, Component::Gradients);
            L.optimizerTemporaries = ctx.buffers.optimizerTempPerParam * largest;
        } else if (ctx.buffers.gradientsFilledByBackward) {
            // Before the backward reaches them the gradients do not exist; at the first layer's
            // backward only the output layer's and that layer's do.
            const double grads = at(b, Component::Gradients);
            L.gradientsEarly = grads;
            const double present = (last ? ctx.lastStageParams : 0) + layerParams;
            const double share = L.residentParameters > 0 ? present / L.residentParameters : 0;
            L.gradientsAtLayerBackward = grads * std::max(0.0, 1 - std::min(1.0, share));
        }
    }
    at(b, Component::CommBuckets) = ctx.buffers.commBucketBytes + ctx.buffers.commBucketPerParam * trainable;
    at(b, Component::LibraryWorkspaces) = ctx.buffers.libraryWorkspaces;

    if (ctx.layout.rl) {
        const RlSetup& rl = ctx.scenario.finetune.rl;
        at(b, Component::ReferenceWeights) = ctx.rlRoles.referenceBytesPerParam * L.residentParameters;
        at(b, Component::RewardWeights) = ctx.rlRoles.rewardBytesPerStage;
        at(b, Component::CriticWeights) = ctx.rlRoles.criticWeightsPerParam * L.residentParameters
            + (ctx.layout.adapters && rl.critic ? at(b, Component::AdapterWeights) : 0);
        at(b, Component::CriticGradients) = ctx.layout.adapters ? (rl.critic ? at(b, Component::Gradients) : 0)
                                                         : ctx.rlRoles.criticGradientsPerParam * L.residentParameters;
        at(b, Component::CriticOptimizerStates) = ctx.layout.adapters ? (rl.critic ? optimizer : 0)
                                                               : ctx.rlRoles.criticOptimizerPerParam * L.residentParameters;
        if (rl.placement == RolloutPlacement::Colocated && phase != StagePhase::Training) {
            at(b, Component::RolloutWeights) = ctx.rlRoles.rolloutWeightBytes;
            at(b, Component::RolloutKvCache) = ctx.rlRoles.rolloutKvBytes;
        }
    }
    at(b, Component::CudaContext) = ctx.scenario.runtime.cudaContextBytes;
    at(b, Component::NcclBuffers) = ctx.buffers.ncclBytes;

    // Outside the allocated level among persistent components: paged states, context, NCCL.
    L.persistentOutside = at(b, Component::PagedOptimizerStates) + at(b, Component::CudaContext) + at(b, Component::NcclBuffers);
    double sum = 0;
    for (double v : b)
        sum += v;
    L.persistentAllocated = sum - L.persistentOutside;
    // Allocated once at start and never freed, so never fragmented: weights (a frozen base
    // loaded once included), engine pools, library workspaces and, in Megatron, the contiguous
    // grad buffer and the distributed optimizer's fp32 master shard.
    L.loadOnce = at(b, Component::Weights) + at(b, Component::AdapterWeights) + at(b, Component::ReferenceWeights)
        + at(b, Component::RewardWeights) + at(b, Component::CriticWeights) + at(b, Component::RolloutWeights)
        + at(b, Component::RolloutKvCache) + at(b, Component::LibraryWorkspaces);
    if (ctx.layout.framework == Framework::Megatron && !ctx.layout.adapters)
        L.loadOnce += at(b, Component::Gradients) + ctx.masterBytes * dense;
}

} // namespace

void stageLedger(const EstimateContext& ctx, int stage, StagePhase phase, StageLedger& L)
{
    const StageLayers layers = ctx.layout.stage(stage);
    fillStageLedger(ctx, stage, layers.count, layers.kinds, phase, L);
}

namespace {

/// Allocated bytes at every training moment at once, straight-line (the stage loop's hot path).
inline void trainingMoments(const StageLedger& L, double inFlight, std::array<double, kStepMomentCount>& m)
{
    const double saved = inFlight * (L.activationsPerMicroBatch + L.embeddingPerMicroBatch);
    const double base = L.persistentAllocated;
    const bool training = L.phase != StagePhase::Rollout;
    const bool layers = training && L.layers > 0;
    const bool loss = training && L.last;
    const double early = base - L.gradientsEarly + saved;
    const double lossBase = early + L.outputHeld + L.gatheredLoss;
    // Logits the loop keeps (an earlier model output) exist at every moment but the loss's
    // backward, by which the new output has replaced them (LossProfile::retained).
    // With bitsandbytes < 0.43.2 that output's graph keeps the 4-bit layers' inputs too; at the
    // layers' backward they are the running micro-batch's, already among its saved tensors.
    const double kept = L.outputRetained + L.bnbRetained;
    m[std::size_t(StepMoment::LayerForward)] = layers ? early + L.gatheredForward + L.dispatch + L.dequant + kept : 0;
    m[std::size_t(StepMoment::LossForward)] = loss ? lossBase + L.lossForward + L.outputDequant + kept : 0;
    m[std::size_t(StepMoment::LossBackward)] = loss ? lossBase + L.lossBackward + L.commBackward + L.outputDequant : 0;
    m[std::size_t(StepMoment::LayerBackward)] = layers ? base - L.gradientsAtLayerBackward + saved + L.recompute + L.activationGradients
            + L.gatheredBackward + L.commBackward + L.dispatch + L.dequant + L.outputRetained
                                                       : 0;
    m[std::size_t(StepMoment::Optimizer)] = training ? base + L.optimizerTemporaries + kept : 0;
    m[std::size_t(StepMoment::Rollout)] = training ? 0 : base;
    m[std::size_t(StepMoment::Prefill)] = m[std::size_t(StepMoment::Sampler)] = 0;
}

} // namespace

double momentAllocated(const StageLedger& L, StepMoment moment, double inFlight)
{
    std::array<double, kStepMomentCount> m;
    trainingMoments(L, inFlight, m);
    return moment < StepMoment::Count ? m[std::size_t(moment)] : 0;
}

namespace {

/// momentComponents, inlined into the stage loop.
inline void fillMomentComponents(const StageLedger& L, StepMoment moment, double inFlight, ComponentBytes& b)
{
    b = L.persistent;
    const bool activations = moment == StepMoment::LayerForward || moment == StepMoment::LossForward
        || moment == StepMoment::LossBackward || moment == StepMoment::LayerBackward;
    if (activations) {
        at(b, Component::LayerActivations) = inFlight * L.activationsPerMicroBatch;
        at(b, Component::EmbeddingActivations) = inFlight * L.embeddingPerMicroBatch;
    }
    if (moment != StepMoment::LossBackward && moment < StepMoment::Rollout && L.phase != StagePhase::Rollout)
        at(b, Component::OutputActivations) = L.outputRetained; // logits the loop keeps (LossProfile::retained)
    if (moment == StepMoment::LayerForward || moment == StepMoment::LossForward || moment == StepMoment::Optimizer)
        at(b, Component::LayerActivations) += L.bnbRetained; // the kept output's graph: 4-bit inputs (bitsandbytes < 0.43.2)
    switch (moment) {
    case StepMoment::LayerForward:
        at(b, Component::Gradients) -= L.gradientsEarly;
        at(b, Component::Zero3GatherBuffers) = L.gatheredForward;
        at(b, Component::MoeDispatchBuffers) = L.dispatch;
        at(b, Component::DequantWorkspace) = L.dequant;
        break;
    case StepMoment::LossForward:
    case StepMoment::LossBackward:
        at(b, Component::Gradients) -= L.gradientsEarly;
        at(b, Component::OutputActivations) = L.outputHeld + (moment == StepMoment::LossForward ? L.outputRetained : 0);
        at(b, Component::LossWorkspace) = moment == StepMoment::LossForward ? L.lossForward : L.lossBackward;
        at(b, Component::Zero3GatherBuffers) = L.gatheredLoss;
        at(b, Component::DequantWorkspace) = L.outputDequant;
        if (moment == StepMoment::LossBackward)
            at(b, Component::CommBuckets) += L.commBackward;
        break;
    case StepMoment::LayerBackward:
        at(b, Component::Gradients) -= L.gradientsAtLayerBackward;
        at(b, Component::RecomputeWorkspace) = L.recompute;
        at(b, Component::ActivationGradients) = L.activationGradients;
        at(b, Component::Zero3GatherBuffers) = L.gatheredBackward;
        at(b, Component::CommBuckets) += L.commBackward;
        at(b, Component::MoeDispatchBuffers) = L.dispatch;
        at(b, Component::DequantWorkspace) = L.dequant;
        break;
    case StepMoment::Optimizer:
        at(b, Component::OptimizerStepTemporaries) = L.optimizerTemporaries;
        break;
    case StepMoment::Rollout:
    case StepMoment::Prefill:
    case StepMoment::Sampler:
    case StepMoment::Count:
        break;
    }
}

} // namespace

void momentComponents(const StageLedger& L, StepMoment moment, double inFlight, ComponentBytes& b)
{
    fillMomentComponents(L, moment, inFlight, b);
}

namespace {

constexpr double kExpandablePage = 20971520.0; // 20 MiB: expandable segments map the large pool in these

/// The caching allocator's holdings on top of the allocated peak: the blocks it keeps cached at
/// a moment where a freed block cannot serve the next request (the bf16 logits at the loss's
/// backward), and a share of everything allocated during the step for split blocks and
/// rounding. With expandable segments free pages are unmapped and remapped, so only the
/// rounding to the 20 MiB page is left (PyTorch Note [Expandable Segments]).
double allocatorReserve(const EstimateContext& ctx, const StageLedger& L, double allocatedPeak, double lossBackward)
{
    const RuntimeOverheads& rt = ctx.scenario.runtime;
    if (rt.expandableSegments)
        return std::ceil(allocatedPeak / kExpandablePage) * kExpandablePage - allocatedPeak;
    const double cached = lossBackward > 0 ? std::max(0.0, lossBackward + L.lossCached - allocatedPeak) : 0;
    return cached + rt.fragmentationFraction * std::max(0.0, allocatedPeak - L.loadOnce);
}

/// Micro-batch and model chunk of the moment's operation (Megatron schedules.py): the peak
/// forward is the one after the warm-up, the backward moments the first backward.
void peakOperation(const EstimateContext& ctx, int stage, StepMoment moment, int& microBatch, int& chunk)
{
    microBatch = 0;
    chunk = 0;
    if (moment == StepMoment::LayerForward) {
        const int warmup = warmupForwards(ctx.layout.p, ctx.layout.v, ctx.layout.micro, stage);
        const int total = ctx.layout.micro * ctx.layout.v;
        const ChunkMicroBatch op = forwardEntry(std::min(warmup, total - 1), ctx.layout.micro, ctx.layout.v, ctx.layout.p);
        microBatch = op.microBatch;
        chunk = op.chunk;
    } else if (moment != StepMoment::Optimizer && moment != StepMoment::Rollout) {
        chunk = ctx.layout.v - 1;
    }
}

bool sameProfile(const RankGroup& a, const RankGroup& b)
{
    // The totals differ for almost every pair of distinct stages: compare them first.
    return a.totalBytes == b.totalBytes && a.allocatedBytes == b.allocatedBytes && a.layers == b.layers && a.phase == b.phase
        && a.peakMoment == b.peakMoment && a.bytes == b.bytes;
}

/// The full ledger of one stage's GPU: the moments of its step, the peak, the three levels.
/// Stage and rank fields are the caller's. With `w`, records the stage's working.
inline void stageMemory(const EstimateContext& ctx, const StageLedger& L, double inFlight, RankGroup& out, Working* w)
{
    // Every field is set here (no out = RankGroup{}: this runs for every stage).
    out.layers = L.layers;
    out.residentParameters = L.residentParameters;
    out.cpuOffloadBytes = L.cpuOffloadBytes;
    out.inFlightMicroBatches = inFlight;
    // The peak over the step is the largest moment: transients of different moments never
    // coexist, so they are not added up.
    // In a local first: stores into the group could alias the ledger, which the compiler would
    // then read again after each.
    std::array<double, kStepMomentCount> moments;
    trainingMoments(L, inFlight, moments);
    double peak = -1;
    StepMoment at = StepMoment::Optimizer;
    for (std::size_t i = 0; i < std::size_t(StepMoment::Prefill); ++i)
        if (moments[i] > peak) {
            peak = moments[i];
            at = StepMoment(i);
        }
    const double reserve = allocatorReserve(ctx, L, peak, moments[std::size_t(StepMoment::LossBackward)]);
    out.momentBytes = moments;
    out.peakMoment = at;
    fillMomentComponents(L, at, inFlight, out.bytes);
    peakOperation(ctx, L.stage, at, out.peakMicroBatch, out.peakChunk);
    out.allocatedBytes = peak;
    out.bytes[std::size_t(Component::Fragmentation)] = reserve;
    out.reservedBytes = peak + reserve;
    out.deviceBytes = out.reservedBytes + L.persistentOutside;
    out.totalBytes = out.deviceBytes;

    if (w)
        explainStage(ctx, L, out, w);
}

} // namespace

void addStageGroups(const EstimateContext& ctx, StagePhase phase, GroupPhase label, Estimate& out, Working* w)
{
    // Stage shapes, their ledgers and the per-stage moments live in this file so that the
    // compiler inlines them into this loop (it runs once per stage, 16 times for the 405B case).
    // What is the same for every stage is read once here; a stage's layers follow from the
    // previous stage's (firstLayerOf(i) = Σ layersOn(j < i)), and its ledger is recomputed only
    // when its shape differs from the previous stage's (with the working: for every stage, whose
    // working it records).
    const int p = ctx.layout.p;
    const int ranksPerStage = ctx.scenario.parallel.gpus / p;
    const double capacity = ctx.scenario.hardware.gpu.memoryBytes;
    const bool training = phase != StagePhase::Rollout; // generation holds no micro-batches
    std::vector<RankGroup>& groups = out.groups;
    // Beyond kMaxRankGroups stages the middle ones are grouped in runs of `span` stages, each
    // shown by its fullest (the first and the last stage, which hold the embedding and the
    // loss, stay groups of their own).
    const std::size_t firstGroup = groups.size();
    const int span = p > kMaxRankGroups ? (p - 2 + kMaxRankGroups - 3) / (kMaxRankGroups - 2) : 0;
    std::size_t groupMark = 0; // where the last group's working begins
    StageLedger L{StageLedger::NoInit{}}; // its first stage always fills it: layers = −1 is no stage's
    int layers = 0;
    for (int stage = 0, firstLayer = 0; stage < p; ++stage, firstLayer += layers) {
        layers = ctx.layout.layersOn(stage);
        const KindCounts kinds = ctx.layout.stageKindsAt(stage, firstLayer, layers); // interleaved: its chunks' (resolvedlayout.h)
        if (w || !L.sameShape(layers, kinds, stage == 0, stage == p - 1, phase))
            fillStageLedger(ctx, stage, layers, kinds, phase, L);
        L.stage = stage;
        const std::size_t mark = w ? w->lines().size() : 0;
        // Computed in place at the end of the groups (no copy of the group), dropped again when it
        // has the previous stage's profile.
        RankGroup& g = groups.emplace_back(RankGroup::NoInit{});
        stageMemory(ctx, L, training ? ctx.layout.heldMicroBatches(stage) : 0, g, w);
        g.phase = label;
        const std::size_t n = groups.size();
        if (n > 1 && sameProfile(g, groups[n - 2])) {
            // Same memory profile as the previous stage: extend that group.
            groups.pop_back();
            RankGroup& previous = groups.back();
            previous.lastStage = stage;
            previous.lastRank = (stage + 1) * ranksPerStage - 1;
            if (w)
                w->truncate(mark);
            continue;
        }
        g.firstStage = g.lastStage = stage;
        g.firstRank = stage * ranksPerStage;
        g.lastRank = (stage + 1) * ranksPerStage - 1;
        g.capacityBytes = capacity;
        // Paged optimizer states move to CPU memory when the GPU runs short instead of failing.
        g.fits = g.deviceBytes - g.bytes[std::size_t(Component::PagedOptimizerStates)] <= g.capacityBytes;
        if (span > 0 && stage > 0 && stage < p - 1 && n > firstGroup + 1 && groups[n - 2].firstStage > 0
            && stage - groups[n - 2].firstStage < span) {
            // A middle stage joins the previous run; the run shows its fullest stage.
            RankGroup& previous = groups[n - 2];
            const int first = previous.firstStage, firstRank = previous.firstRank;
            if (g.deviceBytes > previous.deviceBytes) {
                previous = g;
                previous.firstStage = first;
                previous.firstRank = firstRank;
                previous.shownStage = stage;
                if (w) {
                    w->erase(groupMark, mark);
                    w->retag(groupMark, int(n - 2));
                }
            } else {
                previous.lastStage = stage;
                previous.lastRank = g.lastRank;
                if (previous.shownStage < 0)
                    previous.shownStage = first;
                if (w)
                    w->truncate(mark);
            }
            groups.pop_back();
            continue;
        }
        groupMark = mark;
        if (w)
            w->retag(mark, int(n - 1));
    }
}

} // namespace core
