#pragma once

// The model roles of an RL step beside the trained policy, as a value: the frozen reference,
// a learned reward model, a PPO critic and the rollout engine (Ouyang et al. 2022 PPO; Shao et
// al. 2024 GRPO; verl / TRL placement). The stage ledger adds them to each stage's memory, the
// rollout time (compute.cpp) reads the engine's KV cache.

#include "core/layout/resolvedlayout.h"

namespace core {

/// Bytes on one GPU (colocated roles: per stage or per resident policy parameter).
struct RlRoles
{
    double referenceBytesPerParam = 0; ///< per resident policy parameter (0: shares the base)
    double rewardBytesPerStage = 0;
    double criticWeightsPerParam = 0, criticGradientsPerParam = 0, criticOptimizerPerParam = 0;
    double rolloutWeightBytes = 0;
    double rolloutKvBytes = 0;         ///< what the engine reserves for its KV cache
    double rolloutKvNeeded = 0;        ///< the rollout batch's KV cache per engine GPU (memory and rollout time)
};

/// The policy's own bytes per resident parameter, which a critic of its size repeats.
struct PolicyStates
{
    double weights = 0, gradients = 0, optimizer = 0; ///< full fine-tuning, after sharding and offload
    double frozenLinear = 0;                          ///< LoRA: the frozen base's linear weights
};

RlRoles rlRoles(const Scenario& scenario, const ResolvedLayout& layout, const ModelArchitecture& shape, double policyParameters,
                const PolicyStates& policy);

} // namespace core
