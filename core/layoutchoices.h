#pragma once

#include <vector>

#include "core/scenario.h"

namespace core {

/// The parallel degrees that give a valid layout when only that degree changes, the others
/// staying as they are in the scenario: what the GUI offers (so a slider never lands on an
/// impossible layout) and what it lists as alternatives when the current one is invalid.
struct LayoutChoices
{
    std::vector<int> tensor;
    std::vector<int> pipeline;
    std::vector<int> virtualPipeline;
    std::vector<int> context;
    std::vector<int> expert;
};

LayoutChoices layoutChoices(const Scenario& scenario);

/// Moves the scenario to `gpus` GPUs with the global batch scaled along: the gradient-accumulation
/// steps (global batch ÷ (micro-batch × DP), Megatron's num_micro_batches) stay as they were, so
/// each GPU processes as many tokens per step as before and a batch that divided evenly still
/// does. What "global batch follows GPUs" does in presentation mode, so a GPU drag stays valid.
void setGpusKeepingTokensPerGpu(Scenario& scenario, int gpus);

} // namespace core
