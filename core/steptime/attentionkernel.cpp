#include "core/steptime/attentionkernel.h"

#include "core/steptime_data.h"

namespace core {

AttentionFigures attentionFigures(const GpuStepFigures& gpu, AttentionKernel requested, Framework framework)
{
    AttentionKernel k = requested;
    if (k == AttentionKernel::Auto)
        // Transformer Engine: "Disabling FlashAttention to give FusedAttention preference on
        // Hopper+ for performance reasons" (transformer_engine/pytorch/attention/
        // dot_product_attention/utils.py @ a0b36d0). PyTorch's SDPA puts FlashAttention-2 first
        // and cuDNN last unless asked (pytorch/pytorch#142132, Dec 2024: SDPA 329 against cuDNN
        // 631 TFLOP/s on H100); torchtitan, Composer/llm-foundry, nanotron and HF call it or
        // flash_attn (FlashAttention-2) directly.
        k = framework == Framework::Megatron ? AttentionKernel::Cudnn : AttentionKernel::Fa2;
    AttentionFigures f;
    f.kernel = k;
    switch (k) {
    case AttentionKernel::Fa2:
        f.forward = gpu.fa2Forward;
        f.backward = gpu.fa2Backward;
        break;
    case AttentionKernel::Fa3:
        if (gpu.fa3Forward > 0 && gpu.fa3Backward > 0) {
            f.forward = gpu.fa3Forward;
            f.backward = gpu.fa3Backward;
            break;
        }
        f.kernel = AttentionKernel::Cudnn; // FlashAttention-3 is Hopper-only (arXiv 2407.08608)
        [[fallthrough]];
    case AttentionKernel::Cudnn:
    case AttentionKernel::Auto:
        f.forward = gpu.attentionForward;
        f.backward = gpu.attentionBackward;
        break;
    }
    return f;
}

double attentionHeadDimFactor(AttentionKernel kernel, double headDim)
{
    using steptime_data::constant;
    if (!(headDim > 0) || headDim >= 128)
        return 1;
    const double at64 = kernel == AttentionKernel::Fa2 ? constant("attention_head_dim64_fa2")
        : kernel == AttentionKernel::Fa3             ? constant("attention_head_dim64_fa3")
                                                     : constant("attention_head_dim64_cudnn");
    if (headDim <= 64)
        return at64;
    return at64 + (1 - at64) * (headDim - 64) / 64;
}

} // namespace core
