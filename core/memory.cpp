#include <algorithm>
#include <cmath>

#include "core/estimate_context.h"
#include "core/finetune.h"
#include "core/kvcache.h"
#include "core/pipeline.h"
#include "core/timeline/schedule.h"
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
        ctx.stageParams = ctx.params.total / (t * ctx.p); // Ψ/(t·p) on every stage: a bare count has no layers to place
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
    const ParallelLayout& pl = s.parallel;
    ctx.split = pipelineSplit(m.numLayers, ctx.p, pl.firstStageLayers, pl.lastStageLayers, pl.embeddingCountsAsLayer,
                              pl.lossCountsAsLayer);

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
        ctx.masterBytes = tr.offloadOptimizer ? 0 : st.master * dense.optimizer;
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
        const AdapterCounts& a = ctx.adapterCounts; // countAdapters(m, rank, targets), from fillContext
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
    // with SP) on the last, with the logits the loss keeps.
    const double T = ctx.tokensPerMicroBatch;
    const double h = m.hiddenSize;
    const double seqShard = sequenceShard(ctx);
    const double e = activationBytes(tr.precision);
    ctx.embeddingActivationsPerMicroBatch = 8 * T + (m.dropout ? T * h / seqShard : 0);
    ctx.outputInputs = 2 * e * T * h / seqShard;
    ctx.logitElements = T * ctx.params.paddedVocab / t;
    if (ctx.framework == Framework::Megatron) {
        // VocabParallelCrossEntropy (megatron/core/tensor_parallel/cross_entropy.py): an fp32
        // copy of the bf16 logits, exponentiated in place and saved (4 B); its backward turns
        // that softmax into the gradient in place and autograd casts it to bf16 (2 B).
        ctx.loss = {4, 2, 2, 0};
    } else {
        // F.cross_entropy(logits.float()) (torchtitan train.py, HF loss_utils ForCausalLMLoss):
        // the bf16 logits and their fp32 copy beside the saved log-softmax (4 B) in the forward;
        // nll_loss_backward's dense fp32 gradient and log_softmax_backward's output (4 + 4 B)
        // in the backward, whose 4 B blocks cannot reuse the freed 2 B bf16 block.
        ctx.loss = {4, 6, 8, 2};
    }

    // --- the framework's buffers (training)
    const RuntimeOverheads& rt = s.runtime;
    const Framework fw = ctx.framework;
    const bool dataParallel = ctx.zeroShards > 1;
    const bool offloaded = tr.offloadOptimizer;
    const double gradElement = ctx.adapters ? st.gradients : (st.gradients > 0 ? st.gradients : 2);
    const bool adamLike = tr.optimizer == Optimizer::Adam || tr.optimizer == Optimizer::AdamW;
    const int moments = optimizerMoments(tr.optimizer);
    const double momentElement = moments > 0 ? st.moments / moments : 0;
    switch (fw) {
    case Framework::Megatron:
        // Buckets are views of the contiguous grad buffer, reduced in place
        // (param_and_grad_buffer.py); a 16-bit grad buffer is cast to fp32 for the step
        // (distrib_optimizer.py: shard_main_param.grad = shard_model_grad.float()).
        if (st.gradients < 4 && st.optimizer() > 0 && !offloaded)
            ctx.optimizerTempPerParam = 4 * dense.optimizer;
        if (z == 3) // Megatron-FSDP optim_grads_params: the layer in use and the prefetched one
            ctx.zero3GatherBytes = rt.zero3PrefetchModules * (ctx.adapters ? 2.0 : st.weights) * ctx.largestModuleParams;
        break;
    case Framework::DeepSpeed:
        // stage_1_and_2.py backward(): ipg buffer of reduce_bucket_size elements in the model
        // dtype (contiguous_gradients, the default) for the backward; stage3.py keeps it.
        if (z == 1 || z == 2)
            ctx.commBackwardBytes = rt.reduceBucketElements * 2;
        else if (z == 3)
            ctx.commBucketBytes = rt.reduceBucketElements * 2;
        if (z == 3) // estimate_zero3_model_states_mem_needs: largest_layer_memory = 4·ℓ
            ctx.zero3GatherBytes = rt.zero3PrefetchModules * (ctx.adapters ? 2.0 : st.weights) * ctx.largestModuleParams;
        // The step flattens this rank's gradient partition to fp32 (single_grad_partition);
        // ZeRO-3 does it per sub-group of sub_group_size = 1e9 elements.
        if (z >= 1 && !offloaded && st.optimizer() > 0) {
            ctx.optimizerTempPerParam = 4 * dense.optimizer;
            ctx.optimizerTempCap = z == 3 ? 4e9 : 0;
        }
        break;
    case Framework::Fsdp2: {
        // _fsdp_param_group.py: forward holds the layer's unsharded parameters, its all-gather
        // output until the next copy-out and the next layer's all-gather in flight (3 × 2 B);
        // backward the layer and the prefetched one unsharded (2 × 2 B), its unsharded grads
        // (2 B) and the reduce-scatter inputs of this layer and the previous one in the reduce
        // dtype (2 × r). The root module (embedding, norm, output) stays unsharded from forward
        // through backward (reshard_after_forward is False for the root).
        const double r = ctx.reduceBytes;
        if (z == 3) {
            ctx.fsdpForwardPerLayer = 3 * 2;
            ctx.fsdpBackwardPerLayer = 2 * 2 + 2 + 2 * r;
        } else if (z == 2) { // SHARD_GRAD_OP: reshard_after_forward=False keeps every layer unsharded
            ctx.fsdpStageUnsharded = 2;
            ctx.fsdpBackwardPerLayer = 2 + 2 * r;
        }
        if (z >= 2)
            ctx.fsdpRootBytes = 2;
        // torch.optim's default foreach Adam: _foreach_sqrt of exp_avg_sq is one list-sized copy.
        if (adamLike && !offloaded)
            ctx.optimizerTempPerParam = momentElement * dense.optimizer;
        break;
    }
    case Framework::Ddp:
        // DistributedDataParallel(gradient_as_bucket_view=False): the buckets are a second copy
        // of the gradients (distributed.py docstring), from construction on.
        if (dataParallel && !rt.gradientAsBucketView)
            ctx.commBucketPerParam = gradElement;
        // torch.autocast caches a bf16 copy of each fp32 weight, which the matmuls save for
        // backward.
        if (ctx.ampWeights)
            ctx.autocastCopyBytes = 2;
        if (adamLike && !offloaded)
            ctx.optimizerTempPerParam = momentElement * dense.optimizer;
        break;
    }
    if (rt.commBucketBytes > 0) { // an explicit figure replaces the framework's own
        ctx.commBucketBytes = dataParallel ? rt.commBucketBytes : 0;
        ctx.commBucketPerParam = ctx.commBackwardBytes = 0;
    }
    // cuBLAS: one workspace per (handle, stream), through the caching allocator and never freed
    // (CublasHandlePool.cpp), for the forward thread and the autograd engine's (2 × (cuBLAS +
    // 1 MiB cuBLASLt)); Transformer Engine adds its own (gemm.py: 32 MiB + 1 KiB on sm ≥ 90).
    ctx.libraryWorkspaces = 2 * (rt.cublasWorkspaceBytes + 1048576.0);
    if (fw == Framework::Megatron)
        ctx.libraryWorkspaces += rt.cublasWorkspaceBytes >= 33554432.0 ? 33555456.0 : 4194304.0;
    // NCCL: one communicator per parallel group the rank reduces or sends over.
    const int groups = (ctx.zeroShards > 1 ? 1 : 0) + (ctx.t > 1 ? 1 : 0) + (ctx.p > 1 ? 1 : 0) + (ctx.c > 1 ? 1 : 0)
        + (s.parallel.expert > 1 ? 1 : 0);
    ctx.ncclBytes = groups * rt.ncclBytesPerCommunicator;
    // Frameworks whose zero_grad(set_to_none=True) frees the gradients after each step allocate
    // them again in the first backward: with one micro-batch per step none exist before it.
    ctx.gradientsFilledByBackward = fw != Framework::Megatron && ctx.micro <= 1;

    if (m.isMoE() && s.parallel.expert > 1) // all-to-all send + receive of one layer's routed tokens
        ctx.moeDispatchBytes = 2 * e * T / seqShard * m.moeTopK * tr.moeCapacityFactor * h;

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
    // What the step's sequences need at their full length (validation keeps rollout_tensor ≥ 1):
    // the memory check and the rollout's rounds (compute.cpp) read the same figure.
    const int rolloutTensor = std::max(1, rl.rolloutTensor);
    const double sequences = double(rl.promptsPerGpu) * rl.samplesPerPrompt * rolloutTensor;
    ctx.rolloutKvNeeded = kvCacheBytes(m, KvCacheDtype::Bf16, rolloutTensor, 0, m.numLayers,
                                       double(rl.promptLength) + double(rl.maxNewTokens), sequences, 16);
}


