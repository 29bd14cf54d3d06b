#pragma once

#include <QString>
#include <vector>

#include "core/issues.h"

/// The one mapping from the core's issue codes to translated text (core::describe() is the
/// English-only version for the command line). Used by the chart, the controls and the status bar.
namespace IssueText {

/// The reason, without the key: "TP = 3 does not divide the 32 attention heads".
QString reason(const core::Issue& issue);
/// The label of the field a scenario key names (FieldText::label): "parallel.tensor" → "Tensor parallel (TP)".
QString keyLabel(const char* key);
/// "Tensor parallel (TP): TP = 3 does not divide the 32 attention heads".
QString message(const core::Issue& issue);
/// The errors (or, without errors, the warnings) as lines, most important first.
QStringList messages(const std::vector<core::Issue>& issues, core::Severity severity);

} // namespace IssueText
