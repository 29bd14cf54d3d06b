#include "core/layoutchoices.h"

#include <algorithm>
#include <string_view>

#include "core/estimate.h"
#include "core/fields.h"

namespace core {

namespace {

/// No error about the parallel layout (or the batch split it implies): other errors, such as an
/// MFU out of range, do not depend on the degree being chosen.
bool layoutValid(const Scenario& s, std::vector<Issue>& scratch)
{
    scratch.clear();
    validate(s, scratch);
    for (const Issue& i : scratch) {
        if (i.severity != Severity::Error)
            continue;
        const std::optional<Field> field = issueField(i);
        if (field && (fieldInfo(*field).section == FieldSection::Parallel || *field == Field::TrainingGlobalBatchSize))
            return false;
    }
    return true;
}

template <typename Setter>
std::vector<int> choices(const Scenario& base, int limit, Setter set, std::vector<Issue>& scratch)
{
    std::vector<int> out;
    Scenario s = base;
    for (int d = 1; d <= limit; ++d) {
        if (base.parallel.gpus % d != 0)
            continue;
        set(s, d);
        if (layoutValid(s, scratch))
            out.push_back(d);
    }
    return out;
}

} // namespace

LayoutChoices layoutChoices(const Scenario& s)
{
    LayoutChoices c;
    std::vector<Issue> scratch;
    const int gpus = s.parallel.gpus > 0 ? s.parallel.gpus : 1;
    c.tensor = choices(s, gpus, [](Scenario& x, int d) { x.parallel.tensor = d; }, scratch);
    c.pipeline = choices(s, gpus, [](Scenario& x, int d) { x.parallel.pipeline = d; }, scratch);
    c.context = choices(s, gpus, [](Scenario& x, int d) { x.parallel.context = d; }, scratch);
    c.expert = choices(s, gpus, [](Scenario& x, int d) { x.parallel.expert = d; }, scratch);
    // Virtual stages are not GPU counts: any value up to the layers per stage may work.
    Scenario v = s;
    const int maxVirtual = s.model.hasArchitecture && s.parallel.pipeline > 0 ? std::max(1, s.model.numLayers / s.parallel.pipeline) : 1;
    for (int d = 1; d <= maxVirtual; ++d) {
        v.parallel.virtualPipeline = d;
        if (layoutValid(v, scratch))
            c.virtualPipeline.push_back(d);
    }
    return c;
}

void setGpusKeepingTokensPerGpu(Scenario& s, int gpus)
{
    TrainingSetup& t = s.training;
    const long long before = std::max(1, s.parallel.dataParallel());
    const long long micro = std::max<long long>(1, t.microBatchSize);
    const long long accumulation = std::max<long long>(1, (t.globalBatchSize + micro * before / 2) / (micro * before));
    s.parallel.gpus = gpus;
    const int after = s.parallel.dataParallel();
    if (after > 0)
        t.globalBatchSize = accumulation * micro * after;
}

} // namespace core
