#pragma once

#include <span>
#include <string_view>

/// One option of the window's command line (`shardscope [FILE.json] [--option …]`). The window's
/// parser (app/main.cpp) is built from this table, and the command line reads it to tell an
/// option of the window from a mistyped command before any display is opened (issue 32.15).
struct WindowOption
{
    std::string_view name;        ///< without the dashes: "screenshot"
    std::string_view valueName;   ///< empty: a switch
    std::string_view description; ///< for --help (the options are hidden: for screenshots and checks)
};

/// Every option of the window, in the order --help lists them.
std::span<const WindowOption> windowOptions();

/// True if `argument` ("--size", "--size=800x600", "-h") is an option the window takes, Qt's own
/// ("-platform", "-style": one dash) included.
bool isWindowOption(std::string_view argument);
