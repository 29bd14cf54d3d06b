#include "core/io/drill_io.h"

#include "core/io/json_reader.h"
#include "core/io/scenario_io.h"

namespace core {

namespace drills_data {
extern const std::string_view kDrills;
} // namespace drills_data

std::optional<Term> termFromId(std::string_view id)
{
    for (std::size_t t = 0; t < std::size_t(Term::Count); ++t)
        if (termInfo(Term(t)).id == id)
            return Term(t);
    return std::nullopt;
}

DrillLoad loadDrills(std::string_view text)
{
    DrillLoad out;
    const Json doc = Json::parse(text, nullptr, false);
    if (doc.is_discarded()) {
        addError(out.issues, IssueCode::MalformedJson, "");
        return out;
    }
    if (!doc.is_object() || !doc.contains("drills") || !doc["drills"].is_array()) {
        addWrongType(out.issues, "drills", ValueKind::DrillArray);
        return out;
    }
    const Json& list = doc["drills"];
    for (std::size_t i = 0; i < list.size(); ++i) {
        const std::string prefix = "drills[" + std::to_string(i) + "].";
        const Json& d = list[i];
        if (!d.is_object() || !d.contains("scenario") || !d.contains("quantity") || !d["quantity"].is_string()) {
            addWrongType(out.issues, prefix + "scenario", ValueKind::DrillObject);
            continue;
        }
        Drill drill;
        drill.id = d.value("id", std::string());
        drill.title = readLocalizedText(d, "title", prefix, out.issues);
        drill.question = readLocalizedText(d, "question", prefix, out.issues);
        drill.hint = readLocalizedText(d, "hint", prefix, out.issues);
        drill.takeaway = readLocalizedText(d, "takeaway", prefix, out.issues);
        const std::string quantity = d["quantity"].get<std::string>();
        if (const std::optional<DrillQuantity> q = drillQuantityFromName(quantity))
            drill.quantity = *q;
        else
        {
            std::vector<std::string> names;
            for (std::size_t q = 0; q < std::size_t(DrillQuantity::Count); ++q)
                names.emplace_back(drillQuantityName(DrillQuantity(q)));
            addUnknownValue(out.issues, prefix + "quantity", quantity, std::move(names));
        }
        if (d.contains("steps") && d["steps"].is_array())
            for (const Json& step : d["steps"]) {
                const std::string id = step.is_string() ? step.get<std::string>() : std::string();
                if (const std::optional<Term> t = termFromId(id))
                    drill.steps.push_back(*t);
                else
                {
                    std::vector<std::string> ids; // the working's term ids
                    for (std::size_t t = 0; t < std::size_t(Term::Count); ++t)
                        ids.emplace_back(termInfo(Term(t)).id);
                    addUnknownValue(out.issues, prefix + "steps", id, std::move(ids));
                }
            }
        const ScenarioLoad load = loadScenario(d["scenario"].dump());
        for (Issue issue : load.issues) {
            issue.path = prefix + "scenario." + (issue.path.empty() ? std::string(issue.key) : issue.path);
            out.issues.push_back(std::move(issue));
        }
        if (load.ok && drill.quantity != DrillQuantity::Count) {
            drill.scenario = load.scenario;
            out.drills.push_back(std::move(drill));
        }
    }
    out.ok = !hasErrors(out.issues) && !out.drills.empty();
    return out;
}

std::string_view builtinDrillsJson()
{
    return drills_data::kDrills;
}

const std::vector<Drill>& builtinDrills()
{
    static const std::vector<Drill> drills = loadDrills(drills_data::kDrills).drills;
    return drills;
}

} // namespace core
