#include "core/inference.h"

#include <algorithm>
#include <cmath>

#include "core/fields.h"
#include "core/issues.h"
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
    PipelineSplit split;
};

struct StageRange { int first, count, moe; };

StageRange stageRange(const ServingContext& c, int stage)
{
    const int first = c.split.firstLayerOf(stage);
    const int count = c.split.layersOn(stage);
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
    // llama.cpp keeps the token embedding in host memory (llama-model.cpp: token_embd on the CPU buffer type).
    if (stage == 0 && c.s.inference.engine != ServingEngine::LlamaCpp)
        other += c.pc.embedding / t + c.pc.positionEmbedding;
    if (stage == c.p - 1)
        other += c.pc.finalNorm + (c.m.tiedEmbeddings ? (c.p > 1 || c.s.inference.engine == ServingEngine::LlamaCpp ? c.pc.embedding : 0)
                                                      : c.pc.outputLayer) / t;
    return (linear + experts * touchedExperts) * c.linearBytes + other * c.otherBytes;
}

int kvBlock(const Scenario& s) { return engineKvBlockSize(s); }

double stageKv(const ServingContext& c, int stage, double context, double batch)
{
    const StageRange r = stageRange(c, stage);
    return kvCacheBytes(c.m, c.s.inference.kvCacheDtype, c.t, r.first, r.first + r.count, context, batch, kvBlock(c.s));
}

/// The transient memory of one forward and of the logits, as the engine runs them. They are
/// live at different times, so the workspace is the larger, not their sum.
struct Workspace
{
    double forward = 0;  ///< one chunk through one layer (+ attention scores without flash)
    double logits = 0;   ///< the logits and what sampling makes of them (last stage)
    double peak() const { return std::max(forward, logits); }
};

Workspace stageWorkspace(const ServingContext& c, int stage)
{
    const InferenceSetup& in = c.s.inference;
    const ServingEngine engine = in.engine;
    const double prompt = double(in.batchSize) * double(in.promptLength);
    // HF generate() runs the whole prompt at once; the others a chunk of max_batched_tokens.
    const double chunk = engine == ServingEngine::HfTransformers ? prompt : std::min(double(in.maxBatchedTokens), prompt);
    const double h = c.m.hiddenSize, t = c.t, e = 2;
    const double heads = double(c.m.numAttentionHeads) / t;
    const double q = double(c.m.numAttentionHeads) * c.m.effectiveHeadDim();
    const double k = double(c.m.numQueryGroups) * c.m.effectiveHeadDim();
    const double F = c.m.isMoE() ? std::max(double(c.m.ffnHiddenSize), double(c.m.moeTopK) * c.m.moeFfnHiddenSize) : c.m.ffnHiddenSize;
    const double V = c.pc.paddedVocab;
    const bool last = stage == c.p - 1;
    const double context = double(in.context());
    Workspace w;
    if (engine == ServingEngine::LlamaCpp) {
        // ggml-alloc reserves the worst case of one ubatch against the whole cache and reuses
        // the buffer layer by layer (llama-context.cpp graph_reserve): the largest of the
        // attention (fp32 KQ n_kv × n_ub × n_head, softmaxed in place, its mask and four
        // n_ub × h fp32 tensors), the MLP (gate and up, fp32) and the output (fp32 logits of
        // every ubatch token). Pipeline parallelism keeps 4 copies (GGML_SCHED_MAX_COPIES).
        const double ub = std::min(double(in.maxBatchedTokens), context);
        const double kq = in.flashAttention ? 0 : 4 * heads * context * ub;
        const double mask = (in.flashAttention ? 2 : 4) * context * ub;
        const double attention = kq + mask + 4 * 4 * ub * h;
        const double mlp = 4 * ub * ((c.m.gatedMlp ? 2 : 1) * F / t) + 2 * 4 * ub * h;
        w.forward = std::max(attention, mlp);
        w.logits = last ? 4 * V / t * ub + 4 * ub * h : 0;
        if (c.p > 1) {
            w.forward *= 4;
            w.logits *= 4;
        }
        return w;
    }
    // A few tensors of one layer at once: the residual and the normalised input, the QKV
    // output and the MLP's gate/up and activation (vLLM profile_run at max_num_batched_tokens).
    w.forward = e * chunk * (2 * h + (q + 2 * k) / t + (c.m.gatedMlp ? 3 : 2) * F / t);
    if (c.m.isMoE())
        w.forward += 2 * e * chunk * c.m.moeTopK * h; // dispatch buffers
    if (engine == ServingEngine::HfTransformers && !in.flashAttention) {
        // eager_attention_forward (modeling_llama.py): bf16 scores, the mask added out of place,
        // the fp32 softmax and its bf16 cast, of one layer: 6 B per score at the peak.
        w.forward += 6 * double(in.batchSize) * heads * double(in.promptLength) * double(in.promptLength);
    }
    if (!last)
        return w;
    switch (engine) {
    case ServingEngine::Vllm:
        // V1 profiles the sampler on max_num_seqs rows: fp32 logits, probabilities, exponential
        // noise and their quotient (sample/ops/topk_topp_sampler.py random_sample).
        w.logits = 16 * double(in.maxNumSeqs) * V;
        break;
    case ServingEngine::Sglang:
        w.logits = 8 * double(in.batchSize) * V; // fp32 logits and probabilities of the running batch
        break;
    case ServingEngine::TensorRtLlm:
        w.logits = 4 * double(in.batchSize) * V; // fp32 logits of the last token of each sequence
        break;
    case ServingEngine::HfTransformers:
        // Before transformers 4.45 (logits_to_keep) the prefill computed the logits of every
        // prompt position and upcast them: bf16 + fp32 = 6 B each; since, the last position's.
        w.logits = e * prompt * h + 6 * V * (in.fullPromptLogits ? prompt : double(in.batchSize));
        break;
    case ServingEngine::LlamaCpp:
        break;
    }
    // The logits are gathered to the whole vocabulary before sampling (vLLM LogitsProcessor).
    return w;
}

