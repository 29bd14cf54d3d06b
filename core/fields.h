#pragma once

// The scenario's fields: one table with every key a scenario file has, its type, range, unit
// and the member it reads and writes. The JSON reader and writer, validation's range checks,
// --set, the GUI's bindings, labels and undo steps all go through it, so a key is spelled once
// (docs/HACKING.md: how to add a field).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "core/fieldset.h"
#include "core/fieldvalue.h"
#include "core/issues.h"
#include "core/scenario.h"

namespace core {

/// Every key of a scenario file, in the order saveScenario writes them. Scalars (bool, int,
/// enum, real) have a member of core::Scenario; the few others (texts, the GPU preset, the
/// LoRA target list, the FSDP alias) are read and written by hand in core/io/scenario_io.cpp
/// but are listed here all the same, so that every key has a label and a place.
enum class Field : std::uint16_t {
    // top level
    SchemaVersion, Title, Description, Mode,
    // model
    ModelPreset, ModelName,
    ModelNumLayers, ModelHiddenSize, ModelFfnHiddenSize, ModelNumAttentionHeads, ModelNumQueryGroups, ModelHeadDim,
    ModelVocabSize, ModelPadVocabMultiple, ModelMaxPositionEmbeddings, ModelTiedEmbeddings, ModelGatedMlp,
    ModelNormalization, ModelPositionEmbedding, ModelLinearBias, ModelQkvBias, ModelDropout, ModelNormsPerLayer, ModelQkNorm,
    ModelNumExperts, ModelMoeTopK, ModelMoeFfnHiddenSize, ModelNumSharedExperts, ModelSharedExpertFfnHiddenSize,
    ModelSharedExpertGate, ModelMoeLayerFrequency, ModelFirstDenseLayers,
    ModelQLoraRank, ModelKvLoraRank, ModelQkNopeHeadDim, ModelQkRopeHeadDim, ModelVHeadDim,
    ModelIndexNumHeads, ModelIndexHeadDim, ModelIndexTopK, ModelMtpLayers,
    ModelSlidingWindow, ModelGlobalLayerEvery,
    ModelLinearMixer, ModelFullAttentionInterval, ModelFullAttentionFirst, ModelMixerOnlyBeforeAttention,
    ModelLinearNumKeyHeads, ModelLinearKeyHeadDim, ModelLinearNumValueHeads, ModelLinearValueHeadDim, ModelLinearConvKernel,
    ModelAttentionOutputGate, ModelRecurrentStateDtype,
    ModelVisionLayers, ModelVisionHiddenSize, ModelVisionFfnHiddenSize, ModelVisionHeads, ModelVisionPatchSize, ModelVisionImageSize,
    ModelVisionTemporalPatch, ModelVisionGatedMlp, ModelVisionNormalization, ModelVisionLearnedPositions, ModelVisionClassToken,
    ModelVisionFinalNorms, ModelVisionMerge, ModelVisionTilesPerImage, ModelVisionTokensPerImage, ModelVisionProjectorLayers,
    ModelVisionProjectorHidden, ModelVisionProjectorBias, ModelVisionProjectorNorm, ModelVisionPatchBias,
    ModelRopeTheta, ModelRopeScaling, ModelRopeScalingFactor, ModelNormEpsilon, ModelActivation, ModelParameters,
    // training
    TrainingSeqLength, TrainingMicroBatchSize, TrainingGlobalBatchSize, TrainingTrainTokens, TrainingPrecision,
    TrainingOptimizer, TrainingZeroStage, TrainingFsdp, TrainingOffloadOptimizer, TrainingOffloadParameters, TrainingOffloadDevice,
    TrainingRecompute, TrainingFlashAttention, TrainingFlopsFormula, TrainingMoeCapacityFactor, TrainingTpCommOverlap,
    TrainingFramework, TrainingMomentDtype, TrainingLossImplementation, TrainingAttentionKernel, TrainingTorchCompile, TrainingFp8Recipe,
    TrainingMoeCommOverlap, TrainingMoeHierarchicalDispatch, TrainingOptimizerInBackward, TrainingActivationOffload,
    TrainingImagesPerSample, TrainingVisionFrozen,
    // parallel
    ParallelGpus, ParallelGpusPerNode, ParallelNvlinkDomain, ParallelTensor, ParallelPipeline, ParallelVirtualPipeline, ParallelContext,
    ParallelSequenceParallel, ParallelExpert, ParallelExpertTensor, ParallelFirstStageLayers, ParallelLastStageLayers,
    ParallelEmbeddingCountsAsLayer, ParallelLossCountsAsLayer, ParallelSchedule, ParallelShardGroup,
    // hardware (the GPU object first, as in the file)
    HardwareGpu, GpuPreset, GpuId, GpuName, GpuMemoryLabel, GpuMemoryBytes,
    GpuPeakFp32, GpuPeakTf32, GpuPeakBf16, GpuPeakFp16, GpuPeakFp8, GpuPeakInt8,
    GpuMemoryBandwidth, GpuInterconnectBandwidth, GpuNetworkBandwidth, GpuSource,
    HardwareMfu, HardwareAchievedTflops, HardwarePricePerGpuHour, HardwareOverheadFactor, HardwareNvmeBandwidth,
    // runtime assumptions
    RuntimeCudaContextBytes, RuntimeCommBucketBytes, RuntimeZero3PrefetchModules, RuntimeFragmentationFraction,
    RuntimeCpuBufferFactor, RuntimeExpandableSegments, RuntimeGradientAsBucketView, RuntimeReduceBucketElements,
    RuntimeCublasWorkspaceBytes, RuntimeNcclBytesPerCommunicator,
    // checkpoints, interruptions and restarts (core/goodput/)
    GoodputGpuInterruptions, GoodputNodeInterruptions, GoodputCheckpointInterval, GoodputAsyncCheckpoint,
    GoodputCheckpointOptimizer, GoodputNodeWriteBandwidth, GoodputStoreWriteBandwidth, GoodputRestartSeconds,
    // serving
    InferenceEngine, InferenceWeightFormat, InferenceQuantGroupSize, InferenceQuantScaleFormat, InferenceQuantZeroPoint,
    InferenceDoubleQuantization, InferenceQuantizeEmbeddings, InferenceKvCacheDtype, InferenceBatchSize,
    InferencePromptLength, InferenceGeneratedTokens, InferenceKvBlockSize, InferenceMaxBatchedTokens,
    InferenceFlashAttention, InferenceGpuMemoryUtilization, InferenceMaxNumSeqs, InferenceCudaGraphs, InferenceCudaGraphBytes,
    InferenceFullPromptLogits, InferenceSpeculativeMethod, InferenceSpeculativeTokens, InferenceAcceptanceRate,
    InferenceDraftParameters, InferencePrefixCacheHitRate, InferenceImagesPerRequest,
    // fine-tuning
    FineTuneMethod, FineTuneLoraRank, FineTuneLoraTargets, FineTuneBaseFormat, FineTuneBaseQuantGroupSize,
    FineTuneBaseQuantScaleFormat, FineTuneBaseQuantZeroPoint, FineTuneDoubleQuantization, FineTuneQuantizeEmbeddings,
    FineTuneAdapterPrecision, FineTunePagedOptimizer, FineTuneBnbKeepsInputs, FineTuneQuantizeOutputLayer,
    // reinforcement learning
    RlAlgorithm, RlReference, RlReferenceFormat, RlReferenceOffload, RlRewardModel, RlRewardParameters, RlRewardFormat,
    RlCritic, RlSamplesPerPrompt, RlPromptLength, RlMaxNewTokens, RlPromptsPerGpu, RlRolloutMemoryFraction,
    RlPlacement, RlRolloutSleeps, RlRolloutTensor, RlRolloutGpus,
    // a list section, last in the file: what a real run measured (core/io/measurement_io.cpp)
    Measurements,
    Count
};

inline constexpr std::size_t kFieldCount = std::size_t(Field::Count);
// 16 bits: the next hundreds of keys fit (a byte held 255, and the table had 150).
static_assert(kFieldCount < 65535, "core::Field is 16 bits wide");
using FieldSet = BasicFieldSet<kFieldCount>;

/// The JSON object a key lives in.
enum class FieldSection : std::uint8_t { Top, Model, Training, Parallel, Hardware, Gpu, GpuPeaks, Runtime, Goodput, Inference, FineTune, Rl, Count };

enum class FieldType : std::uint8_t {
    Bool, Int, Int64, Double, Enum, ///< scalars: a member of core::Scenario
    Text,                           ///< a string (names, preset ids), read and written by hand
    Other,                          ///< a preset id or object, an array, an alias: read and written by hand
};

enum class FieldUnit : std::uint8_t {
    None,        ///< booleans, choices and texts
    Count,       ///< GPUs, heads, experts, parallel degrees, samples
    Layers,
    Width,       ///< values along a dimension: hidden size, head size, rank, group size
    Tokens,
    Sequences,
    Parameters,
    Bytes,
    BytesPerSecond,
    Tflops,      ///< 10^12 FLOP/s
    Tops,        ///< 10^12 integer operations per second
    Fraction,    ///< 0 … 1
    Factor,      ///< a multiplier
    Stage,       ///< ZeRO stage 0–3
    UsdPerGpuHour,
    Seconds,
    Steps,       ///< optimizer steps
    PerThousandDeviceDays, ///< events per 1,000 GPU-days or node-days
};

/// How a value outside [min, max] is reported (the issue code validation gives).
enum class Bound : std::uint8_t {
    AtLeast,  ///< below min: Negative (< 0) or NotPositive; above max: TooLarge
    Positive, ///< ≤ 0: NotPositive; above max: TooLarge (min is not used)
    Interval, ///< outside: OutOfRange (or Negative below zero where 0 means "unset")
};

/// When a field's value is used, and so range-checked, checked against other fields and offered
/// by the window (core/rules: fieldUsed): a serving batch means nothing to a training run, MoE
/// settings nothing to a dense model, context parallelism nothing to a serving run.
enum class FieldUse : std::uint8_t {
    Always,
    Training,     ///< mode train or finetune: serving splits a replica over TP × PP and runs no optimizer
    Architecture, ///< the model has an architecture (not a bare parameter count)
    CountOnly,    ///< the model is a bare parameter count
    MoE,          ///< … and it has experts
    Serving,      ///< mode inference
    FineTune,     ///< mode finetune
    Adapters,     ///< … with LoRA or QLoRA
    Rl,           ///< … with an RL algorithm
    Vision,       ///< the model has a vision tower (an architecture with model.vision_layers > 0)
    ModelledMfu,  ///< the MFU is used: no measured throughput replaces it (training, fine-tuning)
    Count
};

/// When saveScenario writes the key.
enum class FieldPresence : std::uint8_t {
    Always,
    Architecture, ///< the model has an architecture
    MoE,          ///< … with experts
    Mla,          ///< … with multi-head latent attention
    Hybrid,       ///< … with a linear mixer (issue 28), or a hybrid key away from its default
    Sparse,       ///< … with DeepSeek Sparse Attention's indexer, or an indexer key away from its default
    Vision,       ///< … with a vision tower (issue 28), or a vision key away from its default
    Stated,       ///< … and the value is not the default ("not stated"): files without it do not change
    Manual,       ///< scenario_io decides (texts, specials, the model's parameter count)
};

/// One accepted value of an enum field: its name in the file and its enum value.
struct Choice
{
    std::string_view name;
    int value;
};

// --- choices, in the order of their enums (the order error messages list them in)
inline constexpr Choice kModeChoices[] = {{"train", int(Mode::Train)}, {"inference", int(Mode::Inference)}, {"finetune", int(Mode::FineTune)}};
inline constexpr Choice kNormalizationChoices[] = {{"rmsnorm", int(Normalization::RMSNorm)}, {"layernorm", int(Normalization::LayerNorm)}};
inline constexpr Choice kPositionEmbeddingChoices[] = {{"rope", int(PositionEmbedding::Rotary)}, {"learned", int(PositionEmbedding::Learned)}};
/// HF rope_scaling.rope_type names.
inline constexpr Choice kRopeScalingChoices[] = {{"none", int(RopeScaling::None)}, {"llama3", int(RopeScaling::Llama3)},
                                                 {"yarn", int(RopeScaling::Yarn)}, {"linear", int(RopeScaling::Linear)}};
/// HF hidden_act names (gelu_pytorch_tanh is "gelu_tanh"; relu2 is Megatron's squared ReLU).
inline constexpr Choice kActivationChoices[] = {{"auto", int(Activation::Auto)}, {"silu", int(Activation::Silu)},
                                                {"gelu", int(Activation::Gelu)}, {"gelu_tanh", int(Activation::GeluTanh)},
                                                {"relu", int(Activation::Relu)}, {"squared_relu", int(Activation::SquaredRelu)}};
/// The token mixer of a hybrid's non-attention layers (issue 28).
inline constexpr Choice kLinearMixerChoices[] = {{"none", int(LinearMixer::None)}, {"gated_deltanet", int(LinearMixer::GatedDeltaNet)},
                                                 {"mamba2", int(LinearMixer::Mamba2)}};
/// HF mamba_ssm_cache_dtype / mamba_ssm_dtype names.
inline constexpr Choice kRecurrentStateDtypeChoices[] = {{"auto", int(RecurrentStateDtype::Auto)}, {"float32", int(RecurrentStateDtype::Float32)},
                                                         {"bfloat16", int(RecurrentStateDtype::Bfloat16)}};
inline constexpr Choice kPrecisionRecipeChoices[] = {{"mixed_16", int(PrecisionRecipe::Mixed16)},
                                                     {"mixed_bf16_fp32_grads", int(PrecisionRecipe::MixedBf16Fp32Grads)},
                                                     {"fp32", int(PrecisionRecipe::Fp32)},
                                                     {"bf16", int(PrecisionRecipe::Bf16)},
                                                     {"fp8_mixed", int(PrecisionRecipe::Fp8Mixed)}};
inline constexpr Choice kOptimizerChoices[] = {{"adam", int(Optimizer::Adam)},           {"adamw", int(Optimizer::AdamW)},
                                               {"sgd", int(Optimizer::Sgd)},             {"sgd_momentum", int(Optimizer::SgdMomentum)},
                                               {"lion", int(Optimizer::Lion)},           {"adam_8bit", int(Optimizer::Adam8bit)},
                                               {"adafactor", int(Optimizer::Adafactor)}};
inline constexpr Choice kRecomputeChoices[] = {{"none", int(Recompute::None)}, {"selective", int(Recompute::Selective)}, {"full", int(Recompute::Full)}};
inline constexpr Choice kFlopsFormulaChoices[] = {{"megatron", int(FlopsFormula::Megatron)}, {"6nd", int(FlopsFormula::SixND)}};
/// FSDP's sharding strategies, accepted for training.zero_stage (PyTorch ShardingStrategy).
inline constexpr Choice kFsdpChoices[] = {{"no_shard", 0}, {"shard_grad_op", 2}, {"full_shard", 3}};
inline constexpr Choice kWeightFormatChoices[] = {{"fp32", int(WeightFormat::Fp32)}, {"bf16", int(WeightFormat::Bf16)},
                                                  {"fp16", int(WeightFormat::Fp16)}, {"fp8", int(WeightFormat::Fp8)},
                                                  {"int8", int(WeightFormat::Int8)}, {"int4", int(WeightFormat::Int4)},
                                                  {"nf4", int(WeightFormat::Nf4)}};
inline constexpr Choice kScaleFormatChoices[] = {{"fp32", int(ScaleFormat::Fp32)}, {"fp16", int(ScaleFormat::Fp16)}, {"bf16", int(ScaleFormat::Bf16)},
                                                 {"fp8", int(ScaleFormat::Fp8)}, {"e8m0", int(ScaleFormat::E8M0)}};
inline constexpr Choice kKvCacheDtypeChoices[] = {{"fp32", int(KvCacheDtype::Fp32)}, {"bf16", int(KvCacheDtype::Bf16)},
                                                  {"fp16", int(KvCacheDtype::Fp16)}, {"fp8", int(KvCacheDtype::Fp8)},
                                                  {"int8", int(KvCacheDtype::Int8)}};
inline constexpr Choice kFineTuneMethodChoices[] = {{"full", int(FineTuneMethod::Full)}, {"lora", int(FineTuneMethod::LoRA)},
                                                    {"qlora", int(FineTuneMethod::QLoRA)}};
inline constexpr Choice kRlAlgorithmChoices[] = {{"none", int(RlAlgorithm::None)}, {"grpo", int(RlAlgorithm::Grpo)}, {"ppo", int(RlAlgorithm::Ppo)}};
inline constexpr Choice kRolloutPlacementChoices[] = {{"colocated", int(RolloutPlacement::Colocated)}, {"separate", int(RolloutPlacement::Separate)}};
inline constexpr Choice kFrameworkChoices[] = {{"megatron", int(Framework::Megatron)}, {"deepspeed", int(Framework::DeepSpeed)},
                                               {"fsdp2", int(Framework::Fsdp2)}, {"ddp", int(Framework::Ddp)}};
inline constexpr Choice kOffloadDeviceChoices[] = {{"cpu", int(OffloadDevice::Cpu)}, {"nvme", int(OffloadDevice::Nvme)}};
inline constexpr Choice kMomentDtypeChoices[] = {{"auto", int(MomentDtype::Auto)}, {"fp32", int(MomentDtype::Fp32)}, {"bf16", int(MomentDtype::Bf16)}};
inline constexpr Choice kLossImplementationChoices[] = {
    {"auto", int(LossImplementation::Auto)},
    {"torch", int(LossImplementation::Torch)},
    {"torch_compiled", int(LossImplementation::TorchCompiled)},
    {"chunked_output", int(LossImplementation::ChunkedOutput)},
    {"chunked_output_eager", int(LossImplementation::ChunkedOutputEager)},
    {"chunked_loss", int(LossImplementation::ChunkedLoss)},
    {"vocab_parallel", int(LossImplementation::VocabParallel)},
    {"hf_model_loss", int(LossImplementation::HfModelLoss)}};
inline constexpr Choice kAttentionKernelChoices[] = {{"auto", int(AttentionKernel::Auto)}, {"fa2", int(AttentionKernel::Fa2)},
                                                     {"fa3", int(AttentionKernel::Fa3)}, {"cudnn", int(AttentionKernel::Cudnn)}};
inline constexpr Choice kFp8RecipeChoices[] = {{"delayed", int(Fp8Recipe::Delayed)}, {"current", int(Fp8Recipe::Current)},
                                               {"blockwise", int(Fp8Recipe::Blockwise)}, {"mxfp8", int(Fp8Recipe::Mxfp8)},
                                               {"nvfp4", int(Fp8Recipe::Nvfp4)}};
inline constexpr Choice kServingEngineChoices[] = {{"vllm", int(ServingEngine::Vllm)}, {"sglang", int(ServingEngine::Sglang)},
                                                   {"hf_transformers", int(ServingEngine::HfTransformers)},
                                                   {"llama_cpp", int(ServingEngine::LlamaCpp)}, {"tensorrt_llm", int(ServingEngine::TensorRtLlm)}};
inline constexpr Choice kSpeculativeMethodChoices[] = {{"none", int(SpeculativeMethod::None)}, {"draft_model", int(SpeculativeMethod::DraftModel)},
                                                      {"eagle", int(SpeculativeMethod::Eagle)}, {"mtp", int(SpeculativeMethod::Mtp)}};
inline constexpr Choice kAdapterDtypeChoices[] = {{"fp32", int(AdapterDtype::Fp32)}, {"bf16", int(AdapterDtype::Bf16)}, {"fp16", int(AdapterDtype::Fp16)}};
/// finetune.lora_targets: the names of the LoraTarget bits.
inline constexpr Choice kLoraTargetChoices[] = {{"q", LoraQ},       {"k", LoraK},   {"v", LoraV},      {"o", LoraO},
                                                {"gate", LoraGate}, {"up", LoraUp}, {"down", LoraDown}};

/// The choices of an enum type (empty for other types).
template <typename E> inline constexpr std::span<const Choice> kChoicesOf{};
template <> inline constexpr std::span<const Choice> kChoicesOf<Mode>{kModeChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<Normalization>{kNormalizationChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<PositionEmbedding>{kPositionEmbeddingChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<RopeScaling>{kRopeScalingChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<Activation>{kActivationChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<LinearMixer>{kLinearMixerChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<RecurrentStateDtype>{kRecurrentStateDtypeChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<PrecisionRecipe>{kPrecisionRecipeChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<Optimizer>{kOptimizerChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<Recompute>{kRecomputeChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<FlopsFormula>{kFlopsFormulaChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<WeightFormat>{kWeightFormatChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<ScaleFormat>{kScaleFormatChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<KvCacheDtype>{kKvCacheDtypeChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<SpeculativeMethod>{kSpeculativeMethodChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<FineTuneMethod>{kFineTuneMethodChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<RlAlgorithm>{kRlAlgorithmChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<RolloutPlacement>{kRolloutPlacementChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<Framework>{kFrameworkChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<MomentDtype>{kMomentDtypeChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<OffloadDevice>{kOffloadDeviceChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<LossImplementation>{kLossImplementationChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<AttentionKernel>{kAttentionKernelChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<Fp8Recipe>{kFp8RecipeChoices};
inline constexpr Choice kPpScheduleChoices[] = {{"1f1b", int(PpSchedule::OneFOneB)}, {"zb_v", int(PpSchedule::ZeroBubbleV)},
                                                {"dualpipe", int(PpSchedule::DualPipe)}, {"dualpipe_v", int(PpSchedule::DualPipeV)}};
template <> inline constexpr std::span<const Choice> kChoicesOf<PpSchedule>{kPpScheduleChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<ServingEngine>{kServingEngineChoices};
template <> inline constexpr std::span<const Choice> kChoicesOf<AdapterDtype>{kAdapterDtypeChoices};

/// The name of an enum value in a scenario file ("mixed_16"); empty if it has none.
template <typename E>
    requires std::is_enum_v<E>
constexpr std::string_view choiceName(E value)
{
    for (const Choice& c : kChoicesOf<E>)
        if (c.value == int(value))
            return c.name;
    return {};
}

/// One row of the table.
struct FieldInfo
{
    Field field;
    std::string_view key;     ///< "finetune.rl.rollout_gpus"
    FieldSection section;
    FieldType type;
    FieldUnit unit;
    Bound bound;
    bool zeroIsUnset;         ///< 0 means "unset / derived" and passes the range check
    double min, max;          ///< valid range (enums: 0 … choices − 1; booleans 0 … 1)
    FieldUse use;
    FieldPresence presence;
    std::span<const Choice> choices; ///< enums (and the FSDP alias)
    FieldValue (*get)(const Scenario&);   ///< scalars only
    void (*set)(Scenario&, FieldValue);   ///< scalars only; the value is converted to the member's type

    /// The key's last part, the name inside its JSON object ("rollout_gpus").
    constexpr std::string_view name() const { return key.substr(key.rfind('.') + 1); }
    constexpr bool isScalar() const { return type <= FieldType::Enum; }
    constexpr bool isNumber() const { return type == FieldType::Int || type == FieldType::Int64 || type == FieldType::Double; }
};

namespace field_detail {

// Magnitudes beyond these are typos, not models (validation rejects them with the key named):
// 10^16 parameters is ten thousand times GPT-4-class models and keeps every byte count far
// below double's exact-integer range; a PB of GPU memory, 1 kB/s … 1 PB/s links and
// 0.001 … 10^6 TFLOP/s are far outside any device and keep every time and rate finite.
inline constexpr double kMaxParameters = 1e16;
inline constexpr double kMaxDimension = 1e7; // hidden, FFN (×8), vocabulary, heads, ranks
inline constexpr double kMaxLayers = 1e5;
inline constexpr double kMaxGpus = 1e8;
inline constexpr double kMaxSequence = 1e9;
inline constexpr double kMaxBytes = 1e15;
inline constexpr double kMinBandwidth = 1e3, kMaxBandwidth = 1e15;
inline constexpr double kMinTflops = 1e-3, kMaxTflops = 1e6;

struct Range
{
    Bound bound = Bound::AtLeast;
    double min = 0, max = 0;
    bool zeroIsUnset = false;
    /// 0 also passes: "unset", "same as", "unknown".
    constexpr Range orZero() const { Range r = *this; r.zeroIsUnset = true; return r; }
};
constexpr Range atLeast(double min, double max) { return {Bound::AtLeast, min, max}; }
constexpr Range positive(double max) { return {Bound::Positive, 0, max}; }
constexpr Range between(double min, double max) { return {Bound::Interval, min, max}; }

template <auto... Path>
constexpr const auto& member(const Scenario& s) { return (s .* ... .* Path); }
template <auto... Path>
constexpr auto& member(Scenario& s) { return (s .* ... .* Path); }

template <auto... Path>
FieldValue get(const Scenario& s) { return FieldValue(member<Path...>(s)); }
template <auto... Path>
void set(Scenario& s, FieldValue v)
{
    auto& m = member<Path...>(s);
    m = v.template as<std::remove_cvref_t<decltype(m)>>();
}

template <typename T>
constexpr FieldType typeOf()
{
    if constexpr (std::is_same_v<T, bool>) return FieldType::Bool;
    else if constexpr (std::is_same_v<T, int>) return FieldType::Int;
    else if constexpr (std::is_same_v<T, std::int64_t>) return FieldType::Int64;
    else if constexpr (std::is_same_v<T, double>) return FieldType::Double;
    else {
        static_assert(std::is_enum_v<T> && !kChoicesOf<T>.empty(), "a field's member is bool, int, std::int64_t, double or an enum with choices");
        return FieldType::Enum;
    }
}

constexpr bool startsWith(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

constexpr FieldSection sectionOfKey(std::string_view key)
{
    if (startsWith(key, "hardware.gpu.peak_tflops.")) return FieldSection::GpuPeaks;
    if (startsWith(key, "hardware.gpu.")) return FieldSection::Gpu;
    if (startsWith(key, "finetune.rl.")) return FieldSection::Rl;
    if (startsWith(key, "model.")) return FieldSection::Model;
    if (startsWith(key, "training.")) return FieldSection::Training;
    if (startsWith(key, "parallel.")) return FieldSection::Parallel;
    if (startsWith(key, "hardware.")) return FieldSection::Hardware;
    if (startsWith(key, "runtime.")) return FieldSection::Runtime;
    if (startsWith(key, "goodput.")) return FieldSection::Goodput;
    if (startsWith(key, "inference.")) return FieldSection::Inference;
    if (startsWith(key, "finetune.")) return FieldSection::FineTune;
    return FieldSection::Top;
}

/// A scalar field: the member is the chain of member pointers from Scenario (its type gives
/// the field's type; an enum brings its choices).
template <auto... Path>
constexpr FieldInfo scalar(Field field, std::string_view key, FieldUnit unit, Range range, FieldUse use = FieldUse::Always,
                           FieldPresence presence = FieldPresence::Always)
{
    using T = std::remove_cvref_t<decltype(member<Path...>(std::declval<const Scenario&>()))>;
    constexpr FieldType type = typeOf<T>();
    std::span<const Choice> choices;
    if constexpr (std::is_enum_v<T>)
        choices = kChoicesOf<T>;
    return FieldInfo{field, key, sectionOfKey(key), type, unit, range.bound, range.zeroIsUnset, range.min, range.max,
                     use, presence, choices, &get<Path...>, &set<Path...>};
}
/// Choices and booleans: the range is their values.
template <auto... Path>
constexpr FieldInfo choice(Field field, std::string_view key, FieldUse use = FieldUse::Always, FieldPresence presence = FieldPresence::Always)
{
    using T = std::remove_cvref_t<decltype(member<Path...>(std::declval<const Scenario&>()))>;
    const double last = std::is_enum_v<T> ? double(kChoicesOf<T>.size()) - 1 : 1;
    return scalar<Path...>(field, key, FieldUnit::None, between(0, last), use, presence);
}
/// A key scenario_io reads and writes by hand.
constexpr FieldInfo special(Field field, std::string_view key, FieldType type, std::span<const Choice> choices = {})
{
    return FieldInfo{field, key, sectionOfKey(key), type, FieldUnit::None, Bound::Interval, false, 0, 0,
                     FieldUse::Always, FieldPresence::Manual, choices, nullptr, nullptr};
}

using S = Scenario;
using M = ModelArchitecture;
using T = TrainingSetup;
using P = ParallelLayout;
using H = HardwareSetup;
using G = GpuSpec;
using R = RuntimeOverheads;
using Y = GoodputSetup;
using I = InferenceSetup;
using Q = WeightQuantization;
using F = FineTuneSetup;
using L = RlSetup;
using U = FieldUnit;
using E = FieldUse;
using W = FieldPresence;
using K = FieldType;

// clang-format off
inline constexpr FieldInfo kFields[] = {
    special(Field::SchemaVersion, "schema_version", K::Other),
    special(Field::Title, "title", K::Text),
    special(Field::Description, "description", K::Text),
    choice<&S::mode>(Field::Mode, "mode"),

    special(Field::ModelPreset, "model.preset", K::Text),
    special(Field::ModelName, "model.name", K::Text),
    scalar<&S::model, &M::numLayers>(Field::ModelNumLayers, "model.num_layers", U::Layers, atLeast(1, kMaxLayers), E::Architecture, W::Architecture),
    scalar<&S::model, &M::hiddenSize>(Field::ModelHiddenSize, "model.hidden_size", U::Width, atLeast(1, kMaxDimension), E::Architecture, W::Architecture),
    scalar<&S::model, &M::ffnHiddenSize>(Field::ModelFfnHiddenSize, "model.ffn_hidden_size", U::Width, atLeast(1, kMaxDimension * 8), E::Architecture, W::Architecture),
    scalar<&S::model, &M::numAttentionHeads>(Field::ModelNumAttentionHeads, "model.num_attention_heads", U::Count, atLeast(1, kMaxDimension), E::Architecture, W::Architecture),
    scalar<&S::model, &M::numQueryGroups>(Field::ModelNumQueryGroups, "model.num_query_groups", U::Count, atLeast(1, kMaxDimension), E::Architecture, W::Architecture),
    scalar<&S::model, &M::headDim>(Field::ModelHeadDim, "model.head_dim", U::Width, atLeast(1, kMaxDimension).orZero(), E::Architecture, W::Architecture),
    scalar<&S::model, &M::vocabSize>(Field::ModelVocabSize, "model.vocab_size", U::Count, atLeast(1, kMaxDimension), E::Architecture, W::Architecture),
    scalar<&S::model, &M::padVocabMultiple>(Field::ModelPadVocabMultiple, "model.pad_vocab_multiple", U::Count, atLeast(0, kMaxDimension), E::Architecture, W::Architecture),
    scalar<&S::model, &M::maxPositionEmbeddings>(Field::ModelMaxPositionEmbeddings, "model.max_position_embeddings", U::Tokens, atLeast(1, kMaxSequence).orZero(), E::Architecture, W::Architecture),
    choice<&S::model, &M::tiedEmbeddings>(Field::ModelTiedEmbeddings, "model.tied_embeddings", E::Architecture, W::Architecture),
    choice<&S::model, &M::gatedMlp>(Field::ModelGatedMlp, "model.gated_mlp", E::Architecture, W::Architecture),
    choice<&S::model, &M::normalization>(Field::ModelNormalization, "model.normalization", E::Architecture, W::Architecture),
    choice<&S::model, &M::positionEmbedding>(Field::ModelPositionEmbedding, "model.position_embedding", E::Architecture, W::Architecture),
    choice<&S::model, &M::linearBias>(Field::ModelLinearBias, "model.linear_bias", E::Architecture, W::Architecture),
    choice<&S::model, &M::qkvBias>(Field::ModelQkvBias, "model.qkv_bias", E::Architecture, W::Architecture),
    choice<&S::model, &M::dropout>(Field::ModelDropout, "model.dropout", E::Architecture, W::Architecture),
    scalar<&S::model, &M::normsPerLayer>(Field::ModelNormsPerLayer, "model.norms_per_layer", U::Count, atLeast(0, 64), E::Architecture, W::Architecture),
    choice<&S::model, &M::qkNorm>(Field::ModelQkNorm, "model.qk_norm", E::Architecture, W::Architecture),
    scalar<&S::model, &M::numExperts>(Field::ModelNumExperts, "model.num_experts", U::Count, atLeast(0, kMaxDimension), E::Architecture, W::MoE),
    scalar<&S::model, &M::moeTopK>(Field::ModelMoeTopK, "model.moe_top_k", U::Count, atLeast(1, 1e6), E::MoE, W::MoE),
    scalar<&S::model, &M::moeFfnHiddenSize>(Field::ModelMoeFfnHiddenSize, "model.moe_ffn_hidden_size", U::Width, atLeast(1, kMaxDimension * 8), E::MoE, W::MoE),
    scalar<&S::model, &M::numSharedExperts>(Field::ModelNumSharedExperts, "model.num_shared_experts", U::Count, atLeast(0, kMaxDimension), E::Architecture, W::MoE),
    scalar<&S::model, &M::sharedExpertFfnHiddenSize>(Field::ModelSharedExpertFfnHiddenSize, "model.shared_expert_ffn_hidden_size", U::Width, atLeast(0, kMaxDimension * 8), E::Architecture, W::MoE),
    choice<&S::model, &M::sharedExpertGate>(Field::ModelSharedExpertGate, "model.shared_expert_gate", E::Architecture, W::MoE),
    scalar<&S::model, &M::moeLayerFrequency>(Field::ModelMoeLayerFrequency, "model.moe_layer_frequency", U::Layers, atLeast(1, kMaxLayers), E::MoE, W::MoE),
    scalar<&S::model, &M::firstDenseLayers>(Field::ModelFirstDenseLayers, "model.first_dense_layers", U::Layers, atLeast(0, kMaxLayers), E::Architecture, W::MoE),
    scalar<&S::model, &M::qLoraRank>(Field::ModelQLoraRank, "model.q_lora_rank", U::Width, atLeast(0, kMaxDimension), E::Architecture, W::Mla),
    scalar<&S::model, &M::kvLoraRank>(Field::ModelKvLoraRank, "model.kv_lora_rank", U::Width, atLeast(0, kMaxDimension), E::Architecture, W::Mla),
    scalar<&S::model, &M::qkNopeHeadDim>(Field::ModelQkNopeHeadDim, "model.qk_nope_head_dim", U::Width, atLeast(0, kMaxDimension), E::Architecture, W::Mla),
    scalar<&S::model, &M::qkRopeHeadDim>(Field::ModelQkRopeHeadDim, "model.qk_rope_head_dim", U::Width, atLeast(0, kMaxDimension), E::Architecture, W::Mla),
    scalar<&S::model, &M::vHeadDim>(Field::ModelVHeadDim, "model.v_head_dim", U::Width, atLeast(0, kMaxDimension), E::Architecture, W::Mla),
    // DeepSeek Sparse Attention's lightning indexer (DeepSeek-V3.2-Exp config index_n_heads, index_head_dim, index_topk).
    scalar<&S::model, &M::indexNumHeads>(Field::ModelIndexNumHeads, "model.index_n_heads", U::Count, atLeast(0, kMaxDimension), E::Architecture, W::Sparse),
    scalar<&S::model, &M::indexHeadDim>(Field::ModelIndexHeadDim, "model.index_head_dim", U::Width, atLeast(0, kMaxDimension), E::Architecture, W::Sparse),
    scalar<&S::model, &M::indexTopK>(Field::ModelIndexTopK, "model.index_topk", U::Tokens, atLeast(0, kMaxSequence), E::Architecture, W::Sparse),
    // Multi-token-prediction modules (HF num_nextn_predict_layers, Megatron --mtp-num-layers), trained with the model.
    scalar<&S::model, &M::mtpLayers>(Field::ModelMtpLayers, "model.mtp_layers", U::Layers, between(0, 16), E::Architecture, W::Stated),
    scalar<&S::model, &M::slidingWindow>(Field::ModelSlidingWindow, "model.sliding_window", U::Tokens, atLeast(0, kMaxSequence), E::Architecture, W::Architecture),
    scalar<&S::model, &M::globalLayerEvery>(Field::ModelGlobalLayerEvery, "model.global_layer_every", U::Layers, atLeast(0, kMaxLayers), E::Architecture, W::Architecture),
    // Hybrid linear-attention / state-space layers (issue 28): written for a hybrid (or when one
    // is away from its default, as the MoE keys), so every other scenario file reads and writes
    // unchanged.
    choice<&S::model, &M::linearMixer>(Field::ModelLinearMixer, "model.linear_mixer", E::Architecture, W::Hybrid),
    scalar<&S::model, &M::fullAttentionInterval>(Field::ModelFullAttentionInterval, "model.full_attention_interval", U::Layers, atLeast(0, kMaxLayers), E::Architecture, W::Hybrid),
    scalar<&S::model, &M::fullAttentionFirst>(Field::ModelFullAttentionFirst, "model.full_attention_first", U::Layers, between(-1, kMaxLayers), E::Architecture, W::Hybrid),
    choice<&S::model, &M::mixerOnlyBeforeAttention>(Field::ModelMixerOnlyBeforeAttention, "model.mixer_only_before_attention", E::Architecture, W::Hybrid),
    scalar<&S::model, &M::linearNumKeyHeads>(Field::ModelLinearNumKeyHeads, "model.linear_num_key_heads", U::Count, atLeast(0, kMaxDimension), E::Architecture, W::Hybrid),
    scalar<&S::model, &M::linearKeyHeadDim>(Field::ModelLinearKeyHeadDim, "model.linear_key_head_dim", U::Width, atLeast(0, kMaxDimension), E::Architecture, W::Hybrid),
    scalar<&S::model, &M::linearNumValueHeads>(Field::ModelLinearNumValueHeads, "model.linear_num_value_heads", U::Count, atLeast(0, kMaxDimension), E::Architecture, W::Hybrid),
    scalar<&S::model, &M::linearValueHeadDim>(Field::ModelLinearValueHeadDim, "model.linear_value_head_dim", U::Width, atLeast(0, kMaxDimension), E::Architecture, W::Hybrid),
    scalar<&S::model, &M::linearConvKernel>(Field::ModelLinearConvKernel, "model.linear_conv_kernel", U::Width, between(1, 64), E::Architecture, W::Hybrid),
    choice<&S::model, &M::attentionOutputGate>(Field::ModelAttentionOutputGate, "model.attention_output_gate", E::Architecture, W::Hybrid),
    choice<&S::model, &M::recurrentStateDtype>(Field::ModelRecurrentStateDtype, "model.recurrent_state_dtype", E::Architecture, W::Hybrid),
    // A vision tower (issue 28 item 4, core/model/visiontower.h): written for a model with one (or
    // when a key is away from its default), so every text model's file reads and writes unchanged.
    scalar<&S::model, &M::visionLayers>(Field::ModelVisionLayers, "model.vision_layers", U::Layers, atLeast(0, kMaxLayers), E::Architecture, W::Vision),
    scalar<&S::model, &M::visionHiddenSize>(Field::ModelVisionHiddenSize, "model.vision_hidden_size", U::Width, atLeast(1, kMaxDimension), E::Vision, W::Vision),
    scalar<&S::model, &M::visionFfnHiddenSize>(Field::ModelVisionFfnHiddenSize, "model.vision_ffn_hidden_size", U::Width, atLeast(1, kMaxDimension * 8), E::Vision, W::Vision),
    scalar<&S::model, &M::visionHeads>(Field::ModelVisionHeads, "model.vision_num_attention_heads", U::Count, atLeast(1, kMaxDimension), E::Vision, W::Vision),
    scalar<&S::model, &M::visionPatchSize>(Field::ModelVisionPatchSize, "model.vision_patch_size", U::Width, atLeast(1, 4096), E::Vision, W::Vision),
    scalar<&S::model, &M::visionImageSize>(Field::ModelVisionImageSize, "model.vision_image_size", U::Width, atLeast(1, 65536), E::Vision, W::Vision),
    scalar<&S::model, &M::visionTemporalPatch>(Field::ModelVisionTemporalPatch, "model.vision_temporal_patch", U::Count, atLeast(1, 64), E::Vision, W::Vision),
    choice<&S::model, &M::visionGatedMlp>(Field::ModelVisionGatedMlp, "model.vision_gated_mlp", E::Vision, W::Vision),
    choice<&S::model, &M::visionNormalization>(Field::ModelVisionNormalization, "model.vision_normalization", E::Vision, W::Vision),
    choice<&S::model, &M::visionLearnedPositions>(Field::ModelVisionLearnedPositions, "model.vision_learned_positions", E::Vision, W::Vision),
    choice<&S::model, &M::visionClassToken>(Field::ModelVisionClassToken, "model.vision_class_token", E::Vision, W::Vision),
    scalar<&S::model, &M::visionFinalNorms>(Field::ModelVisionFinalNorms, "model.vision_final_norms", U::Count, atLeast(0, 8), E::Vision, W::Vision),
    scalar<&S::model, &M::visionMerge>(Field::ModelVisionMerge, "model.vision_merge", U::Count, atLeast(1, 64), E::Vision, W::Vision),
    scalar<&S::model, &M::visionTilesPerImage>(Field::ModelVisionTilesPerImage, "model.vision_tiles_per_image", U::Count, atLeast(1, 1024), E::Vision, W::Vision),
    scalar<&S::model, &M::visionTokensPerImage>(Field::ModelVisionTokensPerImage, "model.vision_tokens_per_image", U::Tokens, atLeast(0, kMaxSequence), E::Vision, W::Vision),
    scalar<&S::model, &M::visionProjectorLayers>(Field::ModelVisionProjectorLayers, "model.vision_projector_layers", U::Layers, atLeast(1, 16), E::Vision, W::Vision),
    scalar<&S::model, &M::visionProjectorHidden>(Field::ModelVisionProjectorHidden, "model.vision_projector_hidden", U::Width, atLeast(0, kMaxDimension * 8), E::Vision, W::Vision),
    choice<&S::model, &M::visionProjectorBias>(Field::ModelVisionProjectorBias, "model.vision_projector_bias", E::Vision, W::Vision),
    choice<&S::model, &M::visionProjectorNorm>(Field::ModelVisionProjectorNorm, "model.vision_projector_norm", E::Vision, W::Vision),
    choice<&S::model, &M::visionPatchBias>(Field::ModelVisionPatchBias, "model.vision_patch_bias", E::Vision, W::Vision),
    // Launch-file keys (no estimate reads them): written only when stated.
    scalar<&S::model, &M::ropeTheta>(Field::ModelRopeTheta, "model.rope_theta", U::Factor, between(1, 1e12).orZero(), E::Architecture, W::Stated),
    choice<&S::model, &M::ropeScaling>(Field::ModelRopeScaling, "model.rope_scaling", E::Architecture, W::Stated),
    scalar<&S::model, &M::ropeScalingFactor>(Field::ModelRopeScalingFactor, "model.rope_scaling_factor", U::Factor, between(1, 1e4).orZero(), E::Architecture, W::Stated),
    scalar<&S::model, &M::normEpsilon>(Field::ModelNormEpsilon, "model.norm_epsilon", U::Fraction, between(1e-12, 0.1).orZero(), E::Architecture, W::Stated),
    choice<&S::model, &M::activation>(Field::ModelActivation, "model.activation", E::Architecture, W::Stated),
    scalar<&S::model, &M::parameters>(Field::ModelParameters, "model.parameters", U::Parameters, atLeast(1, kMaxParameters), E::CountOnly, W::Manual),

    scalar<&S::training, &T::seqLength>(Field::TrainingSeqLength, "training.seq_length", U::Tokens, atLeast(1, kMaxSequence), E::Training),
    scalar<&S::training, &T::microBatchSize>(Field::TrainingMicroBatchSize, "training.micro_batch_size", U::Sequences, atLeast(1, 1e6)),
    scalar<&S::training, &T::globalBatchSize>(Field::TrainingGlobalBatchSize, "training.global_batch_size", U::Sequences, atLeast(1, 1e9)),
    scalar<&S::training, &T::trainTokens>(Field::TrainingTrainTokens, "training.train_tokens", U::Tokens, atLeast(0, 1e18), E::Training),
    choice<&S::training, &T::precision>(Field::TrainingPrecision, "training.precision"),
    choice<&S::training, &T::optimizer>(Field::TrainingOptimizer, "training.optimizer"),
    scalar<&S::training, &T::zeroStage>(Field::TrainingZeroStage, "training.zero_stage", U::Stage, between(0, 3), E::Training),
    special(Field::TrainingFsdp, "training.fsdp", K::Other, kFsdpChoices),
    choice<&S::training, &T::offloadOptimizer>(Field::TrainingOffloadOptimizer, "training.offload_optimizer", E::Training),
    choice<&S::training, &T::offloadParameters>(Field::TrainingOffloadParameters, "training.offload_parameters", E::Training),
    choice<&S::training, &T::offloadDevice>(Field::TrainingOffloadDevice, "training.offload_device", E::Training),
    choice<&S::training, &T::recompute>(Field::TrainingRecompute, "training.recompute", E::Training),
    choice<&S::training, &T::flashAttention>(Field::TrainingFlashAttention, "training.flash_attention", E::Training),
    choice<&S::training, &T::flopsFormula>(Field::TrainingFlopsFormula, "training.flops_formula", E::Training),
    scalar<&S::training, &T::moeCapacityFactor>(Field::TrainingMoeCapacityFactor, "training.moe_capacity_factor", U::Factor, between(0.1, 64), E::MoE),
    choice<&S::training, &T::tpCommOverlap>(Field::TrainingTpCommOverlap, "training.tp_comm_overlap", E::Training),
    choice<&S::training, &T::framework>(Field::TrainingFramework, "training.framework"),
    choice<&S::training, &T::momentDtype>(Field::TrainingMomentDtype, "training.moment_dtype"),
    choice<&S::training, &T::lossImplementation>(Field::TrainingLossImplementation, "training.loss_implementation"),
    choice<&S::training, &T::attentionKernel>(Field::TrainingAttentionKernel, "training.attention_kernel"),
    choice<&S::training, &T::torchCompile>(Field::TrainingTorchCompile, "training.torch_compile"),
    choice<&S::training, &T::fp8Recipe>(Field::TrainingFp8Recipe, "training.fp8_recipe"),
    choice<&S::training, &T::moeCommOverlap>(Field::TrainingMoeCommOverlap, "training.moe_comm_overlap", E::MoE),
    choice<&S::training, &T::moeHierarchicalDispatch>(Field::TrainingMoeHierarchicalDispatch, "training.moe_hierarchical_dispatch", E::MoE),
    choice<&S::training, &T::optimizerInBackward>(Field::TrainingOptimizerInBackward, "training.optimizer_in_backward", E::Training),
    choice<&S::training, &T::activationOffload>(Field::TrainingActivationOffload, "training.activation_offload", E::Training),
    // A vision-language model's images (issue 28 item 4): written only when set.
    scalar<&S::training, &T::imagesPerSample>(Field::TrainingImagesPerSample, "training.images_per_sample", U::Count, atLeast(0, 1e5), E::Training, W::Stated),
    choice<&S::training, &T::visionFrozen>(Field::TrainingVisionFrozen, "training.vision_frozen", E::Training, W::Stated),

    scalar<&S::parallel, &P::gpus>(Field::ParallelGpus, "parallel.gpus", U::Count, atLeast(1, kMaxGpus)),
    scalar<&S::parallel, &P::gpusPerNode>(Field::ParallelGpusPerNode, "parallel.gpus_per_node", U::Count, atLeast(1, 1024)),
    scalar<&S::parallel, &P::nvlinkDomain>(Field::ParallelNvlinkDomain, "parallel.nvlink_domain", U::Count, atLeast(1, 1024).orZero()),
    scalar<&S::parallel, &P::tensor>(Field::ParallelTensor, "parallel.tensor", U::Count, atLeast(1, kMaxGpus)),
    scalar<&S::parallel, &P::pipeline>(Field::ParallelPipeline, "parallel.pipeline", U::Count, atLeast(1, kMaxGpus)),
    scalar<&S::parallel, &P::virtualPipeline>(Field::ParallelVirtualPipeline, "parallel.virtual_pipeline", U::Count, atLeast(1, 1024), E::Training),
    scalar<&S::parallel, &P::context>(Field::ParallelContext, "parallel.context", U::Count, atLeast(1, kMaxGpus), E::Training),
    choice<&S::parallel, &P::sequenceParallel>(Field::ParallelSequenceParallel, "parallel.sequence_parallel", E::Training),
    scalar<&S::parallel, &P::expert>(Field::ParallelExpert, "parallel.expert", U::Count, atLeast(1, kMaxGpus)),
    scalar<&S::parallel, &P::expertTensor>(Field::ParallelExpertTensor, "parallel.expert_tensor", U::Count, atLeast(1, kMaxGpus).orZero()),
    scalar<&S::parallel, &P::firstStageLayers>(Field::ParallelFirstStageLayers, "parallel.first_stage_layers", U::Layers, atLeast(1, kMaxLayers).orZero()),
    scalar<&S::parallel, &P::lastStageLayers>(Field::ParallelLastStageLayers, "parallel.last_stage_layers", U::Layers, atLeast(1, kMaxLayers).orZero()),
    choice<&S::parallel, &P::embeddingCountsAsLayer>(Field::ParallelEmbeddingCountsAsLayer, "parallel.account_for_embedding_in_pipeline_split"),
    choice<&S::parallel, &P::lossCountsAsLayer>(Field::ParallelLossCountsAsLayer, "parallel.account_for_loss_in_pipeline_split"),
    choice<&S::parallel, &P::schedule>(Field::ParallelSchedule, "parallel.pipeline_schedule", E::Training),
    scalar<&S::parallel, &P::shardGroup>(Field::ParallelShardGroup, "parallel.shard_group", U::Count, atLeast(1, kMaxGpus).orZero(), E::Training),

    special(Field::HardwareGpu, "hardware.gpu", K::Other),
    special(Field::GpuPreset, "hardware.gpu.preset", K::Text),
    special(Field::GpuId, "hardware.gpu.id", K::Text),
    special(Field::GpuName, "hardware.gpu.name", K::Text),
    special(Field::GpuMemoryLabel, "hardware.gpu.memory_label", K::Text),
    scalar<&S::hardware, &H::gpu, &G::memoryBytes>(Field::GpuMemoryBytes, "hardware.gpu.memory_bytes", U::Bytes, atLeast(0, kMaxBytes)),
    scalar<&S::hardware, &H::gpu, &G::peakFp32Tflops>(Field::GpuPeakFp32, "hardware.gpu.peak_tflops.fp32", U::Tflops, between(kMinTflops, kMaxTflops).orZero()),
    scalar<&S::hardware, &H::gpu, &G::peakTf32Tflops>(Field::GpuPeakTf32, "hardware.gpu.peak_tflops.tf32", U::Tflops, between(kMinTflops, kMaxTflops).orZero()),
    scalar<&S::hardware, &H::gpu, &G::peakBf16Tflops>(Field::GpuPeakBf16, "hardware.gpu.peak_tflops.bf16", U::Tflops, between(kMinTflops, kMaxTflops).orZero()),
    scalar<&S::hardware, &H::gpu, &G::peakFp16Tflops>(Field::GpuPeakFp16, "hardware.gpu.peak_tflops.fp16", U::Tflops, between(kMinTflops, kMaxTflops).orZero()),
    scalar<&S::hardware, &H::gpu, &G::peakFp8Tflops>(Field::GpuPeakFp8, "hardware.gpu.peak_tflops.fp8", U::Tflops, between(kMinTflops, kMaxTflops).orZero()),
    scalar<&S::hardware, &H::gpu, &G::peakInt8Tops>(Field::GpuPeakInt8, "hardware.gpu.peak_tflops.int8", U::Tops, between(kMinTflops, kMaxTflops).orZero()),
    scalar<&S::hardware, &H::gpu, &G::memoryBandwidthBytesPerSecond>(Field::GpuMemoryBandwidth, "hardware.gpu.memory_bandwidth_bytes_per_second", U::BytesPerSecond, between(kMinBandwidth, kMaxBandwidth).orZero()),
    scalar<&S::hardware, &H::gpu, &G::interconnectBytesPerSecond>(Field::GpuInterconnectBandwidth, "hardware.gpu.interconnect_bytes_per_second", U::BytesPerSecond, between(kMinBandwidth, kMaxBandwidth).orZero()),
    scalar<&S::hardware, &H::gpu, &G::networkBytesPerSecond>(Field::GpuNetworkBandwidth, "hardware.gpu.network_bytes_per_second", U::BytesPerSecond, between(kMinBandwidth, kMaxBandwidth).orZero()),
    special(Field::GpuSource, "hardware.gpu.source", K::Text),
    scalar<&S::hardware, &H::mfu>(Field::HardwareMfu, "hardware.mfu", U::Fraction, between(1e-4, 1.0).orZero(), E::ModelledMfu), // 0: the step-time model
    scalar<&S::hardware, &H::achievedTflops>(Field::HardwareAchievedTflops, "hardware.achieved_tflops", U::Tflops, between(kMinTflops, kMaxTflops).orZero()),
    scalar<&S::hardware, &H::pricePerGpuHour>(Field::HardwarePricePerGpuHour, "hardware.price_per_gpu_hour", U::UsdPerGpuHour, atLeast(0, 1e6)),
    scalar<&S::hardware, &H::overheadFactor>(Field::HardwareOverheadFactor, "hardware.overhead_factor", U::Factor, positive(100)),
    scalar<&S::hardware, &H::nvmeBytesPerSecond>(Field::HardwareNvmeBandwidth, "hardware.nvme_bytes_per_second", U::BytesPerSecond, between(kMinBandwidth, kMaxBandwidth).orZero(), E::Training),

    scalar<&S::runtime, &R::cudaContextBytes>(Field::RuntimeCudaContextBytes, "runtime.cuda_context_bytes", U::Bytes, between(0, kMaxBytes)),
    scalar<&S::runtime, &R::commBucketBytes>(Field::RuntimeCommBucketBytes, "runtime.comm_bucket_bytes", U::Bytes, between(0, kMaxBytes)),
    scalar<&S::runtime, &R::zero3PrefetchModules>(Field::RuntimeZero3PrefetchModules, "runtime.zero3_prefetch_modules", U::Count, between(0, 1e6)),
    scalar<&S::runtime, &R::fragmentationFraction>(Field::RuntimeFragmentationFraction, "runtime.fragmentation_fraction", U::Fraction, between(0, 0.9)),
    scalar<&S::runtime, &R::cpuBufferFactor>(Field::RuntimeCpuBufferFactor, "runtime.cpu_buffer_factor", U::Factor, between(1, 10)),
    choice<&S::runtime, &R::expandableSegments>(Field::RuntimeExpandableSegments, "runtime.expandable_segments"),
    choice<&S::runtime, &R::gradientAsBucketView>(Field::RuntimeGradientAsBucketView, "runtime.gradient_as_bucket_view"),
    scalar<&S::runtime, &R::reduceBucketElements>(Field::RuntimeReduceBucketElements, "runtime.reduce_bucket_elements", U::Count, between(1, 1e13)),
    scalar<&S::runtime, &R::cublasWorkspaceBytes>(Field::RuntimeCublasWorkspaceBytes, "runtime.cublas_workspace_bytes", U::Bytes, between(0, kMaxBytes)),
    scalar<&S::runtime, &R::ncclBytesPerCommunicator>(Field::RuntimeNcclBytesPerCommunicator, "runtime.nccl_bytes_per_communicator", U::Bytes, between(0, kMaxBytes)),

    // A million interruptions per 1,000 device-days is one every 86 ms: a typo, not a fleet.
    scalar<&S::goodput, &Y::gpuInterruptionsPer1000GpuDays>(Field::GoodputGpuInterruptions, "goodput.gpu_interruptions_per_1000_gpu_days", U::PerThousandDeviceDays, between(0, 1e6), E::Training),
    scalar<&S::goodput, &Y::nodeInterruptionsPer1000NodeDays>(Field::GoodputNodeInterruptions, "goodput.node_interruptions_per_1000_node_days", U::PerThousandDeviceDays, between(0, 1e6), E::Training),
    scalar<&S::goodput, &Y::checkpointIntervalSteps>(Field::GoodputCheckpointInterval, "goodput.checkpoint_interval", U::Steps, atLeast(0, 1e12), E::Training),
    choice<&S::goodput, &Y::asyncCheckpoint>(Field::GoodputAsyncCheckpoint, "goodput.async_checkpoint", E::Training),
    choice<&S::goodput, &Y::checkpointOptimizer>(Field::GoodputCheckpointOptimizer, "goodput.checkpoint_optimizer", E::Training),
    scalar<&S::goodput, &Y::nodeWriteBytesPerSecond>(Field::GoodputNodeWriteBandwidth, "goodput.node_write_bytes_per_second", U::BytesPerSecond, between(kMinBandwidth, kMaxBandwidth), E::Training),
    scalar<&S::goodput, &Y::storeWriteBytesPerSecond>(Field::GoodputStoreWriteBandwidth, "goodput.store_write_bytes_per_second", U::BytesPerSecond, between(kMinBandwidth, kMaxBandwidth).orZero(), E::Training),
    scalar<&S::goodput, &Y::restartSeconds>(Field::GoodputRestartSeconds, "goodput.restart_seconds", U::Seconds, between(0, 1e7), E::Training),

    choice<&S::inference, &I::engine>(Field::InferenceEngine, "inference.engine", E::Serving),
    choice<&S::inference, &I::weights, &Q::format>(Field::InferenceWeightFormat, "inference.weight_format", E::Serving),
    scalar<&S::inference, &I::weights, &Q::groupSize>(Field::InferenceQuantGroupSize, "inference.quant_group_size", U::Width, atLeast(0, kMaxDimension), E::Serving),
    choice<&S::inference, &I::weights, &Q::scale>(Field::InferenceQuantScaleFormat, "inference.quant_scale_format", E::Serving),
    choice<&S::inference, &I::weights, &Q::zeroPoint>(Field::InferenceQuantZeroPoint, "inference.quant_zero_point", E::Serving),
    choice<&S::inference, &I::weights, &Q::doubleQuantization>(Field::InferenceDoubleQuantization, "inference.double_quantization", E::Serving),
    choice<&S::inference, &I::weights, &Q::quantizeEmbeddings>(Field::InferenceQuantizeEmbeddings, "inference.quantize_embeddings", E::Serving),
    choice<&S::inference, &I::kvCacheDtype>(Field::InferenceKvCacheDtype, "inference.kv_cache_dtype", E::Serving),
    scalar<&S::inference, &I::batchSize>(Field::InferenceBatchSize, "inference.batch_size", U::Sequences, atLeast(1, 1e9), E::Serving),
    scalar<&S::inference, &I::promptLength>(Field::InferencePromptLength, "inference.prompt_length", U::Tokens, atLeast(1, kMaxSequence), E::Serving),
    scalar<&S::inference, &I::generatedTokens>(Field::InferenceGeneratedTokens, "inference.generated_tokens", U::Tokens, atLeast(0, kMaxSequence), E::Serving),
    scalar<&S::inference, &I::kvBlockSize>(Field::InferenceKvBlockSize, "inference.kv_block_size", U::Tokens, atLeast(0, kMaxSequence), E::Serving),
    scalar<&S::inference, &I::maxBatchedTokens>(Field::InferenceMaxBatchedTokens, "inference.max_batched_tokens", U::Tokens, atLeast(1, 1e9), E::Serving),
    choice<&S::inference, &I::flashAttention>(Field::InferenceFlashAttention, "inference.flash_attention", E::Serving),
    scalar<&S::inference, &I::gpuMemoryUtilization>(Field::InferenceGpuMemoryUtilization, "inference.gpu_memory_utilization", U::Fraction, between(0.01, 1.0), E::Serving),
    scalar<&S::inference, &I::maxNumSeqs>(Field::InferenceMaxNumSeqs, "inference.max_num_seqs", U::Sequences, atLeast(1, 1e7), E::Serving),
    choice<&S::inference, &I::cudaGraphs>(Field::InferenceCudaGraphs, "inference.cuda_graphs", E::Serving),
    scalar<&S::inference, &I::cudaGraphBytes>(Field::InferenceCudaGraphBytes, "inference.cuda_graph_bytes", U::Bytes, between(0, kMaxBytes), E::Serving),
    choice<&S::inference, &I::fullPromptLogits>(Field::InferenceFullPromptLogits, "inference.full_prompt_logits", E::Serving),
    // Speculative decoding and prefix caching (issue 27 item 3): written only when set, so files without them do not change.
    choice<&S::inference, &I::speculativeMethod>(Field::InferenceSpeculativeMethod, "inference.speculative_method", E::Serving, W::Stated),
    // k beyond 32: no engine's example or paper speculates that far (EAGLE-2's trees: depth ≤ 6–8), and α^k is ≈ 0 by then.
    scalar<&S::inference, &I::speculativeTokens>(Field::InferenceSpeculativeTokens, "inference.speculative_tokens", U::Tokens, atLeast(1, 32), E::Serving, W::Stated),
    // α = 1 would mean the drafter is the target: [0, 0.99] keeps (1 − α^(k+1)) / (1 − α) a real speed-up.
    scalar<&S::inference, &I::acceptanceRate>(Field::InferenceAcceptanceRate, "inference.acceptance_rate", U::Fraction, between(0, 0.99), E::Serving, W::Stated),
    scalar<&S::inference, &I::draftParameters>(Field::InferenceDraftParameters, "inference.draft_parameters", U::Parameters, positive(kMaxParameters).orZero(), E::Serving, W::Stated),
    scalar<&S::inference, &I::prefixCacheHitRate>(Field::InferencePrefixCacheHitRate, "inference.prefix_cache_hit_rate", U::Fraction, between(0, 1), E::Serving, W::Stated),
    scalar<&S::inference, &I::imagesPerRequest>(Field::InferenceImagesPerRequest, "inference.images_per_request", U::Count, atLeast(0, 1e5), E::Serving, W::Stated),

    choice<&S::finetune, &F::method>(Field::FineTuneMethod, "finetune.method", E::FineTune),
    scalar<&S::finetune, &F::loraRank>(Field::FineTuneLoraRank, "finetune.lora_rank", U::Width, atLeast(1, 1e6), E::Adapters),
    special(Field::FineTuneLoraTargets, "finetune.lora_targets", K::Other, kLoraTargetChoices),
    choice<&S::finetune, &F::base, &Q::format>(Field::FineTuneBaseFormat, "finetune.base_format", E::FineTune),
    scalar<&S::finetune, &F::base, &Q::groupSize>(Field::FineTuneBaseQuantGroupSize, "finetune.base_quant_group_size", U::Width, atLeast(0, kMaxDimension), E::FineTune),
    choice<&S::finetune, &F::base, &Q::scale>(Field::FineTuneBaseQuantScaleFormat, "finetune.base_quant_scale_format", E::FineTune),
    choice<&S::finetune, &F::base, &Q::zeroPoint>(Field::FineTuneBaseQuantZeroPoint, "finetune.base_quant_zero_point", E::FineTune),
    choice<&S::finetune, &F::base, &Q::doubleQuantization>(Field::FineTuneDoubleQuantization, "finetune.double_quantization", E::FineTune),
    choice<&S::finetune, &F::base, &Q::quantizeEmbeddings>(Field::FineTuneQuantizeEmbeddings, "finetune.quantize_embeddings", E::FineTune),
    choice<&S::finetune, &F::adapterPrecision>(Field::FineTuneAdapterPrecision, "finetune.adapter_precision", E::Adapters),
    choice<&S::finetune, &F::pagedOptimizer>(Field::FineTunePagedOptimizer, "finetune.paged_optimizer", E::FineTune),
    // Written only when set: files without it do not change.
    choice<&S::finetune, &F::bnbKeepsInputs>(Field::FineTuneBnbKeepsInputs, "finetune.bnb_keeps_inputs", E::FineTune, W::Stated),
    choice<&S::finetune, &F::quantizeOutputLayer>(Field::FineTuneQuantizeOutputLayer, "finetune.quantize_output_layer", E::FineTune, W::Stated),

    choice<&S::finetune, &F::rl, &L::algorithm>(Field::RlAlgorithm, "finetune.rl.algorithm", E::FineTune),
    choice<&S::finetune, &F::rl, &L::reference>(Field::RlReference, "finetune.rl.reference", E::Rl),
    choice<&S::finetune, &F::rl, &L::referenceFormat>(Field::RlReferenceFormat, "finetune.rl.reference_format", E::Rl),
    choice<&S::finetune, &F::rl, &L::referenceOffload>(Field::RlReferenceOffload, "finetune.rl.reference_offload", E::Rl),
    choice<&S::finetune, &F::rl, &L::rewardModel>(Field::RlRewardModel, "finetune.rl.reward_model", E::Rl),
    scalar<&S::finetune, &F::rl, &L::rewardParameters>(Field::RlRewardParameters, "finetune.rl.reward_parameters", U::Parameters, atLeast(0, kMaxParameters), E::Rl),
    choice<&S::finetune, &F::rl, &L::rewardFormat>(Field::RlRewardFormat, "finetune.rl.reward_format", E::Rl),
    choice<&S::finetune, &F::rl, &L::critic>(Field::RlCritic, "finetune.rl.critic", E::Rl),
    scalar<&S::finetune, &F::rl, &L::samplesPerPrompt>(Field::RlSamplesPerPrompt, "finetune.rl.samples_per_prompt", U::Count, atLeast(1, 1e6), E::Rl),
    scalar<&S::finetune, &F::rl, &L::promptLength>(Field::RlPromptLength, "finetune.rl.prompt_length", U::Tokens, atLeast(1, kMaxSequence), E::Rl),
    scalar<&S::finetune, &F::rl, &L::maxNewTokens>(Field::RlMaxNewTokens, "finetune.rl.max_new_tokens", U::Tokens, atLeast(0, kMaxSequence), E::Rl),
    scalar<&S::finetune, &F::rl, &L::promptsPerGpu>(Field::RlPromptsPerGpu, "finetune.rl.prompts_per_gpu", U::Count, atLeast(1, 1e6), E::Rl),
    scalar<&S::finetune, &F::rl, &L::rolloutMemoryFraction>(Field::RlRolloutMemoryFraction, "finetune.rl.rollout_memory_fraction", U::Fraction, between(0.01, 0.98), E::Rl),
    choice<&S::finetune, &F::rl, &L::placement>(Field::RlPlacement, "finetune.rl.placement", E::Rl),
    choice<&S::finetune, &F::rl, &L::rolloutSleeps>(Field::RlRolloutSleeps, "finetune.rl.rollout_sleeps", E::Rl),
    scalar<&S::finetune, &F::rl, &L::rolloutTensor>(Field::RlRolloutTensor, "finetune.rl.rollout_tensor", U::Count, atLeast(1, 1024), E::Rl),
    scalar<&S::finetune, &F::rl, &L::rolloutGpus>(Field::RlRolloutGpus, "finetune.rl.rollout_gpus", U::Count, atLeast(1, kMaxGpus), E::Rl),

    special(Field::Measurements, "measurements", K::Other),
};
// clang-format on

constexpr bool tableInEnumOrder()
{
    if (std::size(kFields) != kFieldCount)
        return false;
    for (std::size_t i = 0; i < kFieldCount; ++i)
        if (kFields[i].field != Field(i))
            return false;
    return true;
}
static_assert(tableInEnumOrder(), "core::kFields has one row per core::Field, in the enum's order");

constexpr bool keysUnique()
{
    for (std::size_t i = 0; i < kFieldCount; ++i)
        for (std::size_t j = i + 1; j < kFieldCount; ++j)
            if (kFields[i].key == kFields[j].key)
                return false;
    return true;
}
static_assert(keysUnique(), "every field has its own key");

} // namespace field_detail

/// The table, one row per Field in the enum's order.
inline constexpr std::span<const FieldInfo> kFieldTable{field_detail::kFields};

constexpr const FieldInfo& fieldInfo(Field field) { return field_detail::kFields[std::size_t(field)]; }
constexpr std::string_view fieldKey(Field field) { return fieldInfo(field).key; }
/// The key as a C string (Issue::key): the table's literals are NUL-terminated.
constexpr const char* fieldKeyC(Field field) { return fieldInfo(field).key.data(); }

/// The field with this exact key ("parallel.tensor"), if any.
std::optional<Field> findField(std::string_view key);

/// An issue about a scenario field: named by `field`, its `key` (the command line's and JSON's
/// text) from the table.
inline Issue fieldIssue(IssueCode code, Severity severity, Field field, double a = 0, double b = 0, double c = 0)
{
    Issue issue{code, severity, fieldKeyC(field), a, b, c};
    issue.field = field;
    return issue;
}
/// The scenario field an issue concerns: its `field`, else the field of its `key`, if any.
inline std::optional<Field> issueField(const Issue& issue)
{
    return issue.field ? issue.field : findField(issue.key ? issue.key : "");
}
/// The field whose key is nearest to a mistyped one ("parallel.tensr" → parallel.tensor), if
/// any is within three edits.
std::optional<Field> nearestField(std::string_view key);
/// Levenshtein distance, for "did you mean" hints.
std::size_t keyDistance(std::string_view a, std::string_view b);
/// Of `names`, the one nearest to a mistyped `given` ("fp12" → "fp16", "llama-3-8v" →
/// "llama-3-8b"): within three edits and fewer edits than the name has letters; "" when none is.
std::string nearestName(std::string_view given, std::span<const std::string> names);
/// "model." … "finetune.rl.": what the section's keys start with ("" for the top level).
std::string_view sectionPrefix(FieldSection section);

/// A scalar field's value in the scenario.
inline FieldValue fieldValue(const Scenario& scenario, Field field) { return fieldInfo(field).get(scenario); }
/// Sets a scalar field, converted to its member's type, with what the setting brings along
/// (core/rules: settingBrings). The file reader, --set, the window and the advisor all set
/// fields this way; FieldInfo::set is the bare assignment.
void setFieldValue(Scenario& scenario, Field field, FieldValue value);
/// The value converted to the field's type, as setFieldValue would store it.
FieldValue normalizedValue(Field field, FieldValue value);
/// The default: a default-constructed core::Scenario's value (scenario.h's initializers are the
/// one set of defaults).
FieldValue fieldDefault(Field field);

} // namespace core