void stageLedger(const EstimateContext& ctx, int stage, StagePhase phase, StageLedger& L)
{
    const bool first = stage == 0;
    const bool last = stage == ctx.p - 1;
    const int layers = ctx.split.layersOn(stage);
    const int firstLayer = ctx.split.firstLayerOf(stage);
    const int moe = ctx.shape.isMoE() ? ctx.shape.moeLayersIn(firstLayer, firstLayer + layers) : 0;
    // Field by field rather than L = StageLedger{}: this runs for every distinct stage shape.
    L.persistent.fill(0);
    L.activationsPerMicroBatch = L.embeddingPerMicroBatch = 0;
    L.outputHeld = L.lossForward = L.lossBackward = L.lossCached = 0;
    L.recompute = L.activationGradients = 0;
    L.gatheredForward = L.gatheredBackward = L.gatheredLoss = 0;
    L.commBackward = L.dispatch = L.dequant = L.optimizerTemporaries = 0;
    L.gradientsEarly = L.gradientsAtLayerBackward = 0;
    L.cpuOffloadBytes = 0;
    L.stage = stage;
    L.layers = layers;
    L.moeLayers = moe;
    L.first = first;
    L.last = last;
    L.phase = phase;
    ComponentBytes& b = L.persistent;
    const int denseLayers = layers - moe;

    L.linear = (ctx.countOnly ? ctx.stageParams : 0) + denseLayers * ctx.denseLinear + moe * ctx.moeLinear;
    const double rootParams = (first ? ctx.firstStageParams : 0) + (last ? ctx.lastStageParams : 0);
    L.other = denseLayers * ctx.denseOther + moe * ctx.moeOther + rootParams;
    L.experts = moe * ctx.expertParams;
    const double dense = L.linear + L.other;
    L.residentParameters = dense + L.experts;
    const FineTuneSetup& ft = ctx.scenario.finetune;
    const bool paged = ctx.scenario.mode == Mode::FineTune && ft.pagedOptimizer;

    double trainable = 0, trainableWeights = 0;
    double optimizer = 0;
    if (!ctx.adapters) {
        at(b, Component::Weights) = ctx.weightBytes * dense + ctx.expertWeightBytes * L.experts;
        at(b, Component::Gradients) = ctx.gradientBytes * dense + ctx.expertGradientBytes * L.experts;
        optimizer = ctx.optimizerBytes * dense + ctx.expertOptimizerBytes * L.experts;
        L.cpuOffloadBytes = ctx.cpuBytesPerParam * L.residentParameters;
        trainable = L.residentParameters;
        trainableWeights = L.residentParameters;
    } else {
        const double adapters = denseLayers * ctx.adapterDense + moe * ctx.adapterMoe;
        at(b, Component::Weights) = ctx.frozenLinearBytes * (L.linear + L.experts) + ctx.frozenOtherBytes * L.other;
        at(b, Component::AdapterWeights) = ctx.adapterWeightBytes * adapters;
        at(b, Component::Gradients) = ctx.adapterGradientBytes * adapters;
        optimizer = ctx.adapterOptimizerBytes * adapters;
        trainable = adapters;
    }
    at(b, paged ? Component::PagedOptimizerStates : Component::OptimizerStates) = optimizer;

    const bool training = phase != StagePhase::Rollout; // generation keeps no training activations
    if (training) {
        // Activations of one micro-batch; the moments multiply by the micro-batches in flight.
        L.activationsPerMicroBatch = denseLayers * ctx.layer.total + moe * ctx.moeLayer.total;
        L.embeddingPerMicroBatch = first ? ctx.embeddingActivationsPerMicroBatch : 0;
        if (last) {
            L.outputHeld = ctx.outputInputs + ctx.loss.held * ctx.logitElements;
            L.lossForward = ctx.loss.forward * ctx.logitElements;
            L.lossBackward = ctx.loss.backward * ctx.logitElements;
            L.lossCached = ctx.loss.cached * ctx.logitElements;
        }
        if (layers > 0) {
            L.recompute = std::max(denseLayers > 0 ? ctx.layer.recomputeWorkspace : 0.0, moe > 0 ? ctx.moeLayer.recomputeWorkspace : 0.0);
            L.activationGradients = std::max(denseLayers > 0 ? ctx.layer.backwardWorkspace : 0.0, moe > 0 ? ctx.moeLayer.backwardWorkspace : 0.0);
        }
        // Gathered 16-bit copies of the weights.
        const double layerParams = std::max(denseLayers > 0 ? ctx.denseLinear + ctx.denseOther : 0.0,
                                            moe > 0 ? ctx.moeLinear + ctx.moeOther + ctx.expertParams : 0.0);
        if (ctx.zero3GatherBytes > 0) {
            L.gatheredForward = L.gatheredBackward = L.gatheredLoss = ctx.zero3GatherBytes;
        } else if (ctx.fsdpRootBytes > 0) {
            const double root = ctx.fsdpRootBytes * rootParams;
            const double unsharded = ctx.fsdpStageUnsharded * L.residentParameters;
            L.gatheredForward = unsharded + (unsharded > 0 ? 0 : ctx.fsdpForwardPerLayer * layerParams) + root;
            // The last block is not resharded after its forward (torchtitan apply_fsdp).
            L.gatheredLoss = unsharded + (unsharded > 0 ? 0 : 2 * layerParams) + root;
            // …and the root's unsharded gradients wait for its reduce-scatter at the end of backward.
            L.gatheredBackward = unsharded + ctx.fsdpBackwardPerLayer * layerParams + root + 2 * rootParams;
        } else if (ctx.autocastCopyBytes > 0) {
            L.gatheredForward = L.gatheredBackward = L.gatheredLoss = ctx.autocastCopyBytes * trainableWeights;
        }
        L.commBackward = ctx.commBackwardBytes;
        L.dispatch = moe > 0 ? ctx.moeDispatchBytes : 0;
        L.dequant = ctx.dequantBytes;
        L.optimizerTemporaries = ctx.optimizerTempPerParam * trainable;
        if (ctx.optimizerTempCap > 0)
            L.optimizerTemporaries = std::min(L.optimizerTemporaries, ctx.optimizerTempCap);
        if (ctx.gradientsFilledByBackward) {
            // Before the backward reaches them the gradients do not exist; at the first layer's
            // backward only the output layer's and that layer's do.
            const double grads = at(b, Component::Gradients);
            L.gradientsEarly = grads;
            const double present = (last ? ctx.lastStageParams : 0) + layerParams;
            const double share = L.residentParameters > 0 ? present / L.residentParameters : 0;
            L.gradientsAtLayerBackward = grads * std::max(0.0, 1 - std::min(1.0, share));
        }
    }
    at(b, Component::CommBuckets) = ctx.commBucketBytes + ctx.commBucketPerParam * trainable;
    at(b, Component::LibraryWorkspaces) = ctx.libraryWorkspaces;

    if (ctx.rl) {
        const RlSetup& rl = ctx.scenario.finetune.rl;
        at(b, Component::ReferenceWeights) = ctx.referenceBytesPerParam * L.residentParameters;
        at(b, Component::RewardWeights) = ctx.rewardBytesPerStage;
        at(b, Component::CriticWeights) = ctx.criticWeightsPerParam * L.residentParameters
            + (ctx.adapters && rl.critic ? at(b, Component::AdapterWeights) : 0);
        at(b, Component::CriticGradients) = ctx.adapters ? (rl.critic ? at(b, Component::Gradients) : 0)
                                                         : ctx.criticGradientsPerParam * L.residentParameters;
        at(b, Component::CriticOptimizerStates) = ctx.adapters ? (rl.critic ? optimizer : 0)
                                                               : ctx.criticOptimizerPerParam * L.residentParameters;
        if (rl.placement == RolloutPlacement::Colocated && phase != StagePhase::Training) {
            at(b, Component::RolloutWeights) = ctx.rolloutWeightBytes;
            at(b, Component::RolloutKvCache) = ctx.rolloutKvBytes;
        }
    }
    at(b, Component::CudaContext) = ctx.scenario.runtime.cudaContextBytes;
    at(b, Component::NcclBuffers) = ctx.ncclBytes;

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
    if (ctx.framework == Framework::Megatron && !ctx.adapters)
        L.loadOnce += at(b, Component::Gradients) + ctx.masterBytes * dense;
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
    m[std::size_t(StepMoment::LayerForward)] = layers ? early + L.gatheredForward + L.dispatch + L.dequant : 0;
    m[std::size_t(StepMoment::LossForward)] = loss ? lossBase + L.lossForward : 0;
    m[std::size_t(StepMoment::LossBackward)] = loss ? lossBase + L.lossBackward + L.commBackward : 0;
    m[std::size_t(StepMoment::LayerBackward)] = layers ? base - L.gradientsAtLayerBackward + saved + L.recompute + L.activationGradients
            + L.gatheredBackward + L.commBackward + L.dispatch + L.dequant
                                                       : 0;
    m[std::size_t(StepMoment::Optimizer)] = training ? base + L.optimizerTemporaries : 0;
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
        at(b, Component::OutputActivations) = L.outputHeld;
        at(b, Component::LossWorkspace) = moment == StepMoment::LossForward ? L.lossForward : L.lossBackward;
        at(b, Component::Zero3GatherBuffers) = L.gatheredLoss;
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
        const int warmup = warmupForwards(ctx.p, ctx.v, ctx.micro, stage);
        const int total = ctx.micro * ctx.v;
        const ChunkMicroBatch op = forwardEntry(std::min(warmup, total - 1), ctx.micro, ctx.v, ctx.p);
        microBatch = op.microBatch;
        chunk = op.chunk;
    } else if (moment != StepMoment::Optimizer && moment != StepMoment::Rollout) {
        chunk = ctx.v - 1;
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
    const int p = ctx.p;
    const int ranksPerStage = ctx.scenario.parallel.gpus / p;
    const double capacity = ctx.scenario.hardware.gpu.memoryBytes;
    const bool moeModel = ctx.shape.isMoE();
    const bool training = phase != StagePhase::Rollout; // generation holds no micro-batches
    const int v = ctx.v, micro = ctx.micro;
    std::vector<RankGroup>& groups = out.groups;
    // Beyond kMaxRankGroups stages the middle ones are grouped in runs of `span` stages, each
    // shown by its fullest (the first and the last stage, which hold the embedding and the
    // loss, stay groups of their own).
    const std::size_t firstGroup = groups.size();
    const int span = p > kMaxRankGroups ? (p - 2 + kMaxRankGroups - 3) / (kMaxRankGroups - 2) : 0;
    std::size_t groupMark = 0; // where the last group's working begins
    StageLedger L;
    int layers = 0;
    for (int stage = 0, firstLayer = 0; stage < p; ++stage, firstLayer += layers) {
        layers = ctx.split.layersOn(stage);
        const int moe = moeModel ? ctx.shape.moeLayersIn(firstLayer, firstLayer + layers) : 0;
        if (w || !L.sameShape(layers, moe, stage == 0, stage == p - 1, phase))
            stageLedger(ctx, stage, phase, L);
        L.stage = stage;
        const std::size_t mark = w ? w->lines().size() : 0;
        // Computed in place at the end of the groups (no copy of the group), dropped again when it
        // has the previous stage's profile.
        RankGroup& g = groups.emplace_back(RankGroup::NoInit{});
        stageMemory(ctx, L, training ? inFlightMicroBatches(p, v, micro, stage) : 0, g, w);
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
