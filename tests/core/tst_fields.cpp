// The field table (core/fields.h): every field has a key, a range and a unit; every scalar
// field reads through --set, survives saveScenario → loadScenario, and a value outside its
// range is rejected with its key named; the reader knows exactly the table's keys.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/estimate.h"
#include "core/fields.h"
#include "core/io/deck.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"

namespace {

// The scenarios a field is used in (its FieldUse): a value outside its range only counts there.
const char* const kTrain = R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "parallel": {"gpus": 8}})";
const char* const kMoE = R"({"schema_version": 1, "model": {"preset": "mixtral-8x7b"}, "parallel": {"gpus": 8}})";
const char* const kMla = R"({"schema_version": 1, "model": {"preset": "deepseek-v3"}, "parallel": {"gpus": 8}})";
const char* const kSparse = R"({"schema_version": 1, "model": {"preset": "deepseek-v3.2-exp"}, "parallel": {"gpus": 8}})";
const char* const kHybrid = R"({"schema_version": 1, "model": {"preset": "qwen3-next-80b-a3b"}, "parallel": {"gpus": 8}})";
const char* const kVision = R"({"schema_version": 1, "model": {"preset": "gemma-3-4b-vision"}, "parallel": {"gpus": 8}})";
const char* const kVisionServe = R"({"schema_version": 1, "mode": "inference", "model": {"preset": "gemma-3-4b-vision"}, "parallel": {"gpus": 8}})";
const char* const kCountOnly = R"({"schema_version": 1, "model": {"parameters": 7e9}, "parallel": {"gpus": 8}})";
const char* const kGpu = R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "parallel": {"gpus": 8},
                             "hardware": {"gpu": {"preset": "a100-80gb"}}})";
const char* const kServe = R"({"schema_version": 1, "mode": "inference", "model": {"preset": "llama-2-7b"}, "parallel": {"gpus": 8}})";
const char* const kFineTune = R"({"schema_version": 1, "mode": "finetune", "model": {"preset": "llama-2-7b"}, "parallel": {"gpus": 8}})";
const char* const kRl = R"({"schema_version": 1, "mode": "finetune", "model": {"preset": "llama-2-7b"}, "parallel": {"gpus": 8},
                            "finetune": {"rl": {"algorithm": "grpo"}}})";

using C = core::IssueCode;

/// One scalar field: a value in range that differs from the base scenario's, one outside its
/// range (or of the wrong type, for booleans and choices) and the error that names the key.
struct Row
{
    const char* key;
    const char* base;
    const char* value;
    const char* bad;
    C code;
};

