// `shardscope plan`: the layout search from the command line (README "Layout planner", "Serving
// planner").
#include "app/cli/plancommand.h"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "app/cli/cli.h"
#include "app/cli/scenariooptions.h"
#include "core/fields.h"
#include "core/io/jsonlimits.h"
#include "core/io/launchconfig.h"
#include "core/io/plan_io.h"
#include "core/io/scenario_io.h"
#include "core/io/sharelink.h"
#include "core/plan/planner.h"
#include "core/plan/serving/servingplanner.h"

namespace {

/// A list option's values ("bf16,fp8"), each a choice of the field; false names the bad one.
template <typename E>
bool parseChoiceList(const std::string& text, std::vector<E>& out, std::string& bad)
{
    out.clear();
    std::size_t at = 0;
    while (at <= text.size()) {
        const std::size_t comma = std::min(text.find(',', at), text.size());
        const std::string name = text.substr(at, comma - at);
        bool known = false;
        for (const core::Choice& c : core::kChoicesOf<E>)
            if (c.name == name) {
                out.push_back(E(c.value));
                known = true;
            }
        if (!known) {
            bad = name;
            return false;
        }
        at = comma + 1;
    }
    return true;
}

/// A positive number of an option ("--ttft-ms 500"); false when it is not one.
bool positiveNumber(const std::string& text, double& out)
{
    char* end = nullptr;
    out = std::strtod(text.c_str(), &end);
    return !text.empty() && *end == '\0' && out > 0 && out < 1e12;
}

} // namespace

