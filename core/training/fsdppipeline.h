#pragma once

// FSDP2 under pipeline parallelism (torchtitan with PP > 1): a stage's layers stay unsharded from
// their first micro-batch's forward to the last micro-batch's backward, and their gradients
// accumulate unsharded in the reduce dtype until the last micro-batch reduce-scatters them.

namespace core {

struct FsdpPipelineBytes
{
    double stageUnsharded = 0;   ///< per stage parameter, through the pipeline's step
    double backwardPerLayer = 0; ///< per layer parameter, at that layer's backward
};

/// With `reduceBytes` the reduce-scatter dtype's bytes (fp32: 4).
FsdpPipelineBytes fsdpUnderPipeline(double reduceBytes);

} // namespace core
