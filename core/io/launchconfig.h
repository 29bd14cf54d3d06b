#pragma once

#include <string>
#include <string_view>

#include "core/scenario.h"

namespace core {

/// The frameworks a layout can be written out for.
enum class LaunchFramework { Megatron, DeepSpeed, Torchtitan };

/// The scenario's layout, batch, precision and model shape as the framework's own settings,
/// named as the framework's source defines them at a stated commit (so the names can be checked):
///  - Megatron-LM command-line flags (NVIDIA/Megatron-LM @ d98e8a6, megatron/training/arguments.py
///    and the config dataclasses it builds flags from), one per line, shell-continued;
///  - a DeepSpeed JSON config (deepspeedai/DeepSpeed @ edaa722, runtime/constants.py and
///    runtime/zero/config.py);
///  - a torchtitan TOML job config (pytorch/torchtitan @ 238fa99, torchtitan/config/job_config.py,
///    the last commit with TOML configs).
/// Settings a framework has no equivalent for are said in a comment line (TOML, Megatron) or left
/// out (JSON has no comments).
std::string launchConfig(const Scenario& scenario, LaunchFramework framework);

/// "megatron", "deepspeed", "torchtitan".
std::string_view launchFrameworkName(LaunchFramework framework);
/// A file name suffix: ".sh", ".json", ".toml".
std::string_view launchFileSuffix(LaunchFramework framework);

} // namespace core
