#include "app/cli/cli.h"

#include <QFile>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "app/cli/accuracycommand.h"
#include "app/cli/advisecommand.h"
#include "app/cli/exportcommand.h"
#include "app/cli/importcommand.h"
#include "app/cli/plancommand.h"
#include "app/cli/quantizecommand.h"
#include "app/cli/scenariooptions.h"
#include "app/cli/windowoptions.h"
#include "app/documents/filesaver.h"
#include "core/estimate.h"
#include "core/accuracy/builtin.h"
#include "core/io/accuracy_io.h"
#include "core/io/estimate_io.h"
#include "core/calibration/memorylog.h"
#include "core/calibration/residuals.h"
#include "core/io/servingtimeline_io.h"
#include "core/timeline/servingtimeline.h"
#include "core/timeline/steptimeline.h"
#include "core/io/hfconfig.h"
#include "core/io/launchconfig.h"
#include "core/io/plan_io.h"
#include "core/plan/planner.h"
#include "core/io/jsonlimits.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"
#include "core/io/sharelink.h"
#include "core/model.h"
#include "core/working.h"

namespace {

const char* kUsage =
    "usage: shardscope [FILE.json]                      open the explorer window\n"
    "       shardscope estimate FILE.json|--default [--format table|json] [--unit GB|GiB] [--set section.key=value ...] [--explain] [--timeline] [--measured LOG]\n"
    "                  a scenario's measurements section is set beside the estimate; --measured LOG replaces it for this run\n"
    "       shardscope advise FILE.json|--default [--format table|json] [--unit GB|GiB] [--set ...]   what to try first\n"
    "       shardscope export FILE.json|--default --out FILE.(png|svg|pdf|gif) [--view memory|comparison|gauges|bits|dashboard|step]\n"
    "                  [--size WxH] [--scale N] [--transparent] [--theme light|dark|high-contrast-light|high-contrast-dark]\n"
    "                  [--title TEXT] [--no-caption] [--lang en|zh_CN] [--unit GB|GiB] [--value X] [--set ...]\n"
    "                  [--format png|svg|pdf|gif|png-sequence] [--frames N] [--fps F]   (gif, png-sequence: --view step played)\n"
    "       shardscope plan FILE.json|--default [--format table|json] [--top N] [--objective time|cost|headroom]\n"
    "                  [--pin section.key=value|<=value|>=value ...] [--bound X] [--set ...]   rank every layout\n"
    "                  a serving scenario: [--ttft-ms MS] [--tpot-ms MS] [--concurrency N | --rate REQ/S]\n"
    "                  [--weight-formats bf16,fp8] [--kv-dtypes bf16,fp8] [--engines vllm,sglang,tensorrt_llm|none]\n"
    "       shardscope launch FILE.json|--default --framework megatron|deepspeed|torchtitan|vllm|sglang|tensorrt_llm [--set ...]\n"
    "                  the scenario's layout as the framework's launch settings\n"
    "       shardscope import-hf CONFIG.json [--out SCENARIO.json]   a scenario from a Hugging Face config.json\n"
    "       shardscope import FILE [--format NAME] [--gpus N] [--out SCENARIO.json]   a scenario from a framework's launch file\n"
    "                  (Megatron-LM script, DeepSpeed JSON, torchtitan TOML, Megatron-Bridge/axolotl/LLaMA-Factory/TRL/verl YAML,\n"
    "                  vLLM/SGLang/TensorRT-LLM/OpenRLHF command line); what it used, ignored and could not express on stderr\n"
    "       shardscope link FILE.json|--default [--set ...]   the scenario as a shardscope://v1? link; every command takes\n"
    "                  such a link where it takes FILE.json\n"
    "       shardscope presets                          list model and GPU presets\n"
    "       shardscope accuracy [--corpus steptime|memory|serving|all] [--format table|json|markdown] [--rows]\n"
    "                  the estimate against public measurements, held out source by source, by regime\n"
    "       shardscope quantize --dist normal|laplace|lognormal|outliers|FILE.npy --to FORMAT [--scaling ...] [--group N]\n"
    "                  [--format table|json] ...         a tensor stored in a number format: what is lost (--help)\n"
    "Exit status: 0 success, 2 invalid scenario or arguments, or a file that cannot be read or written\n"
    "(the reason is printed on stderr).\n";

/// Reads a whole regular file within `maxBytes` (the core's reader: a FIFO, a device or a huge
/// file is refused unread); on failure prints "cannot read PATH: reason" and returns false.
bool readFile(const std::string& path, std::size_t maxBytes, std::string& text)
{
    std::vector<core::Issue> issues;
    if (core::readInputFile(path, maxBytes, text, issues))
        return true;
    core::Issue reason = issues.front();
    reason.path.clear(); // named once, before the reason
    std::cerr << "shardscope: cannot read " << path << ": " << core::describe(reason) << "\n";
    return false;
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
            std::printf("    %-13s %-40s %6.1f GiB  %7.1f TFLOP/s %s  %5.2f TB/s%s\n", g.preset.c_str(), g.name.c_str(),
                        g.memoryBytes / (1024.0 * 1024 * 1024), bf16 ? g.peakBf16Tflops : g.peakFp16Tflops, bf16 ? "bf16" : "fp16",
                        g.memoryBandwidthBytesPerSecond / 1e12, bf16 ? "" : "  (no BF16 tensor cores)");
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
    if (core::looksLikeShareLink(path)) {
        // A shared link (shardscope://v1?…) is a scenario wherever a file is (issue 30).
        load = core::openShareLink(path, sets);
        for (const core::Issue& i : load.issues)
            if (i.severity == core::Severity::Error)
                std::cerr << "shardscope: link: " << core::describe(i) << "\n";
        return load.ok;
    }
    if (path == "--default") {
        text = std::string(core::defaultScenarioJson());
    } else {
        if (!readFile(path, core::limits::kScenario.maxBytes, text))
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
    ScenarioOptions options(ScenarioOptions::Format | ScenarioOptions::Unit);
    bool explain = false, timeline = false;
    std::string measuredFile;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--measured") {
            if (i + 1 >= args.size())
                return usageError("--measured needs a log file");
            measuredFile = args[++i];
        } else if (a == "--explain") {
            explain = true;
        } else if (a == "--timeline") {
            timeline = true;
        } else if (const ScenarioOptions::Take t = options.take(args, i); t == ScenarioOptions::Take::Error) {
            return usageError(options.error());
        } else if (t == ScenarioOptions::Take::No) {
            return usageError("unexpected argument '" + a + "'");
        }
    }
    if (!options.finish("estimate"))
        return usageError(options.error());
    const std::string& format = options.format;
    const core::PrintUnit unit = options.unit;
    core::ScenarioLoad load;
    if (!loadScenarioArgument(options.file, options.sets, load))
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
    core::ServingTimeline serving;
    const bool servingRun = load.scenario.mode == core::Mode::Inference;
    if (timeline && servingRun)
        core::servingTimeline(load.scenario, serving);
    else if (timeline)
        core::stepTimeline(load.scenario, steps);
    // What a real run printed, beside the prediction of the same counter: --measured LOG, or
    // else the scenario's own measurements section. A log given replaces the stored section for
    // this run (two runs' numbers are never mixed); the file is not changed.
    core::Calibration measured;
    const int perNode = load.scenario.parallel.gpusPerNode;
    if (!measuredFile.empty()) {
        std::string text;
        if (!readFile(measuredFile, core::limits::kLog.maxBytes, text))
            return kExitInvalid;
        measured.log = core::parseMemoryLog(text);
        measured.residuals = core::residuals(e, measured.log, perNode);
        for (const core::LogIssue& i : measured.log.issues)
            std::cerr << "shardscope: " << measuredFile << ": " << core::describe(i) << "\n";
        if (measured.log.measurements.empty())
            return kExitInvalid; // nothing to compare: explained above, never guessed
    } else if (!load.scenario.measured.entries.empty()) {
        const core::MeasuredRun& run = load.scenario.measured;
        measured.source = core::Calibration::Source::Scenario;
        measured.log.measurements = run.entries;
        measured.residuals = core::residuals(e, measured.log, perNode);
        measured.label = run.label;
        measured.date = run.date;
        measured.origin = run.origin;
    }
    const core::Calibration* calibration = measuredFile.empty() && measured.log.measurements.empty() ? nullptr : &measured;
    // How far public runs like this one were from the estimate (resources/corpus/): in the JSON,
    // and as the working's last step-time line.
    core::EstimateBands bands;
    core::attachBands(load.scenario, e, core::builtInBands(), bands);
    if (explain)
        core::addBandWorking(bands, working);
    if (format == "json") {
        std::cout << core::estimateToJson(load.scenario, e, load.issues, explain ? &working : nullptr, timeline && !servingRun ? &steps : nullptr,
                                          calibration, timeline && servingRun ? &serving : nullptr, &bands);
    } else {
        std::cout << core::estimateToTable(load.scenario, e, load.issues, explain ? &working : nullptr, unit);
        if (timeline)
            std::cout << (servingRun ? core::servingTimelineToTable(serving, unit) : core::timelineToTable(steps, unit));
        if (calibration)
            std::cout << core::calibrationToTable(measured, e);
    }
    return 0;
}


