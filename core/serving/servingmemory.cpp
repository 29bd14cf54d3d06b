// Serving memory: what each GPU of a serving replica holds (weights, KV cache and recurrent
// state, the engine's pool, workspaces, runtime), the largest batch and the longest context
// (core/serving/servingcontext.h).
#include "core/serving/servingcontext.h"
#include "core/serving/servingstage.h"

#include <algorithm>
#include <cmath>
#include <span>

#include "core/fields.h"
#include "core/issues.h"
#include "core/kvcache.h"
#include "core/model/imagetokens.h"
#include "core/model/layerparameters.h"
#include "core/model/layerpattern.h"
#include "core/pipeline.h"
#include "core/serving/expertload.h"
#include "core/serving/speculative.h"
#include "core/serving/stepcost.h"
#include "core/steptime.h"
#include "core/weightformat.h"
#include "core/working.h"

namespace core::servingdetail {

Workspace stageWorkspace(const ServingContext& c, int stage, double batch)
{
    const InferenceSetup& in = c.s.inference;
    const ServingEngine engine = in.engine;
    const double prompt = batch * double(in.promptLength);
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
        w.forward += 6 * batch * heads * double(in.promptLength) * double(in.promptLength);
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
        w.logits = 8 * batch * V; // fp32 logits and probabilities of the running batch
        break;
    case ServingEngine::TensorRtLlm:
        w.logits = 4 * batch * V; // fp32 logits of the last token of each sequence
        break;
    case ServingEngine::HfTransformers:
        // Before transformers 4.45 (logits_to_keep) the prefill computed the logits of every
        // prompt position and upcast them: bf16 + fp32 = 6 B each; since, the last position's.
        w.logits = e * prompt * h + 6 * V * (in.fullPromptLogits ? prompt : batch);
        break;
    case ServingEngine::LlamaCpp:
        break;
    }
    // The logits are gathered to the whole vocabulary before sampling (vLLM LogitsProcessor).
    return w;
}

double kvPool(const ServingContext& c, double weights, double workspace, double libraries, double nccl)
{
    const InferenceSetup& in = c.s.inference;
    const double capacity = c.s.hardware.gpu.memoryBytes;
    const double f = in.gpuMemoryUtilization;
    switch (in.engine) {
    case ServingEngine::Vllm: return std::max(0.0, f * capacity - weights - workspace - libraries - nccl);
    case ServingEngine::Sglang:
        // rest = free after loading − total × (1 − mem_fraction_static), where `total` is what
        // was free after the distributed init, the CUDA context and NCCL already taken (SGLang
        // @ 001ccef python/sglang/srt/model_executor/model_runner_kv_cache_mixin.py
        // profile_max_num_token: rest_memory = available_gpu_memory − total_gpu_memory ×
        // (1 − mem_fraction_static); model_runner.py passes the memory free after
        // init_torch_distributed as total_gpu_memory): the pool is
        // f × (capacity − context − NCCL) − weights. The QwQ-32B log of the memory corpus
        // (llms-in-clouds docs/sglang.md @ b001c86): 0.85 × 21.63 GB free − 15.54 GB of weights =
        // 2.85 GB against the 2.84 GB pool it printed.
        return std::max(0.0, f * (capacity - c.s.runtime.cudaContextBytes - nccl) - weights);
    case ServingEngine::TensorRtLlm:
        return std::max(0.0, f * (capacity - c.s.runtime.cudaContextBytes - weights - workspace - libraries - nccl));
    case ServingEngine::HfTransformers:
    case ServingEngine::LlamaCpp: return 0;
    }
    return 0;
}

int servingCommunicators(ServingEngine engine, int t, int p)
{
    const int tp = t > 1 ? (engine == ServingEngine::Vllm ? 2 : 1) : 0;
    return tp + (p > 1 ? 1 : 0);
}

