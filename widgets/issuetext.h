#pragma once

#include <QString>
#include <vector>

#include "core/issues.h"

/// The core's issue sentences translated (core/issues.cpp holds each sentence once, in English;
/// core::describe() fills it for the command line, this fills its translation with the payload
/// in the user's locale). Used by the chart, the controls and the status bar.
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
