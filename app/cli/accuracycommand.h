#pragma once

#include <string>
#include <vector>

/// `shardscope accuracy [--corpus steptime|memory|serving|all] [--format table|json|markdown] [--rows]`:
/// how far ShardScope's figures are from public measurements (resources/corpus/), each predicted
/// with the constants fitted without its source, by regime; with --rows every row. Returns 0, or 2
/// on invalid arguments.
int accuracyCommand(const std::vector<std::string>& args);
