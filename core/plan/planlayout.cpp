#include "core/plan/planlayout.h"

#include "core/fields.h"

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

std::vector<ScenarioChange> layoutChanges(const Scenario& base, const PlanLayout& l)
{
    Scenario changed = base;
    applyLayout(l, changed);
    return scenarioChanges(base, changed);
}

} // namespace core