/// `plan FILE.json`: every valid layout of the scenario, ranked (README "Layout planner"); a
/// serving scenario's serving layouts under its latency limits (README "Serving planner").
int planCommand(const std::vector<std::string>& args)
{
    ScenarioOptions options(ScenarioOptions::Format);
    std::vector<std::string> pins;
    std::size_t top = 20;
    core::PlanRequest request;
    core::ServingPlanRequest serving;
    bool servingOption = false, formatsGiven = false, kvGiven = false;
    std::vector<core::LaunchFramework> engines = {core::LaunchFramework::Vllm, core::LaunchFramework::Sglang, core::LaunchFramework::TensorRtLlm};
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool more = i + 1 < args.size();
        double v = 0;
        if (a == "--top" && more) {
            const std::string& n = args[++i];
            char* end = nullptr;
            const long t = std::strtol(n.c_str(), &end, 10);
            if (n.empty() || *end != '\0' || t <= 0)
                return usageError("--top must be a positive integer, not '" + n + "'");
            top = std::size_t(t);
        } else if (a == "--objective" && more) {
            if (!core::parseObjective(args[++i], request.objective))
                return usageError("--objective must be time, cost or headroom");
        } else if (a == "--bound" && more) {
            const std::string& n = args[++i];
            char* end = nullptr;
            const double b = std::strtod(n.c_str(), &end);
            if (n.empty() || *end != '\0' || !(b == 0 || (b >= 1 && b <= 1000)))
                return usageError("--bound must be 0 (estimate every layout) or a factor from 1 to 1000, not '" + n + "'");
            request.bound = b;
        } else if (a == "--pin" && more) {
            pins.push_back(args[++i]);
        } else if (a.rfind("--pin=", 0) == 0) {
            pins.push_back(a.substr(6));
        } else if ((a == "--ttft-ms" || a == "--tpot-ms" || a == "--concurrency" || a == "--rate") && more) {
            const std::string& n = args[++i];
            if (!positiveNumber(n, v))
                return usageError(a + " must be a positive number, not '" + n + "'");
            servingOption = true;
            if (a == "--ttft-ms") serving.ttftLimitSeconds = v / 1e3;
            else if (a == "--tpot-ms") serving.tpotLimitSeconds = v / 1e3;
            else if (a == "--concurrency") serving.concurrency = v;
            else serving.requestRate = v;
        } else if (a == "--weight-formats" && more) {
            std::string bad;
            if (!parseChoiceList(args[++i], serving.weightFormats, bad))
                return usageError("--weight-formats: unknown format '" + bad + "' (fp32, bf16, fp16, fp8, int8, int4, nf4)");
            servingOption = formatsGiven = true;
        } else if (a == "--kv-dtypes" && more) {
            std::string bad;
            if (!parseChoiceList(args[++i], serving.kvDtypes, bad))
                return usageError("--kv-dtypes: unknown dtype '" + bad + "' (fp32, bf16, fp16, fp8, int8)");
            servingOption = kvGiven = true;
        } else if (a == "--engines" && more) {
            engines.clear();
            const std::string list = args[++i];
            std::size_t at = 0;
            while (at <= list.size()) {
                const std::size_t comma = std::min(list.find(',', at), list.size());
                const std::string name = list.substr(at, comma - at);
                bool known = false;
                for (core::LaunchFramework f : {core::LaunchFramework::Vllm, core::LaunchFramework::Sglang, core::LaunchFramework::TensorRtLlm})
                    if (name == core::launchFrameworkName(f)) {
                        engines.push_back(f);
                        known = true;
                    }
                if (!known && name != "none")
                    return usageError("--engines must list vllm, sglang, tensorrt_llm (or none), not '" + name + "'");
                at = comma + 1;
            }
            servingOption = true;
        } else if (const ScenarioOptions::Take t = options.take(args, i); t == ScenarioOptions::Take::Error) {
            return usageError(options.error());
        } else if (t == ScenarioOptions::Take::No) {
            return usageError("unexpected argument '" + a + "'");
        }
    }
    if (!options.finish("plan"))
        return usageError(options.error());
    const std::string& file = options.file;
    const std::vector<std::string>& sets = options.sets;
    const std::string& format = options.format;
    std::vector<core::Issue> pinIssues;
    for (const std::string& p : pins)
        core::parsePin(p, request.pins, pinIssues);
    if (!pinIssues.empty()) {
        for (const core::Issue& i : pinIssues)
            std::cerr << "shardscope: " << core::describe(i) << "\n";
        return kExitInvalid;
    }
    core::ScenarioLoad load;
    // The scenario's own layout may be one that cannot run: the planner replaces it, so only
    // the errors no layout cures stop it (plan() reports those).
    load = core::loadScenario(file == "--default" ? std::string(core::defaultScenarioJson()) : std::string(), sets);
    if (core::looksLikeShareLink(file)) {
        load = core::openShareLink(file, sets);
    } else if (file != "--default") {
        std::string text;
        if (!readFile(file, core::limits::kScenario.maxBytes, text))
            return kExitInvalid;
        load = core::loadScenario(text, sets);
    }
    for (const core::Issue& i : load.issues)
        std::cerr << "shardscope: " << (i.severity == core::Severity::Error ? "" : "warning: ") << core::describe(i) << "\n";
    if (!load.ok)
        return kExitInvalid;
    if (load.scenario.mode == core::Mode::Inference) {
        serving.base = load.scenario;
        serving.pins = request.pins;
        std::vector<core::WeightFormat> w;
        std::vector<core::KvCacheDtype> kv;
        core::defaultServingFormats(serving.base, w, kv);
        if (!formatsGiven)
            serving.weightFormats = w;
        if (!kvGiven)
            serving.kvDtypes = kv;
        const core::ServingPlanResult result = core::planServing(serving);
        if (core::hasErrors(result.issues)) {
            for (const core::Issue& i : result.issues)
                std::cerr << "shardscope: cannot plan: " << core::describe(i) << "\n";
            if (format == "json")
                std::cout << core::servingPlanToJson(serving, result, top, engines);
            return kExitInvalid;
        }
        std::cout << (format == "json" ? core::servingPlanToJson(serving, result, top, engines)
                                       : core::servingPlanToTable(serving, result, top, engines));
        return 0;
    }
    if (servingOption)
        return usageError("--ttft-ms, --tpot-ms, --concurrency, --rate, --weight-formats, --kv-dtypes and --engines plan a serving scenario (mode inference)");
    request.base = load.scenario;
    const core::PlanResult result = core::plan(request);
    if (core::hasErrors(result.issues)) {
        for (const core::Issue& i : result.issues)
            std::cerr << "shardscope: cannot plan: " << core::describe(i) << "\n";
        if (format == "json")
            std::cout << core::planToJson(request.base, result, top);
        return kExitInvalid;
    }
    std::cout << (format == "json" ? core::planToJson(request.base, result, top) : core::planToTable(request.base, result, top));
    return 0;
}

