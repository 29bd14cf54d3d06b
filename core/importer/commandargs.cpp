#include "core/importer/commandargs.h"

#include <algorithm>

namespace core {

std::string dashed(std::string_view name)
{
    std::string out(name);
    // Keep the leading dashes; underscores after them are dashes to argparse-style readers.
    for (std::size_t i = 0; i < out.size(); ++i)
        if (out[i] == '_' && i > 1)
            out[i] = '-';
    return out;
}

std::vector<CommandArg> parseCommandArgs(const ShellCommand& c, std::size_t first, std::span<const std::string_view> switches)
{
    std::vector<CommandArg> out;
    const std::vector<std::string>& w = c.words;
    for (std::size_t i = first; i < w.size(); ++i) {
        const int line = i < c.lines.size() ? c.lines[i] : 0;
        const std::string& word = w[i];
        if (word.size() < 2 || word[0] != '-' || (word.size() > 1 && (std::isdigit(static_cast<unsigned char>(word[1])) || word[1] == '.'))) {
            out.push_back({{}, word, true, line, c.evaluated});
            continue;
        }
        CommandArg a;
        a.line = line;
        a.evaluated = c.evaluated;
        const std::size_t eq = word.find('=');
        if (eq != std::string::npos && word.rfind("--", 0) == 0) {
            a.name = dashed(word.substr(0, eq));
            a.value = word.substr(eq + 1);
            a.hasValue = true;
        } else {
            a.name = dashed(word);
            const bool isSwitch = std::find(switches.begin(), switches.end(), std::string_view(a.name)) != switches.end();
            if (!isSwitch && i + 1 < w.size()) {
                const std::string& next = w[i + 1];
                const bool option = next.size() >= 2 && next[0] == '-' && !std::isdigit(static_cast<unsigned char>(next[1])) && next[1] != '.';
                if (!option) {
                    a.value = next;
                    a.hasValue = true;
                    ++i;
                }
            }
        }
        out.push_back(std::move(a));
    }
    return out;
}

const ShellCommand* findProgram(const ShellScript& script, const std::function<bool(std::string_view)>& isProgram, long& at)
{
    // A command the reader ran first (an `echo "… pretrain_gpt.py …"` in a branch it could
    // not decide is not the launch); a program is one word without blanks.
    for (bool sure : {true, false})
        for (const ShellCommand& c : script.commands) {
            if (c.evaluated != sure)
                continue;
            for (std::size_t i = 0; i < c.words.size(); ++i)
                if (c.words[i].find_first_of(" \t\n") == std::string::npos && isProgram(c.words[i])) {
                    at = long(i);
                    return &c;
                }
        }
    // Only options: an argument list pasted alone (all of its commands together).
    if (!script.commands.empty() && !script.commands.front().words.empty() && script.commands.front().words.front().rfind("--", 0) == 0) {
        at = -1;
        return &script.commands.front();
    }
    return nullptr;
}

} // namespace core
