#include "core/io/launchparts.h"

#include <algorithm>
#include <cstdio>

#include "core/estimate.h"
#include "core/io/presets.h"

namespace core::launchparts {

int dataParallel(const Scenario& s) { return std::max(1, s.parallel.dataParallel()); }

int microBatches(const Scenario& s)
{
    const long long per = s.training.microBatchSize * dataParallel(s);
    return per > 0 ? int(s.training.globalBatchSize / per) : 1;
}

bool sixteenBitIsBf16(const Scenario& s)
{
    // BF16 where the GPU has it (V100 has only FP16 tensor cores).
    return s.hardware.gpu.peakBf16Tflops > 0 || s.hardware.gpu.preset.empty();
}

std::string number(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

/// A whole number in digits ("%g" writes 1e+06, which Megatron's type=int flags refuse).
std::string integer(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.0f", v);
    return buf;
}

const ModelArchitecture& shapeOf(const Scenario& s, ModelArchitecture& family)
{
    if (s.model.hasArchitecture)
        return s.model;
    family = familyShape(s.model.parameters);
    return family;
}

/// Steps between checkpoints as the goodput used them: the scenario's, or the optimal interval
/// (goodput.checkpoint_interval = 0), which takes an estimate; 0 when there is none to write.
long long checkpointIntervalSteps(const Scenario& s)
{
    if (s.goodput.checkpointIntervalSteps > 0)
        return s.goodput.checkpointIntervalSteps;
    const Estimate e = estimate(s);
    return e.valid ? (long long)e.compute.run.goodput.intervalSteps : 0;
}

void note(Notes& notes, LaunchNoteCode code, double a, double b) { notes.push_back({code, a, b}); }

/// The Hugging Face model behind the scenario's preset ("meta-llama/Llama-3.1-70B"), if any.
std::string hfIdOf(const Scenario& s)
{
    if (s.model.preset.empty())
        return {};
    const ModelPreset* p = findModelPreset(s.model.preset);
    // Only while the model is still the preset's: an edited shape is not that checkpoint.
    return p && p->model == s.model ? hfModelId(*p) : std::string();
}

/// The activation a gated or plain MLP has when the scenario does not say (Megatron's defaults).
Activation activationOf(const ModelArchitecture& m)
{
    return m.activation != Activation::Auto ? m.activation : (m.gatedMlp ? Activation::Silu : Activation::Gelu);
}

} // namespace core::launchparts
