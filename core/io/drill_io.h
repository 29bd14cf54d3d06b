#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/drills/drill.h"
#include "core/io/deck.h"
#include "core/issues.h"
#include "core/working.h"

namespace core {

/// An interview question bound to a scenario (resources/drills/drills.json): the answer is
/// the estimate's `quantity`, the derivation the working lines of `steps`, in order.
struct Drill
{
    std::string id;
    LocalizedText title;
    LocalizedText question;
    LocalizedText hint;
    LocalizedText takeaway;
    DrillQuantity quantity = DrillQuantity::Count;
    std::vector<Term> steps;
    Scenario scenario;
};

struct DrillLoad
{
    bool ok = false;
    std::vector<Drill> drills;
    std::vector<Issue> issues; ///< paths name the drill: "drills[3].scenario.parallel.tensor"
};

DrillLoad loadDrills(std::string_view jsonText);
/// The built-in drills (resources/drills/drills.json, compiled in), parsed once.
const std::vector<Drill>& builtinDrills();
std::string_view builtinDrillsJson();

/// The working term with this stable id ("model_states"), if any.
std::optional<Term> termFromId(std::string_view id);

} // namespace core
