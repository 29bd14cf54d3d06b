#include "core/inference.h"

#include <algorithm>
#include <cmath>

#include "core/kvcache.h"
#include "core/pipeline.h"
#include "core/steptime.h"
#include "core/weightformat.h"
#include "core/working.h"

namespace core {

namespace {

double& at(ComponentBytes& bytes, Component c) { return bytes[std::size_t(c)]; }

struct ServingContext
{
    const Scenario& s;
    const ModelArchitecture& m;   ///< architecture (family shape for count-only models)
    const ParameterCounts& pc;
    bool countOnly;
    int t, p;
    double linearBytes;           ///< per linear weight, storage format incl. scales
    double otherBytes;            ///< embeddings, norms, routers: 16-bit unless quantized too
};

struct StageRange { int first, count, moe; };

StageRange stageRange(const ServingContext& c, int stage)
{
    const int base = c.m.numLayers / c.p, extra = c.m.numLayers % c.p;
    const int first = stage * base + std::min(stage, extra);
    const int count = base + (stage < extra ? 1 : 0);
    return {first, count, c.m.moeLayersIn(first, first + count)};
}

/// Weight bytes on one GPU of `stage`; `touchedExperts` < 1 scales the routed experts (decode
/// reads only the experts some token of the batch was routed to).
double stageWeights(const ServingContext& c, int stage, double touchedExperts = 1)
{
    if (c.countOnly)
        return c.pc.total / (double(c.t) * c.p) * c.linearBytes;
    const StageRange r = stageRange(c, stage);
    const double t = c.t;
    const int dense = r.count - r.moe;
    const double denseOther = c.pc.normsPerLayer + (c.m.linearBias ? 2.0 * c.m.hiddenSize : 0.0);
    double linear = dense * (c.pc.perLayer - denseOther) / t + r.moe * (c.pc.attentionPerLayer + c.pc.sharedExpertsPerLayer) / t;
    double other = dense * denseOther + r.moe * (c.pc.normsPerLayer + c.pc.routerPerLayer);
    const double experts = r.moe * c.pc.routedExpertsPerLayer / (double(c.s.parallel.expert) * c.s.parallel.effectiveExpertTensor());
    if (stage == 0)
        other += c.pc.embedding / t + c.pc.positionEmbedding;
    if (stage == c.p - 1)
        other += c.pc.finalNorm + (c.m.tiedEmbeddings ? (c.p > 1 ? c.pc.embedding : 0) : c.pc.outputLayer) / t;
    return (linear + experts * touchedExperts) * c.linearBytes + other * c.otherBytes;
}

double stageKv(const ServingContext& c, int stage, double context, double batch)
{
    const StageRange r = stageRange(c, stage);
    return kvCacheBytes(c.m, c.s.inference.kvCacheDtype, c.t, r.first, r.first + r.count, context, batch, c.s.inference.kvBlockSize);
}

/// Transient memory of one prefill chunk (forward only: a few tensors alive at once) and the
/// fp32 logits of the sampled positions on the last stage.
double stageWorkspace(const ServingContext& c, int stage)
{
    const InferenceSetup& in = c.s.inference;
    const double chunk = double(std::min<std::int64_t>(in.maxBatchedTokens, in.batchSize * in.promptLength));
    const double h = c.m.hiddenSize, t = c.t, e = 2;
    const double q = double(c.m.numAttentionHeads) * c.m.effectiveHeadDim();
    const double k = double(c.m.numQueryGroups) * c.m.effectiveHeadDim();
    const double F = c.m.isMoE() ? std::max(double(c.m.ffnHiddenSize), double(c.m.moeTopK) * c.m.moeFfnHiddenSize) : c.m.ffnHiddenSize;
    double ws = e * chunk * (2 * h + (q + 2 * k) / t + (c.m.gatedMlp ? 3 : 2) * F / t);
    if (c.m.isMoE())
        ws += 2 * e * chunk * c.m.moeTopK * h; // dispatch buffers
    if (!c.s.training.flashAttention)
        ws += e * (double(c.m.numAttentionHeads) / t) * chunk * double(in.context());
    if (stage == c.p - 1)
        ws += 4 * double(in.batchSize) * c.pc.paddedVocab / t;
    return ws;
}

double peakFor(const GpuSpec& gpu, WeightFormat format)
{
    if (format == WeightFormat::Fp8 && gpu.peakFp8Tflops > 0)
        return gpu.peakFp8Tflops * 1e12;
    if (gpu.peakBf16Tflops > 0)
        return gpu.peakBf16Tflops * 1e12;
    return gpu.peakFp16Tflops * 1e12;
}

} // namespace

void estimateInference(const Scenario& s, Estimate& out, Working* w)
{
    const InferenceSetup& in = s.inference;
    const bool countOnly = !s.model.hasArchitecture;
    const ModelArchitecture& m = out.shape;
    ServingContext c{s, m, out.parameters, countOnly, s.parallel.tensor, s.parallel.pipeline, 0, 0};
    c.linearBytes = bitsPerParameter(in.weights, m.hiddenSize) / 8;
    c.otherBytes = (countOnly || in.weights.quantizeEmbeddings) ? c.linearBytes : 2.0;
    InferenceEstimate& r = out.inference;
    r = InferenceEstimate{};
    r.linearBitsPerParameter = c.linearBytes * 8;
    r.kvBytesPerTokenPerLayer = kvBytesPerTokenPerLayer(m, in.kvCacheDtype, c.t);
    r.replicas = std::max(1, s.parallel.gpus / (c.t * c.p));
    const double context = double(in.context());
    const double batch = double(in.batchSize);
    const double capacity = s.hardware.gpu.memoryBytes;
    const RuntimeOverheads& rt = s.runtime;
    const int ranksPerStage = s.parallel.gpus / c.p;

    double minFree = capacity;
    for (int i = 0; i < c.p; ++i) {
        RankGroup g;
        g.phase = GroupPhase::Serving;
        g.firstStage = g.lastStage = i;
        g.firstRank = i * ranksPerStage;
        g.lastRank = (i + 1) * ranksPerStage - 1;
        g.layers = stageRange(c, i).count;
        g.inFlightMicroBatches = 1;
        at(g.bytes, Component::Weights) = stageWeights(c, i);
        at(g.bytes, Component::KvCache) = stageKv(c, i, context, batch);
        at(g.bytes, Component::InferenceWorkspace) = stageWorkspace(c, i);
        // A paged KV cache does not fragment; the rest of the allocator's share does.
        at(g.bytes, Component::Fragmentation) = rt.fragmentationFraction * (at(g.bytes, Component::Weights) + at(g.bytes, Component::InferenceWorkspace));
        at(g.bytes, Component::CudaContext) = rt.cudaContextBytes;
        for (double b : g.bytes)
            g.totalBytes += b;
        g.capacityBytes = capacity;
        g.fits = g.totalBytes <= capacity;
        const double free = capacity - (g.totalBytes - at(g.bytes, Component::KvCache));
        minFree = std::min(minFree, free);
        r.kvBytesPerSequence += stageKv(c, i, context, 1);
        if (!out.groups.empty() && out.groups.back().bytes == g.bytes && out.groups.back().layers == g.layers) {
            out.groups.back().lastStage = i;
            out.groups.back().lastRank = g.lastRank;
        } else {
            out.groups.push_back(g);
        }
        if (w) {
            w->add(Term::ServingWeights, i, at(g.bytes, Component::Weights),
                   {{"bits/param (linear)", r.linearBitsPerParameter, Unit::Count}, {"bytes/param (other)", c.otherBytes, Unit::BytesPerParameter},
                    {"t", double(c.t), Unit::Count}, {"p", double(c.p), Unit::Count}});
            w->add(Term::KvCache, i, at(g.bytes, Component::KvCache),
                   {{"per token per layer", r.kvBytesPerTokenPerLayer, Unit::Bytes}, {"layers", double(g.layers), Unit::Count},
                    {"global layers", double(m.globalLayersIn(stageRange(c, i).first, stageRange(c, i).first + g.layers)), Unit::Count},
                    {"context", context, Unit::Tokens}, {"window", double(m.slidingWindow), Unit::Tokens}, {"batch", batch, Unit::Count},
                    {"block", double(in.kvBlockSize), Unit::Tokens}});
            w->add(Term::InferenceWorkspace, i, at(g.bytes, Component::InferenceWorkspace),
                   {{"chunk tokens", double(std::min<std::int64_t>(in.maxBatchedTokens, in.batchSize * in.promptLength)), Unit::Tokens}});
            w->add(Term::CudaContext, i, rt.cudaContextBytes, {});
            w->add(Term::Fragmentation, i, at(g.bytes, Component::Fragmentation), {{"f", rt.fragmentationFraction, Unit::Fraction}});
        }
    }
    r.freeBytesForKv = std::max(0.0, minFree);

    // Largest batch at this context and longest context at this batch, from the tightest stage.
    double perSequence = 0;
    for (int i = 0; i < c.p; ++i)
        perSequence = std::max(perSequence, stageKv(c, i, context, 1));
    r.maxBatchAtContext = perSequence > 0 ? std::floor(r.freeBytesForKv / perSequence) : 0;
    r.maxContextAtBatch = 1e10;
    for (int i = 0; i < c.p; ++i) {
        const double weights = stageWeights(c, i), workspace = stageWorkspace(c, i);
        const double free = capacity - (weights + workspace + rt.cudaContextBytes + rt.fragmentationFraction * (weights + workspace));
        const StageRange sr = stageRange(c, i);
        r.maxContextAtBatch = std::min(r.maxContextAtBatch, maxContextThatFits(m, in.kvCacheDtype, c.t, sr.first, sr.first + sr.count,
                                                                               batch, in.kvBlockSize, free, 1e10));
    }

    // Prefill: 2·N_active per token plus the causal attention core, compute-bound.
    const double prompt = double(in.promptLength);
    double attentionLayers = 0; // Σ over layers of the attended span
    for (int l = 0; l < m.numLayers; ++l) {
        const bool global = m.globalLayersIn(l, l + 1) == 1;
        attentionLayers += global || m.slidingWindow <= 0 ? 1 : 0;
    }
    const int windowed = m.numLayers - int(attentionLayers);
    const double qWidth = m.isMla() ? double(m.numAttentionHeads) * (double(m.qkNopeHeadDim) + m.qkRopeHeadDim + m.vHeadDim) / 2
                                    : double(m.numAttentionHeads) * m.effectiveHeadDim();
    auto attendedSum = [&](double span) { return attentionLayers * span + windowed * std::min(span, double(m.slidingWindow)); };
    const double peak = peakFor(s.hardware.gpu, in.weights.format);
    const double replicaGpus = double(c.t) * c.p;
    r.prefillFlops = batch * prompt * (2 * out.parameters.active + 2 * qWidth * attendedSum(prompt));
    // The MFU given, else the GEMM efficiency of the prefill chunk's h × h products (the
    // step-time model's roofline, resources/steptime.json).
    const double chunk = std::min(batch * prompt, double(std::max<std::int64_t>(1, in.maxBatchedTokens)));
    const double mfu = s.hardware.mfu > 0 ? s.hardware.mfu
                                          : gemmEfficiency(gpuStepFigures(s.hardware.gpu.preset), in.weights.format == WeightFormat::Fp8, chunk,
                                                           m.hiddenSize, m.hiddenSize);
    r.prefillSeconds = mfu > 0 ? r.prefillFlops / (replicaGpus * peak * mfu) : 0;

    // Decode: each step reads every weight (MoE: only experts some token was routed to) and the
    // KV cache of every sequence; FLOPs 2·N_active + 4·q·span per token (roofline).
    const double averageContext = prompt + double(in.generatedTokens) / 2;
    const double touched = m.isMoE() ? 1 - std::pow(1 - double(m.moeTopK) / m.numExperts, batch) : 1;
    const double bandwidth = s.hardware.gpu.memoryBandwidthBytesPerSecond;
    r.decodeStepSeconds = 0;
    for (int i = 0; i < c.p; ++i) {
        const double bytes = stageWeights(c, i, touched) + stageKv(c, i, averageContext, batch);
        const StageRange sr = stageRange(c, i);
        const double stageShare = m.numLayers > 0 ? double(sr.count) / m.numLayers : 1.0 / c.p;
        const double flops = batch * (2 * out.parameters.active + 4 * qWidth * attendedSum(averageContext)) * stageShare / c.t;
        r.decodeBytesPerStep += bytes * c.t;
        r.decodeFlopsPerStep += flops * c.t;
        r.decodeStepSeconds += std::max(bytes / bandwidth, flops / peak); // stages run one after another
    }
    r.tokensPerSecondPerSequence = r.decodeStepSeconds > 0 ? 1 / r.decodeStepSeconds : 0;
    r.tokensPerSecondPerReplica = batch * r.tokensPerSecondPerSequence;
    r.tokensPerSecondTotal = r.tokensPerSecondPerReplica * r.replicas;
    r.arithmeticIntensity = r.decodeBytesPerStep > 0 ? r.decodeFlopsPerStep / r.decodeBytesPerStep : 0;
    r.ridgePoint = bandwidth > 0 ? peak / bandwidth : 0;
    r.memoryBound = r.arithmeticIntensity < r.ridgePoint;

    if (w) {
        w->add(Term::KvBytesPerToken, -1, r.kvBytesPerTokenPerLayer,
               m.isMla() ? std::initializer_list<Substitution>{{"d_c", double(m.kvLoraRank), Unit::Count}, {"d_rope", double(m.qkRopeHeadDim), Unit::Count}}
                         : std::initializer_list<Substitution>{{"g", double(m.numQueryGroups), Unit::Count}, {"t", double(c.t), Unit::Count},
                                                               {"d", double(m.effectiveHeadDim()), Unit::Count}});
        w->add(Term::MaxBatch, -1, r.maxBatchAtContext, {{"free", r.freeBytesForKv, Unit::Bytes}, {"KV per sequence", perSequence, Unit::Bytes}});
        w->add(Term::MaxContext, -1, r.maxContextAtBatch, {{"free", r.freeBytesForKv, Unit::Bytes}, {"batch", batch, Unit::Count}});
        w->add(Term::PrefillSeconds, -1, r.prefillSeconds,
               {{"N", out.parameters.active, Unit::Count}, {"batch", batch, Unit::Count}, {"prompt", prompt, Unit::Tokens},
                {"n", replicaGpus, Unit::Count}, {"peak", peak, Unit::FlopsPerSecond}, {"MFU", mfu, Unit::Fraction}});
        w->add(Term::DecodeStepSeconds, -1, r.decodeStepSeconds,
               {{"bytes read", r.decodeBytesPerStep, Unit::Bytes}, {"bandwidth", bandwidth, Unit::Bytes}, {"FLOPs", r.decodeFlopsPerStep, Unit::Flops}});
        w->add(Term::DecodeTokensPerSecond, -1, r.tokensPerSecondPerSequence, {{"step", r.decodeStepSeconds, Unit::Seconds}});
        w->add(Term::ArithmeticIntensity, -1, r.arithmeticIntensity, {{"ridge", r.ridgePoint, Unit::Count}}, {},
               r.memoryBound ? "FLOPs / bytes < ridge: memory-bound" : "FLOPs / bytes ≥ ridge: compute-bound");
    }
}

} // namespace core
