#pragma once

#include <QString>

#include "core/calibration/measurement.h"
#include "core/calibration/residuals.h"

/// The calibration's codes in words (the core returns codes; this translates them).
namespace CalibrationText {

/// "Max allocated (max_memory_allocated)", "KV cache", …
QString quantityName(core::MeasuredQuantity quantity);
/// "Megatron-LM", "torch.cuda.memory_summary()", …
QString formatName(core::LogFormat format);
/// One sentence: what went wrong, naming the field and the line.
QString issueMessage(const core::LogIssue& issue);
/// Why a measured number has no residual ("" when it has one).
QString statusText(core::ResidualStatus status);

} // namespace CalibrationText
