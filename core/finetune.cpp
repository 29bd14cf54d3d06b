#include "core/finetune.h"

#include "core/model/layerpattern.h"
#include "core/weightformat.h"

namespace core {

AdapterCounts countAdapters(const ModelArchitecture& m, int rank, unsigned targets)
{
    AdapterCounts c;
    const double h = m.hiddenSize;
    const double r = rank;
    double q = double(m.numAttentionHeads) * m.effectiveHeadDim();
    double k = double(m.numQueryGroups > 0 ? m.numQueryGroups : m.numAttentionHeads) * m.effectiveHeadDim();
    double v = k, o = q;
    if (m.isMla()) { // adapters on the up-projections' outputs as seen by the heads
        q = k = double(m.numAttentionHeads) * (double(m.qkNopeHeadDim) + m.qkRopeHeadDim);
        v = o = double(m.numAttentionHeads) * m.vHeadDim;
    }
    double attention = 0;
    int attentionMatrices = 0;
    auto adapt = [&](unsigned bit, double in, double out, double& sum, int& count) {
        if (targets & bit) {
            sum += r * (in + out);
            ++count;
        }
    };
    adapt(LoraQ, h, q, attention, attentionMatrices);
    adapt(LoraK, h, k, attention, attentionMatrices);
    adapt(LoraV, h, v, attention, attentionMatrices);
    adapt(LoraO, o, h, attention, attentionMatrices);
    auto mlp = [&](double F, int& count) {
        double sum = 0;
        if (m.gatedMlp)
            adapt(LoraGate, h, F, sum, count);
        adapt(LoraUp, h, F, sum, count);
        adapt(LoraDown, F, h, sum, count);
        return sum;
    };
    int denseMlpMatrices = 0, sharedMatrices = 0;
    c.perLayer[std::size_t(LayerKind::Dense)] = attention + mlp(m.ffnHiddenSize, denseMlpMatrices);
    c.perLayer[std::size_t(LayerKind::Moe)] = attention + (m.sharedExpertWidth() > 0 ? mlp(m.sharedExpertWidth(), sharedMatrices) : 0);
    c.adaptedMatrices = attentionMatrices + denseMlpMatrices;
    const KindCounts layers = layerPattern(m).countsIn(0, m.numLayers);
    for (LayerKind kind : kModelledKinds)
        c.total += c.perLayer[std::size_t(kind)] * layers[kind];
    return c;
}

double frozenLinearBytes(const WeightQuantization& q, const ModelArchitecture& m)
{
    return bitsPerParameter(q, m.hiddenSize) / 8;
}

} // namespace core