// The limits are the table's (fields.h); the values are picked by hand around them.
const Row kRows[] = {
    {"mode", kTrain, "finetune", "pretrain", C::UnknownValue},
    // model
    {"model.num_layers", kTrain, "40", "0", C::NotPositive},
    {"model.hidden_size", kTrain, "5120", "-1", C::Negative},
    {"model.ffn_hidden_size", kTrain, "14336", "100000000", C::TooLarge}, // > 8 × 10^7
    {"model.num_attention_heads", kTrain, "64", "0", C::NotPositive},
    {"model.num_query_groups", kTrain, "8", "0", C::NotPositive},
    {"model.head_dim", kTrain, "64", "-1", C::Negative}, // 0 is "hidden / heads"
    {"model.vocab_size", kTrain, "50000", "0", C::NotPositive},
    {"model.pad_vocab_multiple", kTrain, "128", "-1", C::Negative},
    {"model.max_position_embeddings", kTrain, "8192", "-1", C::Negative},
    {"model.tied_embeddings", kTrain, "true", "2", C::WrongType},
    {"model.gated_mlp", kTrain, "false", "2", C::WrongType},
    {"model.normalization", kTrain, "layernorm", "batchnorm", C::UnknownValue},
    {"model.position_embedding", kTrain, "learned", "alibi", C::UnknownValue},
    {"model.linear_bias", kTrain, "true", "2", C::WrongType},
    {"model.qkv_bias", kTrain, "true", "2", C::WrongType},
    {"model.dropout", kTrain, "true", "2", C::WrongType},
    {"model.norms_per_layer", kTrain, "4", "65", C::TooLarge}, // Gemma 3 has 4
    {"model.qk_norm", kTrain, "true", "2", C::WrongType},
    {"model.num_experts", kMoE, "16", "-1", C::Negative},
    {"model.moe_top_k", kMoE, "4", "0", C::NotPositive},
    {"model.moe_ffn_hidden_size", kMoE, "7168", "0", C::NotPositive},
    {"model.num_shared_experts", kMoE, "1", "-1", C::Negative},
    {"model.shared_expert_ffn_hidden_size", kMoE, "2048", "-1", C::Negative},
    {"model.shared_expert_gate", kMoE, "true", "2", C::WrongType},
    {"model.moe_layer_frequency", kMoE, "2", "0", C::NotPositive},
    {"model.first_dense_layers", kMoE, "1", "-1", C::Negative},
    {"model.q_lora_rank", kMla, "1024", "-1", C::Negative},
    {"model.kv_lora_rank", kMla, "256", "-1", C::Negative},
    {"model.qk_nope_head_dim", kMla, "64", "-1", C::Negative},
    {"model.qk_rope_head_dim", kMla, "32", "-1", C::Negative},
    {"model.v_head_dim", kMla, "64", "-1", C::Negative},
    // DeepSeek Sparse Attention's indexer (issue 28), on DeepSeek-V3.2-Exp
    {"model.index_n_heads", kSparse, "32", "-1", C::Negative},
    {"model.index_head_dim", kSparse, "64", "-1", C::Negative},
    {"model.index_topk", kSparse, "1024", "-1", C::Negative},
    {"model.mtp_layers", kTrain, "1", "-1", C::OutOfRange},
    {"model.sliding_window", kTrain, "4096", "-1", C::Negative},
    {"model.global_layer_every", kTrain, "6", "-1", C::Negative},
    // hybrid linear-attention / state-space layers (issue 28), on Qwen3-Next
    {"model.linear_mixer", kHybrid, "mamba2", "rwkv", C::UnknownValue},
    {"model.full_attention_interval", kHybrid, "8", "-1", C::Negative},
    {"model.full_attention_first", kHybrid, "0", "-2", C::OutOfRange},
    {"model.mixer_only_before_attention", kHybrid, "true", "2", C::WrongType},
    {"model.linear_num_key_heads", kHybrid, "8", "-1", C::Negative},
    {"model.linear_key_head_dim", kHybrid, "64", "-1", C::Negative},
    {"model.linear_num_value_heads", kHybrid, "16", "-1", C::Negative},
    {"model.linear_value_head_dim", kHybrid, "64", "-1", C::Negative},
    {"model.linear_conv_kernel", kHybrid, "3", "0", C::OutOfRange},
    {"model.attention_output_gate", kHybrid, "false", "2", C::WrongType},
    {"model.recurrent_state_dtype", kHybrid, "float32", "fp8", C::UnknownValue},
    // a vision tower (base: Gemma 3 4B with its SigLIP tower)
    {"model.vision_layers", kVision, "24", "-1", C::Negative}, // 0 is "no tower"
    {"model.vision_hidden_size", kVision, "1024", "0", C::NotPositive},
    {"model.vision_ffn_hidden_size", kVision, "4096", "100000000", C::TooLarge}, // > 8 × 10^7
    {"model.vision_num_attention_heads", kVision, "8", "0", C::NotPositive},
    {"model.vision_patch_size", kVision, "16", "0", C::NotPositive},
    {"model.vision_image_size", kVision, "448", "0", C::NotPositive},
    {"model.vision_temporal_patch", kVision, "2", "0", C::NotPositive},
    {"model.vision_gated_mlp", kVision, "true", "2", C::WrongType},
    {"model.vision_normalization", kVision, "rmsnorm", "batchnorm", C::UnknownValue},
    {"model.vision_learned_positions", kVision, "false", "2", C::WrongType},
    {"model.vision_class_token", kVision, "true", "2", C::WrongType},
    {"model.vision_final_norms", kVision, "2", "-1", C::Negative},
    {"model.vision_merge", kVision, "2", "0", C::NotPositive},
    {"model.vision_tiles_per_image", kVision, "5", "0", C::NotPositive},
    {"model.vision_tokens_per_image", kVision, "144", "-1", C::Negative}, // 0 is "from the patches"
    {"model.vision_projector_layers", kVision, "2", "0", C::NotPositive},
    {"model.vision_projector_hidden", kVision, "4096", "-1", C::Negative}, // 0 is "the decoder's width"
    {"model.vision_projector_bias", kVision, "true", "2", C::WrongType},
    {"model.vision_projector_norm", kVision, "false", "2", C::WrongType},
    {"model.vision_patch_bias", kVision, "false", "2", C::WrongType},
    {"model.rope_theta", kTrain, "500000", "0.5", C::OutOfRange}, // 0 is "not stated"; Llama 3: 500000
    {"model.rope_scaling", kTrain, "llama3", "ntk", C::UnknownValue},
    {"model.rope_scaling_factor", kTrain, "8", "0.5", C::OutOfRange}, // a factor below 1 shrinks the context
    {"model.norm_epsilon", kTrain, "1e-6", "1", C::OutOfRange},
    {"model.activation", kTrain, "gelu_tanh", "swish", C::UnknownValue},
    {"model.parameters", kCountOnly, "1.3e10", "0", C::NotPositive},
    // training
    {"training.seq_length", kTrain, "2048", "0", C::NotPositive},
    {"training.micro_batch_size", kTrain, "2", "0", C::NotPositive},
    {"training.global_batch_size", kTrain, "512", "0", C::NotPositive},
    {"training.train_tokens", kTrain, "2e12", "-1", C::Negative},
    {"training.precision", kTrain, "bf16", "fp12", C::UnknownValue},
    {"training.optimizer", kTrain, "sgd", "rmsprop", C::UnknownValue},
    {"training.zero_stage", kTrain, "2", "4", C::OutOfRange},
    {"training.offload_optimizer", kTrain, "true", "2", C::WrongType},
    {"training.offload_parameters", kTrain, "true", "2", C::WrongType},
    {"training.offload_device", kTrain, "nvme", "disk", C::UnknownValue},
    {"training.recompute", kTrain, "full", "some", C::UnknownValue},
    {"training.flash_attention", kTrain, "false", "2", C::WrongType},
    {"training.flops_formula", kTrain, "6nd", "2nd", C::UnknownValue},
    {"training.moe_capacity_factor", kMoE, "1.25", "100", C::OutOfRange}, // 0.1 … 64
    {"training.tp_comm_overlap", kTrain, "true", "2", C::WrongType},
    {"training.framework", kTrain, "deepspeed", "colossalai", C::UnknownValue},
    {"training.moment_dtype", kTrain, "bf16", "fp8", C::UnknownValue},
    {"training.loss_implementation", kTrain, "chunked_output", "liger", C::UnknownValue},
    {"training.attention_kernel", kTrain, "fa2", "fa4", C::UnknownValue},
    {"training.torch_compile", kTrain, "true", "2", C::WrongType},
    {"training.fp8_recipe", kTrain, "mxfp8", "fp6", C::UnknownValue},
    {"training.moe_comm_overlap", kMoE, "true", "2", C::WrongType},
    {"training.moe_hierarchical_dispatch", kMoE, "true", "2", C::WrongType},
    {"training.optimizer_in_backward", kTrain, "true", "2", C::WrongType},
    {"training.activation_offload", kTrain, "true", "2", C::WrongType},
    {"training.images_per_sample", kVision, "2", "-1", C::Negative},
    {"training.vision_frozen", kVision, "true", "2", C::WrongType},
    // parallel
    {"parallel.gpus", kTrain, "16", "0", C::NotPositive},
    {"parallel.gpus_per_node", kTrain, "4", "0", C::NotPositive},
    {"parallel.nvlink_domain", kTrain, "72", "-1", C::Negative},
    {"parallel.tensor", kTrain, "2", "0", C::NotPositive},
    {"parallel.pipeline", kTrain, "2", "0", C::NotPositive},
    {"parallel.virtual_pipeline", kTrain, "2", "0", C::NotPositive},
    {"parallel.context", kTrain, "2", "0", C::NotPositive},
    {"parallel.sequence_parallel", kTrain, "true", "2", C::WrongType},
    {"parallel.expert", kTrain, "2", "0", C::NotPositive},
    {"parallel.expert_tensor", kTrain, "2", "-1", C::Negative}, // 0 is "same as TP"
    {"parallel.first_stage_layers", kTrain, "7", "-1", C::Negative}, // 0 is "automatic"
    {"parallel.last_stage_layers", kTrain, "7", "-1", C::Negative},
    {"parallel.account_for_embedding_in_pipeline_split", kTrain, "true", "2", C::WrongType},
    {"parallel.account_for_loss_in_pipeline_split", kTrain, "true", "2", C::WrongType},
    {"parallel.pipeline_schedule", kTrain, "zb_v", "gpipe", C::UnknownValue},
    {"parallel.shard_group", kTrain, "4", "-1", C::Negative}, // 0 is "the whole DP × CP group"
    // hardware (A100 80GB: 19.5 / 156 / 312 / 312 TFLOP/s, 624 TOPS, 2.04 TB/s)
    {"hardware.gpu.memory_bytes", kGpu, "4e10", "2e15", C::TooLarge}, // at most a PB
    {"hardware.gpu.peak_tflops.fp32", kGpu, "20", "2e6", C::OutOfRange},
    {"hardware.gpu.peak_tflops.tf32", kGpu, "100", "2e6", C::OutOfRange},
    {"hardware.gpu.peak_tflops.bf16", kGpu, "400", "1e-9", C::OutOfRange},
    {"hardware.gpu.peak_tflops.fp16", kGpu, "400", "-1", C::Negative},
    {"hardware.gpu.peak_tflops.fp8", kGpu, "600", "2e6", C::OutOfRange},
    {"hardware.gpu.peak_tflops.int8", kGpu, "700", "2e6", C::OutOfRange},
    {"hardware.gpu.memory_bandwidth_bytes_per_second", kGpu, "3e12", "1e16", C::OutOfRange},
    {"hardware.gpu.interconnect_bytes_per_second", kGpu, "9e11", "-1", C::Negative},
    {"hardware.gpu.network_bytes_per_second", kGpu, "5e10", "1e16", C::OutOfRange},
    {"hardware.mfu", kTrain, "0.5", "1.5", C::OutOfRange}, // 0 (the step-time model) passes too: orZero
    {"hardware.achieved_tflops", kTrain, "150", "-1", C::Negative}, // 0 is "use the MFU"
    {"hardware.price_per_gpu_hour", kTrain, "3.5", "-1", C::Negative},
    {"hardware.overhead_factor", kTrain, "1.4", "0", C::NotPositive},
    {"hardware.nvme_bytes_per_second", kTrain, "2.5e10", "2e16", C::OutOfRange}, // 0 is "unknown"
    // runtime
    {"runtime.cuda_context_bytes", kTrain, "5e8", "-1", C::OutOfRange},
    {"runtime.comm_bucket_bytes", kTrain, "1e8", "2e15", C::OutOfRange},
    {"runtime.zero3_prefetch_modules", kTrain, "4", "-1", C::OutOfRange},
    {"runtime.fragmentation_fraction", kTrain, "0.1", "0.95", C::OutOfRange},
    {"runtime.cpu_buffer_factor", kTrain, "2", "0.5", C::OutOfRange},
    {"runtime.expandable_segments", kTrain, "true", "2", C::WrongType},
    {"runtime.gradient_as_bucket_view", kTrain, "true", "2", C::WrongType},
    {"runtime.reduce_bucket_elements", kTrain, "2e8", "0", C::OutOfRange}, // 1 … 1e13
    {"runtime.cublas_workspace_bytes", kTrain, "8519680", "-1", C::OutOfRange},
    {"runtime.nccl_bytes_per_communicator", kTrain, "5.44e8", "2e15", C::OutOfRange},
    // goodput
    {"goodput.gpu_interruptions_per_1000_gpu_days", kTrain, "0.5", "-1", C::OutOfRange},
    {"goodput.node_interruptions_per_1000_node_days", kTrain, "2", "2e6", C::OutOfRange},
    {"goodput.checkpoint_interval", kTrain, "100", "-1", C::Negative}, // 0 is "the optimal interval"
    {"goodput.async_checkpoint", kTrain, "true", "2", C::WrongType},
    {"goodput.checkpoint_optimizer", kTrain, "false", "2", C::WrongType},
    {"goodput.node_write_bytes_per_second", kTrain, "5e9", "0", C::OutOfRange},
    {"goodput.store_write_bytes_per_second", kTrain, "1e12", "2e16", C::OutOfRange}, // 0 is "no limit"
    {"goodput.restart_seconds", kTrain, "300", "-1", C::OutOfRange},
    // serving
    {"inference.engine", kServe, "llama_cpp", "ollama", C::UnknownValue},
    {"inference.weight_format", kServe, "int4", "int3", C::UnknownValue},
    {"inference.quant_group_size", kServe, "64", "-1", C::Negative},
    {"inference.quant_scale_format", kServe, "bf16", "fp64", C::UnknownValue},
    {"inference.quant_zero_point", kServe, "true", "2", C::WrongType},
    {"inference.double_quantization", kServe, "true", "2", C::WrongType},
    {"inference.quantize_embeddings", kServe, "true", "2", C::WrongType},
    {"inference.kv_cache_dtype", kServe, "fp8", "int2", C::UnknownValue},
    {"inference.batch_size", kServe, "16", "0", C::NotPositive},
    {"inference.prompt_length", kServe, "2048", "0", C::NotPositive},
    {"inference.generated_tokens", kServe, "512", "-1", C::Negative},
    {"inference.kv_block_size", kServe, "32", "-1", C::Negative},
    {"inference.max_batched_tokens", kServe, "4096", "0", C::NotPositive},
    {"inference.flash_attention", kServe, "false", "2", C::WrongType},
    {"inference.gpu_memory_utilization", kServe, "0.95", "1.5", C::OutOfRange}, // 0.01 … 1
    {"inference.max_num_seqs", kServe, "1024", "0", C::NotPositive},
    {"inference.cuda_graphs", kServe, "false", "2", C::WrongType},
    {"inference.cuda_graph_bytes", kServe, "5e8", "-1", C::OutOfRange},
    {"inference.full_prompt_logits", kServe, "true", "2", C::WrongType},
    {"inference.speculative_method", kServe, "eagle", "medusa", C::UnknownValue},
    {"inference.speculative_tokens", kServe, "5", "0", C::NotPositive},      // 1 … 32
    {"inference.acceptance_rate", kServe, "0.6", "1", C::OutOfRange},       // 0 … 0.99
    {"inference.draft_parameters", kServe, "1e9", "-1", C::NotPositive},    // 0 = not given
    {"inference.prefix_cache_hit_rate", kServe, "0.5", "1.5", C::OutOfRange}, // 0 … 1
    {"inference.images_per_request", kVisionServe, "2", "-1", C::Negative},
    // fine-tuning
    {"finetune.method", kFineTune, "qlora", "dora", C::UnknownValue},
    {"finetune.lora_rank", kFineTune, "32", "0", C::NotPositive},
    {"finetune.base_format", kFineTune, "fp8", "fp2", C::UnknownValue},
    {"finetune.base_quant_group_size", kFineTune, "64", "-1", C::Negative},
    {"finetune.base_quant_scale_format", kFineTune, "bf16", "fp64", C::UnknownValue},
    {"finetune.base_quant_zero_point", kFineTune, "true", "2", C::WrongType},
    {"finetune.double_quantization", kFineTune, "true", "2", C::WrongType},
    {"finetune.quantize_embeddings", kFineTune, "true", "2", C::WrongType},
    {"finetune.adapter_precision", kFineTune, "bf16", "int4", C::UnknownValue},
    {"finetune.paged_optimizer", kFineTune, "true", "2", C::WrongType},
    {"finetune.bnb_keeps_inputs", kFineTune, "true", "2", C::WrongType},
    {"finetune.quantize_output_layer", kFineTune, "true", "2", C::WrongType},
    // reinforcement learning
    {"finetune.rl.algorithm", kRl, "ppo", "dpo", C::UnknownValue},
    {"finetune.rl.reference", kRl, "false", "2", C::WrongType},
    {"finetune.rl.reference_format", kRl, "fp8", "fp2", C::UnknownValue},
    {"finetune.rl.reference_offload", kRl, "true", "2", C::WrongType},
    {"finetune.rl.reward_model", kRl, "true", "2", C::WrongType},
    {"finetune.rl.reward_parameters", kRl, "7e9", "-1", C::Negative}, // 0 is "as large as the policy"
    {"finetune.rl.reward_format", kRl, "int8", "int1", C::UnknownValue},
    {"finetune.rl.critic", kRl, "true", "2", C::WrongType},
    {"finetune.rl.samples_per_prompt", kRl, "16", "0", C::NotPositive},
    {"finetune.rl.prompt_length", kRl, "1024", "0", C::NotPositive},
    {"finetune.rl.max_new_tokens", kRl, "1024", "-1", C::Negative},
    {"finetune.rl.prompts_per_gpu", kRl, "4", "0", C::NotPositive},
    {"finetune.rl.rollout_memory_fraction", kRl, "0.5", "0.99", C::OutOfRange}, // 0.01 … 0.98
    {"finetune.rl.placement", kRl, "separate", "remote", C::UnknownValue},
    {"finetune.rl.rollout_sleeps", kRl, "false", "2", C::WrongType},
    {"finetune.rl.rollout_tensor", kRl, "2", "0", C::NotPositive},
    {"finetune.rl.rollout_gpus", kRl, "16", "0", C::NotPositive},
};

