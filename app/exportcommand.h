#pragma once

#include <string>
#include <vector>

/// `shardscope export`: renders a view of a scenario to PNG, SVG or PDF without a window.
int exportCommand(const std::vector<std::string>& args);
