#include "app/cli/windowoptions.h"

namespace {

// Hidden from --help: for screenshots and visual checks (docs/screenshot-explorer.png).
constexpr WindowOption kOptions[] = {
    {"screenshot", "FILE", "Grab the window to FILE and quit."},
    {"size", "WxH", "Window size WxH."},
    {"theme", "THEME", "light or dark (Fusion style)."},
    {"select-segment", "G,ID", "Click a bar segment: GROUP,component_id."},
    {"lang", "LANG", "Interface language: en or zh_CN."},
    {"page", "PAGE", "Central page: explorer, lab, studio, compare, loss-scaling or planner; step shows the step dock."},
    {"color-by-role", "", "Colour the bars by model role."},
    {"textbook", "", "View ▸ Textbook View on."},
    {"unit", "UNIT", "View ▸ Units: GB or GiB."},
    {"advice", "", "Show the What to Try First dock."},
    {"drill", "N,GUESS,STEPS", "Drills page: drill N, GUESS typed, STEPS revealed."},
    {"present", "N", "Start presentation mode at scene N (1-based)."},
    {"measured", "LOG", "Open the calibration dialog with LOG (a screenshot grabs the dialog)."},
    {"step-schedule", "NAME", "--page step: the schedule shown, gpipe or zb_h1 (default: as configured)."},
};

} // namespace

std::span<const WindowOption> windowOptions()
{
    return kOptions;
}

bool isWindowOption(std::string_view argument)
{
    // QCommandLineParser's own (addHelpOption, addVersionOption)
    for (std::string_view own : {"-h", "--help", "-?", "--help-all", "-v", "--version"})
        if (argument == own)
            return true;
    if (argument.size() > 1 && argument[0] == '-' && argument[1] != '-')
        return true; // Qt's options (-platform, -style, -reverse) take one dash; QApplication removes them
    if (argument.substr(0, 2) != "--")
        return false;
    std::string_view name = argument.substr(2);
    name = name.substr(0, name.find('='));
    for (const WindowOption& o : kOptions)
        if (o.name == name)
            return true;
    return false;
}
