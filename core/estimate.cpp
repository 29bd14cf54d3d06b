#include "core/estimate.h"

#include <algorithm>

#include "core/estimate_context.h"
#include "core/fields.h"
#include "core/inference.h"
#include "core/finetune.h"
#include "core/kvcache.h"
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

namespace {

/// Mean of 1/rows + 1/cols over the weight matrices, weighted by size (Adafactor's factored
/// second moment); vectors are negligible.
double matrixAspect(const ModelArchitecture& m)
{
    const double h = m.hiddenSize, F = m.ffnHiddenSize;
    if (h <= 0 || F <= 0)
        return 0;
    const double attention = 4 * h * h, mlp = (m.gatedMlp ? 3 : 2) * h * F;
    return (attention * (2 / h) + mlp * (1 / h + 1 / F)) / (attention + mlp);
}

} // namespace

/// Model-state bytes as `framework` keeps them. FSDP2 shards the parameters in their original
/// fp32 dtype, which is the master copy (MixedPrecisionPolicy all-gathers them in bf16 and keeps
/// sharded fp32 gradients); DDP under torch.autocast likewise trains fp32 parameters. Moments
/// in `moments` precision when forced.
StateBytesPerParameter frameworkStateBytes(StateBytesPerParameter st, Framework framework, MomentDtype moments, Optimizer optimizer)
{
    if ((framework == Framework::Fsdp2 || framework == Framework::Ddp) && st.master > 0) {
        st.weights = st.master;
        st.gradients = st.master;
        st.master = 0;
    }
    const int n = optimizerMoments(optimizer);
    const bool perParameter = optimizer != Optimizer::Adam8bit && optimizer != Optimizer::Adafactor;
    if (moments != MomentDtype::Auto && perParameter && n > 0)
        st.moments = n * (moments == MomentDtype::Bf16 ? 2.0 : 4.0);
    return st;
}

