#pragma once

// Internal to core/io: the one way untrusted JSON text becomes a Json tree, and the one way a
// tree becomes text. Every parser (scenario_io, hfconfig, deck, --set) calls these, so the
// limits of core/io/jsonlimits.h hold for all of them.

#include <string>
#include <string_view>
#include <vector>

#include "core/io/json_reader.h"
#include "core/io/jsonlimits.h"

namespace core {

/// Parses `text` into `out` if it is JSON within `limits`. Otherwise appends the reasons
/// (MalformedJson, InputTooLarge, NestingTooDeep, TooManyKeys, TooManyValues, NumberOutOfRange,
/// DuplicateKey; paths name the key, e.g. "model.parameters") and returns false. Never throws;
/// time and memory are linear in the text.
bool parseJsonDocument(std::string_view text, const InputLimits& limits, Json& out, std::vector<Issue>& issues);

/// One --set argument, "section.key=value": the key path and the value, which is JSON if it
/// parses as JSON within the scenario limits (3, true, "x", {"preset": …}) and the text itself
/// as a string otherwise. False, with an issue, for an argument that is not UTF-8, has no key,
/// nests deeper than the limits, or a value the limits refuse (a number beyond ±1.8e308).
bool parseOverride(const std::string& argument, std::string& path, Json& value, std::vector<Issue>& issues);

/// dump() that never throws: bytes that are not UTF-8 become U+FFFD. Only for trees of bounded
/// depth (parsed with parseJsonDocument, or built by the core), as dump() recurses.
std::string dumpJson(const Json& json, int indent = -1);

bool isValidUtf8(std::string_view text);
/// `text` with every byte that is not part of a valid UTF-8 sequence replaced by U+FFFD.
std::string validUtf8(std::string_view text);

} // namespace core
