#include "core/training/frozenbase.h"

namespace core {

FrozenBaseGather fsdpFrozenBaseGather(double storageBytes, int zeroStage)
{
    FrozenBaseGather g;
    // What is gathered is the sharded tensor itself: bitsandbytes Params4bit in the FSDP
    // param_dtype (fsdp_qlora e877dda train.py line 503, "The Linear4bit quant_storage dtype
    // should always match the FSDP param_dtype", and line 587 quant_storage=torch_dtype; PEFT
    // docs/source/accelerate/fsdp.md @ 781cac4 bnb_4bit_quant_storage bfloat16), torchao's
    // NF4Tensor under FSDP2 likewise: its packed bytes and scales, `storageBytes` per parameter.
    // Forward: the layer in use, its all-gather output and the next layer's in flight (FSDP2
    // _fsdp_param_group.py, as the trainable case). Backward: the layer and the prefetched one;
    // a frozen parameter has no gradient, so no unsharded gradient and no reduce-scatter input
    // (_fsdp_param_group.py post_backward reduce-scatters fsdp_params_with_grad only).
    if (zeroStage >= 3) {
        g.forwardPerLayer = 3 * storageBytes;
        g.backwardPerLayer = 2 * storageBytes;
    } else if (zeroStage == 2) {
        g.stageUnsharded = storageBytes; // SHARD_GRAD_OP: every layer stays unsharded after its forward
    }
    return g;
}

} // namespace core
