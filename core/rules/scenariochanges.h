#pragma once

// A changed scenario as the fields that changed, and back: what an advisor's remedy or a planned
// layout sets, typed by the field (core/fields.h); the window applies each with the controller's
// set(field, value), the command line prints it as `--set section.key=value`.

#include <string>
#include <vector>

#include "core/fields.h"
#include "core/scenario.h"

namespace core {

/// One field of the scenario table and its new value.
struct ScenarioChange
{
    Field field = Field::Count;
    FieldValue value;
    bool operator==(const ScenarioChange&) const = default;
};

/// The scalar fields whose values differ between two scenarios, in the table's order (the order a
/// file writes them, so a field whose setting brings others along, finetune.method, comes first).
std::vector<ScenarioChange> scenarioChanges(const Scenario& before, const Scenario& after);
/// Sets each field in order (core::setFieldValue, with what each setting brings along): applied to
/// the scenario the changes were taken from, they give the changed one.
void applyChanges(const std::vector<ScenarioChange>& changes, Scenario& scenario);
/// "training.zero_stage=3", "finetune.method=qlora": the change as --set takes it.
std::string changeText(const ScenarioChange& change);

} // namespace core
