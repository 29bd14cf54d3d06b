#include "core/plan/planlayout.h"

#include "core/fields.h"
#include "core/plan/planner.h"

namespace core {

PlanLayout layoutOf(const Scenario& s)
{
    PlanLayout l;
    l.tensor = s.parallel.tensor;
    l.pipeline = s.parallel.pipeline;
    l.virtualPipeline = s.parallel.virtualPipeline;
    l.context = s.parallel.context;
    l.expert = s.parallel.expert;
    l.expertTensor = s.parallel.expertTensor;
    l.sequenceParallel = s.parallel.sequenceParallel;
    l.zeroStage = s.training.zeroStage;
    l.recompute = s.training.recompute;
    l.microBatch = int(s.training.microBatchSize);
    l.offloadOptimizer = s.training.offloadOptimizer;
    l.offloadParameters = s.training.offloadParameters;
    return l;
}

void applyLayout(const PlanLayout& l, Scenario& s)
{
    s.parallel.tensor = l.tensor;
    s.parallel.pipeline = l.pipeline;
    s.parallel.virtualPipeline = l.virtualPipeline;
    s.parallel.context = l.context;
    s.parallel.expert = l.expert;
    s.parallel.expertTensor = l.expertTensor;
    s.parallel.sequenceParallel = l.sequenceParallel;
    s.training.zeroStage = l.zeroStage;
    s.training.recompute = l.recompute;
    s.training.microBatchSize = l.microBatch;
    s.training.offloadOptimizer = l.offloadOptimizer;
    s.training.offloadParameters = l.offloadParameters;
}

namespace {

/// A value as `--set` takes it: true/false, a choice's name, or the number.
std::string fieldText(const FieldInfo& field, FieldValue value)
{
    if (field.type == FieldType::Bool)
        return value.toBool() ? "true" : "false";
    for (const Choice& c : field.choices)
        if (c.value == value.toInteger())
            return std::string(c.name);
    return std::to_string(value.toInteger());
}

} // namespace

std::vector<std::string> layoutChanges(const Scenario& base, const PlanLayout& l)
{
    Scenario changed = base;
    applyLayout(l, changed);
    std::vector<std::string> out;
    for (std::size_t k = 0; k < kPlanKnobCount; ++k) {
        const Field field = planKnobField(PlanKnob(k));
        const FieldValue after = fieldValue(changed, field);
        if (!(fieldValue(base, field) == after))
            out.push_back(std::string(fieldKey(field)) + "=" + fieldText(fieldInfo(field), after));
    }
    return out;
}

} // namespace core
