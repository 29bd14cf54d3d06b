#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace core {

enum class Severity { Error, Warning, Info };
enum class Field : std::uint16_t; // core/fields.h

/// What can be wrong with, or worth knowing about, a scenario. The core reports codes, numbers
/// and typed payloads; each code's sentence is written once, in the message table of
/// core/issues.cpp: describe() fills it in English for the command line, the GUI translates the
/// same sentence (widgets/issuetext.cpp) and fills it with its own number formats.
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
    OptimizerInBackwardAccumulates, ///< a = micro-batches per step (> 1) with the step in backward
    NoGpuMemory,
    NoPeakThroughput,               ///< the GPU has no peak for the compute dtype or any fallback
    TopKExceedsExperts,             ///< a = top-k, b = experts
    ExpertNotDividingExperts,       ///< a = EP, b = experts
    ExpertLayoutNotDividingGpus,    ///< a = PP × EP × expert TP, b = GPUs
    QuantGroupLargerThanRow,        ///< a = group size, b = row length (hidden size)
    KvHeadsNotDividingTensor,       ///< a = KV heads, b = TP (serving: TP must divide them or be a multiple)
    FrameworkZeroStage,             ///< a = ZeRO stage the framework has no such sharding for
    StageLayersInvalid,             ///< a = first-stage layers, b = last-stage layers, c = layers
    MalformedJson,                  ///< a, b = line, column where known (a = 0: unknown), c = 1 the text ends early, 2 an unexpected character; detail = the parser's message (the command line's addition)
    WrongType,                      ///< expected, got (ValueKind::None when the value is fine but not finite), or given = the text as written
    MissingSchemaVersion,           ///< a scenario file without "schema_version"
    MissingModelKey,                ///< import: a key without which the model's size is unknown
    NotAnInteger,                   ///< a = value
    UnknownPreset,                  ///< given = the id, nearest = the preset probably meant
    UnknownValue,                   ///< given = the value, accepted = the values, nearest = the one probably meant
    UnsupportedSchemaVersion,       ///< a = version
    MalformedOverride,              ///< given = the --set argument
    UnknownOverrideKey,             ///< --set names no key: path = the key, nearest = the key probably meant
    TooManyMeasurements,            ///< path = measurements.entries, a = entries in the file, b = the limit
    MissingMeasurementKey,          ///< path = the entry, given = the key it lacks ("format", "quantity", "bytes", or "count" for a count)
    UnknownPinKey,                  ///< --pin names no knob: path = "--pin KEY", accepted = the knobs, nearest = the knob probably meant
    PinsLeaveNoValue,               ///< the --pin bounds exclude every value of a knob: key = the knob, accepted = its values
    /// The pins leave no layout at all: key = the pinned knob that rules every layout out and
    /// accepted = the values it could take with the other pins; no key and nothing accepted:
    /// only the pins together do
    PinsLeaveNoLayout,
    PlanPipelinesCapped,            ///< note: the planner left out pipelines deeper than a = stages (pin parallel.pipeline to try one)
    // errors: input refused before it is read (core/io/jsonlimits.h)
    InputTooLarge,                  ///< a = bytes, b = the limit
    NestingTooDeep,                 ///< a = the depth limit; path = where it was reached
    TooManyKeys,                    ///< a = the limit of keys in one object; path = the object
    TooManyValues,                  ///< a = the limit of values in one document
    NumberOutOfRange,               ///< path = the key; given = the number as written (beyond ±1.8e308)
    DuplicateKey,                   ///< path = the key written twice in one object
    FileNotFound,                   ///< path = the file
    NotARegularFile,                ///< path = the file, a = FileKind (directory, FIFO, device, …)
    FileUnreadable,                 ///< path = the file, detail = the system's reason
    TextTooLong,                    ///< path = the key, a = characters, b = the limit (a title: core::limits::kMaxTitleCharacters)
    // errors: launch files (core/importer)
    UnterminatedQuote,              ///< a = the line where the quote or bracket opens
    ExpansionTooLarge,              ///< a script's variables expand past a = the limit in bytes
    ImportSyntax,                   ///< a = the line that is not in the subset of YAML or TOML the reader takes
    ImportFormatUnknown,            ///< the text is none of the launch files ShardScope reads
    ImportNoCommand,                ///< a script without the framework's command: given = the format name
    ImportNoModel,                  ///< no model: no shape keys, no preset of the name given (given), no config.json beside
    NotAShareLink,                  ///< given = the text's start: not a shardscope:// link
    ShareLinkVersion,               ///< a = the link's version (this build reads 1)
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
    CheckpointIntervalNotOptimal,   ///< a = goodput gained at the optimal interval, b = the interval's steps, c = the optimal steps
    AsyncCheckpointWouldHelp,       ///< a = share of the wall-clock the synchronous checkpoints stall
    MoeLayerPatternApproximated,    ///< import: an irregular list of dense layers, counted as MoE layers
    MtpModuleNotCounted,            ///< import: the multi-token-prediction module is not counted
    SpeculativeDraftNotGiven,       ///< speculative decoding with a draft model whose parameters are not given
    SpeculativeDraftTooLarge,       ///< a = the draft model's parameters, b = the target's (billions)
    CommentEndsContinuedCommand,    ///< a = the line of a comment inside a `\`-continued command (bash ends the command there)
    ImportGpusAssumed,              ///< a launch file that does not give the GPUs: a = the number assumed
    ImportModelFromBaseModel,       ///< given = the model named, nearest = the preset of its base model
    UnknownKey,                     ///< path = the key, nearest = the nearest known key
    /// An imported config's attention span is approximated; path = the key; a = what: 1 chunked
    /// attention taken as a window of b tokens, 2 an irregular list of b global layers taken as
    /// every c-th, 3 a window with no layer pattern (every layer windowed), 4 Qwen2's first b
    /// layers global taken as windowed, 5 a per-layer list of b entries for c layers
    AttentionSpanAssumed,
    ShardGroupNotDividing,          ///< a = parallel.shard_group, b = DP × CP (the group it shards)
    LinearMixerWithoutWidths,       ///< a linear mixer with a zero width (heads or head dims)
    LinearMixerWithWindow,          ///< a = the sliding window: a hybrid with windowed attention is not modelled
    LinearMixerMoePattern,          ///< a = moe_layer_frequency, b = first_dense_layers: a hybrid routes in every layer
    HybridPatternApproximated,      ///< import: path = the key, a = its entries: not every n-th layer attending as the core counts it
    SparseAttentionNeedsMla,        ///< index_topk without MLA's query compression or the indexer's widths (DeepSeek Sparse Attention)
    UnevenChunksNotDividing,        ///< a = layers (or pipeline units) to share, b = model chunks they go into, c = virtual stages
    PipelineEndsWithUnits,          ///< first/last-stage layers and the embedding/loss as layers, interleaved (Megatron refuses both)
    ScheduleNeedsPipeline,          ///< a = PP (below 2) for ZB-V, DualPipe or DualPipeV
    ScheduleRunsItsOwnChunks,       ///< a = virtual stages set beside a two-chunk schedule
    ScheduleNeedsEvenPipeline,      ///< a = PP, odd, for DualPipe
    ScheduleNeedsMicroBatches,      ///< a = micro-batches per step, b = the least (2 × PP); DualPipe: also even
    Count
};

