#include "app/cli/cli.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "app/cli/advisecommand.h"
#include "app/cli/exportcommand.h"
#include "app/cli/quantizecommand.h"
#include "core/estimate.h"
#include "core/io/estimate_io.h"
#include "core/calibration/memorylog.h"
#include "core/calibration/residuals.h"
#include "core/timeline/steptimeline.h"
#include "core/io/hfconfig.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"
#include "core/model.h"
#include "core/working.h"

namespace {

const char* kUsage =
    "usage: shardscope [FILE.json]                      open the explorer window\n"
    "       shardscope estimate FILE.json|--default [--format table|json] [--unit GB|GiB] [--set section.key=value ...] [--explain] [--timeline] [--measured LOG]\n"
    "       shardscope advise FILE.json|--default [--format table|json] [--unit GB|GiB] [--set ...]   what to try first\n"
    "       shardscope export FILE.json|--default --out FILE.(png|svg|pdf) [--view memory|comparison|gauges|bits|dashboard|step]\n"
    "                  [--size WxH] [--scale N] [--transparent] [--theme light|dark|high-contrast-light|high-contrast-dark]\n"
    "                  [--title TEXT] [--no-caption] [--lang en|zh_CN] [--unit GB|GiB] [--value X] [--set ...]\n"
    "       shardscope import-hf CONFIG.json [--out SCENARIO.json]   a scenario from a Hugging Face config.json\n"
    "       shardscope presets                          list model and GPU presets\n"
    "       shardscope quantize --dist normal|laplace|lognormal|outliers|FILE.npy --to FORMAT [--scaling ...] [--group N]\n"
    "                  [--format table|json] ...         a tensor stored in a number format: what is lost (--help)\n"
    "Exit status: 0 success, 2 invalid scenario or arguments (the reason is printed on stderr).\n";

/// Reads a whole file; on failure prints "cannot read PATH: reason" and returns false.
bool readFile(const std::string& path, std::string& text)
{
    std::error_code ec;
    const char* reason = nullptr;
    if (!std::filesystem::exists(path, ec))
        reason = "no such file";
    else if (std::filesystem::is_directory(path, ec))
        reason = "it is a directory";
    std::ifstream in(path, std::ios::binary);
    if (!reason && !in)
        reason = "permission denied or unreadable";
    if (reason) {
        std::cerr << "shardscope: cannot read " << path << ": " << reason << "\n";
        return false;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
    return true;
}


int listPresets()
{
    // Grouped as the pickers group them: by family, in the order the preset files name them.
    std::cout << "Models (published parameters; MoE: parameters active per token):\n";
    for (const std::string& family : core::modelPresetFamilies()) {
        std::printf("  %s\n", family.c_str());
        for (const core::ModelPreset& p : core::modelPresets()) {
            if (p.family != family)
                continue;
            std::printf("    %-20s %-33s %10.4g", p.model.preset.c_str(), p.model.name.c_str(), p.publishedParameters);
            if (p.model.isMoE())
                std::printf("  active %.4g", core::countParameters(p.model).active);
            std::printf("\n");
        }
    }
    std::cout << "GPUs (memory, dense 16-bit tensor peak, memory bandwidth):\n";
    for (const std::string& family : core::gpuPresetFamilies()) {
        std::printf("  %s\n", family.c_str());
        for (const core::GpuSpec& g : core::gpuPresets()) {
            if (core::gpuPresetFamily(g.preset) != family)
                continue;
            const bool bf16 = g.peakBf16Tflops > 0; // V100 and T4 have FP16 tensor cores only
            std::printf("    %-13s %-40s %6.1f GiB  %7.1f TFLOP/s %s  %5.2f TB/s\n", g.preset.c_str(), g.name.c_str(),
                        g.memoryBytes / (1024.0 * 1024 * 1024), bf16 ? g.peakBf16Tflops : g.peakFp16Tflops, bf16 ? "bf16" : "fp16",
                        g.memoryBandwidthBytesPerSecond / 1e12);
        }
    }
    return 0;
}

} // namespace

int usageError(const std::string& message)
{
    std::cerr << "shardscope: " << message << "\n" << kUsage;
    return kExitInvalid;
}

bool parsePrintUnit(const std::string& text, core::PrintUnit& unit)
{
    if (text == "GB" || text == "gb")
        unit = core::PrintUnit::GB;
    else if (text == "GiB" || text == "gib")
        unit = core::PrintUnit::GiB;
    else
        return false;
    return true;
}

bool loadScenarioArgument(const std::string& path, const std::vector<std::string>& sets, core::ScenarioLoad& load)
{
    std::string text;
    if (path == "--default") {
        text = std::string(core::defaultScenarioJson());
    } else {
        if (!readFile(path, text))
            return false;
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
    bool explain = false, timeline = false;
    std::string measuredFile;
    core::PrintUnit unit = core::PrintUnit::GB;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--measured") {
            if (i + 1 >= args.size())
                return usageError("--measured needs a log file");
            measuredFile = args[++i];
            continue;
        }
        if (a == "--format" && i + 1 < args.size()) {
            format = args[++i];
            if (format != "table" && format != "json")
                return usageError("--format must be table or json");
        } else if (a == "--unit" && i + 1 < args.size()) {
            if (!parsePrintUnit(args[++i], unit))
                return usageError("--unit must be GB or GiB");
        } else if (a == "--set" && i + 1 < args.size()) {
            sets.push_back(args[++i]);
        } else if (a.rfind("--set=", 0) == 0) {
            sets.push_back(a.substr(6));
        } else if (a == "--explain") {
            explain = true;
        } else if (a == "--timeline") {
            timeline = true;
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
    core::StepTimeline steps;
    if (timeline)
        core::stepTimeline(load.scenario, steps);
    // --measured LOG: what a real run printed, beside the prediction of the same counter.
    core::Calibration measured;
    if (!measuredFile.empty()) {
        std::string text;
        if (!readFile(measuredFile, text))
            return kExitInvalid;
        measured.log = core::parseMemoryLog(text);
        measured.residuals = core::residuals(e, measured.log);
        for (const core::LogIssue& i : measured.log.issues)
            std::cerr << "shardscope: " << measuredFile << ": " << core::describe(i) << "\n";
        if (measured.log.measurements.empty())
            return kExitInvalid; // nothing to compare: explained above, never guessed
    }
    const core::Calibration* calibration = measuredFile.empty() ? nullptr : &measured;
    if (format == "json") {
        std::cout << core::estimateToJson(load.scenario, e, load.issues, explain ? &working : nullptr, timeline ? &steps : nullptr,
                                          calibration);
    } else {
        std::cout << core::estimateToTable(load.scenario, e, load.issues, explain ? &working : nullptr, unit);
        if (timeline)
            std::cout << core::timelineToTable(steps, unit);
        if (calibration)
            std::cout << core::calibrationToTable(measured, e);
    }
    return 0;
}


/// `import-hf CONFIG.json`: the default scenario with the model replaced by the config's
/// architecture; every key is reported as used, ignored (no effect on memory) or not understood.
static int importHfCommand(const std::vector<std::string>& args)
{
    std::string file, out;
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (args[i] == "--out" && i + 1 < args.size())
            out = args[++i];
        else if (file.empty() && !args[i].empty() && args[i][0] != '-')
            file = args[i];
        else
            return usageError("unexpected argument '" + args[i] + "'");
    }
    if (file.empty())
        return usageError("import-hf needs a config.json");
    std::string text;
    if (!readFile(file, text))
        return kExitInvalid;
    const core::HfImport imported = core::importHfConfig(text);
    for (const core::Issue& i : imported.issues)
        std::cerr << "shardscope: " << file << ": " << (i.severity == core::Severity::Error ? "" : "warning: ") << core::describe(i) << "\n";
    if (!imported.ok)
        return kExitInvalid;
    std::cerr << "shardscope: " << file << ": used " << imported.used.size() << " keys, ignored " << imported.ignored.size()
              << " that do not affect memory\n";
    core::Scenario scenario = core::defaultScenario();
    scenario.model = imported.model;
    if (scenario.model.name.empty())
        scenario.model.name = imported.modelType.empty() ? std::string("imported model") : imported.modelType;
    if (imported.hasQuantization)
        scenario.inference.weights = imported.quantization;
    const std::string json = core::saveScenario(scenario, "Imported from " + file);
    if (out.empty()) {
        std::cout << json;
        return 0;
    }
    std::ofstream o(out, std::ios::binary | std::ios::trunc);
    if (!(o << json)) {
        std::cerr << "shardscope: cannot write " << out << "\n";
        return 1;
    }
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
    if (command == "advise")
        return adviseCommand(args);
    if (command == "presets")
        return listPresets();
    if (command == "import-hf")
        return importHfCommand(args);
    if (command == "quantize")
        return quantizeCommand(args);
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
