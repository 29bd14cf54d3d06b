#include "app/cli/advisecommand.h"

#include <iostream>

#include "app/cli/cli.h"
#include "app/cli/scenariooptions.h"
#include "core/advice/advice.h"
#include "core/io/advice_io.h"
#include "core/io/scenario_io.h"

int adviseCommand(const std::vector<std::string>& args)
{
    ScenarioOptions given(ScenarioOptions::Format | ScenarioOptions::Unit);
    for (std::size_t i = 1; i < args.size(); ++i) {
        if (const ScenarioOptions::Take t = given.take(args, i); t == ScenarioOptions::Take::Error)
            return usageError(given.error());
        else if (t == ScenarioOptions::Take::No)
            return usageError("unexpected argument '" + args[i] + "'");
    }
    if (!given.finish("advise"))
        return usageError(given.error());
    const std::string& format = given.format;
    core::ScenarioLoad load;
    if (!loadScenarioArgument(given.file, given.sets, load))
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
    std::cout << (format == "json" ? core::adviceToJson(load.scenario, advice) : core::adviceToTable(load.scenario, advice, given.unit));
    return 0;
}
