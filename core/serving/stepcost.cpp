#include "core/serving/stepcost.h"

#include <algorithm>
#include <cmath>

#include "core/serving/expertload.h"
#include "core/serving/serving_data.h"

namespace core {

namespace {

// Spelled out (no using-declaration): a unity build puts steptime.cpp's `constant` beside this one.
constexpr double kHbmReadFraction = serving_data::constant("hbm_read_fraction");
constexpr double kNcclLatency = serving_data::constant("serving_nccl_latency_seconds");
constexpr double kDecodeAttentionCompute = serving_data::constant("decode_attention_compute_fraction");

/// The one-shot kernel's measured latency and cost per byte at the nearest measured TP size.
struct CustomAllReduce
{
    double latency, secondsPerByte;
};
constexpr CustomAllReduce kCustomAllReduce[] = {
    {serving_data::constant("custom_allreduce_latency_tp2"), serving_data::constant("custom_allreduce_seconds_per_byte_tp2")},
    {serving_data::constant("custom_allreduce_latency_tp4"), serving_data::constant("custom_allreduce_seconds_per_byte_tp4")},
    {serving_data::constant("custom_allreduce_latency_tp8"), serving_data::constant("custom_allreduce_seconds_per_byte_tp8")},
};

} // namespace

std::string_view servingPartName(ServingPart part)
{
    switch (part) {
    case ServingPart::Weights: return "weights";
    case ServingPart::Compute: return "compute";
    case ServingPart::KvRead: return "kv_read";
    case ServingPart::Attention: return "attention";
    case ServingPart::LayerFloor: return "layer_floor";
    case ServingPart::TensorParallel: return "tensor_parallel";
    case ServingPart::ExpertParallel: return "expert_parallel";
    case ServingPart::PipelineHandOff: return "pipeline_hand_off";
    case ServingPart::EngineOverhead: return "engine_overhead";
    case ServingPart::Count: break;
    }
    return "";
}

double hbmReadFraction() { return kHbmReadFraction; }

double ncclLatencySeconds() { return kNcclLatency; }

double decodeAttentionComputeFraction() { return kDecodeAttentionCompute; }

double decodeAttentionFlopsPerHead(const ModelArchitecture& m)
{
    if (m.isMla())
        return 2.0 * (2.0 * m.kvLoraRank + m.qkRopeHeadDim);
    return 4.0 * m.effectiveHeadDim();
}

double touchedExperts(double rows, int experts, int k)
{
    if (experts <= 0 || k <= 0 || rows <= 0)
        return experts > 0 && rows <= 0 ? 0 : 1;
    return 1 - std::pow(1 - std::min(1.0, double(k) / experts), rows);
}

double stepAllReduceSeconds(double bytes, int ranks, bool custom, double busBytesPerSecond)
{
    if (ranks <= 1 || bytes <= 0)
        return 0;
    // NCCL's ring: 2(n−1)/n of the bytes over each GPU's link (nccl-tests PERFORMANCE.md), plus
    // the latency of one NCCL all-reduce inside a captured step (measured, resources/serving.json).
    const double ring = busBytesPerSecond > 0 ? allReduceSeconds(bytes, ranks, busBytesPerSecond, kNcclLatency) : kNcclLatency;
    if (!custom)
        return ring;
    const CustomAllReduce& k = kCustomAllReduce[ranks <= 2 ? 0 : ranks <= 4 ? 1 : 2];
    return std::min(ring, k.latency + bytes * k.secondsPerByte);
}

double expertLoadFactor(const ServingStage& stage, const ServingHardware& hw, double rows)
{
    if (stage.moeLayers <= 0 || hw.expert <= 1 || hw.experts <= 0 || hw.topK <= 0 || rows <= 0)
        return 1;
    // Every replica of the EP group routes its rows' top-k pairs to the group's E experts, E / EP
    // on each rank: a rank receives rows · replicas · k / EP pairs on average.
    const double pairsPerRank = rows * hw.expertGroupReplicas * hw.topK / hw.expert;
    return busiestRankFactor(hw.expert, double(hw.experts) / hw.expert, pairsPerRank, hw.expertLoadDispersion);
}

ServingParts stageStepParts(const ServingStage& stage, const ServingHardware& hw, const ServingLoad& load, const ModelConstants& constants)
{
    ServingParts parts{};
    const double rows = load.rows();
    if (rows <= 0 || stage.layers <= 0)
        return parts;
    // Linear layers: every weight the rows need is read once per step; the GEMMs have `rows` rows
    // (the step-time model's efficiency of a rows × h × h GEMM, resources/steptime.json).
    // The experts on this GPU serve the rows of every replica in its EP group (attention DP).
    const double touched = stage.moeLayers > 0 ? touchedExperts(rows * hw.expertGroupReplicas, hw.experts, hw.topK) : 1;
    const double bytes = stage.denseWeightBytes + stage.expertWeightBytes * touched;
    const double readSeconds = hw.bandwidth > 0 ? bytes / (hw.bandwidth * hw.weightEfficiency) : 0;
    // The compute side is the GEMM at its measured efficiency without the small-M fall: that fall
    // (Π d/(d + 128), steptime.json "gemm_half_dimension") is a 128-row cuBLAS tile computing mostly
    // padding, while a decode step's GEMMs run skinny-M kernels whose time is the weight read
    // counted beside it (a roofline: the larger of the two binds).
    const double efficiency = hw.gemm ? gemmEfficiency(*hw.gemm, hw.fp8, std::max(rows, hw.gemm->mamfM), hw.hidden, hw.hidden, constants) : 0;
    // Expert load: the step waits for the EP rank whose experts received the most of the routed
    // pairs (core/serving/expertload.h); its routed-expert GEMMs are that much longer.
    const double busiest = expertLoadFactor(stage, hw, rows);
    const double flops = stage.flopsPerToken + (busiest - 1) * stage.expertFlopsPerToken;
    const double computeSeconds = hw.peakFlops > 0 && efficiency > 0 ? flops * rows / (hw.peakFlops * efficiency) : 0;
    parts[std::size_t(readSeconds >= computeSeconds ? ServingPart::Weights : ServingPart::Compute)] = std::max(readSeconds, computeSeconds);
    // Decode attention reads each sequence's cache (FlashAttention/FlashInfer decode, paged), one
    // query per decoding row (a verified draft token is one more query on the same read). Where its
    // FLOPs take longer than the read it is compute-bound: MLA decodes absorbed, 128 query heads on
    // one 576-wide latent (≈ 240 FLOPs per byte in 16 bits), at FlashMLA's measured 580 of H800's
    // 989 TFLOP/s (deepseek-ai/FlashMLA README.md); GQA's few queries per KV head stay bound by the read.
    const double kvRead = hw.bandwidth > 0 ? stage.kvReadBytes / hw.bandwidth : 0;
    const double queries = load.decodeSequences + load.verifyRows;
    const double kvCompute = stage.kvReadBytes > 0 && hw.peakAttentionFlops > 0
        ? queries * stage.decodeAttentionFlops / (hw.peakAttentionFlops * kDecodeAttentionCompute) : 0;
    parts[std::size_t(ServingPart::KvRead)] = std::max(kvRead, kvCompute);
    // Prefill attention: QKᵀ and ·V, 2 FLOPs each per attended position and query width.
    if (load.prefillTokens > 0 && hw.gemm && hw.peakAttentionFlops > 0) {
        const double span = load.prefillAttended / load.prefillTokens;
        const double eff = attentionEfficiency(hw.gemm->attentionForward, span, constants);
        if (eff > 0)
            parts[std::size_t(ServingPart::Attention)] =
                (4 * stage.attentionWidth * load.prefillAttended * stage.layers + stage.indexerFlopsPerPosition * load.prefillIndexed)
                / (hw.peakAttentionFlops * eff);
    }
    parts[std::size_t(ServingPart::LayerFloor)] = stage.layers * constants[FittedConstant::ServingLayerFloor];
    // Tensor parallelism: the attention output and the MLP output are all-reduced in every layer
    // (Megatron's row-parallel layers; vLLM RowParallelLinear), rows × hidden activations each.
    if (hw.tensor > 1)
        parts[std::size_t(ServingPart::TensorParallel)] =
            2.0 * stage.layers * stepAllReduceSeconds(rows * hw.hidden * hw.activationBytes, hw.tensor, hw.customAllReduce, hw.tpBusBytesPerSecond);
    // Expert parallelism: an EP group inside the TP group has every row on every rank already (TP
    // attention), so each rank runs its own experts on them and the MLP's all-reduce above combines
    // them: no dispatch (vllm-project/vllm vllm/model_executor/layers/fused_moe/layer.py @ 0014ec6,
    // forward_impl: "do_naive_dispatch_combine: bool = (self.dp_size > 1 ...", else only "if
    // self.reduce_results and (self.tp_size > 1 or self.ep_size > 1): ...all_reduce..."). An EP
    // group across attention-DP replicas sends each row to its top-k experts and back; all but 1/EP
    // of them leave the GPU (all-to-all), plus a collective's latency each way.
    if (hw.expert > 1 && hw.expertGroupReplicas > 1 && stage.moeLayers > 0 && hw.epBusBytesPerSecond > 0) {
        // The busiest rank receives `busiest` × the mean rank's pairs (and sends as many back).
        const double moved = busiest * rows * hw.topK * hw.hidden * hw.activationBytes * (hw.expert - 1) / hw.expert;
        parts[std::size_t(ServingPart::ExpertParallel)] =
            2.0 * stage.moeLayers * (moved / hw.epBusBytesPerSecond + kNcclLatency);
    }
    return parts;
}

} // namespace core
