#pragma once

// The serving passes' stage helpers, inline (core/serving/servingcontext.h): a stage's layers,
// weights, KV cache and recurrent state, and the drafter's KV. servingmemory.cpp and
// servingspeed.cpp call them for every stage and every load.

#include <algorithm>

#include "core/kvcache.h"
#include "core/model/visiontower.h"
#include "core/serving/servingcontext.h"

namespace core::servingdetail {

inline StageLayers stageRange(const ServingContext& c, int stage)
{
    return c.layout.contiguousStage(stage); // serving runs no virtual pipeline (resolveLayout)
}

/// Weight bytes on one GPU of `stage`; `touchedExperts` < 1 scales the routed experts (decode
/// reads only the experts some token of the batch was routed to).
inline double stageWeights(const ServingContext& c, int stage, double touchedExperts = 1)
{
    if (c.countOnly)
        return c.pc.total / (double(c.t) * c.p) * c.linearBytes;
    const StageLayers r = stageRange(c, stage);
    const double t = c.t;
    const double expertShards = double(c.s.parallel.expert) * c.s.parallel.effectiveExpertTensor();
    double linear = 0, other = 0, experts = 0;
    for (LayerKind kind : kModelledKinds) {
        const int n = r.kinds[kind];
        const LayerParameters& p = c.kinds[std::size_t(kind)];
        linear += n * p.linear / t;
        other += n * p.replicated;
        experts += n * p.routedExperts / expertShards;
    }
    // llama.cpp keeps the token embedding in host memory (llama-model.cpp: token_embd on the CPU buffer type).
    if (stage == 0 && c.s.inference.engine != ServingEngine::LlamaCpp)
        other += c.pc.embedding / t + c.pc.positionEmbedding;
    if (stage == c.p - 1)
        other += c.pc.finalNorm + (c.m.tiedEmbeddings ? (c.p > 1 || c.s.inference.engine == ServingEngine::LlamaCpp ? c.pc.embedding : 0)
                                                      : c.pc.outputLayer) / t;
    return (linear + experts * touchedExperts) * c.linearBytes + other * c.otherBytes;
}

/// A vision tower and its projector on one GPU of `stage` (the first): its matrices split by TP
/// (vLLM mm_encoder_tp_mode "weights", the default: the encoder's linears are tensor-parallel),
/// held as the embeddings are (16-bit unless they are quantized too). Not read by decode steps.
inline double stageVisionWeights(const ServingContext& c, int stage)
{
    if (stage != 0 || c.countOnly || !c.m.hasVision())
        return 0;
    const VisionTower v = visionTower(c.m);
    return (v.linear / c.t + (v.total - v.linear)) * c.otherBytes;
}

inline int kvBlock(const Scenario& s) { return engineKvBlockSize(s); }

inline double stageKv(const ServingContext& c, int stage, double context, double batch)
{
    const StageLayers r = stageRange(c, stage);
    return kvCacheBytes(c.m, c.s.inference.kvCacheDtype, c.t, r.first, r.first + r.count, context, batch, kvBlock(c.s));
}

/// The recurrent state of `batch` sequences in the stage's linear layers (0 without any).
inline double stageState(const ServingContext& c, int stage, double batch)
{
    if (!c.m.isHybrid() || c.countOnly)
        return 0;
    const StageLayers r = stageRange(c, stage);
    return stateBytesPerSequence(c.m, c.s.inference.engine, c.t, r.first, r.first + r.count) * batch;
}

/// The drafter's KV cache of one sequence at `context` on one GPU (0 without a drafter): a draft
/// model's own layers, or the one layer of an EAGLE head or MTP module, of the target's shape.
inline double drafterKv(const ServingContext& c, double context)
{
    const Drafter& d = c.drafter;
    if (!d.on)
        return 0;
    const KvCacheDtype dtype = c.s.inference.kvCacheDtype;
    if (d.ownShape)
        return kvCacheBytes(d.shape, dtype, c.t, 0, d.shape.numLayers, context, 1, kvBlock(c.s));
    return kvBytesPerTokenPerLayer(c.m, dtype, c.t) * cachedTokens(context, 0, kvBlock(c.s));
}

} // namespace core::servingdetail
