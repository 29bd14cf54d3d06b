#pragma once

#include <string>

#include "core/advice/advice.h"
#include "core/io/printunit.h"

namespace core {

/// The advice as JSON (`shardscope advise --format json`; documented in README.md): `remedies[]`
/// and `combinations[]`, each with `action` (combinations: `actions`), `changes`, `bytes_saved`,
/// `fits_after`, `time_factor`, `extra_communication_bytes`, `cpu_bytes`, `note`.
std::string adviceToJson(const Scenario& scenario, const Advice& advice);

/// A plain-text table for terminals.
std::string adviceToTable(const Scenario& scenario, const Advice& advice, PrintUnit unit = PrintUnit::GB);

} // namespace core