/// The keys that are not scalars, each with a value a file may give it.
struct Special
{
    const char* key;
    const char* value;
};
const Special kSpecials[] = {
    {"schema_version", "1"},
    {"title", "A title"},
    {"description", "What this scenario shows"},
    {"model.preset", "llama-2-13b"},
    {"model.name", "Renamed"},
    {"training.fsdp", "full_shard"},
    {"hardware.gpu", "h100-sxm"},
    {"hardware.gpu.preset", "h100-sxm"},
    {"hardware.gpu.id", "my-gpu"},
    {"hardware.gpu.name", "My GPU"},
    {"hardware.gpu.memory_label", "80 GB"},
    {"hardware.gpu.source", "a datasheet"},
    {"finetune.lora_targets", R"(["q", "v"])"},
    {"measurements", R"({"entries": [{"format": "megatron", "quantity": "reserved", "rank": 0, "bytes": 1e10}]})"},
};

QString firstMessage(const std::vector<core::Issue>& issues)
{
    return issues.empty() ? QStringLiteral("(none)") : QString::fromStdString(core::describe(issues.front()));
}

/// The value the row's text stands for, in the field's type.
core::FieldValue parse(const core::FieldInfo& f, const std::string& text)
{
    switch (f.type) {
    case core::FieldType::Bool: return text == "true";
    case core::FieldType::Enum:
        for (const core::Choice& c : f.choices)
            if (c.name == text)
                return c.value;
        return -1;
    case core::FieldType::Int:
    case core::FieldType::Int64: return std::stoll(text);
    default: return std::stod(text);
    }
}

