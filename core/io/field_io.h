#pragma once

// Internal to the core: the table's scalar fields (core/fields.h) read with a JsonReader and
// written into a JSON document, so that scenario_io and model_io spell no key themselves.

#include <functional>

#include "core/fields.h"
#include "core/io/json_reader.h"

namespace core {

/// Reads one scalar field from the reader's object into the scenario; false if the key is
/// absent or its value is wrong (then reported, the scenario unchanged).
bool readField(JsonReader& reader, Scenario& scenario, const FieldInfo& field);

/// Reads every field of `section` in the table's order. `handle` is asked first for each field
/// and returns true when it took care of the field itself (the keys that are not scalars, or
/// keys this object does not have); the others, if scalar, are read with readField. Returns
/// the fields that were present and read.
FieldSet readSection(JsonReader& reader, Scenario& scenario, FieldSection section, const std::function<bool(const FieldInfo&)>& handle);

/// Writes a scalar field at its key's path in `document` ("hardware.gpu.peak_tflops.bf16"
/// creates the objects on the way, in the order they are first written).
void writeField(Json& document, const Scenario& scenario, const FieldInfo& field);
/// The JSON object at a key's parent path, created if needed.
Json& fieldParent(Json& document, std::string_view key);

} // namespace core
