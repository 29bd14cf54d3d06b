#pragma once

// What one checkpoint costs: its size from the model states a distributed checkpoint saves (every
// rank writes its own shard), the time to write it over the nodes' links and the shared store,
// what the step stalls for (the whole write, or only the copy to host memory when the write is
// asynchronous), and the time to read it back at a restart.

namespace core {

struct StateBytesPerParameter;

/// Bytes per trained parameter in a checkpoint: the weights as trained plus, with the optimizer,
/// its master copy and moments (Megatron's distributed checkpoint: bf16 weights + fp32 main
/// params + two fp32 moments = 14 B; FSDP2's DCP: fp32 weights + moments = 12 B). Gradients are
/// not saved.
double checkpointBytesPerParameter(const StateBytesPerParameter& states, bool withOptimizer);

struct CheckpointInputs
{
    double bytes = 0;                    ///< the whole checkpoint, all ranks
    double gpus = 0;
    double nodes = 0;
    double nodeWriteBytesPerSecond = 0;  ///< one node to the store; 0: not a limit
    double storeWriteBytesPerSecond = 0; ///< the shared store, all nodes together; 0: not a limit
    double hostLinkBytesPerSecond = 0;   ///< one GPU to host memory (the asynchronous snapshot)
    bool async = false;
};

struct CheckpointCost
{
    double bytes = 0;
    double bytesPerGpu = 0;
    double writeBytesPerSecond = 0;      ///< min(nodes × per node, store); 0: unlimited
    double writeSeconds = 0;             ///< bytes / that
    double snapshotSeconds = 0;          ///< async: one GPU's shard over its host link
    double stallSeconds = 0;             ///< what the training stops for: write (sync) or snapshot (async)
    double loadSeconds = 0;              ///< reading it back at a restart, at the same bandwidths
};

CheckpointCost checkpointCost(const CheckpointInputs& in);

} // namespace core
