#pragma once

#include <array>
#include <string_view>
#include <vector>

#include "core/components.h"
#include "core/goodput/run.h"
#include "core/issues.h"
#include "core/model.h"
#include "core/precision.h"
#include "core/scenario.h"
#include "core/serving/stepcost.h"
#include "core/steptime.h"
#include "core/timeline/stepmoment.h"

namespace core {

class Working;

/// What a bar shows: a training GPU, one moment of a colocated RL step, the separate rollout
/// pool, or a serving GPU.
enum class GroupPhase { Training, RlTrainingPhase, RlRolloutPhase, RolloutPool, Serving };

/// Ranks with the same memory profile: one or more consecutive pipeline stages.
struct RankGroup
{
    /// Everything zero (the members have no initializers, so that NoInit can skip them; only
    /// shownStage has one, -1, which both constructors set).
    RankGroup()
        : phase(GroupPhase::Training), firstStage(0), lastStage(0), firstRank(0), lastRank(0), layers(0), inFlightMicroBatches(0),
          residentParameters(0), bytes{}, allocatedBytes(0), reservedBytes(0), deviceBytes(0), totalBytes(0), capacityBytes(0), fits(false),
          cpuOffloadBytes(0), peakMoment(StepMoment::LayerBackward), peakMicroBatch(0), peakChunk(0), momentBytes{}
    {
    }
    /// Leaves every field to the caller: the stage loop (memory.cpp addStageGroups) sets all of
    /// them for every group it keeps and skips zeroing them first (tst_golden checks that an
    /// estimate into a reused Estimate gives the same numbers).
    struct NoInit {};
    explicit RankGroup(NoInit) {}

    GroupPhase phase;
    int firstStage;
    int lastStage;
    int firstRank;                  ///< Megatron order tp-cp-dp-pp: a stage's ranks are contiguous
    int lastRank;
    int layers;                     ///< transformer layers per stage
    double inFlightMicroBatches;    ///< micro-batches whose activations a stage holds at its peak
    double residentParameters;      ///< parameters this GPU owns before ZeRO sharding
    ComponentBytes bytes;           ///< per component, alive at the peak moment
    /// The three numbers the tools show, at the step's peak: PyTorch max_memory_allocated
    /// (live tensors), max_memory_reserved (+ the caching allocator's rounding, split blocks and
    /// cached free blocks) and nvidia-smi's used memory (+ CUDA context, NCCL buffers, paged
    /// memory). allocated ≤ reserved ≤ device.
    double allocatedBytes;
    double reservedBytes;
    double deviceBytes;
    double totalBytes;              ///< = deviceBytes (the bar's height)
    double capacityBytes;
    bool fits;                      ///< deviceBytes (less what a paged optimizer can evict) ≤ capacity
    double cpuOffloadBytes;         ///< this GPU's states held in CPU memory
    StepMoment peakMoment;          ///< when allocated memory peaks
    int peakMicroBatch;             ///< 0-based micro-batch of that moment
    int peakChunk;                  ///< model chunk (interleaved 1F1B) of that moment
    std::array<double, kStepMomentCount> momentBytes; ///< allocated bytes at each moment of the step (0: none)
    /// A group of stages that are not all alike (a pipeline of more than kMaxRankGroups stages):
    /// the stage whose memory the group shows, the fullest of them. -1: every stage of the group
    /// has this memory.
    int shownStage = -1;

