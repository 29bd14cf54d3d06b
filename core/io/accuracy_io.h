#pragma once

#include <string>

#include "core/accuracy/bands.h"
#include "core/accuracy/report.h"

namespace core {

/// How `shardscope accuracy` prints a report.
enum class ReportFormat { Table, Json, Markdown };

/// The summary by regime (held-out errors), and with `rows` every row: measured, predicted,
/// error, source; rows that are not judged are listed with their reason.
std::string reportText(const CorpusReport& report, ReportFormat format, bool rows);

} // namespace core
