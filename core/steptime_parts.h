#pragma once

// Internal to the step-time model: its constants (resources/steptime.json) and the parts it
// builds a step from, shared by the model (steptime_model.cpp) and its working
// (steptime_working.cpp).

#include <algorithm>

#include "core/estimate_context.h"
#include "core/steptime.h"
#include "core/steptime_data.h"
#include "core/steptime/attentionkernel.h"
#include "core/steptime/eagerops.h"
#include "core/steptime/fp8recipe.h"

namespace core {

class Working;

namespace step {

using steptime_data::constant;

using steptime_data::kGemmHalf;
constexpr double kUnfusedBytesPerScore = constant("unfused_attention_bytes_per_score");
constexpr double kHiddenPasses = constant("elementwise_hidden_passes");
constexpr double kGatedPasses = constant("elementwise_ffn_passes_gated");
constexpr double kGeluPasses = constant("elementwise_ffn_passes_gelu");
constexpr double kProjectionPasses = constant("elementwise_projection_passes");
constexpr double kDropoutPasses = constant("elementwise_dropout_passes");
constexpr double kBackwardFactor = constant("elementwise_backward_factor");
constexpr double kFusedBackwardFlops = constant("fused_attention_backward_flops");
constexpr double kLayerOverhead = constant("layer_overhead_seconds");
constexpr double kLatency = constant("collective_latency_seconds");
constexpr double kBucketParameters = constant("megatron_bucket_parameters");
constexpr double kPcieEfficiency = constant("pcie_efficiency");
constexpr double kCpuBandwidth = constant("cpu_memory_bytes_per_second_per_node");
constexpr double kCpuEfficiency = constant("cpu_memory_efficiency");
constexpr double kCpuAdamBytes = constant("cpu_adam_bytes_per_parameter");

/// One layer, one micro-batch, one GPU: seconds of each kind, forward and backward.
struct LayerCost
{
    double gemmF = 0, gemmB = 0;
    double attentionF = 0, attentionB = 0;
    double elementF = 0, elementB = 0;
    double overheadF = 0, overheadB = 0;
    double tpF = 0, tpB = 0;             ///< TP collectives, all of them
    double tpExposedF = 0, tpExposedB = 0;
    double cpF = 0, cpB = 0, cpExposedF = 0, cpExposedB = 0;
    double epF = 0, epB = 0;             ///< all-to-alls, all of them
    double epExposedF = 0, epExposedB = 0; ///< what of them no other micro-batch's computation hides
    double recompute = 0;                ///< repeated forward work, in the backward

    double forward() const { return gemmF + attentionF + elementF + overheadF + tpExposedF + cpExposedF + epExposedF; }
    double backward() const { return gemmB + attentionB + elementB + overheadB + tpExposedB + cpExposedB + epExposedB; }
    double total() const { return forward() + backward() + recompute; }
};

/// Everything the per-layer costs share within one estimate.
struct Model
{
    const EstimateContext& ctx;
    const GpuSpec& gpu;
    const GpuStepFigures& fig;
    double gemmPeak = 0, attentionPeak = 0, bandwidth = 0;
    bool fp8 = false;
    double inputBytes = 2;  ///< bytes per GEMM input element (1 in FP8)
    double e = 2;           ///< bytes per activation element
    double T = 0;           ///< tokens per micro-batch on one GPU (s/c · b)
    double t = 1, c = 1;
    double seqShard = 1;    ///< t with sequence parallelism
    double backwardGemms = 2; ///< dgrad + wgrad (frozen LoRA base: dgrad only)
    GroupLink tp, cp, ep, pp;
    AttentionFigures att;   ///< the attention kernel the run uses (core/steptime/attentionkernel.h)
    double attWidth = 1;    ///< its speed at the model's head dim over its head-dim-128 figures
    EagerTraffic eager;     ///< what eager PyTorch adds to the elementwise work (core/steptime/eagerops.h)
    Fp8RecipeCost recipe;   ///< FP8 runs: the quantization traffic and NVFP4's GEMM speed (core/steptime/fp8recipe.h)

