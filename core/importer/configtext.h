#pragma once

#include <string_view>
#include <vector>

#include "core/importer/importer.h"

namespace core {

/// Settings read from a structured file, and what stopped the reader.
struct ConfigRead
{
    std::vector<ConfigEntry> entries;
    std::vector<Issue> issues; ///< errors: a line outside the subset (ImportSyntax), an unterminated quote, the limits
    bool ok() const { return !hasErrors(issues); }
};

/// A bounded subset of YAML 1.2 (issue 30): block mappings and sequences by indentation (spaces),
/// `- key: value` items, plain, 'single' and "double" quoted scalars, flow [a, b] and {k: v} one
/// level deep, `|` and `>` block scalars, `#` comments, a leading `---`. Keys come back dotted
/// ("trainer.n_gpus_per_node", "datasets[0].path"). Anchors, aliases, tags and later documents
/// are refused with the line. No recursion: one pass over the lines with a stack bounded by
/// `limits.maxDepth`.
ConfigRead readYamlSubset(std::string_view text, const ConfigLimits& limits = kConfigLimits);

/// A bounded subset of TOML 1.0: [table], [a.b], [[array of tables]], key = value with bare,
/// quoted and dotted keys, strings (basic, literal, multi-line), numbers (with _), booleans,
/// dates (as text), arrays (over several lines) and inline tables, nested at most
/// `limits.maxDepth` deep.
ConfigRead readTomlSubset(std::string_view text, const ConfigLimits& limits = kConfigLimits);

} // namespace core
