#pragma once

// Internal to the core: the model and GPU keys, shared by scenario files and preset files.

#include "core/gpu.h"
#include "core/io/json_reader.h"
#include "core/model.h"

namespace core {

/// Reads the architecture keys of a model section into `model`; returns whether any key that
/// defines an architecture (layers, hidden size, …) was present.
bool readModelKeys(JsonReader& reader, ModelArchitecture& model);
void writeModelKeys(Json& out, const ModelArchitecture& model);

void readGpuKeys(JsonReader& reader, const Json& object, GpuSpec& gpu, std::vector<Issue>& issues);
void writeGpuKeys(Json& out, const GpuSpec& gpu);

} // namespace core