    // gemmEfficiency's factors that depend on the GPU only, formed once per estimate: each is
    // the product gemmEfficiency forms first (left to right), so gemm() below gives the same
    // double as gemmSeconds(…, gemmEfficiency(…), …) in steptime.cpp, in a third of the work.
    double mamfProduct = 0;  ///< M·N·K of the measured shape
    double mamfPadded = 0;   ///< (M + d₀)(N + d₀)(K + d₀)
    double sustained16 = 0, sustained8 = 0; ///< sustained fraction × the 16-bit / FP8 maximum

    explicit Model(const EstimateContext& context)
        : ctx(context), gpu(context.scenario.hardware.gpu), fig(context.gpuFigures)
    {
        mamfProduct = fig.mamfM * fig.mamfN * fig.mamfK;
        mamfPadded = (fig.mamfM + kGemmHalf) * (fig.mamfN + kGemmHalf) * (fig.mamfK + kGemmHalf);
        const double sustained = (*context.constants)[FittedConstant::SustainedFraction];
        sustained16 = sustained * fig.gemmBf16;
        sustained8 = sustained * (fig.gemmFp8 > 0 ? fig.gemmFp8 : fig.gemmBf16);
    }

    /// gemmSeconds(m, n, k, peak, gemmEfficiency(fig, f8, m, n, k), bytes, bandwidth), inline.
    double gemm(double m, double n, double k, bool lowPrecision = true) const
    {
        const bool f8 = fp8 && lowPrecision;
        if (!(m > 0 && n > 0 && k > 0))
            return 0;
        const double h = kGemmHalf;
        const double best = mamfProduct * ((m + h) * (n + h) * (k + h));
        const double shape = m * n * k * mamfPadded;
        const double efficiency = best > 0 ? (f8 ? sustained8 : sustained16) * std::min(1.0, shape / best) : 0;
        const double peakFlops = f8 ? gemmPeak : attentionPeak;
        if (!(peakFlops > 0 && efficiency > 0))
            return 0;
        const double compute = 2 * m * n * k / (peakFlops * efficiency);
        const double memory = bandwidth > 0 ? ((f8 ? 1.0 : 2.0) * (m * k + k * n) + 2 * m * n) / bandwidth : 0;
        return std::max(compute, memory);
    }
    double memory(double bytes) const { return bandwidth > 0 ? bytes / bandwidth : 0; }
};


/// The breakdown of one stage for one micro-batch.
struct StageCost
{
    StepParts parts{};
    double forward = 0, backward = 0;
    double total() const
    {
        double sum = 0;
        for (double p : parts)
            sum += p;
        return sum;
    }
};

inline double& part(StepParts& parts, StepPart p) { return parts[std::size_t(p)]; }

/// The part of a step that does not depend on ZeRO or offload: the pipeline of micro-batches
/// on the slowest stage with its exposed TP, CP and EP communication, the bubble and the
/// pipeline's point-to-point traffic.
struct PipelinePass
{
    Model md;
    ByKind<LayerCost> kinds{}; ///< one layer of each kind the model has
    StageCost slowest;
    StepParts parts{};    ///< per step: compute parts, TP/CP/EP exposed, bubble, PP exposed
    double perMicro = 0;  ///< the slowest stage's micro-batch
    double tpAll = 0, cpAll = 0, epAll = 0, p2pAll = 0; ///< per step, before overlap
    explicit PipelinePass(const EstimateContext& ctx) : md(ctx) {}
};

/// What the step's data-parallel, optimizer and offload parts read, for the working.
struct StepTotals
{
    double dpAll = 0;    ///< data-parallel seconds per step before overlap
    double updated = 0;  ///< parameters the optimizer updates on this GPU
    double hostLink = 0; ///< PCIe bytes per second used for offload
};

/// Records the step's working: every part with its formula and values (steptime_working.cpp).
void explainStep(const EstimateContext& ctx, const PipelinePass& pass, const StepTotals& totals, const ComputeEstimate& out,
                 const CommunicationEstimate& comm, Working* w);

} // namespace step
} // namespace core
