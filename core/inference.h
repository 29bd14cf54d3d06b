#pragma once

#include <vector>

#include "core/estimate.h"
#include "core/layout/resolvedlayout.h"

namespace core {

class Working;

/// Serving estimate (mode = inference): per-stage weights in their storage format, KV cache
/// per layer type, prefill workspace, runtime; the largest batch and context that fit;
/// prefill time and bandwidth-bound decode speed with the roofline. Fills `out` from
/// `out.groups` on (validation already done by estimate()).
void estimateInference(const Scenario& scenario, const ResolvedLayout& layout, Estimate& out, Working* working,
                       const ModelConstants& constants);

} // namespace core
