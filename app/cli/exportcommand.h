#pragma once

#include <string>
#include <vector>

/// `shardscope export`: renders a view of a scenario to PNG, SVG or PDF without a window:
///   shardscope export FILE.json|--default --out FILE.(png|svg|pdf)
///       [--view memory|comparison|gauges|bits|dashboard] [--size WxH] [--scale N] [--transparent]
///       [--theme light|dark|high-contrast-light|high-contrast-dark] [--title TEXT] [--no-caption]
///       [--lang en|zh_CN] [--unit GB|GiB] [--value X] [--set section.key=value ...]
///       [--format png|svg|pdf|gif|png-sequence] [--frames N] [--fps F]
/// --view step plays as an animated GIF (--out FILE.gif) or as numbered PNG frames
/// (--format png-sequence --out NAME.png: NAME-001.png …), N frames over one step (60), F per second (20).
/// Returns 0 on success, 2 on invalid arguments or an invalid scenario (reason on stderr),
/// 1 when the file cannot be written.
int exportCommand(const std::vector<std::string>& args);
