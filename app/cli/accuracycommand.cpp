#include "app/cli/accuracycommand.h"

#include <iostream>

#include "app/cli/cli.h"
#include "core/accuracy/builtin.h"
#include "core/io/accuracy_io.h"

int accuracyCommand(const std::vector<std::string>& args)
{
    std::vector<core::CorpusKind> kinds = {core::CorpusKind::StepTime, core::CorpusKind::Memory, core::CorpusKind::Serving};
    core::ReportFormat format = core::ReportFormat::Table;
    bool rows = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool more = i + 1 < args.size();
        if (a == "--corpus" && more) {
            const std::string& k = args[++i];
            if (k == "all")
                continue;
            kinds.clear();
            for (std::size_t c = 0; c < core::kCorpusKindCount; ++c)
                if (core::corpusKindName(core::CorpusKind(c)) == k)
                    kinds.push_back(core::CorpusKind(c));
            if (kinds.empty())
                return usageError("--corpus must be steptime, memory, serving or all, not '" + k + "'");
        } else if (a == "--format" && more) {
            const std::string& f = args[++i];
            if (f == "table")
                format = core::ReportFormat::Table;
            else if (f == "json")
                format = core::ReportFormat::Json;
            else if (f == "markdown")
                format = core::ReportFormat::Markdown;
            else
                return usageError("--format must be table, json or markdown, not '" + f + "'");
        } else if (a == "--rows") {
            rows = true;
        } else {
            return usageError("unexpected argument '" + a + "'");
        }
    }
    for (std::size_t k = 0; k < kinds.size(); ++k) {
        if (k > 0 && format != core::ReportFormat::Json)
            std::cout << "\n";
        std::cout << core::reportText(core::builtInReport(kinds[k]), format, rows);
    }
    return 0;
}
