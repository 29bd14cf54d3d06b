#include "core/issues.h"

#include <cstdio>
#include <iterator>

#include "core/translatable.h"
#include "core/terminaltext.h"

namespace core {

namespace {

std::string num(double v)
{
    char buf[48];
    // Range first: converting a double beyond long long's range is undefined behaviour.
    if (v < 1e15 && v > -1e15 && v == double(static_cast<long long>(v)))
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
    case IssueCode::OptimizerInBackwardAccumulates: return "optimizer_in_backward_accumulates";
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
    case IssueCode::UnevenChunksNotDividing: return "uneven_chunks_not_dividing";
    case IssueCode::PipelineEndsWithUnits: return "pipeline_ends_with_units";
    case IssueCode::ScheduleNeedsPipeline: return "schedule_needs_pipeline";
    case IssueCode::ScheduleRunsItsOwnChunks: return "schedule_runs_its_own_chunks";
    case IssueCode::ScheduleNeedsEvenPipeline: return "schedule_needs_even_pipeline";
    case IssueCode::ScheduleNeedsMicroBatches: return "schedule_needs_micro_batches";
    case IssueCode::KvPoolTooSmall: return "kv_pool_too_small";
    case IssueCode::PagedOptimizerEvicts: return "paged_optimizer_evicts";
    case IssueCode::CheckpointIntervalNotOptimal: return "checkpoint_interval_not_optimal";
    case IssueCode::AsyncCheckpointWouldHelp: return "async_checkpoint_would_help";
    case IssueCode::MoeLayerPatternApproximated: return "moe_layer_pattern_approximated";
    case IssueCode::MtpModuleNotCounted: return "mtp_module_not_counted";
    case IssueCode::SpeculativeDraftNotGiven: return "speculative_draft_not_given";
    case IssueCode::SpeculativeDraftTooLarge: return "speculative_draft_too_large";
    case IssueCode::MalformedJson: return "malformed_json";
    case IssueCode::WrongType: return "wrong_type";
    case IssueCode::MissingSchemaVersion: return "missing_schema_version";
    case IssueCode::MissingModelKey: return "missing_model_key";
    case IssueCode::UnterminatedQuote: return "unterminated_quote";
    case IssueCode::ExpansionTooLarge: return "expansion_too_large";
    case IssueCode::ImportSyntax: return "import_syntax";
    case IssueCode::ImportFormatUnknown: return "import_format_unknown";
    case IssueCode::ImportNoCommand: return "import_no_command";
    case IssueCode::ImportNoModel: return "import_no_model";
    case IssueCode::NotAShareLink: return "not_a_share_link";
    case IssueCode::ShareLinkVersion: return "share_link_version";
    case IssueCode::CommentEndsContinuedCommand: return "comment_ends_continued_command";
    case IssueCode::ImportGpusAssumed: return "import_gpus_assumed";
    case IssueCode::ImportModelFromBaseModel: return "import_model_from_base_model";
    case IssueCode::NotAnInteger: return "not_an_integer";
    case IssueCode::UnknownPreset: return "unknown_preset";
    case IssueCode::UnknownValue: return "unknown_value";
    case IssueCode::UnsupportedSchemaVersion: return "unsupported_schema_version";
    case IssueCode::MalformedOverride: return "malformed_override";
    case IssueCode::UnknownOverrideKey: return "unknown_override_key";
    case IssueCode::TooManyMeasurements: return "too_many_measurements";
    case IssueCode::MissingMeasurementKey: return "missing_measurement_key";
    case IssueCode::UnknownPinKey: return "unknown_pin_key";
    case IssueCode::PinsLeaveNoValue: return "pins_leave_no_value";
    case IssueCode::PinsLeaveNoLayout: return "pins_leave_no_layout";
    case IssueCode::PlanPipelinesCapped: return "plan_pipelines_capped";
    case IssueCode::InputTooLarge: return "input_too_large";
    case IssueCode::NestingTooDeep: return "nesting_too_deep";
    case IssueCode::TooManyKeys: return "too_many_keys";
    case IssueCode::TooManyValues: return "too_many_values";
    case IssueCode::NumberOutOfRange: return "number_out_of_range";
    case IssueCode::DuplicateKey: return "duplicate_key";
    case IssueCode::FileNotFound: return "file_not_found";
    case IssueCode::NotARegularFile: return "not_a_regular_file";
    case IssueCode::FileUnreadable: return "file_unreadable";
    case IssueCode::TextTooLong: return "text_too_long";
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
    case IssueCode::AttentionSpanAssumed: return "attention_span_assumed";
    case IssueCode::ShardGroupNotDividing: return "shard_group_not_dividing";
    case IssueCode::LinearMixerWithoutWidths: return "linear_mixer_without_widths";
    case IssueCode::LinearMixerWithWindow: return "linear_mixer_with_window";
    case IssueCode::LinearMixerMoePattern: return "linear_mixer_moe_pattern";
    case IssueCode::HybridPatternApproximated: return "hybrid_pattern_approximated";
    case IssueCode::SparseAttentionNeedsMla: return "sparse_attention_needs_mla";
    case IssueCode::Count: break;
    }
    return "unknown";
}

namespace {

using A = IssueArg;
using C = IssueCode;

/// Every sentence once. The English is the command line's text and the GUI's translation key
/// (lupdate reads this file: SHARDSCOPE_TRANSLATE_NOOP is QT_TRANSLATE_NOOP to it, see
/// app/CMakeLists.txt); the //: lines are the translators' notes. A code's second row, where it
/// has one, is its form with a payload ("did you mean", what the file has); messageForm() says
/// which row an issue takes.
constexpr const char* kAdvise = " (shardscope advise lists what to try)";

// clang-format off
constexpr IssueMessage kMessages[] = {
    //: %1 = the value given
    {C::NotPositive, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "must be at least 1, got %1"), {A::A}},
    //: %1 = the value given
    {C::Negative, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "must not be negative, got %1"), {A::A}},
    //: %1 = minimum, %2 = maximum, %3 = the value given
    {C::OutOfRange, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "must be between %1 and %2, got %3"), {A::B, A::C, A::A}},
    //: %1 = the value given, %2 = the largest accepted value
    {C::TooLarge, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "%1 is beyond what ShardScope accepts (at most %2)"), {A::A, A::B}},
    //: %1 = TP × PP × CP, %2 = number of GPUs
    {C::ModelParallelNotDividingGpus, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "TP × PP × CP = %1 does not divide the %2 GPUs, so no whole data-parallel degree exists"), {A::A, A::B}},
    //: %1 = TP, %2 = attention heads
    {C::TensorNotDividingHeads, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "TP = %1 does not divide the %2 attention heads"), {A::A, A::B}},
    //: %1 = TP, %2 = KV heads
    {C::TensorNotDividingKvHeads, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "TP = %1 does not divide the %2 KV heads (query groups); Megatron requires it for training"), {A::A, A::B}},
    //: %1 = KV heads, %2 = attention heads
    {C::KvHeadsNotDividingHeads, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "%1 KV heads do not divide the %2 attention heads"), {A::A, A::B}},
    //: %1 = hidden size, %2 = attention heads; model.head_dim is a key, not translated
    {C::HiddenNotDividingHeads, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "hidden size %1 is not a multiple of the %2 heads (set model.head_dim to override)"), {A::A, A::B}},
    //: %1 = PP, %2 = layers
    {C::PipelineDeeperThanLayers, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "PP = %1 stages for only %2 layers: some stages would be empty"), {A::A, A::B}},
    //: %1 = PP × virtual stages, %2 = layers
    {C::VirtualStagesNotDividingLayers, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "PP × virtual stages = %1 does not divide the %2 layers (set the first/last stage's layers or count the embedding and loss as layers for uneven chunks)"), {A::A, A::B}},
    //: %1 = virtual stages
    {C::VirtualPipelineNeedsPipeline, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "%1 virtual stages need pipeline parallelism (PP > 1)"), {A::A}},
    //: %1 = CP, %2 = sequence length
    {C::ContextNotDividingSequence, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "CP = %1 does not divide the sequence length %2"), {A::A, A::B}},
    //: %1 = global batch, %2 = micro-batch × DP
    {C::GlobalBatchNotDivisible, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "global batch %1 is not a multiple of micro-batch × DP = %2"), {A::A, A::B}},
    //: %1 = ZeRO stage
    {C::OffloadParametersNeedsZero3, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "offloading parameters needs ZeRO stage 3 (stage is %1)"), {A::A}},
    {C::OffloadNeedsZero, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "offloading the optimizer needs ZeRO stage 1, 2 or 3"), {}},
    //: %1 = micro-batches per step (gradient accumulation steps)
    {C::OptimizerInBackwardAccumulates, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the optimizer step in backward frees each gradient as soon as it is made, so it cannot accumulate %1 micro-batches per step (torchtune refuses it): set the global batch to micro-batch × DP, or turn the step in backward off"), {A::A}},
    {C::NoGpuMemory, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the GPU has no memory size"), {}},
    {C::NoPeakThroughput, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the GPU has no peak throughput for this precision"), {}},
    //: %1 = experts per token, %2 = experts
    {C::TopKExceedsExperts, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "top-k = %1 routes each token to more experts than the %2 there are"), {A::A, A::B}},
    //: %1 = EP, %2 = experts
    {C::ExpertNotDividingExperts, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "EP = %1 does not divide the %2 experts"), {A::A, A::B}},
    //: %1 = PP × EP × expert TP, %2 = GPUs
    {C::ExpertLayoutNotDividingGpus, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "PP × EP × expert TP = %1 does not divide the %2 GPUs, so no whole expert-data-parallel degree exists"), {A::A, A::B}},
    //: %1 = the shard group's size, %2 = data-parallel × context-parallel ranks
    {C::ShardGroupNotDividing, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a shard group of %1 does not divide the %2 data- × context-parallel ranks it shards over"), {A::A, A::B}},
    //: the keys are names, not translated
    {C::LinearMixerWithoutWidths, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a linear mixer needs its widths: set model.linear_num_key_heads, linear_key_head_dim, linear_num_value_heads and linear_value_head_dim"), {}},
    //: %1 = the sliding window in tokens
    {C::LinearMixerWithWindow, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a hybrid model's attention layers with a sliding window of %1 tokens are not modelled"), {A::A}},
    //: %1 = the pattern's entries (layers or blocks)
    {C::HybridPatternApproximated, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the hybrid pattern of %1 entries is not every n-th layer attending: the layers are counted as the pattern's interval, approximately"), {A::A}},
    //: the keys are names, not translated
    {C::SparseAttentionNeedsMla, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "DeepSeek Sparse Attention (model.index_topk) is modelled on multi-head latent attention with a query compression: set model.q_lora_rank, kv_lora_rank, index_n_heads and index_head_dim"), {}},
    //: %1 = moe_layer_frequency, %2 = first_dense_layers
    {C::LinearMixerMoePattern, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a hybrid model routes to experts in every layer: MoE layer frequency %1 and %2 first dense layers are not modelled"), {A::A, A::B}},
    //: %1 = group size, %2 = row length
    {C::QuantGroupLargerThanRow, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "quantization group of %1 values is larger than a weight row (%2 values)"), {A::A, A::B}},
    //: %1 = TP, %2 = KV heads
    {C::KvHeadsNotDividingTensor, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "TP = %1 neither divides the %2 KV heads nor is a multiple of them"), {A::A, A::B}},
    //: %1 = ZeRO stage
    {C::FrameworkZeroStage, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "this framework has no ZeRO stage %1 (FSDP2: 0 no shard, 2 shard grad-op, 3 full shard; DDP: 0, or 1 with ZeroRedundancyOptimizer)"), {A::A}},
    //: %1 = layers on the first stage, %2 = on the last, %3 = layers of the model
    {C::StageLayersInvalid, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "first stage %1 + last stage %2 layers leave no whole split of the %3 layers over the other stages (each needs at least one)"), {A::A, A::B, A::C}},
    //: %1 = layers (or pipeline units: layers plus the embedding and loss), %2 = model chunks, %3 = virtual stages
    {C::UnevenChunksNotDividing, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "%1 layers do not split evenly into %2 model chunks: with %3 virtual stages Megatron gives every chunk of a stage the same number of layers"), {A::A, A::B, A::C}},
    //: %1 = PP; ZB-V, DualPipe and DualPipeV are schedule names, not translated
    {C::ScheduleNeedsPipeline, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "ZB-V, DualPipe and DualPipeV schedule a pipeline: PP = %1 has none (PP ≥ 2)"), {A::A}},
    //: %1 = virtual stages
    {C::ScheduleRunsItsOwnChunks, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "this pipeline schedule places two model chunks on every rank itself: set virtual stages to 1, not %1"), {A::A}},
    //: %1 = PP
    {C::ScheduleNeedsEvenPipeline, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "DualPipe runs its two directions on an even number of pipeline stages, not PP = %1"), {A::A}},
    //: %1 = micro-batches per step, %2 = 2 × PP
    {C::ScheduleNeedsMicroBatches, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "%1 micro-batches per step: DualPipe and DualPipeV need at least %2 (twice the pipeline stages; DualPipe an even number)"), {A::A, A::B}},
    {C::PipelineEndsWithUnits, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "first/last-stage layers cannot be combined with the embedding or loss counted as a layer in an interleaved pipeline (Megatron refuses both)"), {}},
    // MalformedJson: where it is not known, the text ending early (c = 1), another character
    // (c = 2). The command line adds the parser's own words in brackets (cliDetail).
    {C::MalformedJson, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "not valid JSON"), {}, nullptr, true},
    //: %1 = line, %2 = column where the text stops
    {C::MalformedJson, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "not valid JSON: the text ends at line %1, column %2 before the JSON is complete (a cut-off file?)"), {A::A, A::B}, nullptr, true},
    //: %1 = line, %2 = column of the first character that is not valid JSON
    {C::MalformedJson, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "not valid JSON: unexpected character at line %1, column %2"), {A::A, A::B}, nullptr, true},
    //: %1 = what was expected, e.g. "a whole number"
    {C::WrongType, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "expected %1"), {A::Expected}},
    //: %1 = what was expected, %2 = what the file has (e.g. "a whole number", "a string")
    {C::WrongType, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "expected %1, got %2"), {A::Expected, A::Got}},
    //: %1 = what was expected (e.g. "a whole number"), %2 = the text as written
    {C::WrongType, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "expected %1, got '%2'"), {A::Expected, A::Given}},
    {C::MissingSchemaVersion, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "missing: a scenario file starts with \"schema_version\": 1"), {}},
    {C::MissingModelKey, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "missing: the model's size cannot be known without it"), {}},
    //: %1 = the value given
    {C::NotAnInteger, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "expected a whole number, got %1"), {A::A}},
    //: %1 = the preset id given
    {C::UnknownPreset, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "no preset named '%1'"), {A::Given}},
    //: %1 = the preset id given, %2 = the preset probably meant
    {C::UnknownPreset, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "no preset named '%1' (did you mean '%2'?)"), {A::Given, A::Nearest}},
    //: %1 = the accepted values (keywords, not translated), %2 = the value given
    {C::UnknownValue, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "expected one of %1, got '%2'"), {A::Accepted, A::Given}},
    //: %1 = the accepted values (keywords, not translated), %2 = the value given, %3 = the value probably meant
    {C::UnknownValue, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "expected one of %1, got '%2' (did you mean '%3'?)"), {A::Accepted, A::Given, A::Nearest}},
    //: %1 = line number
    {C::UnterminatedQuote, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "line %1: a quote or bracket opened here is never closed"), {A::A}},
    //: %1 = a number of bytes
    {C::ExpansionTooLarge, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the script's variables expand to more than %1 bytes"), {A::ByteCountA}},
    //: %1 = line number
    {C::ImportSyntax, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "line %1 is not in the part of the format ShardScope reads (see the README, Bring your own config)"), {A::A}},
    {C::ImportFormatUnknown, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "not a launch file ShardScope reads: a Megatron-LM script, a DeepSpeed JSON, a torchtitan TOML, a Megatron-Bridge, axolotl, LLaMA-Factory, TRL or verl YAML, or an OpenRLHF, vLLM, SGLang or TensorRT-LLM command (--format names one)"), {}},
    //: %1 = a format name such as megatron
    {C::ImportNoCommand, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the file runs no %1 command"), {A::Given}},
    {C::ImportNoModel, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the file does not give the model: give its shape, name a Hugging Face model that is a preset, or put its config.json beside the file"), {}},
    //: %1 = the model the file names
    {C::ImportNoModel, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "%1 is not a preset and the file does not give its shape: put its config.json beside the file"), {A::Nearest}},
    //: %1 = the start of the text; shardscope:// is not translated
    {C::NotAShareLink, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "'%1' is not a ShardScope link (shardscope://v1?…)"), {A::Given}},
    //: %1 = a version number
    {C::ShareLinkVersion, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a link of version %1: this build reads version 1 (a newer ShardScope made it)"), {A::A}},
    //: %1 = the version in the file, %2 = the newest version this build reads
    {C::UnsupportedSchemaVersion, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "schema_version %1 is not supported (this build reads versions 1 to %2; a newer ShardScope wrote this file)"), {A::A, A::B}},
    //: %1 = the --set argument
    {C::MalformedOverride, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "expected section.key=value, got '%1'"), {A::Given}},
    {C::UnknownOverrideKey, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "no such key"), {}},
    //: %1 = the key probably meant
    {C::UnknownOverrideKey, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "no such key (did you mean '%1'?)"), {A::Nearest}},
    //: %1 = measurements in the file, %2 = the most a scenario keeps
    {C::TooManyMeasurements, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "%1 measurements, more than the %2 a scenario keeps (keep the last value of each quantity per rank)"), {A::A, A::B}},
    //: %1 = the key the measurement lacks ("format", "quantity", "bytes" or "count"), not translated
    {C::MissingMeasurementKey, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "missing \"%1\": a measurement names its format and quantity and gives its bytes (a count for kv_cache_tokens and kv_cache_blocks)"), {A::Given}},
    //: %1 = the keys the planner can pin (not translated)
    {C::UnknownPinKey, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the planner has no such knob; it can pin %1"), {A::Accepted}},
    //: %1 = the knob probably meant (a key, not translated)
    {C::UnknownPinKey, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the planner has no such knob (did you mean '%1'?)"), {A::Nearest}},
    //: %1 = the values the setting can take (keywords, not translated)
    {C::PinsLeaveNoValue, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the --pin bounds leave no value to try (it can be %1)"), {A::Accepted}},
    //: %1 = the values the pinned setting could take with the other pins (numbers or keywords, not translated)
    {C::PinsLeaveNoLayout, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "no layout of this scenario has the pinned value (with the other pins it can be %1)"), {A::Accepted}},
    {C::PinsLeaveNoLayout, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the pins together leave no layout, though each alone leaves some: drop one"), {}},
    //: %1 = the deepest pipeline searched; parallel.pipeline is a key, not translated
    {C::PlanPipelinesCapped, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "pipelines of more than %1 stages were not searched (pin parallel.pipeline to try one)"), {A::A}},
    //: %1 = the file's size in bytes, %2 = the limit in bytes, %3 = the limit in MiB
    {C::InputTooLarge, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "%1 bytes is more than the %2 bytes (%3 MiB) ShardScope reads"), {A::ByteCountA, A::ByteCountB, A::MebibytesB}},
    //: %1 = the depth limit
    {C::NestingTooDeep, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "nested more than %1 levels deep"), {A::A}},
    //: %1 = the limit of keys in one object
    {C::TooManyKeys, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "more than %1 keys in one object"), {A::A}},
    //: %1 = the limit of values in one document
    {C::TooManyValues, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "more than %1 values in one document"), {A::A}},
    //: %1 = the number as written in the file
    {C::NumberOutOfRange, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "%1 is beyond the range of a double (about ±1.8e308)"), {A::Given}},
    {C::DuplicateKey, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "this key is given twice: which one is meant?"), {}},
    {C::FileNotFound, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "no such file"), {}},
    {C::NotARegularFile, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "it is a directory"), {}},
    {C::NotARegularFile, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "not a regular file (a FIFO, a device or a socket)"), {}},
    //: %1 = the operating system's reason (English)
    {C::FileUnreadable, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "permission denied or unreadable (%1)"), {A::Detail}},
    //: %1 = characters in the text, %2 = the most ShardScope keeps
    {C::TextTooLong, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "%1 characters, more than the %2 ShardScope keeps here"), {A::ByteCountA, A::ByteCountB}},
    //: %1 = layers, %2 = PP, %3 = stages with one extra layer; the keys are not translated
    {C::UnevenPipelineSplit, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "%1 layers do not split evenly over %2 stages: %3 middle stages get one extra layer (set parallel.first_stage_layers / last_stage_layers to choose)"), {A::A, A::B, A::C}},
    {C::SequenceParallelWithoutTensor, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "sequence parallelism has no effect without tensor parallelism (TP = 1)"), {}},
    //: %1 = TP, %2 = GPUs per node
    {C::TensorAcrossNodes, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "TP = %1 spans more than one node of %2 GPUs: its all-reduces leave NVLink"), {A::A, A::B}},
    //: %1 = micro-batches per step, %2 = PP
    {C::FewMicroBatches, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "only %1 micro-batches per step for %2 pipeline stages: the bubble dominates"), {A::A, A::B}},
    //: %1 = micro-batches, %2 = PP
    {C::InterleavedMicroBatches, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "%1 micro-batches is not a multiple of PP = %2, which Megatron's interleaved schedule expects"), {A::A, A::B}},
    {C::NoBf16FallbackFp16, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "this GPU has no BF16 tensor cores: FP16 peak used (needs loss scaling)"), {}},
    {C::NoFp8FallbackBf16, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "this GPU has no FP8 tensor cores: BF16 peak used"), {}},
    {C::ContextParallelWithoutFlash, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "context parallelism without FlashAttention: the s/c × s score blocks are counted in full"), {}},
    //: %1 = sequence length, %2 = 2 × CP
    {C::ContextParallelImbalance, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "sequence %1 is not a multiple of 2 × CP = %2: causal load balancing is uneven"), {A::B, A::TwiceA}},
    //: %1 = hidden size, %2 = layers of the assumed shape
    {C::ParameterCountOnly, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "only a parameter count is known: activations use the family shape h = %1, L = %2 and FLOPs use 6·N per token"), {A::A, A::B}},
    //: %1 = given parameters, %2 = counted parameters
    {C::ArchitectureCountMismatch, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the given %1 parameters differ from the %2 the architecture has; the architecture's count is used"), {A::A, A::B}},
    //: %1 = rank group number, %2 = memory needed, %3 = capacity
    {C::DoesNotFit, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "rank group %1 needs %2 per GPU but has %3"), {A::A, A::BytesB, A::BytesC}},
    //: %1 = rank group number, %2 = model-state memory, %3 = capacity
    {C::ModelStatesExceedCapacity, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "rank group %1: the model states alone (weights, gradients, optimizer) need %2 per GPU, more than the %3 it has"), {A::A, A::BytesB, A::BytesC}, kAdvise},
    //: serving; %1 = rank group number, %2 = weight memory, %3 = capacity
    {C::WeightsExceedCapacity, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "rank group %1: the weights alone need %2 per GPU, more than the %3 it has"), {A::A, A::BytesB, A::BytesC}, kAdvise},
    //: %1 = MFU in percent
    {C::MfuUnrealistic, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "MFU %1 % is above what large training runs reach (35–55 %)"), {A::PercentA}},
    //: %1 = overhead factor
    {C::OverheadBelowOne, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "overhead factor %1 is below 1: it would make the job cheaper than its compute"), {A::A}},
    {C::TrainTokensZero, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "no training tokens: time and cost are zero"), {}},
    //: %1 = sequence length, %2 = the model's positions
    {C::SequenceLongerThanPositions, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "sequence length %1 exceeds the model's %2 positions"), {A::A, A::B}},
    //: %1 = context length, %2 = the model's positions
    {C::ContextLongerThanModel, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "context %1 tokens is longer than the model's %2 positions: quality is not guaranteed"), {A::A, A::B}},
    //: %1 = KV heads, %2 = TP
    {C::KvHeadsReplicated, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "%1 KV heads over TP = %2: each rank keeps a copy of one KV head (the cache does not shrink with TP)"), {A::A, A::B}},
    //: %1 = EP
    {C::ExpertParallelWithoutExperts, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "EP = %1 has no effect on a dense model"), {A::A}},
    {C::ContextParallelInServing, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "context parallelism is not modelled for serving; CP is ignored"), {}},
    //: %1 = memory the rollout engine reserves, %2 = its weights
    {C::RolloutReservationTooSmall, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the rollout engine reserves %1 per GPU, less than its own weights (%2): no room for a KV cache"), {A::BytesA, A::BytesB}},
    //: %1 = KV cache needed, %2 = KV cache reserved
    {C::RolloutKvInsufficient, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the rollout batch needs %1 of KV cache per GPU but the engine reserves %2: it will run fewer sequences at once (or preempt)"), {A::BytesA, A::BytesB}},
    //: %1 = training sequence length, %2 = prompt + new tokens
    {C::SequenceShorterThanRollout, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "training sequence %1 is shorter than prompt + new tokens = %2: responses would be truncated"), {A::A, A::B}},
    //: %1 = a parallel dimension ("data-parallel"), %2 = its communication seconds per step, %3 = computation seconds per step
    {C::CommunicationExceedsCompute, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the %1 communication takes %2 per step, longer than the %3 of computation: overlap cannot hide it, so training is slower than the MFU says (faster links, or keep this group inside a node)"), {A::DimensionA, A::SecondsB, A::SecondsC}},
    //: %1 = a parallel dimension ("data-parallel")
    {C::LinkBandwidthUnknown, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the GPU has no bandwidth for the link the %1 group uses: its communication time is not estimated"), {A::DimensionA}},
    //: %1 = pipeline stage, %2 = KV cache the batch needs, %3 = the engine's KV pool
    {C::KvPoolTooSmall, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "stage %1: this batch needs %2 of KV cache per GPU but the engine's pool holds %3: it runs fewer sequences at once (raise the memory fraction or shorten the context)"), {A::A, A::BytesB, A::BytesC}},
    //: %1 = rank group, %2 = bytes over capacity, %3 = paged optimizer states
    {C::PagedOptimizerEvicts, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "rank group %1 is %2 over capacity: the paged optimizer moves up to %3 of its states to CPU memory (slower steps, no out-of-memory)"), {A::A, A::BytesB, A::BytesC}},
    //: %1 = goodput gained (percentage points), %2 = the interval's steps, %3 = the optimal interval's steps
    {C::CheckpointIntervalNotOptimal, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a checkpoint every %3 steps instead of every %2 (Young and Daly's interval for this checkpoint and interruption rate) would add %1 points of goodput"), {A::PercentA, A::B, A::C}},
    //: %1 = percentage of the run's wall-clock
    {C::AsyncCheckpointWouldHelp, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "synchronous checkpoints stall %1 % of the run's wall-clock: asynchronous ones (torchtitan async_mode, Megatron --async-save) stall only for the copy to host memory"), {A::PercentA}},
    {C::MoeLayerPatternApproximated, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "only a regular pattern of MoE layers is modelled: the listed dense layers are counted as MoE layers"), {}},
    {C::MtpModuleNotCounted, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "only the main model is counted, not its multi-token-prediction module"), {}},
    {C::SpeculativeDraftNotGiven, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "speculative decoding with a draft model needs the draft model's parameter count"), {}},
    //: %1 = the draft model's parameters in billions, %2 = the target model's
    {C::SpeculativeDraftTooLarge, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the draft model (%1 B parameters) is not smaller than the model it drafts for (%2 B): each draft token would cost as much as a target step"), {A::A, A::B}},
    //: %1 = line number
    {C::CommentEndsContinuedCommand, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "line %1: a comment line inside a command continued with \\ ends the command in bash; read on as if it were not there"), {A::A}},
    //: %1 = number of GPUs; --gpus is an option, not translated
    {C::ImportGpusAssumed, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the file does not say how many GPUs run it: %1 assumed (the command line's --gpus sets it)"), {A::A}},
    //: %1 = the model the file names, %2 = a preset id
    {C::ImportModelFromBaseModel, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "%1 is read as the preset %2, its base model (the same architecture)"), {A::Given, A::Nearest}},
    {C::UnknownKey, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "unknown key, ignored"), {}},
    //: %1 = the known key that was probably meant
    {C::UnknownKey, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "unknown key, ignored (did you mean '%1'?)"), {A::Nearest}},
    // AttentionSpanAssumed: one row per case of `a` (1 … 5), in that order.
    //: %1 = the window in tokens
    {C::AttentionSpanAssumed, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "chunked attention is counted as a sliding window of %1 tokens (the most a chunk caches)"), {A::B}},
    //: %1 = full-attention layers, %2 = every how many layers one is counted
    {C::AttentionSpanAssumed, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the %1 full-attention layers are not evenly spaced: counted as every %2th layer"), {A::B, A::C}},
    //: sliding_window_pattern and layer_types are keys, not translated
    {C::AttentionSpanAssumed, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a sliding window but no sliding_window_pattern or layer_types: every layer is taken as windowed, so the KV cache may be too small"), {}},
    //: %1 = layers
    {C::AttentionSpanAssumed, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "the first %1 layers attend to the whole context but are counted as windowed"), {A::B}},
    //: %1 = entries in the list, %2 = layers
    {C::AttentionSpanAssumed, SHARDSCOPE_TRANSLATE_NOOP("IssueText", "%1 entries for %2 layers: the pattern is read as far as it goes"), {A::B, A::C}},
};

