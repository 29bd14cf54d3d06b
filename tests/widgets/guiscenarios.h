#pragma once

// Scenarios for the widget and app tests: the seeds' 7B count-only model on 8 GPUs and the
// README's Llama-2-70B 3D layout.

#include "core/io/presets.h"
#include "core/scenario.h"

namespace guiscenarios {

/// Seed 2: a 7-billion-parameter model (count only), mixed-precision Adam (16 B/param),
/// pure data parallelism over 8 A100-80GB.
inline core::Scenario sevenBillionOnEight(int zeroStage = 0)
{
    core::Scenario s;
    s.model.hasArchitecture = false;
    s.model.name = "7B (count only)";
    s.model.parameters = 7e9;
    s.training.precision = core::PrecisionRecipe::Mixed16;
    s.training.optimizer = core::Optimizer::Adam;
    s.training.zeroStage = zeroStage;
    s.training.recompute = core::Recompute::None; // the seeds' arithmetic: every activation stored
    s.training.seqLength = 2048;
    s.training.microBatchSize = 1;
    s.training.globalBatchSize = 8;
    s.parallel.gpus = 8;
    s.parallel.gpusPerNode = 8;
    if (const core::GpuSpec* g = core::findGpuPreset("a100-80gb"))
        s.hardware.gpu = *g;
    return s;
}

/// Llama-2-70B on 64 H100: TP 8, PP 4, DP 2, ZeRO-1, selective recompute, sequence parallel.
inline core::Scenario llama70bOn64()
{
    core::Scenario s;
    if (const core::ModelPreset* p = core::findModelPreset("llama-2-70b"))
        s.model = p->model;
    s.training.seqLength = 4096;
    s.training.microBatchSize = 1;
    s.training.globalBatchSize = 1024;
    s.training.trainTokens = 2e12;
    s.training.precision = core::PrecisionRecipe::MixedBf16Fp32Grads;
    s.training.optimizer = core::Optimizer::AdamW;
    s.training.zeroStage = 1;
    s.training.recompute = core::Recompute::Selective;
    s.parallel.gpus = 64;
    s.parallel.gpusPerNode = 8;
    s.parallel.tensor = 8;
    s.parallel.pipeline = 4;
    s.parallel.sequenceParallel = true;
    if (const core::GpuSpec* g = core::findGpuPreset("h100-sxm"))
        s.hardware.gpu = *g;
    s.hardware.mfu = 0.4;
    return s;
}

} // namespace guiscenarios
