#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace core {

/// The six categories of per-GPU memory the chart stacks (plus the KV cache for serving).
enum class Category { Parameters, Gradients, OptimizerStates, Activations, KvCache, Temporary, Runtime, Count };

/// One labelled segment of a per-GPU bar. Each belongs to one category.
enum class Component {
    Weights,               ///< this GPU's share of the trainable weights
    Gradients,
    OptimizerStates,       ///< fp32 master copy + moments
    LayerActivations,      ///< saved tensors of the transformer layers, all in-flight micro-batches
    EmbeddingActivations,  ///< input ids and embedding dropout mask (first stage)
    OutputActivations,     ///< final norm, output-layer input, fp32 logits for the loss (last stage)
    RecomputeWorkspace,    ///< one layer's recomputed activations during its backward (transient)
    CommBuckets,           ///< gradient reduction buckets
    Zero3GatherBuffers,    ///< ZeRO-3 all-gathered working modules + prefetch
    CudaContext,           ///< CUDA context, cuBLAS/NCCL workspaces
    Fragmentation,         ///< caching-allocator fragmentation allowance
    Count
};

inline constexpr std::size_t kComponentCount = std::size_t(Component::Count);
inline constexpr std::size_t kCategoryCount = std::size_t(Category::Count);
using ComponentBytes = std::array<double, kComponentCount>;
using CategoryBytes = std::array<double, kCategoryCount>;

Category categoryOf(Component component);
std::string_view componentName(Component component);  ///< stable id: "layer_activations"
std::string_view componentLabel(Component component); ///< English label: "Layer activations"
std::string_view categoryName(Category category);     ///< stable id: "optimizer_states"
std::string_view categoryLabel(Category category);    ///< English label

} // namespace core