/// What the engine reserves up front for weights + KV cache (0: it allocates what it needs).
/// vLLM: gpu_memory_utilization × total, less the weights, the profiled peak and what is
/// allocated outside torch (gpu_worker.py determine_available_memory); SGLang:
/// mem_fraction_static × total less the weights (model_runner.py profile_max_num_token);
/// TensorRT-LLM: free_gpu_memory_fraction of what is free after everything else
/// (kvCacheManager.cpp).
double kvPool(const ServingContext& c, double weights, double workspace, double libraries, double nccl)
{
    const InferenceSetup& in = c.s.inference;
    const double capacity = c.s.hardware.gpu.memoryBytes;
    const double f = in.gpuMemoryUtilization;
    switch (in.engine) {
    case ServingEngine::Vllm: return std::max(0.0, f * capacity - weights - workspace - libraries - nccl);
    case ServingEngine::Sglang: return std::max(0.0, f * capacity - weights);
    case ServingEngine::TensorRtLlm:
        return std::max(0.0, f * (capacity - c.s.runtime.cudaContextBytes - weights - workspace - libraries - nccl));
    case ServingEngine::HfTransformers:
    case ServingEngine::LlamaCpp: return 0;
    }
    return 0;
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

void estimateInference(const Scenario& s, Estimate& out, Working* w, const ModelConstants& constants)
{
    const InferenceSetup& in = s.inference;
    const bool countOnly = !s.model.hasArchitecture;
    const ModelArchitecture& m = out.shape;
    ServingContext c{s, m, out.parameters, countOnly, s.parallel.tensor, s.parallel.pipeline, 0, 0,
                     pipelineSplit(m.numLayers, s.parallel.pipeline, s.parallel.firstStageLayers, s.parallel.lastStageLayers,
                                   s.parallel.embeddingCountsAsLayer, s.parallel.lossCountsAsLayer)};
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
    const ServingEngine engine = in.engine;
    const bool torchEngine = engine != ServingEngine::LlamaCpp;
    // One cuBLAS handle (no autograd thread) through the caching allocator; llama.cpp has none.
    const double libraries = torchEngine ? rt.cublasWorkspaceBytes + 1048576.0 : 0;
    const double nccl = ((c.t > 1 ? 1 : 0) + (c.p > 1 ? 1 : 0)) * rt.ncclBytesPerCommunicator;
    const bool graphs = in.cudaGraphs && (engine == ServingEngine::Vllm || engine == ServingEngine::Sglang);

    double minFree = capacity;
    double perSequence = 0;
    for (int i = 0; i < c.p; ++i) {
        RankGroup g;
        g.phase = GroupPhase::Serving;
        g.firstStage = g.lastStage = i;
        g.firstRank = i * ranksPerStage;
        g.lastRank = (i + 1) * ranksPerStage - 1;
        g.layers = stageRange(c, i).count;
        g.inFlightMicroBatches = 1;
        const Workspace ws = stageWorkspace(c, i);
        const double weights = stageWeights(c, i);
        const double needed = stageKv(c, i, context, batch);
        const double pool = kvPool(c, weights, ws.peak(), libraries, nccl);
        const bool reserving = engine == ServingEngine::Vllm || engine == ServingEngine::Sglang || engine == ServingEngine::TensorRtLlm;
        at(g.bytes, Component::Weights) = weights;
        at(g.bytes, Component::KvCache) = needed;
        at(g.bytes, Component::KvCacheReserve) = reserving ? std::max(0.0, pool - needed) : 0;
        at(g.bytes, Component::InferenceWorkspace) = ws.peak();
        at(g.bytes, Component::LibraryWorkspaces) = libraries;
        g.momentBytes[std::size_t(StepMoment::Prefill)] = ws.forward;
        g.momentBytes[std::size_t(StepMoment::Sampler)] = ws.logits;
        g.peakMoment = ws.logits > ws.forward ? StepMoment::Sampler : StepMoment::Prefill;
        // Weights and the KV pool are allocated once and not fragmented; the workspace (and
        // HF's growing DynamicCache) is. ggml allocates exact buffers.
        const double dynamic = ws.peak() + (engine == ServingEngine::HfTransformers ? needed : 0);
        at(g.bytes, Component::Fragmentation) = torchEngine ? (rt.expandableSegments ? 0 : rt.fragmentationFraction * dynamic) : 0;
        at(g.bytes, Component::CudaGraphPool) = graphs ? in.cudaGraphBytes : 0;
        at(g.bytes, Component::CudaContext) = rt.cudaContextBytes;
        at(g.bytes, Component::NcclBuffers) = nccl;
        g.allocatedBytes = weights + needed + at(g.bytes, Component::KvCacheReserve) + ws.peak() + libraries;
        g.reservedBytes = g.allocatedBytes + at(g.bytes, Component::Fragmentation) + at(g.bytes, Component::CudaGraphPool);
        g.deviceBytes = g.totalBytes = g.reservedBytes + rt.cudaContextBytes + nccl;
        g.capacityBytes = capacity;
        // A reserving engine fits a batch whose KV cache fits its pool.
        const bool poolHolds = !reserving || needed <= pool;
        g.fits = g.totalBytes <= capacity && poolHolds;
        if (!poolHolds)
            out.issues.push_back(fieldIssue(IssueCode::KvPoolTooSmall, Severity::Warning, Field::InferenceGpuMemoryUtilization, double(i), needed, pool));
        const double free = reserving ? pool : capacity - (g.totalBytes - needed);
        minFree = std::min(minFree, free);
        const double oneSequence = stageKv(c, i, context, 1);
        perSequence = std::max(perSequence, oneSequence);
        r.kvBytesPerSequence += oneSequence;
        if (!out.groups.empty() && out.groups.back().bytes == g.bytes && out.groups.back().layers == g.layers) {
            out.groups.back().lastStage = i;
            out.groups.back().lastRank = g.lastRank;
        } else {
            out.groups.push_back(g);
        }
        if (w) {
            const int group = int(out.groups.size()) - 1;
            w->add(Term::ServingWeights, group, weights,
                   {{"bits/param (linear)", r.linearBitsPerParameter, Unit::Count}, {"bytes/param (other)", c.otherBytes, Unit::BytesPerParameter},
                    {"t", double(c.t), Unit::Count}, {"p", double(c.p), Unit::Count}},
                   {}, engine == ServingEngine::LlamaCpp ? "bits/8 · linear + bytes · other (the token embedding stays in host memory)" : std::string_view{});
            w->add(Term::KvCache, group, needed,
                   {{"per token per layer", r.kvBytesPerTokenPerLayer, Unit::Bytes}, {"layers", double(g.layers), Unit::Count},
                    {"global layers", double(m.globalLayersIn(stageRange(c, i).first, stageRange(c, i).first + g.layers)), Unit::Count},
                    {"context", context, Unit::Tokens}, {"window", double(m.slidingWindow), Unit::Tokens}, {"batch", batch, Unit::Count},
                    {"block", double(kvBlock(s)), Unit::Tokens}});
            if (reserving)
                w->add(Term::KvPoolReserve, group, at(g.bytes, Component::KvCacheReserve),
                       {{"fraction", in.gpuMemoryUtilization, Unit::Fraction}, {"capacity", capacity, Unit::Bytes}, {"weights", weights, Unit::Bytes},
                        {"workspace", ws.peak(), Unit::Bytes}, {"pool", pool, Unit::Bytes}, {"needed", needed, Unit::Bytes}},
                       {}, engine == ServingEngine::Vllm ? "fraction × capacity − weights − profiled peak − non-torch, less this batch's KV"
                           : engine == ServingEngine::Sglang ? "mem_fraction_static × capacity − weights, less this batch's KV"
                                                             : "free_gpu_memory_fraction × memory free after the rest, less this batch's KV");
            w->add(Term::InferenceWorkspace, group, ws.peak(),
                   {{"chunk tokens", engine == ServingEngine::HfTransformers ? batch * double(in.promptLength)
                                                                           : std::min(double(in.maxBatchedTokens), batch * double(in.promptLength)), Unit::Tokens},
                    {"forward", ws.forward, Unit::Bytes}, {"logits", ws.logits, Unit::Bytes}},
                   {}, engine == ServingEngine::LlamaCpp ? "max(attention: 4·n_head·n_kv·n_ub (no flash) + mask + 16·n_ub·h, MLP, logits 4·V·n_ub)"
                       : engine == ServingEngine::Vllm ? "max(forward of max_num_batched_tokens, sampler 16 B × max_num_seqs × V)"
                                                       : "max(forward of one chunk, the logits)");
            w->add(Term::LibraryWorkspaces, group, libraries, {{"cuBLAS", rt.cublasWorkspaceBytes, Unit::Bytes}, {"handles", 1, Unit::Count}});
            if (graphs)
                w->add(Term::CudaGraphPool, group, in.cudaGraphBytes, {});
            w->add(Term::CudaContext, group, rt.cudaContextBytes, {});
            if (nccl > 0)
                w->add(Term::NcclBuffers, group, nccl, {{"communicators", nccl / rt.ncclBytesPerCommunicator, Unit::Count},
                                                        {"per communicator", rt.ncclBytesPerCommunicator, Unit::Bytes}});
            w->add(Term::Fragmentation, group, at(g.bytes, Component::Fragmentation), {{"f", rt.fragmentationFraction, Unit::Fraction},
                                                                                       {"allocated during serving", dynamic, Unit::Bytes}});
        }
    }
    r.freeBytesForKv = std::max(0.0, minFree);

    // Largest batch at this context and longest context at this batch, from the tightest stage.
    r.maxBatchAtContext = perSequence > 0 ? std::floor(r.freeBytesForKv / perSequence) : 0;
    r.maxContextAtBatch = 1e10;
    for (int i = 0; i < c.p; ++i) {
        // The workspace at this context stands in for the longer one's (it grows with it only
        // without flash attention).
        const double weights = stageWeights(c, i), workspace = stageWorkspace(c, i).peak();
        const double pool = kvPool(c, weights, workspace, libraries, nccl);
        const double outside = weights + workspace + libraries + rt.cudaContextBytes + nccl + (graphs ? in.cudaGraphBytes : 0)
            + (torchEngine && !rt.expandableSegments ? rt.fragmentationFraction * workspace : 0);
        const double free = (engine == ServingEngine::HfTransformers || engine == ServingEngine::LlamaCpp) ? capacity - outside : pool;
        const StageRange sr = stageRange(c, i);
        r.maxContextAtBatch = std::min(r.maxContextAtBatch, maxContextThatFits(m, in.kvCacheDtype, c.t, sr.first, sr.first + sr.count,
                                                                               batch, kvBlock(s), free, 1e10));
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
                                                           m.hiddenSize, m.hiddenSize, constants);
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
        w->add(Term::KvBytesPerToken, kWholeJob, r.kvBytesPerTokenPerLayer,
               m.isMla() ? std::initializer_list<Substitution>{{"d_c", double(m.kvLoraRank), Unit::Count}, {"d_rope", double(m.qkRopeHeadDim), Unit::Count}}
                         : std::initializer_list<Substitution>{{"g", double(m.numQueryGroups), Unit::Count}, {"t", double(c.t), Unit::Count},
                                                               {"d", double(m.effectiveHeadDim()), Unit::Count}});
        w->add(Term::MaxBatch, kWholeJob, r.maxBatchAtContext, {{"free", r.freeBytesForKv, Unit::Bytes}, {"KV per sequence", perSequence, Unit::Bytes}});
        w->add(Term::MaxContext, kWholeJob, r.maxContextAtBatch, {{"free", r.freeBytesForKv, Unit::Bytes}, {"batch", batch, Unit::Count}});
        w->add(Term::PrefillSeconds, kWholeJob, r.prefillSeconds,
               {{"N", out.parameters.active, Unit::Count}, {"batch", batch, Unit::Count}, {"prompt", prompt, Unit::Tokens},
                {"n", replicaGpus, Unit::Count}, {"peak", peak, Unit::FlopsPerSecond}, {"MFU", mfu, Unit::Fraction}});
        w->add(Term::DecodeStepSeconds, kWholeJob, r.decodeStepSeconds,
               {{"bytes read", r.decodeBytesPerStep, Unit::Bytes}, {"bandwidth", bandwidth, Unit::Bytes}, {"FLOPs", r.decodeFlopsPerStep, Unit::Flops}});
        w->add(Term::DecodeTokensPerSecond, kWholeJob, r.tokensPerSecondPerSequence, {{"step", r.decodeStepSeconds, Unit::Seconds}});
        w->add(Term::ArithmeticIntensity, kWholeJob, r.arithmeticIntensity, {{"ridge", r.ridgePoint, Unit::Count}}, {},
               r.memoryBound ? "FLOPs / bytes < ridge: memory-bound" : "FLOPs / bytes ≥ ridge: compute-bound");
    }
}

} // namespace core
