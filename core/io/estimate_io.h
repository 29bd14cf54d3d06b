#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/accuracy/bands.h"
#include "core/estimate.h"
#include "core/io/printunit.h"

namespace core {

class Working;
struct Calibration;
struct LogIssue;
struct StepTimeline;
struct ServingTimeline;

/// "PP stage 0 · ranks 0–15", "PP stages 1–2 · ranks 16–47", "all ranks 0–7".
std::string groupLabel(const Estimate& estimate, std::size_t group);

/// Stable id of a bar's phase: "training", "rl_rollout_phase", "serving", …
std::string_view phaseName(GroupPhase phase);

/// The estimate as JSON (the command line's --format json; documented in README.md).
/// `extraIssues` (e.g. unknown keys from loading) are listed with the estimate's own.
/// With `timeline`, adds "timeline": each stage's phases (start, end, kind, micro-batch, chunk,
/// moment, the three levels and the bytes per component). With `measured`, adds "measured":
/// the log's issues and one residual per measured quantity and rank (--measured LOG). With
/// `serving` (a serving scenario's --timeline), adds "serving_timeline" (core/io/servingtimeline_io).
/// With `bands`, every figure that has one gets "<figure>_band": {low, high, runs, regime,
/// error_low, error_high} (core/accuracy/bands.h).
std::string estimateToJson(const Scenario& scenario, const Estimate& estimate, const std::vector<Issue>& extraIssues,
                           const Working* working = nullptr, const StepTimeline* timeline = nullptr,
                           const Calibration* measured = nullptr, const ServingTimeline* serving = nullptr,
                           const EstimateBands* bands = nullptr);

/// Measured beside predicted as text, one line per residual (--measured with --format table).
/// Where the parameter count comes from ("architecture", "preset_architecture", "preset_count",
/// "model.parameters"): an explicit model.parameters always beats a preset.
std::string_view parameterSource(const Scenario& scenario);

std::string calibrationToTable(const Calibration& calibration, const Estimate& estimate);
/// One line of English for the command line: "line 3: max allocated: 'abc' is not a number".
std::string describe(const LogIssue& issue);

/// The step timeline as text: per pipeline stage, each phase with its time, micro-batch and the
/// allocated bytes (--timeline with --format table).
std::string timelineToTable(const StepTimeline& timeline, PrintUnit unit = PrintUnit::GB);

/// A plain-text table for terminals (--format table), memory in `unit` (estimate --unit).
std::string estimateToTable(const Scenario& scenario, const Estimate& estimate, const std::vector<Issue>& extraIssues,
                            const Working* working = nullptr, PrintUnit unit = PrintUnit::GB);

} // namespace core
