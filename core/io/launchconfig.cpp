#include "core/io/launchconfig.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/estimate.h"
#include "core/io/json_reader.h"
#include "core/io/presets.h"
#include "core/io/servinglaunch.h"
#include "core/model.h"
#include "core/model/layerpattern.h"
#include "core/translatable.h"

namespace core {

namespace {

int dataParallel(const Scenario& s) { return std::max(1, s.parallel.dataParallel()); }

int microBatches(const Scenario& s)
{
    const long long per = s.training.microBatchSize * dataParallel(s);
    return per > 0 ? int(s.training.globalBatchSize / per) : 1;
}

bool sixteenBitIsBf16(const Scenario& s)
{
    // BF16 where the GPU has it (V100 has only FP16 tensor cores).
    return s.hardware.gpu.peakBf16Tflops > 0 || s.hardware.gpu.preset.empty();
}

std::string number(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

/// A whole number in digits ("%g" writes 1e+06, which Megatron's type=int flags refuse).
std::string integer(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
}

constexpr TorchtitanFlavor kTorchtitanFlavors[] = {
    {"llama-3-8b", "llama3", "8B"},        {"llama-3.1-8b", "llama3", "8B"},        {"llama-3-70b", "llama3", "70B"},
    {"llama-3.1-70b", "llama3", "70B"},    {"llama-3.1-405b", "llama3", "405B"},    {"qwen3-0.6b", "qwen3", "0.6B"},
    {"qwen3-4b", "qwen3", "4B"},           {"qwen3-8b", "qwen3", "8B"},             {"qwen3-14b", "qwen3", "14B"},
    {"qwen3-32b", "qwen3", "32B"},         {"qwen3-30b-a3b", "qwen3", "30B-A3B"},   {"qwen3-235b-a22b", "qwen3", "235B-A22B"},
    {"deepseek-v3", "deepseek_v3", "671B"}, {"deepseek-r1", "deepseek_v3", "671B"}, {"llama-4-scout", "llama4", "17bx16e"},
    {"llama-4-maverick", "llama4", "17bx128e"}, {"gpt-oss-20b", "gpt_oss", "20b"},  {"gpt-oss-120b", "gpt_oss", "120b"},
};

const ModelArchitecture& shapeOf(const Scenario& s, ModelArchitecture& family)
{
    if (s.model.hasArchitecture)
        return s.model;
    family = familyShape(s.model.parameters);
    return family;
}

/// Steps between checkpoints as the goodput used them: the scenario's, or the optimal interval
/// (goodput.checkpoint_interval = 0), which takes an estimate; 0 when there is none to write.
long long checkpointIntervalSteps(const Scenario& s)
{
    if (s.goodput.checkpointIntervalSteps > 0)
        return s.goodput.checkpointIntervalSteps;
    const Estimate e = estimate(s);
    return e.valid ? (long long)e.compute.run.goodput.intervalSteps : 0;
}

using Notes = std::vector<LaunchNote>;

void note(Notes& notes, LaunchNoteCode code, double a = 0, double b = 0) { notes.push_back({code, a, b}); }

/// The Hugging Face model behind the scenario's preset ("meta-llama/Llama-3.1-70B"), if any.
std::string hfIdOf(const Scenario& s)
{
    if (s.model.preset.empty())
        return {};
    const ModelPreset* p = findModelPreset(s.model.preset);
    // Only while the model is still the preset's: an edited shape is not that checkpoint.
    return p && p->model == s.model ? hfModelId(*p) : std::string();
}

/// The activation a gated or plain MLP has when the scenario does not say (Megatron's defaults).
Activation activationOf(const ModelArchitecture& m)
{
    return m.activation != Activation::Auto ? m.activation : (m.gatedMlp ? Activation::Silu : Activation::Gelu);
}

// --- Megatron-LM -------------------------------------------------------------------------

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

// --- DeepSpeed ---------------------------------------------------------------------------

LaunchFile deepSpeed(const Scenario& s)
{
    const TrainingSetup& t = s.training;
    const ParallelLayout& p = s.parallel;
    Notes notes;
    // deepspeed/runtime/config.py @ edaa722 L937: train_batch_size = micro × GA × world_size, where
    // world_size is the data-parallel size: the GPUs over the sequence-parallel size when the config
    // gives both sizes (deepspeed/__init__.py L203: a (dp, sp) mesh; config.py L718), or the mpu's
    // data-parallel size with TP or PP. Writing CP's ranks as data parallel doubled the batch.
    Json j;
    j["train_batch_size"] = t.globalBatchSize;
    j["train_micro_batch_size_per_gpu"] = t.microBatchSize;
    j["gradient_accumulation_steps"] = microBatches(s);
    j["gradient_clipping"] = 1.0;
    if (p.context > 1) {
        j["sequence_parallel_size"] = p.context;
        j["data_parallel_size"] = dataParallel(s);
        note(notes, LaunchNoteCode::DeepSpeedContextIsUlysses, p.context);
    }
    if (p.tensor > 1) {
        j["tensor_parallel"] = Json{{"autotp_size", p.tensor}};
        note(notes, LaunchNoteCode::DeepSpeedTensorIsAutoTp, p.tensor);
    }
    if (p.pipeline > 1)
        note(notes, LaunchNoteCode::DeepSpeedPipelineInCode, p.pipeline);
    if (s.model.isMoE() && p.expert > 1)
        note(notes, LaunchNoteCode::DeepSpeedExpertsInCode, p.expert);
    note(notes, LaunchNoteCode::DeepSpeedModelFromHf);
    // DeepSpeed's config has no checkpoint interval (runtime/checkpoint_engine, config.py's
    // "checkpoint" section holds tags and writers): the loop calls engine.save_checkpoint().
    if (const long long every = checkpointIntervalSteps(s); every > 0)
        note(notes, LaunchNoteCode::DeepSpeedCheckpointInCode, double(every));
    const bool sixteen = t.precision != PrecisionRecipe::Fp32;
    if (sixteen && (t.precision != PrecisionRecipe::Mixed16 || sixteenBitIsBf16(s)))
        j["bf16"] = Json{{"enabled", true}};
    else if (sixteen)
        j["fp16"] = Json{{"enabled", true}};
    if (t.precision == PrecisionRecipe::MixedBf16Fp32Grads)
        j["data_types"] = Json{{"grad_accum_dtype", "fp32"}}; // constants.py L494–L495
    if (t.recompute == Recompute::Selective)
        note(notes, LaunchNoteCode::DeepSpeedRecomputeInModel);
    // deepspeed/runtime/zero/config.py @ edaa722 (buckets at their 5e8-element defaults).
    Json zero{{"stage", t.zeroStage},
              {"overlap_comm", true},
              {"contiguous_gradients", true},
              {"reduce_scatter", true},
              {"reduce_bucket_size", 500000000},
              {"allgather_bucket_size", 500000000}};
    // ZeRO-Infinity: the node's NVMe drives at nvme_path (runtime/zero/offload_config.py); the
    // path is the cluster's, "/local_nvme" as in DeepSpeed's own examples.
    const bool nvme = t.offloadDevice == OffloadDevice::Nvme;
    auto offload = [&] { return nvme ? Json{{"device", "nvme"}, {"nvme_path", "/local_nvme"}, {"pin_memory", true}} : Json{{"device", "cpu"}, {"pin_memory", true}}; };
    if (t.offloadOptimizer)
        zero["offload_optimizer"] = offload();
    if (t.offloadParameters)
        zero["offload_param"] = offload();
    j["zero_optimization"] = zero;
    if (t.recompute != Recompute::None)
        // deepspeed/runtime/activation_checkpointing/config.py: the model's checkpointed layers
        // follow these settings (the granularity is the model code's).
        j["activation_checkpointing"] = Json{{"partition_activations", s.parallel.tensor > 1},
                                             {"contiguous_memory_optimization", false},
                                             {"cpu_checkpointing", false}};
    // JSON has no comments (transformers reads the file with json.load): the notes are a key
    // DeepSpeed does not read.
    Json list = Json::array();
    for (const LaunchNote& n : notes)
        list.push_back(describe(n));
    j["shardscope_notes"] = list;
    return {j.dump(2) + "\n", std::move(notes)};
}

// --- torchtitan --------------------------------------------------------------------------

LaunchFile torchtitan(const Scenario& s)
{
    const ParallelLayout& p = s.parallel;
    const TrainingSetup& t = s.training;
    ModelArchitecture family;
    const ModelArchitecture& m = shapeOf(s, family);
    const int dp = dataParallel(s);
    Notes notes;
    const TorchtitanFlavor* flavor = torchtitanFlavorOf(s.model.preset);
    const std::string hf = hfIdOf(s);
    if (!flavor || hf.empty())
        note(notes, LaunchNoteCode::TorchtitanModelInCode);
    if (t.zeroStage == 1)
        note(notes, LaunchNoteCode::TorchtitanZeroOne);
    if (t.offloadOptimizer && !t.offloadParameters)
        note(notes, LaunchNoteCode::TorchtitanOffloadTogether);
    if (t.precision == PrecisionRecipe::Fp8Mixed)
        note(notes, LaunchNoteCode::TorchtitanFp8Converter);
    if (t.precision == PrecisionRecipe::Mixed16 || t.precision == PrecisionRecipe::Bf16)
        note(notes, LaunchNoteCode::TorchtitanFp32Reduce);
    if (p.tensor > 1 && !p.sequenceParallel)
        note(notes, LaunchNoteCode::TorchtitanSequenceParallel);
    if (p.pipeline > 1 && (p.firstStageLayers > 0 || p.lastStageLayers > 0 || p.embeddingCountsAsLayer || p.lossCountsAsLayer))
        note(notes, LaunchNoteCode::TorchtitanUnevenPipeline);
    std::string out = "# torchtitan job config (pytorch/torchtitan @ 238fa99, torchtitan/config/job_config.py)\n";
    for (const LaunchNote& n : notes)
        out += "# note: " + describe(n) + "\n";
    if (flavor && !hf.empty()) {
        // torchtitan/models/<name>/__init__.py @ 238fa99 holds the flavor's shape; the assets
        // folder holds the checkpoint's config.json and tokenizer.
        out += "\n[model]\n";
        out += "name = \"" + std::string(flavor->name) + "\"\n";
        out += "flavor = \"" + std::string(flavor->flavor) + "\"\n";
        out += "hf_assets_path = \"./assets/hf/" + hf.substr(hf.find('/') + 1) + "\"\n";
    }
    out += "\n[training]\n";
    // With a pipeline, the local batch is split into micro-batches of pipeline_parallel_microbatch_size;
    // without one, global_batch_size > local × DP is gradient accumulation.
    const long long local = p.pipeline > 1 ? t.globalBatchSize / dp : t.microBatchSize;
    out += "local_batch_size = " + std::to_string(local) + "\n";
    out += "global_batch_size = " + std::to_string(t.globalBatchSize) + "\n";
    out += "seq_len = " + std::to_string(t.seqLength) + "\n";
    if (t.trainTokens > 0 && t.globalBatchSize > 0 && t.seqLength > 0)
        out += "steps = " + integer(std::ceil(t.trainTokens / (double(t.globalBatchSize) * double(t.seqLength)))) + "\n";
    const bool bf16 = t.precision != PrecisionRecipe::Fp32 && sixteenBitIsBf16(s);
    out += std::string("mixed_precision_param = \"") + (t.precision == PrecisionRecipe::Fp32 ? "float32" : bf16 ? "bfloat16" : "float16") + "\"\n";
    out += "mixed_precision_reduce = \"float32\"\n";
    out += std::string("enable_cpu_offload = ") + (t.offloadOptimizer || t.offloadParameters ? "true" : "false") + "\n";

    out += "\n[parallelism]\n";
    const bool replicate = t.zeroStage == 0;
    out += "data_parallel_replicate_degree = " + std::to_string(replicate ? dp : 1) + "\n";
    out += "data_parallel_shard_degree = " + std::to_string(replicate ? 1 : dp) + "\n";
    if (!replicate)
        out += std::string("fsdp_reshard_after_forward = \"") + (t.zeroStage >= 3 ? "default" : "never") + "\"\n";
    out += "tensor_parallel_degree = " + std::to_string(p.tensor) + "\n";
    if (p.tensor > 1)
        out += std::string("enable_async_tensor_parallel = ") + (t.tpCommOverlap ? "true" : "false") + "\n";
    out += "pipeline_parallel_degree = " + std::to_string(p.pipeline) + "\n";
    if (p.pipeline > 1) {
        out += std::string("pipeline_parallel_schedule = \"") + (p.virtualPipeline > 1 ? "Interleaved1F1B" : "1F1B") + "\"\n";
        if (p.virtualPipeline > 1)
            out += "pipeline_parallel_layers_per_stage = " + std::to_string(m.numLayers / (p.pipeline * p.virtualPipeline)) + "\n";
        out += "pipeline_parallel_microbatch_size = " + std::to_string(t.microBatchSize) + "\n";
    }
    out += "context_parallel_degree = " + std::to_string(p.context) + "\n";
    if (m.isMoE()) {
        out += "expert_parallel_degree = " + std::to_string(p.expert) + "\n";
        out += "expert_tensor_parallel_degree = " + std::to_string(p.effectiveExpertTensor()) + "\n";
    }

    out += "\n[checkpoint]\n";
    out += "enable = true\n";
    if (const long long every = checkpointIntervalSteps(s); every > 0)
        out += "interval = " + std::to_string(every) + "\n";
    out += std::string("async_mode = \"") + (s.goodput.asyncCheckpoint ? "async" : "disabled") + "\"\n";
    if (!s.goodput.checkpointOptimizer)
        out += "# torchtitan saves the optimizer in every checkpoint but the last (last_save_model_only)\n";

    out += "\n[activation_checkpoint]\n";
    out += std::string("mode = \"") + (t.recompute == Recompute::Full ? "full" : t.recompute == Recompute::Selective ? "selective" : "none") + "\"\n";
    if (t.recompute == Recompute::Selective)
        out += "selective_ac_option = \"op\"\n";
    return {out, std::move(notes)};
}

struct LaunchNoteText
{
    LaunchNoteCode code;
    const char* text;
};

// One sentence per note, written once: the file's comment and (translated) the window's line.
constexpr LaunchNoteText kNoteTexts[] = {
    {LaunchNoteCode::ParameterOffloadNoMegatronFlag,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "parameter offload (ZeRO-Infinity) has no Megatron-LM flag: see the DeepSpeed config")},
    {LaunchNoteCode::NvmeOffloadNoMegatronFlag,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "NVMe offload (ZeRO-Infinity) has no Megatron-LM flag: see the DeepSpeed config")},
    {LaunchNoteCode::DeepSpeedCheckpointInCode,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "a checkpoint every %1 steps is the training loop's engine.save_checkpoint(…) call, not a config key")},
    {LaunchNoteCode::PureBf16IsMixed,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "pure bf16 (no fp32 master weights) is not Megatron-LM's mixed precision: --bf16 keeps fp32 masters")},
    {LaunchNoteCode::RopeBaseNotStated,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model states no RoPE base (model.rope_theta): the framework's default, 10000, applies")},
    {LaunchNoteCode::RopeBaseNotInteger,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "Megatron-LM's --rotary-base is an integer: the RoPE base %1 is rounded")},
    {LaunchNoteCode::RopeScalingNotWritten,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model's RoPE scaling (YaRN or linear, factor %1) has no flag here: set it in the model's code")},
    {LaunchNoteCode::NormEpsilonNotStated,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model states no norm epsilon (model.norm_epsilon): the framework's default, 1e-5, applies")},
    {LaunchNoteCode::GegluAsSwiglu,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "a gated GELU MLP (GeGLU) has no Megatron-LM flag: written as --swiglu, the same shape with SiLU")},
    {LaunchNoteCode::ActivationNotExpressible,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model's ungated activation has no Megatron-LM flag: GELU, the default, is written")},
    {LaunchNoteCode::VocabularyPaddedToTp,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "Megatron-LM pads the vocabulary of %1 to a multiple of TP: %2")},
    {LaunchNoteCode::TokenizerNotNamed,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "no Hugging Face tokenizer is known for this model: NullTokenizer with its vocabulary size")},
    {LaunchNoteCode::DeepSpeedPipelineInCode,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "pipeline parallelism (PP %1) is DeepSpeed's PipelineModule(num_stages=…) in the training code, not a config key")},
    {LaunchNoteCode::DeepSpeedExpertsInCode,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "expert parallelism (EP %1) is the ep_size of DeepSpeed's MoE layers in the model code, not a config key")},
    {LaunchNoteCode::DeepSpeedContextIsUlysses,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "context parallelism (CP %1) is written as DeepSpeed-Ulysses sequence parallelism (all-to-all over heads, not a ring)")},
    {LaunchNoteCode::DeepSpeedTensorIsAutoTp,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "tensor parallelism (TP %1) is written as DeepSpeed's AutoTP training (tensor_parallel.autotp_size)")},
    {LaunchNoteCode::DeepSpeedModelFromHf,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model is the one the training script loads (its config.json): a DeepSpeed config does not name it")},
    {LaunchNoteCode::TorchtitanZeroOne,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "ZeRO-1 has no torchtitan equivalent: FSDP2 that keeps the parameters gathered (reshard never, as ZeRO-2)")},
    {LaunchNoteCode::TorchtitanOffloadTogether,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "FSDP2's CPU offload moves parameters, gradients and optimizer states together")},
    {LaunchNoteCode::TorchtitanFp8Converter,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "FP8 GEMMs need torchtitan's Float8 model converter, not written here")},
    {LaunchNoteCode::TorchtitanModelInCode,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "torchtitan builds a model from a flavor in its code: no flavor has this model's shape, so [model] is not written")},
    {LaunchNoteCode::TorchtitanFp32Reduce,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "torchtitan reduces gradients in float32 only (mixed_precision_reduce): the scenario's 16-bit gradients are fp32 there")},
    {LaunchNoteCode::TorchtitanSequenceParallel,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "torchtitan's tensor parallelism always shards the sequence between the blocks (sequence parallelism), which the scenario leaves off")},
    {LaunchNoteCode::DeepSpeedRecomputeInModel,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "which activations are recomputed is the model code's choice with DeepSpeed: selective recomputation is not a config key")},
    {LaunchNoteCode::NormsPerLayerNotWritten,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model has %1 norms per layer (pre and post): Megatron-LM's GPT layer has 2")},
    {LaunchNoteCode::MaxPositionsRaised,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model's %1 learned positions are fewer than the sequence of %2 tokens: written as the sequence length (Megatron-LM requires it)")},
    {LaunchNoteCode::HybridLayersNotWritten,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model's linear-attention / state-space layers and its attention output gate are not written (Megatron-LM's --hybrid-override-pattern and its Mamba and Gated DeltaNet flags are not generated yet): the flags describe every layer as attention")},
    {LaunchNoteCode::SparseAttentionNotWritten,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the model's sparse-attention indexer (DeepSeek-V3.2) is not written: the flags describe dense multi-head latent attention")},
    {LaunchNoteCode::OptimizerNotExpressible,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the scenario's optimizer has no equivalent setting here: the framework's AdamW is written")},
    {LaunchNoteCode::ServingModelPath,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "no Hugging Face checkpoint is known for this model: MODEL stands for its name or path")},
    {LaunchNoteCode::ServingReplicasSeparate,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "%1 replicas: start that many servers like this one, each on its own %2 GPUs, behind a load balancer")},
    {LaunchNoteCode::ServingWeightsFromCheckpoint,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "%1-bit weights: serve a checkpoint quantized that way; the engine reads the method from its config, no flag is written")},
    {LaunchNoteCode::ServingKvDtypeNotExpressible,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "the scenario's KV cache dtype has no flag here: the engine's default (the model's dtype) applies")},
    {LaunchNoteCode::ServingDraftPath,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "speculative decoding: DRAFT stands for the draft model's or the EAGLE head's checkpoint, which the scenario does not name")},
    {LaunchNoteCode::ServingSpeculationNotWritten,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "speculative decoding is set in the engine's options file (speculative_config), not by a flag: it is not written here")},
    {LaunchNoteCode::TorchtitanUnevenPipeline,
     SHARDSCOPE_TRANSLATE_NOOP("LaunchNote", "torchtitan splits the layers over the stages by itself: the scenario's first and last stage sizes are not written")},
};

} // namespace

