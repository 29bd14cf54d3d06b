#include "core/io/launchconfig.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "core/estimate.h"
#include "core/io/json_reader.h"
#include "core/model.h"

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

// --- Megatron-LM -------------------------------------------------------------------------

std::string megatron(const Scenario& s)
{
    const ParallelLayout& p = s.parallel;
    const TrainingSetup& t = s.training;
    ModelArchitecture family;
    const ModelArchitecture& m = shapeOf(s, family);
    std::vector<std::string> flags;
    std::vector<std::string> notes;
    auto flag = [&](std::string name, std::string value = {}) { flags.push_back(value.empty() ? name : name + " " + value); };

    // Model shape (megatron/core/transformer/transformer_config.py and arguments.py @ d98e8a6).
    flag("--num-layers", std::to_string(m.numLayers));
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
    flag("--max-position-embeddings", std::to_string(std::max<long long>(m.maxPositionEmbeddings, t.seqLength)));
    flag("--position-embedding-type", m.positionEmbedding == PositionEmbedding::Rotary ? "rope" : "learned_absolute");
    flag("--normalization", m.normalization == Normalization::RMSNorm ? "RMSNorm" : "LayerNorm");
    if (m.gatedMlp)
        flag("--swiglu");
    if (!m.tiedEmbeddings)
        flag("--untie-embeddings-and-output-weights");
    if (!m.linearBias)
        flag("--disable-bias-linear");
    if (m.qkvBias && !m.linearBias)
        flag("--add-qkv-bias");
    if (m.qkNorm)
        flag("--qk-layernorm");
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
        if (m.firstDenseLayers > 0 || m.moeLayerFrequency > 1) {
            // A Python list expression, one entry per layer: 1 = MoE (arguments.py --moe-layer-freq).
            std::string pattern = "'[";
            for (int l = 0; l < m.numLayers; ++l)
                pattern += std::string(l ? "," : "") + (m.isMoeLayer(l) ? "1" : "0");
            flag("--moe-layer-freq", pattern + "]'");
        }
    }

    // Layout.
    flag("--tensor-model-parallel-size", std::to_string(p.tensor));
    flag("--pipeline-model-parallel-size", std::to_string(p.pipeline));
    if (p.virtualPipeline > 1 && p.pipeline > 1)
        flag("--num-layers-per-virtual-pipeline-stage", std::to_string(m.numLayers / (p.pipeline * p.virtualPipeline)));
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
    // Forced moment precision: Transformer Engine's precision-aware optimizer keeps Adam's m and v
    // in that dtype (arguments.py @ d98e8a6 L3667, L3675, L3680).
    if (t.momentDtype == MomentDtype::Bf16 && (t.optimizer == Optimizer::Adam || t.optimizer == Optimizer::AdamW)) {
        flag("--use-precision-aware-optimizer");
        flag("--exp-avg-dtype", "bf16");
        flag("--exp-avg-sq-dtype", "bf16");
    }
    if (t.offloadParameters)
        notes.push_back("parameter offload (ZeRO-Infinity) has no Megatron-LM flag: see the DeepSpeed config");

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
        flag("--train-iters", number(std::ceil(t.trainTokens / (double(t.globalBatchSize) * double(t.seqLength)))));
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
        notes.push_back("NVMe offload (ZeRO-Infinity) has no Megatron-LM flag: see the DeepSpeed config");
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
    if (t.precision == PrecisionRecipe::Bf16)
        notes.push_back("pure bf16 (no fp32 master weights) is not Megatron-LM's mixed precision: --bf16 keeps fp32 masters");

    std::string out = "# Megatron-LM pretrain_gpt.py arguments (NVIDIA/Megatron-LM @ d98e8a6): ";
    out += (s.model.name.empty() ? std::string("model") : s.model.name) + " on " + std::to_string(p.gpus) + " GPUs, "
        + std::to_string(p.gpusPerNode) + " per node (data parallel " + std::to_string(dataParallel(s)) + ", "
        + std::to_string(microBatches(s)) + " micro-batches per step)\n";
    for (const std::string& n : notes)
        out += "# " + n + "\n";
    for (std::size_t i = 0; i < flags.size(); ++i)
        out += flags[i] + (i + 1 < flags.size() ? " \\\n" : "\n");
    return out;
}

// --- DeepSpeed ---------------------------------------------------------------------------

std::string deepSpeed(const Scenario& s)
{
    const TrainingSetup& t = s.training;
    // deepspeed/runtime/constants.py @ edaa722: train_batch_size = micro × GA × data-parallel size.
    Json j;
    j["train_batch_size"] = t.globalBatchSize;
    j["train_micro_batch_size_per_gpu"] = t.microBatchSize;
    j["gradient_accumulation_steps"] = microBatches(s);
    j["gradient_clipping"] = 1.0;
    const bool sixteen = t.precision != PrecisionRecipe::Fp32;
    if (sixteen && (t.precision != PrecisionRecipe::Mixed16 || sixteenBitIsBf16(s)))
        j["bf16"] = Json{{"enabled", true}};
    else if (sixteen)
        j["fp16"] = Json{{"enabled", true}};
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
    return j.dump(2) + "\n";
}

// --- torchtitan --------------------------------------------------------------------------

std::string torchtitan(const Scenario& s)
{
    const ParallelLayout& p = s.parallel;
    const TrainingSetup& t = s.training;
    ModelArchitecture family;
    const ModelArchitecture& m = shapeOf(s, family);
    const int dp = dataParallel(s);
    std::string out = "# torchtitan job config (pytorch/torchtitan @ 238fa99, torchtitan/config/job_config.py)\n";
    if (t.zeroStage == 1)
        out += "# ZeRO-1 has no torchtitan equivalent: FSDP2 that keeps the parameters gathered (reshard never, as ZeRO-2)\n";
    if (t.offloadOptimizer && !t.offloadParameters)
        out += "# FSDP2's CPU offload moves parameters, gradients and optimizer states together\n";
    if (t.precision == PrecisionRecipe::Fp8Mixed)
        out += "# FP8 GEMMs need torchtitan's Float8 model converter, not written here\n";
    out += "\n[training]\n";
    // With a pipeline, the local batch is split into micro-batches of pipeline_parallel_microbatch_size;
    // without one, global_batch_size > local × DP is gradient accumulation.
    const long long local = p.pipeline > 1 ? t.globalBatchSize / dp : t.microBatchSize;
    out += "local_batch_size = " + std::to_string(local) + "\n";
    out += "global_batch_size = " + std::to_string(t.globalBatchSize) + "\n";
    out += "seq_len = " + std::to_string(t.seqLength) + "\n";
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
    return out;
}

} // namespace

std::string launchConfig(const Scenario& s, LaunchFramework f)
{
    switch (f) {
    case LaunchFramework::Megatron: return megatron(s);
    case LaunchFramework::DeepSpeed: return deepSpeed(s);
    case LaunchFramework::Torchtitan: return torchtitan(s);
    }
    return {};
}

std::string_view launchFrameworkName(LaunchFramework f)
{
    switch (f) {
    case LaunchFramework::Megatron: return "megatron";
    case LaunchFramework::DeepSpeed: return "deepspeed";
    case LaunchFramework::Torchtitan: return "torchtitan";
    }
    return "";
}

std::string_view launchFileSuffix(LaunchFramework f)
{
    switch (f) {
    case LaunchFramework::Megatron: return ".sh";
    case LaunchFramework::DeepSpeed: return ".json";
    case LaunchFramework::Torchtitan: return ".toml";
    }
    return "";
}

} // namespace core
