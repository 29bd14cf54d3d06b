#include "core/inference.h"

#include "core/model/layerparameters.h"
#include "core/serving/servingcontext.h"
#include "core/weightformat.h"
#include "core/kvcache.h"

namespace core {

// Serving: the context the passes read, then memory (core/serving/servingmemory.cpp) and speed
// (core/serving/servingspeed.cpp), which reads what memory found.
void estimateInference(const Scenario& s, const ResolvedLayout& layout, Estimate& out, Working* w,
                       const ModelConstants& constants)
{
    const InferenceSetup& in = s.inference;
    const bool countOnly = layout.countOnly;
    const ModelArchitecture& m = out.shape;
    using servingdetail::ServingContext;
    ServingContext c{s, m, out.parameters, countOnly, layout.t, layout.p, 0, 0, layout};
    for (LayerKind kind : kModelledKinds)
        c.kinds[std::size_t(kind)] = layerParameters(m, out.parameters, kind);
    c.linearBytes = bitsPerParameter(in.weights, m.hiddenSize) / 8;
    c.otherBytes = (countOnly || in.weights.quantizeEmbeddings) ? c.linearBytes : 2.0;
    c.drafter = servingdetail::makeDrafter(c);
    InferenceEstimate& r = out.inference;
    r = InferenceEstimate{};
    r.linearBitsPerParameter = c.linearBytes * 8;
    r.kvBytesPerTokenPerLayer = kvBytesPerTokenPerLayer(m, in.kvCacheDtype, c.t);
    r.replicas = std::max(1, s.parallel.gpus / (c.t * c.p));
    const servingdetail::ServingMemoryPass memory = servingdetail::servingMemory(c, out, w);
    servingdetail::servingSpeed(c, memory, out, w, constants);
}

} // namespace core