/// `launch FILE.json --framework NAME`: the scenario's layout as that framework's settings.
static int launchCommand(const std::vector<std::string>& args)
{
    ScenarioOptions options;
    std::string framework;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--framework" && i + 1 < args.size())
            framework = args[++i];
        else if (options.take(args, i) == ScenarioOptions::Take::No)
            return usageError("unexpected argument '" + a + "'");
    }
    if (!options.finish("launch"))
        return usageError(options.error());
    core::LaunchFramework f = core::LaunchFramework::Megatron;
    bool known = false;
    for (core::LaunchFramework v : {core::LaunchFramework::Megatron, core::LaunchFramework::DeepSpeed, core::LaunchFramework::Torchtitan,
                                    core::LaunchFramework::Vllm, core::LaunchFramework::Sglang, core::LaunchFramework::TensorRtLlm})
        if (framework == core::launchFrameworkName(v)) {
            f = v;
            known = true;
        }
    if (!known)
        return usageError("--framework must be megatron, deepspeed, torchtitan, vllm, sglang or tensorrt_llm");
    core::ScenarioLoad load;
    if (!loadScenarioArgument(options.file, options.sets, load))
        return kExitInvalid;
    if (core::isServingFramework(f) != (load.scenario.mode == core::Mode::Inference))
        return usageError(core::isServingFramework(f) ? "--framework " + framework + " launches a serving scenario (mode inference)"
                                                      : "a serving scenario launches with --framework vllm, sglang or tensorrt_llm");
    const core::Estimate e = core::estimate(load.scenario);
    if (!e.valid) {
        for (const core::Issue& i : e.issues)
            if (i.severity == core::Severity::Error)
                std::cerr << "shardscope: invalid scenario: " << core::describe(i) << "\n";
        return kExitInvalid;
    }
    // What the framework cannot express goes to stderr as well as into the file's comments.
    const core::LaunchFile launch = core::launchFile(load.scenario, f);
    for (const core::LaunchNote& n : launch.notes)
        std::cerr << "shardscope: note: " << core::describe(n) << "\n";
    std::cout << launch.text;
    return 0;
}

