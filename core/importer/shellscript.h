#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/issues.h"

namespace core {

/// One simple command of a shell script after expansion: its words (quotes removed, variables,
/// arrays and $((…)) expanded) and where it starts.
struct ShellCommand
{
    std::vector<std::string> words;
    std::vector<int> lines; ///< the line each word came from (1-based)
    bool evaluated = true;  ///< false: inside a construct the reader does not run (a loop, a function, a branch it could not decide)
};

/// What the reader took in, and what it left out.
struct ShellScript
{
    std::vector<ShellCommand> commands;
    std::vector<Issue> issues; ///< errors (unterminated quotes, limits), warnings (a comment inside a continued command)
};

/// Bounds on what a script may make the reader do (a script is small: Megatron-LM's example
/// scripts are 2–7 KB; the limits leave a hundred times that and bound what expansion can build).
struct ShellLimits
{
    std::size_t maxWords = 100000;          ///< words in all commands together
    std::size_t maxExpandedBytes = 4 << 20; ///< bytes all expansions may produce together
    std::size_t maxVariables = 10000;
    int maxNesting = 64;                    ///< if/for/while/{ } nested, and parentheses in $((…))
};

/// A bounded subset of bash (issue 30): `\` continuations, `#` comments, single and double
/// quotes, NAME=value and NAME=(…)/NAME+=(…) arrays, $NAME, ${NAME}, ${NAME:-default},
/// ${NAME[@]}, $((arithmetic)), `export`, `if [[ "$A" == "b" ]]; then … else … fi` with string
/// tests, ;, &&, || and |. Positional parameters ($1) are empty, so their defaults apply.
/// Loops, functions, case and command substitution are not run: their commands come back with
/// `evaluated` false. Never recurses on the input; every loop is bounded by `limits`.
ShellScript readShellScript(std::string_view text, const ShellLimits& limits = {});

} // namespace core