bool namesKey(const core::Issue& i, std::string_view key)
{
    return i.severity == core::Severity::Error && (i.path == key || std::string_view(i.key) == key);
}

/// Every key path of a JSON object's leaves ("hardware.gpu.peak_tflops.bf16"; arrays are leaves).
void keyPaths(const QJsonObject& o, const QString& prefix, QStringList& out)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString path = prefix + it.key();
        // A list section ("measurements") is one field: its entries are read by hand
        // (core/io/measurement_io.cpp) and tested in tst_measurements.
        if (it.value().isObject() && core::findField(path.toStdString()) != core::Field::Measurements)
            keyPaths(it.value().toObject(), path + QLatin1Char('.'), out);
        else
            out << path;
    }
}

QStringList keyPathsOf(const std::string& json)
{
    QStringList out;
    keyPaths(QJsonDocument::fromJson(QByteArray::fromStdString(json)).object(), QString(), out);
    return out;
}

std::string readText(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// A default as the README writes it: true/false, a choice's name, a number without a
/// trailing ".0" (1e12 for large ones).
std::string defaultText(const core::FieldInfo& f)
{
    const core::FieldValue v = core::fieldDefault(f.field);
    if (f.type == core::FieldType::Bool)
        return v.toBool() ? "true" : "false";
    if (f.type == core::FieldType::Enum) {
        for (const core::Choice& c : f.choices)
            if (c.value == v.toInteger())
                return "`" + std::string(c.name) + "`";
        return {};
    }
    const double d = v.toDouble();
    char buf[32];
    if (d == double(static_cast<long long>(d)) && std::abs(d) < 1e7)
        std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(d));
    else
        std::snprintf(buf, sizeof buf, "%g", d);
    std::string text = buf;
    if (const auto e = text.find("e+"); e != std::string::npos) // 1e+09 → 1e9
        text.erase(e + 1, text.find_first_not_of("+0", e + 1) - (e + 1));
    return text;
}

} // namespace

