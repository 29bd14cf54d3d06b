#pragma once

// What of the logits a training loop's cross entropy keeps, by how the loss is computed: eager
// PyTorch, under torch.compile, on chunks of the output, with the output layer and the loss
// fused chunk by chunk, or Megatron's vocab-parallel kernel. Each profile is read from the
// framework's source (lossimplementation.cpp cites file and line at a commit).

#include "core/scenario.h"

namespace core {

struct LossProfile;

/// Chunks of the sequence the chunked losses split the logits into: torchtune's
/// CEWithChunkedOutputLoss(num_output_chunks = 8) and torchtitan's ChunkedLossWrapper
/// (num_chunks = 8) both default to 8.
inline constexpr double kLossChunks = 8;

/// The scenario's implementation, with Auto resolved to the framework's own: Megatron computes
/// the vocab-parallel cross entropy; DeepSpeed, FSDP2 and DDP recipes call F.cross_entropy on
/// the upcast logits (torchtitan, HF Trainer).
LossImplementation resolvedLossImplementation(LossImplementation chosen, Framework framework);

/// Bytes per logit element (s·b·V/t of one micro-batch) that `resolved` keeps from the loss's
/// forward to its backward, adds at its forward and at its backward, leaves cached, and the loop
/// keeps through the rest of the step.
void lossProfile(LossImplementation resolved, LossProfile& out);

/// The working's formula for `resolved` (symbols, not prose for translation).
const char* lossFormula(LossImplementation resolved);

} // namespace core
