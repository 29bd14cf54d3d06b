#pragma once

#include <string>
#include <vector>

/// `shardscope import FILE [--format NAME] [--gpus N] [--out SCENARIO.json]`: a framework's launch
/// file (Megatron-LM script, DeepSpeed JSON, torchtitan TOML, YAML recipes, serving command lines)
/// as a scenario, with what it used, ignored and could not express on stderr. Returns 0, or 2 for
/// arguments, a file that cannot be read, or an import the core's rules refuse (with the reason).
int importCommand(const std::vector<std::string>& args);

/// `shardscope link FILE.json|--default|LINK [--set ...]`: the scenario as a shardscope://v1? link
/// (what the window's Edit ▸ Copy Link copies). Returns 0, or 2 for arguments or an invalid scenario.
int linkCommand(const std::vector<std::string>& args);
