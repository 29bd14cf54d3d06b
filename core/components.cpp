#include "core/components.h"

namespace core {

Category categoryOf(Component component)
{
    switch (component) {
    case Component::Weights: return Category::Parameters;
    case Component::Gradients: return Category::Gradients;
    case Component::OptimizerStates: return Category::OptimizerStates;
    case Component::LayerActivations:
    case Component::EmbeddingActivations:
    case Component::OutputActivations:
    case Component::RecomputeWorkspace:
        return Category::Activations;
    case Component::CommBuckets:
    case Component::Zero3GatherBuffers:
        return Category::Temporary;
    case Component::CudaContext:
    case Component::Fragmentation:
        return Category::Runtime;
    case Component::Count: break;
    }
    return Category::Runtime;
}

std::string_view componentName(Component component)
{
    switch (component) {
    case Component::Weights: return "weights";
    case Component::Gradients: return "gradients";
    case Component::OptimizerStates: return "optimizer_states";
    case Component::LayerActivations: return "layer_activations";
    case Component::EmbeddingActivations: return "embedding_activations";
    case Component::OutputActivations: return "output_activations";
    case Component::RecomputeWorkspace: return "recompute_workspace";
    case Component::CommBuckets: return "comm_buckets";
    case Component::Zero3GatherBuffers: return "zero3_gather_buffers";
    case Component::CudaContext: return "cuda_context";
    case Component::Fragmentation: return "fragmentation";
    case Component::Count: break;
    }
    return "";
}

std::string_view componentLabel(Component component)
{
    switch (component) {
    case Component::Weights: return "Weights";
    case Component::Gradients: return "Gradients";
    case Component::OptimizerStates: return "Optimizer states (master + moments)";
    case Component::LayerActivations: return "Layer activations";
    case Component::EmbeddingActivations: return "Embedding activations";
    case Component::OutputActivations: return "Logits and loss";
    case Component::RecomputeWorkspace: return "Recomputed layer (transient)";
    case Component::CommBuckets: return "Communication buckets";
    case Component::Zero3GatherBuffers: return "ZeRO-3 gathered parameters";
    case Component::CudaContext: return "CUDA context and workspaces";
    case Component::Fragmentation: return "Allocator fragmentation";
    case Component::Count: break;
    }
    return "";
}

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

} // namespace core
