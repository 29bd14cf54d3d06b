#pragma once

// The time of one serving engine step (issue 27 item 1): one forward of the running batch —
// sequences that decode one token each and prompt tokens being prefilled — on one GPU of each
// pipeline stage of a model replica. Shared by the estimate (decode step, time to first token),
// continuous batching (core/serving/batching.h) and the serving planner.
//
// A step on one GPU is the sum of what runs one kernel after another (decode kernels do not
// overlap each other):
//   linear     max(weight bytes / (bandwidth × kernel efficiency), GEMM FLOPs / (peak × efficiency(rows)))
//   KV read    the decode attention reads each sequence's cache once (paged / flash decoding), or
//              computes over it where that takes longer (MLA's absorbed decode, many queries per KV head)
//   attention  prefill's causal attention FLOPs at the fused kernel's efficiency
//   floor      a fixed time per layer (launch gaps, tails, norms, rotary: fitted)
//   TP         two all-reduces per layer of rows × hidden activations (custom one-shot or NCCL ring)
//   EP         dispatch and combine per MoE layer
// The routed experts' GEMMs and the all-to-all wait for the EP rank that received the most
// token-expert pairs (core/serving/expertload.h).
// and once per step the engine's own overhead (scheduler, sampler, streaming: fitted), plus a
// hand-off of the rows' activations between pipeline stages.

#include <array>
#include <cstddef>
#include <string_view>

#include "core/model.h"
#include "core/modelconstants.h"
#include "core/steptime.h"

