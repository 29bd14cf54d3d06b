#include "app/cli.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "app/exportcommand.h"
#include "core/estimate.h"
#include "core/estimate_io.h"
#include "core/presets.h"
#include "core/scenario_io.h"
#include "core/working.h"

namespace {

const char* kUsage =
    "usage: shardscope [FILE.json]                      open the explorer window\n"
    "       shardscope estimate FILE.json|--default [--format table|json] [--set section.key=value ...] [--explain]\n"
    "       shardscope export FILE.json|--default --out FILE.(png|svg|pdf) [--view memory] [--size WxH]\n"
    "                  [--scale N] [--theme light|dark] [--lang en|zh_CN] [--transparent] [--set ...]\n"
    "       shardscope presets                          list model and GPU presets\n"
    "Exit status: 0 success, 2 invalid scenario or arguments (the reason is printed on stderr).\n";

int usageError(const std::string& message)
{
    std::cerr << "shardscope: " << message << "\n" << kUsage;
    return kExitInvalid;
}

int listPresets()
{
    std::cout << "Models:\n";
    for (const core::ModelPreset& p : core::modelPresets())
        std::printf("  %-16s %-18s %.4g parameters\n", p.model.preset.c_str(), p.model.name.c_str(), p.publishedParameters);
    std::cout << "GPUs:\n";
    for (const core::GpuSpec& g : core::gpuPresets())
        std::printf("  %-12s %-26s %6.1f GiB  %7.1f TFLOP/s bf16\n", g.preset.c_str(), g.name.c_str(), g.memoryBytes / (1024.0 * 1024 * 1024),
                    g.peakBf16Tflops);
    return 0;
}

} // namespace

bool loadScenarioArgument(const std::string& path, const std::vector<std::string>& sets, core::ScenarioLoad& load)
{
    std::string text;
    if (path == "--default") {
        text = std::string(core::defaultScenarioJson());
    } else {
        std::ifstream in(path, std::ios::binary);
        if (!in) {
            std::cerr << "shardscope: cannot read " << path << "\n";
            return false;
        }
        std::ostringstream buffer;
        buffer << in.rdbuf();
        text = buffer.str();
    }
    load = core::loadScenario(text, sets);
    for (const core::Issue& i : load.issues)
        if (i.severity == core::Severity::Error)
            std::cerr << "shardscope: " << (path == "--default" ? "default scenario" : path) << ": " << core::describe(i) << "\n";
    return load.ok;
}

static int estimateCommand(const std::vector<std::string>& args)
{
    std::string file, format = "table";
    std::vector<std::string> sets;
    bool explain = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--format" && i + 1 < args.size()) {
            format = args[++i];
            if (format != "table" && format != "json")
                return usageError("--format must be table or json");
        } else if (a == "--set" && i + 1 < args.size()) {
            sets.push_back(args[++i]);
        } else if (a.rfind("--set=", 0) == 0) {
            sets.push_back(a.substr(6));
        } else if (a == "--explain") {
            explain = true;
        } else if ((a == "--default" || a.empty() || a[0] != '-') && file.empty()) {
            file = a;
        } else {
            return usageError("unexpected argument '" + a + "'");
        }
    }
    if (file.empty())
        return usageError("estimate needs a scenario file (or --default)");
    core::ScenarioLoad load;
    if (!loadScenarioArgument(file, sets, load))
        return kExitInvalid;
    core::Working working;
    const core::Estimate e = core::estimate(load.scenario, explain ? &working : nullptr);
    for (const core::Issue& i : load.issues) // warnings from reading (unknown keys)
        std::cerr << "shardscope: warning: " << core::describe(i) << "\n";
    if (!e.valid) {
        for (const core::Issue& i : e.issues)
            if (i.severity == core::Severity::Error)
                std::cerr << "shardscope: invalid scenario: " << core::describe(i) << "\n";
        if (format == "json")
            std::cout << core::estimateToJson(load.scenario, e, load.issues);
        return kExitInvalid;
    }
    if (format == "json")
        std::cout << core::estimateToJson(load.scenario, e, load.issues, explain ? &working : nullptr);
    else
        std::cout << core::estimateToTable(load.scenario, e, load.issues, explain ? &working : nullptr);
    return 0;
}

int runCommandLine(const std::vector<std::string>& args)
{
    if (args.empty())
        return -1;
    const std::string& command = args[0];
    if (command == "estimate")
        return estimateCommand(args);
    if (command == "export")
        return exportCommand(args);
    if (command == "presets")
        return listPresets();
    if (command == "--help" || command == "-h" || command == "help") {
        std::cout << kUsage;
        return 0;
    }
    if (command == "--version") {
        std::cout << "shardscope 0.1.0\n";
        return 0;
    }
    return -1;
}
