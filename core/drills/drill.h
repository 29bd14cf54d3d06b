#pragma once

// Interview drills: a question bound to a scenario, answered by the app's own estimate. The
// student types a number with a unit ("38.5 GB", "61 days", "1.5x"); parseGuess reads it in the
// quantity's dimension and judge() says how far off it is. Codes and numbers only.

#include <optional>
#include <string>
#include <string_view>

#include "core/scenario.h"

namespace core {

/// What a drill asks for, read off the estimate of its scenario.
enum class DrillQuantity {
    ModelStatesPerGpu,       ///< "model_states_per_gpu": parameters + gradients + optimizer states, fullest GPU
    WeightsPerGpu,           ///< "weights_per_gpu": the fullest GPU's weights (frozen base, served weights)
    FullestGpu,              ///< "fullest_gpu": everything on the fullest GPU
    KvCachePerSequence,      ///< "kv_cache_per_sequence": serving, one sequence at the scenario's context
    TrainingDays,            ///< "training_days"
    GpuHours,                ///< "gpu_hours"
    CostUsd,                 ///< "cost_usd": GPU-hours × price × overhead
    TotalModelFlops,         ///< "total_model_flops": C ≈ 6·N·D
    Zero3CommunicationRatio, ///< "zero3_communication_ratio": data-parallel bytes per step, ZeRO-3 ÷ plain DP
    Count
};

/// The kind of number a guess is: what units it may carry.
enum class GuessDimension { Bytes, Days, Hours, Money, Flops, Ratio };

GuessDimension dimensionOf(DrillQuantity quantity);
std::string_view drillQuantityName(DrillQuantity quantity);
std::optional<DrillQuantity> drillQuantityFromName(std::string_view name);

/// The answer from the estimate of `scenario` (bytes, days, hours, USD, FLOPs or a ratio); NaN
/// when the scenario is not valid. The ZeRO-3 ratio estimates the scenario at ZeRO-3 and at
/// ZeRO-0.
double drillAnswer(DrillQuantity quantity, const Scenario& scenario);

enum class GuessError { None, Empty, NotANumber, WrongUnit };

struct Guess
{
    GuessError error = GuessError::Empty;
    double value = 0; ///< in the dimension's base unit: bytes, days, hours, USD, FLOPs, ×
    bool ok() const { return error == GuessError::None; }
};

/// "112 GB", "112GB", "0.112 TB", "104 GiB", "1.1e11 bytes", "61 days", "2 months", "1,464 h",
/// "$220k", "¥1.5M" (read as the same number), "4.2e22", "4.2 × 10^22 FLOPs", "1.5x", "1.5 倍",
/// "61 天", "38.5"; a bare number is in the dimension's display unit (GB, days, hours, USD,
/// FLOPs, ×).
Guess parseGuess(std::string_view text, GuessDimension dimension);

/// How far a guess is from the answer.
struct Verdict
{
    double ratio = 0;        ///< guess / answer
    enum class Band { Close, Near, Order, Off } band = Band::Off; ///< within 10 %, 30 %, 2×, beyond
};
Verdict judge(double guess, double answer);

} // namespace core
