#pragma once

// The elementwise work of a layer when a PyTorch trainer runs its model eagerly: every operator
// a kernel of its own that reads its inputs from HBM and writes its output back, where
// Transformer Engine (Megatron) and torch.compile fuse a norm, a rotary embedding or a SwiGLU
// into one pass.

#include "core/model.h"
#include "core/scenario.h"

namespace core {

/// What eager execution adds to a layer's forward elementwise traffic per token, in 2-byte
/// element passes (the step-time model's unit), over the fused count; all zero when the run is
/// fused (Megatron, or torch.compile).
struct EagerTraffic
{
    double hidden = 0;     ///< × h: the norms' composite operators
    double ffn = 0;        ///< × F (per expert token for MoE): SwiGLU's silu and product as two kernels
    double projection = 0; ///< elements: rotary in fp32 on Q and K, GQA's K/V copies, the attention output's copy
    double lossBytesPerLogit = 0; ///< extra bytes per logit for the fp32 cross entropy, forward and backward
};

/// The extra traffic of eager execution for a layer of `m` whose Q and K projections are `q`
/// and `k` wide on this GPU (zero when fused).
EagerTraffic eagerTraffic(const ModelArchitecture& m, const TrainingSetup& training, double q, double k);

} // namespace core
