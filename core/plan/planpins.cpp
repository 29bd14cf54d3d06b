// The planner's knobs by scenario key, and `--pin` parsing.
#include <charconv>
#include <string>

#include "core/plan/planner.h"

namespace core {

namespace {

constexpr std::string_view kKeys[] = {
    "parallel.tensor", "parallel.pipeline", "parallel.virtual_pipeline", "parallel.context", "parallel.expert",
    "parallel.expert_tensor", "parallel.sequence_parallel", "training.zero_stage", "training.recompute",
    "training.micro_batch_size", "training.offload_optimizer", "training.offload_parameters",
};
static_assert(std::size(kKeys) == kPlanKnobCount);

bool isBoolean(PlanKnob k)
{
    return k == PlanKnob::SequenceParallel || k == PlanKnob::OffloadOptimizer || k == PlanKnob::OffloadParameters;
}

void pinError(std::vector<Issue>& issues, IssueCode code, std::string path, std::string hint)
{
    Issue issue{code, Severity::Error, ""};
    issue.path = std::move(path);
    issue.hint = std::move(hint);
    issues.push_back(std::move(issue));
}

std::string knownKeys()
{
    std::string all;
    for (std::string_view k : kKeys)
        all += (all.empty() ? "" : ", ") + std::string(k);
    return all;
}

/// A pin's value: an integer, true/false, or a recomputation policy by name.
bool pinValue(PlanKnob knob, std::string_view text, int& value)
{
    if (isBoolean(knob)) {
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
    if (knob == PlanKnob::Recompute) {
        const std::string_view names[] = {"none", "selective", "full"};
        for (int i = 0; i < 3; ++i)
            if (text == names[i]) {
                value = i;
                return true;
            }
    }
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    return ec == std::errc{} && end == text.data() + text.size();
}

} // namespace

std::string_view planKnobKey(PlanKnob knob)
{
    return knob < PlanKnob::Count ? kKeys[std::size_t(knob)] : std::string_view{};
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
        pinError(issues, IssueCode::MalformedOverride, "--pin", std::string(text));
        return false;
    }
    const std::string_view key = text.substr(0, at);
    std::string_view op = text.substr(at, 1);
    if (at + 1 < text.size() && text[at + 1] == '=' && text[at] != '=')
        op = text.substr(at, 2);
    const std::string_view valueText = text.substr(at + op.size());
    PlanKnob knob = PlanKnob::Count;
    for (std::size_t i = 0; i < kPlanKnobCount; ++i)
        if (kKeys[i] == key)
            knob = PlanKnob(i);
    if (knob == PlanKnob::Count) {
        pinError(issues, IssueCode::UnknownKey, "--pin " + std::string(key), knownKeys());
        return false;
    }
    int value = 0;
    if (valueText.empty() || !pinValue(knob, valueText, value)) {
        pinError(issues, IssueCode::UnknownValue, std::string(key),
                 isBoolean(knob) ? "true or false" : knob == PlanKnob::Recompute ? "none, selective, full or 0–2" : "an integer");
        return false;
    }
    const std::size_t k = std::size_t(knob);
    if (op == "=") {
        pins.min[k] = std::max(pins.min[k], value);
        pins.max[k] = std::min(pins.max[k], value);
    } else if (op == "<=") {
        pins.max[k] = std::min(pins.max[k], value);
    } else if (op == "<") {
        pins.max[k] = std::min(pins.max[k], value - 1);
    } else if (op == ">=") {
        pins.min[k] = std::max(pins.min[k], value);
    } else {
        pins.min[k] = std::max(pins.min[k], value + 1);
    }
    pins.pinned[k] = true;
    return true;
}

} // namespace core
