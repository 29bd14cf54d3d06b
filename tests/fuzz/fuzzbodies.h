#pragma once

// What each fuzz target does with one input, shared by the libFuzzer entry points
// (fuzz_*.cpp, clang -fsanitize=fuzzer) and by tst_fuzzcorpus, which replays every checked-in
// corpus file (crashers included) in the ordinary test run. Each body returns normally for any
// input; a broken invariant aborts with a message, which the fuzzer reports as a crash.

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/calibration/memorylog.h"
#include "core/calibration/residuals.h"
#include "core/estimate.h"
#include "core/io/deck.h"
#include "core/io/estimate_io.h"
#include "core/io/hfconfig.h"
#include "core/io/importfile.h"
#include "core/io/sharelink.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"
#include "core/io/tensorfile.h"
#include "core/numerics/tensorstudio.h"
#include "core/working.h"

namespace fuzz {

[[noreturn]] inline void fail(const char* what)
{
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::abort();
}

inline void check(bool condition, const char* what)
{
    if (!condition)
        fail(what);
}

/// Estimate with the working, both output formats: what `estimate --explain` runs. Without
/// the working (`withWorking` false) it is ~20 times faster under the sanitizers.
inline void estimateEverything(const core::Scenario& s, const std::vector<core::Issue>& loadIssues, bool withWorking = true)
{
    core::Working working;
    const core::Estimate e = core::estimate(s, withWorking ? &working : nullptr);
    const core::Working* shown = e.valid && withWorking ? &working : nullptr;
    const std::string json = core::estimateToJson(s, e, loadIssues, shown);
    const std::string table = withWorking ? core::estimateToTable(s, e, loadIssues, shown) : std::string("-");
    check(!json.empty() && !table.empty(), "estimate output is empty");
    for (const core::Issue& i : e.issues)
        check(!core::describe(i).empty(), "an estimate issue has no text");
}

/// A scenario saved and read back is the same scenario, and saving it again gives the same bytes.
inline void roundTrip(const core::Scenario& s, const std::string& title)
{
    const std::string saved = core::saveScenario(s, title);
    const core::ScenarioLoad again = core::loadScenario(saved);
    check(again.ok, "a saved scenario does not load");
    check(again.scenario == s, "a saved scenario loads as a different scenario");
    check(core::saveScenario(again.scenario, again.title) == saved, "saving twice gives different files");
}

/// Scenario file: load → estimate → working → save → reload (estimate, the window's Open).
inline int scenario(const std::uint8_t* data, std::size_t size)
{
    const core::ScenarioLoad load = core::loadScenario(std::string_view(reinterpret_cast<const char*>(data), size));
    for (const core::Issue& i : load.issues)
        check(!core::describe(i).empty(), "a load issue has no text");
    if (!load.ok)
        return 0;
    estimateEverything(load.scenario, load.issues);
    roundTrip(load.scenario, load.title);
    return 0;
}

/// Hugging Face config.json: import → scenario → estimate → save → reload (import-hf).
inline int hfConfig(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const core::HfImport imported = core::importHfConfig(text);
    (void)core::looksLikeHfConfig(text);
    for (const core::Issue& i : imported.issues)
        check(!core::describe(i).empty(), "an import issue has no text");
    if (!imported.ok)
        return 0;
    core::Scenario s = core::defaultScenario();
    s.model = imported.model;
    if (imported.hasQuantization)
        s.inference.weights = imported.quantization;
    estimateEverything(s, imported.issues);
    roundTrip(s, "imported");
    return 0;
}

/// --set overrides: each line of the input is one argument, applied to the default scenario.
/// Nearly every input is a valid scenario, so the working (which fuzz_scenario covers) is left
/// out: the parsing of the arguments is what this target is for.
inline int overrides(const std::uint8_t* data, std::size_t size)
{
    std::vector<std::string> sets;
    std::string line;
    for (std::size_t i = 0; i < size && sets.size() < 64; ++i) {
        if (data[i] == '\n') {
            sets.push_back(line);
            line.clear();
        } else {
            line.push_back(char(data[i]));
        }
    }
    sets.push_back(line);
    const core::ScenarioLoad load = core::loadScenario(core::defaultScenarioJson(), sets);
    for (const core::Issue& i : load.issues)
        check(!core::describe(i).empty(), "an override issue has no text");
    if (!load.ok)
        return 0;
    estimateEverything(load.scenario, load.issues, false);
    roundTrip(load.scenario, load.title);
    return 0;
}

/// Deck: load → save → reload (the presentation window's Open and Save).
inline int deck(const std::uint8_t* data, std::size_t size)
{
    const core::DeckLoad load = core::loadDeck(std::string_view(reinterpret_cast<const char*>(data), size));
    for (const core::Issue& i : load.issues)
        check(!core::describe(i).empty(), "a deck issue has no text");
    if (!load.ok)
        return 0;
    const std::string saved = core::saveDeck(load.deck);
    const core::DeckLoad again = core::loadDeck(saved);
    check(again.ok, "a saved deck does not load");
    check(again.deck.scenes.size() == load.deck.scenes.size(), "a saved deck has a different number of scenes");
    for (std::size_t i = 0; i < again.deck.scenes.size(); ++i)
        check(again.deck.scenes[i].scenario == load.deck.scenes[i].scenario, "a saved deck's scene loads differently");
    check(core::saveDeck(again.deck) == saved, "saving a deck twice gives different files");
    // The first scene as the presentation shows it.
    estimateEverything(load.deck.scenes.front().scenario, {});
    return 0;
}

/// One tensor file read both ways the studio reads files (.npy, text), then, if it loads,
/// stored in every format's usual recipe and with percentile clipping (the tensor studio and
/// `shardscope quantize FILE`).
inline void tensorLoaded(const core::TensorLoad& load)
{
    if (!load.ok) {
        check(load.error != core::TensorFileError::None && !core::describe(load).empty(), "a refused tensor file has no reason");
        return;
    }
    const core::Tensor& t = load.tensor;
    check(t.rows >= 1 && t.cols >= 1 && t.size() == std::int64_t(t.values.size()), "a tensor's shape does not match its values");
    check(t.size() <= core::kMaxTensorValues, "a tensor beyond kMaxTensorValues was read");
    for (float v : t.values)
        check(std::isfinite(v), "a tensor file gave a value that is not finite");
    core::TensorStudio studio;
    studio.setMaxThreads(1);
    studio.setTensor(t);
    core::TensorAnalysis analysis;
    auto fraction = [](double f) { return f >= 0 && f <= 1; };
    for (core::TensorFormat format : core::kTensorFormats) {
        studio.analyse(core::defaultRecipe(format), analysis);
        if (analysis.error != core::RecipeError::None)
            continue; // e.g. INT4's groups of 128 on a shorter row: refused with a code
        const core::TensorStats& st = analysis.stats;
        check(st.count == t.size(), "the analysis counted a different number of values");
        check(fraction(st.underflowFraction) && fraction(st.overflowFraction) && fraction(st.saturationFraction)
                  && fraction(st.subnormalFraction),
              "a fraction of the values is outside 0 ... 1");
        check(st.effectiveBits > 0, "a stored tensor takes no bits");
    }
    core::QuantRecipe clipped = core::defaultRecipe(core::TensorFormat::Int8);
    clipped.scaling = core::Scaling::Tensor;
    clipped.clipping = core::Clipping::Percentile;
    clipped.percentile = 99.0;
    studio.analyse(clipped, analysis);
}

/// Tensor file (.npy or text): the tensor studio's Open and `shardscope quantize --dist FILE`.
/// -max_len keeps tensors to a few thousand values, so every format's analysis is affordable.
inline int tensorFile(const std::uint8_t* data, std::size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    tensorLoaded(core::readTensorFile("input.npy", bytes));
    tensorLoaded(core::readTensorFile("input.csv", bytes));
    return 0;
}

/// Pasted memory log: parse → residuals against the default scenario's estimate → JSON and
/// table (the step dock's calibration dialog, `estimate --measured LOG`). Every line goes
/// through all six formats' readers (core/calibration/memorylog.h), so one target covers them.
inline int memoryLog(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const core::ParsedLog log = core::parseMemoryLog(text);
    check(log.lines >= 0 && log.recognisedLines >= 0 && log.recognisedLines <= log.lines, "a log's line counts are inconsistent");
    check(!log.measurements.empty() || !log.issues.empty(), "a log gave neither a number nor a reason");
    for (const core::Measurement& m : log.measurements) {
        check(m.format < core::LogFormat::Count && m.quantity < core::MeasuredQuantity::Count, "a measurement has no format or quantity");
        check(std::isfinite(m.value) && m.value >= 0, "a log gave a size that is negative or not finite");
        check(std::isfinite(m.resolution) && m.resolution >= 0, "a log gave a resolution that is negative or not finite");
        check(m.line >= 1 && m.line <= log.lines, "a measurement names a line outside the log");
        check(m.rank >= -1, "a measurement has a negative rank other than -1 (none)");
        check(!core::logFormatName(m.format).empty() && !core::measuredQuantityName(m.quantity).empty(), "a measurement has no name");
    }
    for (const core::LogIssue& i : log.issues) {
        check(i.code < core::LogIssueCode::Count, "a log issue has no code");
        check(i.line >= 0 && i.line <= log.lines, "a log issue names a line outside the log");
        check(i.text.size() <= 80, "a log issue quotes more than 80 characters");
        check(!core::describe(i).empty() && !core::logIssueCodeName(i.code).empty(), "a log issue has no text");
    }
    check(core::parseMemoryLog(text) == log, "parsing a log twice gives different results");

    static const core::Scenario scenario = core::defaultScenario();
    static const core::Estimate estimate = core::estimate(scenario);
    core::Calibration calibration;
    calibration.log = log;
    calibration.residuals = core::residuals(estimate, log);
    check(calibration.residuals.size() <= log.measurements.size(), "more residuals than measurements");
    for (const core::Residual& r : calibration.residuals) {
        check(r.status < core::ResidualStatus::Count, "a residual has no status");
        check(std::isfinite(r.measured) && std::isfinite(r.predicted) && std::isfinite(r.percent), "a residual is not finite");
        if (r.status == core::ResidualStatus::Compared)
            check(r.group >= 0 && std::size_t(r.group) < estimate.groups.size(), "a compared residual names no rank group");
    }
    // The JSON's "measured" block is written the same way whatever the estimate; an estimate
    // marked invalid leaves out the rank groups' figures, which fuzz_scenario covers and which
    // took most of this target's time.
    static const core::Estimate withoutFigures = [] {
        core::Estimate e = estimate;
        e.valid = false;
        return e;
    }();
    const std::string json = core::estimateToJson(scenario, withoutFigures, {}, nullptr, nullptr, &calibration);
    const std::string table = core::calibrationToTable(calibration, estimate);
    check(!json.empty() && !table.empty(), "calibration output is empty");
    return 0;
}

/// What every launch-file reader promises (issue 30): an accepted import is a scenario the estimate
/// takes and that saves and reads back the same; a refused one says why; every setting and issue
/// has its sentence.
inline void checkImport(const core::ImportResult& r)
{
    for (const core::Issue& i : r.issues)
        check(!core::describe(i).empty(), "an import issue has no text");
    for (const core::ImportedSetting& s : r.settings)
        check(!core::importWhySentence(s.why).empty(), "an imported setting has no reason");
    if (!r.ok) {
        check(core::hasErrors(r.issues), "an import refused without a reason");
        return;
    }
    check(core::estimate(r.scenario).valid, "an accepted import does not estimate");
    roundTrip(r.scenario, "imported");
}

inline core::ImportResult importAs(std::string_view text, core::ImportFormat format, bool besideModel = false)
{
    core::ImportOptions options;
    options.format = format;
    if (besideModel) {
        static const core::ModelArchitecture model = core::findModelPreset("llama-2-7b")->model;
        options.besideModel = model;
    }
    return core::importLaunchFile(text, options);
}

/// Shell scripts and command lines (import): the format the text names (Megatron-LM, vLLM,
/// SGLang, TensorRT-LLM, OpenRLHF, verl's and TRL's command lines), as `import run.sh` decides it;
/// one import per input keeps the smoke run's time (the seeds and the dictionary name each program).
inline int launchShell(const std::uint8_t* data, std::size_t size)
{
    core::ImportOptions options;
    options.fileName = "run.sh";
    static const core::ModelArchitecture model = core::findModelPreset("llama-2-7b")->model;
    options.besideModel = model; // a serving command's model may be a path: its config.json beside it
    checkImport(core::importLaunchFile(std::string_view(reinterpret_cast<const char*>(data), size), options));
    return 0;
}

/// YAML (import): Megatron-Bridge, axolotl, LLaMA-Factory, TRL or verl, as its keys decide.
inline int launchYaml(const std::uint8_t* data, std::size_t size)
{
    core::ImportOptions options;
    options.fileName = "config.yaml";
    static const core::ModelArchitecture model = core::findModelPreset("llama-2-7b")->model;
    options.besideModel = model;
    checkImport(core::importLaunchFile(std::string_view(reinterpret_cast<const char*>(data), size), options));
    return 0;
}

/// TOML: torchtitan (import).
inline int launchToml(const std::uint8_t* data, std::size_t size)
{
    checkImport(importAs(std::string_view(reinterpret_cast<const char*>(data), size), core::ImportFormat::Torchtitan, true));
    return 0;
}

/// JSON: DeepSpeed with the model beside it (import).
inline int launchJson(const std::uint8_t* data, std::size_t size)
{
    checkImport(importAs(std::string_view(reinterpret_cast<const char*>(data), size), core::ImportFormat::DeepSpeed, true));
    return 0;
}

/// A shared link: read → (if accepted) written again → read back the same (the window's Open Link).
inline int shareLink(const std::uint8_t* data, std::size_t size)
{
    const core::ScenarioLoad load = core::openShareLink(std::string_view(reinterpret_cast<const char*>(data), size));
    for (const core::Issue& i : load.issues)
        check(!core::describe(i).empty(), "a link issue has no text");
    if (!load.ok)
        return 0;
    const std::string link = core::shareLink(load.scenario, load.title);
    check(!link.empty(), "an accepted link cannot be written again");
    const core::ScenarioLoad again = core::openShareLink(link);
    check(again.ok && again.scenario == load.scenario && again.title == load.title, "a link written again reads as another scenario");
    return 0;
}

} // namespace fuzz