StageMemory stageMemory(const ServingContext& c, const Runtime& r, int stage, double context, double batch)
{
    const InferenceSetup& in = c.s.inference;
    const RuntimeOverheads& rt = c.s.runtime;
    const ServingEngine engine = in.engine;
    StageMemory m;
    m.ws = stageWorkspace(c, stage, batch);
    m.weights = stageWeights(c, stage) + stageVisionWeights(c, stage);
    // A hybrid's recurrent states share the engine's pool with the KV blocks (vLLM's hybrid KV
    // cache manager allocates one mamba block per sequence from the same pool, vLLM recipes PR #831;
    // SGLang's mamba pool comes out of mem_fraction_static).
    m.needed = stageKv(c, stage, context, batch) + stageState(c, stage, batch);
    // The drafter's weights are loaded before the engine sizes its pool, and its KV blocks come
    // from the same pool (vLLM V1: one KV cache spec for the target's and the drafter's layers).
    if (c.drafter.on && stage == c.p - 1) {
        m.draftWeights = c.drafter.weights;
        m.draftKv = drafterKv(c, context) * batch;
    }
    m.pool = kvPool(c, m.weights + m.draftWeights, m.ws.peak(), r.libraries, r.nccl);
    m.reserving = engine == ServingEngine::Vllm || engine == ServingEngine::Sglang || engine == ServingEngine::TensorRtLlm;
    m.reserve = m.reserving ? std::max(0.0, m.pool - m.needed - m.draftKv) : 0;
    // Weights and the KV pool are allocated once and not fragmented; the workspace (and HF's
    // growing DynamicCache) is. ggml allocates exact buffers.
    m.dynamic = m.ws.peak() + (engine == ServingEngine::HfTransformers ? m.needed + m.draftKv : 0);
    m.fragmentation = r.torchEngine ? (rt.expandableSegments ? 0 : rt.fragmentationFraction * m.dynamic) : 0;
    m.graphPool = r.graphs ? in.cudaGraphBytes : 0;
    m.allocated = m.weights + m.needed + m.reserve + m.ws.peak() + r.libraries + m.draftWeights + m.draftKv;
    m.reserved = m.allocated + m.fragmentation + m.graphPool;
    m.total = m.reserved + rt.cudaContextBytes + r.nccl;
    // A reserving engine fits a batch whose KV cache fits its pool.
    m.poolHolds = !m.reserving || m.needed + m.draftKv <= m.pool;
    m.fits = m.total <= c.s.hardware.gpu.memoryBytes && m.poolHolds;
    return m;
}

bool everyStageFits(const ServingContext& c, const Runtime& r, double context, double batch)
{
    for (int i = 0; i < c.p; ++i)
        if (!stageMemory(c, r, i, context, batch).fits)
            return false;
    return true;
}

double largestBatch(const ServingContext& c, const Runtime& r, double context, double guess)
{
    double lo = 0, hi = 0; // fits at lo (0 always "fits"), not at hi
    double b = std::max(1.0, std::floor(guess));
    if (!std::isfinite(b) || b > 1e12)
        b = 1e12;
    if (everyStageFits(c, r, context, b)) {
        lo = b;
        double step = 1;
        for (hi = b + step; everyStageFits(c, r, context, hi); hi = lo + step) {
            lo = hi;
            step *= 2;
            if (hi > 1e12)
                return lo;
        }
    } else {
        hi = b;
        double step = 1;
        for (lo = b - step; lo >= 1 && !everyStageFits(c, r, context, lo); lo = hi - step) {
            hi = lo;
            step *= 2;
        }
        lo = std::max(0.0, lo);
    }
    while (hi - lo > 1) {
        const double mid = std::floor((lo + hi) / 2);
        (everyStageFits(c, r, context, mid) ? lo : hi) = mid;
    }
    return lo;
}

