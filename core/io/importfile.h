#pragma once

#include <string>
#include <string_view>

#include "core/importer/importer.h"

namespace core {

/// A launch file's text read into a scenario: JSON (a DeepSpeed config) through the core's JSON
/// limits (core/io/jsonlimits.h, kLaunchFile), anything else through importLaunchText. When
/// `besideConfigJson` is given (the text of a config.json in the file's folder), its model is
/// the one a file that names none uses.
ImportResult importLaunchFile(std::string_view text, ImportOptions options, std::string_view besideConfigJson = {});

/// The same from a path: the file read with readInputFile (regular files, kLaunchFile's size),
/// and a config.json beside it if there is one. A file that cannot be read is an error naming it.
ImportResult importLaunchPath(const std::string& path, ImportOptions options);

} // namespace core