    double categoryBytes(Category category) const;
    double modelStateBytes() const;
    double levelBytes(MemoryLevel level) const; ///< Σ components of exactly this level
};

/// Rank groups an estimate lists at most. Stages of the same memory form one group; beyond
/// this many groups (a pipeline of 100,000 one-layer stages made 100,000 groups, and the window
/// hung for minutes drawing and checking them, issue 32.3) the stages between the first and the
/// last are grouped in runs of equal length, each shown by its fullest stage, so the fullest
/// GPU and the "fits" verdict stay exact. 64: Megatron's 1T-parameter run has 64 stages
/// (Narayanan et al. 2021, table 1), and 64 bars are what a 1920-pixel chart still labels.
inline constexpr int kMaxRankGroups = 64;

struct ComputeEstimate
{
    double tokensPerIteration = 0;
    double modelFlopsPerIteration = 0;     ///< what MFU counts
    double hardwareFlopsPerIteration = 0;  ///< + recomputation: what the GPUs execute
    double visionFlopsPerIteration = 0;    ///< of modelFlopsPerIteration: a vision tower over the step's images
    double iterations = 0;
    double totalModelFlops = 0;
    double totalHardwareFlops = 0;
    double peakFlopsPerGpu = 0;
    ComputeDType computeDType = ComputeDType::Bf16;
    double effectiveMfu = 0;               ///< given, implied by achieved TFLOP/s, or the step-time model's
    TimeSource timeSource = TimeSource::Model; ///< where iterationSeconds comes from
    double iterationSeconds = 0;           ///< one optimizer step: training (+ RL rollout)
    double modelStepSeconds = 0;           ///< the step-time model's own step (= iterationSeconds when it is the source)
    double modelMfu = 0;                   ///< the MFU the step-time model implies
    StepParts stepParts{};                 ///< the model's step by part; sums to modelStepSeconds
    double rolloutSeconds = 0;             ///< RL: generating the step's samples before training on them
    double rolloutRounds = 0;              ///< RL: engine batches per step (more when the KV cache is short)
    double trainingSeconds = 0;            ///< the run's wall-clock: with checkpoints, interruptions and restarts (run.goodput)
    double gpuHours = 0;
    double cost = 0;
    double bubbleFraction = 0;
    RunEstimate run;                       ///< interruptions, checkpoints and goodput (core/goodput/)
};

/// The parallel dimensions that communicate, in the order of CommunicationEstimate's fields.
enum class CommDimension { DataParallel, TensorParallel, PipelineParallel, ContextParallel, ExpertParallel, Count };
inline constexpr std::size_t kCommDimensionCount = std::size_t(CommDimension::Count);

/// Bytes each GPU sends per optimizer step (ring collectives), by parallel dimension, and the
/// time they take on the link the dimension's group uses.
struct CommunicationEstimate
{
    double dataParallel = 0;
    double tensorParallel = 0;
    double pipelineParallel = 0;
    double contextParallel = 0;
    double expertParallel = 0;
    /// bytes ÷ the per-direction bandwidth of the group's slowest link; 0 when it is unknown
    std::array<double, kCommDimensionCount> seconds{};
    std::array<double, kCommDimensionCount> linkBytesPerSecond{};
    std::array<bool, kCommDimensionCount> overNetwork{}; ///< the group spans nodes
    std::array<int, kCommDimensionCount> membersPerNode{}; ///< the group's ranks in one node