/// What an import read, for the terminal: "62 layers, hidden 5376, …", so a wrong shape (a missed
/// text_config, a silent default) shows before any estimate is made from it.
static std::string importedShape(const core::HfImport& imported)
{
    const core::ModelArchitecture& m = imported.model;
    std::ostringstream o;
    const double total = core::countParameters(m).total;
    o.setf(std::ios::fixed);
    o.precision(2);
    o << (imported.modelType.empty() ? std::string("model") : imported.modelType) << ": " << std::llround(total) << " parameters ("
      << total / 1e9 << " B)";
    if (m.isMoE())
        o << ", " << core::countParameters(m).active / 1e9 << " B active";
    o << "; " << m.numLayers << " layers, hidden " << m.hiddenSize << ", FFN " << m.ffnHiddenSize << ", " << m.numAttentionHeads
      << " heads (" << m.numQueryGroups << " KV, head dim " << m.effectiveHeadDim() << "), vocabulary " << m.vocabSize
      << (m.tiedEmbeddings ? ", tied embeddings" : "");
    if (m.isMoE())
        o << "; " << m.numExperts << " experts, " << m.moeTopK << " per token, " << m.numSharedExperts << " shared, expert FFN "
          << m.moeFfnHiddenSize;
    if (m.slidingWindow > 0) {
        o << "; attention window " << m.slidingWindow << " tokens on ";
        if (m.globalLayerEvery > 1)
            o << (m.globalLayerEvery - 1) << " of every " << m.globalLayerEvery << " layers (" << m.globalLayersIn(0, m.numLayers)
              << " attend to the whole context)";
        else
            o << "every layer";
    } else {
        o << "; every layer attends to the whole context";
    }
    return o.str();
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
    // The scenario over the config it was read from replaced the config without a word (issue 32.5).
    std::error_code same;
    if (!out.empty() && std::filesystem::equivalent(file, out, same))
        return usageError("--out " + out + " is the config.json being read: write the scenario to another file");
    std::string text;
    if (!readFile(file, core::limits::kHfConfig.maxBytes, text))
        return kExitInvalid;
    const core::HfImport imported = core::importHfConfig(text);
    for (const core::Issue& i : imported.issues)
        std::cerr << "shardscope: " << file << ": " << (i.severity == core::Severity::Error ? "" : "warning: ") << core::describe(i) << "\n";
    if (!imported.ok)
        return kExitInvalid;
    std::cerr << "shardscope: " << file << ": used " << imported.used.size() << " keys, ignored " << imported.ignored.size()
              << " that do not affect memory\n";
    if (!imported.defaulted.empty()) {
        std::cerr << "shardscope: " << file << ": not in the file, taken from the " << imported.modelType << " defaults of transformers:";
        for (const std::string& key : imported.defaulted)
            std::cerr << " " << key;
        std::cerr << "\n";
    }
    if (!imported.notExpressed.empty()) {
        std::cerr << "shardscope: " << file << ": read but not expressed (estimated without them):";
        for (const std::string& key : imported.notExpressed)
            std::cerr << " " << key;
        std::cerr << "\n";
    }
    std::cerr << "shardscope: " << file << ": " << importedShape(imported) << "\n";
    core::Scenario scenario = core::defaultScenario();
    scenario.model = imported.model;
    if (scenario.model.name.empty())
        scenario.model.name = imported.modelType.empty() ? std::string("imported model") : imported.modelType;
    if (imported.hasQuantization)
        scenario.inference.weights = imported.quantization;
    // The scenario written must be one `estimate` takes (issue 32 item 10): the model alone was
    // checked by the importer, the scenario around it here.
    std::vector<core::Issue> rules;
    core::validate(scenario, rules);
    if (core::hasErrors(rules)) {
        for (const core::Issue& i : rules)
            if (i.severity == core::Severity::Error)
                std::cerr << "shardscope: " << file << ": invalid scenario: " << core::describe(i) << "\n";
        return kExitInvalid;
    }
    const std::string json = core::saveScenario(scenario, "Imported from " + file);
    if (out.empty()) {
        std::cout << json;
        return 0;
    }
    // Atomically, like the window's Save: a failed write (a full disk) leaves the old file.
    QString reason;
    if (!FileSaver::save(QFile::decodeName(out.c_str()), QByteArray::fromStdString(json), &reason)) {
        std::cerr << "shardscope: cannot write " << out << ": " << reason.toStdString() << "\n";
        return kExitInvalid;
    }
    return 0;
}

