// The step-time model: one training step on the GPU of the slowest pipeline stage, built from
// the layer's GEMMs on a roofline, fused attention, bandwidth-bound elementwise work, the
// pipeline bubble and each parallel dimension's communication with what of it overlaps.
#include <algorithm>
#include <cmath>

#include "core/estimate_context.h"
#include "core/model.h"
#include "core/precision.h"
#include "core/pipeline.h"
#include "core/steptime.h"
#include "core/steptime_data.h"
#include "core/working.h"

namespace core {

namespace {

using steptime_data::constant;

using steptime_data::kGemmHalf;
constexpr double kUnfusedBytesPerScore = constant("unfused_attention_bytes_per_score");
constexpr double kHiddenPasses = constant("elementwise_hidden_passes");
constexpr double kGatedPasses = constant("elementwise_ffn_passes_gated");
constexpr double kGeluPasses = constant("elementwise_ffn_passes_gelu");
constexpr double kProjectionPasses = constant("elementwise_projection_passes");
constexpr double kDropoutPasses = constant("elementwise_dropout_passes");
constexpr double kBackwardFactor = constant("elementwise_backward_factor");
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
    double epF = 0, epB = 0;             ///< all-to-alls, always exposed
    double recompute = 0;                ///< repeated forward work, in the backward

    double forward() const { return gemmF + attentionF + elementF + overheadF + tpExposedF + cpExposedF + epF; }
    double backward() const { return gemmB + attentionB + elementB + overheadB + tpExposedB + cpExposedB + epB; }
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

    // gemmEfficiency's factors that depend on the GPU only, formed once per estimate: each is
    // the product gemmEfficiency forms first (left to right), so gemm() below gives the same
    // double as gemmSeconds(…, gemmEfficiency(…), …) in steptime.cpp, in a third of the work.
    double mamfProduct = 0;  ///< M·N·K of the measured shape
    double mamfPadded = 0;   ///< (M + d₀)(N + d₀)(K + d₀)
    double sustained16 = 0, sustained8 = 0; ///< sustained fraction × the 16-bit / FP8 maximum

