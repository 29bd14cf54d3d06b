#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace core {

/// The model's constants that are fitted to a public corpus (resources/corpus/) rather than
/// measured or stated by a source. They are runtime values, read through the estimate's options,
/// so that the accuracy harness can refit them without a source and predict that source with
/// them (leave-one-source-out, core/accuracy/fit.h). Their shipped values and sources are in
/// resources/steptime.json (the step-time model's) and resources/serving.json (the serving step
/// model's), compiled in.
enum class FittedConstant {
    SustainedFraction, ///< share of short-benchmark GEMM and attention efficiency a run keeps (steptime.json "sustained_fraction")
    // The serving step model's (resources/serving.json, core/serving/stepcost.h):
    ServingLayerFloor,         ///< fixed GPU seconds per layer per engine step ("serving_layer_floor_seconds")
    ServingStepOverhead,       ///< the engine's own seconds per step ("serving_step_overhead_seconds")
    ServingWeightOnlyEfficiency, ///< weight-only int8/int4 kernels' share of the bandwidth ("serving_weight_only_efficiency")
    Count
};
inline constexpr std::size_t kFittedConstantCount = std::size_t(FittedConstant::Count);

struct ModelConstants
{
    std::array<double, kFittedConstantCount> values{};

    double operator[](FittedConstant c) const { return values[std::size_t(c)]; }
    double& operator[](FittedConstant c) { return values[std::size_t(c)]; }
    bool operator==(const ModelConstants&) const = default;

    /// The values this build ships (resources/steptime.json, resources/serving.json).
    static const ModelConstants& shipped();
};

/// The constant's id in resources/steptime.json or serving.json ("sustained_fraction").
std::string_view fittedConstantId(FittedConstant constant);

} // namespace core
