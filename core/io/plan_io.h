#pragma once

#include <string>
#include <string_view>

#include "core/io/launchconfig.h"
#include "core/plan/planner.h"
#include "core/plan/serving/servingplanner.h"

namespace core {

/// "time", "cost", "headroom"; parseObjective is false for anything else.
std::string_view objectiveName(PlanObjective objective);
bool parseObjective(std::string_view text, PlanObjective& objective);

/// English name of a step part for tables: "pipeline bubble", "tensor parallel (exposed)", …
std::string_view stepPartLabel(StepPart part);
/// "+18 % pipeline bubble, +6 % tensor parallel (exposed, across nodes)" (English, the CLI's).
std::string describeSlower(const std::vector<SlowerReason>& reasons);

/// The search result as JSON (`shardscope plan --format json`, keys in README.md): the counts,
/// the search time, and the first `top` layouts with their numbers, breakdown, why they are
/// slower than the best, and the --set overrides that turn `base` into each.
std::string planToJson(const Scenario& base, const PlanResult& result, std::size_t top);
/// A plain-text table of the same.
std::string planToTable(const Scenario& base, const PlanResult& result, std::size_t top);

/// The serving planner's result as JSON (`shardscope plan` on a serving scenario, keys in
/// README.md): the limits, the counts, the first `top` layouts with their numbers, the reason of
/// each rejected one, the --set overrides and the best layout's launch commands for each engine in
/// `engines`; the Pareto points of the throughput–latency curve; the fewest GPUs for the rate.
/// (core/io/servingplan_io.cpp)
std::string servingPlanToJson(const ServingPlanRequest& request, const ServingPlanResult& result, std::size_t top,
                              const std::vector<LaunchFramework>& engines);
/// A plain-text table of the same, with the best layout's launch commands.
std::string servingPlanToTable(const ServingPlanRequest& request, const ServingPlanResult& result, std::size_t top,
                               const std::vector<LaunchFramework>& engines);
/// "TP4 PP1 ×2 fp8/kv-fp8 b64" (ASCII; "x2" for the replicas).
std::string servingLayoutText(const ServingCandidate& candidate);

} // namespace core
