#pragma once

// Which fused attention kernel a training run uses, and how fast it runs on its GPU.

#include "core/scenario.h"
#include "core/steptime.h"

namespace core {

/// The attention kernel a run uses and its efficiency at long sequences (fractions of the
/// 16-bit peak, before the sustained fraction and the sequence-length saturation).
struct AttentionFigures
{
    AttentionKernel kernel = AttentionKernel::Cudnn; ///< never Auto: the kernel Auto resolved to
    double forward = 0, backward = 0;
};

/// `requested` resolved (Auto: Megatron's Transformer Engine picks cuDNN's fused attention on
/// Hopper and later, and FlashAttention-2 on Ampere, where the GPU's fused figures are FA2's;
/// PyTorch trainers run SDPA's FlashAttention-2) and that kernel's figures on `gpu`
/// (FlashAttention-3 where it does not run falls back to the fused kernel).
AttentionFigures attentionFigures(const GpuStepFigures& gpu, AttentionKernel requested, Framework framework);

/// The share of its head-dim-128 speed that `kernel` keeps at head dimension `headDim`
/// (FlashAttention-3, arXiv 2407.08608, Fig. 5: H100 forward at 16k, head dim 64 against 128;
/// resources/steptime.json attention_head_dim64_*): that ratio at 64 and below, linear up to 1 at
/// 128, 1 above (larger heads are not slower for every kernel: not modelled).
double attentionHeadDimFactor(AttentionKernel kernel, double headDim);

} // namespace core
