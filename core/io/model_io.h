#pragma once

// Internal to the core: the model and GPU keys, shared by scenario files and preset files.

#include "core/gpu.h"
#include "core/io/json_reader.h"
#include "core/model.h"
#include "core/scenario.h"

namespace core {

/// Reads the architecture keys and the name of a model object into `scenario.model` (not
/// `preset` nor `parameters`, which only scenario files have); returns whether any key that
/// defines an architecture (layers, hidden size, …) was present.
bool readModelKeys(JsonReader& reader, Scenario& scenario);
/// The same for a preset entry.
bool readModelKeys(JsonReader& reader, ModelArchitecture& model);

/// Reads a GPU object's keys (id, name, figures, peak_tflops) into `scenario.hardware.gpu`
/// (not `preset`, which only scenario files have).
void readGpuKeys(JsonReader& reader, const Json& object, Scenario& scenario, std::vector<Issue>& issues);
/// The same for a preset entry.
void readGpuKeys(JsonReader& reader, const Json& object, GpuSpec& gpu, std::vector<Issue>& issues);

} // namespace core
