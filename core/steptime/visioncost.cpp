// The step time of a vision-language model's vision tower (issue 28 item 4), beside the
// decoder's layers in the step-time model (core/steptime_model.cpp).
#include "core/steptime/visioncost.h"

#include <algorithm>

#include "core/estimate_context.h"
#include "core/model/visiontower.h"
#include "core/steptime.h"
#include "core/steptime/attentionkernel.h"

namespace core::step {

StageCost visionCost(const Model& md)
{
    StageCost out;
    const EstimateContext& ctx = md.ctx;
    const TrainingSetup& tr = ctx.scenario.training;
    const ModelArchitecture& m = ctx.shape;
    if (ctx.layout.countOnly || !m.hasVision() || tr.imagesPerSample <= 0)
        return out;
    const VisionTower v = visionTower(m);
    const double images = double(tr.microBatchSize) * tr.imagesPerSample;
    const double tiles = images * (m.visionTilesPerImage > 0 ? m.visionTilesPerImage : 1);
    const double rows = tiles * v.sequencePerTile, t = md.t, w = m.visionHiddenSize, F = m.visionFfnHiddenSize;
    const double frames = 3.0 * std::max(1, m.visionTemporalPatch) * m.visionPatchSize * m.visionPatchSize;
    double gemm = m.visionLayers * (md.gemm(rows, 3 * w / t, w, false) + md.gemm(rows, w, w / t, false)
                                    + md.gemm(rows, (m.visionGatedMlp ? 2 : 1) * F / t, w, false) + md.gemm(rows, w, F / t, false))
        + md.gemm(tiles * v.patchesPerTile, w / t, frames, false);
    const double h = m.hiddenSize, inner = m.visionProjectorHidden > 0 ? m.visionProjectorHidden : h;
    double in = v.projectorInput;
    for (int i = 0, n = std::max(1, m.visionProjectorLayers); i < n; ++i) {
        const double outWidth = i + 1 == n ? h : inner;
        gemm += md.gemm(images * v.tokensPerImage, outWidth / t, in, false);
        in = outWidth;
    }
    const double attentionFlops = images * v.forwardAttentionFlopsPerImage / t;
    const double f = attentionEfficiency(md.att.forward, v.sequencePerTile, *ctx.constants);
    const double attentionF = f > 0 ? attentionFlops / (md.attentionPeak * f) : 0;
    const bool trained = !ctx.layout.adapters && !tr.visionFrozen;
    double attentionB = 0;
    if (trained) {
        const double b = attentionEfficiency(md.att.backward, v.sequencePerTile, *ctx.constants);
        attentionB = b > 0 ? kFusedBackwardFlops * attentionFlops / (md.attentionPeak * b) : 0;
    }
    part(out.parts, StepPart::Gemm) = gemm * (trained ? 3 : 1);
    part(out.parts, StepPart::Attention) = attentionF + attentionB;
    out.forward = gemm + attentionF;
    out.backward = trained ? 2 * gemm + attentionB : 0;
    return out;
}

} // namespace core::step
