#pragma once

#include <QString>

#include "core/working.h"

/// Translated words for the working panel. The core's term table (termInfo) is English; this
/// maps its stable ids to tr() text and falls back to the English for terms added later.
namespace WorkingText {

/// "Gradients on this GPU"
QString title(core::Term term);
/// One or two sentences a student can follow: what the number is and why it has that size.
QString explanation(core::Term term);
/// The quantity of one line: its own detail ("Input of the attention norm") or the term's title.
QString quantity(const core::WorkingLine& line);
/// "s = 4,096, b = 1, h = 4,096"
QString substitutions(const core::WorkingLine& line);
QString formula(const core::WorkingLine& line);
QString value(const core::WorkingLine& line);
QString source(core::Term term);
/// A number in its unit: exact counts with digit grouping, FLOPs as powers of ten.
QString formatValue(double value, core::Unit unit);

} // namespace WorkingText
