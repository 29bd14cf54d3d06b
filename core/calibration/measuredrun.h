#pragma once

#include <string>
#include <vector>

#include "core/calibration/measurement.h"

namespace core {

/// What a real run measured, kept with the scenario (the file's "measurements" section, schema
/// version 2): the numbers a pasted log gave, and where they came from. The estimate never reads
/// it; the residuals (core/calibration/residuals.h) set it beside the prediction.
struct MeasuredRun
{
    std::string label;                ///< free text: "8×H100, Megatron core_r0.9"
    std::string date;                 ///< free text, as the user wrote it ("2026-11-30")
    std::string origin;               ///< free text: where the numbers came from (a log's file name)
    std::vector<Measurement> entries; ///< bytes (counts for kv_cache_tokens / kv_cache_blocks)

    bool empty() const { return entries.empty() && label.empty() && date.empty() && origin.empty(); }
    bool operator==(const MeasuredRun&) const = default;
};

/// The last measurement of each (quantity, rank, format, device), in the order they first
/// appear: what the residuals compare (a training log prints its counters every few
/// iterations; the counters only grow), and what a scenario keeps of a long log.
std::vector<Measurement> latestMeasurements(const std::vector<Measurement>& measurements);

} // namespace core
