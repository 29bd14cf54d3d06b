#include "core/steptime/attentionkernel.h"

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

} // namespace core
