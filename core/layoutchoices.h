#pragma once

#include <vector>

#include "core/scenario.h"

namespace core {

/// The parallel degrees that give a valid layout when only that degree changes, the others
/// staying as they are in the scenario: what the GUI offers (so a slider never lands on an
/// impossible layout) and what it lists as alternatives when the current one is invalid.
struct LayoutChoices
{
    std::vector<int> tensor;
    std::vector<int> pipeline;
    std::vector<int> virtualPipeline;
    std::vector<int> context;
    std::vector<int> expert;
};

LayoutChoices layoutChoices(const Scenario& scenario);

} // namespace core
