#pragma once

// Internal to the core: a scenario file's "measurements" section (schema version 2) read and
// written. A list section, not a row of scalars: scenario_io hands the object over, this file
// reads each entry with the JsonReader (keys named in every issue: measurements.entries[3].bytes).

#include <vector>

#include "core/calibration/measuredrun.h"
#include "core/io/json_reader.h"

namespace core {

/// Reads `section` (the value of "measurements") into `run`. Every bad entry is reported with
/// its path and skipped; the good ones are kept, so nothing is lost from a report of what is
/// wrong. More than limits::kMaxMeasurements entries: an error, and only that many are read.
void readMeasurements(const Json& section, MeasuredRun& run, std::vector<Issue>& issues);

/// The section as saveScenario writes it: label, date, origin (when set), then the entries with
/// their optional keys only where they say something (a rank, a device, a printed resolution).
Json measurementsJson(const MeasuredRun& run);

} // namespace core
