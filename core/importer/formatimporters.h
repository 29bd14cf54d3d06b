#pragma once

// The readers of each framework's launch file (core/importer/*import.cpp), called by
// importLaunchText / importEntries (importer.cpp), which decide the format.

#include <vector>

#include "core/importer/importer.h"
#include "core/importer/shellscript.h"

namespace core {

ImportResult importMegatron(const ShellScript& script, const ImportOptions& options);
class ImportBuilder;
struct CommandArg;
/// Megatron-LM's flags onto the scenario (shared with Megatron-Bridge's config fields).
void applyMegatronArgs(ImportBuilder& builder, const std::vector<CommandArg>& args, bool impliedGqa);
/// vLLM (vllm serve / python -m vllm.entrypoints…), SGLang (python -m sglang.launch_server),
/// TensorRT-LLM (trtllm-serve), and OpenRLHF / TRL command lines.
ImportResult importCommandLine(const ShellScript& script, ImportFormat format, const ImportOptions& options);
/// Structured files: DeepSpeed JSON, torchtitan TOML, and the YAML formats.
ImportResult importDeepSpeed(const std::vector<ConfigEntry>& entries, const ImportOptions& options);
ImportResult importTorchtitan(const std::vector<ConfigEntry>& entries, const ImportOptions& options);
ImportResult importYaml(const std::vector<ConfigEntry>& entries, ImportFormat format, const ImportOptions& options);

} // namespace core