/// ValueKind's texts, in the enum's order.
constexpr const char* kValueKinds[] = {
    "",
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a number"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a whole number"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a finite number"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "true or false"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a string"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a boolean"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "an array"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "an object"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "null"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a JSON object"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a model section with a preset, an architecture or a parameter count"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a preset, an architecture (num_layers, hidden_size, …) or parameters"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "an array such as [\"q\", \"k\", \"v\", \"o\"]"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a GPU preset id or an object"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "an object of TFLOP/s by dtype"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a string or {\"en\": …, \"zh_CN\": …}"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "an array of scenes"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a scenario object"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "an array of drills"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "a drill with a scenario and a quantity"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "an array of figure ids"),
};
static_assert(std::size(kValueKinds) == std::size_t(ValueKind::Count), "one text per ValueKind");

/// CommDimension (estimate.h) by index, as a sentence names it.
constexpr const char* kDimensions[] = {
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "data-parallel"), SHARDSCOPE_TRANSLATE_NOOP("IssueText", "tensor-parallel"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "pipeline"), SHARDSCOPE_TRANSLATE_NOOP("IssueText", "context-parallel"),
    SHARDSCOPE_TRANSLATE_NOOP("IssueText", "expert-parallel")};
// clang-format on

/// Which of its code's rows the issue takes (0: the first). Most codes have one row, or a
/// second for the form with a payload; AttentionSpanAssumed has one per case of `a`.
std::size_t messageForm(const Issue& i)
{
    switch (i.code) {
    case IssueCode::WrongType: return i.got != ValueKind::None ? 1 : !i.given.empty() ? 2 : 0;
    case IssueCode::MalformedJson: return i.a <= 0 ? 0 : i.c == 1 ? 1 : 2;
    case IssueCode::NotARegularFile: return i.a != 0;
    case IssueCode::PinsLeaveNoLayout: return i.accepted.empty() ? 1 : 0;
    case IssueCode::AttentionSpanAssumed: return i.a >= 1 && i.a <= 4 ? std::size_t(i.a) - 1 : 4;
    default: return !i.nearest.empty();
    }
}