    double bytes(CommDimension d) const
    {
        const double all[] = {dataParallel, tensorParallel, pipelineParallel, contextParallel, expertParallel};
        return all[std::size_t(d)];
    }
};

/// Stable id of a dimension as in the JSON output: "data_parallel", "tensor_parallel", …
std::string_view commDimensionName(CommDimension d);

/// Serving answers: does it fit, how much more fits, how fast (mode = inference).
struct InferenceEstimate
{
    double linearBitsPerParameter = 0;  ///< storage format incl. scales
    double kvBytesPerTokenPerLayer = 0; ///< one GPU, a full-attention layer
    double kvBytesPerSequence = 0;      ///< whole model (all stages), at the scenario's context: the layers with a KV cache
    double stateBytesPerSequence = 0;   ///< whole model: a hybrid's linear layers' fixed recurrent state (conv + SSM), any context
    double freeBytesForKv = 0;          ///< fullest stage: capacity − everything but the KV cache
    double maxBatchAtContext = 0;       ///< largest batch whose KV cache fits at this context
    double maxContextAtBatch = 0;       ///< longest context that fits at this batch (memory only)
    int replicas = 1;                   ///< GPUs / (TP × PP)
    double prefillFlops = 0;
    double prefillSeconds = 0;          ///< time to first token for the whole batch (compute-bound)
    double decodeBytesPerStep = 0;      ///< read from HBM per generated token (replica)
    double decodeFlopsPerStep = 0;
    double decodeStepSeconds = 0;
    ServingParts decodeParts{};         ///< where a decode step's seconds go (core/serving/stepcost.h)
    ServingParts prefillParts{};        ///< where the prefill's seconds go, over its chunks
    double prefillChunks = 0;           ///< engine steps the batch's prompts take
    // Continuous batching (core/serving/stepcost.h; issue 27 item 2): the scenario's batch as the
    // requests the engine keeps running, each new one's prompt prefilled in chunks inside the
    // others' decode steps (vLLM V1, SGLang, TensorRT-LLM in-flight batching).
    double runningRequests = 0;         ///< requests decoding at once (the batch, or fewer where the token budget cannot prefill for more)
    double prefillTokensPerStep = 0;    ///< prompt tokens of the other requests in each decode step
    double itlSeconds = 0;              ///< one stream's time between tokens under that load (= the decode step alone at batch 1)
    ServingParts itlParts{};
    double ttftSeconds = 0;             ///< one request's prompt in chunks beside the others' decode (no queueing)
    double ttftChunks = 0;              ///< engine steps that prompt takes
    double requestSeconds = 0;          ///< TTFT + (OSL − 1) × ITL
    double throughputPerReplica = 0;    ///< output tokens/s of a replica: running × OSL / request seconds (Little's law)
    double tokensPerSecondPerSequence = 0;
    double tokensPerSecondPerReplica = 0;
    double tokensPerSecondTotal = 0;
    double arithmeticIntensity = 0;     ///< decode FLOPs per byte
    double ridgePoint = 0;              ///< GPU peak / bandwidth: above it compute-bound
    bool memoryBound = true;
    // Speculative decoding (core/serving/speculative.h; issue 27 item 3). With a drafter, the
    // decode step above is the time per output token: (verify step + drafting) / tokens per step.
    bool speculative = false;           ///< a drafter proposes tokens (inference.speculative_method)
    double speculativeTokensPerStep = 1; ///< E = (1 − α^(k+1)) / (1 − α) (Leviathan et al. 2023, eq. 1); 1 without speculation
    double verifyStepSeconds = 0;       ///< one target step over k + 1 tokens per sequence
    double draftSeconds = 0;            ///< the drafter's k proposals for the batch, per target step
    double draftWeightBytes = 0;        ///< on one GPU of the last stage
    double draftKvBytesPerSequence = 0; ///< the drafter's KV cache per sequence, that GPU
    // Prefix caching: the prompt tokens prefill computes per request.
    double prefixCacheHitRate = 0;      ///< inference.prefix_cache_hit_rate, as the estimate read it
    double prefillTokensPerRequest = 0; ///< prompt − cached (at least 1: the last token is recomputed for its logits)
    // A vision-language model (core/model/visiontower.h; issue 28 item 4).
    double imageTokensPerRequest = 0;   ///< of the prompt: inference.images_per_request × the model's tokens per image
    double visionWeightBytes = 0;       ///< the tower and projector on one GPU of the first stage
    double visionSecondsPerImage = 0;   ///< the encoder's forward over one image, before its request's prefill
};

/// Fine-tuning answers (mode = finetune).
struct FineTuneEstimate
{
    double trainableParameters = 0;
    double adapterParameters = 0;
    double rolloutKvNeeded = 0;         ///< RL: KV the rollout batch needs per GPU
    double rolloutKvReserved = 0;       ///< RL: what the engine reserves per GPU
};

struct Estimate
{
    Mode mode = Mode::Train;
    bool valid = false;                 ///< false: errors in issues, numbers below are not set
    std::vector<Issue> issues;
    ParameterCounts parameters;
    ModelArchitecture shape;            ///< the architecture used (family shape for count-only models)
    StateBytesPerParameter stateBytes;
    int dataParallel = 0;
    int zeroShards = 0;                 ///< ranks ZeRO shards over (DP × CP)
    int microBatchesPerStep = 0;
    std::vector<RankGroup> groups;
    int fullestGroup = 0;
    double cpuBytesPerNode = 0;
    double nvmeBytesPerNode = 0;        ///< ZeRO-Infinity: offloaded states on the node's NVMe drives
    ComputeEstimate compute;
    CommunicationEstimate communication;
    InferenceEstimate inference;
    FineTuneEstimate finetune;

    const RankGroup& fullest() const { return groups[std::size_t(fullestGroup)]; }
};

/// Validates the scenario and, if valid, computes the full estimate into `out`, reusing its
/// storage (no allocation after the first call with the same pipeline depth). If `working`
/// is given, every number's formula and substituted values are recorded in it.
void estimate(const Scenario& scenario, Estimate& out, Working* working = nullptr);

/// What an estimate may leave out (the planner's search).
struct EstimateOptions
{
    bool timeOnlyIfFits = false; ///< skip FLOPs, time and communication when a GPU does not fit (compute stays zero)
    /// The fitted constants to use; nullptr: the shipped ones. Only the accuracy harness gives
    /// others (refitted without a source, core/accuracy/fit.h).
    const ModelConstants* constants = nullptr;
    /// countParameters(scenario.model, TP) where the caller has them already (the planner: once
    /// per TP, not once per layout); ignored for a bare parameter count. nullptr: counted here.
    const ParameterCounts* counts = nullptr;
};
void estimate(const Scenario& scenario, Estimate& out, Working* working, const EstimateOptions& options);
Estimate estimate(const Scenario& scenario, Working* working = nullptr);

/// The part of the step-time model's step that neither ZeRO nor offload changes, taken at the
/// scenario's recomputation: the slowest stage's micro-batches with their exposed TP, CP and EP
/// communication, the bubble and the pipeline's point-to-point traffic. Every ZeRO stage and
/// offload of the layout, and every heavier recomputation, takes at least this long (the
/// planner bounds its search with it). The scenario's layout must be valid; 0 if it cannot be timed.
/// `counts`, if given, are countParameters(shape, TP) of the scenario's model (a search caches them).
double stepLowerBound(const Scenario& scenario, const ParameterCounts* counts = nullptr);

/// Validation only (what estimate() checks first).
void validate(const Scenario& scenario, std::vector<Issue>& issues);

} // namespace core