class TestFields : public QObject
{
    Q_OBJECT

private slots:
    void everyFieldHasAKeyARangeAndAUnit()
    {
        QVERIFY(core::kFieldCount > 100);
        for (const core::FieldInfo& f : core::kFieldTable) {
            const QByteArray key(f.key.data(), qsizetype(f.key.size()));
            QVERIFY2(!f.key.empty() && !f.name().empty(), key.constData());
            QCOMPARE(std::string(f.key.substr(0, core::sectionPrefix(f.section).size())), std::string(core::sectionPrefix(f.section)));
            QVERIFY2(core::findField(f.key) == f.field, key.constData());
            QVERIFY2(f.min <= f.max, key.constData());
            if (!f.isScalar()) {
                QVERIFY2(!f.get && !f.set, key.constData()); // read and written by hand
                continue;
            }
            QVERIFY2(f.get && f.set, key.constData());
            if (f.isNumber()) {
                QVERIFY2(f.unit != core::FieldUnit::None, key.constData());
                QVERIFY2(f.max > 0, key.constData());
            } else if (f.type == core::FieldType::Enum) {
                QVERIFY2(!f.choices.empty(), key.constData());
                QCOMPARE(f.max, double(f.choices.size() - 1));
            } else {
                QCOMPARE(f.max, 1.0); // a boolean: 0 or 1
            }
            // The defaults (a default-constructed Scenario) are valid values; a model has none
            // (a file must name one), so its zero sizes are not.
            if (f.section != core::FieldSection::Model && f.isNumber()) {
                const double v = core::fieldDefault(f.field).toDouble();
                const bool inRange = (f.bound == core::Bound::Positive ? v > 0 : v >= f.min) && v <= f.max;
                QVERIFY2((f.zeroIsUnset && v == 0) || inRange,
                         qPrintable(QStringLiteral("%1 default %2").arg(QString::fromLatin1(key)).arg(v)));
            }
        }
    }

