#pragma once

// Each training framework's own buffers beside the model states, as a value: what Megatron-LM,
// DeepSpeed ZeRO, PyTorch FSDP2 and PyTorch DDP allocate for gradient reduction, gathered
// weights, the loss and the optimizer step (each function cites the framework's source). The
// stage ledger (memory.cpp) multiplies them by a stage's parameters and layers.

#include "core/layout/resolvedlayout.h"

namespace core {

/// How a framework's cross entropy holds the logits, in bytes per logit element (T·V/t):
/// kept from the loss's forward to its backward, extra at its forward and at its backward, and
/// a block the caching allocator keeps cached but cannot reuse at the backward.
struct LossProfile
{
    double held = 0, forward = 0, backward = 0, cached = 0;
};

struct FrameworkBuffers
{
    LossProfile loss;
    double commBucketBytes = 0;       ///< persistent reduction buffers (fixed)
    double commBucketPerParam = 0;    ///< persistent reduction buffers per trainable parameter (DDP bucket copies)
    double commBackwardBytes = 0;     ///< reduction buffers alive during the backward only (DeepSpeed ZeRO-1/2)
    double zero3GatherBytes = 0;      ///< ZeRO-3: gathered modules (forward and backward)
    double fsdpForwardPerLayer = 0;   ///< FSDP2: gathered bytes per layer parameter during the forward
    double fsdpBackwardPerLayer = 0;  ///< … during the backward (unsharded params, grads, reduce-scatter inputs)
    double fsdpRootBytes = 0;         ///< FSDP2: bytes per non-layer parameter kept unsharded through forward and backward
    double fsdpStageUnsharded = 0;    ///< FSDP2 SHARD_GRAD_OP: bytes per stage parameter kept unsharded
    double autocastCopyBytes = 0;     ///< DDP AMP: bf16 copy per fp32 weight saved for backward
    double optimizerTempPerParam = 0; ///< optimizer-step temporaries per resident trainable parameter
    double optimizerTempCap = 0;      ///< … at most this many bytes (DeepSpeed sub_group_size); 0: none
    double libraryWorkspaces = 0;     ///< cuBLAS / cuBLASLt (and Transformer Engine) workspaces
    double ncclBytes = 0;             ///< NCCL buffers of the communicators the rank uses
    bool gradientsFilledByBackward = false; ///< grads allocated in the first backward (set_to_none zero_grad) and m = 1
};

/// What the buffers depend on besides the scenario: the resolved layout and the largest module
/// per TP rank (what ZeRO-3 gathers at once).
struct BufferInputs
{
    const Scenario& scenario;
    const ResolvedLayout& layout;
    double largestModuleParams = 0;
};

FrameworkBuffers megatronBuffers(const BufferInputs& in);
FrameworkBuffers deepSpeedBuffers(const BufferInputs& in);
FrameworkBuffers fsdp2Buffers(const BufferInputs& in);
FrameworkBuffers ddpBuffers(const BufferInputs& in);

/// The scenario's framework's buffers, then what every framework shares: an explicit
/// runtime.comm_bucket_bytes in place of the framework's own buckets, the library workspaces
/// and the NCCL communicators.
void frameworkBuffers(const BufferInputs& in, FrameworkBuffers& out);

} // namespace core
