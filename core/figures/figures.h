#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "core/estimate.h"
#include "core/scenario.h"

namespace core {

/// A number a lesson quotes: what a presentation scene's live strip shows and what a title
/// template names ("{model_states_gb}"). Values are plain numbers in the unit the id names
/// (GB = 10⁹ bytes), read from an estimate; the user interface formats and names them.
enum class Figure {
    FullestGpuGb,    ///< fullest_gpu_gb: everything on the fullest GPU
    CapacityGb,      ///< capacity_gb: the fullest GPU's memory
    ModelStatesGb,   ///< model_states_gb: weights + gradients + optimizer states on the fullest GPU
    WeightsGb,       ///< weights_gb: the fullest GPU's weights
    ActivationsGb,   ///< activations_gb: the fullest GPU's activations
    KvCacheGb,       ///< kv_cache_gb: the fullest GPU's KV cache (serving and RL rollouts)
    TrainingDays,    ///< training_days: wall-clock time of the whole run
    GpuHours,        ///< gpu_hours
    CostUsd,         ///< cost_usd: GPU-hours × price × overhead
    StepSeconds,     ///< step_seconds: one optimizer step (RL: rollout included)
    TokensPerSecond, ///< tokens_per_second: serving throughput of all replicas
    Gpus,            ///< gpus
    DataParallel,    ///< dp: data-parallel degree
    ParametersB,     ///< parameters_b: the model's parameters, billions
    GoodputPercent,  ///< goodput_percent: the run's training share of its wall-clock (core/goodput/)
    MtbiHours,       ///< mtbi_hours: the job's mean time between interruptions
    Count
};
inline constexpr std::size_t kFigureCount = std::size_t(Figure::Count);

/// Stable id as written in decks and templates: "model_states_gb".
std::string_view figureName(Figure figure);
std::optional<Figure> figureFromName(std::string_view name);

/// The figure's value for this scenario and its estimate; NaN when the estimate is invalid or
/// the figure does not apply (training days while serving, tokens per second while training).
double figureValue(Figure figure, const Scenario& scenario, const Estimate& estimate);

/// The figures a scene of this mode shows when its deck lists none: the question each mode asks
/// (training: fullest GPU, model states, days, GPU-hours, cost; serving: memory, weights, KV
/// cache, throughput).
std::vector<Figure> defaultFigures(Mode mode);

} // namespace core