namespace core {

enum class ServingPart {
    Weights,        ///< reading the weights (the linear layers' time when bandwidth binds)
    Compute,        ///< the linear layers' GEMM FLOPs (when compute binds)
    KvRead,         ///< decode attention reading the KV cache
    Attention,      ///< prefill attention FLOPs
    LayerFloor,     ///< fixed time per layer
    TensorParallel, ///< all-reduces
    ExpertParallel, ///< MoE dispatch and combine
    PipelineHandOff,///< activations sent to the next stage
    EngineOverhead, ///< the engine's own time per step
    Count
};
inline constexpr std::size_t kServingPartCount = std::size_t(ServingPart::Count);
using ServingParts = std::array<double, kServingPartCount>;

/// Stable id as in the JSON output: "weights", "kv_read", "tensor_parallel", …
std::string_view servingPartName(ServingPart part);

/// One GPU of one pipeline stage, as a step reads it (resolved from the scenario by the estimate).
struct ServingStage
{
    int layers = 0;
    int moeLayers = 0;
    double denseWeightBytes = 0;  ///< read every step: attention, dense MLPs, shared experts, norms, the LM head (not the token embedding)
    double expertWeightBytes = 0; ///< routed experts held by this GPU (read where some row was routed to them)
    double flopsPerToken = 0;     ///< GEMM FLOPs per row on this GPU: 2 × the parameters a token uses
    /// The routed experts' share of flopsPerToken with the pairs spread evenly over the EP ranks
    /// (the busiest rank does more: core/serving/expertload.h).
    double expertFlopsPerToken = 0;
    double attentionWidth = 0;    ///< query heads × head dim on this GPU (MLA: its attention width)
    double kvReadBytes = 0;       ///< the KV cache this step's decode attention reads on this GPU
    /// FLOPs of one decode query over the stage's cached positions on this GPU (Σ over attending
    /// layers of 2 · heads/t · (d + dv) · positions; MLA absorbed: d = latent + rope, dv = latent).
    double decodeAttentionFlops = 0;
    /// DeepSeek Sparse Attention's indexer: FLOPs of one query scoring one cached position, summed
    /// over the stage's layers (2 · H_I · d_I each: its heads are replicated, not split by TP).
    double indexerFlopsPerPosition = 0;
};

/// The replica's hardware and engine, as a step reads it.
struct ServingHardware
{
    const GpuStepFigures* gemm = nullptr; ///< measured GEMM and attention efficiencies (resources/steptime.json)
    double bandwidth = 0;        ///< achievable bytes/s: datasheet × hbm_read_fraction
    double peakFlops = 0;        ///< peak of the GEMMs' dtype (FP8 weights: FP8)
    double peakAttentionFlops = 0; ///< 16-bit peak (attention runs in 16 bits)
    bool fp8 = false;
    double weightEfficiency = 1; ///< share of the bandwidth the weight kernels reach (weight-only int: fitted)
    double hidden = 0;           ///< rows × hidden is what the all-reduces and hand-offs move
    double activationBytes = 2;
    int tensor = 1;
    int expert = 1;
    int experts = 0, topK = 0;   ///< routed experts and experts per token (MoE)
    /// Replicas whose rows reach one GPU's experts: an EP group wider than the replica's TP (attention
    /// data-parallel: EP·ETP / TP ranks each with their own batch) routes every rank's tokens to it.
    double expertGroupReplicas = 1;
    bool customAllReduce = false;///< the engine's one-shot all-reduce over NVLink (vLLM, SGLang, TensorRT-LLM)
    double tpBusBytesPerSecond = 0;
    double epBusBytesPerSecond = 0;
    double linkBytesPerSecond = 0; ///< between pipeline stages
    bool engineOverhead = false; ///< a server engine whose scheduler the GPU waits for each step
    /// The per-expert load's coefficient of variation (core/serving/expertload.h).
    double expertLoadDispersion = 0;
};

/// What one step computes.
struct ServingLoad
{
    double decodeSequences = 0;  ///< sequences that each decode one token
    double prefillTokens = 0;    ///< prompt tokens computed in this step (a chunk)
    double prefillAttended = 0;  ///< Σ over those tokens of the positions each attends (causal: start + i)
    /// Speculative decoding's draft tokens verified beside each decoding sequence's own (k per
    /// sequence, core/serving/speculative.h): rows of every GEMM and all-reduce; their attention
    /// reads the sequence's KV cache with its own query (one read for the k + 1 queries).
    double verifyRows = 0;
    /// With sparse attention: Σ over the prefill tokens of the positions the indexer scores (all
    /// causal positions; prefillAttended then counts only the top-k each attends).
    double prefillIndexed = 0;
    double rows() const { return decodeSequences + prefillTokens + verifyRows; }
};

/// One stage's GPU time, by part (no engine overhead, no hand-off).
ServingParts stageStepParts(const ServingStage& stage, const ServingHardware& hw, const ServingLoad& load, const ModelConstants& constants);

/// The busiest EP rank's routed pairs over the mean rank's for a step of `rows` rows on this stage
/// (1 without experts split over ranks; core/serving/expertload.h).
double expertLoadFactor(const ServingStage& stage, const ServingHardware& hw, double rows);

/// An all-reduce of `bytes` over `ranks` GPUs inside a step: the engine's one-shot kernel where it
/// has one (latency and per-byte cost measured on H100, sgl-project/sglang#2904), or NCCL's ring
/// (measured latency + 2(n−1)/n × bytes over the bus), whichever is faster.
double stepAllReduceSeconds(double bytes, int ranks, bool custom, double busBytesPerSecond);

/// Fraction of `experts` routed experts some of `rows` tokens (top-`k` each) reach, uniform routing.
double touchedExperts(double rows, int experts, int k);

/// FLOPs of one decode query attending to one cached position in one layer, per query head:
/// 2 · (d + dv) (QKᵀ over d, ·V over dv; deepseek-ai/FlashMLA tests/test_flash_mla.py
/// "FLOPS = s_q * total_seqlens * h_q * (d + dv) * 2"). MLA decodes absorbed: d = kv_lora_rank +
/// rope dim, dv = kv_lora_rank (576 and 512 for DeepSeek-V3); other attention d = dv = head dim.
double decodeAttentionFlopsPerHead(const ModelArchitecture& m);

/// The constant "decode_attention_compute_fraction": the share of the 16-bit peak a decode
/// attention kernel reaches where its FLOPs bind (resources/serving.json).
double decodeAttentionComputeFraction();

/// The constant "hbm_read_fraction" (resources/serving.json).
double hbmReadFraction();
/// The constant "serving_nccl_latency_seconds": one NCCL collective inside a captured step.
double ncclLatencySeconds();

} // namespace core
