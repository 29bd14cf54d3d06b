#include "core/estimate.h"

#include <algorithm>

#include "core/estimate_context.h"
#include "core/fields.h"
#include "core/inference.h"
#include "core/finetune.h"
#include "core/kvcache.h"
#include "core/offload/nvmeoffload.h"
#include "core/model/imagetokens.h"
#include "core/rules/rules.h"
#include "core/translatable.h"
#include "core/working.h"

namespace core {

double RankGroup::categoryBytes(Category category) const
{
    double sum = 0;
    for (std::size_t i = 0; i < kComponentCount; ++i)
        if (categoryOf(Component(i)) == category)
            sum += bytes[i];
    return sum;
}

double RankGroup::modelStateBytes() const
{
    return bytes[std::size_t(Component::Weights)] + bytes[std::size_t(Component::Gradients)]
        + bytes[std::size_t(Component::OptimizerStates)] + bytes[std::size_t(Component::PagedOptimizerStates)];
}

double RankGroup::levelBytes(MemoryLevel level) const
{
    double sum = 0;
    for (std::size_t i = 0; i < kComponentCount; ++i)
        if (levelOf(Component(i)) == level)
            sum += bytes[i];
    return sum;
}

void fillContext(EstimateContext& ctx, Working* w)
{
    const Scenario& s = ctx.scenario;
    if (ctx.layout.countOnly) {
        ctx.params = countParameters(s.model);
        // The family shape stands in for the layers only where a count cannot: activations,
        // the ZeRO-3 working module, communication volumes.
        const ParameterCounts fam = countParameters(ctx.shape, ctx.layout.t);
        ctx.params.paddedVocab = fam.paddedVocab;
        ctx.largestModuleParams = fam.largestModule / ctx.layout.t;
    } else {
        ctx.params = ctx.knownCounts ? *ctx.knownCounts : countParameters(s.model, ctx.layout.t);
        ctx.largestModuleParams = ctx.params.largestModule / ctx.layout.t;
    }
    double loraRankTimesTargets = 0;
    if (ctx.layout.adapters) {
        ctx.adapterCounts = countAdapters(ctx.shape, s.finetune.loraRank, s.finetune.loraTargets); // prepareStages reads it too
        loraRankTimesTargets = double(s.finetune.loraRank) * ctx.adapterCounts.adaptedMatrices;
    }
    // One layer of each kind the model has; the dense kind always (the working and the step
    // timeline show a dense layer's figures).
    for (LayerKind kind : kModelledKinds) {
        if (!ctx.layout.pattern.has(kind))
            continue;
        ActivationShape shape = activationShape(s, ctx.shape, kind);
        shape.loraRankTimesTargets = loraRankTimesTargets;
        layerActivations(shape, ctx.kinds[std::size_t(kind)].activations);
    }
    prepareStages(ctx);

    if (w) {
        const ParameterCounts& pc = ctx.params;
        if (ctx.layout.countOnly) {
            w->add(Term::ParamsTotal, kWholeJob, pc.total, {}, {}, "Ψ as given (no architecture)");
            w->add(Term::FamilyShape, kWholeJob, pc.total,
                   {{"L", double(ctx.shape.numLayers), Unit::Count}, {"h", double(ctx.shape.hiddenSize), Unit::Count},
                    {"F", double(ctx.shape.ffnHiddenSize), Unit::Count}, {"a", double(ctx.shape.numAttentionHeads), Unit::Count},
                    {"g", double(ctx.shape.numQueryGroups), Unit::Count}});
        } else {
            const ModelArchitecture& m = s.model;
            const double h = m.hiddenSize;
            w->add(Term::ParamsEmbedding, kWholeJob, pc.embedding, {{"V", pc.paddedVocab, Unit::Count}, {"h", h, Unit::Count}});
            w->add(Term::ParamsAttention, kWholeJob, pc.attentionPerLayer,
                   {{"h", h, Unit::Count}, {"a·d", double(m.numAttentionHeads) * m.effectiveHeadDim(), Unit::Count},
                    {"g·d", double(m.numQueryGroups) * m.effectiveHeadDim(), Unit::Count}});
            w->add(Term::ParamsMlp, kWholeJob, pc.mlpPerLayer, {{"h", h, Unit::Count}, {"F", double(m.ffnHiddenSize), Unit::Count}},
                   {}, m.gatedMlp ? "3·h·F (gate, up, down)" : "2·h·F");
            w->add(Term::ParamsNorms, kWholeJob, pc.normsPerLayer, {{"h", h, Unit::Count}},
                   {}, m.normalization == Normalization::RMSNorm ? "2 × h (RMSNorm: scale only)" : "2 × 2h (LayerNorm: scale and bias)");
            if (m.isSparseAttention()) // + DeepSeek Sparse Attention's indexer (inference/model.py @3b99a535 class Indexer)
                w->add(Term::ParamsPerLayer, kWholeJob, pc.perLayer,
                       {{"attention", pc.attentionPerLayer, Unit::Count}, {"MLP", pc.mlpPerLayer, Unit::Count}, {"norms", pc.normsPerLayer, Unit::Count},
                        {"indexer", pc.indexerPerLayer, Unit::Count}});
            else
                w->add(Term::ParamsPerLayer, kWholeJob, pc.perLayer,
                       {{"attention", pc.attentionPerLayer, Unit::Count}, {"MLP", pc.mlpPerLayer, Unit::Count}, {"norms", pc.normsPerLayer, Unit::Count}});
            w->add(Term::ParamsOutput, kWholeJob, pc.outputLayer + pc.finalNorm, {{"V", pc.paddedVocab, Unit::Count}, {"h", h, Unit::Count}},
                   {}, m.tiedEmbeddings ? "final norm only (output tied to the embedding)" : "V·h + final norm");
            w->add(Term::ParamsTotal, kWholeJob, pc.total,
                   {{"embedding", pc.embedding + pc.positionEmbedding, Unit::Count}, {"dense layers", double(pc.denseLayers), Unit::Count},
                    {"per dense layer", pc.perLayer, Unit::Count}, {"MoE layers", double(pc.moeLayers), Unit::Count},
                    {"per MoE layer", pc.perMoeLayer, Unit::Count}, {"output + final norm", pc.outputLayer + pc.finalNorm, Unit::Count}});
            if (m.isMoE())
                w->add(Term::ParamsActive, kWholeJob, pc.active,
                       {{"total", pc.total, Unit::Count}, {"MoE layers", double(pc.moeLayers), Unit::Count},
                        {"E", double(m.numExperts), Unit::Count}, {"k", double(m.moeTopK), Unit::Count},
                        {"expert", pc.expertPerExpert, Unit::Count}});
            if (ctx.layout.pattern.mtp > 0)
                w->add(Term::MtpModules, kWholeJob, pc.mtpParameters,
                       {{"mtp", double(m.mtpLayers), Unit::Count}, {"h", h, Unit::Count}, {"projection + norms", pc.mtpProjectionPerLayer, Unit::Count}});
            if (m.hasVision()) { // a vision tower and its projector (core/model/visiontower.h), in Ψ, not in the active count
                const VisionTower v = visionTower(m);
                w->add(Term::VisionTower, kWholeJob, v.total,
                       {{"L_v", double(m.visionLayers), Unit::Count}, {"w", double(m.visionHiddenSize), Unit::Count},
                        {"F_v", double(m.visionFfnHiddenSize), Unit::Count}, {"per block", v.perLayer, Unit::Count},
                        {"embeddings", v.patchEmbedding + v.positions + v.classToken, Unit::Count}, {"tower", v.tower, Unit::Count},
                        {"projector", v.projector, Unit::Count}});
                const int images = s.mode == Mode::Inference ? s.inference.imagesPerRequest : s.training.imagesPerSample;
                if (images > 0) {
                    const double tokens = double(imageTokens(m, images));
                    const double sequence = s.mode == Mode::Inference ? double(s.inference.promptLength) : double(s.training.seqLength);
                    w->add(Term::ImageTokens, kWholeJob, tokens,
                           {{"images", double(images), Unit::Count}, {"per image", v.tokensPerImage, Unit::Tokens},
                            {"text", sequence - tokens, Unit::Tokens}, {"sequence", sequence, Unit::Tokens}});
                }
            }
        }
        if (s.mode == Mode::Inference)
            return; // serving has no optimizer, ZeRO or micro-batches: inference.cpp explains the rest
        w->add(Term::StateBytesPerParameter, kWholeJob, ctx.layout.state.total(),
               {{"w", ctx.layout.state.weights, Unit::BytesPerParameter}, {"g", ctx.layout.state.gradients, Unit::BytesPerParameter},
                {"master", ctx.layout.state.master, Unit::BytesPerParameter}, {"moments", ctx.layout.state.moments, Unit::BytesPerParameter}});
        w->add(Term::DataParallel, kWholeJob, ctx.layout.dp,
               {{"n", double(s.parallel.gpus), Unit::Count}, {"t", double(ctx.layout.t), Unit::Count}, {"p", double(ctx.layout.p), Unit::Count},
                {"c", double(ctx.layout.c), Unit::Count}});
        if (ctx.layout.replicas > 1)
            w->add(Term::ZeroShards, kWholeJob, ctx.layout.shardGroup,
                   {{"D", double(ctx.layout.dp), Unit::Count}, {"c", double(ctx.layout.c), Unit::Count},
                    {"replicas", double(ctx.layout.replicas), Unit::Count}},
                   {}, "parallel.shard_group of the D·c ranks (hybrid sharding: HSDP, MiCS), D·c / S replicas");
        else
            w->add(Term::ZeroShards, kWholeJob, ctx.layout.shardGroup, {{"D", double(ctx.layout.dp), Unit::Count}, {"c", double(ctx.layout.c), Unit::Count}});
        w->add(Term::MicroBatches, kWholeJob, ctx.layout.micro,
               {{"B", double(s.training.globalBatchSize), Unit::Count}, {"b", double(s.training.microBatchSize), Unit::Count},
                {"D", double(ctx.layout.dp), Unit::Count}});
    }
}

namespace {

/// RL with a separate rollout pool: its GPUs hold the engine's weights and reserved KV cache.
void addRolloutPool(const EstimateContext& ctx, Estimate& out)
{
    const RlSetup& rl = ctx.scenario.finetune.rl;
    RankGroup& g = out.groups.emplace_back();
    g.phase = GroupPhase::RolloutPool;
    g.firstRank = ctx.scenario.parallel.gpus;
    g.lastRank = ctx.scenario.parallel.gpus + rl.rolloutGpus - 1;
    g.layers = ctx.shape.numLayers;
    g.bytes[std::size_t(Component::RolloutWeights)] = ctx.rlRoles.rolloutWeightBytes;
    g.bytes[std::size_t(Component::RolloutKvCache)] = ctx.rlRoles.rolloutKvBytes;
    g.bytes[std::size_t(Component::CudaContext)] = ctx.scenario.runtime.cudaContextBytes;
    g.bytes[std::size_t(Component::NcclBuffers)] = rl.rolloutTensor > 1 ? ctx.scenario.runtime.ncclBytesPerCommunicator : 0;
    g.peakMoment = StepMoment::Rollout;
    g.allocatedBytes = g.levelBytes(MemoryLevel::Allocated); // the engine's preallocated pools: no fragmentation
    g.reservedBytes = g.allocatedBytes;
    g.deviceBytes = g.totalBytes = g.reservedBytes + g.levelBytes(MemoryLevel::Device);
    g.momentBytes[std::size_t(StepMoment::Rollout)] = g.allocatedBytes;
    g.capacityBytes = ctx.scenario.hardware.gpu.memoryBytes;
    g.fits = g.totalBytes <= g.capacityBytes;
}

void rolloutNeeds(const EstimateContext& ctx, Estimate& out)
{
    const RlSetup& rl = ctx.scenario.finetune.rl;
    out.finetune.rolloutKvNeeded = ctx.rlRoles.rolloutKvNeeded;
    out.finetune.rolloutKvReserved = ctx.rlRoles.rolloutKvBytes;
    const double capacity = ctx.scenario.hardware.gpu.memoryBytes;
    if (rl.rolloutMemoryFraction * capacity <= ctx.rlRoles.rolloutWeightBytes)
        out.issues.push_back(fieldIssue(IssueCode::RolloutReservationTooSmall, Severity::Warning, Field::RlRolloutMemoryFraction,
                                        rl.rolloutMemoryFraction * capacity, ctx.rlRoles.rolloutWeightBytes));
    else if (out.finetune.rolloutKvNeeded > ctx.rlRoles.rolloutKvBytes)
        out.issues.push_back(fieldIssue(IssueCode::RolloutKvInsufficient, Severity::Warning, Field::RlRolloutMemoryFraction,
                                        out.finetune.rolloutKvNeeded, ctx.rlRoles.rolloutKvBytes));
}

} // namespace

void estimate(const Scenario& s, Estimate& out, Working* w)
{
    estimate(s, out, w, EstimateOptions{});
}

namespace {

void estimateValid(const Scenario& s, Estimate& out, Working* w, const EstimateOptions& options);

} // namespace

void estimate(const Scenario& s, Estimate& out, Working* w, const EstimateOptions& options)
{
    out.issues.clear();
    out.groups.clear();
    out.valid = false;
    out.mode = s.mode;
    validate(s, out.issues);
    if (hasErrors(out.issues))
        return;
    if (isNormalized(s) && scenarioImageTokens(s) == 0) {
        estimateValid(s, out, w, options);
        return;
    }
    // What the mode ignores (a serving run's CP, ZeRO, …) reaches no number: the estimate reads
    // the scenario as its mode does (core/rules: normalize); the issues are the scenario's own.
    // A vision-language model's images add their tokens to the sequence (core/model/imagetokens.h).
    Scenario normalized = s;
    normalize(normalized);
    addImageTokens(normalized);
    estimateValid(normalized, out, w, options);
}

namespace {

/// The estimate of a validated scenario, into `out` (its issues so far kept).
void estimateValid(const Scenario& s, Estimate& out, Working* w, const EstimateOptions& options)
{
    EstimateContext ctx(s);
    if (options.constants)
        ctx.constants = options.constants;
    ctx.knownCounts = options.counts;
    fillContext(ctx, w);
    if (ctx.layout.countOnly)
        out.issues.push_back(fieldIssue(IssueCode::ParameterCountOnly, Severity::Info, Field::ModelParameters,
                                        double(ctx.shape.hiddenSize), double(ctx.shape.numLayers)));
    out.parameters = ctx.params;
    out.shape = ctx.shape;
    out.stateBytes = ctx.layout.state;
    out.dataParallel = ctx.layout.dp;
    out.zeroShards = ctx.layout.shardGroup;
    out.microBatchesPerStep = ctx.layout.micro;
    const double capacity = s.hardware.gpu.memoryBytes;

    if (s.mode == Mode::Inference) {
        // Serving has no training step: nothing of a training scenario estimated into the same
        // Estimate before may remain (the window and the planner reuse one).
        out.compute = ComputeEstimate{};
        out.communication = CommunicationEstimate{};
        out.finetune = FineTuneEstimate{};
        estimateInference(s, ctx.layout, out, w, *ctx.constants);
    } else {
        out.finetune = FineTuneEstimate{}; // the rollout's figures only for RL (rolloutNeeds)
        // One ledger per pipeline stage (and per phase when a colocated rollout engine
        // time-shares the GPUs); consecutive stages with the same profile share a group.
        const bool colocatedPhases = ctx.layout.rl && s.finetune.rl.placement == RolloutPlacement::Colocated && s.finetune.rl.rolloutSleeps;
        if (colocatedPhases) {
            addStageGroups(ctx, StagePhase::Training, GroupPhase::RlTrainingPhase, out, w);
            addStageGroups(ctx, StagePhase::Rollout, GroupPhase::RlRolloutPhase, out, w);
        } else {
            addStageGroups(ctx, StagePhase::Only, GroupPhase::Training, out, w);
        }
        if (ctx.layout.rl) {
            if (s.finetune.rl.placement == RolloutPlacement::Separate)
                addRolloutPool(ctx, out);
            rolloutNeeds(ctx, out);
        }
        out.finetune.adapterParameters = ctx.adapterParameters;
        out.finetune.trainableParameters = ctx.layout.adapters ? ctx.adapterParameters : ctx.params.total;
    }

    int maxLayers = 0, maxMoe = 0;
    double maxResident = 0, maxExpert = 0, maxCpu = 0;
    // Read through a pointer and kept in locals: out.issues grows in this loop, out.groups does not.
    const RankGroup* const groups = out.groups.data();
    const std::size_t groupCount = out.groups.size();
    int fullest = 0;
    double fullestBytes = groupCount > 0 ? groups[0].totalBytes : 0;
    bool fits = true;
    for (std::size_t i = 0; i < groupCount; ++i) {
        const RankGroup& g = groups[i];
        maxLayers = std::max(maxLayers, g.layers);
        maxResident = std::max(maxResident, g.residentParameters);
        maxCpu = std::max(maxCpu, g.cpuOffloadBytes);
        if (g.totalBytes > fullestBytes) {
            fullest = int(i);
            fullestBytes = g.totalBytes;
        }
        fits = fits && g.fits;
        if (g.fits && g.totalBytes > capacity)
            out.issues.push_back(fieldIssue(IssueCode::PagedOptimizerEvicts, Severity::Info, Field::FineTunePagedOptimizer, double(i),
                                       g.totalBytes - capacity, g.bytes[std::size_t(Component::PagedOptimizerStates)]));
        if (!g.fits) {
            // What to do about it is the advisor's (core/advice): the message names the cause only.
            if (g.modelStateBytes() > capacity)
                out.issues.push_back(fieldIssue(s.mode == Mode::Inference ? IssueCode::WeightsExceedCapacity : IssueCode::ModelStatesExceedCapacity,
                                           Severity::Warning, Field::HardwareGpu, double(i), g.modelStateBytes(), capacity));
            else if (g.totalBytes > capacity)
                out.issues.push_back(fieldIssue(IssueCode::DoesNotFit, Severity::Warning, Field::HardwareGpu, double(i), g.totalBytes, capacity));
            // Otherwise the device holds it but a reserving engine's KV pool does not: core/inference
            // already said so (KvPoolTooSmall); "needs 79 GB but has 86 GB" would contradict itself.
        }
    }
    out.fullestGroup = fullest;
    const int gpusOnNode = std::min(s.parallel.gpusPerNode, s.parallel.gpus);
    // ZeRO-Infinity: what goes to the node's NVMe drives leaves host memory (core/offload).
    const double nvmePerGpu = ctx.layout.shardGroup > 0 ? maxResident / ctx.layout.shardGroup * nvmeBytesPerParameter(s.training, ctx.layout.state) : 0;
    out.nvmeBytesPerNode = nvmePerGpu * gpusOnNode;
    out.cpuBytesPerNode = std::max(0.0, maxCpu - nvmePerGpu) * gpusOnNode * s.runtime.cpuBufferFactor;

    if (s.mode != Mode::Inference) {
        if (ctx.layout.pattern.experts) {
            // The busiest stage's routed experts: what its expert-data-parallel group reduces.
            for (int i = 0; i < ctx.layout.p; ++i) {
                const KindCounts kinds = stageKinds(ctx, i); // once per stage: an interleaved stage's are its chunks'
                maxMoe = std::max(maxMoe, kinds[LayerKind::Moe] + kinds[LayerKind::LinearAttention]);
            }
            maxExpert = maxMoe * ctx.kinds[std::size_t(LayerKind::Moe)].experts;
        }
        if (options.timeOnlyIfFits && !fits) {
            // Nothing to time: the caller only needs to know that it does not fit, and by how much.
            out.compute = ComputeEstimate{};
            out.communication = CommunicationEstimate{};
        } else {
            computeTime(ctx, out.compute, out.issues, w);
            communication(ctx, maxLayers, maxMoe, maxResident - maxExpert, maxExpert, out.communication, w);
        }
        if (out.compute.peakFlopsPerGpu > 0) {
            stepTime(ctx, maxResident - maxExpert, maxExpert, out.compute, out.communication, w);
            finishTime(ctx, out.compute, w);
            addRunIssues(s, out.compute.run, out.issues); // checkpoint interval, asynchronous checkpoints (core/goodput)
        }
        // Communication that outlasts the step's computation cannot be overlapped with it. The
        // computation is the step-time model's compute parts (its step also holds the exposed
        // communication), or the step a stated MFU gives.
        const CommunicationEstimate& comm = out.communication;
        const StepParts& parts = out.compute.stepParts;
        const double computation = out.compute.timeSource == TimeSource::Model
            ? parts[std::size_t(StepPart::Gemm)] + parts[std::size_t(StepPart::Attention)] + parts[std::size_t(StepPart::Elementwise)]
                + parts[std::size_t(StepPart::Overhead)] + parts[std::size_t(StepPart::Recompute)]
            : out.compute.iterationSeconds - out.compute.rolloutSeconds; // what training overlaps with
        for (std::size_t d = 0; d < kCommDimensionCount; ++d) {
            const Field link = comm.overNetwork[d] ? Field::GpuNetworkBandwidth : Field::GpuInterconnectBandwidth;
            if (comm.bytes(CommDimension(d)) > 0 && comm.linkBytesPerSecond[d] <= 0)
                out.issues.push_back(fieldIssue(IssueCode::LinkBandwidthUnknown, Severity::Warning, link, double(d)));
            else if (comm.seconds[d] > computation && computation > 0)
                out.issues.push_back(fieldIssue(IssueCode::CommunicationExceedsCompute, Severity::Warning, link, double(d), comm.seconds[d],
                                                computation));
        }
    }
    if (hasErrors(out.issues)) {
        out.groups.clear();
        return;
    }
    out.valid = true;

    if (w) {
        for (std::size_t i = 0; i < out.groups.size(); ++i) {
            const RankGroup& g = out.groups[i];
            w->add(Term::AllocatedBytes, int(i), g.allocatedBytes, {{"model states", g.modelStateBytes(), Unit::Bytes},
                   {"activations", g.categoryBytes(Category::Activations), Unit::Bytes}, {"temporary", g.categoryBytes(Category::Temporary), Unit::Bytes}},
                   {}, {});
            w->add(Term::ReservedBytes, int(i), g.reservedBytes,
                   {{"allocated", g.allocatedBytes, Unit::Bytes}, {"allocator reserve", g.bytes[std::size_t(Component::Fragmentation)], Unit::Bytes},
                    {"CUDA graphs", g.bytes[std::size_t(Component::CudaGraphPool)], Unit::Bytes}});
            w->add(Term::DeviceBytes, int(i), g.deviceBytes,
                   {{"reserved", g.reservedBytes, Unit::Bytes}, {"CUDA context", g.bytes[std::size_t(Component::CudaContext)], Unit::Bytes},
                    {"NCCL", g.bytes[std::size_t(Component::NcclBuffers)], Unit::Bytes},
                    {"paged optimizer", g.bytes[std::size_t(Component::PagedOptimizerStates)], Unit::Bytes},
                    {"capacity", g.capacityBytes, Unit::Bytes}});
        }
        if (out.cpuBytesPerNode > 0)
            w->add(Term::CpuOffload, kWholeJob, out.cpuBytesPerNode,
                   {{"per GPU", maxCpu, Unit::Bytes}, {"GPUs per node", double(gpusOnNode), Unit::Count},
                    {"buffer factor", s.runtime.cpuBufferFactor, Unit::Count}},
                   SHARDSCOPE_TRANSLATE_NOOP("WorkingText", "CPU memory per node"), "per GPU × GPUs per node × buffer factor (DeepSpeed additional_buffer_factor)");
        if (out.nvmeBytesPerNode > 0)
            w->add(Term::NvmeOffload, kWholeJob, out.nvmeBytesPerNode,
                   {{"per GPU", nvmePerGpu, Unit::Bytes}, {"GPUs per node", double(gpusOnNode), Unit::Count},
                    {"bytes per parameter", nvmeBytesPerParameter(s.training, ctx.layout.state), Unit::BytesPerParameter}});
    }
}

} // namespace

Estimate estimate(const Scenario& scenario, Working* working)
{
    Estimate e;
    estimate(scenario, e, working);
    return e;
}

} // namespace core
