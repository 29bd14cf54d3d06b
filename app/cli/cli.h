#pragma once

#include <string>
#include <vector>

/// The command line that shares the core with the window:
///   shardscope estimate FILE.json|--default [--format table|json] [--set section.key=value …] [--explain]
///   shardscope export FILE.json|--default --out FILE.(png|svg|pdf) [--view memory|…|dashboard] [--size WxH] …
///   shardscope quantize --dist normal|…|FILE.npy --to fp16|…|int4 [--scaling …] [--group N] [--format table|json]
/// Returns the process exit code, or -1 when `args` start the window (none, a file that exists, or
/// the window's options) and there is a display. Anything else is "no such command or file" (with
/// the nearest command) or "unknown option", exit 2; a command is one row of `kCommands`.
int runCommandLine(const std::vector<std::string>& args);

namespace core {
struct ScenarioLoad;
}

/// Reads FILE.json (or the built-in default for "--default") with --set overrides; prints
/// errors naming the key on stderr.
bool loadScenarioArgument(const std::string& path, const std::vector<std::string>& sets, core::ScenarioLoad& load);

/// Exit codes: 0 success, 2 invalid scenario or arguments (message on stderr).
inline constexpr int kExitInvalid = 2;

/// Prints "shardscope: MESSAGE" and the usage on stderr; returns kExitInvalid.
int usageError(const std::string& message);

namespace core {
enum class PrintUnit;
}
/// "GB" or "GiB" (as `export --unit` takes them); false for anything else.
bool parsePrintUnit(const std::string& text, core::PrintUnit& unit);
