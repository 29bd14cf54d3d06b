#include "app/cli/importcommand.h"

#include <QFile>
#include <cstdlib>
#include <iostream>
#include <map>

#include "app/cli/cli.h"
#include "app/cli/scenariooptions.h"
#include "app/documents/filesaver.h"
#include "core/fields.h"
#include "core/importer/importresult.h"
#include "core/io/importfile.h"
#include "core/io/scenario_io.h"
#include "core/io/sharelink.h"

namespace {

std::string importFormatNames()
{
    std::string out;
    for (int f = int(core::ImportFormat::Megatron); f < int(core::ImportFormat::Count); ++f)
        out += std::string(out.empty() ? "" : ", ") + std::string(core::importFormatName(core::ImportFormat(f)));
    return out;
}

/// What the file gave, as the window's report has it: used, ignored (with why), not expressible.
void printImportReport(const std::string& file, const core::ImportResult& r)
{
    std::size_t used = 0, ignored = 0, inexpressible = 0;
    for (const core::ImportedSetting& s : r.settings)
        if (s.key.empty() || s.key.front() != '(') // derived values are in brackets: the file's own settings count
            (r.used(s.why) ? used : r.inexpressible(s.why) ? inexpressible : ignored) += 1;
    std::cerr << "shardscope: " << file << ": read as " << core::importFormatTitle(r.format) << ": used " << used << " settings, ignored "
              << ignored << ", " << inexpressible << " not expressible\n";
    auto list = [&](const char* heading, auto keep) {
        std::map<core::ImportWhy, std::vector<std::string>> byWhy;
        for (const core::ImportedSetting& s : r.settings)
            if (keep(s.why) && !s.key.empty() && s.key.front() != '(')
                byWhy[s.why].push_back(s.key + (s.value.empty() ? std::string() : " " + s.value) + (s.line > 0 ? " (line " + std::to_string(s.line) + ")" : ""));
        for (const auto& [why, keys] : byWhy) {
            std::cerr << "shardscope: " << file << ": " << heading << " (" << core::importWhySentence(why) << "):";
            for (std::size_t i = 0; i < keys.size() && i < 40; ++i)
                std::cerr << (i ? ", " : " ") << keys[i];
            if (keys.size() > 40)
                std::cerr << ", and " << keys.size() - 40 << " more";
            std::cerr << "\n";
        }
    };
    list("not expressible", [&](core::ImportWhy w) { return r.inexpressible(w); });
    list("ignored", [&](core::ImportWhy w) { return !r.used(w) && !r.inexpressible(w); });
    if (!r.assumed.empty()) {
        std::cerr << "shardscope: " << file << ": not in the file, the default scenario's:";
        for (core::Field f : r.assumed)
            std::cerr << " " << core::fieldKey(f);
        std::cerr << "\n";
    }
}

} // namespace

int importCommand(const std::vector<std::string>& args)
{
    std::string file, out;
    core::ImportOptions options;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool more = i + 1 < args.size();
        if (a == "--out" && more) {
            out = args[++i];
        } else if (a == "--format" && more) {
            options.format = core::importFormatOf(args[++i]);
            if (options.format == core::ImportFormat::Count)
                return usageError("--format must be one of " + importFormatNames() + ", not '" + args[i] + "'");
        } else if (a == "--gpus" && more) {
            const std::string& n = args[++i];
            char* end = nullptr;
            const long v = std::strtol(n.c_str(), &end, 10);
            if (n.empty() || *end != '\0' || v <= 0 || v > 1000000)
                return usageError("--gpus must be a positive integer, not '" + n + "'");
            options.gpus = int(v);
        } else if (file.empty() && !a.empty() && a[0] != '-') {
            file = a;
        } else {
            return usageError("unexpected argument '" + a + "'");
        }
    }
    if (file.empty())
        return usageError("import needs a launch file");
    const core::ImportResult r = core::importLaunchPath(file, options);
    for (const core::Issue& i : r.issues) {
        core::Issue named = i;
        if (named.path == file)
            named.path.clear(); // named once, before the reason
        std::cerr << "shardscope: " << file << ": " << (i.severity == core::Severity::Error ? "" : "warning: ") << core::describe(named) << "\n";
    }
    if (!r.settings.empty())
        printImportReport(file, r);
    if (!r.ok)
        return kExitInvalid;
    const std::string json = core::saveScenario(r.scenario, "Imported from " + file);
    if (out.empty()) {
        std::cout << json;
        return 0;
    }
    QString reason;
    if (!FileSaver::save(QFile::decodeName(out.c_str()), QByteArray::fromStdString(json), &reason)) {
        std::cerr << "shardscope: cannot write " << out << ": " << reason.toStdString() << "\n";
        return kExitInvalid;
    }
    return 0;
}

int linkCommand(const std::vector<std::string>& args)
{
    ScenarioOptions options;
    for (std::size_t i = 1; i < args.size(); ++i)
        if (const ScenarioOptions::Take t = options.take(args, i); t == ScenarioOptions::Take::Error)
            return usageError(options.error());
        else if (t == ScenarioOptions::Take::No)
            return usageError("unexpected argument '" + args[i] + "'");
    if (!options.finish("link"))
        return usageError(options.error());
    core::ScenarioLoad load;
    if (!loadScenarioArgument(options.file, options.sets, load))
        return kExitInvalid;
    if (!load.scenario.measured.empty())
        std::cerr << "shardscope: note: the link leaves out the scenario's measurements\n";
    const std::string link = core::shareLink(load.scenario, load.title);
    if (link.empty()) {
        std::cerr << "shardscope: this scenario cannot be written as a link\n";
        return kExitInvalid;
    }
    std::cout << link << "\n";
    return 0;
}
