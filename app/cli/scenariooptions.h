#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/io/printunit.h"

/// The options the scenario commands (estimate, advise, plan, launch) read alike, parsed in one
/// place: the scenario (FILE.json or --default), --set section.key=value (or --set=…), and where
/// a command takes them --format table|json and --unit GB|GiB. A command reads its own options
/// and hands every other argument to take(); the messages are the same for every command.
class ScenarioOptions
{
public:
    enum Accepts : unsigned { FileAndSet = 0, Format = 1, Unit = 2 };
    enum class Take { No, Yes, Error };

    explicit ScenarioOptions(unsigned accepts = FileAndSet) : m_accepts(accepts) {}

    /// args[i], with its value (i then points at the value), if it is one of these options; Error
    /// (error() says why) when its value is not one the option takes.
    Take take(const std::vector<std::string>& args, std::size_t& i);
    /// After the arguments: false (error() says "COMMAND needs a scenario file (or --default)")
    /// when none named a scenario.
    bool finish(const std::string& command);
    const std::string& error() const { return m_error; }

    std::string file;              ///< FILE.json, or "--default"
    std::vector<std::string> sets; ///< the --set arguments, in order
    std::string format = "table";  ///< "table" or "json"
    core::PrintUnit unit = core::PrintUnit::GB;

private:
    unsigned m_accepts;
    std::string m_error;
};
