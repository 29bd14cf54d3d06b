#include "core/estimate_context.h"
#include "core/finetune.h"
#include "core/kvcache.h"
#include "core/pipeline.h"
#include "core/weightformat.h"
#include "core/working.h"

namespace core {

namespace {

double& at(ComponentBytes& bytes, Component c) { return bytes[std::size_t(c)]; }

double sequenceShard(const EstimateContext& ctx)
{
    return (ctx.scenario.parallel.sequenceParallel && ctx.t > 1) ? double(ctx.t) : 1.0;
}

/// ZeRO shares: stage ≥ 1 shards the optimizer, ≥ 2 the gradients, 3 the weights (ZeRO §5).
struct Shares { double weights, gradients, optimizer; };
Shares zeroShares(int stage, double shards)
{
    return {stage >= 3 ? 1 / shards : 1.0, stage >= 2 ? 1 / shards : 1.0, stage >= 1 ? 1 / shards : 1.0};
}

/// A stage's ledger apart from the micro-batches it holds in flight: stages with the same
/// layers, MoE layers, first/last role and phase share it (1F1B gives most stages the same one
/// with a different in-flight count), so it is computed once per shape, not once per stage.
struct StageStatic
{
    int layers = -1;
    int moeLayers = 0;
    bool first = false;
    bool last = false;
    StagePhase phase = StagePhase::Only;
    RankGroup base;                   ///< all components but the in-flight ones, fragmentation and total
    double activationsPerMicroBatch = 0;
    double allocated = 0;             ///< allocator-held bytes of `base`
    double pools = 0;                 ///< preallocated engine pools (not fragmented)
    double linear = 0, other = 0, experts = 0; ///< resident parameters by kind (for the working)

