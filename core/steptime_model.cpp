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
#include "core/layout/sharding.h"
#include "core/offload/nvmeoffload.h"
#include "core/steptime_parts.h"
#include "core/steptime_data.h"
#include "core/steptime/attentionkernel.h"
#include "core/steptime/eagerops.h"
#include "core/steptime/fp8recipe.h"
#include "core/steptime/moedispatch.h"
#include "core/steptime/visioncost.h"
#include "core/working.h"
#include "core/model/linearmixer.h"
#include "core/model/imagetokens.h"
#include "core/model/visiontower.h"

namespace core {

namespace {

using namespace step; // the model's constants and parts (steptime_parts.h)

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
        // The kernels' figures are at head dim 128; narrower heads run slower (md.attWidth,
        // FlashAttention-3 arXiv 2407.08608 Fig. 5). The backward's five GEMMs are 2.5 × the
        // forward's FLOPs, the count its η_bwd was measured in (Dao-AILab/flash-attention
        // benchmarks/benchmark_flash_attention.py @ 0469c72, flops(mode='bwd')).
        const double f = attentionEfficiency(md.att.forward * md.attWidth, kernel, *ctx.constants),
                     b = attentionEfficiency(md.att.backward * md.attWidth, kernel, *ctx.constants);
        out.attentionF = f > 0 ? forwardFlops / (md.attentionPeak * f) : 0;
        out.attentionB = b > 0 ? kFusedBackwardFlops * forwardFlops / (md.attentionPeak * b) : 0;
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
void layerCommunication(const Model& md, LayerKind kind, LayerCost& out)
{
    const EstimateContext& ctx = md.ctx;
    const TrainingSetup& tr = ctx.scenario.training;
    const ModelArchitecture& m = ctx.shape;
    const double h = m.hiddenSize;
    if (ctx.layout.t > 1) {
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
    if (ctx.layout.c > 1) {
        // Ring attention: c − 1 K,V chunks forward; K,V and their gradients backward, each step
        // overlapped with the attention of the chunk already there (Megatron cp_comm_type p2p).
        const double chunk = 2 * md.e * md.T * double(m.numQueryGroups) * m.effectiveHeadDim() / md.t;
        const double steps = ctx.layout.c - 1;
        const double bus = md.cp.busBytesPerSecond;
        out.cpF = bus > 0 ? steps * (chunk / bus + kLatency) : 0;
        out.cpB = bus > 0 ? steps * (2 * chunk / bus + kLatency) : 0;
        out.cpExposedF = exposedSeconds(out.cpF, out.attentionF, 0);
        out.cpExposedB = exposedSeconds(out.cpB, out.attentionB, 0);
    }
    const ParallelLayout& par = ctx.scenario.parallel;
    if ((kind == LayerKind::Moe || (kind == LayerKind::LinearAttention && m.isMoE())) && par.expert > 1) {
        // Dispatch and combine all-to-alls (GShard/Switch) of the k·CF copies of each token
        // (core/steptime/moedispatch.h): over NVLink, and through this GPU's NIC for the share
        // that leaves the node (Megatron MoE README: exposed unless the overlap flags are set).
        DispatchShape d;
        d.ep = par.expert;
        d.topK = m.moeTopK * tr.moeCapacityFactor;
        d.bytes = md.e * md.T / md.seqShard * d.topK * h;
        d.inNode = std::min(d.ep, double(md.ep.membersPerNode));
        d.overNetwork = md.ep.overNetwork;
        d.nvlinkBytesPerSecond = ctx.scenario.hardware.gpu.interconnectBytesPerSecond / 2;
        d.nicBytesPerSecond = md.ep.busBytesPerSecond / std::max(1, md.ep.membersPerNode);
        d.busBytesPerSecond = md.ep.busBytesPerSecond;
        d.hierarchical = tr.moeHierarchicalDispatch;
        const double seconds = dispatchSeconds(d);
        out.epF = 2 * (seconds + kLatency);
        out.epB = out.epF;
        out.epExposedF = out.epF;
        out.epExposedB = out.epB;
        if (tr.moeCommOverlap) {
            // Megatron --overlap-moe-expert-parallel-comm (its 1F1B A2A overlap: one micro-batch's
            // forward beside another's backward, megatron/core/pipeline_parallel/combined_1f1b.py @ d13e93f)
            // and DeepSeek-V3's DualPipe (arXiv 2412.19437 §3.2.1) run one micro-batch's
            // all-to-alls while another computes: only what outlasts the layer's computation shows.
            const double compute = out.gemmF + out.gemmB + out.attentionF + out.attentionB;
            const double all = out.epF + out.epB;
            const double shown = exposedSeconds(all, compute, 0);
            out.epExposedF = all > 0 ? shown * out.epF / all : 0;
            out.epExposedB = all > 0 ? shown * out.epB / all : 0;
        }
    }
}

/// One layer of `kind` on one GPU for one micro-batch.
LayerCost layerCost(const Model& md, LayerKind kind)
{
    const EstimateContext& ctx = md.ctx;
    const TrainingSetup& tr = ctx.scenario.training;
    const ModelArchitecture& m = ctx.shape;
    const double h = m.hiddenSize, T = md.T, t = md.t;
    const double q = double(m.numAttentionHeads) * m.effectiveHeadDim(), k = double(m.numQueryGroups) * m.effectiveHeadDim();
    LayerCost out;
    // Linear layers: QKV and output projections, then the MLP (column- then row-parallel).
    // FP8 quantization of each low-precision GEMM's inputs: K per token forward (the activation),
    // N per token backward (the output gradient), core/steptime/fp8recipe.h.
    double castF = 0, castB = 0;
    auto cast = [&](double tokens, double n, double kIn) {
        castF += tokens * kIn;
        castB += tokens * n;
    };
    const bool linearKind = kind == LayerKind::LinearAttention || kind == LayerKind::LinearMixerOnly;
    if (linearKind) {
        // The linear mixer's input and output projections (core/model/linearmixer.h).
        const double in = linearInProjection(m), v = double(m.linearNumValueHeads) * m.linearValueHeadDim;
        out.gemmF = md.gemm(T, in / t, h) + md.gemm(T, h, v / t);
        cast(T, in / t, h);
        cast(T, h, v / t);
    } else if (m.isMla()) {
        out.gemmF = md.gemm(T, ctx.params.attentionPerLayer / (h * t), h);
        cast(T, ctx.params.attentionPerLayer / (h * t), h);
    } else {
        out.gemmF = md.gemm(T, (q + 2 * k) / t, h) + md.gemm(T, h, q / t);
        cast(T, (q + 2 * k) / t, h);
        cast(T, h, q / t);
    }
    double ffnElements = 0;
    const double passes = m.gatedMlp ? kGatedPasses : kGeluPasses;
    const double up = m.gatedMlp ? 2 : 1;
    if (m.attentionOutputGate && !linearKind && !m.isMla()) { // the output gate's half of q_proj
        out.gemmF += md.gemm(T, q / t, h);
        cast(T, q / t, h);
    }
    if (kind == LayerKind::LinearMixerOnly) {
        // No MLP.
    } else if (kind == LayerKind::Dense || (kind == LayerKind::LinearAttention && !m.isMoE())) {
        const double F = m.ffnHiddenSize;
        out.gemmF += md.gemm(T, up * F / t, h) + md.gemm(T, h, F / t);
        cast(T, up * F / t, h);
        cast(T, h, F / t);
        ffnElements = (passes + md.eager.ffn) * F / t;
    } else {
        // Routed experts: every GPU does (T/t)·k·CF token-expert products whatever EP and
        // expert-TP are; its E/EP local experts each see EP·ETP·(T/t)·k·CF/E tokens.
        const ParallelLayout& par = ctx.scenario.parallel;
        const double etp = par.effectiveExpertTensor(), ep = par.expert, E = std::max(1, m.numExperts);
        const double routed = T / t * m.moeTopK * tr.moeCapacityFactor;
        const double perExpert = routed * etp * ep / E;
        const double Fe = m.moeFfnHiddenSize;
        out.gemmF += E / ep * (md.gemm(perExpert, up * Fe / etp, h) + md.gemm(perExpert, h, Fe / etp));
        cast(routed * etp, up * Fe / etp, h);
        cast(routed * etp, h, Fe / etp);
        out.gemmF += md.gemm(T, E, h, false); // router in 16 bits (DeepSeek-V3 §3.3.1 keeps gating out of FP8)
        const double Fs = m.sharedExpertWidth();
        if (Fs > 0) {
            out.gemmF += md.gemm(T, up * Fs / t, h) + md.gemm(T, h, Fs / t);
            cast(T, up * Fs / t, h);
            cast(T, h, Fs / t);
        }
        ffnElements = (passes + md.eager.ffn) * (routed * Fe + T * Fs / t) / T;
        // Tokens permuted into per-expert order before the experts and back after them
        // (Megatron-LM megatron/core/transformer/moe/moe_utils.py @ e61c384 permute/unpermute): memory-bound.
        ffnElements += permuteElementsPerToken(m.moeTopK * tr.moeCapacityFactor) * h / md.seqShard;
    }
    out.gemmB = md.backwardGemms * out.gemmF;

    if (linearKind) {
        // The chunked scan instead of the attention core: linear in s (flop_utils.py @067f987d,
        // core/model/linearmixer.h), run as small per-chunk GEMMs (FLA chunk.py: 64-token chunks
        // of dk × dv) on the GEMM roofline, backward twice the forward.
        double scan = 0;
        linearMixerFlopsPerToken(m, &scan);
        const double dv = std::max(1, m.linearValueHeadDim), dk = std::max(1, m.linearKeyHeadDim);
        out.attentionF = scan * T / t / (2 * 64 * dv * dk) * md.gemm(64, dv, dk, false);
        out.attentionB = 2 * out.attentionF;
    } else {
        // Attention core: 2·s·q FLOPs per token forward (causal half of QKᵀ and ·V), heads over t.
        const double s = double(tr.seqLength);
        const double perToken = m.isMla() ? s * m.numAttentionHeads * (double(m.qkNopeHeadDim) + m.qkRopeHeadDim + m.vHeadDim) : 2 * s * q;
        attentionCore(md, perToken * T / t, m.numAttentionHeads, out);
    }

    // Bandwidth-bound operators: the h-wide ones are replicated over TP unless SP shards them.
    const double hidden = (kHiddenPasses + (m.dropout ? kDropoutPasses : 0) + md.eager.hidden) * h / md.seqShard;
    const double projections = linearKind ? kProjectionPasses * 2 * double(m.linearNumKeyHeads) * m.linearKeyHeadDim / t
        : m.isMla()                    ? 0
                                       : (kProjectionPasses * (q + k) + md.eager.projection) / t;
    out.elementF = md.memory(md.e * T * (hidden + ffnElements + projections));
    out.elementB = kBackwardFactor * out.elementF;
    if (md.fp8) {
        out.elementF += md.memory(md.recipe.castBytesPerElement * castF);
        out.elementB += md.memory(md.recipe.castBytesPerElement * castB);
    }
    out.overheadF = kLayerOverhead / 3;
    out.overheadB = kLayerOverhead * 2 / 3;

    layerCommunication(md, kind, out);
    if (tr.recompute == Recompute::Full)
        out.recompute = out.forward();
    else if (tr.recompute == Recompute::Selective)
        out.recompute = out.attentionF; // the attention core again (Korthikanti et al. 2022 §5)
    return out;
}

void addLayers(StageCost& s, const LayerCost& l, double n)
{
    s.parts[std::size_t(StepPart::Gemm)] += n * (l.gemmF + l.gemmB);
    s.parts[std::size_t(StepPart::Attention)] += n * (l.attentionF + l.attentionB);
    s.parts[std::size_t(StepPart::Elementwise)] += n * (l.elementF + l.elementB);
    s.parts[std::size_t(StepPart::Overhead)] += n * (l.overheadF + l.overheadB);
    s.parts[std::size_t(StepPart::Recompute)] += n * l.recompute;
    s.parts[std::size_t(StepPart::TensorParallel)] += n * (l.tpExposedF + l.tpExposedB);
    s.parts[std::size_t(StepPart::ContextParallel)] += n * (l.cpExposedF + l.cpExposedB);
    s.parts[std::size_t(StepPart::ExpertParallel)] += n * (l.epExposedF + l.epExposedB);
    s.forward += n * l.forward();
    s.backward += n * (l.backward() + l.recompute);
}

/// The interleaved bubble from the real chunk sizes (unevenChunkBubbleSeconds, core/pipeline.h):
/// each chunk's layers by kind at one layer's forward + backward, the logits on the last chunk.
double unevenChunkBubble(const ResolvedLayout& layout, const ByKind<LayerCost>& layer, double logits, double micro)
{
    const int p = layout.p, v = layout.v;
    return unevenChunkBubbleSeconds(p, v, micro, [&](int stage, int chunk) {
        const StageLayers c = layout.chunk(stage, chunk);
        double t = 0;
        for (LayerKind kind : kModelledKinds)
            if (c.kinds[kind] > 0) {
                const LayerCost& l = layer[std::size_t(kind)];
                t += c.kinds[kind] * (l.forward() + l.backward() + l.recompute);
            }
        return stage == p - 1 && chunk == v - 1 ? t + logits : t;
    });
}



void pipelinePass(const EstimateContext& ctx, ComputeDType dtype, double peak, const CommunicationEstimate& comm, PipelinePass& out,
                  bool explain)
{
    const Scenario& sc = ctx.scenario;
    const TrainingSetup& tr = sc.training;
    const ModelArchitecture& m = ctx.shape;
    Model& md = out.md;
    md.fp8 = dtype == ComputeDType::Fp8;
    md.gemmPeak = peak;
    if (md.fp8) {
        md.recipe = fp8RecipeCost(tr.fp8Recipe, md.fig);
        md.gemmPeak = peak * md.recipe.gemmPeakRatio;
    }
    // Attention, norms, the router and the output layer stay in 16 bits in FP8 training
    // (DeepSeek-V3, arXiv 2412.19437 §3.3.1; Transformer Engine recipes likewise).
    const double peak16 = md.gpu.peakFlops(ComputeDType::Bf16) > 0 ? md.gpu.peakFlops(ComputeDType::Bf16) : md.gpu.peakFlops(ComputeDType::Fp16);
    md.attentionPeak = md.fp8 || dtype == ComputeDType::Bf16 ? (peak16 > 0 ? peak16 : peak) : peak;
    md.bandwidth = md.gpu.memoryBandwidthBytesPerSecond;
    md.e = ctx.layout.elementBytes;
    md.T = ctx.layout.tokensPerMicroBatch;
    md.t = ctx.layout.t;
    md.c = ctx.layout.c;
    md.seqShard = ctx.layout.seqShard;
    md.backwardGemms = ctx.layout.adapters ? 1 : 2;
    // The groups' links as communication() placed them (compute.cpp communicationLinks).
    auto linkOf = [&](CommDimension d) {
        const std::size_t i = std::size_t(d);
        return GroupLink{comm.linkBytesPerSecond[i], comm.overNetwork[i], comm.membersPerNode[i]};
    };
    md.tp = linkOf(CommDimension::TensorParallel);
    md.cp = linkOf(CommDimension::ContextParallel);
    md.ep = linkOf(CommDimension::ExpertParallel);
    md.pp = linkOf(CommDimension::PipelineParallel);
    md.att = attentionFigures(md.fig, tr.attentionKernel, tr.framework);
    md.attWidth = attentionHeadDimFactor(md.att.kernel, m.isMla() ? double(m.qkNopeHeadDim) + m.qkRopeHeadDim : double(m.effectiveHeadDim()));
    md.eager = eagerTraffic(m, tr, double(m.numAttentionHeads) * m.effectiveHeadDim(), double(m.numQueryGroups) * m.effectiveHeadDim());

    // A model whose every layer is an MoE layer (Mixtral) has no dense layer to time: its stages
    // add 0 × the dense layer's (finite) costs, which is +0 either way. The working still shows
    // a dense layer's figures.
    const LayerPattern& pattern = ctx.layout.pattern;
    const KindCounts whole = pattern.countsIn(0, m.numLayers);
    for (LayerKind kind : kModelledKinds) {
        const bool present = kind == LayerKind::Moe ? pattern.experts : kind == LayerKind::Dense ? whole[kind] > 0 || explain : whole[kind] > 0;
        out.kinds[std::size_t(kind)] = present ? layerCost(md, kind) : LayerCost{};
    }
    const ByKind<LayerCost>& layer = out.kinds;
    // Output layer in 16 bits (DeepSeek-V3 §3.3.1) and the fp32 cross entropy over V/t logits.
    const double V = ctx.params.paddedVocab;
    const double logitsGemm = 3 * md.gemm(md.T, V / md.t, m.hiddenSize, false);
    const double logitsElement = md.memory((3 * 4 + md.eager.lossBytesPerLogit) * md.T * V / md.t);

    // Per stage: its layers (uneven splits give some stages one more), the logits on the last.
    // Consecutive stages of the same shape cost the same: computed once.
    StageCost& slowest = out.slowest;
    StageCost stage;
    double sum = 0, cost = 0, slowestCost = -1;
    double& tpAll = out.tpAll;
    double& cpAll = out.cpAll;
    double& epAll = out.epAll;
    const int p = ctx.layout.p;
    int first = 0, lastLayers = -1;
    KindCounts lastKinds;
    const StageCost vision = visionCost(md); // the first stage's vision tower, if the scenario has images
    const bool hasVision = vision.total() > 0;
    for (int i = 0; i < p; first += lastLayers, ++i) {
        const int layers = ctx.layout.layersOn(i); // the memory estimate's split (core/pipeline.h, resolvedlayout.h)
        const KindCounts kinds = ctx.layout.stageKindsAt(i, first, layers); // interleaved: its chunks' (resolvedlayout.h)
        const bool last = i == p - 1;
        if (layers == lastLayers && kinds == lastKinds && !last && !(hasVision && i == 1)) {
            // The previous stage's shape costs the same; the slowest so far costs at least that
            // much (or the cost is NaN), so only the sum moves, in the same order of additions.
            sum += cost;
            continue;
        }
        lastLayers = layers;
        lastKinds = kinds;
        stage = StageCost{};
        for (LayerKind kind : kModelledKinds)
            if (kinds[kind] > 0)
                addLayers(stage, layer[std::size_t(kind)], kinds[kind]);
        if (last) {
            // Multi-token prediction: each module computes its own logits and loss, and its
            // eh_proj 2h → h (its block is among the stage's kinds).
            const double mtp = ctx.layout.pattern.mtp;
            const double gemm = logitsGemm * (1 + mtp) + (mtp > 0 ? mtp * 3 * md.gemm(md.T, m.hiddenSize / md.t, 2.0 * m.hiddenSize, false) : 0.0);
            const double element = logitsElement * (1 + mtp);
            part(stage.parts, StepPart::Gemm) += gemm;
            part(stage.parts, StepPart::Elementwise) += element;
            stage.forward += (gemm + element) / 3;
            stage.backward += (gemm + element) * 2 / 3;
        }
        if (hasVision && i == 0) {
            for (std::size_t k = 0; k < kStepPartCount; ++k)
                stage.parts[k] += vision.parts[k];
            stage.forward += vision.forward;
            stage.backward += vision.backward;
        }
        cost = stage.total();
        sum += cost;
        if (cost > slowestCost) {
            slowest = stage;
            slowestCost = cost;
            tpAll = cpAll = epAll = 0;
            double tpAgain = 0, epAgain = 0; // full recomputation runs the forward's collectives again
            for (LayerKind kind : kModelledKinds) {
                const double n = kinds[kind];
                const LayerCost& l = layer[std::size_t(kind)];
                tpAll += n * (l.tpF + l.tpB);
                cpAll += n * (l.cpF + l.cpB);
                epAll += n * (l.epF + l.epB);
                tpAgain += n * l.tpF;
                epAgain += n * l.epF;
            }
            if (tr.recompute == Recompute::Full) {
                tpAll += tpAgain;
                epAll += epAgain;
            }
        }
    }
    const double micro = ctx.layout.micro;
    out.perMicro = slowestCost;
    const double perMicro = out.perMicro;
    StepParts& parts = out.parts;
    parts = StepParts{};
    for (std::size_t i = 0; i < kStepPartCount; ++i)
        parts[i] = micro * slowest.parts[i];
    // 1F1B fills and drains the pipeline once: every other stage's micro-batch before the
    // slowest one's steady state, 1/v of it when each rank holds v chunks (Narayanan §2.2).
    if (ctx.layout.schedule != PpSchedule::OneFOneB) {
        // Two chunks on every rank (ZB-V, DualPipe, DualPipeV): the schedule's own bubble from the
        // slowest rank's F, B and W (core/pipeline.h twoChunkBubbleSeconds); W is the weight-gradient
        // GEMM, one of the backward's md.backwardGemms GEMMs per forward GEMM.
        const double gemms = md.backwardGemms;
        const double weight = part(slowest.parts, StepPart::Gemm) * (gemms - 1) / (gemms + 1);
        part(parts, StepPart::Bubble) = twoChunkBubbleSeconds(ctx.layout.schedule, p, slowest.forward, slowest.backward, weight);
    } else if (ctx.layout.unevenChunks())
        part(parts, StepPart::Bubble) = unevenChunkBubble(ctx.layout, layer, logitsGemm + logitsElement, micro);
    else
        part(parts, StepPart::Bubble) = (sum - perMicro) / std::max(1, ctx.layout.v);

    // Pipeline point-to-point: on the critical path in 1F1B; the interleaved schedule overlaps
    // it with compute (Megatron overlap_p2p_comm), except the fill and drain.
    double& p2pAll = out.p2pAll;
    if (ctx.layout.p > 1 && md.pp.busBytesPerSecond > 0) {
        const double one = md.e * md.T * m.hiddenSize / md.seqShard / md.pp.busBytesPerSecond + kLatency;
        // The two-chunk schedules send each micro-batch through 2p chunks (sail-sg README: 2×
        // the pipeline traffic) and overlap it as the interleaved schedule does (DualPipe: with the
        // other direction's computation).
        const int chunks = ctx.layout.schedule != PpSchedule::OneFOneB ? 2 : ctx.layout.v;
        p2pAll = 2 * micro * chunks * one;
        part(parts, StepPart::PipelineParallel) = chunks > 1 ? 2 * (ctx.layout.p - 1) * one : 2 * (micro + ctx.layout.p - 1) * one;
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
    const StageCost& slowest = pass.slowest;
    const double micro = ctx.layout.micro;
    const double tpAll = pass.tpAll, cpAll = pass.cpAll, epAll = pass.epAll, p2pAll = pass.p2pAll;
    StepParts& parts = out.stepParts;
    parts = pass.parts;
    const long long node = nvlinkIsland(par.gpusPerNode, par.nvlinkDomain);
    const double net = md.gpu.networkBytesPerSecond, link = md.gpu.interconnectBytesPerSecond;
    auto linkOf = [&](CommDimension d) {
        const std::size_t i = std::size_t(d);
        return GroupLink{comm.linkBytesPerSecond[i], comm.overNetwork[i], comm.membersPerNode[i]};
    };

    // Data parallel: gradient reduction overlaps the last micro-batch's backward (Megatron
    // --overlap-grad-reduce, DeepSpeed overlap_comm, DDP buckets) but for the last bucket; the
    // distributed optimizer's weight all-gather overlaps the next step's first forward
    // (--overlap-param-gather); ZeRO-2 reduces every micro-batch, ZeRO-3 gathers every pass.
    const StateBytesPerParameter& st = ctx.layout.state;
    const int z = tr.zeroStage;
    const double trainableDense = ctx.layout.adapters ? ctx.adapterParameters / (ctx.layout.t * ctx.layout.p) : denseParams;
    const double trainableExpert = ctx.layout.adapters ? 0 : expertParams;
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
        // FSDP2 under PP (core/training/fsdppipeline.cpp: torchtitan keeps a stage unsharded from
        // its first micro-batch's forward to its last one's backward and reduce-scatters after the
        // last, torchtitan 9dec370 parallelize_llama.py 326–329, torch pipelining stage.py
        // backward_maybe_with_nosync): one all-gather and one reduce-scatter a step, as ZeRO-1's.
        const bool oncePerStep = ctx.layout.framework == Framework::Fsdp2 && ctx.layout.p > 1 && !ctx.layout.adapters;
        if (z == 1 || oncePerStep) {
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
    dataParallel(trainableDense, ctx.layout.shardGroup, linkOf(CommDimension::DataParallel));
    if (trainableExpert > 0)
        dataParallel(trainableExpert, ctx.layout.expertShards,
                     groupLink((long long)par.effectiveExpertTensor() * par.expert, ctx.layout.expertShards, node, link, net));
    if (ctx.layout.replicas > 1 && trainableDense > 0) {
        // Hybrid sharding: the shard's all-reduce across the replicas follows its reduce-scatter
        // on the replica group's own link, overlapped with the backward like it but for the last
        // bucket's (FSDP2 foreach_reduce, Megatron start_grad_sync, DeepSpeed MiCS).
        const GroupLink replicas = replicaLink(ctx);
        const double R = ctx.layout.replicas, S = ctx.layout.shardGroup;
        const double times = replicaAllReducesPerStep(ctx.layout.framework, z, ctx.layout.micro);
        const double ar = allReduceSeconds(st.gradients * trainableDense / S, R, replicas.busBytesPerSecond, kLatency);
        const double tail = allReduceSeconds(st.gradients * std::min(trainableDense, kBucketParameters) / S, R, replicas.busBytesPerSecond, kLatency);
        dpAll += times * ar;
        dpExposed += times * exposedSeconds(ar, slowest.backward, tail);
    }
    part(parts, StepPart::DataParallel) = dpExposed;

    // The optimizer's update reads and writes its states, the gradient and the weight once.
    const double shard = z >= 1 ? 1.0 : 0.0;
    const double updated = trainableDense / (shard > 0 ? ctx.layout.shardGroup : 1) + trainableExpert / (shard > 0 ? ctx.layout.expertShards : 1);
    const double hostLink = md.fig.pcieBytesPerSecond * kPcieEfficiency;
    if (tr.offloadOptimizer) {
        // ZeRO-Offload: gradients down, weights up over PCIe, Adam on the CPU (its DRAM shared by
        // the node's GPUs).
        const double cpu = kCpuBandwidth * kCpuEfficiency / std::max(1, std::min(par.gpusPerNode, par.gpus));
        part(parts, StepPart::Offload) += updated * kCpuAdamBytes / cpu + (hostLink > 0 ? updated * (st.gradients + st.weights) / hostLink : 0);
    } else {
        part(parts, StepPart::OptimizerStep) = md.memory(updated * (2 * st.optimizer() + st.gradients + st.weights));
    }
    // ZeRO-Infinity on NVMe: the node's drives, shared by its GPUs, hold what is offloaded (core/offload).
    const NvmeOffload nvme = tr.offloadDevice == OffloadDevice::Nvme
        ? nvmeOffload({tr.offloadOptimizer, tr.offloadParameters, st, updated, double(std::max(1, std::min(par.gpusPerNode, par.gpus))),
                       double(micro), sc.hardware.nvmeBytesPerSecond})
        : NvmeOffload{};
    part(parts, StepPart::Offload) += nvme.optimizerSeconds + nvme.parameterWriteSeconds;
    if (tr.offloadParameters && hostLink > 0) {
        // ZeRO-Infinity: each pass brings this rank's weight shard over PCIe, prefetched (from NVMe first, when there).
        const double perPass = std::max(st.weights * (trainableDense + trainableExpert) / ctx.layout.shardGroup / hostLink, nvme.parameterPassSeconds);
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

    if (w)
        explainStep(ctx, pass, {dpAll, updated, hostLink}, out, comm, w);
}

double stepLowerBound(const Scenario& s, const ParameterCounts* counts)
{
    // The context the step-time model reads, without the memory ledger: the resolved layout
    // (the same resolveLayout the estimate uses) and the parameter counts; the sequence with a
    // vision-language model's image tokens, as the estimate reads it (core/model/imagetokens.h).
    Scenario withImages;
    const bool images = scenarioImageTokens(s) > 0;
    if (images) {
        withImages = s;
        addImageTokens(withImages);
    }
    EstimateContext ctx(images ? withImages : s);
    const ResolvedLayout& layout = ctx.layout;
    if (!layout.usable)
        return 0;
    ctx.params = counts ? *counts : countParameters(ctx.shape, layout.t);
    const double peak = s.hardware.gpu.peakFlops(layout.computeDType);
    if (!(peak > 0))
        return 0;
    CommunicationEstimate comm;
    communicationLinks(ctx, comm);
    PipelinePass pass(ctx);
    pipelinePass(ctx, layout.computeDType, peak, comm, pass, false);
    double sum = 0;
    for (double p : pass.parts)
        sum += p;
    return sum;
}

} // namespace core
