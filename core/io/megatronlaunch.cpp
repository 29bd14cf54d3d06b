// Megatron-LM: the pretrain_gpt.py command for a training scenario.
#include "core/io/launchparts.h"

#include <algorithm>
#include <cmath>

#include "core/model/layerpattern.h"

namespace core::launchparts {

LaunchFile megatron(const Scenario& s)
{
    const ParallelLayout& p = s.parallel;
    const TrainingSetup& t = s.training;
    ModelArchitecture family;
    const ModelArchitecture& m = shapeOf(s, family);
    std::vector<std::string> flags;
    Notes notes;
    auto flag = [&](std::string name, std::string value = {}) { flags.push_back(value.empty() ? name : name + " " + value); };

    // Model shape (megatron/core/transformer/transformer_config.py and arguments.py @ d98e8a6).
    flag("--num-layers", std::to_string(m.numLayers));
    if (m.mtpLayers > 0) // Megatron-LM arguments.py --mtp-num-layers (the MTP blocks after the decoder)
        flag("--mtp-num-layers", std::to_string(m.mtpLayers));
    flag("--hidden-size", std::to_string(m.hiddenSize));
    flag("--ffn-hidden-size", std::to_string(m.ffnHiddenSize));
    flag("--num-attention-heads", std::to_string(m.numAttentionHeads));
    if (m.isMla()) {
        flag("--multi-latent-attention");
        if (m.qLoraRank > 0)
            flag("--q-lora-rank", std::to_string(m.qLoraRank));
        flag("--kv-lora-rank", std::to_string(m.kvLoraRank));
        flag("--qk-head-dim", std::to_string(m.qkNopeHeadDim));
        flag("--qk-pos-emb-head-dim", std::to_string(m.qkRopeHeadDim));
        flag("--v-head-dim", std::to_string(m.vHeadDim));
    } else if (m.numQueryGroups > 0 && m.numQueryGroups < m.numAttentionHeads) {
        flag("--group-query-attention");
        flag("--num-query-groups", std::to_string(m.numQueryGroups));
    }
    if (m.headDim > 0 && !m.isMla())
        flag("--kv-channels", std::to_string(m.headDim));
    // Learned positions need a table as long as the sequence (arguments.py asserts it); RoPE does not.
    if (m.maxPositionEmbeddings <= 0) {
        flag("--max-position-embeddings", std::to_string(t.seqLength));
    } else if (m.positionEmbedding == PositionEmbedding::Learned && m.maxPositionEmbeddings < t.seqLength) {
        note(notes, LaunchNoteCode::MaxPositionsRaised, m.maxPositionEmbeddings, double(t.seqLength));
        flag("--max-position-embeddings", std::to_string(t.seqLength));
    } else {
        flag("--max-position-embeddings", std::to_string(m.maxPositionEmbeddings));
    }
    flag("--position-embedding-type", m.positionEmbedding == PositionEmbedding::Rotary ? "rope" : "learned_absolute");
    if (m.positionEmbedding == PositionEmbedding::Rotary) {
        // --rotary-base is type=int (arguments.py L2418); its default is 10000.
        if (m.ropeTheta <= 0)
            note(notes, LaunchNoteCode::RopeBaseNotStated);
        else {
            if (m.ropeTheta != std::floor(m.ropeTheta))
                note(notes, LaunchNoteCode::RopeBaseNotInteger, m.ropeTheta);
            flag("--rotary-base", integer(std::round(m.ropeTheta)));
        }
        if (m.ropeScaling == RopeScaling::Llama3) {
            // Llama 3.x scaling (rotary_pos_embedding.py _apply_scaling: low 1, high 4, original 8192).
            flag("--use-rope-scaling");
            flag("--rope-scaling-factor", number(m.ropeScalingFactor));
        } else if (m.ropeScaling != RopeScaling::None) {
            note(notes, LaunchNoteCode::RopeScalingNotWritten, m.ropeScalingFactor);
        }
    }
    flag("--normalization", m.normalization == Normalization::RMSNorm ? "RMSNorm" : "LayerNorm");
    if (m.normEpsilon > 0)
        flag("--norm-epsilon", number(m.normEpsilon));
    else
        note(notes, LaunchNoteCode::NormEpsilonNotStated);
    // The MLP: --swiglu is a gated SiLU MLP, --squared-relu a plain one, the default GELU (L2448–L2450).
    const Activation act = activationOf(m);
    if (m.gatedMlp) {
        flag("--swiglu");
        if (act != Activation::Silu)
            note(notes, LaunchNoteCode::GegluAsSwiglu);
    } else if (act == Activation::SquaredRelu) {
        flag("--squared-relu");
    } else if (act != Activation::Gelu && act != Activation::GeluTanh) {
        note(notes, LaunchNoteCode::ActivationNotExpressible);
    }
    if (!m.tiedEmbeddings)
        flag("--untie-embeddings-and-output-weights");
    if (!m.linearBias)
        flag("--disable-bias-linear");
    if (m.qkvBias && !m.linearBias)
        flag("--add-qkv-bias");
    if (m.qkNorm)
        flag("--qk-layernorm");
    if (m.normsPerLayer != 2)
        note(notes, LaunchNoteCode::NormsPerLayerNotWritten, m.normsPerLayer);
    if (m.isHybrid() || m.attentionOutputGate)
        note(notes, LaunchNoteCode::HybridLayersNotWritten);
    if (m.isSparseAttention() || m.indexNumHeads > 0 || m.indexHeadDim > 0)
        note(notes, LaunchNoteCode::SparseAttentionNotWritten);
    if (m.hasVision())
        note(notes, LaunchNoteCode::VisionTowerNotWritten);
    if (m.slidingWindow > 0) {
        // Window attention (arguments.py L2384, tuple_type "left,right"; L2388 one layer in N full).
        flag("--window-size", std::to_string(m.slidingWindow) + ",0");
        if (m.globalLayerEvery > 0)
            flag("--window-attn-skip-freq", std::to_string(m.globalLayerEvery));
    }
    if (!m.dropout) {
        flag("--attention-dropout", "0.0");
        flag("--hidden-dropout", "0.0");
    }
    if (m.isMoE()) {
        flag("--num-experts", std::to_string(m.numExperts));
        flag("--moe-router-topk", std::to_string(m.moeTopK));
        flag("--moe-ffn-hidden-size", std::to_string(m.moeFfnHiddenSize));
        if (m.sharedExpertWidth() > 0)
            flag("--moe-shared-expert-intermediate-size", std::to_string(m.sharedExpertWidth()));
        if (m.sharedExpertGate)
            flag("--moe-shared-expert-gate"); // TransformerConfig moe_shared_expert_gate (transformer_config.py L713)
        if (m.firstDenseLayers > 0 || m.moeLayerFrequency > 1) {
            // A Python list expression, one entry per layer: 1 = MoE (arguments.py --moe-layer-freq).
            std::string pattern = "'[";
            const LayerPattern kinds = layerPattern(m);
            for (int l = 0; l < m.numLayers; ++l)
                pattern += std::string(l ? "," : "") + (kinds.kindOf(l) == LayerKind::Moe ? "1" : "0");
            flag("--moe-layer-freq", pattern + "]'");
        }
    }
    // Vocabulary: the tokenizer (TokenizerConfig, training_config.py L679–L714) and its padding to
    // make_vocab_size_divisible_by × TP (arguments.py L2441; ShardScope's pad_vocab_multiple).
    if (const std::string hf = hfIdOf(s); !hf.empty()) {
        flag("--tokenizer-type", "HuggingFaceTokenizer");
        flag("--tokenizer-model", hf);
    } else {
        flag("--tokenizer-type", "NullTokenizer");
        note(notes, LaunchNoteCode::TokenizerNotNamed);
    }
    flag("--vocab-size", std::to_string(m.vocabSize));
    flag("--make-vocab-size-divisible-by", std::to_string(m.padVocabMultiple > 0 ? m.padVocabMultiple : 1));
    if (m.padVocabMultiple <= 0 && p.tensor > 1 && m.vocabSize % p.tensor != 0)
        note(notes, LaunchNoteCode::VocabularyPaddedToTp, m.vocabSize, std::ceil(double(m.vocabSize) / p.tensor) * p.tensor);

    // Layout.
    flag("--tensor-model-parallel-size", std::to_string(p.tensor));
    flag("--pipeline-model-parallel-size", std::to_string(p.pipeline));
    if (p.virtualPipeline > 1 && p.pipeline > 1) {
        // Uneven chunks (first/last-stage layers or the embedding/loss as layers) have no one
        // layer count per virtual stage: Megatron takes the chunks per rank instead (arguments.py
        // @ d98e8a6, --num-virtual-stages-per-pipeline-rank).
        const bool uneven = p.firstStageLayers > 0 || p.lastStageLayers > 0 || p.embeddingCountsAsLayer || p.lossCountsAsLayer;
        if (uneven)
            flag("--num-virtual-stages-per-pipeline-rank", std::to_string(p.virtualPipeline));
        else
            flag("--num-layers-per-virtual-pipeline-stage", std::to_string(m.numLayers / (p.pipeline * p.virtualPipeline)));
    }
    if (p.context > 1)
        flag("--context-parallel-size", std::to_string(p.context));
    if (m.isMoE()) {
        flag("--expert-model-parallel-size", std::to_string(p.expert));
        flag("--expert-tensor-parallel-size", std::to_string(p.effectiveExpertTensor()));
    }
    if (p.pipeline > 1) {
        // The scenario's own split of the layers over the stages (arguments.py @ d98e8a6 L3095,
        // L3099; TransformerConfig account_for_*_in_pipeline_split, transformer_config.py L137, L141).
        if (p.firstStageLayers > 0)
            flag("--decoder-first-pipeline-num-layers", std::to_string(p.firstStageLayers));
        if (p.lastStageLayers > 0)
            flag("--decoder-last-pipeline-num-layers", std::to_string(p.lastStageLayers));
        if (p.embeddingCountsAsLayer)
            flag("--account-for-embedding-in-pipeline-split");
        if (p.lossCountsAsLayer)
            flag("--account-for-loss-in-pipeline-split");
    }
    if (p.sequenceParallel && p.tensor > 1)
        flag("--sequence-parallel");
    if (t.tpCommOverlap && p.sequenceParallel && p.tensor > 1)
        flag("--tp-comm-overlap");

    // Data parallelism and sharding: the distributed optimizer is ZeRO-1 (with fp32 gradients);
    // ZeRO-2/3 are Megatron-FSDP's sharding strategies.
    const bool dp = dataParallel(s) * p.context > 1;
    if (t.zeroStage == 1)
        flag("--use-distributed-optimizer");
    else if (t.zeroStage >= 2) {
        flag("--use-megatron-fsdp");
        flag("--data-parallel-sharding-strategy", t.zeroStage == 2 ? "optim_grads" : "optim_grads_params");
    }
    if (dp) {
        flag("--overlap-grad-reduce");
        if (t.zeroStage >= 1)
            flag("--overlap-param-gather");
    }
    if (t.offloadOptimizer)
        flag("--optimizer-cpu-offload");
    // --optimizer adam (the default: decoupled weight decay, so AdamW), sgd (with momentum), lion (L2913).
    if (t.optimizer == Optimizer::SgdMomentum)
        flag("--optimizer", "sgd");
    else if (t.optimizer == Optimizer::Lion)
        flag("--optimizer", "lion");
    else if (t.optimizer != Optimizer::Adam && t.optimizer != Optimizer::AdamW)
        note(notes, LaunchNoteCode::OptimizerNotExpressible);
    if (!t.flashAttention)
        flag("--attention-backend", "unfused"); // the scores materialised, as without flash attention
    // Forced moment precision: Transformer Engine's precision-aware optimizer keeps Adam's m and v
    // in that dtype (arguments.py @ d98e8a6 L3667, L3675, L3680).
    if (t.momentDtype == MomentDtype::Bf16 && (t.optimizer == Optimizer::Adam || t.optimizer == Optimizer::AdamW)) {
        flag("--use-precision-aware-optimizer");
        flag("--exp-avg-dtype", "bf16");
        flag("--exp-avg-sq-dtype", "bf16");
    }
    if (t.offloadParameters)
        note(notes, LaunchNoteCode::ParameterOffloadNoMegatronFlag);

    // Recomputation.
    if (t.recompute == Recompute::Selective) {
        flag("--recompute-granularity", "selective");
    } else if (t.recompute == Recompute::Full) {
        flag("--recompute-granularity", "full");
        flag("--recompute-method", "uniform");
        flag("--recompute-num-layers", "1");
    }

    // Batch and precision.
    flag("--micro-batch-size", std::to_string(t.microBatchSize));
    flag("--global-batch-size", std::to_string(t.globalBatchSize));
    flag("--seq-length", std::to_string(t.seqLength));
    if (t.trainTokens > 0 && t.globalBatchSize > 0 && t.seqLength > 0)
        flag("--train-iters", integer(std::ceil(t.trainTokens / (double(t.globalBatchSize) * double(t.seqLength)))));
    // Checkpoints (core/goodput): the interval the goodput used, the scenario's or the optimal one.
    if (const long long every = checkpointIntervalSteps(s); every > 0)
        flag("--save-interval", std::to_string(every));
    if (s.goodput.asyncCheckpoint) {
        flag("--async-save"); // needs the persistent worker at d98e8a6 (arguments.py L1814-L1820)
        flag("--use-persistent-ckpt-worker");
    }
    if (!s.goodput.checkpointOptimizer)
        flag("--no-save-optim");
    if (t.offloadDevice == OffloadDevice::Nvme && (t.offloadOptimizer || t.offloadParameters))
        note(notes, LaunchNoteCode::NvmeOffloadNoMegatronFlag);
    switch (t.precision) {
    case PrecisionRecipe::Fp32: break;
    case PrecisionRecipe::Fp8Mixed:
        flag("--bf16");
        flag("--fp8-format", "hybrid");
        flag("--fp8-recipe", "tensorwise");
        break;
    case PrecisionRecipe::Mixed16:
        if (!sixteenBitIsBf16(s)) {
            flag("--fp16");
            break;
        }
        [[fallthrough]];
    case PrecisionRecipe::MixedBf16Fp32Grads:
    case PrecisionRecipe::Bf16: flag("--bf16"); break;
    }
    // --bf16 accumulates and reduces gradients in fp32 unless --grad-reduce-in-bf16 (arguments.py
    // L1213–L1216, L3053): the scenario's 16-bit gradients.
    if (t.precision == PrecisionRecipe::Mixed16 && sixteenBitIsBf16(s))
        flag("--grad-reduce-in-bf16");
    if (t.precision == PrecisionRecipe::Bf16)
        note(notes, LaunchNoteCode::PureBf16IsMixed);

    // A script: every comment above the command, since a `#` line inside a `\`-continued command
    // ends it (bash joins the continuation first, then the comment runs to the end of the line).
    const int nodes = std::max(1, (p.gpus + p.gpusPerNode - 1) / std::max(1, p.gpusPerNode));
    const int perNode = std::min(p.gpus, std::max(1, p.gpusPerNode));
    LaunchFile out;
    out.text = "#!/bin/bash\n# Megatron-LM pretrain_gpt.py (NVIDIA/Megatron-LM @ d98e8a6): ";
    out.text += (s.model.name.empty() ? std::string("model") : s.model.name) + " on " + std::to_string(p.gpus) + " GPUs, "
        + std::to_string(perNode) + " per node (data parallel " + std::to_string(dataParallel(s)) + ", "
        + std::to_string(microBatches(s)) + " micro-batches per step)\n";
    for (const LaunchNote& n : notes)
        out.text += "# note: " + describe(n) + "\n";
    out.text += "# Run on each node with NODE_RANK, MASTER_ADDR and MASTER_PORT set; add your data (--data-path) and checkpoints (--save, --load).\n";
    out.text += "torchrun --nproc-per-node " + std::to_string(perNode) + " --nnodes " + std::to_string(nodes)
        + " --node-rank ${NODE_RANK:-0} --master-addr ${MASTER_ADDR:-localhost} --master-port ${MASTER_PORT:-6000} pretrain_gpt.py \\\n";
    for (std::size_t i = 0; i < flags.size(); ++i)
        out.text += "    " + flags[i] + (i + 1 < flags.size() ? " \\\n" : "\n");
    out.notes = std::move(notes);
    return out;
}

} // namespace core::launchparts
