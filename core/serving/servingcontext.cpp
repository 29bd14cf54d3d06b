// The serving context's stage helpers: a stage's layers, weights, KV cache and recurrent state,
// and the speculative drafter (core/serving/servingcontext.h).
#include "core/serving/servingcontext.h"

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

Drafter makeDrafter(const ServingContext& c)
{
    Drafter d;
    const InferenceSetup& in = c.s.inference;
    if (!speculates(in))
        return d;
    d.on = true;
    d.k = in.speculativeTokens;
    d.tokensPerStep = expectedTokensPerStep(in.acceptanceRate, d.k);
    const ModelArchitecture& m = c.m;
    const double t = c.t;
    const double h = m.hiddenSize;
    // The target's LM head, which an EAGLE head and an MTP module share and read at every draft
    // step (SGLang speculative/eagle_worker.py: "Share the embedding and lm_head").
    const double headParameters = m.tiedEmbeddings ? c.pc.embedding : c.pc.outputLayer;
    const double head = headParameters / t * c.otherBytes;
    if (in.speculativeMethod == SpeculativeMethod::DraftModel) {
        // A draft model of `draftParameters`, shaped as the "model size" slider's family (core/model.h),
        // held in the target's weight format and split over the same TP (vLLM V1 runs the drafter
        // at the target's tensor-parallel size).
        d.ownShape = true;
        d.shape = familyShape(in.draftParameters);
        const ParameterCounts pc = countParameters(d.shape, c.t);
        const LayerParameters layer = layerParameters(d.shape, pc, LayerKind::Dense);
        const double L = d.shape.numLayers;
        const double dHead = d.shape.tiedEmbeddings ? 0.0 : pc.outputLayer;
        d.weights = L * layer.linear / t * c.linearBytes + (L * layer.replicated + pc.finalNorm) * c.otherBytes
            + (pc.embedding + dHead) / t * c.otherBytes;
        d.step.layers = d.shape.numLayers;
        // A step looks its rows up in the embedding; it reads the table whole only as a tied head.
        d.step.denseWeightBytes = d.weights - (d.shape.tiedEmbeddings ? 0.0 : pc.embedding / t * c.otherBytes);
        d.step.flopsPerToken = 2 * pc.active / t;
        d.step.attentionWidth = double(d.shape.numAttentionHeads) * d.shape.effectiveHeadDim() / t;
        d.hidden = d.shape.hiddenSize;
        return d;
    }
    // EAGLE: one decoder layer of the target's shape and an FC layer 2h → h, in 16 bits (Li et al.
    // 2024 §4); MTP: one block of the model's own kind (its MoE layer on a MoE model) in the
    // checkpoint's format and the projection 2h → h (DeepSeek-V3 §2.2).
    const bool mtp = in.speculativeMethod == SpeculativeMethod::Mtp;
    const LayerKind kind = mtp && m.isMoE() ? LayerKind::Moe : LayerKind::Dense;
    const LayerParameters& layer = c.kinds[std::size_t(kind)];
    const double linearBytes = mtp ? c.linearBytes : 2.0;
    const double otherBytes = mtp ? c.otherBytes : 2.0;
    const double expertShards = double(c.s.parallel.expert) * c.s.parallel.effectiveExpertTensor();
    const double projection = 2 * h * h * otherBytes; // replicated on every TP rank (vLLM: a plain nn.Linear)
    const double dense = layer.linear / t * linearBytes + layer.replicated * otherBytes + projection;
    d.step.expertWeightBytes = kind == LayerKind::Moe ? layer.routedExperts / expertShards * linearBytes : 0;
    d.step.moeLayers = kind == LayerKind::Moe ? 1 : 0;
    d.weights = dense + d.step.expertWeightBytes;
    d.step.layers = 1;
    d.step.denseWeightBytes = dense + head;
    const double routedShare = kind == LayerKind::Moe && m.numExperts > 0 ? double(m.moeTopK) / m.numExperts : 0;
    d.step.flopsPerToken = 2 * ((layer.linear + layer.routedExperts * routedShare + headParameters) / t + layer.replicated + 2 * h * h);
    d.step.attentionWidth = (m.isMla() ? double(m.numAttentionHeads) * (double(m.qkNopeHeadDim) + m.qkRopeHeadDim + m.vHeadDim) / 2
                                       : double(m.numAttentionHeads) * m.effectiveHeadDim()) / t;
    d.hidden = h;
    d.experts = kind == LayerKind::Moe ? m.numExperts : 0;
    d.topK = kind == LayerKind::Moe ? m.moeTopK : 0;
    return d;
}

} // namespace core::servingdetail