ServingMemoryPass servingMemory(const ServingContext& c, Estimate& out, Working* w)
{
    const Scenario& s = c.s;
    const InferenceSetup& in = s.inference;
    const ModelArchitecture& m = c.m;
    InferenceEstimate& r = out.inference;
    const double context = double(in.context());
    const double batch = double(in.batchSize);
    const double capacity = s.hardware.gpu.memoryBytes;
    const RuntimeOverheads& rt = s.runtime;
    const int ranksPerStage = s.parallel.gpus / c.p;
    const ServingEngine engine = in.engine;
    Runtime run;
    run.torchEngine = engine != ServingEngine::LlamaCpp;
    // One cuBLAS handle (no autograd thread) through the caching allocator; llama.cpp has none.
    run.libraries = run.torchEngine ? rt.cublasWorkspaceBytes + 1048576.0 : 0;
    run.nccl = servingCommunicators(engine, c.t, c.p) * rt.ncclBytesPerCommunicator;
    run.graphs = in.cudaGraphs && (engine == ServingEngine::Vllm || engine == ServingEngine::Sglang);
    const double libraries = run.libraries, nccl = run.nccl;
    const bool graphs = run.graphs, torchEngine = run.torchEngine;

    double minFree = capacity;
    double perSequence = 0;
    double guess = 1e12;
    for (int i = 0; i < c.p; ++i) {
        RankGroup g;
        g.phase = GroupPhase::Serving;
        g.firstStage = g.lastStage = i;
        g.firstRank = i * ranksPerStage;
        g.lastRank = (i + 1) * ranksPerStage - 1;
        g.layers = stageRange(c, i).count;
        g.inFlightMicroBatches = 1;
        const StageMemory sm = stageMemory(c, run, i, context, batch);
        const Workspace& ws = sm.ws;
        const double weights = sm.weights, needed = sm.needed, pool = sm.pool, dynamic = sm.dynamic;
        const bool reserving = sm.reserving;
        at(g.bytes, Component::Weights) = weights;
        // A hybrid's linear layers keep a fixed state per sequence beside the attention layers' KV
        // (issue 28): its own segment, the same at any context.
        const double stateNeeded = stageState(c, i, batch);
        at(g.bytes, Component::RecurrentState) = stateNeeded;
        at(g.bytes, Component::KvCache) = needed - stateNeeded;
        at(g.bytes, Component::DraftWeights) = sm.draftWeights;
        at(g.bytes, Component::DraftKvCache) = sm.draftKv;
        at(g.bytes, Component::KvCacheReserve) = sm.reserve;
        at(g.bytes, Component::InferenceWorkspace) = ws.peak();
        at(g.bytes, Component::LibraryWorkspaces) = libraries;
        g.momentBytes[std::size_t(StepMoment::Prefill)] = ws.forward;
        g.momentBytes[std::size_t(StepMoment::Sampler)] = ws.logits;
        g.peakMoment = ws.logits > ws.forward ? StepMoment::Sampler : StepMoment::Prefill;
        at(g.bytes, Component::Fragmentation) = sm.fragmentation;
        at(g.bytes, Component::CudaGraphPool) = sm.graphPool;
        at(g.bytes, Component::CudaContext) = rt.cudaContextBytes;
        at(g.bytes, Component::NcclBuffers) = nccl;
        g.allocatedBytes = sm.allocated;
        g.reservedBytes = sm.reserved;
        g.deviceBytes = g.totalBytes = sm.total;
        g.capacityBytes = capacity;
        g.fits = sm.fits;
        if (!sm.poolHolds)
            out.issues.push_back(fieldIssue(IssueCode::KvPoolTooSmall, Severity::Warning, Field::InferenceGpuMemoryUtilization, double(i), needed, pool));
        const double free = reserving ? pool : capacity - (g.totalBytes - needed - sm.draftKv);
        minFree = std::min(minFree, free);
        const double oneSequenceKv = stageKv(c, i, context, 1);
        const double oneState = stageState(c, i, 1);
        const double oneSequence = oneSequenceKv + oneState + (c.drafter.on && i == c.p - 1 ? drafterKv(c, context) : 0.0);
        perSequence = std::max(perSequence, oneSequence);
        if (oneSequence > 0) {
            // A reserving engine's total does not grow with the batch while its pool holds it; HF's
            // cache is fragmented as it grows (f × the cache on top of it).
            const double grows = engine == ServingEngine::HfTransformers && !rt.expandableSegments ? 1 + rt.fragmentationFraction : 1;
            const double room = reserving ? pool : capacity - (g.totalBytes - needed * grows);
            guess = std::min(guess, std::max(0.0, room) / (oneSequence * grows));
        }
        r.kvBytesPerSequence += oneSequenceKv;
        r.stateBytesPerSequence += oneState;
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
            if (stateNeeded > 0) {
                const ModelArchitecture& hm = m;
                const KindCounts kinds = layerPattern(hm).countsIn(stageRange(c, i).first, stageRange(c, i).first + g.layers);
                w->add(Term::RecurrentState, group, stateNeeded,
                       {{"linear layers", double(kinds[LayerKind::LinearAttention] + kinds[LayerKind::LinearMixerOnly]), Unit::Count},
                        {"K", double(hm.linearConvKernel), Unit::Count}, {"Hk", double(hm.linearNumKeyHeads), Unit::Count},
                        {"dk", double(hm.linearKeyHeadDim), Unit::Count}, {"Hv", double(hm.linearNumValueHeads), Unit::Count},
                        {"dv", double(hm.linearValueHeadDim), Unit::Count},
                        {"bytes(state)", recurrentStateElementBytes(hm, engine), Unit::Bytes}, {"t", double(c.t), Unit::Count},
                        {"batch", batch, Unit::Count}});
            }
            if (sm.draftWeights > 0) {
                const Drafter& d = c.drafter;
                w->add(Term::DraftWeights, group, sm.draftWeights,
                       {{"draft parameters", d.ownShape ? s.inference.draftParameters : 0.0, Unit::Count},
                        {"layers", double(d.step.layers), Unit::Count}, {"h", d.hidden, Unit::Count}, {"t", double(c.t), Unit::Count}});
                w->add(Term::DraftKvCache, group, sm.draftKv,
                       {{"layers", double(d.step.layers), Unit::Count}, {"context", context, Unit::Tokens}, {"batch", batch, Unit::Count}});
            }
            w->add(Term::KvCache, group, needed - stateNeeded,
                   {{"per token per layer", r.kvBytesPerTokenPerLayer, Unit::Bytes}, {"layers", double(g.layers), Unit::Count},
                    {"global layers", double(m.globalLayersIn(stageRange(c, i).first, stageRange(c, i).first + g.layers)), Unit::Count},
                    {"context", context, Unit::Tokens}, {"window", double(m.slidingWindow), Unit::Tokens}, {"batch", batch, Unit::Count},
                    {"block", double(kvBlock(s)), Unit::Tokens}});
            if (reserving)
                w->add(Term::KvPoolReserve, group, at(g.bytes, Component::KvCacheReserve),
                       {{"fraction", in.gpuMemoryUtilization, Unit::Fraction}, {"capacity", capacity, Unit::Bytes}, {"weights", weights, Unit::Bytes},
                        {"workspace", ws.peak(), Unit::Bytes}, {"pool", pool, Unit::Bytes}, {"needed", needed, Unit::Bytes}},
                       {}, engine == ServingEngine::Vllm ? "fraction × capacity − weights − profiled peak − non-torch, less this batch's KV"
                           : engine == ServingEngine::Sglang ? "mem_fraction_static × (capacity − context − NCCL) − weights, less this batch's KV"
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
                                                        {"per communicator", rt.ncclBytesPerCommunicator, Unit::Bytes}},
                       {}, engine == ServingEngine::Vllm ? "communicators × bytes per communicator (vLLM: 2 per TP group, PyNccl's and torch.distributed's, 1 per PP group; vllm cuda_communicator.py @ 00b5a01)" : std::string_view{});
            w->add(Term::Fragmentation, group, at(g.bytes, Component::Fragmentation), {{"f", rt.fragmentationFraction, Unit::Fraction},
                                                                                       {"allocated during serving", dynamic, Unit::Bytes}});
        }
    }
    r.freeBytesForKv = std::max(0.0, minFree);

    // Largest batch at this context (by the rule that decides whether the scenario fits) and the
    // longest context at this batch, from the tightest stage.
    r.maxBatchAtContext = perSequence > 0 ? largestBatch(c, run, context, guess) : 0;
    r.maxContextAtBatch = 1e10;
    for (int i = 0; i < c.p; ++i) {
        // The workspace at this context stands in for the longer one's (it grows with it only
        // without flash attention).
        // The drafter's weights (last stage) are loaded before the pool is sized, as in stageMemory.
        const bool drafts = c.drafter.on && i == c.p - 1;
        const double weights = stageWeights(c, i) + stageVisionWeights(c, i) + (drafts ? c.drafter.weights : 0.0), workspace = stageWorkspace(c, i, batch).peak();
        const double pool = kvPool(c, weights, workspace, libraries, nccl);
        const double outside = weights + workspace + libraries + rt.cudaContextBytes + nccl + (graphs ? in.cudaGraphBytes : 0)
            + (torchEngine && !rt.expandableSegments ? rt.fragmentationFraction * workspace : 0);
        const double free = (engine == ServingEngine::HfTransformers || engine == ServingEngine::LlamaCpp) ? capacity - outside : pool;
        const StageLayers sr = stageRange(c, i);
        double freeForKv = free - stageState(c, i, batch); // the states take their share first, whatever the context
        if (drafts) {
            // The drafter's KV grows with the context beside the target's: the target keeps its
            // share of what is free, the ratio of their bytes per token at this context.
            const double target = stageKv(c, i, context, 1), draft = drafterKv(c, context);
            if (target + draft > 0)
                freeForKv *= target / (target + draft);
        }
        r.maxContextAtBatch = std::min(r.maxContextAtBatch, maxContextThatFits(m, in.kvCacheDtype, c.t, sr.first, sr.first + sr.count,
                                                                               batch, kvBlock(s), freeForKv, 1e10));
    }
    ServingMemoryPass pass;
    pass.perSequence = perSequence;
    return pass;
}

} // namespace core::servingdetail