void fillContext(EstimateContext& ctx, Working* w)
{
    const Scenario& s = ctx.scenario;
    ctx.framework = s.training.framework;
    ctx.countOnly = !s.model.hasArchitecture;
    ctx.t = s.parallel.tensor;
    ctx.p = s.parallel.pipeline;
    ctx.v = s.parallel.virtualPipeline;
    ctx.c = s.parallel.context;
    ctx.dp = s.parallel.dataParallel();
    ctx.zeroShards = ctx.dp * ctx.c; // Megatron shards the distributed optimizer over DP × CP
    ctx.expertShards = std::max(1, s.parallel.expertDataParallel());
    ctx.micro = ctx.dp > 0 ? int(s.training.globalBatchSize / (s.training.microBatchSize * ctx.dp)) : 1;
    ctx.adapters = s.mode == Mode::FineTune && s.finetune.method != FineTuneMethod::Full;
    ctx.rl = s.mode == Mode::FineTune && s.finetune.rl.algorithm != RlAlgorithm::None;
    if (ctx.countOnly) {
        ctx.params = countParameters(s.model);
        // The family shape stands in for the layers only where a count cannot: activations,
        // the ZeRO-3 working module, communication volumes.
        const ParameterCounts fam = countParameters(ctx.shape, ctx.t);
        ctx.params.paddedVocab = fam.paddedVocab;
        ctx.largestModuleParams = fam.largestModule / ctx.t;
    } else {
        ctx.params = countParameters(s.model, ctx.t);
        ctx.largestModuleParams = ctx.params.largestModule / ctx.t;
    }
    const double aspect = matrixAspect(ctx.shape);
    const StateBytesPerParameter recipe = stateBytes(s.training.precision, s.training.optimizer, aspect);
    ctx.reduceBytes = recipe.gradients > 0 ? recipe.gradients : 2; // FSDP2 reduce dtype: the recipe's gradients
    ctx.ampWeights = ctx.framework == Framework::Ddp && recipe.master > 0;
    ctx.state = frameworkStateBytes(recipe, ctx.framework, s.training.momentDtype, s.training.optimizer);
    if (ctx.adapters) {
        // LoRA adapters train in their own precision with no separate master copy: fp32 (PEFT
        // autocast_adapter_dtype) or bf16 (QLoRA), moments fp32 unless forced.
        const double a = s.finetune.adapterPrecision == AdapterDtype::Fp32 ? 4 : 2;
        ctx.state.weights = ctx.state.gradients = a;
        ctx.state.master = 0;
        ctx.state.moments = frameworkStateBytes(stateBytes(PrecisionRecipe::Mixed16, s.training.optimizer, aspect),
                                                Framework::Megatron, s.training.momentDtype, s.training.optimizer).moments;
    }
    ctx.tokensPerMicroBatch = double(s.training.seqLength) / ctx.c * double(s.training.microBatchSize);
    ActivationShape shape = activationShape(s, ctx.shape);
    if (ctx.adapters) {
        ctx.adapterCounts = countAdapters(ctx.shape, s.finetune.loraRank, s.finetune.loraTargets); // prepareStages reads it too
        shape.loraRankTimesTargets = double(s.finetune.loraRank) * ctx.adapterCounts.adaptedMatrices;
    }
    layerActivations(shape, ctx.layer);
    if (ctx.shape.isMoE()) {
        ActivationShape moe = activationShape(s, ctx.shape, true);
        moe.loraRankTimesTargets = shape.loraRankTimesTargets;
        layerActivations(moe, ctx.moeLayer);
    }
    prepareStages(ctx);

    if (w) {
        const ParameterCounts& pc = ctx.params;
        if (ctx.countOnly) {
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
        }
        if (s.mode == Mode::Inference)
            return; // serving has no optimizer, ZeRO or micro-batches: inference.cpp explains the rest
        w->add(Term::StateBytesPerParameter, kWholeJob, ctx.state.total(),
               {{"w", ctx.state.weights, Unit::BytesPerParameter}, {"g", ctx.state.gradients, Unit::BytesPerParameter},
                {"master", ctx.state.master, Unit::BytesPerParameter}, {"moments", ctx.state.moments, Unit::BytesPerParameter}});
        w->add(Term::DataParallel, kWholeJob, ctx.dp,
               {{"n", double(s.parallel.gpus), Unit::Count}, {"t", double(ctx.t), Unit::Count}, {"p", double(ctx.p), Unit::Count},
                {"c", double(ctx.c), Unit::Count}});
        w->add(Term::ZeroShards, kWholeJob, ctx.zeroShards, {{"D", double(ctx.dp), Unit::Count}, {"c", double(ctx.c), Unit::Count}});
        w->add(Term::MicroBatches, kWholeJob, ctx.micro,
               {{"B", double(s.training.globalBatchSize), Unit::Count}, {"b", double(s.training.microBatchSize), Unit::Count},
                {"D", double(ctx.dp), Unit::Count}});
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
    g.bytes[std::size_t(Component::RolloutWeights)] = ctx.rolloutWeightBytes;
    g.bytes[std::size_t(Component::RolloutKvCache)] = ctx.rolloutKvBytes;
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
    out.finetune.rolloutKvNeeded = ctx.rolloutKvNeeded;
    out.finetune.rolloutKvReserved = ctx.rolloutKvBytes;
    const double capacity = ctx.scenario.hardware.gpu.memoryBytes;
    if (rl.rolloutMemoryFraction * capacity <= ctx.rolloutWeightBytes)
        out.issues.push_back(fieldIssue(IssueCode::RolloutReservationTooSmall, Severity::Warning, Field::RlRolloutMemoryFraction,
                                        rl.rolloutMemoryFraction * capacity, ctx.rolloutWeightBytes));
    else if (out.finetune.rolloutKvNeeded > ctx.rolloutKvBytes)
        out.issues.push_back(fieldIssue(IssueCode::RolloutKvInsufficient, Severity::Warning, Field::RlRolloutMemoryFraction,
                                        out.finetune.rolloutKvNeeded, ctx.rolloutKvBytes));
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
    if (isNormalized(s)) {
        estimateValid(s, out, w, options);
        return;
    }
    // What the mode ignores (a serving run's CP, ZeRO, …) reaches no number: the estimate reads
    // the scenario as its mode does (core/rules: normalize); the issues are the scenario's own.
    Scenario normalized = s;
    normalize(normalized);
    estimateValid(normalized, out, w, options);
}

namespace {

/// The estimate of a validated scenario, into `out` (its issues so far kept).
void estimateValid(const Scenario& s, Estimate& out, Working* w, const EstimateOptions& options)
{
    EstimateContext ctx(s);
    if (options.constants)
        ctx.constants = options.constants;
    fillContext(ctx, w);
    if (ctx.countOnly)
        out.issues.push_back(fieldIssue(IssueCode::ParameterCountOnly, Severity::Info, Field::ModelParameters,
                                        double(ctx.shape.hiddenSize), double(ctx.shape.numLayers)));
    out.parameters = ctx.params;
    out.shape = ctx.shape;
    out.stateBytes = ctx.state;
    out.dataParallel = ctx.dp;
    out.zeroShards = ctx.zeroShards;
    out.microBatchesPerStep = ctx.micro;
    const double capacity = s.hardware.gpu.memoryBytes;

    if (s.mode == Mode::Inference) {
        // Serving has no training step: nothing of a training scenario estimated into the same
        // Estimate before may remain (the window and the planner reuse one).
        out.compute = ComputeEstimate{};
        out.communication = CommunicationEstimate{};
        out.finetune = FineTuneEstimate{};
        estimateInference(s, out, w, *ctx.constants);
    } else {
        out.finetune = FineTuneEstimate{}; // the rollout's figures only for RL (rolloutNeeds)
        // One ledger per pipeline stage (and per phase when a colocated rollout engine
        // time-shares the GPUs); consecutive stages with the same profile share a group.
        const bool colocatedPhases = ctx.rl && s.finetune.rl.placement == RolloutPlacement::Colocated && s.finetune.rl.rolloutSleeps;
        if (colocatedPhases) {
            addStageGroups(ctx, StagePhase::Training, GroupPhase::RlTrainingPhase, out, w);
            addStageGroups(ctx, StagePhase::Rollout, GroupPhase::RlRolloutPhase, out, w);
        } else {
            addStageGroups(ctx, StagePhase::Only, GroupPhase::Training, out, w);
        }
        if (ctx.rl) {
            if (s.finetune.rl.placement == RolloutPlacement::Separate)
                addRolloutPool(ctx, out);
            rolloutNeeds(ctx, out);
        }
        out.finetune.adapterParameters = ctx.adapterParameters;
        out.finetune.trainableParameters = ctx.adapters ? ctx.adapterParameters : ctx.params.total;
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
            else
                out.issues.push_back(fieldIssue(IssueCode::DoesNotFit, Severity::Warning, Field::HardwareGpu, double(i), g.totalBytes, capacity));
        }
    }
    out.fullestGroup = fullest;
    const int gpusOnNode = std::min(s.parallel.gpusPerNode, s.parallel.gpus);
    out.cpuBytesPerNode = maxCpu * gpusOnNode * s.runtime.cpuBufferFactor;

    if (s.mode != Mode::Inference) {
        if (ctx.shape.isMoE()) {
            for (int i = 0; i < ctx.p; ++i) {
                const int first = ctx.split.firstLayerOf(i);
                maxMoe = std::max(maxMoe, ctx.shape.moeLayersIn(first, first + ctx.split.layersOn(i)));
            }
            maxExpert = maxMoe * ctx.expertParams;
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
