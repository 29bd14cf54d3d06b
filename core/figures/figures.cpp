#include "core/figures/figures.h"

#include <cmath>
#include <limits>

namespace core {

namespace {

constexpr std::string_view kNames[] = {
    "fullest_gpu_gb", "capacity_gb", "model_states_gb", "weights_gb", "activations_gb", "kv_cache_gb", "training_days",
    "gpu_hours",      "cost_usd",    "step_seconds",    "tokens_per_second", "gpus", "dp", "parameters_b",
    "goodput_percent", "mtbi_hours",
};
static_assert(std::size(kNames) == kFigureCount, "one name per figure");

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kGB = 1e9;

} // namespace

std::string_view figureName(Figure figure)
{
    const std::size_t i = std::size_t(figure);
    return i < kFigureCount ? kNames[i] : std::string_view();
}

std::optional<Figure> figureFromName(std::string_view name)
{
    for (std::size_t i = 0; i < kFigureCount; ++i)
        if (kNames[i] == name)
            return Figure(i);
    return std::nullopt;
}

double figureValue(Figure figure, const Scenario& s, const Estimate& e)
{
    switch (figure) {
    case Figure::Gpus: return s.parallel.gpus;
    default: break;
    }
    if (!e.valid || e.groups.empty())
        return kNaN;
    const RankGroup& f = e.fullest();
    const bool serving = e.mode == Mode::Inference;
    switch (figure) {
    case Figure::FullestGpuGb: return f.totalBytes / kGB;
    case Figure::CapacityGb: return f.capacityBytes / kGB;
    case Figure::ModelStatesGb: return f.modelStateBytes() / kGB;
    case Figure::WeightsGb: return f.bytes[std::size_t(Component::Weights)] / kGB;
    case Figure::ActivationsGb: return f.categoryBytes(Category::Activations) / kGB;
    case Figure::KvCacheGb: return f.categoryBytes(Category::KvCache) / kGB;
    case Figure::TrainingDays: return serving ? kNaN : e.compute.trainingSeconds / 86400.0;
    case Figure::GpuHours: return serving ? kNaN : e.compute.gpuHours;
    case Figure::CostUsd: return serving ? kNaN : e.compute.cost;
    case Figure::StepSeconds: return serving ? kNaN : e.compute.iterationSeconds;
    case Figure::TokensPerSecond: return serving ? e.inference.tokensPerSecondTotal : kNaN;
    case Figure::DataParallel: return e.dataParallel;
    case Figure::ParametersB: return e.parameters.total / 1e9;
    case Figure::GoodputPercent: return serving ? kNaN : e.compute.run.goodput.goodput * 100;
    case Figure::MtbiHours: return serving || !(e.compute.run.goodput.mtbiSeconds > 0) ? kNaN : e.compute.run.goodput.mtbiSeconds / 3600;
    case Figure::Gpus:
    case Figure::Count: break;
    }
    return kNaN;
}

std::vector<Figure> defaultFigures(Mode mode)
{
    if (mode == Mode::Inference)
        return {Figure::FullestGpuGb, Figure::WeightsGb, Figure::KvCacheGb, Figure::TokensPerSecond};
    return {Figure::FullestGpuGb, Figure::ModelStatesGb, Figure::TrainingDays, Figure::GpuHours, Figure::CostUsd};
}

} // namespace core
