#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/components.h"
#include "core/scenario.h"

namespace core {

/// What the engine is doing in an engine step of a serving run.
enum class ServingPhase { Prefill, Decode };

/// Why a serving timeline could not be made (Ok: it was).
enum class ServingTimelineStatus {
    Ok,
    NotServing,       ///< the scenario trains or fine-tunes: see stepTimeline
    InvalidScenario,  ///< the estimate has errors (a batch of 0, a context of 0, …): see its issues
};

/// One stretch of engine steps [firstStep, lastStep] whose memory is the same or is shown at its
/// highest point (its last step: within a phase the KV cache only grows). A paged engine's KV
/// cache grows by whole blocks, so in the decode phase one moment is one block's worth of tokens.
struct ServingMoment
{
    std::int64_t firstStep = 0;      ///< 0-based engine step (prefill steps first, then decode)
    std::int64_t lastStep = 0;
    ServingPhase phase = ServingPhase::Prefill;
    std::int64_t phaseStep = 0;      ///< 1-based number of lastStep within its phase ("decode step 812")
    std::int64_t runningRequests = 0;///< requests holding KV cache at lastStep
    std::int64_t prefilledRequests = 0; ///< requests whose whole prompt is in the cache
    std::int64_t contextTokens = 0;  ///< tokens in the cache per prefilled request (prompt + generated)
    std::int64_t usedBlocks = 0;     ///< KV blocks the requests hold (0 for a contiguous cache)
    std::int64_t requestBlocks = 0;  ///< blocks each prefilled request holds (the one being prefilled: the rest)
    double usedKvBytes = 0;          ///< what those blocks hold in bytes (the estimate's kvCacheBytes)
    bool overPool = false;           ///< usedBlocks > the pool's blocks: a request is preempted here
    ComponentBytes bytes{};          ///< one GPU of the timeline's rank group
    double allocatedBytes = 0;
    double reservedBytes = 0;
    double deviceBytes = 0;

    double start() const { return double(firstStep); }
    double end() const { return double(lastStep + 1); }
    bool operator==(const ServingMoment&) const = default;
};

/// Memory over one serving run on the GPU whose KV pool fills first: every request of the batch
/// arrives at once, their prompts are prefilled chunk by chunk (max_batched_tokens per engine
/// step), then every request decodes one token per step up to the context. The weights, the
/// profiled workspace, the CUDA-graph pool and the runtime are the estimate's (constant); the KV
/// cache is counted in the engine's blocks as each request's context grows, beside the pool the
/// engine reserved at start-up. Its last step is the estimate's batch at the estimate's context,
/// so the peak of the used KV cache is the estimate's KV cache.
struct ServingTimeline
{
    ServingTimelineStatus status = ServingTimelineStatus::NotServing;
    bool valid = false;
    ServingEngine engine = ServingEngine::Vllm;
    int group = 0;                   ///< rank group in Estimate::groups the timeline follows
    int stage = 0;                   ///< its first pipeline stage
    int layers = 0;                  ///< transformer layers of that stage
    int kvLayers = 0;                ///< of them, those that keep a KV cache (a hybrid's linear layers keep a state)
    std::int64_t requests = 0;       ///< inference.batch_size
    std::int64_t promptLength = 0;
    std::int64_t generatedTokens = 0;
    std::int64_t chunkTokens = 0;    ///< prompt tokens one prefill step computes
    bool chunkedPrefill = false;     ///< the batch's prompts take more than one step
    int blockSize = 0;               ///< tokens per KV block; 0: contiguous cache (llama.cpp, HF)
    double blockBytes = 0;           ///< one block in every layer of the stage (vLLM page_size × layers)
    std::int64_t blocksPerRequest = 0; ///< at the full context
    bool reservesPool = false;       ///< the engine pre-allocates its KV pool (vLLM, SGLang, TensorRT-LLM)
    double poolBytes = 0;            ///< the KV cache the engine reserved (llama.cpp: its whole n_ctx cache)
    std::int64_t poolBlocks = 0;     ///< floor(pool / blockBytes): vLLM's num_gpu_blocks
    double estimateKvBytes = 0;      ///< the estimate's KV cache of this group (batch × context)
    double stateBytesPerRequest = 0; ///< a hybrid's recurrent state per running request on this GPU (0: every layer attends)
    double capacityBytes = 0;
    std::int64_t prefillSteps = 0;
    std::int64_t decodeSteps = 0;
    std::int64_t preemptionStep = -1;///< first engine step whose blocks exceed the pool; −1: never
    std::size_t preemptionMoment = 0;///< the moment that starts at preemptionStep (when ≥ 0)
    std::size_t peakMoment = 0;      ///< the moment with the most used KV (the first of equals)
    std::vector<ServingMoment> moments;

    std::int64_t steps() const { return prefillSteps + decodeSteps; }
    double length() const { return double(steps()); }
    /// The moment holding engine step `step` (clamped to the run).
    const ServingMoment* momentAt(double step) const;

    bool operator==(const ServingTimeline&) const = default;
};

/// Computes the serving timeline (on request: estimate() computes only the peak). Reuses `out`'s
/// storage. At most about kServingTimelineMoments moments: longer runs merge steps (the memory
/// of a merged stretch is its last step's, the highest).
void servingTimeline(const Scenario& scenario, ServingTimeline& out);
ServingTimeline servingTimeline(const Scenario& scenario);
inline constexpr std::int64_t kServingTimelineMoments = 2048;

/// KV blocks one request holds on one GPU of layers [firstLayer, lastLayer) at `context` tokens:
/// ⌈context / block⌉ for full attention (vLLM allocates a block when the previous one is full:
/// vllm/v1/core/single_type_kv_cache_manager.py, cdiv(num_tokens, block_size)); sliding-window
/// layers hold the window's blocks. In whole-stage blocks (one page in every layer).
std::int64_t requestKvBlocks(const ModelArchitecture& model, KvCacheDtype dtype, int tensor, int firstLayer, int lastLayer,
                             double context, int blockSize);

/// Stable ids as written to JSON: "prefill", "decode".
std::string_view servingPhaseName(ServingPhase phase);

} // namespace core