std::string joined(const std::vector<std::string>& values)
{
    std::string out;
    for (const std::string& v : values)
        out += (out.empty() ? "" : ", ") + v;
    return out;
}

std::string argText(const Issue& i, IssueArg arg)
{
    switch (arg) {
    case IssueArg::None: break;
    case IssueArg::A: return num(i.a);
    case IssueArg::B: return num(i.b);
    case IssueArg::C: return num(i.c);
    case IssueArg::TwiceA: return num(2 * i.a);
    case IssueArg::PercentA: return num(i.a * 100);
    case IssueArg::BytesA: return gb(i.a);
    case IssueArg::BytesB: return gb(i.b);
    case IssueArg::BytesC: return gb(i.c);
    case IssueArg::ByteCountA: return num(i.a);
    case IssueArg::ByteCountB: return num(i.b);
    case IssueArg::MebibytesB: return num(i.b / 1048576);
    case IssueArg::SecondsB: return seconds(i.b);
    case IssueArg::SecondsC: return seconds(i.c);
    case IssueArg::DimensionA: return dimensionText(i.a);
    case IssueArg::Given: return i.given;
    case IssueArg::Nearest: return i.nearest;
    case IssueArg::Accepted: return joined(i.accepted);
    case IssueArg::Expected: return valueKindText(i.expected);
    case IssueArg::Got: return valueKindText(i.got);
    case IssueArg::Detail: return i.detail;
    }
    return {};
}

} // namespace

