#include "core/components.h"

namespace core {

namespace {

struct ComponentInfo
{
    Category category;
    Role role;
    MemoryLevel level;
    std::string_view name;
    std::string_view label;
};

constexpr MemoryLevel kA = MemoryLevel::Allocated;
constexpr MemoryLevel kR = MemoryLevel::Reserved;
constexpr MemoryLevel kD = MemoryLevel::Device;

constexpr std::array<ComponentInfo, kComponentCount> kComponents{{
    {Category::Parameters, Role::Policy, kA, "weights", "Weights"},
    {Category::Parameters, Role::Policy, kA, "adapter_weights", "LoRA adapters"},
    {Category::Parameters, Role::Reference, kA, "reference_weights", "Reference model"},
    {Category::Parameters, Role::Reward, kA, "reward_weights", "Reward model"},
    {Category::Parameters, Role::Critic, kA, "critic_weights", "Critic weights"},
    {Category::Parameters, Role::Rollout, kA, "rollout_weights", "Rollout engine weights"},
    {Category::Parameters, Role::Policy, kA, "draft_weights", "Speculative drafter weights"},
    {Category::Gradients, Role::Policy, kA, "gradients", "Gradients"},
    {Category::Gradients, Role::Critic, kA, "critic_gradients", "Critic gradients"},
    {Category::OptimizerStates, Role::Policy, kA, "optimizer_states", "Optimizer states (master + moments)"},
    {Category::OptimizerStates, Role::Critic, kA, "critic_optimizer_states", "Critic optimizer states"},
    {Category::Activations, Role::Policy, kA, "layer_activations", "Layer activations"},
    {Category::Activations, Role::Policy, kA, "embedding_activations", "Embedding activations"},
    {Category::Activations, Role::Policy, kA, "output_activations", "Logits and loss"},
    {Category::Activations, Role::Policy, kA, "recompute_workspace", "Recomputed layer (transient)"},
    {Category::Activations, Role::Policy, kA, "activation_gradients", "Activation gradients (transient)"},
    {Category::Activations, Role::Policy, kA, "loss_workspace", "Logits and loss temporaries (transient)"},
    {Category::Activations, Role::Policy, kA, "inference_workspace", "Forward workspace"},
    {Category::KvCache, Role::Policy, kA, "recurrent_state", "Recurrent state (linear-attention and SSM layers)"},
    {Category::KvCache, Role::Policy, kA, "kv_cache", "KV cache"},
    {Category::KvCache, Role::Policy, kA, "kv_cache_reserve", "Reserved KV pool (unused by this batch)"},
    {Category::KvCache, Role::Rollout, kA, "rollout_kv_cache", "Rollout KV cache"},
    {Category::KvCache, Role::Policy, kA, "draft_kv_cache", "Drafter KV cache"},
    {Category::Temporary, Role::Shared, kA, "comm_buckets", "Communication buckets"},
    {Category::Temporary, Role::Shared, kA, "zero3_gather_buffers", "Gathered parameters (ZeRO-3 / FSDP)"},
    {Category::Temporary, Role::Shared, kA, "moe_dispatch_buffers", "MoE dispatch buffers"},
    {Category::Temporary, Role::Shared, kA, "dequant_workspace", "Dequantized weight (QLoRA)"},
    {Category::Temporary, Role::Shared, kA, "optimizer_step_temporaries", "Optimizer-step temporaries"},
    {Category::Runtime, Role::Shared, kA, "library_workspaces", "cuBLAS and Transformer Engine workspaces"},
    {Category::Runtime, Role::Shared, kR, "fragmentation", "Allocator reserve (fragmentation, cached blocks)"},
    {Category::Runtime, Role::Shared, kR, "cuda_graph_pool", "CUDA graph pool"},
    {Category::Runtime, Role::Shared, kD, "cuda_context", "CUDA context"},
    {Category::Runtime, Role::Shared, kD, "nccl_buffers", "NCCL buffers"},
    {Category::OptimizerStates, Role::Policy, kD, "paged_optimizer_states", "Paged optimizer states"},
}};

// The table's levels are what levelOf() (inline, in the header) returns.
constexpr bool levelsAgree()
{
    for (std::size_t i = 0; i < kComponentCount; ++i)
        if (kComponents[i].level != levelOf(Component(i)))
            return false;
    return true;
}
static_assert(levelsAgree(), "components.cpp table and levelOf() disagree");

} // namespace

Category categoryOf(Component component) { return kComponents[std::size_t(component)].category; }
Role roleOf(Component component) { return kComponents[std::size_t(component)].role; }
std::string_view componentName(Component component) { return kComponents[std::size_t(component)].name; }
std::string_view componentLabel(Component component) { return kComponents[std::size_t(component)].label; }

std::string_view categoryName(Category category)
{
    switch (category) {
    case Category::Parameters: return "parameters";
    case Category::Gradients: return "gradients";
    case Category::OptimizerStates: return "optimizer_states";
    case Category::Activations: return "activations";
    case Category::KvCache: return "kv_cache";
    case Category::Temporary: return "temporary";
    case Category::Runtime: return "runtime";
    case Category::Count: break;
    }
    return "";
}

std::string_view categoryLabel(Category category)
{
    switch (category) {
    case Category::Parameters: return "Parameters";
    case Category::Gradients: return "Gradients";
    case Category::OptimizerStates: return "Optimizer states";
    case Category::Activations: return "Activations";
    case Category::KvCache: return "KV cache";
    case Category::Temporary: return "Temporary buffers";
    case Category::Runtime: return "Runtime overhead";
    case Category::Count: break;
    }
    return "";
}

std::string_view roleName(Role role)
{
    switch (role) {
    case Role::Policy: return "policy";
    case Role::Reference: return "reference";
    case Role::Reward: return "reward";
    case Role::Critic: return "critic";
    case Role::Rollout: return "rollout";
    case Role::Shared: return "shared";
    case Role::Count: break;
    }
    return "";
}

std::string_view roleLabel(Role role)
{
    switch (role) {
    case Role::Policy: return "Policy (trained model)";
    case Role::Reference: return "Reference policy";
    case Role::Reward: return "Reward model";
    case Role::Critic: return "Critic";
    case Role::Rollout: return "Rollout engine";
    case Role::Shared: return "Buffers and runtime";
    case Role::Count: break;
    }
    return "";
}

} // namespace core
