#include "core/training/fsdppipeline.h"

namespace core {

FsdpPipelineBytes fsdpUnderPipeline(double reduceBytes)
{
    FsdpPipelineBytes b;
    // torchtitan 9dec370 torchtitan/parallelisms/parallelize_llama.py lines 326–329: with PP every
    // transformer block is wrapped with reshard_after_forward=False "to avoid per-microbatch
    // all-gathers" (2 B per parameter unsharded). PyTorch's pipelining stage
    // (torch/distributed/pipelining/stage.py backward_maybe_with_nosync) runs every micro-batch's
    // backward with set_reshard_after_backward(False) and set_requires_gradient_sync(False) and
    // reduce-scatters only after the last, so the stage's gradients accumulate unsharded, in the
    // reduce dtype (FSDPParam.to_accumulated_grad_if_needed: unsharded_accumulated_grad =
    // grad.to(reduce_dtype)). A layer's backward adds its fresh bf16 gradient (2 B) before it is
    // added to the accumulator.
    b.stageUnsharded = 2 + reduceBytes;
    b.backwardPerLayer = 2;
    return b;
}

} // namespace core
