#pragma once

#include <string>
#include <string_view>

#include "core/plan/planner.h"

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

} // namespace core