    void everyScalarFieldHasARow()
    {
        QStringList missing;
        for (const core::FieldInfo& f : core::kFieldTable)
            if (f.isScalar() && std::none_of(std::begin(kRows), std::end(kRows), [&f](const Row& r) { return r.key == f.key; }))
                missing << QString::fromLatin1(f.key.data(), qsizetype(f.key.size()));
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("no row in tst_fields for: ") + missing.join(QStringLiteral(", "))));
        QVERIFY(std::all_of(std::begin(kRows), std::end(kRows), [](const Row& r) { return core::findField(r.key).has_value(); }));
    }

    void roundTrip_data()
    {
        QTest::addColumn<int>("row");
        for (std::size_t i = 0; i < std::size(kRows); ++i)
            QTest::newRow(kRows[i].key) << int(i);
    }
    void roundTrip()
    {
        QFETCH(int, row);
        const Row& r = kRows[row];
        const core::Field field = *core::findField(r.key);
        const core::FieldInfo& f = core::fieldInfo(field);
        const core::ScenarioLoad base = core::loadScenario(r.base);
        QVERIFY2(base.ok, qPrintable(firstMessage(base.issues)));
        // --set key=value reads the value into its member …
        const core::ScenarioLoad set = core::loadScenario(r.base, {std::string(r.key) + "=" + r.value});
        QVERIFY2(set.ok && set.issues.empty(), qPrintable(firstMessage(set.issues)));
        const core::FieldValue expected = core::normalizedValue(field, parse(f, r.value));
        QVERIFY2(core::fieldValue(set.scenario, field) == expected, r.key);
        QVERIFY2(!(core::fieldValue(base.scenario, field) == expected), "the row's value is the base scenario's own");
        // … and the saved file gives it back, with every other field as it was.
        const std::string saved = core::saveScenario(set.scenario);
        QVERIFY2(keyPathsOf(saved).contains(QString::fromLatin1(r.key)), r.key);
        const core::ScenarioLoad again = core::loadScenario(saved);
        QVERIFY2(again.ok && again.issues.empty(), qPrintable(firstMessage(again.issues)));
        QVERIFY2(again.scenario == set.scenario, r.key);
        QCOMPARE(core::saveScenario(again.scenario), saved);
    }

    void outOfRangeIsRejectedWithItsKey()
    {
        for (const Row& r : kRows) {
            const core::ScenarioLoad l = core::loadScenario(r.base, {std::string(r.key) + "=" + r.bad});
            std::vector<core::Issue> issues = l.issues;
            if (l.ok) // a value of the right type: validation rejects it
                issues = core::estimate(l.scenario).issues;
            const auto it = std::find_if(issues.begin(), issues.end(), [&r](const core::Issue& i) { return namesKey(i, r.key); });
            QVERIFY2(it != issues.end(), qPrintable(QStringLiteral("%1=%2: no error names the key; first: %3")
                                                        .arg(QLatin1String(r.key), QLatin1String(r.bad), firstMessage(issues))));
            QVERIFY2(it->code == r.code, qPrintable(QStringLiteral("%1=%2: %3").arg(QLatin1String(r.key), QLatin1String(r.bad),
                                                                                    QString::fromStdString(core::describe(*it)))));
            QVERIFY(core::describe(*it).rfind(r.key, 0) == 0); // the message starts with the key
        }
    }

    void everyKeyOfTheTableIsRead()
    {
        // No key of the table is "unknown" to the reader, the special ones included.
        for (const core::FieldInfo& f : core::kFieldTable) {
            std::string value;
            for (const Row& r : kRows)
                if (r.key == f.key)
                    value = r.value;
            for (const Special& s : kSpecials)
                if (s.key == f.key)
                    value = s.value;
            QVERIFY2(!value.empty(), f.key.data());
            const core::ScenarioLoad l = core::loadScenario(kGpu, {std::string(f.key) + "=" + value});
            for (const core::Issue& i : l.issues)
                QVERIFY2(i.code != core::IssueCode::UnknownKey, qPrintable(QString::fromStdString(core::describe(i))));
        }
    }

    void everyWrittenKeyIsAField_data()
    {
        QTest::addColumn<QString>("json");
        QTest::newRow("MoE with MLA, RL") << QString::fromLatin1(kMla).replace(QStringLiteral("\"parallel\""),
                                                                                QStringLiteral("\"mode\": \"finetune\", \"finetune\": {\"rl\": {\"algorithm\": \"ppo\"}}, \"parallel\""));
        QTest::newRow("count only") << QString::fromLatin1(kCountOnly);
        QTest::newRow("custom GPU") << QStringLiteral(R"({"schema_version": 1, "title": "t", "model": {"preset": "llama-2-7b"},
            "hardware": {"gpu": {"name": "X", "memory_label": "1 GB", "source": "s", "memory_bytes": 1e9}}})");
        QTest::newRow("default") << QString::fromUtf8(core::defaultScenarioJson().data(), qsizetype(core::defaultScenarioJson().size()));
    }
    void everyWrittenKeyIsAField()
    {
        QFETCH(QString, json);
        const core::ScenarioLoad l = core::loadScenario(json.toStdString());
        QVERIFY2(l.ok, qPrintable(firstMessage(l.issues)));
        const QStringList keys = keyPathsOf(core::saveScenario(l.scenario, l.title));
        QVERIFY(keys.size() > 80);
        for (const QString& key : keys)
            QVERIFY2(core::findField(key.toStdString()), qPrintable(key));
    }

    void shippedScenariosUseOnlyFields()
    {
        // The default scenario, the documentation's and the seed deck's: every key a field.
        namespace fs = std::filesystem;
        QStringList keys = keyPathsOf(std::string(core::defaultScenarioJson()));
        for (const auto& entry : fs::directory_iterator(fs::path(SHARDSCOPE_SOURCE_DIR) / "docs"))
            if (entry.path().extension() == ".json")
                keys << keyPathsOf(readText(entry.path()));
        const QJsonArray scenes = QJsonDocument::fromJson(QByteArray::fromStdString(std::string(core::seedDeckJson()))).object()[QStringLiteral("scenes")].toArray();
        QVERIFY(!scenes.isEmpty());
        for (const QJsonValue scene : scenes)
            keyPaths(scene.toObject()[QStringLiteral("scenario")].toObject(), QString(), keys);
        for (const QString& key : std::as_const(keys))
            QVERIFY2(core::findField(key.toStdString()), qPrintable(key));
    }

    void readmeListsEveryKeyWithItsDefault()
    {
        // The README's scenario table is where users read the defaults: each scalar key is
        // there, in its section's row, as "`name` = default". (Model and GPU keys come from
        // their presets: listed without a default.)
        const std::string readme = readText(std::filesystem::path(SHARDSCOPE_SOURCE_DIR) / "README.md");
        QStringList missing;
        for (const core::FieldInfo& f : core::kFieldTable) {
            std::string section(core::sectionPrefix(f.section));
            if (section.empty())
                section = "(top)";
            else
                section = "`" + section.substr(0, section.find('.')) + "`";
            const std::size_t row = readme.find("| " + section + " |");
            QVERIFY2(row != std::string::npos, section.c_str());
            const std::string line = readme.substr(row, readme.find('\n', row) - row);
            const std::string name = "`" + std::string(f.name()) + "`";
            const bool presetKey = f.section == core::FieldSection::Model || f.section == core::FieldSection::Gpu
                                   || f.section == core::FieldSection::GpuPeaks || !f.isScalar();
            const std::string wanted = presetKey ? name : name + " = " + defaultText(f);
            if (line.find(wanted) == std::string::npos)
                missing << QString::fromStdString(section + ": " + wanted);
        }
        QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("README.md scenario table lacks: ") + missing.join(QStringLiteral("; "))));
    }

    void unknownKeysAreReportedInEveryObject()
    {
        const core::ScenarioLoad l = core::loadScenario(R"({"schema_version": 1, "x": 1,
            "model": {"preset": "llama-2-7b", "x": 1}, "training": {"x": 1}, "parallel": {"x": 1},
            "hardware": {"x": 1, "gpu": {"preset": "a100-80gb", "x": 1, "peak_tflops": {"x": 1}}}, "runtime": {"x": 1},
            "inference": {"x": 1}, "finetune": {"x": 1, "rl": {"x": 1}}})");
        QVERIFY(l.ok);
        for (const char* path : {"x", "model.x", "training.x", "parallel.x", "hardware.x", "hardware.gpu.x", "hardware.gpu.peak_tflops.x",
                                 "runtime.x", "inference.x", "finetune.x", "finetune.rl.x"})
            QVERIFY2(std::any_of(l.issues.begin(), l.issues.end(),
                                 [path](const core::Issue& i) { return i.code == core::IssueCode::UnknownKey && i.path == path; }),
                     path);
    }

    void nearestFieldSuggestsTheKeyMeant_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QString>("meant");
        QTest::newRow("one letter missing") << "parallel.tensr" << "parallel.tensor";
        QTest::newRow("plural") << "finetune.rl.rollout_gpu" << "finetune.rl.rollout_gpus";
        QTest::newRow("swapped letters") << "training.zreo_stage" << "training.zero_stage";
        QTest::newRow("nothing near") << "colour.scheme" << "";
    }
    void nearestFieldSuggestsTheKeyMeant()
    {
        QFETCH(QString, typed);
        QFETCH(QString, meant);
        const std::optional<core::Field> f = core::nearestField(typed.toStdString());
        QCOMPARE(f ? QString::fromLatin1(core::fieldKey(*f).data()) : QString(), meant);
    }

    void rulesComeWithTheirFields()
    {
        // QLoRA quantizes the frozen base to NF4 with double quantization (Dettmers et al. 2023);
        // leaving it brings the 16-bit base back. PPO trains a critic, GRPO does not.
        core::Scenario s;
        core::setFieldValue(s, core::Field::FineTuneMethod, core::FineTuneMethod::QLoRA);
        QVERIFY(s.finetune.base.format == core::WeightFormat::Nf4 && s.finetune.base.doubleQuantization);
        core::setFieldValue(s, core::Field::FineTuneMethod, core::FineTuneMethod::LoRA);
        QVERIFY(s.finetune.base.format == core::WeightFormat::Bf16 && !s.finetune.base.doubleQuantization);
        core::setFieldValue(s, core::Field::RlAlgorithm, core::RlAlgorithm::Ppo);
        QVERIFY(s.finetune.rl.critic);
        core::setFieldValue(s, core::Field::RlAlgorithm, core::RlAlgorithm::Grpo);
        QVERIFY(!s.finetune.rl.critic);
        // An explicit base format in a file wins over QLoRA's default: the method is read first.
        const core::ScenarioLoad l = core::loadScenario(R"({"schema_version": 1, "model": {"preset": "llama-2-7b"},
            "finetune": {"method": "qlora", "base_format": "int4"}})");
        QVERIFY(l.ok);
        QVERIFY(l.scenario.finetune.base.format == core::WeightFormat::Int4);
        QVERIFY(l.scenario.finetune.base.doubleQuantization);
    }

    void valuesConvertToTheFieldsType_data()
    {
        QTest::addColumn<int>("field");
        QTest::addColumn<double>("given");
        QTest::addColumn<double>("stored");
        // A slider's double becomes the member's type as int(v) would: truncated.
        QTest::newRow("int from 7.9") << int(core::Field::ParallelGpus) << 7.9 << 7.0;
        QTest::newRow("int64 from 4096.5") << int(core::Field::TrainingSeqLength) << 4096.5 << 4096.0;
        QTest::newRow("int beyond int32 is clamped") << int(core::Field::ParallelGpus) << 1e12 << 2147483647.0;
        QTest::newRow("double kept") << int(core::Field::HardwareMfu) << 0.375 << 0.375;
        QTest::newRow("enum from its value") << int(core::Field::TrainingRecompute) << 2.0 << 2.0;
    }
    void valuesConvertToTheFieldsType()
    {
        QFETCH(int, field);
        QFETCH(double, given);
        QFETCH(double, stored);
        core::Scenario s;
        core::setFieldValue(s, core::Field(field), given);
        QCOMPARE(core::fieldValue(s, core::Field(field)).toDouble(), stored);
        QCOMPARE(core::normalizedValue(core::Field(field), given).toDouble(), stored);
    }
};

QTEST_GUILESS_MAIN(TestFields)
#include "tst_fields.moc"
