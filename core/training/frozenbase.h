#pragma once

// FSDP over a frozen base (LoRA / QLoRA): the base's layers are all-gathered in the format they
// are stored in, and having no gradients they are neither reduce-scattered nor kept as
// unsharded gradients. (A 4-bit base in bf16 quant storage is gathered at ~0.5 B per parameter,
// not as 16-bit weights.)

namespace core {

/// FSDP's gathered bytes per layer parameter at the forward and at the backward when every layer
/// parameter is frozen and stored in `storageBytes` per parameter; `zeroStage` 3 is FULL_SHARD,
/// 2 SHARD_GRAD_OP (nothing resharded after the forward: `stageUnsharded` per stage parameter).
struct FrozenBaseGather
{
    double forwardPerLayer = 0, backwardPerLayer = 0, stageUnsharded = 0;
};
FrozenBaseGather fsdpFrozenBaseGather(double storageBytes, int zeroStage);

} // namespace core