    explicit Model(const EstimateContext& context)
        : ctx(context), gpu(context.scenario.hardware.gpu), fig(gpuStepFigures(context.scenario.hardware.gpu.preset))
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

/// Fused (FlashAttention) or unfused attention core of one layer: forward and backward seconds.
void attentionCore(const Model& md, double forwardFlops, double heads, LayerCost& out)
{
    const EstimateContext& ctx = md.ctx;
    const TrainingSetup& tr = ctx.scenario.training;
    const bool fused = tr.flashAttention && tr.precision != PrecisionRecipe::Fp32;
    const double s = double(tr.seqLength);
    if (fused) {
        // Each CP rank runs its queries against c key chunks of s/c: the kernel's length is s/c.
        const double kernel = s / md.c;
        const double f = attentionEfficiency(md.fig.attentionForward, kernel, *ctx.constants),
                     b = attentionEfficiency(md.fig.attentionBackward, kernel, *ctx.constants);
        out.attentionF = f > 0 ? forwardFlops / (md.attentionPeak * f) : 0;
        out.attentionB = b > 0 ? 2 * forwardFlops / (md.attentionPeak * b) : 0;
        return;
    }
    // Without a fused kernel the scores go through HBM: batched GEMMs with K = head dim, and the
    // softmax, mask and dropout passes over heads/t × (s/c) × s scores.
    const double d = std::max(1.0, double(ctx.shape.effectiveHeadDim()));
    const double gemm = forwardFlops / (md.attentionPeak * std::max(1e-6, gemmEfficiency(md.fig, false, s / md.c, s, d, *ctx.constants)));
    const double scores = heads / md.t * (s / md.c) * s * double(tr.microBatchSize);
    const double traffic = md.memory(kUnfusedBytesPerScore * scores);
    out.attentionF = gemm + traffic / 3;
    out.attentionB = 2 * gemm + 2 * traffic / 3;
}

/// The TP, CP and EP collectives of one layer, and what of them overlaps.
void layerCommunication(const Model& md, bool moe, LayerCost& out)
{
    const EstimateContext& ctx = md.ctx;
    const TrainingSetup& tr = ctx.scenario.training;
    const ModelArchitecture& m = ctx.shape;
    const double h = m.hiddenSize;
    if (ctx.t > 1) {
        // Two all-reduces (or all-gather + reduce-scatter pairs with SP) of s·b·h per pass
        // (Korthikanti et al. 2022 §4.2.2); with SP there are twice as many latencies.
        const double bytes = md.e * md.T * h;
        const double one = allReduceSeconds(bytes, md.t, md.tp.busBytesPerSecond, 0);
        const double latencies = (md.seqShard > 1 ? 4 : 2) * kLatency;
        out.tpF = 2 * one + latencies;
        out.tpB = out.tpF;
        // --tp-comm-overlap (Transformer Engine userbuffers) hides the collectives behind the
        // GEMMs they are split against; without it they sit on the critical path.
        const bool overlap = tr.tpCommOverlap && md.seqShard > 1;
        out.tpExposedF = overlap ? exposedSeconds(out.tpF, out.gemmF, 0) : out.tpF;
        out.tpExposedB = overlap ? exposedSeconds(out.tpB, out.gemmB, 0) : out.tpB;
    }
    if (ctx.c > 1) {
        // Ring attention: c − 1 K,V chunks forward; K,V and their gradients backward, each step
        // overlapped with the attention of the chunk already there (Megatron cp_comm_type p2p).
        const double chunk = 2 * md.e * md.T * double(m.numQueryGroups) * m.effectiveHeadDim() / md.t;
        const double steps = ctx.c - 1;
        const double bus = md.cp.busBytesPerSecond;
        out.cpF = bus > 0 ? steps * (chunk / bus + kLatency) : 0;
        out.cpB = bus > 0 ? steps * (2 * chunk / bus + kLatency) : 0;
        out.cpExposedF = exposedSeconds(out.cpF, out.attentionF, 0);
        out.cpExposedB = exposedSeconds(out.cpB, out.attentionB, 0);
    }
    const ParallelLayout& par = ctx.scenario.parallel;
    if (moe && par.expert > 1) {
        // Dispatch and combine all-to-alls (GShard/Switch); the share that leaves the node goes
        // through this GPU's NIC, the rest over NVLink (Megatron MoE README: exposed unless the
        // overlap flags are set).
        const double ep = par.expert;
        const double bytes = md.e * md.T / md.seqShard * m.moeTopK * tr.moeCapacityFactor * h;
        const double inNode = std::min(ep, double(md.ep.membersPerNode));
        const double nvlink = ctx.scenario.hardware.gpu.interconnectBytesPerSecond / 2;
        double seconds = 0;
        if (md.ep.overNetwork) {
            const double nic = md.ep.busBytesPerSecond / std::max(1, md.ep.membersPerNode);
            const double intra = nvlink > 0 ? bytes * (inNode - 1) / ep / nvlink : 0;
            seconds = std::max(intra, nic > 0 ? bytes * (ep - inNode) / ep / nic : 0);
        } else if (md.ep.busBytesPerSecond > 0) {
            seconds = bytes * (ep - 1) / ep / md.ep.busBytesPerSecond;
        }
        out.epF = 2 * (seconds + kLatency);
        out.epB = out.epF;
    }
}

/// One dense or MoE layer on one GPU for one micro-batch.
LayerCost layerCost(const Model& md, bool moe)
{
    const EstimateContext& ctx = md.ctx;
    const TrainingSetup& tr = ctx.scenario.training;
    const ModelArchitecture& m = ctx.shape;
    const double h = m.hiddenSize, T = md.T, t = md.t;
    const double q = double(m.numAttentionHeads) * m.effectiveHeadDim(), k = double(m.numQueryGroups) * m.effectiveHeadDim();
    LayerCost out;
    // Linear layers: QKV and output projections, then the MLP (column- then row-parallel).
    if (m.isMla())
        out.gemmF = md.gemm(T, ctx.params.attentionPerLayer / (h * t), h);
    else
        out.gemmF = md.gemm(T, (q + 2 * k) / t, h) + md.gemm(T, h, q / t);
    double ffnElements = 0;
    const double passes = m.gatedMlp ? kGatedPasses : kGeluPasses;
    const double up = m.gatedMlp ? 2 : 1;
    if (!moe) {
        const double F = m.ffnHiddenSize;
        out.gemmF += md.gemm(T, up * F / t, h) + md.gemm(T, h, F / t);
        ffnElements = passes * F / t;
    } else {
        // Routed experts: every GPU does (T/t)·k·CF token-expert products whatever EP and
        // expert-TP are; its E/EP local experts each see EP·ETP·(T/t)·k·CF/E tokens.
        const ParallelLayout& par = ctx.scenario.parallel;
        const double etp = par.effectiveExpertTensor(), ep = par.expert, E = std::max(1, m.numExperts);
        const double routed = T / t * m.moeTopK * tr.moeCapacityFactor;
        const double perExpert = routed * etp * ep / E;
        const double Fe = m.moeFfnHiddenSize;
        out.gemmF += E / ep * (md.gemm(perExpert, up * Fe / etp, h) + md.gemm(perExpert, h, Fe / etp));
        out.gemmF += md.gemm(T, E, h, false); // router in 16 bits (DeepSeek-V3 §3.3.1 keeps gating out of FP8)
        const double Fs = m.sharedExpertWidth();
        if (Fs > 0)
            out.gemmF += md.gemm(T, up * Fs / t, h) + md.gemm(T, h, Fs / t);
        ffnElements = passes * (routed * Fe + T * Fs / t) / T;
    }
    out.gemmB = md.backwardGemms * out.gemmF;

    // Attention core: 2·s·q FLOPs per token forward (causal half of QKᵀ and ·V), heads over t.
    const double s = double(tr.seqLength);
    const double perToken = m.isMla() ? s * m.numAttentionHeads * (double(m.qkNopeHeadDim) + m.qkRopeHeadDim + m.vHeadDim) : 2 * s * q;
    attentionCore(md, perToken * T / t, m.numAttentionHeads, out);

    // Bandwidth-bound operators: the h-wide ones are replicated over TP unless SP shards them.
    const double hidden = (kHiddenPasses + (m.dropout ? kDropoutPasses : 0)) * h / md.seqShard;
    const double projections = m.isMla() ? 0 : kProjectionPasses * (q + k) / t;
    out.elementF = md.memory(md.e * T * (hidden + ffnElements + projections));
    out.elementB = kBackwardFactor * out.elementF;
    out.overheadF = kLayerOverhead / 3;
    out.overheadB = kLayerOverhead * 2 / 3;

    layerCommunication(md, moe, out);
    if (tr.recompute == Recompute::Full)
        out.recompute = out.forward();
    else if (tr.recompute == Recompute::Selective)
        out.recompute = out.attentionF; // the attention core again (Korthikanti et al. 2022 §5)
    return out;
}

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

void addLayers(StageCost& s, const LayerCost& l, double n)
{
    s.parts[std::size_t(StepPart::Gemm)] += n * (l.gemmF + l.gemmB);
    s.parts[std::size_t(StepPart::Attention)] += n * (l.attentionF + l.attentionB);
    s.parts[std::size_t(StepPart::Elementwise)] += n * (l.elementF + l.elementB);
    s.parts[std::size_t(StepPart::Overhead)] += n * (l.overheadF + l.overheadB);
    s.parts[std::size_t(StepPart::Recompute)] += n * l.recompute;
    s.parts[std::size_t(StepPart::TensorParallel)] += n * (l.tpExposedF + l.tpExposedB);
    s.parts[std::size_t(StepPart::ContextParallel)] += n * (l.cpExposedF + l.cpExposedB);
    s.parts[std::size_t(StepPart::ExpertParallel)] += n * (l.epF + l.epB);
    s.forward += n * l.forward();
    s.backward += n * (l.backward() + l.recompute);
}

double& part(StepParts& parts, StepPart p) { return parts[std::size_t(p)]; }


/// The part of a step that does not depend on ZeRO or offload: the pipeline of micro-batches
/// on the slowest stage with its exposed TP, CP and EP communication, the bubble and the
/// pipeline's point-to-point traffic.
struct PipelinePass
{
    Model md;
    LayerCost dense, moe;
    StageCost slowest;
    StepParts parts{};    ///< per step: compute parts, TP/CP/EP exposed, bubble, PP exposed
    double perMicro = 0;  ///< the slowest stage's micro-batch
    double tpAll = 0, cpAll = 0, epAll = 0, p2pAll = 0; ///< per step, before overlap
    explicit PipelinePass(const EstimateContext& ctx) : md(ctx) {}
};

void pipelinePass(const EstimateContext& ctx, ComputeDType dtype, double peak, const CommunicationEstimate& comm, PipelinePass& out,
                  bool explain)
{
    const Scenario& sc = ctx.scenario;
    const TrainingSetup& tr = sc.training;
    const ParallelLayout& par = sc.parallel;
    const ModelArchitecture& m = ctx.shape;
    Model& md = out.md;
    md.fp8 = dtype == ComputeDType::Fp8;
    md.gemmPeak = peak;
    // Attention, norms, the router and the output layer stay in 16 bits in FP8 training
    // (DeepSeek-V3, arXiv 2412.19437 §3.3.1; Transformer Engine recipes likewise).
    const double peak16 = md.gpu.peakFlops(ComputeDType::Bf16) > 0 ? md.gpu.peakFlops(ComputeDType::Bf16) : md.gpu.peakFlops(ComputeDType::Fp16);
    md.attentionPeak = md.fp8 || dtype == ComputeDType::Bf16 ? (peak16 > 0 ? peak16 : peak) : peak;
    md.bandwidth = md.gpu.memoryBandwidthBytesPerSecond;
    md.e = activationBytes(tr.precision);
    md.T = ctx.tokensPerMicroBatch;
    md.t = ctx.t;
    md.c = ctx.c;
    md.seqShard = par.sequenceParallel && ctx.t > 1 ? md.t : 1;
    md.backwardGemms = ctx.adapters ? 1 : 2;
    // The groups' links as communication() placed them (compute.cpp communicationLinks).
    auto linkOf = [&](CommDimension d) {
        const std::size_t i = std::size_t(d);
        return GroupLink{comm.linkBytesPerSecond[i], comm.overNetwork[i], comm.membersPerNode[i]};
    };
    md.tp = linkOf(CommDimension::TensorParallel);
    md.cp = linkOf(CommDimension::ContextParallel);
    md.ep = linkOf(CommDimension::ExpertParallel);
    md.pp = linkOf(CommDimension::PipelineParallel);

    // A model whose every layer is an MoE layer (Mixtral) has no dense layer to time: its stages
    // add 0 × the dense layer's (finite) costs, which is +0 either way. The working still shows
    // a dense layer's figures.
    const bool denseLayers = !m.isMoE() || m.moeLayersIn(0, m.numLayers) < m.numLayers;
    out.dense = denseLayers || explain ? layerCost(md, false) : LayerCost{};
    out.moe = m.isMoE() ? layerCost(md, true) : LayerCost{};
    const LayerCost& dense = out.dense;
    const LayerCost& moe = out.moe;
    // Output layer in 16 bits (DeepSeek-V3 §3.3.1) and the fp32 cross entropy over V/t logits.
    const double V = ctx.params.paddedVocab;
    const double logitsGemm = 3 * md.gemm(md.T, V / md.t, m.hiddenSize, false);
    const double logitsElement = md.memory(3 * 4 * md.T * V / md.t);

    // Per stage: its layers (uneven splits give some stages one more), the logits on the last.
    // Consecutive stages of the same shape cost the same: computed once.
    StageCost& slowest = out.slowest;
    StageCost stage;
    double sum = 0, cost = 0, slowestCost = -1;
    double& tpAll = out.tpAll;
    double& cpAll = out.cpAll;
    double& epAll = out.epAll;
    const bool moeModel = m.isMoE();
    const int p = ctx.p;
    int first = 0, lastLayers = -1, lastMoe = -1;
    for (int i = 0; i < p; first += lastLayers, ++i) {
        const int layers = ctx.split.layersOn(i); // the memory estimate's split (core/pipeline.h)
        const int moeLayers = moeModel ? m.moeLayersIn(first, first + layers) : 0;
        const bool last = i == p - 1;
        if (layers == lastLayers && moeLayers == lastMoe && !last) {
            // The previous stage's shape costs the same; the slowest so far costs at least that
            // much (or the cost is NaN), so only the sum moves, in the same order of additions.
            sum += cost;
            continue;
        }
        lastLayers = layers;
        lastMoe = moeLayers;
        stage = StageCost{};
        addLayers(stage, dense, layers - moeLayers);
        if (moeLayers > 0)
            addLayers(stage, moe, moeLayers);
        if (last) {
            part(stage.parts, StepPart::Gemm) += logitsGemm;
            part(stage.parts, StepPart::Elementwise) += logitsElement;
            stage.forward += (logitsGemm + logitsElement) / 3;
            stage.backward += (logitsGemm + logitsElement) * 2 / 3;
        }
        cost = stage.total();
        sum += cost;
        if (cost > slowestCost) {
            slowest = stage;
            slowestCost = cost;
            const double n = layers - moeLayers;
            tpAll = n * (dense.tpF + dense.tpB) + moeLayers * (moe.tpF + moe.tpB);
            cpAll = n * (dense.cpF + dense.cpB) + moeLayers * (moe.cpF + moe.cpB);
            epAll = n * (dense.epF + dense.epB) + moeLayers * (moe.epF + moe.epB);
            if (tr.recompute == Recompute::Full) {
                tpAll += n * dense.tpF + moeLayers * moe.tpF;
                epAll += moeLayers * moe.epF;
            }
        }
    }
    const double micro = ctx.micro;
    out.perMicro = slowestCost;
    const double perMicro = out.perMicro;
    StepParts& parts = out.parts;
    parts = StepParts{};
    for (std::size_t i = 0; i < kStepPartCount; ++i)
        parts[i] = micro * slowest.parts[i];
    // 1F1B fills and drains the pipeline once: every other stage's micro-batch before the
    // slowest one's steady state, 1/v of it when each rank holds v chunks (Narayanan §2.2).
    part(parts, StepPart::Bubble) = (sum - perMicro) / std::max(1, ctx.v);

    // Pipeline point-to-point: on the critical path in 1F1B; the interleaved schedule overlaps
    // it with compute (Megatron overlap_p2p_comm), except the fill and drain.
    double& p2pAll = out.p2pAll;
    if (ctx.p > 1 && md.pp.busBytesPerSecond > 0) {
        const double one = md.e * md.T * m.hiddenSize / md.seqShard / md.pp.busBytesPerSecond + kLatency;
        p2pAll = 2 * micro * ctx.v * one;
        part(parts, StepPart::PipelineParallel) = ctx.v > 1 ? 2 * (ctx.p - 1) * one : 2 * (micro + ctx.p - 1) * one;
    }

}

} // namespace

void stepTime(const EstimateContext& ctx, double denseParams, double expertParams, ComputeEstimate& out, CommunicationEstimate& comm,
              Working* w)
{
    const Scenario& sc = ctx.scenario;
    const TrainingSetup& tr = sc.training;
    const ParallelLayout& par = sc.parallel;
    PipelinePass pass(ctx);
    pipelinePass(ctx, out.computeDType, out.peakFlopsPerGpu, comm, pass, w != nullptr);
    const Model& md = pass.md;
    const LayerCost& dense = pass.dense;
    const StageCost& slowest = pass.slowest;
    const double micro = ctx.micro, perMicro = pass.perMicro;
    const double tpAll = pass.tpAll, cpAll = pass.cpAll, epAll = pass.epAll, p2pAll = pass.p2pAll;
    StepParts& parts = out.stepParts;
    parts = pass.parts;
    const long long node = par.gpusPerNode;
    const double net = md.gpu.networkBytesPerSecond, link = md.gpu.interconnectBytesPerSecond;
    auto linkOf = [&](CommDimension d) {
        const std::size_t i = std::size_t(d);
        return GroupLink{comm.linkBytesPerSecond[i], comm.overNetwork[i], comm.membersPerNode[i]};
    };

    // Data parallel: gradient reduction overlaps the last micro-batch's backward (Megatron
    // --overlap-grad-reduce, DeepSpeed overlap_comm, DDP buckets) but for the last bucket; the
    // distributed optimizer's weight all-gather overlaps the next step's first forward
    // (--overlap-param-gather); ZeRO-2 reduces every micro-batch, ZeRO-3 gathers every pass.
    const StateBytesPerParameter& st = ctx.state;
    const int z = tr.zeroStage;
    const double trainableDense = ctx.adapters ? ctx.adapterParameters / (ctx.t * ctx.p) : denseParams;
    const double trainableExpert = ctx.adapters ? 0 : expertParams;
    double dpAll = 0, dpExposed = 0;
    auto dataParallel = [&](double params, double shards, const GroupLink& g) {
        if (params <= 0 || shards <= 1 || !(g.busBytesPerSecond > 0))
            return;
        const double bus = g.busBytesPerSecond;
        const double grads = st.gradients * params, weights = st.weights * params;
        const double bucket = std::min(params, kBucketParameters);
        const double F = slowest.forward, B = slowest.backward;
        if (z == 0) {
            const double ar = allReduceSeconds(grads, shards, bus, kLatency);
            dpAll += ar;
            dpExposed += exposedSeconds(ar, B, allReduceSeconds(st.gradients * bucket, shards, bus, kLatency));
            return;
        }
        const double rs = reduceScatterSeconds(grads, shards, bus, kLatency), ag = reduceScatterSeconds(weights, shards, bus, kLatency);
        const double rsTail = reduceScatterSeconds(st.gradients * bucket, shards, bus, kLatency);
        const double agTail = reduceScatterSeconds(st.weights * bucket, shards, bus, kLatency);
        if (z == 1) {
            dpAll += rs + ag;
            dpExposed += exposedSeconds(rs, B, rsTail) + exposedSeconds(ag, F, agTail);
        } else if (z == 2) {
            dpAll += micro * rs + ag;
            dpExposed += micro * exposedSeconds(rs, B, rsTail) + exposedSeconds(ag, F, agTail);
        } else {
            // ZeRO-3 prefetches the next module's weights; the first module's gather has nothing
            // before it to hide behind.
            const double module = reduceScatterSeconds(st.weights * std::min(params, ctx.largestModuleParams), shards, bus, kLatency);
            dpAll += micro * (2 * ag + rs);
            dpExposed += micro * (exposedSeconds(ag, F, module) + exposedSeconds(ag + rs, B, module));
        }
    };
    dataParallel(trainableDense, ctx.zeroShards, linkOf(CommDimension::DataParallel));
    if (trainableExpert > 0)
        dataParallel(trainableExpert, ctx.expertShards,
                     groupLink((long long)par.effectiveExpertTensor() * par.expert, ctx.expertShards, node, link, net));
    part(parts, StepPart::DataParallel) = dpExposed;

    // The optimizer's update reads and writes its states, the gradient and the weight once.
    const double shard = z >= 1 ? 1.0 : 0.0;
    const double updated = trainableDense / (shard > 0 ? ctx.zeroShards : 1) + trainableExpert / (shard > 0 ? ctx.expertShards : 1);
    const double hostLink = md.fig.pcieBytesPerSecond * kPcieEfficiency;
    if (tr.offloadOptimizer) {
        // ZeRO-Offload: gradients down, weights up over PCIe, Adam on the CPU (its DRAM shared by
        // the node's GPUs).
        const double cpu = kCpuBandwidth * kCpuEfficiency / std::max(1, std::min(par.gpusPerNode, par.gpus));
        part(parts, StepPart::Offload) += updated * kCpuAdamBytes / cpu + (hostLink > 0 ? updated * (st.gradients + st.weights) / hostLink : 0);
    } else {
        part(parts, StepPart::OptimizerStep) = md.memory(updated * (2 * st.optimizer() + st.gradients + st.weights));
    }
    if (tr.offloadParameters && hostLink > 0) {
        // ZeRO-Infinity: each pass brings this rank's weight shard over PCIe, prefetched.
        const double perPass = st.weights * (trainableDense + trainableExpert) / ctx.zeroShards / hostLink;
        part(parts, StepPart::Offload) += micro * (exposedSeconds(perPass, slowest.forward, 0) + exposedSeconds(perPass, slowest.backward, 0));
    }
    part(parts, StepPart::Rollout) = out.rolloutSeconds;

    out.modelStepSeconds = 0;
    for (double p : parts)
        out.modelStepSeconds += p;
    const double training = out.modelStepSeconds - out.rolloutSeconds;
    out.modelMfu = training > 0 ? out.modelFlopsPerIteration / (par.gpus * out.peakFlopsPerGpu * training) : 0;

    // The communication totals on the links the model used (before overlap).
    comm.seconds[std::size_t(CommDimension::DataParallel)] = dpAll;
    comm.seconds[std::size_t(CommDimension::TensorParallel)] = micro * tpAll;
    comm.seconds[std::size_t(CommDimension::PipelineParallel)] = p2pAll;
    comm.seconds[std::size_t(CommDimension::ContextParallel)] = micro * cpAll;
    comm.seconds[std::size_t(CommDimension::ExpertParallel)] = micro * epAll;

    if (!w)
        return;
    constexpr Term kTimeTerms[] = {Term::CommSecondsDataParallel, Term::CommSecondsTensorParallel, Term::CommSecondsPipelineParallel,
                                   Term::CommSecondsContextParallel, Term::CommSecondsExpertParallel};
    for (std::size_t d = 0; d < kCommDimensionCount; ++d) {
        if (comm.bytes(CommDimension(d)) <= 0)
            continue; // a dimension that does not communicate has no time to explain
        w->add(kTimeTerms[d], kWholeJob, comm.seconds[d],
               {{"bytes", comm.bytes(CommDimension(d)), Unit::Bytes}, {"bus", comm.linkBytesPerSecond[d], Unit::BytesPerSecond},
                {"α", kLatency, Unit::Seconds}},
               {}, comm.overNetwork[d] ? "ring collectives, bus = min(NVLink, members per node × NIC)  (the group spans nodes)"
                                       : "ring collectives, bus = NVLink (or PCIe) per direction × efficiency  (inside one node)");
    }
    const double n = par.gpus;
    w->add(Term::StepGemm, kWholeJob, part(parts, StepPart::Gemm),
           {{"m", micro, Unit::Count}, {"s·b / c", md.T, Unit::Tokens}, {"peak", md.gemmPeak, Unit::FlopsPerSecond},
            {"η_GEMM", md.fig.gemmBf16, Unit::Fraction}, {"η_FP8", md.fp8 ? md.fig.gemmFp8 : 0.0, Unit::Fraction},
            {"per layer fwd", dense.gemmF, Unit::Seconds}});
    w->add(Term::StepAttention, kWholeJob, part(parts, StepPart::Attention),
           {{"η_fwd", md.fig.attentionForward, Unit::Fraction}, {"η_bwd", md.fig.attentionBackward, Unit::Fraction},
            {"s / c", double(tr.seqLength) / md.c, Unit::Tokens}, {"per layer fwd", dense.attentionF, Unit::Seconds}},
           {}, tr.flashAttention ? std::string_view{} : "QKᵀ, ·V at η_GEMM(s/c, s, d) + 20 B per score / HBM  (no fused kernel)");
    w->add(Term::StepElementwise, kWholeJob, part(parts, StepPart::Elementwise),
           {{"HBM", md.bandwidth, Unit::BytesPerSecond}, {"t_sp", md.seqShard, Unit::Count}, {"per layer fwd", dense.elementF, Unit::Seconds}});
    w->add(Term::StepOverhead, kWholeJob, part(parts, StepPart::Overhead), {{"per layer", kLayerOverhead, Unit::Seconds}, {"m", micro, Unit::Count}});
    w->add(Term::StepRecompute, kWholeJob, part(parts, StepPart::Recompute), {{"per layer", dense.recompute, Unit::Seconds}},
           {}, tr.recompute == Recompute::Full ? "m · n_layers · forward again"
               : tr.recompute == Recompute::Selective ? "m · n_layers · attention forward again" : "0 (no recomputation)");
    w->add(Term::StepBubble, kWholeJob, part(parts, StepPart::Bubble),
           {{"p", double(ctx.p), Unit::Count}, {"v", double(ctx.v), Unit::Count}, {"per micro-batch", perMicro, Unit::Seconds}});
    w->add(Term::StepExposedTensorParallel, kWholeJob, part(parts, StepPart::TensorParallel),
           {{"all", micro * tpAll, Unit::Seconds}, {"bus", md.tp.busBytesPerSecond, Unit::BytesPerSecond}},
           {}, tr.tpCommOverlap && md.seqShard > 1 ? "m · n_layers · max(0, collectives − GEMMs)  (--tp-comm-overlap)"
                                                  : "m · n_layers · collectives  (on the critical path)");
    w->add(Term::StepExposedDataParallel, kWholeJob, part(parts, StepPart::DataParallel),
           {{"all", dpAll, Unit::Seconds}, {"backward", slowest.backward, Unit::Seconds}, {"forward", slowest.forward, Unit::Seconds},
            {"D_z", double(ctx.zeroShards), Unit::Count}});
    w->add(Term::StepExposedPipelineParallel, kWholeJob, part(parts, StepPart::PipelineParallel),
           {{"all", p2pAll, Unit::Seconds}, {"p", double(ctx.p), Unit::Count}, {"m", micro, Unit::Count}},
           {}, ctx.v > 1 ? "2·(p − 1)·(bytes / bus + α)  (interleaved: overlapped in steady state)" : std::string_view{});
    w->add(Term::StepExposedContextParallel, kWholeJob, part(parts, StepPart::ContextParallel),
           {{"all", micro * cpAll, Unit::Seconds}, {"bus", md.cp.busBytesPerSecond, Unit::BytesPerSecond}});
    w->add(Term::StepExposedExpertParallel, kWholeJob, part(parts, StepPart::ExpertParallel),
           {{"all", micro * epAll, Unit::Seconds}, {"EP", double(par.expert), Unit::Count}});
    w->add(Term::StepOffload, kWholeJob, part(parts, StepPart::Offload), {{"PCIe", hostLink, Unit::BytesPerSecond}});
    w->add(Term::StepOptimizer, kWholeJob, part(parts, StepPart::OptimizerStep),
           {{"updated", updated, Unit::Count}, {"HBM", md.bandwidth, Unit::BytesPerSecond}});
    w->add(Term::StepGpuFigures, kWholeJob, md.fig.gemmBf16,
           {{"η_GEMM", md.fig.gemmBf16, Unit::Fraction}, {"η_FP8", md.fig.gemmFp8, Unit::Fraction},
            {"η_fwd", md.fig.attentionForward, Unit::Fraction}, {"η_bwd", md.fig.attentionBackward, Unit::Fraction},
            {"PCIe", md.fig.pcieBytesPerSecond, Unit::BytesPerSecond}},
           md.fig.preset, md.fig.source);
    w->add(Term::StepModelSeconds, kWholeJob, out.modelStepSeconds,
           {{"m · slowest stage", micro * perMicro, Unit::Seconds}, {"bubble", part(parts, StepPart::Bubble), Unit::Seconds},
            {"MFU", out.modelMfu, Unit::Fraction}, {"n", n, Unit::Count}});
    for (const StepConstant& k : stepConstants())
        w->add(Term::StepConstant, kWholeJob, k.value, {}, k.id, k.source, k.id);
}

double stepLowerBound(const Scenario& s, const ParameterCounts* counts)
{
    // The context the step-time model reads, without the memory ledger (estimate.cpp fills the
    // same fields the same way).
    EstimateContext ctx(s);
    ctx.countOnly = !s.model.hasArchitecture;
    ctx.t = s.parallel.tensor;
    ctx.p = s.parallel.pipeline;
    ctx.v = s.parallel.virtualPipeline;
    ctx.c = s.parallel.context;
    ctx.dp = s.parallel.dataParallel();
    if (ctx.t <= 0 || ctx.p <= 0 || ctx.c <= 0 || ctx.dp <= 0 || s.training.microBatchSize <= 0)
        return 0;
    ctx.zeroShards = ctx.dp * ctx.c;
    ctx.micro = int(s.training.globalBatchSize / (s.training.microBatchSize * ctx.dp));
    ctx.adapters = s.mode == Mode::FineTune && s.finetune.method != FineTuneMethod::Full;
    ctx.params = counts ? *counts : countParameters(ctx.shape, ctx.t);
    const ParallelLayout& pl = s.parallel; // the stage loop's split, as memory.cpp makes it
    ctx.split = pipelineSplit(ctx.shape.numLayers, ctx.p, pl.firstStageLayers, pl.lastStageLayers, pl.embeddingCountsAsLayer,
                              pl.lossCountsAsLayer);
    ctx.tokensPerMicroBatch = double(s.training.seqLength) / ctx.c * double(s.training.microBatchSize);
    const GpuSpec& gpu = s.hardware.gpu;
    ComputeDType dtype = computeDType(s.training.precision);
    if (dtype == ComputeDType::Fp8 && gpu.peakFlops(dtype) <= 0)
        dtype = ComputeDType::Bf16;
    if (dtype == ComputeDType::Bf16 && gpu.peakFlops(dtype) <= 0)
        dtype = ComputeDType::Fp16;
    const double peak = gpu.peakFlops(dtype);
    if (!(peak > 0))
        return 0;
    CommunicationEstimate comm;
    communicationLinks(ctx, comm);
    PipelinePass pass(ctx);
    pipelinePass(ctx, dtype, peak, comm, pass, false);
    double sum = 0;
    for (double p : pass.parts)
        sum += p;
    return sum;
}

} // namespace core
