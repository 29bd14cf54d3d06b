#pragma once

// The serving planner (issue 27 item 4): for a serving scenario (model, GPU type and count,
// ISL = inference.prompt_length, OSL = inference.generated_tokens, the engine) every layout a
// server can be launched with — TP, PP, expert parallelism for MoE, replicas = GPUs / (TP·PP),
// the weight format and KV cache dtype, the batch cap (max_num_seqs) — each evaluated with the
// same estimate() as `shardscope estimate` (no second model: memory from the stage ledgers,
// TTFT and the time between tokens from continuous batching over the serving step,
// core/serving/stepcost.h), rejected with a code where it does not fit or misses a latency
// limit, and ranked by output tokens per second per GPU under the limits.

#include <atomic>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/issues.h"
#include "core/plan/planner.h"
#include "core/rules/scenariochanges.h"
#include "core/scenario.h"

namespace core {

/// The knobs of a serving layout. Everything else (model, GPUs, ISL/OSL, engine, token budget)
/// stays as the scenario has it.
struct ServingLayout
{
    int tensor = 1;
    int pipeline = 1;
    bool expertParallel = false; ///< MoE: experts split over the TP group (EP = TP, expert TP 1; vLLM --enable-expert-parallel) instead of TP-sharded
    WeightFormat weights = WeightFormat::Bf16;
    KvCacheDtype kvCache = KvCacheDtype::Bf16;
    int batch = 1;               ///< requests running at once per replica: inference.batch_size and the engine's cap (max_num_seqs)

    bool operator==(const ServingLayout&) const = default;
};

/// The scenario's own serving layout.
ServingLayout servingLayoutOf(const Scenario& scenario);
/// Puts the knobs into a scenario (inference.max_num_seqs = the batch: the engine runs no more).
void applyServingLayout(const ServingLayout& layout, Scenario& scenario);
/// The fields that turn `base` into the scenario with `layout` (only those that differ, in the
/// table's order), as the window sets them and --set prints them.
std::vector<ScenarioChange> servingLayoutChanges(const Scenario& base, const ServingLayout& layout);

/// Why a layout is not among those that serve under the limits.
enum class ServingReject : std::uint8_t {
    None,
    ModelDoesNotFit,  ///< not even one request fits: weights, workspace and one request's KV exceed a GPU
    BatchDoesNotFit,  ///< the batch's KV cache does not fit beside the weights
    TpotOverLimit,    ///< the time between tokens under load exceeds the TPOT limit
    TtftOverLimit,    ///< the time to first token under load exceeds the TTFT limit
    Count
};
/// "model_does_not_fit", "batch_does_not_fit", "tpot_over_limit", "ttft_over_limit" ("" for None).
std::string_view servingRejectName(ServingReject reject);

struct ServingPlanRequest
{
    Scenario base;               ///< mode inference: model, GPU, GPUs, ISL/OSL, engine
    double ttftLimitSeconds = 0; ///< 0: no limit
    double tpotLimitSeconds = 0; ///< 0: no limit
    /// Requests in flight over the whole pool (closed-loop clients); 0: the planner picks each
    /// layout's batch, the largest under the limits.
    double concurrency = 0;
    /// Requests per second to serve: the fewest GPUs (ServingPlanResult::fewestGpus); 0: none.
    double requestRate = 0;
    /// The formats to try; empty: the scenario's own.
    std::vector<WeightFormat> weightFormats;
    std::vector<KvCacheDtype> kvDtypes;
    /// Bounds on parallel.tensor, parallel.pipeline (and parallel.expert: 1 or TP) as --pin reads them.
    PlanPins pins;
};

/// One evaluated layout at one batch.
struct ServingCandidate
{
    ServingLayout layout;
    int replicas = 0;
    ServingReject reject = ServingReject::None;
    bool fits = false;
    bool missesTtft = false, missesTpot = false;
    bool pareto = false;          ///< (points) no fitting point has more tokens/s per GPU at a shorter TPOT
    double peakBytes = 0, capacityBytes = 0;
    double maxBatch = 0;          ///< the estimate's largest batch at this context
    double running = 0;           ///< requests decoding at once (fewer than the batch where the token budget binds)
    double ttftSeconds = 0;       ///< time to first token under load (InferenceEstimate::ttftSeconds)
    double tpotSeconds = 0;       ///< time between tokens under load (InferenceEstimate::itlSeconds)
    double requestSeconds = 0;
    double tokensPerSecondPerGpu = 0; ///< output tokens/s of a replica / (TP·PP)
    double requestsPerSecondPerReplica = 0;
    int gpusForRate = 0;          ///< ⌈rate / requests/s per replica⌉ · TP·PP (0: no rate asked)
    int gpusPerReplica() const { return layout.tensor * layout.pipeline; }
    double tokensPerSecondPerUser() const { return tpotSeconds > 0 ? 1 / tpotSeconds : 0; }
};

struct ServingPlanResult
{
    long long candidates = 0;     ///< layouts × formats × batches considered
    long long valid = 0;          ///< of them, estimated (the scenario allows them)
    long long fitting = 0;
    long long meeting = 0;        ///< fitting and within the limits
    double seconds = 0;
    bool cancelled = false;
    std::vector<Issue> issues;
    /// One per layout and formats: its best batch under the limits (the largest that meets them;
    /// with a concurrency, the one it implies), or, where none meets them, the batch that failed
    /// first with its reason. Ranked: those that meet the limits by tokens/s per GPU, then those
    /// that fit but miss a limit, then those that do not fit.
    std::vector<ServingCandidate> layouts;
    /// Every point estimated (layout × batch): the throughput–latency curve, its Pareto front marked.
    std::vector<ServingCandidate> points;
    int fewestGpus = -1;          ///< index into layouts of the one serving requestRate on the fewest GPUs (−1: none, or no rate)
    int best() const { return !layouts.empty() && layouts.front().reject == ServingReject::None ? 0 : -1; }
};

/// The formats worth trying for a scenario: its own, and FP8 (weights and KV cache) where its
/// GPU has FP8 tensor cores and the scenario's are 16-bit (vLLM --quantization fp8 and
/// --kv-cache-dtype fp8 on Hopper and later). What the command line and the window try by default.
void defaultServingFormats(const Scenario& scenario, std::vector<WeightFormat>& weights, std::vector<KvCacheDtype>& kv);

/// Every serving layout of the request's scenario, estimated and ranked. `cancel` (may be null)
/// stops early (result.cancelled).
ServingPlanResult planServing(const ServingPlanRequest& request, const std::atomic<bool>* cancel = nullptr, const PlanProgress& progress = {});

/// Ranks layouts: within the limits first, by tokens/s per GPU (ties: shorter TPOT, fewer GPUs
/// per replica); then those that fit but miss a limit (by tokens/s per GPU); then those that do
/// not fit (by how far over).
void rankServingLayouts(std::vector<ServingCandidate>& layouts);
/// Marks the points on the front of (tokens/s per GPU ↑, TPOT ↓) among those that fit.
void markServingPareto(std::vector<ServingCandidate>& points);

} // namespace core
