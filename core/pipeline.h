#pragma once

#include <algorithm>

namespace core {

/// Transformer layers on pipeline stage `stage` of `stages`: an even split, the first
/// L mod p stages taking one extra layer (reported as a warning by validate()).
inline int layersOnStage(int layers, int stages, int stage)
{
    if (stages <= 0)
        return 0;
    return layers / stages + (stage < layers % stages ? 1 : 0);
}

/// Micro-batches whose activations stage `stage` holds at its peak, in units of the stage's
/// whole layer set. 1F1B: min(p − i, m) (Narayanan §2.2). Interleaved with v chunks:
/// min(2(p − i − 1) + (v − 1)p + 1, v·m) chunk-micro-batches (Megatron
/// forward_backward_pipelining_with_interleaving: warm-up + 1), divided by v; for stage 0 this
/// is p·(1 + (p − 1)/(p·v)), Korthikanti §4.2.3's factor.
inline double inFlightMicroBatches(int stages, int virtualStages, int microBatches, int stage)
{
    const double p = stages, m = microBatches, i = stage;
    if (virtualStages <= 1)
        return std::min(p - i, m);
    const double v = virtualStages;
    return std::min(2 * (p - i - 1) + (v - 1) * p + 1, v * m) / v;
}

/// Idle fraction of a step: 1F1B (p − 1)/(m + p − 1); interleaved (p − 1)/(v·m + p − 1)
/// (Narayanan §2.2).
inline double bubbleFraction(int stages, int virtualStages, int microBatches)
{
    if (stages <= 1)
        return 0;
    const double p = stages, m = microBatches, v = std::max(1, virtualStages);
    return (p - 1) / (v * m + p - 1);
}

} // namespace core
