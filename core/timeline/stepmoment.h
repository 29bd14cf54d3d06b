#pragma once

#include <cstddef>
#include <string_view>

namespace core {

/// What a stage is doing during one phase of a training step (the timeline's phases).
/// WeightGradient: a zero-bubble schedule runs the backward in two (Qi et al. 2024, arXiv
/// 2401.10241 §2): Backward is then the input gradient (B) alone and WeightGradient the
/// parameters' gradient (W), which nothing downstream waits for.
enum class PhaseKind { Forward, Backward, Recompute, Reduce, Optimizer, Idle, WeightGradient, Count };

/// The moments of a step at which a GPU's memory can peak. Each has its own set of transient
/// buffers; transients of different moments never coexist, so the peak is the largest moment,
/// not their sum (the recomputed layer is rebuilt only after the loss has freed its logits).
enum class StepMoment {
    LayerForward,  ///< the last layer's forward of the micro-batch that fills the pipeline
    LossForward,   ///< last stage: the logits and cross entropy of that micro-batch
    LossBackward,  ///< last stage: the gradient of the logits
    LayerBackward, ///< the first layer's backward: recomputation and activation gradients
    Optimizer,     ///< the optimizer step: activations freed, step temporaries alive
    Rollout,       ///< RL colocated: generation (no training activations)
    Prefill,       ///< serving: one forward chunk
    Sampler,       ///< serving: the sampler's logits (vLLM profiles it after the forward)
    Count
};

inline constexpr std::size_t kStepMomentCount = std::size_t(StepMoment::Count);
inline constexpr std::size_t kPhaseKindCount = std::size_t(PhaseKind::Count);

/// Stable ids as written to JSON: "layer_backward", "optimizer", …
std::string_view stepMomentName(StepMoment moment);
std::string_view phaseKindName(PhaseKind kind);
/// English: "backward of the first layer", …
std::string_view stepMomentLabel(StepMoment moment);

} // namespace core
