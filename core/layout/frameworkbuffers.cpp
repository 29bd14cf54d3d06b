#include "core/layout/frameworkbuffers.h"

#include "core/layout/sharding.h"

namespace core {

namespace {

/// The share of the optimizer states this GPU keeps (the ZeRO stage's, over the shard group).
double optimizerShare(const BufferInputs& in)
{
    return zeroShares(in.scenario.training.zeroStage, in.layout.shardGroup).optimizer;
}

/// torch.optim's default foreach Adam: _foreach_sqrt of exp_avg_sq is one list-sized copy of
/// the moments' dtype (FSDP2 and DDP both step with torch.optim).
double foreachAdamTemporaries(const BufferInputs& in)
{
    const TrainingSetup& tr = in.scenario.training;
    const bool adamLike = tr.optimizer == Optimizer::Adam || tr.optimizer == Optimizer::AdamW;
    if (!adamLike || tr.offloadOptimizer)
        return 0;
    const int moments = optimizerMoments(tr.optimizer);
    const double momentElement = moments > 0 ? in.layout.state.moments / moments : 0;
    return momentElement * optimizerShare(in);
}

/// F.cross_entropy(logits.float()) (torchtitan train.py, HF loss_utils ForCausalLMLoss): the
/// bf16 logits and their fp32 copy beside the saved log-softmax (4 B) in the forward;
/// nll_loss_backward's dense fp32 gradient and log_softmax_backward's output (4 + 4 B) in the
/// backward, whose 4 B blocks cannot reuse the freed 2 B bf16 block.
constexpr LossProfile kTorchCrossEntropy{4, 6, 8, 2};

} // namespace

namespace {

/// Fills `b`, zeroed by the caller (megatronBuffers).
inline void megatron(const BufferInputs& in, FrameworkBuffers& b)
{
    const TrainingSetup& tr = in.scenario.training;
    const StateBytesPerParameter& st = in.layout.state;
    // VocabParallelCrossEntropy (megatron/core/tensor_parallel/cross_entropy.py): an fp32 copy of
    // the bf16 logits, exponentiated in place and saved (4 B); its backward turns that softmax
    // into the gradient in place and autograd casts it to bf16 (2 B).
    b.loss = {4, 2, 2, 0};
    // Buckets are views of the contiguous grad buffer, reduced in place
    // (param_and_grad_buffer.py); a 16-bit grad buffer is cast to fp32 for the step
    // (distrib_optimizer.py: shard_main_param.grad = shard_model_grad.float()).
    if (st.gradients < 4 && st.optimizer() > 0 && !tr.offloadOptimizer)
        b.optimizerTempPerParam = 4 * optimizerShare(in);
    if (tr.zeroStage == 3) // Megatron-FSDP optim_grads_params: the layer in use and the prefetched one
        b.zero3GatherBytes = in.scenario.runtime.zero3PrefetchModules * (in.layout.adapters ? 2.0 : st.weights) * in.largestModuleParams;
    // Transformer Engine's own GEMM workspace (gemm.py: 32 MiB + 1 KiB on sm ≥ 90, else 4 MiB),
    // besides PyTorch's cuBLAS ones (frameworkBuffers).
    b.libraryWorkspaces = in.scenario.runtime.cublasWorkspaceBytes >= 33554432.0 ? 33555456.0 : 4194304.0;
}

} // namespace

FrameworkBuffers megatronBuffers(const BufferInputs& in)
{
    FrameworkBuffers b;
    megatron(in, b);
    return b;
}

namespace {

/// Fills `b`, zeroed by the caller (deepSpeedBuffers).
inline void deepSpeed(const BufferInputs& in, FrameworkBuffers& b)
{
    const TrainingSetup& tr = in.scenario.training;
    const RuntimeOverheads& rt = in.scenario.runtime;
    const StateBytesPerParameter& st = in.layout.state;
    const int z = tr.zeroStage;
    b.loss = kTorchCrossEntropy;
    // stage_1_and_2.py backward(): ipg buffer of reduce_bucket_size elements in the model dtype
    // (contiguous_gradients, the default) for the backward; stage3.py keeps it.
    if (z == 1 || z == 2)
        b.commBackwardBytes = rt.reduceBucketElements * 2;
    else if (z == 3)
        b.commBucketBytes = rt.reduceBucketElements * 2;
    if (z == 3) // estimate_zero3_model_states_mem_needs: largest_layer_memory = 4·ℓ
        b.zero3GatherBytes = rt.zero3PrefetchModules * (in.layout.adapters ? 2.0 : st.weights) * in.largestModuleParams;
    // The step flattens this rank's gradient partition to fp32 (single_grad_partition); ZeRO-3
    // does it per sub-group of sub_group_size = 1e9 elements.
    if (z >= 1 && !tr.offloadOptimizer && st.optimizer() > 0) {
        b.optimizerTempPerParam = 4 * optimizerShare(in);
        b.optimizerTempCap = z == 3 ? 4e9 : 0;
    }
}

} // namespace

FrameworkBuffers deepSpeedBuffers(const BufferInputs& in)
{
    FrameworkBuffers b;
    deepSpeed(in, b);
    return b;
}

namespace {

/// Fills `b`, zeroed by the caller (fsdp2Buffers).
inline void fsdp2(const BufferInputs& in, FrameworkBuffers& b)
{
    const int z = in.scenario.training.zeroStage;
    b.loss = kTorchCrossEntropy;
    // _fsdp_param_group.py: forward holds the layer's unsharded parameters, its all-gather output
    // until the next copy-out and the next layer's all-gather in flight (3 × 2 B); backward the
    // layer and the prefetched one unsharded (2 × 2 B), its unsharded grads (2 B) and the
    // reduce-scatter inputs of this layer and the previous one in the reduce dtype (2 × r). The
    // root module (embedding, norm, output) stays unsharded from forward through backward
    // (reshard_after_forward is False for the root).
    const double r = in.layout.reduceBytes;
    if (z == 3) {
        b.fsdpForwardPerLayer = 3 * 2;
        b.fsdpBackwardPerLayer = 2 * 2 + 2 + 2 * r;
    } else if (z == 2) { // SHARD_GRAD_OP: reshard_after_forward=False keeps every layer unsharded
        b.fsdpStageUnsharded = 2;
        b.fsdpBackwardPerLayer = 2 + 2 * r;
    }
    if (z >= 2)
        b.fsdpRootBytes = 2;
    b.optimizerTempPerParam = foreachAdamTemporaries(in);
}

} // namespace

FrameworkBuffers fsdp2Buffers(const BufferInputs& in)
{
    FrameworkBuffers b;
    fsdp2(in, b);
    return b;
}

namespace {

/// Fills `b`, zeroed by the caller (ddpBuffers).
inline void ddp(const BufferInputs& in, FrameworkBuffers& b)
{
    const StateBytesPerParameter& st = in.layout.state;
    b.loss = kTorchCrossEntropy;
    // DistributedDataParallel(gradient_as_bucket_view=False): the buckets are a second copy of
    // the gradients (distributed.py docstring), from construction on.
    const double gradElement = in.layout.adapters ? st.gradients : (st.gradients > 0 ? st.gradients : 2);
    if (in.layout.shardGroup > 1 && !in.scenario.runtime.gradientAsBucketView)
        b.commBucketPerParam = gradElement;
    // torch.autocast caches a bf16 copy of each fp32 weight, which the matmuls save for backward.
    if (in.layout.ampWeights)
        b.autocastCopyBytes = 2;
    b.optimizerTempPerParam = foreachAdamTemporaries(in);
}

} // namespace

FrameworkBuffers ddpBuffers(const BufferInputs& in)
{
    FrameworkBuffers b;
    ddp(in, b);
    return b;
}

void frameworkBuffers(const BufferInputs& in, FrameworkBuffers& out)
{
    out = FrameworkBuffers{};
    switch (in.layout.framework) {
    case Framework::Megatron: megatron(in, out); break;
    case Framework::DeepSpeed: deepSpeed(in, out); break;
    case Framework::Fsdp2: fsdp2(in, out); break;
    case Framework::Ddp: ddp(in, out); break;
    }
    const RuntimeOverheads& rt = in.scenario.runtime;
    const ResolvedLayout& l = in.layout;
    const bool dataParallel = l.shardGroup > 1;
    if (rt.commBucketBytes > 0) { // an explicit figure replaces the framework's own
        out.commBucketBytes = dataParallel ? rt.commBucketBytes : 0;
        out.commBucketPerParam = out.commBackwardBytes = 0;
    }
    // cuBLAS: one workspace per (handle, stream), through the caching allocator and never freed
    // (CublasHandlePool.cpp), for the forward thread and the autograd engine's (2 × (cuBLAS +
    // 1 MiB cuBLASLt)), besides the framework's own.
    out.libraryWorkspaces = 2 * (rt.cublasWorkspaceBytes + 1048576.0) + out.libraryWorkspaces;
    // NCCL: one communicator per parallel group the rank reduces or sends over.
    // Hybrid sharding adds the replica group's (FSDP2's 2-D mesh, MiCS's replication group,
    // Megatron's inter-instance group).
    const int groups = (dataParallel ? 1 : 0) + (l.replicas > 1 ? 1 : 0) + (l.t > 1 ? 1 : 0) + (l.p > 1 ? 1 : 0) + (l.c > 1 ? 1 : 0) + (in.scenario.parallel.expert > 1 ? 1 : 0);
    out.ncclBytes = groups * rt.ncclBytesPerCommunicator;
    // Frameworks whose zero_grad(set_to_none=True) frees the gradients after each step allocate
    // them again in the first backward: with one micro-batch per step none exist before it.
    out.gradientsFilledByBackward = l.framework != Framework::Megatron && l.micro <= 1;
}

} // namespace core
