#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace core {

enum class Severity { Error, Warning, Info };

/// What can be wrong with, or worth knowing about, a scenario. The core reports codes and
/// numbers; describe() gives the English text (the GUI translates by code instead).
enum class IssueCode {
    // errors: the estimate is not computed
    NotPositive,                    ///< a = value
    Negative,                       ///< a = value
    OutOfRange,                     ///< a = value, b = min, c = max
    TooLarge,                       ///< a = value, b = limit
    ModelParallelNotDividingGpus,   ///< a = TP×PP×CP, b = GPUs
    TensorNotDividingHeads,         ///< a = TP, b = heads
    TensorNotDividingKvHeads,       ///< a = TP, b = KV heads
    KvHeadsNotDividingHeads,        ///< a = KV heads, b = heads
    HiddenNotDividingHeads,         ///< a = hidden, b = heads
    PipelineDeeperThanLayers,       ///< a = PP, b = layers
    VirtualStagesNotDividingLayers, ///< a = PP×VPP, b = layers
    VirtualPipelineNeedsPipeline,   ///< a = VPP
    ContextNotDividingSequence,     ///< a = CP, b = sequence length
    GlobalBatchNotDivisible,        ///< a = global batch, b = micro-batch × DP
    OffloadParametersNeedsZero3,    ///< a = ZeRO stage
    OffloadNeedsZero,               ///< offloading the optimizer needs ZeRO ≥ 1
    NoGpuMemory,
    NoPeakThroughput,               ///< the GPU has no peak for the compute dtype or any fallback
    TopKExceedsExperts,             ///< a = top-k, b = experts
    ExpertNotDividingExperts,       ///< a = EP, b = experts
    ExpertLayoutNotDividingGpus,    ///< a = PP × EP × expert TP, b = GPUs
    QuantGroupLargerThanRow,        ///< a = group size, b = row length (hidden size)
    KvHeadsNotDividingTensor,       ///< a = KV heads, b = TP (serving: TP must divide them or be a multiple)
    FrameworkZeroStage,             ///< a = ZeRO stage the framework has no such sharding for
    StageLayersInvalid,             ///< a = first-stage layers, b = last-stage layers, c = layers
    MalformedJson,                  ///< hint = parser message
    WrongType,                      ///< hint = expected type
    NotAnInteger,                   ///< a = value
    UnknownPreset,                  ///< hint = the id
    UnknownValue,                   ///< hint = the accepted values
    UnsupportedSchemaVersion,       ///< a = version
    MalformedOverride,              ///< hint = the --set argument
    // warnings
    UnevenPipelineSplit,            ///< a = layers, b = PP, c = stages with an extra layer (the middle ones)
    SequenceParallelWithoutTensor,
    TensorAcrossNodes,              ///< a = TP, b = GPUs per node
    FewMicroBatches,                ///< a = micro-batches per step, b = PP
    InterleavedMicroBatches,        ///< a = micro-batches, b = PP (Megatron wants a multiple)
    NoBf16FallbackFp16,             ///< GPU has no BF16 tensor cores
    NoFp8FallbackBf16,              ///< GPU has no FP8 tensor cores
    ContextParallelWithoutFlash,
    ContextParallelImbalance,       ///< a = CP, b = sequence (causal load balancing needs s % 2CP)
    ParameterCountOnly,             ///< a = hidden, b = layers of the assumed family shape
    ArchitectureCountMismatch,      ///< a = given parameters, b = counted from the architecture
    DoesNotFit,                     ///< a = group index, b = total bytes, c = capacity
    ModelStatesExceedCapacity,      ///< a = group index, b = model-state bytes, c = capacity
    WeightsExceedCapacity,          ///< serving: a = group index, b = weight bytes, c = capacity
    MfuUnrealistic,                 ///< a = MFU
    OverheadBelowOne,               ///< a = overhead factor
    TrainTokensZero,
    SequenceLongerThanPositions,    ///< a = sequence, b = max positions
    ContextLongerThanModel,         ///< a = context, b = max positions (serving)
    KvHeadsReplicated,              ///< a = KV heads, b = TP: each rank keeps a copy
    ExpertParallelWithoutExperts,   ///< a = EP
    ContextParallelInServing,       ///< CP is not modelled for serving
    RolloutReservationTooSmall,     ///< a = reserved bytes, b = rollout weight bytes
    RolloutKvInsufficient,          ///< a = needed, b = reserved
    SequenceShorterThanRollout,     ///< a = training sequence, b = prompt + new tokens
    CommunicationExceedsCompute,    ///< a = CommDimension, b = its seconds per step, c = compute seconds per step
    LinkBandwidthUnknown,           ///< a = CommDimension whose link has no bandwidth (custom GPU)
    KvPoolTooSmall,                 ///< a = stage, b = KV bytes the batch needs, c = the engine's pool
    PagedOptimizerEvicts,           ///< a = group index, b = bytes over capacity, c = paged optimizer bytes
    UnknownKey,                     ///< path = the key, hint = the nearest known key
    Count
};

struct Issue
{
    IssueCode code = IssueCode::Count;
    Severity severity = Severity::Error;
    const char* key = "";  ///< scenario key it concerns, "section.key"
    double a = 0, b = 0, c = 0;
    std::string path = {}; ///< dynamic key path (unknown keys), used instead of `key` when set
    std::string hint = {}; ///< e.g. the key that was probably meant
};

/// Stable snake_case identifier, as written to JSON ("tensor_not_dividing_heads").
std::string_view issueCodeName(IssueCode code);

/// English message naming the key and the reason, e.g.
/// "parallel.tensor: TP = 3 does not divide the 32 attention heads".
std::string describe(const Issue& issue);

bool hasErrors(const std::vector<Issue>& issues);

} // namespace core