namespace {

int helpCommand(const std::vector<std::string>&)
{
    std::cout << kUsage;
    return 0;
}

int versionCommand(const std::vector<std::string>&)
{
    std::cout << "shardscope 0.1.0\n";
    return 0;
}

int presetsCommand(const std::vector<std::string>&)
{
    return listPresets();
}

/// Every command, one row per spelling: adding one is one row (issue 32.15: anything else was
/// taken for a file to open and died on the display).
struct Command
{
    std::string_view name;
    int (*run)(const std::vector<std::string>& args);
};
constexpr Command kCommands[] = {
    {"estimate", estimateCommand}, {"advise", adviseCommand},       {"export", exportCommand},   {"plan", planCommand},
    {"launch", launchCommand},     {"import-hf", importHfCommand},  {"import", importCommand},   {"link", linkCommand},
    {"presets", presetsCommand},   {"quantize", quantizeCommand},   {"accuracy", accuracyCommand},
    {"help", helpCommand},         {"--help", helpCommand},         {"-h", helpCommand},         {"--version", versionCommand},
    {"-v", versionCommand},
};

/// Options that belong to a command, not to the window ("shardscope --default").
bool isCommandOption(std::string_view a)
{
    for (std::string_view o : {"--default", "--set", "--format", "--unit", "--explain", "--timeline", "--measured", "--out", "--view",
                               "--top", "--objective", "--pin", "--bound", "--framework", "--dist", "--to",
                               "--corpus", "--rows", "--gpus"})
        if (a.substr(0, a.find('=')) == o)
            return true;
    return false;
}

/// "no such command": the nearest command's name, or the usage.
int noSuchCommand(const std::string& given, const std::string& what)
{
    std::vector<std::string> names;
    for (const Command& c : kCommands)
        if (c.name.front() != '-')
            names.emplace_back(c.name);
    const std::string nearest = core::nearestName(given, names);
    std::string message = what;
    if (!nearest.empty())
        message += " (did you mean '" + nearest + "'?)";
    return usageError(message);
}

/// The window needs a display: without one Qt aborts (SIGABRT, exit 134) after "could not
/// connect to display". Said here instead, with exit 2, unless a platform is chosen (offscreen).
int windowOrNoDisplay(const std::vector<std::string>& args)
{
#if defined(__linux__)
    const auto set = [](const char* name) { const char* v = std::getenv(name); return v && *v; };
    bool platformGiven = set("QT_QPA_PLATFORM");
    for (const std::string& a : args)
        platformGiven = platformGiven || a == "-platform";
    if (!platformGiven && !set("DISPLAY") && !set("WAYLAND_DISPLAY")) {
        std::cerr << "shardscope: no display to open the window on (DISPLAY is not set); the commands run without one:\n" << kUsage;
        return kExitInvalid;
    }
#endif
    (void)args;
    return -1;
}

/// Runs a command with every failure to allocate turned into a message: the work is bounded
/// where the input sets it (the timeline, the planner, titles, export sizes), and this is the
/// last line, so that no std::bad_alloc ends the process with an abort (exit 134).
int runGuarded(const Command& c, const std::vector<std::string>& args)
{
    try {
        return c.run(args);
    } catch (const std::bad_alloc&) {
        std::cerr << "shardscope: " << c.name << ": out of memory (the input asks for more than this machine can hold)\n";
        return kExitInvalid;
    } catch (const std::length_error&) {
        std::cerr << "shardscope: " << c.name << ": out of memory (the input asks for more than this machine can hold)\n";
        return kExitInvalid;
    }
}

} // namespace

int runCommandLine(const std::vector<std::string>& args)
{
    if (args.empty())
        return windowOrNoDisplay(args);
    const std::string& first = args[0];
    for (const Command& c : kCommands)
        if (first == c.name)
            return runGuarded(c, args);
    if (!first.empty() && first[0] == '-') {
        if (isWindowOption(first))
            return windowOrNoDisplay(args);
        if (isCommandOption(first))
            return usageError("'" + first + "' is an option of a command, not of the window: shardscope estimate " + first + " ...");
        return usageError("unknown option '" + first + "'");
    }
    // Not a command: the window opens it as a scenario file, if there is one.
    std::error_code error;
    if (!std::filesystem::exists(std::filesystem::path(first), error))
        return noSuchCommand(first, "no such command or file: '" + first + "'");
    return windowOrNoDisplay(args);
}
