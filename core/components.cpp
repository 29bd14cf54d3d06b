#include "core/components.h"

namespace core {

namespace {

struct ComponentInfo
{
    Category category;
    Role role;
    std::string_view name;
    std::string_view label;
};

constexpr std::array<ComponentInfo, kComponentCount> kComponents{{
    {Category::Parameters, Role::Policy, "weights", "Weights"},
    {Category::Parameters, Role::Policy, "adapter_weights", "LoRA adapters"},
    {Category::Parameters, Role::Reference, "reference_weights", "Reference model"},
    {Category::Parameters, Role::Reward, "reward_weights", "Reward model"},
    {Category::Parameters, Role::Critic, "critic_weights", "Critic weights"},
    {Category::Parameters, Role::Rollout, "rollout_weights", "Rollout engine weights"},
    {Category::Gradients, Role::Policy, "gradients", "Gradients"},
    {Category::Gradients, Role::Critic, "critic_gradients", "Critic gradients"},
    {Category::OptimizerStates, Role::Policy, "optimizer_states", "Optimizer states (master + moments)"},
    {Category::OptimizerStates, Role::Critic, "critic_optimizer_states", "Critic optimizer states"},
    {Category::Activations, Role::Policy, "layer_activations", "Layer activations"},
    {Category::Activations, Role::Policy, "embedding_activations", "Embedding activations"},
    {Category::Activations, Role::Policy, "output_activations", "Logits and loss"},
    {Category::Activations, Role::Policy, "recompute_workspace", "Recomputed layer (transient)"},
    {Category::Activations, Role::Policy, "inference_workspace", "Prefill workspace"},
    {Category::KvCache, Role::Policy, "kv_cache", "KV cache"},
    {Category::KvCache, Role::Rollout, "rollout_kv_cache", "Rollout KV cache"},
    {Category::Temporary, Role::Shared, "comm_buckets", "Communication buckets"},
    {Category::Temporary, Role::Shared, "zero3_gather_buffers", "ZeRO-3 gathered parameters"},
    {Category::Temporary, Role::Shared, "moe_dispatch_buffers", "MoE dispatch buffers"},
    {Category::Temporary, Role::Shared, "dequant_workspace", "Dequantized weight (QLoRA)"},
    {Category::Runtime, Role::Shared, "cuda_context", "CUDA context and workspaces"},
    {Category::Runtime, Role::Shared, "fragmentation", "Allocator fragmentation"},
}};

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
