#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/estimate.h"
#include "core/io/printunit.h"

namespace core {

class Working;

/// "PP stage 0 · ranks 0–15", "PP stages 1–2 · ranks 16–47", "all ranks 0–7".
std::string groupLabel(const Estimate& estimate, std::size_t group);

/// Stable id of a bar's phase: "training", "rl_rollout_phase", "serving", …
std::string_view phaseName(GroupPhase phase);

/// The estimate as JSON (the command line's --format json; documented in README.md).
/// `extraIssues` (e.g. unknown keys from loading) are listed with the estimate's own.
std::string estimateToJson(const Scenario& scenario, const Estimate& estimate, const std::vector<Issue>& extraIssues,
                           const Working* working = nullptr);

/// A plain-text table for terminals (--format table), memory in `unit` (estimate --unit).
std::string estimateToTable(const Scenario& scenario, const Estimate& estimate, const std::vector<Issue>& extraIssues,
                            const Working* working = nullptr, PrintUnit unit = PrintUnit::GB);

} // namespace core