    bool sameShape(int l, int moe, bool f, bool la, StagePhase ph) const
    {
        return layers == l && moeLayers == moe && first == f && last == la && phase == ph;
    }
};


} // namespace

void prepareStages(EstimateContext& ctx)
{
    const Scenario& s = ctx.scenario;
    const TrainingSetup& tr = s.training;
    const ModelArchitecture& m = ctx.shape;
    const double t = ctx.t;

    // Parameters this GPU owns before ZeRO: TP divides the matrices, PP the layers, EP × expert
    // TP the routed experts (Megatron parallel folding).
    if (ctx.countOnly) {
        ctx.stageParams = ctx.params.total / (t * ctx.p); // Ψ/(t·p) on every stage (seed 1 §6.2)
    } else {
        const ParameterCounts& pc = ctx.params;
        ctx.denseOther = pc.normsPerLayer + (m.linearBias ? 2.0 * m.hiddenSize : 0.0);
        ctx.denseLinear = (pc.perLayer - ctx.denseOther) / t;
        if (m.isMoE()) {
            ctx.moeOther = pc.normsPerLayer + pc.routerPerLayer;
            ctx.moeLinear = (pc.attentionPerLayer + pc.sharedExpertsPerLayer) / t;
            ctx.expertParams = pc.routedExpertsPerLayer / (double(s.parallel.expert) * s.parallel.effectiveExpertTensor());
        }
        ctx.firstStageParams = pc.embedding / t + pc.positionEmbedding;
        // Tied embeddings with PP > 1: the last stage keeps its own copy of the word embedding
        // for the output layer, synchronised by an all-reduce (Megatron).
        const double outputLayer = m.tiedEmbeddings ? (ctx.p > 1 ? pc.embedding : 0) : pc.outputLayer;
        ctx.lastStageParams = pc.finalNorm + outputLayer / t;
    }
    ctx.baseLayersPerStage = m.numLayers / ctx.p;
    ctx.stagesWithExtraLayer = m.numLayers % ctx.p;

    // Model states of the trainable parameters.
    const int z = tr.zeroStage;
    const StateBytesPerParameter& st = ctx.state;
    const Shares dense = zeroShares(z, ctx.zeroShards);
    const Shares expert = zeroShares(z, ctx.expertShards);
    if (!ctx.adapters) {
        ctx.weightBytes = tr.offloadParameters ? 0 : st.weights * dense.weights;
        ctx.gradientBytes = tr.offloadOptimizer ? 0 : st.gradients * dense.gradients;
        ctx.optimizerBytes = tr.offloadOptimizer ? 0 : st.optimizer() * dense.optimizer;
        ctx.expertWeightBytes = tr.offloadParameters ? 0 : st.weights * expert.weights;
        ctx.expertGradientBytes = tr.offloadOptimizer ? 0 : st.gradients * expert.gradients;
        ctx.expertOptimizerBytes = tr.offloadOptimizer ? 0 : st.optimizer() * expert.optimizer;
        // ZeRO-Offload: optimizer states and an fp32 gradient copy live in CPU memory and the
        // optimizer step runs there (DeepSpeed estimate_zero2/3_model_states_mem_needs: 16 or 18 B).
        ctx.cpuBytesPerParam = ((tr.offloadOptimizer ? st.optimizer() + 4 : 0) + (tr.offloadParameters ? st.weights : 0)) / ctx.zeroShards;
    } else {
        // LoRA/QLoRA: the base is frozen (no gradients, no optimizer) in its storage format;
        // ZeRO-3 still shards it. The adapters carry the recipe's model states.
        const WeightQuantization& base = s.finetune.base;
        const double frozenShare = (z >= 3 ? 1.0 / ctx.zeroShards : 1.0) * (tr.offloadParameters ? 0.0 : 1.0);
        ctx.frozenLinearBytes = frozenLinearBytes(base, m) * frozenShare;
        ctx.frozenOtherBytes = (ctx.countOnly ? ctx.frozenLinearBytes : 2 * frozenShare);
        if (base.quantizeEmbeddings)
            ctx.frozenOtherBytes = ctx.frozenLinearBytes;
        ctx.adapterWeightBytes = st.weights * dense.weights;
        ctx.adapterGradientBytes = tr.offloadOptimizer ? 0 : st.gradients * dense.gradients;
        ctx.adapterOptimizerBytes = tr.offloadOptimizer ? 0 : st.optimizer() * dense.optimizer;
        ctx.cpuBytesPerParam = 0;
        const AdapterCounts a = countAdapters(m, s.finetune.loraRank, s.finetune.loraTargets);
        ctx.adapterDense = a.perDenseLayer / t;
        ctx.adapterMoe = a.perMoeLayer / t;
        ctx.adapterParameters = a.total;
        if (ctx.countOnly) { // spread the family shape's adapters over the stages
            ctx.adapterDense = a.total / (t * std::max(1, m.numLayers));
            ctx.adapterMoe = ctx.adapterDense;
        }
        if (base.format == WeightFormat::Nf4 || base.format == WeightFormat::Int4 || base.format == WeightFormat::Int8)
            // QLoRA dequantizes one weight matrix at a time to 16 bits for its GEMM.
            ctx.dequantBytes = 2 * std::max({double(m.hiddenSize) * m.ffnHiddenSize, double(m.hiddenSize) * m.hiddenSize}) / t;
    }

    // Megatron theoretical_memory_usage.py: input ids 8sb and the embedding dropout mask sbh
    // per micro-batch on the first stage; final norm and output-layer inputs (2sbh each, ÷t
    // with SP) and the fp32 logits of the vocab-parallel cross entropy (4sbV/t) on the last.
    const double T = ctx.tokensPerMicroBatch;
    const double h = m.hiddenSize;
    const double seqShard = sequenceShard(ctx);
    ctx.embeddingActivationsPerMicroBatch = 8 * T + (m.dropout ? T * h / seqShard : 0);
    ctx.outputActivations = 2 * activationBytes(tr.precision) * T * h / seqShard + 4 * T * ctx.params.paddedVocab / t;

    ctx.commBucketBytes = ctx.zeroShards > 1 ? s.runtime.commBucketBytes : 0;
    ctx.zero3GatherBytes = z == 3 ? s.runtime.zero3PrefetchModules * (ctx.adapters ? 2.0 : st.weights) * ctx.largestModuleParams : 0;
    if (m.isMoE() && s.parallel.expert > 1) // all-to-all send + receive of one layer's routed tokens
        ctx.moeDispatchBytes = 2 * activationBytes(tr.precision) * T / seqShard * m.moeTopK * tr.moeCapacityFactor * h;

    if (!ctx.rl)
        return;
    // --- RL roles (Ouyang et al. 2022 PPO; Shao et al. 2024 GRPO; verl / TRL placement)
    const RlSetup& rl = s.finetune.rl;
    const double z3 = z >= 3 ? 1.0 / ctx.zeroShards : 1.0;
    if (rl.reference && !rl.referenceOffload && !ctx.adapters) {
        WeightQuantization q;
        q.format = rl.referenceFormat;
        ctx.referenceBytesPerParam = frozenLinearBytes(q, m) * z3; // a frozen copy, sharded like the policy
    }
    if (rl.rewardModel) {
        const double rewardParams = rl.rewardParameters > 0 ? rl.rewardParameters : ctx.params.total;
        WeightQuantization q;
        q.format = rl.rewardFormat;
        ctx.rewardBytesPerStage = rewardParams / (t * ctx.p) * frozenLinearBytes(q, m) * z3;
    }
    if (rl.critic) {
        // A value model of the policy's size, trained like the policy (LoRA: its own frozen
        // base + adapters; full: full model states).
        if (ctx.adapters) {
            ctx.criticWeightsPerParam = ctx.frozenLinearBytes;
        } else {
            ctx.criticWeightsPerParam = ctx.weightBytes;
            ctx.criticGradientsPerParam = ctx.gradientBytes;
            ctx.criticOptimizerPerParam = ctx.optimizerBytes;
        }
    }
    // The rollout engine (vLLM) holds the policy in bf16 over its own TP and reserves a share
    // of the GPU (gpu_memory_utilization) for weights + KV cache.
    ctx.rolloutWeightBytes = 2 * ctx.params.total / std::max(1, rl.rolloutTensor);
    ctx.rolloutKvBytes = std::max(0.0, rl.rolloutMemoryFraction * s.hardware.gpu.memoryBytes - ctx.rolloutWeightBytes);
}

namespace {

/// Layers of stage `stage` and how many of them are MoE layers.
void stageShape(const EstimateContext& ctx, int stage, int& layers, int& moeLayers)
{
    layers = ctx.baseLayersPerStage + (stage < ctx.stagesWithExtraLayer ? 1 : 0); // layersOnStage() without a division
    moeLayers = 0;
    if (ctx.shape.isMoE()) {
        const int firstLayer = stage * ctx.baseLayersPerStage + (stage < ctx.stagesWithExtraLayer ? stage : ctx.stagesWithExtraLayer);
        moeLayers = ctx.shape.moeLayersIn(firstLayer, firstLayer + layers);
    }
}

/// The in-flight-independent ledger of a stage.
void stageStatic(const EstimateContext& ctx, int stage, StagePhase phase, StageStatic& st)
{
    const bool first = stage == 0;
    const bool last = stage == ctx.p - 1;
    int layers = 0, moe = 0;
    stageShape(ctx, stage, layers, moe);
    st.layers = layers;
    st.moeLayers = moe;
    st.first = first;
    st.last = last;
    st.phase = phase;
    RankGroup& out = st.base;
    ComponentBytes& b = out.bytes;
    b.fill(0);
    out.layers = layers;
    const int denseLayers = layers - moe;

    st.linear = ctx.stageParams + denseLayers * ctx.denseLinear + moe * ctx.moeLinear;
    st.other = denseLayers * ctx.denseOther + moe * ctx.moeOther + (first ? ctx.firstStageParams : 0) + (last ? ctx.lastStageParams : 0);
    st.experts = moe * ctx.expertParams;
    const double dense = st.linear + st.other;
    out.residentParameters = dense + st.experts;

    if (!ctx.adapters) {
        at(b, Component::Weights) = ctx.weightBytes * dense + ctx.expertWeightBytes * st.experts;
        at(b, Component::Gradients) = ctx.gradientBytes * dense + ctx.expertGradientBytes * st.experts;
        at(b, Component::OptimizerStates) = ctx.optimizerBytes * dense + ctx.expertOptimizerBytes * st.experts;
        out.cpuOffloadBytes = ctx.cpuBytesPerParam * out.residentParameters;
    } else {
        const double adapters = denseLayers * ctx.adapterDense + moe * ctx.adapterMoe;
        at(b, Component::Weights) = ctx.frozenLinearBytes * (st.linear + st.experts) + ctx.frozenOtherBytes * st.other;
        at(b, Component::AdapterWeights) = ctx.adapterWeightBytes * adapters;
        at(b, Component::Gradients) = ctx.adapterGradientBytes * adapters;
        at(b, Component::OptimizerStates) = ctx.adapterOptimizerBytes * adapters;
        out.cpuOffloadBytes = 0;
    }
    // Activations of one micro-batch; the caller multiplies by the micro-batches in flight.
    const bool training = phase != StagePhase::Rollout; // generation keeps no training activations
    st.activationsPerMicroBatch = training ? denseLayers * ctx.layer.total + moe * ctx.moeLayer.total : 0;
    if (training) {
        at(b, Component::OutputActivations) = last ? ctx.outputActivations : 0; // one micro-batch on the last stage
        at(b, Component::RecomputeWorkspace) = layers > 0 ? std::max(denseLayers > 0 ? ctx.layer.recomputeWorkspace : 0.0,
                                                                     moe > 0 ? ctx.moeLayer.recomputeWorkspace : 0.0)
                                                          : 0;
        at(b, Component::Zero3GatherBuffers) = ctx.zero3GatherBytes;
        at(b, Component::MoeDispatchBuffers) = moe > 0 ? ctx.moeDispatchBytes : 0;
        at(b, Component::DequantWorkspace) = ctx.dequantBytes;
    }
    at(b, Component::CommBuckets) = ctx.commBucketBytes;

    if (ctx.rl) {
        const RlSetup& rl = ctx.scenario.finetune.rl;
        at(b, Component::ReferenceWeights) = ctx.referenceBytesPerParam * out.residentParameters;
        at(b, Component::RewardWeights) = ctx.rewardBytesPerStage;
        at(b, Component::CriticWeights) = ctx.criticWeightsPerParam * out.residentParameters
            + (ctx.adapters && rl.critic ? at(b, Component::AdapterWeights) : 0);
        at(b, Component::CriticGradients) = ctx.adapters ? (rl.critic ? at(b, Component::Gradients) : 0)
                                                         : ctx.criticGradientsPerParam * out.residentParameters;
        at(b, Component::CriticOptimizerStates) = ctx.adapters ? (rl.critic ? at(b, Component::OptimizerStates) : 0)
                                                               : ctx.criticOptimizerPerParam * out.residentParameters;
        if (rl.placement == RolloutPlacement::Colocated && phase != StagePhase::Training) {
            at(b, Component::RolloutWeights) = ctx.rolloutWeightBytes;
            at(b, Component::RolloutKvCache) = ctx.rolloutKvBytes;
        }
    }

    // Fragmentation is a share of what the caching allocator holds: not the CUDA context, not a
    // serving engine's preallocated pool.
    st.pools = at(b, Component::RolloutKvCache) + at(b, Component::RolloutWeights);
    double allocated = 0;
    for (std::size_t i = 0; i < std::size_t(Component::CudaContext); ++i)
        allocated += b[i];
    st.allocated = allocated - st.pools;
    at(b, Component::CudaContext) = ctx.scenario.runtime.cudaContextBytes;
}

/// The full ledger of one stage's GPU from its static part: in-flight activations,
/// fragmentation, total. Stage and rank fields are the caller's. With `w`, records the stage's
/// working tagged with the stage index.
void stageMemory(const EstimateContext& ctx, int stage, const StageStatic& st, RankGroup& out, Working* w)
{
    out = st.base;
    ComponentBytes& b = out.bytes;
    out.inFlightMicroBatches = inFlightMicroBatches(ctx.p, ctx.v, ctx.micro, stage);
    // Activations: saved tensors × layers × micro-batches in flight (1F1B / interleaved).
    const double layerActivations = st.activationsPerMicroBatch * out.inFlightMicroBatches;
    const double embedding = st.first && st.phase != StagePhase::Rollout ? ctx.embeddingActivationsPerMicroBatch * out.inFlightMicroBatches : 0;
    at(b, Component::LayerActivations) = layerActivations;
    at(b, Component::EmbeddingActivations) = embedding;
    const double allocated = st.allocated + layerActivations + embedding;
    at(b, Component::Fragmentation) = ctx.scenario.runtime.fragmentationFraction * allocated;
    out.totalBytes = allocated + st.pools + at(b, Component::Fragmentation) + at(b, Component::CudaContext);

    if (w)
        explainStage(ctx, stage, out, st.linear, st.other, st.experts, st.layers - st.moeLayers, st.moeLayers, w);
}

bool sameProfile(const RankGroup& a, const RankGroup& b)
{
    // The totals differ for almost every pair of distinct stages: compare them first.
    return a.totalBytes == b.totalBytes && a.layers == b.layers && a.phase == b.phase && a.bytes == b.bytes;
}

/// Per-call scratch of the stage loop: the last stage shape's static ledger and a group.
struct StageScratch
{
    StageStatic base;
    RankGroup group;
};

void addGroup(const EstimateContext& ctx, int stage, StagePhase phase, GroupPhase label, Estimate& out, Working* w, StageScratch& scratch)
{
    const int ranksPerStage = ctx.scenario.parallel.gpus / ctx.p;
    const std::size_t mark = w ? w->lines().size() : 0;
    int layers = 0, moe = 0;
    stageShape(ctx, stage, layers, moe);
    // Recording the working needs the whole computation for each stage.
    if (w || !scratch.base.sameShape(layers, moe, stage == 0, stage == ctx.p - 1, phase))
        stageStatic(ctx, stage, phase, scratch.base);
    RankGroup& g = scratch.group;
    stageMemory(ctx, stage, scratch.base, g, w);
    g.phase = label;
    if (!out.groups.empty() && sameProfile(g, out.groups.back())) {
        // Same memory profile as the previous stage: extend that group.
        out.groups.back().lastStage = stage;
        out.groups.back().lastRank = (stage + 1) * ranksPerStage - 1;
        if (w)
            w->truncate(mark);
        return;
    }
    g.firstStage = g.lastStage = stage;
    g.firstRank = stage * ranksPerStage;
    g.lastRank = (stage + 1) * ranksPerStage - 1;
    g.capacityBytes = ctx.scenario.hardware.gpu.memoryBytes;
    g.fits = g.totalBytes <= g.capacityBytes;
    out.groups.push_back(g);
    if (w)
        w->retag(mark, int(out.groups.size() - 1));
}

} // namespace

void addStageGroups(const EstimateContext& ctx, StagePhase phase, GroupPhase label, Estimate& out, Working* w)
{
    // Stage shapes, their static ledgers and the per-stage ledger live in this file so that the
    // compiler inlines them into this loop (it runs once per stage, 16 times for the 405B case).
    StageScratch scratch;
    for (int i = 0; i < ctx.p; ++i)
        addGroup(ctx, i, phase, label, out, w, scratch);
}

} // namespace core
