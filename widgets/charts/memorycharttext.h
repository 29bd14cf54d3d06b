#pragma once

#include <QString>

#include "core/components.h"
#include "core/estimate.h"
#include "widgets/displayformat.h"

/// The memory chart's words: bar labels of rank groups and a segment's tooltip. Translated in
/// the "MemoryChart" context, where they have always been.
namespace MemoryChartText {

/// "PP stage 0 · ranks 0–15", "all ranks 0–7 · rollout phase", "rollout GPUs · ranks 8–15":
/// the cases of core::groupLabel, translated.
QString rankGroupLabel(const core::Estimate& estimate, int group);
/// "PP 0 · 0–15": a pipeline stage's bar in a narrow slot; empty for the other cases (their
/// words fit, or a phase's name must stay).
QString rankGroupCompactLabel(const core::Estimate& estimate, int group);

/// Rich-text tooltip of one segment: component and role, bar, bytes and share, what it holds,
/// and what a click does (`clickHint`, or "see how it is computed").
QString segmentToolTip(core::Component component, const QString& barLabel, double bytes, double barTotalBytes,
                       DisplayFormat::MemoryUnit unit, const QString& clickHint);

/// "Peak of the step: allocated … · reserved … · device …", the three levels of a bar.
QString levelsToolTip(double allocated, double reserved, double device, DisplayFormat::MemoryUnit unit);

/// The whisker's line: where similar public runs' device figure lay (core/accuracy/bands.h).
QString bandToolTip(double low, double high, int runs, core::MemoryLevel level, DisplayFormat::MemoryUnit unit);

} // namespace MemoryChartText
