#include "core/goodput/checkpoint.h"

#include <algorithm>

#include "core/precision.h"

namespace core {

double checkpointBytesPerParameter(const StateBytesPerParameter& st, bool withOptimizer)
{
    // Megatron dist_checkpointing saves the model's (bf16) parameters and, from the distributed
    // optimizer, its fp32 main parameters with exp_avg and exp_avg_sq; BLOOM's checkpoint "with
    // fp32 optim states and bf16+fp32 weights is 2.3TB - just the bf16 weights are 329GB"
    // (huggingface/blog bloom-megatron-deepspeed.md): 14 and 2 B per parameter of 176B.
    return st.weights + (withOptimizer ? st.master + st.moments : 0);
}

CheckpointCost checkpointCost(const CheckpointInputs& in)
{
    CheckpointCost c;
    c.bytes = std::max(0.0, in.bytes);
    c.bytesPerGpu = in.gpus > 0 ? c.bytes / in.gpus : c.bytes;
    // Every rank writes its own shard at once (torch.distributed.checkpoint, Megatron torch_dist):
    // the nodes' links in parallel, capped by what the shared store sustains.
    const double nodes = in.nodeWriteBytesPerSecond > 0 && in.nodes > 0 ? in.nodes * in.nodeWriteBytesPerSecond : 0;
    const double store = in.storeWriteBytesPerSecond > 0 ? in.storeWriteBytesPerSecond : 0;
    c.writeBytesPerSecond = nodes > 0 && store > 0 ? std::min(nodes, store) : std::max(nodes, store);
    c.writeSeconds = c.writeBytesPerSecond > 0 ? c.bytes / c.writeBytesPerSecond : 0;
    // Asynchronous saving (torch DCP async_save, Megatron --async-save) stalls only for the copy
    // of each GPU's shard to host memory; the write goes on behind the next steps.
    c.snapshotSeconds = in.async && in.hostLinkBytesPerSecond > 0 ? c.bytesPerGpu / in.hostLinkBytesPerSecond : 0;
    c.stallSeconds = in.async ? c.snapshotSeconds : c.writeSeconds;
    c.loadSeconds = c.writeSeconds;
    return c;
}

} // namespace core
