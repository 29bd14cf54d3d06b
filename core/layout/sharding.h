#pragma once

// How ZeRO / FSDP divides the model states over a shard group: the one rule the memory ledger,
// the communication volumes and the planner's bound all read.

#include "core/scenario.h"

namespace core {

/// The share of each model-state part one GPU keeps: ZeRO stage ≥ 1 shards the optimizer
/// states, ≥ 2 the gradients, 3 the weights (Rajbhandari et al. 2020, ZeRO §5; FSDP
/// SHARD_GRAD_OP = 2, FULL_SHARD = 3).
struct ShardShares
{
    double weights = 1, gradients = 1, optimizer = 1;
};

inline ShardShares zeroShares(int stage, double shards)
{
    return {stage >= 3 ? 1 / shards : 1.0, stage >= 2 ? 1 / shards : 1.0, stage >= 1 ? 1 / shards : 1.0};
}

/// The group ZeRO / FSDP shards the states over: the whole DP × CP group (Megatron's
/// distributed optimizer shards over DP × CP), or a smaller `shardGroup` that divides it
/// (hybrid sharding), whose copies are the replicas. 0 or a group that does not divide it
/// (validate() reports it) means the whole group.
inline int shardGroupSize(int dataTimesContext, int shardGroup)
{
    return shardGroup > 0 && shardGroup < dataTimesContext && dataTimesContext % shardGroup == 0 ? shardGroup : dataTimesContext;
}

/// Hybrid sharding: how often per step each replica's gradient shard is all-reduced across the
/// replicas. Megatron's partial distributed optimizer reduces the grad buffer once, at the last
/// micro-batch: reduce-scatter inside its instance, then all-reduce of the shard across instances
/// (megatron/core/distributed/param_and_grad_buffer.py start_grad_sync @ 0011998); DeepSpeed MiCS
/// all-reduces over the replication group at the gradient-accumulation boundary only
/// (deepspeed/runtime/zero/mics.py allreduce_mics_shard_grads @ 0102dcd); FSDP2's foreach_reduce
/// follows every reduce-scatter with the HSDP all-reduce unless told not to
/// (torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py @ 010ae4a), and it reduce-scatters
/// every micro-batch at ZeRO ≥ 2.
inline int replicaAllReducesPerStep(Framework framework, int zeroStage, int microBatches)
{
    return framework == Framework::Fsdp2 && zeroStage >= 2 ? microBatches : 1;
}

} // namespace core
