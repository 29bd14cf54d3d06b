#pragma once

// The linear-attention / state-space mixer of a hybrid model's linear layers (issue 28):
// Gated DeltaNet (Qwen3-Next, Qwen3.5) and Mamba-2 / SSD (Nemotron-H). One set of widths serves
// both (core/model.h): Hk × dk are Gated DeltaNet's key heads (Mamba-2: groups G × state N),
// Hv × dv its value heads (Mamba-2: heads H × head dim P, d_inner = H·P). Formulas and their
// sources: docs/corpus/models2026.md §2; resources/corpus/models2026.json "layer_kinds".

#include <algorithm>

#include "core/model.h"

namespace core {

/// The widths of one linear mixer.
struct LinearWidths
{
    double qk = 0;   ///< Hk·dk: queries and keys each (Mamba-2: G·N, the B and C projections)
    double v = 0;    ///< Hv·dv: values, the core output (Mamba-2: d_inner)
    double heads = 0;///< Hv
    double keyDim = 0, valueDim = 0;
    double kernel = 4;
    double conv() const { return 2 * qk + v; } ///< channels of the causal conv: q, k, v (Mamba-2: x, B, C)
};

inline LinearWidths linearWidths(const ModelArchitecture& m)
{
    LinearWidths w;
    w.qk = double(m.linearNumKeyHeads) * m.linearKeyHeadDim;
    w.v = double(m.linearNumValueHeads) * m.linearValueHeadDim;
    w.heads = m.linearNumValueHeads;
    w.keyDim = m.linearKeyHeadDim;
    w.valueDim = m.linearValueHeadDim;
    w.kernel = std::max(1, m.linearConvKernel);
    return w;
}

/// Width of the mixer's input projection per token (what one token's in_proj GEMM emits).
/// Gated DeltaNet: in_proj_qkvz 2·Hk·dk + 2·Hv·dv (q, k, v and the output gate z) and in_proj_ba
/// 2·Hv (β and the decay α) — transformers modeling_qwen3_next.py @01cdc608. Mamba-2: in_proj
/// 2·d_inner + 2·G·N + H (z, x, B, C, dt) — state-spaces/mamba mamba2.py @e9594ce1 lines 96–150.
inline double linearInProjection(const ModelArchitecture& m)
{
    const LinearWidths w = linearWidths(m);
    return m.linearMixer == LinearMixer::GatedDeltaNet ? 2 * w.qk + 2 * w.v + 2 * w.heads : 2 * w.v + 2 * w.qk + w.heads;
}

/// The mixer's weights, one layer (the layer's own pre-norm not included).
/// Gated DeltaNet: in_proj h·(2Hk·dk + 2Hv·dv) + h·2Hv; conv1d (2Hk·dk + Hv·dv)·K, no bias;
/// dt_bias Hv; A_log Hv; gated RMSNorm dv; out_proj Hv·dv·h (Qwen3-Next: 33,718,464).
/// Mamba-2: in_proj h·(2·d_inner + 2GN + H); conv1d conv_dim·K + conv_dim bias; dt_bias, A_log,
/// D H each; gated RMSNorm d_inner; out_proj d_inner·h (mamba2.py lines 96–150).
inline double linearMixerParameters(const ModelArchitecture& m)
{
    const LinearWidths w = linearWidths(m);
    const double h = m.hiddenSize;
    const double projections = h * linearInProjection(m) + w.v * h;
    if (m.linearMixer == LinearMixer::GatedDeltaNet)
        return projections + w.conv() * w.kernel + 2 * w.heads + w.valueDim;
    if (m.linearMixer == LinearMixer::Mamba2)
        return projections + w.conv() * (w.kernel + 1) + 3 * w.heads + w.v;
    return 0;
}

/// Forward FLOPs of one token through the mixer, projections and scan (Megatron-Bridge
/// flop_utils.py @067f987d: Gated DeltaNet lines 824–847, 2·[h(2qk + 2v + 2Hv) + K(2qk + v) +
/// 4·Hv·dv·dk + h·v]; Mamba-2 lines 801–822, 2h(2·d_in + 2GN + H) + 7·d_in·N + 2·d_in·h, whose
/// author calls the scan term approximate). `scan` receives the part that is not a GEMM.
inline double linearMixerFlopsPerToken(const ModelArchitecture& m, double* scan = nullptr)
{
    const LinearWidths w = linearWidths(m);
    const double h = m.hiddenSize;
    const double gemms = 2 * h * linearInProjection(m) + 2 * w.v * h;
    double core = 0;
    if (m.linearMixer == LinearMixer::GatedDeltaNet)
        core = 2 * (w.kernel * w.conv() + 4 * w.heads * w.valueDim * w.keyDim);
    else if (m.linearMixer == LinearMixer::Mamba2)
        core = 7 * w.v * w.keyDim;
    if (scan)
        *scan = core;
    return gemms + core;
}

/// Bytes of one sequence's recurrent state in one linear layer on one GPU (TP divides the heads
/// and the conv channels, vLLM mamba_utils.py @02d71083 mamba2_state_shape /
/// gated_delta_net_state_shape): the conv state (K − 1)·(2·Hk·dk + Hv·dv) at `convBytes` and the
/// SSM / delta state Hv·dv·dk at `stateBytes` (Mamba-2: H·P·N).
inline double linearStateBytes(const ModelArchitecture& m, double stateBytes, double convBytes, int tensor)
{
    if (!m.isHybrid())
        return 0;
    const LinearWidths w = linearWidths(m);
    const double t = std::max(1, tensor);
    return ((w.kernel - 1) * w.conv() * convBytes + w.v * w.keyDim * stateBytes) / t;
}

} // namespace core
