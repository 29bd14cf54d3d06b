#include "core/plan/planlayout.h"

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

std::string_view recomputeName(Recompute r)
{
    switch (r) {
    case Recompute::None: return "none";
    case Recompute::Selective: return "selective";
    case Recompute::Full: return "full";
    }
    return "none";
}

} // namespace

// The one place that writes scenario keys for a layout: when the scenario's field table lands
// (core::Field), this is what switches to it.
std::vector<std::string> layoutChanges(const Scenario& base, const PlanLayout& l)
{
    const PlanLayout b = layoutOf(base);
    std::vector<std::string> out;
    auto number = [&](const char* key, long long before, long long after) {
        if (before != after)
            out.push_back(std::string(key) + "=" + std::to_string(after));
    };
    auto flag = [&](const char* key, bool before, bool after) {
        if (before != after)
            out.push_back(std::string(key) + "=" + (after ? "true" : "false"));
    };
    number("parallel.tensor", b.tensor, l.tensor);
    number("parallel.pipeline", b.pipeline, l.pipeline);
    number("parallel.virtual_pipeline", b.virtualPipeline, l.virtualPipeline);
    number("parallel.context", b.context, l.context);
    number("parallel.expert", b.expert, l.expert);
    number("parallel.expert_tensor", b.expertTensor, l.expertTensor);
    flag("parallel.sequence_parallel", b.sequenceParallel, l.sequenceParallel);
    number("training.zero_stage", b.zeroStage, l.zeroStage);
    if (b.recompute != l.recompute)
        out.push_back("training.recompute=" + std::string(recomputeName(l.recompute)));
    number("training.micro_batch_size", b.microBatch, l.microBatch);
    flag("training.offload_optimizer", b.offloadOptimizer, l.offloadOptimizer);
    flag("training.offload_parameters", b.offloadParameters, l.offloadParameters);
    return out;
}

} // namespace core
