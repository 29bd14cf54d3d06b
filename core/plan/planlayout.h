#pragma once

#include <string>
#include <vector>

#include "core/rules/scenariochanges.h"
#include "core/scenario.h"

namespace core {

/// The knobs the planner varies: a parallel layout with its memory-saving settings. Everything
/// else in the scenario (model, GPUs, batch, precision, hardware) stays as it is.
struct PlanLayout
{
    int tensor = 1;
    int pipeline = 1;
    int virtualPipeline = 1;
    int context = 1;
    int expert = 1;
    int expertTensor = 0;        ///< 0: same as tensor
    bool sequenceParallel = false;
    int zeroStage = 0;
    Recompute recompute = Recompute::None;
    int microBatch = 1;
    bool offloadOptimizer = false;
    bool offloadParameters = false;

    bool operator==(const PlanLayout&) const = default;
};

/// The scenario's own knobs.
PlanLayout layoutOf(const Scenario& scenario);
/// Puts the knobs into a scenario.
void applyLayout(const PlanLayout& layout, Scenario& scenario);

/// The fields that turn `base` into the scenario with `layout` (only the knobs that differ, in the
/// table's order): the window sets them, the command line prints them as --set overrides.
std::vector<ScenarioChange> layoutChanges(const Scenario& base, const PlanLayout& layout);

} // namespace core
