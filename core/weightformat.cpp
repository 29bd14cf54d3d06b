#include "core/weightformat.h"

#include "core/model/layerparameters.h"
#include "core/model/layerpattern.h"

namespace core {

double valueBits(WeightFormat format)
{
    switch (format) {
    case WeightFormat::Fp32: return 32;
    case WeightFormat::Bf16:
    case WeightFormat::Fp16: return 16;
    case WeightFormat::Fp8:
    case WeightFormat::Int8: return 8;
    case WeightFormat::Int4:
    case WeightFormat::Nf4: return 4;
    }
    return 16;
}

double scaleBits(ScaleFormat format)
{
    switch (format) {
    case ScaleFormat::Fp32: return 32;
    case ScaleFormat::Fp16:
    case ScaleFormat::Bf16: return 16;
    case ScaleFormat::Fp8:
    case ScaleFormat::E8M0: return 8;
    }
    return 16;
}

double bitsPerParameter(const WeightQuantization& q, double rowLength)
{
    switch (q.format) {
    case WeightFormat::Fp32:
    case WeightFormat::Bf16:
    case WeightFormat::Fp16:
    case WeightFormat::Fp8: // one per-tensor scale: negligible
        return valueBits(q.format);
    case WeightFormat::Nf4:
        // bitsandbytes: one fp32 absmax per 64 weights; double quantization stores it in 8 bits
        // with one fp32 constant per 256 blocks (Dettmers et al. 2023, §3).
        return q.doubleQuantization ? 4 + 8 / kNf4Block + 32 / (kNf4Block * kNf4DoubleQuantBlock) : 4 + 32 / kNf4Block;
    case WeightFormat::Int8:
    case WeightFormat::Int4: {
        const double group = q.groupSize > 0 ? q.groupSize : (rowLength > 0 ? rowLength : 1);
        const double zeroBits = q.zeroPoint ? valueBits(q.format) : 0;
        return valueBits(q.format) + (scaleBits(q.scale) + zeroBits) / group;
    }
    }
    return 16;
}

std::optional<WeightFormat> weightFormatFor(NumberFormat format)
{
    switch (format) {
    case NumberFormat::Fp32: return WeightFormat::Fp32;
    case NumberFormat::Bf16: return WeightFormat::Bf16;
    case NumberFormat::Fp16: return WeightFormat::Fp16;
    case NumberFormat::Fp8E4M3:
    case NumberFormat::Fp8E5M2: return WeightFormat::Fp8;
    case NumberFormat::Int8: return WeightFormat::Int8;
    case NumberFormat::Int4: return WeightFormat::Int4;
    case NumberFormat::Tf32:
    case NumberFormat::Fp4E2M1:
    case NumberFormat::Uint8:
    case NumberFormat::MxFp8:
    case NumberFormat::MxFp4:
    case NumberFormat::NvFp4: break;
    }
    return std::nullopt;
}

double ServedModel::weightBytes(double linearBitsPerParameter) const
{
    const double linearBytes = linearBitsPerParameter / 8;
    return linearParameters * linearBytes + otherParameters * (otherFollowsLinear ? linearBytes : 2.0);
}

ServedModel servedModel(const Scenario& s, const ParameterCounts& pc, const ModelArchitecture& m)
{
    ServedModel out;
    out.name = s.model.name;
    out.parameters = pc.total;
    out.rowLength = m.hiddenSize;
    out.otherFollowsLinear = !s.model.hasArchitecture || s.inference.weights.quantizeEmbeddings;
    if (!s.model.hasArchitecture) {
        out.linearParameters = pc.total; // as stageWeights: total × bytes of the format
        return out;
    }
    // stageWeights with one stage and no tensor or expert parallelism.
    const KindCounts layers = layerPattern(m).countsIn(0, m.numLayers);
    double linear = 0, other = 0;
    for (LayerKind kind : kModelledKinds) {
        const LayerParameters p = layerParameters(m, pc, kind);
        linear += layers[kind] * p.linear;
        other += layers[kind] * p.replicated;
    }
    for (LayerKind kind : kModelledKinds)
        linear += layers[kind] * layerParameters(m, pc, kind).routedExperts;
    out.linearParameters = linear;
    out.otherParameters = other + pc.embedding + pc.positionEmbedding + pc.finalNorm + (m.tiedEmbeddings ? 0.0 : pc.outputLayer);
    return out;
}

double kvElementBytes(KvCacheDtype dtype)
{
    switch (dtype) {
    case KvCacheDtype::Fp32: return 4;
    case KvCacheDtype::Bf16:
    case KvCacheDtype::Fp16: return 2;
    case KvCacheDtype::Fp8:
    case KvCacheDtype::Int8: return 1;
    }
    return 2;
}

} // namespace core
