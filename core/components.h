#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace core {

/// The categories of per-GPU memory the chart stacks.
enum class Category { Parameters, Gradients, OptimizerStates, Activations, KvCache, Temporary, Runtime, Count };

/// Which model a component belongs to when several share the GPUs (RL fine-tuning).
enum class Role { Policy, Reference, Reward, Critic, Rollout, Shared, Count };

/// One labelled segment of a per-GPU bar. Each belongs to one category and one role; the enum
/// order is the stacking order.
enum class Component {
    Weights,               ///< this GPU's share of the model's weights (frozen base when fine-tuning adapters)
    AdapterWeights,        ///< LoRA adapters
    ReferenceWeights,      ///< RL: frozen KL reference policy
    RewardWeights,         ///< RL: frozen reward model
    CriticWeights,         ///< RL (PPO): value model
    RolloutWeights,        ///< RL: the rollout engine's own copy of the policy
    Gradients,             ///< of the trainable parameters (adapters when fine-tuning with LoRA)
    CriticGradients,
    OptimizerStates,       ///< fp32 master copy + moments of the trainable parameters
    CriticOptimizerStates,
    LayerActivations,      ///< saved tensors of the transformer layers, all in-flight micro-batches
    EmbeddingActivations,  ///< input ids and embedding dropout mask (first stage)
    OutputActivations,     ///< final norm, output-layer input, fp32 logits for the loss (last stage)
    RecomputeWorkspace,    ///< one layer's recomputed activations during its backward (transient)
    InferenceWorkspace,    ///< serving: one prefill chunk's transient tensors and the sampling logits
    KvCache,               ///< serving: keys and values of every cached token
    RolloutKvCache,        ///< RL: the rollout engine's reserved KV cache
    CommBuckets,           ///< gradient reduction buckets
    Zero3GatherBuffers,    ///< ZeRO-3 all-gathered working modules + prefetch
    MoeDispatchBuffers,    ///< all-to-all send and receive buffers of routed tokens
    DequantWorkspace,      ///< QLoRA: one weight matrix dequantized to 16 bits at a time
    CudaContext,           ///< CUDA context, cuBLAS/NCCL workspaces
    Fragmentation,         ///< caching-allocator fragmentation allowance
    Count
};

inline constexpr std::size_t kComponentCount = std::size_t(Component::Count);
inline constexpr std::size_t kCategoryCount = std::size_t(Category::Count);
inline constexpr std::size_t kRoleCount = std::size_t(Role::Count);
using ComponentBytes = std::array<double, kComponentCount>;
using CategoryBytes = std::array<double, kCategoryCount>;

Category categoryOf(Component component);
Role roleOf(Component component);
std::string_view componentName(Component component);  ///< stable id: "layer_activations"
std::string_view componentLabel(Component component); ///< English label: "Layer activations"
std::string_view categoryName(Category category);     ///< stable id: "optimizer_states"
std::string_view categoryLabel(Category category);    ///< English label
std::string_view roleName(Role role);                 ///< stable id: "reference"
std::string_view roleLabel(Role role);                ///< English label

} // namespace core
