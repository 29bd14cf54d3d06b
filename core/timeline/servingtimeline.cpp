#include "core/timeline/servingtimeline.h"

#include <algorithm>
#include <cmath>

#include "core/estimate.h"
#include "core/kvcache.h"
#include "core/model/layerkind.h"
#include "core/model/layerpattern.h"
#include "core/model/imagetokens.h"
#include "core/pipeline.h"

namespace core {

namespace {

double& at(ComponentBytes& bytes, Component c) { return bytes[std::size_t(c)]; }

bool reserving(ServingEngine e)
{
    return e == ServingEngine::Vllm || e == ServingEngine::Sglang || e == ServingEngine::TensorRtLlm;
}

/// What one GPU of the followed stage holds at one engine step.
struct StepState
{
    std::int64_t running = 0, prefilled = 0, context = 0, blocks = 0, requestBlocks = 0;
    double kvBytes = 0;
};

struct Run
{
    const ModelArchitecture& m;
    KvCacheDtype dtype;
    int t, first, last, block;
    std::int64_t B, P, G, chunk, prefillSteps;
    double blockBytes;

    double kv(double context) const { return context > 0 ? kvCacheBytes(m, dtype, t, first, last, context, 1, block) : 0; }
    std::int64_t blocks(double context) const
    {
        return block > 0 && blockBytes > 0 && context > 0 ? std::int64_t(std::ceil(kv(context) / blockBytes - 1e-9)) : 0;
    }
    /// The state after engine step `step` (0-based; prefill steps, then decode steps).
    StepState at(std::int64_t step) const
    {
        StepState s;
        if (step < prefillSteps) {
            // FCFS: the step's token budget continues the prompt the previous step left off
            // (vLLM V1 schedules a waiting request's next chunk within max_num_batched_tokens).
            const double done = std::min(double(B) * double(P), double(step + 1) * double(chunk));
            const std::int64_t full = std::int64_t(std::floor(done / double(P)));
            const double partial = done - double(full) * double(P);
            s.prefilled = full;
            s.running = full + (partial > 0 ? 1 : 0);
            s.context = P;
            s.kvBytes = double(full) * kv(double(P)) + kv(partial);
            s.requestBlocks = blocks(double(P));
            s.blocks = full * s.requestBlocks + blocks(partial);
            return s;
        }
        // Decode: every request adds one token per step (the whole batch in lockstep).
        const std::int64_t j = step - prefillSteps;
        const double context = double(P + j + 1);
        s.prefilled = s.running = B;
        s.context = P + j + 1;
        s.kvBytes = double(B) * kv(context);
        s.requestBlocks = blocks(context);
        s.blocks = B * s.requestBlocks;
        return s;
    }
};

/// One block: `blockSize` tokens in every layer of [first, last) that keeps a KV cache (a
/// hybrid's linear layers keep a fixed state instead: vLLM pages only the attention layers'
/// tokens in KV blocks).
double kvBlockBytes(const ModelArchitecture& m, KvCacheDtype dtype, int tensor, int firstLayer, int lastLayer, int blockSize)
{
    return blockSize > 0 ? kvCacheBytes(m, dtype, tensor, firstLayer, lastLayer, double(blockSize), 1, blockSize) : 0;
}

/// The layers of [first, last) that keep a KV cache.
int cachingLayers(const ModelArchitecture& m, int firstLayer, int lastLayer)
{
    const KindCounts kinds = layerPattern(m).countsIn(firstLayer, lastLayer);
    int n = 0;
    for (std::size_t k = 0; k < kModelledKindCount; ++k) {
        const KindCache cache = layerKindInfo(kModelledKinds[k]).cache;
        if (cache == KindCache::Kv || cache == KindCache::KvAndIndex)
            n += kinds.layers[k];
    }
    return n;
}

} // namespace

std::int64_t requestKvBlocks(const ModelArchitecture& m, KvCacheDtype dtype, int tensor, int firstLayer, int lastLayer, double context,
                             int blockSize)
{
    const double blockBytes = kvBlockBytes(m, dtype, tensor, firstLayer, lastLayer, blockSize);
    if (blockSize <= 0 || blockBytes <= 0 || context <= 0)
        return 0;
    return std::int64_t(std::ceil(kvCacheBytes(m, dtype, tensor, firstLayer, lastLayer, context, 1, blockSize) / blockBytes - 1e-9));
}

std::string_view servingPhaseName(ServingPhase phase) { return phase == ServingPhase::Prefill ? "prefill" : "decode"; }

const ServingMoment* ServingTimeline::momentAt(double step) const
{
    if (moments.empty())
        return nullptr;
    const auto it = std::upper_bound(moments.begin(), moments.end(), step, [](double x, const ServingMoment& m) { return x < m.start(); });
    return it == moments.begin() ? &moments.front() : &*std::prev(it);
}

void servingTimeline(const Scenario& s, ServingTimeline& out)
{
    std::vector<ServingMoment> storage = std::move(out.moments);
    out = ServingTimeline{};
    storage.clear();
    out.moments = std::move(storage);
    if (s.mode != Mode::Inference)
        return;
    const Estimate e = estimate(s);
    if (!e.valid) {
        out.status = ServingTimelineStatus::InvalidScenario;
        return;
    }
    // A vision-language model's image tokens are prompt tokens to the engine (core/model/imagetokens.h).
    InferenceSetup in = s.inference;
    in.promptLength += scenarioImageTokens(s);
    out.engine = in.engine;
    out.reservesPool = reserving(in.engine);

    // The engine's pool per group: what it reserved beside this batch's KV (the estimate's
    // components), or, when the batch does not fit, the pool the estimate reported short.
    auto poolOf = [&](std::size_t g) {
        const RankGroup& group = e.groups[g];
        const double needed = group.bytes[std::size_t(Component::KvCache)] + group.bytes[std::size_t(Component::RecurrentState)];
        if (!out.reservesPool)
            return in.engine == ServingEngine::LlamaCpp ? needed : 0.0;
        for (const Issue& i : e.issues)
            if (i.code == IssueCode::KvPoolTooSmall && i.a >= group.firstStage && i.a <= group.lastStage)
                return i.c;
        return needed + group.bytes[std::size_t(Component::KvCacheReserve)];
    };
    // Follow the GPU whose pool fills first (the fullest device without a pool).
    std::size_t chosen = 0;
    double worst = -1;
    for (std::size_t g = 0; g < e.groups.size(); ++g) {
        const RankGroup& group = e.groups[g];
        const double pool = poolOf(g);
        const double held = group.bytes[std::size_t(Component::KvCache)] + group.bytes[std::size_t(Component::RecurrentState)];
        const double fill = out.reservesPool ? (pool > 0 ? held / pool : 1e300) : group.deviceBytes;
        if (fill > worst) {
            worst = fill;
            chosen = g;
        }
    }
    const RankGroup& group = e.groups[chosen];
    out.group = int(chosen);
    out.stage = group.firstStage;
    out.capacityBytes = group.capacityBytes;
    out.poolBytes = poolOf(chosen);
    out.estimateKvBytes = group.bytes[std::size_t(Component::KvCache)];
    // A hybrid's linear layers: one fixed state per running request, whatever its context
    // (the estimate's states for the whole batch, core/inference.cpp stageState).
    const double estimateState = group.bytes[std::size_t(Component::RecurrentState)];
    out.stateBytesPerRequest = in.batchSize > 0 ? estimateState / double(in.batchSize) : 0;

    // The stage's layers as the estimate split them (inference.cpp, the same call).
    const PipelineSplit split = pipelineSplit(e.shape.numLayers, s.parallel.pipeline, s.parallel.firstStageLayers, s.parallel.lastStageLayers,
                                              s.parallel.embeddingCountsAsLayer, s.parallel.lossCountsAsLayer);
    const int first = split.firstLayerOf(out.stage);
    out.layers = split.layersOn(out.stage);
    out.blockSize = engineKvBlockSize(s);
    out.requests = in.batchSize;
    out.promptLength = in.promptLength;
    out.generatedTokens = in.generatedTokens;
    // HF generate() runs the whole batch's prompts in one forward; the other engines a chunk
    // of max_batched_tokens per step (vLLM max_num_batched_tokens, llama.cpp n_ubatch).
    const double promptTokens = double(in.batchSize) * double(in.promptLength);
    out.chunkTokens = in.engine == ServingEngine::HfTransformers ? std::int64_t(promptTokens)
                                                                 : std::int64_t(std::min(double(std::max<std::int64_t>(1, in.maxBatchedTokens)), promptTokens));
    out.prefillSteps = std::int64_t(std::ceil(promptTokens / double(std::max<std::int64_t>(1, out.chunkTokens))));
    out.chunkedPrefill = out.prefillSteps > 1;
    out.decodeSteps = in.generatedTokens;
    out.kvLayers = cachingLayers(e.shape, first, first + out.layers);
    out.blockBytes = kvBlockBytes(e.shape, in.kvCacheDtype, s.parallel.tensor, first, first + out.layers, out.blockSize);
    // vLLM: num_gpu_blocks = available_memory // page_size // num_layers
    // (vllm/v1/core/kv_cache_utils.py get_num_blocks at 001cabc1be16a59a70d720ed61a13b678c060a18).
    out.poolBlocks = out.reservesPool && out.blockBytes > 0 ? std::int64_t(std::floor(out.poolBytes / out.blockBytes)) : 0;
    // The blocks the pool has for the attention layers' KV with every request's state taken out
    // first (all of them at the full batch; the states are fixed, the KV grows).
    auto kvBlocksBeside = [&](std::int64_t running) {
        return out.blockBytes > 0 ? std::int64_t(std::floor(std::max(0.0, out.poolBytes - double(running) * out.stateBytesPerRequest) / out.blockBytes))
                                  : 0;
    };

    const Run run{e.shape, in.kvCacheDtype, s.parallel.tensor, first, first + out.layers, out.blockSize,
                  in.batchSize, in.promptLength, in.generatedTokens, out.chunkTokens, out.prefillSteps, out.blockBytes};
    out.blocksPerRequest = run.blocks(double(in.context()));
    const std::int64_t steps = out.steps();

    // A request is preempted when the step's blocks do not fit the pool (vLLM V1: allocate_slots
    // fails and the scheduler pops the newest running request, vllm/v1/core/sched/scheduler.py
    // at b4622cf924bc72504aed99e486062d6633fde39e). The cache only grows, so the first such
    // step is found by bisection.
    auto over = [&](std::int64_t step) {
        const StepState st = run.at(step);
        const double states = double(st.running) * out.stateBytesPerRequest;
        return out.blockSize > 0 ? st.blocks > (states > 0 ? kvBlocksBeside(st.running) : out.poolBlocks) : st.kvBytes + states > out.poolBytes;
    };
    if (out.reservesPool && steps > 0 && over(steps - 1)) {
        std::int64_t lo = 0, hi = steps - 1; // over(hi)
        while (lo < hi) {
            const std::int64_t mid = lo + (hi - lo) / 2;
            if (over(mid))
                hi = mid;
            else
                lo = mid + 1;
        }
        out.preemptionStep = lo;
    }

    // The moments' first steps: each prefill step (merged when there are many); in decode the
    // steps a new block starts (a block's worth of tokens per moment), merged likewise; and the
    // preemption step, so that a moment starts exactly there.
    const std::int64_t half = kServingTimelineMoments / 2;
    std::vector<std::int64_t> starts;
    const std::int64_t prefillStride = std::max<std::int64_t>(1, (out.prefillSteps + half - 1) / half);
    for (std::int64_t k = 0; k < out.prefillSteps; k += prefillStride)
        starts.push_back(k);
    if (out.decodeSteps > 0) {
        const std::int64_t b = std::max(1, out.blockSize);
        // decode step j makes context P + j + 1; a new block starts when P + j is a multiple of b
        const std::int64_t j0 = (b - in.promptLength % b) % b;
        const std::int64_t blocksInDecode = (out.decodeSteps + b - 1) / b;
        const std::int64_t stride = b * std::max<std::int64_t>(1, (blocksInDecode + half - 1) / half);
        if (j0 > 0)
            starts.push_back(out.prefillSteps);
        for (std::int64_t j = j0; j < out.decodeSteps; j += stride)
            starts.push_back(out.prefillSteps + j);
    }
    if (out.preemptionStep >= 0)
        starts.push_back(out.preemptionStep);
    std::sort(starts.begin(), starts.end());
    starts.erase(std::unique(starts.begin(), starts.end()), starts.end());

    const double workspace = group.bytes[std::size_t(Component::InferenceWorkspace)];
    const double fragmentation = group.bytes[std::size_t(Component::Fragmentation)];
    out.moments.reserve(starts.size());
    for (std::size_t k = 0; k < starts.size(); ++k) {
        ServingMoment mo;
        mo.firstStep = starts[k];
        mo.lastStep = (k + 1 < starts.size() ? starts[k + 1] : steps) - 1;
        mo.phase = mo.lastStep < out.prefillSteps ? ServingPhase::Prefill : ServingPhase::Decode;
        mo.phaseStep = mo.phase == ServingPhase::Prefill ? mo.lastStep + 1 : mo.lastStep - out.prefillSteps + 1;
        const StepState st = run.at(mo.lastStep);
        mo.runningRequests = st.running;
        mo.prefilledRequests = st.prefilled;
        mo.contextTokens = st.context;
        mo.usedBlocks = st.blocks;
        mo.requestBlocks = st.requestBlocks;
        mo.usedKvBytes = st.kvBytes;
        mo.overPool = out.preemptionStep >= 0 && mo.lastStep >= out.preemptionStep;
        // Everything but the KV cache as the estimate has it: weights, the workspace the
        // profiling run reserved, the CUDA-graph pool, the runtime.
        mo.bytes = group.bytes;
        const double states = double(st.running) * out.stateBytesPerRequest;
        at(mo.bytes, Component::KvCache) = st.kvBytes;
        at(mo.bytes, Component::RecurrentState) = states;
        at(mo.bytes, Component::KvCacheReserve) = out.poolBytes > 0 ? std::max(0.0, out.poolBytes - st.kvBytes - states) : 0;
        if (in.engine == ServingEngine::HfTransformers && workspace + out.estimateKvBytes + estimateState > 0)
            // HF's DynamicCache grows through the caching allocator: its share of the estimate's
            // fragmentation (f × (workspace + KV + states)) grows with it.
            at(mo.bytes, Component::Fragmentation)
                = fragmentation * (workspace + st.kvBytes + states) / (workspace + out.estimateKvBytes + estimateState);
        for (std::size_t c = 0; c < kComponentCount; ++c) {
            const MemoryLevel level = levelOf(Component(c));
            if (level == MemoryLevel::Allocated)
                mo.allocatedBytes += mo.bytes[c];
            if (level != MemoryLevel::Device)
                mo.reservedBytes += mo.bytes[c];
            mo.deviceBytes += mo.bytes[c];
        }
        if (mo.firstStep == out.preemptionStep)
            out.preemptionMoment = out.moments.size();
        if (out.moments.empty() || mo.usedKvBytes > out.moments[out.peakMoment].usedKvBytes)
            out.peakMoment = out.moments.size();
        out.moments.push_back(mo);
    }
    out.valid = !out.moments.empty();
    out.status = ServingTimelineStatus::Ok;
}

ServingTimeline servingTimeline(const Scenario& scenario)
{
    ServingTimeline t;
    servingTimeline(scenario, t);
    return t;
}

} // namespace core
