#include "app/cli/scenariooptions.h"

#include "app/cli/cli.h"

ScenarioOptions::Take ScenarioOptions::take(const std::vector<std::string>& args, std::size_t& i)
{
    const std::string& a = args[i];
    const bool more = i + 1 < args.size(); // an option at the end without its value is no option
    if ((m_accepts & Format) && a == "--format" && more) {
        format = args[++i];
        if (format == "table" || format == "json")
            return Take::Yes;
        m_error = "--format must be table or json";
        return Take::Error;
    }
    if ((m_accepts & Unit) && a == "--unit" && more) {
        if (parsePrintUnit(args[++i], unit))
            return Take::Yes;
        m_error = "--unit must be GB or GiB";
        return Take::Error;
    }
    if (a == "--set" && more) {
        sets.push_back(args[++i]);
        return Take::Yes;
    }
    if (a.rfind("--set=", 0) == 0) {
        sets.push_back(a.substr(6));
        return Take::Yes;
    }
    // The first argument that is not an option names the scenario; a second is unexpected.
    if ((a == "--default" || a.empty() || a[0] != '-') && file.empty()) {
        file = a;
        return Take::Yes;
    }
    return Take::No;
}

bool ScenarioOptions::finish(const std::string& command)
{
    if (!file.empty())
        return true;
    m_error = command + " needs a scenario file (or --default)";
    return false;
}
