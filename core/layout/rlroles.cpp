#include "core/layout/rlroles.h"

#include <algorithm>

#include "core/finetune.h"
#include "core/kvcache.h"

namespace core {

RlRoles rlRoles(const Scenario& s, const ResolvedLayout& layout, const ModelArchitecture& m, double policyParameters,
                const PolicyStates& policy)
{
    RlRoles r;
    const RlSetup& rl = s.finetune.rl;
    const double z3 = s.training.zeroStage >= 3 ? 1.0 / layout.shardGroup : 1.0;
    if (rl.reference && !rl.referenceOffload && !layout.adapters) {
        WeightQuantization q;
        q.format = rl.referenceFormat;
        r.referenceBytesPerParam = frozenLinearBytes(q, m) * z3; // a frozen copy, sharded like the policy
    }
    if (rl.rewardModel) {
        const double rewardParams = rl.rewardParameters > 0 ? rl.rewardParameters : policyParameters;
        WeightQuantization q;
        q.format = rl.rewardFormat;
        r.rewardBytesPerStage = rewardParams / (double(layout.t) * layout.p) * frozenLinearBytes(q, m) * z3;
    }
    if (rl.critic) {
        // A value model of the policy's size, trained like the policy (LoRA: its own frozen
        // base + adapters; full: full model states).
        if (layout.adapters) {
            r.criticWeightsPerParam = policy.frozenLinear;
        } else {
            r.criticWeightsPerParam = policy.weights;
            r.criticGradientsPerParam = policy.gradients;
            r.criticOptimizerPerParam = policy.optimizer;
        }
    }
    // The rollout engine (vLLM) holds the policy in bf16 over its own TP and reserves a share of
    // the GPU (gpu_memory_utilization) for weights + KV cache.
    r.rolloutWeightBytes = 2 * policyParameters / std::max(1, rl.rolloutTensor);
    r.rolloutKvBytes = std::max(0.0, rl.rolloutMemoryFraction * s.hardware.gpu.memoryBytes - r.rolloutWeightBytes);
    // What the step's sequences need at their full length (validation keeps rollout_tensor ≥ 1):
    // the memory check and the rollout's rounds (compute.cpp) read the same figure.
    const int rolloutTensor = std::max(1, rl.rolloutTensor);
    const double sequences = double(rl.promptsPerGpu) * rl.samplesPerPrompt * rolloutTensor;
    r.rolloutKvNeeded = kvCacheBytes(m, KvCacheDtype::Bf16, rolloutTensor, 0, m.numLayers, double(rl.promptLength) + double(rl.maxNewTokens),
                                     sequences, 16);
    return r;
}

} // namespace core
