#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/importer/shellscript.h"

namespace core {

/// One option of a command line: `--name value`, `--name=value` or a switch.
struct CommandArg
{
    std::string name;     ///< "--tensor-model-parallel-size"
    std::string value;
    bool hasValue = false;
    int line = 0;
    bool evaluated = true; ///< false: from shell the reader did not run
};

/// The options of `words` from `first` on. A name in `switches` takes no value; any other takes
/// the next word unless that starts with "--" (a negative number is a value). Words that are
/// not options come back with an empty name.
std::vector<CommandArg> parseCommandArgs(const ShellCommand& command, std::size_t first, std::span<const std::string_view> switches);

/// The first command of the script with a word for which `isProgram` holds; `at` is that word's
/// index. A script that is only options (an argument list pasted alone) is its own command, with
/// `at` = −1. Null if none.
const ShellCommand* findProgram(const ShellScript& script, const std::function<bool(std::string_view)>& isProgram, long& at);

/// "--nproc-per-node" and "--nproc_per_node" are one option to argparse and torchrun: dashes.
std::string dashed(std::string_view name);

} // namespace core