/// What a value in a file is, or should have been (WrongType's `expected` and `got`).
enum class ValueKind : std::uint8_t {
    None,
    Number, WholeNumber, FiniteNumber, TrueOrFalse, String, Boolean, Array, Object, Null, ///< JSON's own
    JsonObject,       ///< a whole document
    ModelSection,     ///< "model": a preset, an architecture or a parameter count
    ModelSource,      ///< a model section that has none of the three
    ModuleList,       ///< the LoRA targets: ["q", "k", "v", "o"]
    GpuSpec,          ///< a GPU preset id or an object
    PeakTable,        ///< an object of TFLOP/s by dtype
    LocalizedText,    ///< a deck's string or {"en": …, "zh_CN": …}
    SceneArray,       ///< a deck's scenes
    ScenarioObject,   ///< a deck scene's scenario
    DrillArray,       ///< the drills file's drills
    DrillObject,      ///< one drill: a scenario and a quantity
    FigureArray,      ///< a deck scene's figures: ["memory_total", …]
    Count
};

struct Issue
{
    IssueCode code = IssueCode::Count;
    Severity severity = Severity::Error;
    const char* key = "";  ///< scenario key it concerns, "section.key"
    double a = 0, b = 0, c = 0;
    std::string path = {}; ///< dynamic key path (unknown keys), used instead of `key` when set
    ValueKind expected = ValueKind::None; ///< WrongType: what the value should be
    ValueKind got = ValueKind::None;      ///< WrongType: what it is
    std::string given = {};               ///< the value as written: an unknown preset id or choice, a --set argument
    std::string nearest = {};             ///< the key or value probably meant ("did you mean"), empty when none is near
    std::vector<std::string> accepted = {}; ///< UnknownValue: the values accepted
    std::string detail = {};              ///< MalformedJson: the parser's own message (English, from nlohmann/json); FileUnreadable: the system's reason
    /// The scenario field it concerns, where it concerns one (fieldIssue() in core/fields.h
    /// fills `key` from it, for the command line and JSON); formatting takes the field's label
    /// from it. Unset for keys that are not fields (unknown keys, --set, file paths) and for
    /// issues that name only a key (issueField() looks that up).
    std::optional<Field> field = {};
};

