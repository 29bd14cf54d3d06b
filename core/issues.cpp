#include "core/issues.h"

#include <cstdio>

namespace core {

namespace {

std::string num(double v)
{
    char buf[48];
    if (v == double(static_cast<long long>(v)) && v < 1e15 && v > -1e15)
        std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
    else
        std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

std::string gb(double bytes)
{
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.1f GB", bytes / 1e9);
    return buf;
}

std::string seconds(double s)
{
    char buf[48];
    if (s < 120)
        std::snprintf(buf, sizeof buf, "%.3g s", s);
    else if (s < 7200)
        std::snprintf(buf, sizeof buf, "%.3g min", s / 60);
    else if (s < 2 * 86400)
        std::snprintf(buf, sizeof buf, "%.3g h", s / 3600);
    else
        std::snprintf(buf, sizeof buf, "%.3g days", s / 86400);
    return buf;
}

/// CommDimension (estimate.h) by index, as a sentence names it.
const char* dimension(double index)
{
    const char* names[] = {"data-parallel", "tensor-parallel", "pipeline", "context-parallel", "expert-parallel"};
    const int i = int(index);
    return i >= 0 && i < 5 ? names[i] : "";
}

} // namespace

std::string_view issueCodeName(IssueCode code)
{
    switch (code) {
    case IssueCode::NotPositive: return "not_positive";
    case IssueCode::Negative: return "negative";
    case IssueCode::OutOfRange: return "out_of_range";
    case IssueCode::TooLarge: return "too_large";
    case IssueCode::ModelParallelNotDividingGpus: return "model_parallel_not_dividing_gpus";
    case IssueCode::TensorNotDividingHeads: return "tensor_not_dividing_heads";
    case IssueCode::TensorNotDividingKvHeads: return "tensor_not_dividing_kv_heads";
    case IssueCode::KvHeadsNotDividingHeads: return "kv_heads_not_dividing_heads";
    case IssueCode::HiddenNotDividingHeads: return "hidden_not_dividing_heads";
    case IssueCode::PipelineDeeperThanLayers: return "pipeline_deeper_than_layers";
    case IssueCode::VirtualStagesNotDividingLayers: return "virtual_stages_not_dividing_layers";
    case IssueCode::VirtualPipelineNeedsPipeline: return "virtual_pipeline_needs_pipeline";
    case IssueCode::ContextNotDividingSequence: return "context_not_dividing_sequence";
    case IssueCode::GlobalBatchNotDivisible: return "global_batch_not_divisible";
    case IssueCode::OffloadParametersNeedsZero3: return "offload_parameters_needs_zero3";
    case IssueCode::OffloadNeedsZero: return "offload_needs_zero";
    case IssueCode::NoGpuMemory: return "no_gpu_memory";
    case IssueCode::NoPeakThroughput: return "no_peak_throughput";
    case IssueCode::TopKExceedsExperts: return "top_k_exceeds_experts";
    case IssueCode::ExpertNotDividingExperts: return "expert_not_dividing_experts";
    case IssueCode::ExpertLayoutNotDividingGpus: return "expert_layout_not_dividing_gpus";
    case IssueCode::QuantGroupLargerThanRow: return "quant_group_larger_than_row";
    case IssueCode::KvHeadsNotDividingTensor: return "kv_heads_not_dividing_tensor";
    case IssueCode::ContextLongerThanModel: return "context_longer_than_model";
    case IssueCode::KvHeadsReplicated: return "kv_heads_replicated";
    case IssueCode::ExpertParallelWithoutExperts: return "expert_parallel_without_experts";
    case IssueCode::ContextParallelInServing: return "context_parallel_in_serving";
    case IssueCode::RolloutReservationTooSmall: return "rollout_reservation_too_small";
    case IssueCode::RolloutKvInsufficient: return "rollout_kv_insufficient";
    case IssueCode::SequenceShorterThanRollout: return "sequence_shorter_than_rollout";
    case IssueCode::CommunicationExceedsCompute: return "communication_exceeds_compute";
    case IssueCode::LinkBandwidthUnknown: return "link_bandwidth_unknown";
    case IssueCode::FrameworkZeroStage: return "framework_zero_stage";
    case IssueCode::StageLayersInvalid: return "stage_layers_invalid";
    case IssueCode::KvPoolTooSmall: return "kv_pool_too_small";
    case IssueCode::PagedOptimizerEvicts: return "paged_optimizer_evicts";
    case IssueCode::MalformedJson: return "malformed_json";
    case IssueCode::WrongType: return "wrong_type";
    case IssueCode::NotAnInteger: return "not_an_integer";
    case IssueCode::UnknownPreset: return "unknown_preset";
    case IssueCode::UnknownValue: return "unknown_value";
    case IssueCode::UnsupportedSchemaVersion: return "unsupported_schema_version";
    case IssueCode::MalformedOverride: return "malformed_override";
    case IssueCode::UnevenPipelineSplit: return "uneven_pipeline_split";
    case IssueCode::SequenceParallelWithoutTensor: return "sequence_parallel_without_tensor";
    case IssueCode::TensorAcrossNodes: return "tensor_across_nodes";
    case IssueCode::FewMicroBatches: return "few_micro_batches";
    case IssueCode::InterleavedMicroBatches: return "interleaved_micro_batches";
    case IssueCode::NoBf16FallbackFp16: return "no_bf16_fallback_fp16";
    case IssueCode::NoFp8FallbackBf16: return "no_fp8_fallback_bf16";
    case IssueCode::ContextParallelWithoutFlash: return "context_parallel_without_flash";
    case IssueCode::ContextParallelImbalance: return "context_parallel_imbalance";
    case IssueCode::ParameterCountOnly: return "parameter_count_only";
    case IssueCode::ArchitectureCountMismatch: return "architecture_count_mismatch";
    case IssueCode::DoesNotFit: return "does_not_fit";
    case IssueCode::ModelStatesExceedCapacity: return "model_states_exceed_capacity";
    case IssueCode::WeightsExceedCapacity: return "weights_exceed_capacity";
    case IssueCode::MfuUnrealistic: return "mfu_unrealistic";
    case IssueCode::OverheadBelowOne: return "overhead_below_one";
    case IssueCode::TrainTokensZero: return "train_tokens_zero";
    case IssueCode::SequenceLongerThanPositions: return "sequence_longer_than_positions";
    case IssueCode::UnknownKey: return "unknown_key";
    case IssueCode::Count: break;
    }
    return "unknown";
}

std::string describe(const Issue& i)
{
    std::string m;
    switch (i.code) {
    case IssueCode::NotPositive: m = "must be at least 1, got " + num(i.a); break;
    case IssueCode::Negative: m = "must not be negative, got " + num(i.a); break;
    case IssueCode::OutOfRange: m = "must be between " + num(i.b) + " and " + num(i.c) + ", got " + num(i.a); break;
    case IssueCode::TooLarge: m = num(i.a) + " is beyond what ShardScope accepts (at most " + num(i.b) + ")"; break;
    case IssueCode::ModelParallelNotDividingGpus:
        m = "TP × PP × CP = " + num(i.a) + " does not divide the " + num(i.b) + " GPUs, so no whole data-parallel degree exists"; break;
    case IssueCode::TensorNotDividingHeads: m = "TP = " + num(i.a) + " does not divide the " + num(i.b) + " attention heads"; break;
    case IssueCode::TensorNotDividingKvHeads:
        m = "TP = " + num(i.a) + " does not divide the " + num(i.b) + " KV heads (query groups); Megatron requires it for training"; break;
    case IssueCode::KvHeadsNotDividingHeads: m = num(i.a) + " KV heads do not divide the " + num(i.b) + " attention heads"; break;
    case IssueCode::HiddenNotDividingHeads:
        m = "hidden size " + num(i.a) + " is not a multiple of the " + num(i.b) + " heads (set model.head_dim to override)"; break;
    case IssueCode::PipelineDeeperThanLayers: m = "PP = " + num(i.a) + " stages for only " + num(i.b) + " layers: some stages would be empty"; break;
    case IssueCode::VirtualStagesNotDividingLayers:
        m = "PP × virtual stages = " + num(i.a) + " does not divide the " + num(i.b) + " layers (the interleaved schedule needs equal chunks)"; break;
    case IssueCode::VirtualPipelineNeedsPipeline: m = num(i.a) + " virtual stages need pipeline parallelism (PP > 1)"; break;
    case IssueCode::ContextNotDividingSequence: m = "CP = " + num(i.a) + " does not divide the sequence length " + num(i.b); break;
    case IssueCode::GlobalBatchNotDivisible:
        m = "global batch " + num(i.a) + " is not a multiple of micro-batch × DP = " + num(i.b); break;
    case IssueCode::OffloadParametersNeedsZero3: m = "offloading parameters needs ZeRO stage 3 (stage is " + num(i.a) + ")"; break;
    case IssueCode::OffloadNeedsZero: m = "offloading the optimizer needs ZeRO stage 1, 2 or 3"; break;
    case IssueCode::NoGpuMemory: m = "the GPU has no memory size"; break;
    case IssueCode::NoPeakThroughput: m = "the GPU has no peak throughput for this precision"; break;
    case IssueCode::TopKExceedsExperts: m = "top-k = " + num(i.a) + " routes each token to more experts than the " + num(i.b) + " there are"; break;
    case IssueCode::ExpertNotDividingExperts: m = "EP = " + num(i.a) + " does not divide the " + num(i.b) + " experts"; break;
    case IssueCode::ExpertLayoutNotDividingGpus:
        m = "PP × EP × expert TP = " + num(i.a) + " does not divide the " + num(i.b) + " GPUs, so no whole expert-data-parallel degree exists"; break;
    case IssueCode::QuantGroupLargerThanRow:
        m = "quantization group of " + num(i.a) + " values is larger than a weight row (" + num(i.b) + " values)"; break;
    case IssueCode::KvHeadsNotDividingTensor:
        m = "TP = " + num(i.a) + " neither divides the " + num(i.b) + " KV heads nor is a multiple of them"; break;
    case IssueCode::ContextLongerThanModel:
        m = "context " + num(i.a) + " tokens is longer than the model's " + num(i.b) + " positions: quality is not guaranteed"; break;
    case IssueCode::KvHeadsReplicated:
        m = num(i.a) + " KV heads over TP = " + num(i.b) + ": each rank keeps a copy of one KV head (the cache does not shrink with TP)"; break;
    case IssueCode::ExpertParallelWithoutExperts: m = "EP = " + num(i.a) + " has no effect on a dense model"; break;
    case IssueCode::ContextParallelInServing: m = "context parallelism is not modelled for serving; CP is ignored"; break;
    case IssueCode::RolloutReservationTooSmall:
        m = "the rollout engine reserves " + gb(i.a) + " per GPU, less than its own weights (" + gb(i.b) + "): no room for a KV cache"; break;
    case IssueCode::RolloutKvInsufficient:
        m = "the rollout batch needs " + gb(i.a) + " of KV cache per GPU but the engine reserves " + gb(i.b)
            + ": it will run fewer sequences at once (or preempt)"; break;
    case IssueCode::SequenceShorterThanRollout:
        m = "training sequence " + num(i.a) + " is shorter than prompt + new tokens = " + num(i.b) + ": responses would be truncated"; break;
    case IssueCode::CommunicationExceedsCompute:
        m = std::string("the ") + dimension(i.a) + " communication takes " + seconds(i.b) + " per step, longer than the " + seconds(i.c)
            + " of computation: overlap cannot hide it, so training is slower than the MFU says (faster links, or keep this group inside a node)"; break;
    case IssueCode::LinkBandwidthUnknown:
        m = std::string("the GPU has no bandwidth for the link the ") + dimension(i.a) + " group uses: its communication time is not estimated"; break;
    case IssueCode::FrameworkZeroStage:
        m = "this framework has no ZeRO stage " + num(i.a) + " (FSDP2: 0 no shard, 2 shard grad-op, 3 full shard; DDP: 0, or 1 with ZeroRedundancyOptimizer)"; break;
    case IssueCode::StageLayersInvalid:
        m = "first stage " + num(i.a) + " + last stage " + num(i.b) + " layers leave no whole split of the " + num(i.c)
            + " layers over the other stages (each needs at least one)"; break;
    case IssueCode::KvPoolTooSmall:
        m = "stage " + num(i.a) + ": this batch needs " + gb(i.b) + " of KV cache per GPU but the engine's pool holds " + gb(i.c)
            + ": it runs fewer sequences at once (raise the memory fraction or shorten the context)"; break;
    case IssueCode::PagedOptimizerEvicts:
        m = "rank group " + num(i.a) + " is " + gb(i.b) + " over capacity: the paged optimizer moves up to " + gb(i.c)
            + " of its states to CPU memory (slower steps, no out-of-memory)"; break;
    case IssueCode::MalformedJson: m = "not valid JSON: " + i.hint; break;
    case IssueCode::WrongType: m = "expected " + i.hint; break;
    case IssueCode::NotAnInteger: m = "expected a whole number, got " + num(i.a); break;
    case IssueCode::UnknownPreset: m = "no preset named '" + i.hint + "'"; break;
    case IssueCode::UnknownValue: m = "expected one of " + i.hint; break;
    case IssueCode::UnsupportedSchemaVersion: m = "schema_version " + num(i.a) + " is not supported (this build reads version 1)"; break;
    case IssueCode::MalformedOverride: m = "expected section.key=value, got '" + i.hint + "'"; break;
    case IssueCode::UnevenPipelineSplit:
        m = num(i.a) + " layers do not split evenly over " + num(i.b) + " stages: " + num(i.c)
            + " middle stages get one extra layer (set parallel.first_stage_layers / last_stage_layers to choose)"; break;
    case IssueCode::SequenceParallelWithoutTensor: m = "sequence parallelism has no effect without tensor parallelism (TP = 1)"; break;
    case IssueCode::TensorAcrossNodes:
        m = "TP = " + num(i.a) + " spans more than one node of " + num(i.b) + " GPUs: its all-reduces leave NVLink"; break;
    case IssueCode::FewMicroBatches:
        m = "only " + num(i.a) + " micro-batches per step for " + num(i.b) + " pipeline stages: the bubble dominates"; break;
    case IssueCode::InterleavedMicroBatches:
        m = num(i.a) + " micro-batches is not a multiple of PP = " + num(i.b) + ", which Megatron's interleaved schedule expects"; break;
    case IssueCode::NoBf16FallbackFp16: m = "this GPU has no BF16 tensor cores: FP16 peak used (needs loss scaling)"; break;
    case IssueCode::NoFp8FallbackBf16: m = "this GPU has no FP8 tensor cores: BF16 peak used"; break;
    case IssueCode::ContextParallelWithoutFlash:
        m = "context parallelism without FlashAttention: the s/c × s score blocks are counted in full"; break;
    case IssueCode::ContextParallelImbalance:
        m = "sequence " + num(i.b) + " is not a multiple of 2 × CP = " + num(2 * i.a) + ": causal load balancing is uneven"; break;
    case IssueCode::ParameterCountOnly:
        m = "only a parameter count is known: activations use the family shape h = " + num(i.a) + ", L = " + num(i.b)
            + " and FLOPs use 6·N per token"; break;
    case IssueCode::ArchitectureCountMismatch:
        m = "the given " + num(i.a) + " parameters differ from the " + num(i.b) + " the architecture has; the architecture's count is used"; break;
    case IssueCode::DoesNotFit:
        m = "rank group " + num(i.a) + " needs " + gb(i.b) + " per GPU but has " + gb(i.c); break;
    case IssueCode::ModelStatesExceedCapacity:
        m = "rank group " + num(i.a) + ": the model states alone (weights, gradients, optimizer) need " + gb(i.b)
            + " per GPU, more than the " + gb(i.c) + " it has (shardscope advise lists what to try)"; break;
    case IssueCode::WeightsExceedCapacity:
        m = "rank group " + num(i.a) + ": the weights alone need " + gb(i.b) + " per GPU, more than the " + gb(i.c)
            + " it has (shardscope advise lists what to try)"; break;
    case IssueCode::MfuUnrealistic: m = "MFU " + num(i.a * 100) + " % is above what large training runs reach (35–55 %)"; break;
    case IssueCode::OverheadBelowOne: m = "overhead factor " + num(i.a) + " is below 1: it would make the job cheaper than its compute"; break;
    case IssueCode::TrainTokensZero: m = "no training tokens: time and cost are zero"; break;
    case IssueCode::SequenceLongerThanPositions:
        m = "sequence length " + num(i.a) + " exceeds the model's " + num(i.b) + " positions"; break;
    case IssueCode::UnknownKey: m = "unknown key, ignored" + (i.hint.empty() ? std::string() : " (did you mean '" + i.hint + "'?)"); break;
    case IssueCode::Count: break;
    }
    if (!i.path.empty())
        return i.path + ": " + m;
    if (i.key && *i.key)
        return std::string(i.key) + ": " + m;
    return m;
}

} // namespace core
