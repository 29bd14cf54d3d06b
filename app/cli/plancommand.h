#pragma once

#include <string>
#include <vector>

/// `shardscope plan FILE.json|--default [--pin KEY=VALUE] [--top N] …`: every valid layout of the
/// scenario, ranked; a serving scenario's serving layouts under its latency limits.
int planCommand(const std::vector<std::string>& args);
