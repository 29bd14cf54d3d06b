#pragma once

#include "core/steptime_parts.h"

namespace core::step {

/// A vision tower over one micro-batch's images on one GPU of the first stage (issue 28 item 4):
/// its GEMMs in 16 bits with the replica's TP (the tiles of all images as one batch of rows), its
/// attention at the fused kernel's forward figure over each tile, the patch embedding and the
/// projector. A trained tower also runs its backward, twice its forward (dgrad + wgrad; the
/// attention's at the kernel's backward figure, 2.5 × its FLOPs); a frozen one only the forward
/// (no gradient reaches it: LLaMA-Factory freeze_vision_tower).
StageCost visionCost(const Model& md);

} // namespace core::step