const IssueMessage& issueMessage(const Issue& issue)
{
    static constexpr IssueMessage kNone{IssueCode::Count, "", {}};
    const std::size_t form = messageForm(issue);
    const IssueMessage* first = nullptr;
    std::size_t seen = 0;
    for (const IssueMessage& m : kMessages) {
        if (m.code != issue.code)
            continue;
        if (!first)
            first = &m;
        if (seen++ == form)
            return m;
    }
    return first ? *first : kNone; // a form the table lacks falls back to the code's first row
}

std::vector<IssueMessage> issueMessages()
{
    return {std::begin(kMessages), std::end(kMessages)};
}

const char* valueKindText(ValueKind kind)
{
    const auto i = std::size_t(kind);
    return i < std::size(kValueKinds) ? kValueKinds[i] : "";
}

const char* dimensionText(double index)
{
    const int i = int(index);
    return i >= 0 && i < int(std::size(kDimensions)) ? kDimensions[i] : "";
}

std::string describe(const Issue& i)
{
    const IssueMessage& message = issueMessage(i);
    // %1 … %3 replaced in one pass, so a payload that contains "%2" stays as written.
    std::string m;
    for (const char* p = message.text; *p; ++p) {
        if (p[0] == '%' && p[1] >= '1' && p[1] <= '3') {
            m += argText(i, message.args[p[1] - '1']);
            ++p;
        } else {
            m += *p;
        }
    }
    if (message.cliDetail && !i.detail.empty())
        m += " [" + i.detail + "]";
    if (message.cliNote)
        m += message.cliNote;
    // Keys and values come from files: their control characters are shown, never sent to a terminal.
    if (!i.path.empty())
        return terminalText(i.path + ": " + m);
    if (i.key && *i.key)
        return terminalText(std::string(i.key) + ": " + m);
    return terminalText(m);
}

} // namespace core
