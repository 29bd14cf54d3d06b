#pragma once

#include <QString>

#include "core/plan/planner.h"

/// The planner's codes in the window's language: knobs, step parts, why-slower reasons and a
/// layout in one short line ("TP 8 · PP 4 · DP 2 · ZeRO-1 · b 1").
namespace PlanText {

QString knobName(core::PlanKnob knob);
/// A knob's value as the table and the axes show it (booleans "on"/"off", recomputation by name).
QString knobValue(core::PlanKnob knob, int value);
QString partName(core::StepPart part);
/// "+18 % pipeline bubble, +6 % tensor-parallel communication (across nodes)".
QString slower(const std::vector<core::SlowerReason>& reasons);
QString layout(const core::PlanCandidate& candidate);
QString objectiveName(core::PlanObjective objective);

} // namespace PlanText
