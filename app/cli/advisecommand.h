#pragma once

#include <string>
#include <vector>

/// `shardscope advise FILE.json|--default [--format table|json] [--unit GB|GiB] [--set ...]`:
/// what to try first when the scenario does not fit (and, asked, when it does), each change
/// measured by the estimate. Returns 0, or 2 on invalid arguments or an invalid scenario.
int adviseCommand(const std::vector<std::string>& args);
