#include "app/cli/advisecommand.h"

#include <iostream>

#include "app/cli/cli.h"
#include "core/advice/advice.h"
#include "core/io/advice_io.h"
#include "core/io/scenario_io.h"

int adviseCommand(const std::vector<std::string>& args)
{
    std::string file, format = "table";
    std::vector<std::string> sets;
    core::PrintUnit unit = core::PrintUnit::GB;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
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
        } else if ((a == "--default" || a.empty() || a[0] != '-') && file.empty()) {
            file = a;
        } else {
            return usageError("unexpected argument '" + a + "'");
        }
    }
    if (file.empty())
        return usageError("advise needs a scenario file (or --default)");
    core::ScenarioLoad load;
    if (!loadScenarioArgument(file, sets, load))
        return kExitInvalid;
    for (const core::Issue& i : load.issues)
        std::cerr << "shardscope: warning: " << core::describe(i) << "\n";
    // Asked on the command line: the changes are listed even when the scenario fits.
    core::AdviceOptions options;
    options.evenIfFits = true;
    const core::Advice advice = core::advise(load.scenario, options);
    if (!advice.valid) {
        const core::Estimate e = core::estimate(load.scenario);
        for (const core::Issue& i : e.issues)
            if (i.severity == core::Severity::Error)
                std::cerr << "shardscope: invalid scenario: " << core::describe(i) << "\n";
        if (format == "json")
            std::cout << core::adviceToJson(load.scenario, advice);
        return kExitInvalid;
    }
    std::cout << (format == "json" ? core::adviceToJson(load.scenario, advice) : core::adviceToTable(load.scenario, advice, unit));
    return 0;
}
