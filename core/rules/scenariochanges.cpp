// From "a changed scenario" to the fields that changed, and back: every scalar field of the
// table (core/fields.h) whose value differs, in the order a scenario file writes them.
#include <charconv>

#include "core/rules/scenariochanges.h"

namespace core {

namespace {

/// The value as a scenario file (and so --set) spells it.
std::string valueText(const FieldInfo& f, const FieldValue& v)
{
    switch (f.type) {
    case FieldType::Bool: return v.toBool() ? "true" : "false";
    case FieldType::Int:
    case FieldType::Int64: return std::to_string(v.toInteger());
    case FieldType::Double: {
        char buf[32]; // the shortest form that reads back as the same double
        const auto r = std::to_chars(buf, buf + sizeof buf, v.toDouble());
        return std::string(buf, r.ptr);
    }
    case FieldType::Enum:
        for (const Choice& c : f.choices)
            if (c.value == v.toInteger())
                return std::string(c.name);
        return std::to_string(v.toInteger());
    case FieldType::Text:
    case FieldType::Other: break;
    }
    return {};
}

} // namespace

std::vector<ScenarioChange> scenarioChanges(const Scenario& before, const Scenario& after)
{
    std::vector<ScenarioChange> out;
    for (const FieldInfo& f : kFieldTable) {
        if (!f.isScalar())
            continue;
        const FieldValue b = f.get(after);
        if (!(f.get(before) == b))
            out.push_back(ScenarioChange{f.field, b});
    }
    return out;
}

void applyChanges(const std::vector<ScenarioChange>& changes, Scenario& scenario)
{
    for (const ScenarioChange& c : changes)
        setFieldValue(scenario, c.field, c.value);
}

std::string changeText(const ScenarioChange& c)
{
    const FieldInfo& f = fieldInfo(c.field);
    return std::string(f.key) + "=" + valueText(f, c.value);
}

} // namespace core
