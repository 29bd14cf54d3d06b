#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/io/scenario_io.h"

namespace core {

/// The scheme and version every link starts with.
inline constexpr std::string_view kShareLinkPrefix = "shardscope://v1?";

/// A scenario as a link to paste into a chat or a slide's notes (issue 30): versioned, URL-safe
/// (percent-encoded), compact — only what differs from the default scenario (after the model and
/// GPU presets it names), as the command line's --set overrides:
///     shardscope://v1?model.preset=llama-3.1-70b&parallel.gpus=64&parallel.tensor=8
/// A scenario's measured run is not carried (the link would grow with it). Empty if the scenario
/// cannot be written so that it reads back the same (it always can for a valid scenario).
std::string shareLink(const Scenario& scenario, std::string_view title = {});

/// Whether the text (trimmed) starts with "shardscope://".
bool looksLikeShareLink(std::string_view text);

/// Reads a link into a scenario through the scenario reader and its limits: every value is
/// checked as a file's would be, and a hostile link is refused with the key named. A link of
/// another version is refused (ShareLinkVersion), as is anything that is not a link.
/// `overrides` (the command line's --set) go after the link's own.
ScenarioLoad openShareLink(std::string_view link, const std::vector<std::string>& overrides = {});

} // namespace core
