#include "core/timeline/stepmoment.h"

namespace core {

std::string_view stepMomentName(StepMoment moment)
{
    switch (moment) {
    case StepMoment::LayerForward: return "layer_forward";
    case StepMoment::LossForward: return "loss_forward";
    case StepMoment::LossBackward: return "loss_backward";
    case StepMoment::LayerBackward: return "layer_backward";
    case StepMoment::Optimizer: return "optimizer";
    case StepMoment::Rollout: return "rollout";
    case StepMoment::Prefill: return "prefill";
    case StepMoment::Sampler: return "sampler";
    case StepMoment::Count: break;
    }
    return "";
}

std::string_view stepMomentLabel(StepMoment moment)
{
    switch (moment) {
    case StepMoment::LayerForward: return "forward of the last layer";
    case StepMoment::LossForward: return "forward of the loss (logits)";
    case StepMoment::LossBackward: return "backward of the loss (logits gradient)";
    case StepMoment::LayerBackward: return "backward of the first layer (recomputation, activation gradients)";
    case StepMoment::Optimizer: return "optimizer step";
    case StepMoment::Rollout: return "rollout generation";
    case StepMoment::Prefill: return "forward of one chunk";
    case StepMoment::Sampler: return "sampling the logits";
    case StepMoment::Count: break;
    }
    return "";
}

std::string_view phaseKindName(PhaseKind kind)
{
    switch (kind) {
    case PhaseKind::Forward: return "forward";
    case PhaseKind::Backward: return "backward";
    case PhaseKind::Recompute: return "recompute";
    case PhaseKind::Reduce: return "reduce";
    case PhaseKind::Optimizer: return "optimizer";
    case PhaseKind::Idle: return "idle";
    case PhaseKind::WeightGradient: return "weight_gradient";
    case PhaseKind::Count: break;
    }
    return "";
}

} // namespace core