/// Stable snake_case identifier, as written to JSON ("tensor_not_dividing_heads").
std::string_view issueCodeName(IssueCode code);

/// What fills a placeholder of a message: a payload number, formatted by the caller's rules
/// (the CLI's C locale, the GUI's QLocale), or a payload text.
enum class IssueArg : std::uint8_t {
    None,
    A, B, C,                     ///< plain numbers
    TwiceA,                      ///< 2 × a (2 × CP)
    PercentA,                    ///< 100 × a (MFU)
    BytesA, BytesB, BytesC,      ///< decimal gigabytes
    ByteCountA, ByteCountB,      ///< exact byte counts (a file's size, a limit), every digit
    MebibytesB,                  ///< b / 2^20, a plain number (a limit in MiB)
    SecondsB, SecondsC,          ///< durations
    DimensionA,                  ///< a = CommDimension: its name (dimensionText)
    Given, Nearest,              ///< the texts as written
    Accepted,                    ///< the accepted values, comma-separated
    Expected, Got,               ///< ValueKinds: their text (valueKindText)
    Detail,                      ///< the parser's message
};

/// One sentence of the message table: the English text with %1 … %3 and what fills them.
struct IssueMessage
{
    IssueCode code;
    const char* text;         ///< English; the GUI's translation key (context "IssueText")
    IssueArg args[3];
    /// The command line's addition (English, not translated): what to run next. The window
    /// offers the same through its own views.
    const char* cliNote = nullptr;
    /// The command line adds the issue's `detail` (the parser's own English, untranslated) in
    /// brackets; the window shows the sentence alone.
    bool cliDetail = false;
};

/// The sentence for this issue (a code can have more than one: with or without "did you mean").
const IssueMessage& issueMessage(const Issue& issue);
/// The message table, every sentence once (for tests and the catalogue).
std::vector<IssueMessage> issueMessages();
/// English text of a ValueKind ("a whole number"), of a CommDimension ("data-parallel").
const char* valueKindText(ValueKind kind);
const char* dimensionText(double index);

/// English message naming the key and the reason, e.g.
/// "parallel.tensor: TP = 3 does not divide the 32 attention heads".
std::string describe(const Issue& issue);

bool hasErrors(const std::vector<Issue>& issues);

} // namespace core
