#pragma once

// What an FP8 (or NVFP4) training recipe costs beside its GEMMs: quantizing each GEMM's inputs
// (row-wise for the forward GEMM, column-wise for the weight-gradient GEMM), and how much faster
// its GEMMs run than FP8's.

#include "core/scenario.h"
#include "core/steptime.h"

namespace core {

struct Fp8RecipeCost
{
    /// HBM bytes per element of a GEMM input (activation forward, output gradient backward) that
    /// the recipe's quantization reads and writes; the weights are cast once a step (ignored).
    double castBytesPerElement = 0;
    /// The recipe's GEMM peak over the GPU's FP8 peak (NVFP4: the FP4 tensor cores; 1 otherwise).
    double gemmPeakRatio = 1;
};

/// The costs of `recipe` on `gpu` (NVFP4 on a GPU without FP4 tensor cores runs at FP8 speed).
Fp8RecipeCost fp8RecipeCost(Fp8Recipe recipe, const GpuStepFigures& gpu);

} // namespace core
