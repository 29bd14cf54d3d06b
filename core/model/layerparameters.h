#pragma once

// The per-kind description of one layer's parameters and FLOPs: what each kind's layer holds,
// split by how parallelism divides it, for one model replica. Memory (the stage ledger),
// serving (the weights each stage reads) and the weight formats all take a layer's parameters
// from here, and multiply by the layers of that kind a stage holds.

#include "core/model.h"
#include "core/model/layerkind.h"

namespace core {

/// One layer of a kind, one model replica, no parallelism.
struct LayerParameters
{
    double linear = 0;        ///< matrices tensor parallelism splits (attention, dense MLP, shared experts)
    double replicated = 0;    ///< kept whole on every TP rank: norms, the router, row-parallel biases
    double routedExperts = 0; ///< routed experts: split by EP × expert TP (Megatron parallel folding)
};

/// The parameters of one layer of `kind` (Megatron theoretical_memory_usage.py conventions,
/// counted by countParameters). A kind the estimate does not model yet has none.
inline LayerParameters layerParameters(const ModelArchitecture& m, const ParameterCounts& pc, LayerKind kind)
{
    LayerParameters p;
    switch (kind) {
    case LayerKind::Dense:
        // Row-parallel linear biases (GPT: the attention output's and the second MLP matrix's,
        // h each) are added after the reduction, so every TP rank keeps them whole.
        // DeepSeek Sparse Attention's indexer is replicated, not split (vLLM deepseek_v2.py
        // @002d6073 Indexer: "no tensor parallel, just replicated").
        p.replicated = pc.normsPerLayer + (m.linearBias ? 2.0 * m.hiddenSize : 0.0) + pc.indexerPerLayer;
        p.linear = pc.perLayer - p.replicated;
        break;
    case LayerKind::Moe:
        p.replicated = pc.normsPerLayer + pc.routerPerLayer + pc.indexerPerLayer;
        p.linear = pc.attentionPerLayer + pc.sharedExpertsPerLayer;
        p.routedExperts = pc.routedExpertsPerLayer;
        break;
    case LayerKind::LinearAttention:
        // The linear mixer (its projections, conv, gates and norm: TP splits them by heads, as
        // vLLM and Megatron do) in place of attention, then the model's MLP: routed experts with
        // their router and shared experts when it has them, else the dense MLP.
        p.replicated = pc.linearNormsPerLayer + pc.routerPerLayer;
        p.linear = pc.linearMixerPerLayer + (m.isMoE() ? pc.sharedExpertsPerLayer : pc.mlpPerLayer);
        p.routedExperts = pc.routedExpertsPerLayer;
        break;
    case LayerKind::LinearMixerOnly:
        // One residual block: its norm and the mixer (Nemotron-H's Mamba block).
        p.replicated = pc.linearNormsPerLayer / 2;
        p.linear = pc.linearMixerPerLayer;
        break;
    case LayerKind::SparseAttention:
    case LayerKind::MultiTokenPrediction:
    case LayerKind::Encoder:
    case LayerKind::Count:
        break;
    }
    return p;
}

/// The MLP width one token goes through in a layer of `kind`, for the FLOPs (Megatron
/// num_floating_point_operations: F for a dense MLP; k routed experts + the shared ones for an
/// MoE layer).
inline double activeMlpWidth(const ModelArchitecture& m, LayerKind kind)
{
    switch (kind) {
    case LayerKind::Dense: return m.ffnHiddenSize;
    case LayerKind::Moe: return double(m.moeTopK) * m.moeFfnHiddenSize + m.sharedExpertWidth();
    case LayerKind::LinearAttention: return m.isMoE() ? double(m.moeTopK) * m.moeFfnHiddenSize + m.sharedExpertWidth() : m.ffnHiddenSize;
    case LayerKind::LinearMixerOnly: return 0;
    case LayerKind::SparseAttention:
    case LayerKind::MultiTokenPrediction:
    case LayerKind::Encoder:
    case LayerKind::Count: break;
    }
    return 0;
}

} // namespace core
