#pragma once

#include <vector>

#include "core/advice/advice.h"

namespace core {

/// For a scenario that cannot run because of its layout: each parallel degree an error names
/// (TP, PP, CP, EP, expert TP, virtual stages, GPUs) set alone to the nearest values that make
/// the scenario valid, nearest first (by ratio to the value given: TP 3 with 32 heads gives TP 4,
/// then TP 2), at most `perField` values a field. Each remedy has its one change and the
/// estimate of its scenario; no levers. Empty for a valid scenario, or one whose errors name no
/// layout field (or that no single degree makes valid).
std::vector<Remedy> nearestValidLayouts(const Scenario& scenario, int perField = 2);

} // namespace core
