#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/issues.h"
#include "core/scenario.h"

namespace core {

/// The newest scenario schema this build reads and writes. 2 added the "measurements" section
/// (what a real run measured, core/calibration/measuredrun.h); a file without one is written as
/// version 1, which every earlier build reads.
inline constexpr int kSchemaVersion = 2;

/// A scenario file read from JSON ("schema_version": 1 or 2): model presets resolved, explicit keys
/// applied over them, every problem reported with the key it concerns.
struct ScenarioLoad
{
    bool ok = false;               ///< false: `issues` holds at least one error
    Scenario scenario;
    std::string title;
    std::vector<Issue> issues;     ///< errors, and warnings such as unknown keys
};

/// Parses scenario JSON text. `overrides` are "section.key=value" strings (the command line's
/// --set) applied to the document before it is read; a value that parses as JSON is used as
/// such, anything else as a string.
ScenarioLoad loadScenario(std::string_view jsonText, const std::vector<std::string>& overrides = {});

/// Writes the scenario as JSON with every value explicit, so that loadScenario(saveScenario(s))
/// reproduces s exactly: schema version 1, or 2 when it holds measurements.
std::string saveScenario(const Scenario& scenario, std::string_view title = {});

/// The built-in default scenario (resources/scenarios/default.json).
Scenario defaultScenario();

std::string_view toString(PrecisionRecipe value);
std::string_view toString(Optimizer value);
std::string_view toString(Recompute value);
std::string_view toString(Normalization value);
std::string_view toString(PositionEmbedding value);
std::string_view toString(FlopsFormula value);
std::string_view toString(Mode value);
std::string_view toString(WeightFormat value);
std::string_view toString(ScaleFormat value);
std::string_view toString(KvCacheDtype value);
std::string_view toString(FineTuneMethod value);
std::string_view toString(RlAlgorithm value);
std::string_view toString(Framework value);
std::string_view toString(ServingEngine value);
std::string_view toString(MomentDtype value);

} // namespace core
