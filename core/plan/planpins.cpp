// The planner's knobs as scenario fields (core/fields.h), and `--pin` parsing.
#include <algorithm>
#include <charconv>
#include <string>

#include "core/plan/planner.h"

namespace core {

namespace {

// The knobs' fields, in PlanKnob's order: keys, types and choice names come from the table.
constexpr Field kKnobFields[] = {
    Field::ParallelTensor,         Field::ParallelPipeline,    Field::ParallelVirtualPipeline, Field::ParallelContext,
    Field::ParallelExpert,         Field::ParallelExpertTensor, Field::ParallelSequenceParallel, Field::TrainingZeroStage,
    Field::TrainingRecompute,      Field::TrainingMicroBatchSize, Field::TrainingOffloadOptimizer, Field::TrainingOffloadParameters,
};
static_assert(std::size(kKnobFields) == kPlanKnobCount);

constexpr bool knobFieldsAreWholeNumbers()
{
    for (Field f : kKnobFields)
        if (fieldInfo(f).type == FieldType::Double || !fieldInfo(f).isScalar())
            return false;
    return true;
}
static_assert(knobFieldsAreWholeNumbers(), "a knob is a boolean, a choice or a whole number");

Issue& pinError(std::vector<Issue>& issues, IssueCode code, std::string path)
{
    Issue issue{code, Severity::Error, ""};
    issue.path = std::move(path);
    issues.push_back(std::move(issue));
    return issues.back();
}

std::vector<std::string> knobKeys()
{
    std::vector<std::string> keys;
    for (Field f : kKnobFields)
        keys.emplace_back(fieldKey(f));
    return keys;
}

/// A pin's value as its field spells it: true/false (or 1/0), a choice's name (or its index),
/// or an integer.
bool pinValue(const FieldInfo& field, std::string_view text, int& value)
{
    if (field.type == FieldType::Bool) {
        if (text == "true" || text == "1") {
            value = 1;
            return true;
        }
        if (text == "false" || text == "0") {
            value = 0;
            return true;
        }
        return false;
    }
    for (const Choice& c : field.choices)
        if (text == c.name) {
            value = c.value;
            return true;
        }
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc{} && end == text.data() + text.size();
}

/// A pin value its field cannot take: for a boolean or a choice, UnknownValue with what it can
/// be (true/false/1/0, a choice's names and indices), what was written and the nearest choice;
/// for a count, WrongType: a whole number was expected, and what was written.
void badPinValue(std::vector<Issue>& issues, const FieldInfo& field, std::string_view key, std::string_view valueText)
{
    if (field.type != FieldType::Bool && field.type != FieldType::Enum) {
        Issue& issue = pinError(issues, IssueCode::WrongType, std::string(key));
        issue.expected = ValueKind::WholeNumber;
        issue.given = std::string(valueText);
        return;
    }
    Issue& issue = pinError(issues, IssueCode::UnknownValue, std::string(key));
    if (field.type == FieldType::Bool) {
        issue.accepted = {"true", "false", "1", "0"};
    } else {
        for (const Choice& c : field.choices)
            issue.accepted.emplace_back(c.name);
        issue.accepted.push_back("0–" + std::to_string(field.choices.size() - 1));
        issue.nearest = nearestName(valueText, issue.accepted);
    }
    issue.given = std::string(valueText);
}

} // namespace

Field planKnobField(PlanKnob knob)
{
    return knob < PlanKnob::Count ? kKnobFields[std::size_t(knob)] : Field::Count;
}

std::string_view planKnobKey(PlanKnob knob)
{
    return knob < PlanKnob::Count ? fieldKey(kKnobFields[std::size_t(knob)]) : std::string_view{};
}

std::optional<PlanKnob> planKnobOf(Field field)
{
    for (std::size_t i = 0; i < kPlanKnobCount; ++i)
        if (kKnobFields[i] == field)
            return PlanKnob(i);
    return std::nullopt;
}

bool PlanPins::pin(Field field, PinBound bound, int value)
{
    const std::optional<PlanKnob> knob = planKnobOf(field);
    if (!knob)
        return false;
    const std::size_t k = std::size_t(*knob);
    switch (bound) {
    case PinBound::Equal:
        min[k] = std::max(min[k], value);
        max[k] = std::min(max[k], value);
        break;
    case PinBound::AtMost: max[k] = std::min(max[k], value); break;
    case PinBound::Below: max[k] = std::min(max[k], value - 1); break;
    case PinBound::AtLeast: min[k] = std::max(min[k], value); break;
    case PinBound::Above: min[k] = std::max(min[k], value + 1); break;
    }
    pinned[k] = true;
    return true;
}

int knobValue(const PlanLayout& l, PlanKnob knob)
{
    switch (knob) {
    case PlanKnob::Tensor: return l.tensor;
    case PlanKnob::Pipeline: return l.pipeline;
    case PlanKnob::VirtualPipeline: return l.virtualPipeline;
    case PlanKnob::Context: return l.context;
    case PlanKnob::Expert: return l.expert;
    case PlanKnob::ExpertTensor: return l.expertTensor > 0 ? l.expertTensor : l.tensor;
    case PlanKnob::SequenceParallel: return l.sequenceParallel ? 1 : 0;
    case PlanKnob::ZeroStage: return l.zeroStage;
    case PlanKnob::Recompute: return int(l.recompute);
    case PlanKnob::MicroBatch: return l.microBatch;
    case PlanKnob::OffloadOptimizer: return l.offloadOptimizer ? 1 : 0;
    case PlanKnob::OffloadParameters: return l.offloadParameters ? 1 : 0;
    case PlanKnob::Count: break;
    }
    return 0;
}

bool parsePin(std::string_view text, PlanPins& pins, std::vector<Issue>& issues)
{
    // The operator: the first of <, >, = in the text; "<=" and ">=" are two characters.
    const std::size_t at = text.find_first_of("<>=");
    if (at == std::string_view::npos || at == 0) {
        pinError(issues, IssueCode::MalformedOverride, "--pin").given = std::string(text);
        return false;
    }
    const std::string_view key = text.substr(0, at);
    std::string_view op = text.substr(at, 1);
    if (at + 1 < text.size() && text[at + 1] == '=' && text[at] != '=')
        op = text.substr(at, 2);
    const std::string_view valueText = text.substr(at + op.size());
    const std::optional<Field> field = findField(key);
    const std::optional<PlanKnob> knob = field ? planKnobOf(*field) : std::nullopt;
    if (!knob) {
        // The knob probably meant, or (none near) every knob: a pin's keys are few.
        Issue& issue = pinError(issues, IssueCode::UnknownPinKey, "--pin " + std::string(key));
        issue.accepted = knobKeys();
        issue.nearest = nearestName(key, issue.accepted);
        return false;
    }
    int value = 0;
    const FieldInfo& info = fieldInfo(*field);
    if (valueText.empty() || !pinValue(info, valueText, value)) {
        badPinValue(issues, info, key, valueText);
        return false;
    }
    const PinBound bound = op == "=" ? PinBound::Equal : op == "<=" ? PinBound::AtMost : op == "<" ? PinBound::Below
                         : op == ">=" ? PinBound::AtLeast : PinBound::Above;
    return pins.pin(*field, bound, value);
}

} // namespace core