LaunchFile launchFile(const Scenario& s, LaunchFramework f)
{
    switch (f) {
    case LaunchFramework::Megatron: return megatron(s);
    case LaunchFramework::DeepSpeed: return deepSpeed(s);
    case LaunchFramework::Torchtitan: return torchtitan(s);
    case LaunchFramework::Vllm:
    case LaunchFramework::Sglang:
    case LaunchFramework::TensorRtLlm: return servingLaunch(s, f, hfIdOf(s));
    }
    return {};
}

std::string launchConfig(const Scenario& s, LaunchFramework f) { return launchFile(s, f).text; }

std::span<const TorchtitanFlavor> torchtitanFlavors() { return kTorchtitanFlavors; }

const TorchtitanFlavor* torchtitanFlavorOf(std::string_view preset)
{
    for (const TorchtitanFlavor& f : kTorchtitanFlavors)
        if (f.preset == preset)
            return &f;
    return nullptr;
}

std::string_view launchNoteSentence(LaunchNoteCode code)
{
    for (const LaunchNoteText& t : kNoteTexts)
        if (t.code == code)
            return t.text;
    return {};
}

std::string describe(const LaunchNote& n)
{
    std::string text(launchNoteSentence(n.code));
    const std::string values[] = {number(n.a), number(n.b)};
    for (int i = 0; i < 2; ++i) {
        const char mark[3] = {'%', char('1' + i), '\0'};
        if (const std::size_t at = text.find(mark); at != std::string::npos)
            text.replace(at, 2, values[i]);
    }
    return text;
}

std::string_view launchFrameworkName(LaunchFramework f)
{
    switch (f) {
    case LaunchFramework::Megatron: return "megatron";
    case LaunchFramework::DeepSpeed: return "deepspeed";
    case LaunchFramework::Torchtitan: return "torchtitan";
    case LaunchFramework::Vllm: return "vllm";
    case LaunchFramework::Sglang: return "sglang";
    case LaunchFramework::TensorRtLlm: return "tensorrt_llm";
    }
    return "";
}

std::string_view launchFileSuffix(LaunchFramework f)
{
    switch (f) {
    case LaunchFramework::Megatron: return ".sh";
    case LaunchFramework::DeepSpeed: return ".json";
    case LaunchFramework::Torchtitan: return ".toml";
    case LaunchFramework::Vllm:
    case LaunchFramework::Sglang:
    case LaunchFramework::TensorRtLlm: return ".sh";
    }
    return "";
}

bool isServingFramework(LaunchFramework f)
{
    return f == LaunchFramework::Vllm || f == LaunchFramework::Sglang || f == LaunchFramework::TensorRtLlm;
}

} // namespace core
