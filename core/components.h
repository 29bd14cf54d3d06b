#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace core {

/// The categories of per-GPU memory the chart stacks.
enum class Category { Parameters, Gradients, OptimizerStates, Activations, KvCache, Temporary, Runtime, Count };

/// Which model a component belongs to when several share the GPUs (RL fine-tuning).
enum class Role { Policy, Reference, Reward, Critic, Rollout, Shared, Count };

/// Which counter of the device a component shows in (what the tools name): PyTorch's
/// max_memory_allocated (live tensors), max_memory_reserved (+ what the caching allocator holds
/// besides), or nvidia-smi's used memory (+ what is outside the allocator).
enum class MemoryLevel { Allocated, Reserved, Device };

/// One labelled segment of a per-GPU bar. Each belongs to one category, one role and one level;
/// the enum order is the stacking order: the allocated level first, then what the caching
/// allocator reserves besides, then what is outside it, so that each level's top is a segment
/// boundary.
enum class Component {
    Weights,               ///< this GPU's share of the model's weights (frozen base when fine-tuning adapters)
    AdapterWeights,        ///< LoRA adapters
    ReferenceWeights,      ///< RL: frozen KL reference policy
    RewardWeights,         ///< RL: frozen reward model
    CriticWeights,         ///< RL (PPO): value model
    RolloutWeights,        ///< RL: the rollout engine's own copy of the policy
    DraftWeights,          ///< serving: the speculative drafter's weights (draft model, EAGLE head, MTP layer)
    Gradients,             ///< of the trainable parameters (adapters when fine-tuning with LoRA)
    CriticGradients,
    OptimizerStates,       ///< fp32 master copy + moments of the trainable parameters
    CriticOptimizerStates,
    LayerActivations,      ///< saved tensors of the transformer layers, all in-flight micro-batches
    EmbeddingActivations,  ///< input ids and embedding dropout mask (first stage)
    OutputActivations,     ///< final norm and output-layer inputs, logits the loss keeps for its backward (last stage)
    RecomputeWorkspace,    ///< one layer's recomputed activations during its backward (transient)
    ActivationGradients,   ///< gradients flowing through the layer in backward (transient)
    LossWorkspace,         ///< logits and cross-entropy temporaries beyond what the loss keeps (transient)
    InferenceWorkspace,    ///< serving: one forward chunk's transient tensors and the sampling logits
    RecurrentState,        ///< serving: a hybrid's linear-attention / SSM layers' fixed state per sequence (conv + SSM or delta state), any context
    KvCache,               ///< serving: keys and values of every cached token
    KvCacheReserve,        ///< serving: the engine's reserved KV pool beyond what this batch needs
    RolloutKvCache,        ///< RL: the rollout engine's reserved KV cache
    DraftKvCache,          ///< serving: the drafter's KV cache (from the engine's pool, beside the target's)
    CommBuckets,           ///< gradient reduction buffers
    Zero3GatherBuffers,    ///< ZeRO-3 / FSDP all-gathered parameters (+ prefetch, reduce-scatter inputs)
    MoeDispatchBuffers,    ///< all-to-all send and receive buffers of routed tokens
    DequantWorkspace,      ///< QLoRA: one weight matrix dequantized to 16 bits at a time
    OptimizerStepTemporaries, ///< fp32 gradient copies and foreach intermediates of the optimizer step (transient)
    LibraryWorkspaces,     ///< cuBLAS / cuBLASLt / Transformer Engine workspaces (through the allocator)
    Fragmentation,         ///< reserved − allocated: block rounding, splitting, cached free blocks
    CudaGraphPool,         ///< serving: CUDA graphs' private memory pool
    CudaContext,           ///< CUDA context (outside the allocator)
    NcclBuffers,           ///< NCCL channel buffers of each communicator (outside the allocator)
    PagedOptimizerStates,  ///< optimizer states in CUDA unified memory (bitsandbytes paged optimizer): evicted to CPU under pressure
    Count
};

inline constexpr std::size_t kComponentCount = std::size_t(Component::Count);
inline constexpr std::size_t kCategoryCount = std::size_t(Category::Count);
inline constexpr std::size_t kRoleCount = std::size_t(Role::Count);
using ComponentBytes = std::array<double, kComponentCount>;
using CategoryBytes = std::array<double, kCategoryCount>;

Category categoryOf(Component component);

/// The counter a component shows in (inline: the stage ledger sums by level for every stage).
constexpr MemoryLevel levelOf(Component component)
{
    switch (component) {
    case Component::Fragmentation:
    case Component::CudaGraphPool:
        return MemoryLevel::Reserved;
    case Component::PagedOptimizerStates:
    case Component::CudaContext:
    case Component::NcclBuffers:
        return MemoryLevel::Device;
    default:
        return MemoryLevel::Allocated;
    }
}
Role roleOf(Component component);
std::string_view componentName(Component component);  ///< stable id: "layer_activations"
std::string_view componentLabel(Component component); ///< English label: "Layer activations"
std::string_view categoryName(Category category);     ///< stable id: "optimizer_states"
std::string_view categoryLabel(Category category);    ///< English label
std::string_view roleName(Role role);                 ///< stable id: "reference"
std::string_view roleLabel(Role role);                ///< English label

} // namespace core
