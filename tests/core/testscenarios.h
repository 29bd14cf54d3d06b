#pragma once

// Scenario builders shared by the core tests: a parameter-count-only model (the seeds' and
// the ZeRO paper's setting) or a preset, on a data-parallel or 3D layout.

#include <string>

#include "core/io/presets.h"
#include "core/scenario.h"

namespace testscenarios {

inline core::GpuSpec gpu(const char* id)
{
    const core::GpuSpec* g = core::findGpuPreset(id);
    return g ? *g : core::GpuSpec{};
}

/// Ψ parameters, nothing else known; `gpus` GPUs of pure data parallelism.
inline core::Scenario countOnly(double parameters, int gpus, int zeroStage = 0, const char* gpuId = "a100-80gb")
{
    core::Scenario s;
    s.model.hasArchitecture = false;
    s.model.parameters = parameters;
    s.training.precision = core::PrecisionRecipe::Mixed16;
    s.training.optimizer = core::Optimizer::Adam;
    s.training.zeroStage = zeroStage;
    s.training.recompute = core::Recompute::None; // the seeds' arithmetic: every activation stored
    s.training.seqLength = 2048;
    s.training.microBatchSize = 1;
    s.training.globalBatchSize = gpus;
    s.parallel.gpus = gpus;
    s.parallel.gpusPerNode = 8;
    s.hardware.gpu = gpu(gpuId);
    s.hardware.mfu = 0.4; // the seeds' 40 %: the worked times below are at a stated MFU
    return s;
}

inline core::Scenario preset(const char* modelId, int gpus, const char* gpuId = "a100-80gb")
{
    core::Scenario s;
    if (const core::ModelPreset* p = core::findModelPreset(modelId))
        s.model = p->model;
    s.training.precision = core::PrecisionRecipe::Mixed16;
    s.training.optimizer = core::Optimizer::Adam;
    s.training.zeroStage = 0;                     // unsharded, every activation stored: what the
    s.training.recompute = core::Recompute::None; // tests' hand arithmetic assumes unless they say
    s.training.seqLength = 4096;
    s.training.microBatchSize = 1;
    s.training.globalBatchSize = 1024;
    s.parallel.gpus = gpus;
    s.hardware.gpu = gpu(gpuId);
    s.hardware.mfu = 0.4; // the seeds' 40 %
    return s;
}

/// GPT-3-like layer as Korthikanti et al. used it: MHA, GELU with F = 4h, LayerNorm, biases,
/// dropout, learned positions; 96 layers of h = 12288, 96 heads, s = 2048.
inline core::ModelArchitecture gptLayer(int layers = 96)
{
    core::ModelArchitecture m;
    m.name = "GPT test model";
    m.numLayers = layers;
    m.hiddenSize = 12288;
    m.ffnHiddenSize = 4 * 12288;
    m.numAttentionHeads = 96;
    m.numQueryGroups = 96;
    m.vocabSize = 51200;
    m.maxPositionEmbeddings = 2048;
    m.tiedEmbeddings = true;
    m.gatedMlp = false;
    m.normalization = core::Normalization::LayerNorm;
    m.positionEmbedding = core::PositionEmbedding::Learned;
    m.linearBias = true;
    m.dropout = true;
    return m;
}

} // namespace testscenarios
