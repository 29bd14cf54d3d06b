// The per-estimate constants of the stage ledgers (EstimateContext, core/estimate_context.h):
// what every stage's bytes per parameter, buffers and activations are made of, worked out once
// before the stage loop (memory.cpp) reads them for each stage.
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

void prepareStages(EstimateContext& ctx)
{
    const Scenario& s = ctx.scenario;
    const TrainingSetup& tr = s.training;
    const ModelArchitecture& m = ctx.shape;
    const double t = ctx.layout.t;

    // Parameters this GPU owns before ZeRO: TP divides the matrices, PP the layers, EP × expert
    // TP the routed experts (Megatron parallel folding).
    if (ctx.layout.countOnly) {
        ctx.stageParams = ctx.params.total / (t * ctx.layout.p); // Ψ/(t·p) on every stage: a bare count has no layers to place
    } else {
        const ParameterCounts& pc = ctx.params;
        const double expertShards = double(s.parallel.expert) * s.parallel.effectiveExpertTensor();
        for (LayerKind kind : kModelledKinds) {
            if (!ctx.layout.pattern.has(kind))
                continue; // only the kinds the model has (the dense kind always: the step timeline reads it)
            const LayerParameters p = layerParameters(m, pc, kind);
            KindOnGpu& k = ctx.kinds[std::size_t(kind)];
            k.other = p.replicated;
            k.linear = p.linear / t;
            k.experts = p.routedExperts / expertShards;
        }
        ctx.firstStageParams = pc.embedding / t + pc.positionEmbedding;
        // A vision tower and its projector sit before the decoder's first layer, on stage 0, their
        // matrices split by TP as the decoder's (Megatron-LM's LLaVA model builds its vision
        // encoder with the same tensor-parallel layers; vLLM mm_encoder_tp_mode "weights").
        // Trained: model states as every other parameter. Frozen (training.vision_frozen, and
        // under LoRA/QLoRA, whose adapters target the decoder): weights only.
        if (m.hasVision()) {
            const VisionTower v = visionTower(m);
            const double onGpu = v.linear / t + (v.total - v.linear);
            if (!ctx.layout.adapters && !tr.visionFrozen)
                ctx.firstStageParams += onGpu;
            else
                ctx.frozenVisionParams = onGpu;
        }
        // Tied embeddings with PP > 1: the last stage keeps its own copy of the word embedding
        // for the output layer, synchronised by an all-reduce (Megatron).
        const double outputLayer = m.tiedEmbeddings ? (ctx.layout.p > 1 ? pc.embedding : 0) : pc.outputLayer;
        ctx.lastStageParams = pc.finalNorm + outputLayer / t;
        // Multi-token prediction (training): each module's eh_proj (column-parallel: ÷ t) and its
        // three norms sit beside the output layer; its block is one more layer of the stage's
        // kinds (LayerPattern::mtp). Megatron-LM multi_token_prediction.py @d98e8a64.
        if (ctx.layout.pattern.mtp > 0)
            ctx.lastStageParams += ctx.layout.pattern.mtp * (2.0 * m.hiddenSize * m.hiddenSize / t + (pc.mtpProjectionPerLayer - 2.0 * m.hiddenSize * m.hiddenSize));
        // One tensor per matrix as PyTorch recipes hold them (torchtune and torchtitan: separate
        // w1/w2/w3 and wq/wk/wv/wo; routed experts as one grouped tensor per GPU).
        const double h = m.hiddenSize;
        ctx.largestEndMatrix = pc.paddedVocab * h / t;
        ctx.largestLayerMatrix = std::max(h * double(m.ffnHiddenSize), h * double(m.numAttentionHeads) * m.effectiveHeadDim()) / t;
        if (m.isMoE())
            ctx.largestLayerMatrix = std::max(ctx.largestLayerMatrix, h * double(m.moeFfnHiddenSize) * m.numExperts / expertShards);
    }

    // Model states of the trainable parameters.
    const int z = tr.zeroStage;
    const StateBytesPerParameter& st = ctx.layout.state;
    const ShardShares dense = zeroShares(z, ctx.layout.shardGroup);
    const ShardShares expert = zeroShares(z, ctx.layout.expertShards);
    if (!ctx.layout.adapters) {
        ctx.weightBytes = tr.offloadParameters ? 0 : st.weights * dense.weights;
        ctx.gradientBytes = tr.offloadOptimizer ? 0 : st.gradients * dense.gradients;
        ctx.optimizerBytes = tr.offloadOptimizer ? 0 : st.optimizer() * dense.optimizer;
        ctx.expertWeightBytes = tr.offloadParameters ? 0 : st.weights * expert.weights;
        ctx.expertGradientBytes = tr.offloadOptimizer ? 0 : st.gradients * expert.gradients;
        ctx.expertOptimizerBytes = tr.offloadOptimizer ? 0 : st.optimizer() * expert.optimizer;
        ctx.masterBytes = tr.offloadOptimizer ? 0 : st.master * dense.optimizer;
        // ZeRO-Offload: optimizer states and an fp32 gradient copy live in CPU memory and the
        // optimizer step runs there (DeepSpeed estimate_zero2/3_model_states_mem_needs: 16 or 18 B).
        ctx.cpuBytesPerParam = ((tr.offloadOptimizer ? st.optimizer() + 4 : 0) + (tr.offloadParameters ? st.weights : 0)) / ctx.layout.shardGroup;
    } else {
        // LoRA/QLoRA: the base is frozen (no gradients, no optimizer) in its storage format;
        // ZeRO-3 still shards it. The adapters carry the recipe's model states.
        const WeightQuantization& base = s.finetune.base;
        const double frozenShare = (z >= 3 ? 1.0 / ctx.layout.shardGroup : 1.0) * (tr.offloadParameters ? 0.0 : 1.0);
        ctx.frozenLinearBytes = frozenLinearBytes(base, m) * frozenShare;
        ctx.frozenOtherBytes = (ctx.layout.countOnly ? ctx.frozenLinearBytes : 2 * frozenShare);
        if (base.quantizeEmbeddings)
            ctx.frozenOtherBytes = ctx.frozenLinearBytes;
        ctx.adapterWeightBytes = st.weights * dense.weights;
        ctx.adapterGradientBytes = tr.offloadOptimizer ? 0 : st.gradients * dense.gradients;
        ctx.adapterOptimizerBytes = tr.offloadOptimizer ? 0 : st.optimizer() * dense.optimizer;
        ctx.cpuBytesPerParam = 0;
        const AdapterCounts& a = ctx.adapterCounts; // countAdapters(m, rank, targets), from fillContext
        ctx.adapterParameters = a.total;
        for (LayerKind kind : kModelledKinds)
            ctx.kinds[std::size_t(kind)].adapters = ctx.layout.countOnly ? a.total / (t * std::max(1, m.numLayers)) // the family shape's adapters spread over the stages
                                                                  : a.perLayer[std::size_t(kind)] / t;
        if (base.format == WeightFormat::Nf4 || base.format == WeightFormat::Int4 || base.format == WeightFormat::Int8)
            // QLoRA dequantizes one weight matrix at a time to 16 bits for its GEMM.
            ctx.dequantBytes = 2 * std::max({double(m.hiddenSize) * m.ffnHiddenSize, double(m.hiddenSize) * m.hiddenSize}) / t;
        // A quantized output layer is dequantized whole for its GEMM too (bitsandbytes 0.42.0
        // MatMul4Bit: F.dequantize_4bit(B) in forward and backward), V·h/t at the loss's moments;
        // LitGPT's lm_head chunks each dequantize it again, one at a time.
        const bool quantizedBase = ctx.dequantBytes > 0;
        const bool outputQuantized = quantizedBase && (base.quantizeEmbeddings || s.finetune.quantizeOutputLayer);
        if (outputQuantized && !m.tiedEmbeddings && !ctx.layout.countOnly) {
            ctx.outputDequantBytes = 2 * ctx.largestEndMatrix;
            // Beside a 16-bit embedding (Fabric's BitsandbytesPrecision: every nn.Linear, no
            // nn.Embedding), the output matrix moves from the 16-bit "other" to the base format.
            if (!base.quantizeEmbeddings)
                ctx.quantizedOutputParams = ctx.largestEndMatrix;
        }
    }

    // Megatron theoretical_memory_usage.py: input ids 8sb and the embedding dropout mask sbh
    // per micro-batch on the first stage; final norm and output-layer inputs (2sbh each, ÷t
    // with SP) on the last, with the logits the loss keeps.
    const double T = ctx.layout.tokensPerMicroBatch;
    const double h = m.hiddenSize;
    const double seqShard = ctx.layout.seqShard;
    const double e = ctx.layout.elementBytes;
    ctx.embeddingActivationsPerMicroBatch = 8 * T + (m.dropout ? T * h / seqShard : 0);
    if (m.hasVision() && !ctx.layout.countOnly && !ctx.layout.adapters && !tr.visionFrozen && tr.imagesPerSample > 0) {
        // A trained tower keeps its blocks' inputs for the backward, per encoder token and block
        // (Korthikanti et al. 2022, arXiv 2205.05198 §4.1, selective recompute, without its two
        // dropout masks: ViTs train without dropout): norm and QKV inputs, Q, K, V, the attention
        // output, the second norm's and fc1's inputs (8w), fc1's output and the activation's (2F;
        // a gated MLP's gate and up outputs and their product, 3F), in the compute dtype, ÷ t
        // (the F-wide tensors) as the decoder's; with full recomputation only each block's input w.
        const VisionTower v = visionTower(m);
        const double w = m.visionHiddenSize, F = m.visionFfnHiddenSize;
        const double perToken = tr.recompute == Recompute::Full ? w : 8 * w + (m.visionGatedMlp ? 3 : 2) * F / t;
        const double tokens = double(tr.microBatchSize) * tr.imagesPerSample * v.encoderTokensPerImage;
        ctx.visionActivationsPerMicroBatch = e * tokens * perToken * m.visionLayers;
        ctx.embeddingActivationsPerMicroBatch += ctx.visionActivationsPerMicroBatch;
    }
    ctx.outputInputs = 2 * e * T * h / seqShard;
    ctx.logitElements = T * ctx.params.paddedVocab / t;
    // bitsandbytes < 0.43.2 keeps every 4-bit layer's input on its ctx beyond the backward
    // (core/training/bnbretainedinputs.h). Under full recomputation the layers' first forward
    // runs without a graph (reentrant checkpointing, as fsdp_qlora e877dda runs its benchmarks:
    // train.py line 1008, "Setting to True can use less GPU memory with BNB QLoRA"), so nothing
    // is kept. (Non-reentrant checkpointing would keep them for every layer: not modelled.)
    ctx.bnbRetainedPerLayer = 0;
    if (ctx.layout.adapters && s.finetune.bnbKeepsInputs && tr.recompute != Recompute::Full
        && (s.finetune.base.format == WeightFormat::Nf4 || s.finetune.base.format == WeightFormat::Int4))
        ctx.bnbRetainedPerLayer = bnbRetainedLayerInputs(T, e, h, double(m.numAttentionHeads) * m.effectiveHeadDim(),
                                                         double(m.ffnHiddenSize), t, seqShard);

    // --- the framework's buffers (core/layout/frameworkbuffers.h), a value of its own
    frameworkBuffers({s, ctx.layout, ctx.largestModuleParams, ctx.layout.adapters ? frozenLinearBytes(s.finetune.base, m) : 0.0}, ctx.buffers);

    if (m.isMoE() && s.parallel.expert > 1) // all-to-all send + receive of one layer's routed tokens
        ctx.moeDispatchBytes = 2 * e * T / seqShard * m.moeTopK * tr.moeCapacityFactor * h;

    if (ctx.layout.rl) // the RL roles beside the policy (core/layout/rlroles.h)
        ctx.rlRoles = rlRoles(s, ctx.layout, m, ctx.params.total,
                              {ctx.weightBytes, ctx.gradientBytes, ctx.optimizerBytes, ctx.frozenLinearBytes});
}

} // namespace core
