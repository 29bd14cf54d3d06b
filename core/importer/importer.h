#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/importer/importresult.h"

namespace core {

/// What the caller knows beside the file.
struct ImportOptions
{
    ImportFormat format = ImportFormat::Auto;
    std::string fileName;  ///< the file's name (its extension helps decide the format)
    /// The model of a config.json beside the file (core/io reads it), used when the file names
    /// no model of its own, or names one that is not a preset.
    std::optional<ModelArchitecture> besideModel;
    int gpus = 0;          ///< the GPUs, when the file does not say (0: the default scenario's)
};

/// A setting of a structured file (YAML, TOML, JSON): its dotted key ("zero_optimization.stage",
/// list items as "key[2]"), its value as written and where it is.
struct ConfigEntry
{
    std::string key;
    std::string value;
    bool isString = false; ///< quoted (or a JSON string): never a number or a boolean
    int line = 0;
};

/// Bounds every structured reader applies (YAML, TOML; JSON has core/io/jsonlimits.h).
struct ConfigLimits
{
    std::size_t maxBytes = 4u << 20;   ///< a launch file is a few KB; 4 MiB is a thousand of them
    std::size_t maxEntries = 100000;   ///< settings, list items included
    int maxDepth = 64;                 ///< nested maps and lists
    std::size_t maxKeyBytes = 4096;    ///< one dotted key
};
inline constexpr ConfigLimits kConfigLimits{};

/// Reads a launch file that is not JSON — a shell script or argument list (Megatron-LM, vLLM,
/// SGLang, TensorRT-LLM, OpenRLHF, TRL), YAML (Megatron-Bridge, axolotl, LLaMA-Factory, TRL,
/// verl), TOML (torchtitan) — into a scenario, validated with the core's rules (an invalid one
/// is an error: nothing is written or applied).
ImportResult importLaunchText(std::string_view text, const ImportOptions& options);

/// The same for settings already read from a structured file (core/io reads JSON: DeepSpeed).
ImportResult importEntries(const std::vector<ConfigEntry>& entries, ImportFormat format, const ImportOptions& options);

/// The format of a file: from --format, its extension and its first keys. Count: not known.
ImportFormat detectFormat(std::string_view text, const ImportOptions& options);

} // namespace core
