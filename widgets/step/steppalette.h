#pragma once

#include <QColor>
#include <QString>

#include "core/timeline/schedule.h"
#include "core/timeline/stepmoment.h"

/// Colours and names of the step views' phases and schedules, shared by the schedule, the
/// memory timeline and their legend.
namespace StepPalette {

QColor phaseColor(core::PhaseKind kind, bool dark);
/// Translated: "Forward", "Backward", "Recompute", "Weight gradient (W)", "Gradient reduction", "Optimizer step", "Bubble".
QString phaseName(core::PhaseKind kind);
/// Translated: "GPipe", "1F1B", "Interleaved 1F1B", "Zero bubble ZB-H1".
QString scheduleName(core::PipelineScheduleKind kind);
/// Translated: "forward of the last layer", … (core::stepMomentLabel's moments).
QString momentName(core::StepMoment moment);

} // namespace StepPalette
