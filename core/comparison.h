#pragma once

#include <array>
#include <vector>

#include "core/estimate.h"
#include "core/fields.h"

namespace core {

/// What a comparison varies: the scenario with one setting changed, one bar per value.
enum class Variation { ZeroStage, Recompute, WeightFormat, KvCacheDtype, FineTuneMethod };

/// The scenario under each value of one setting.
struct Comparison
{
    Variation variation = Variation::ZeroStage;
    std::vector<Estimate> estimates; ///< one per variant, in the order of variantValue (invalid ones too)
    int current = -1;                ///< the scenario's own variant, −1 if none of them (FP32 weights, say)
};

/// The two comparisons a mode shows, left and right.
using Comparisons = std::array<Comparison, 2>;

/// Training: ZeRO 0–3 and recomputation none/selective/full. Serving: the weights as 16-bit,
/// FP8, INT8, INT4, NF4 and the KV cache as 16-bit, FP8, INT8. Fine-tuning: Full, LoRA, QLoRA
/// and ZeRO 0–3.
std::array<Variation, 2> comparisonsFor(Mode mode);
int variantCount(Variation variation);
/// The field a variation changes, and its value for variant `index`: what choosing that bar sets.
Field variedField(Variation variation);
FieldValue variantValue(Variation variation, int index);
/// The scenario's own variant, or −1. FP16 shares the BF16 bar: the same bytes.
int currentVariant(const Scenario& scenario, Variation variation);

/// The scenario's two comparisons for its mode, estimated into `out` (its storage reused: after
/// the first call with a mode, no allocation but the scenario's copy).
void compare(const Scenario& scenario, Comparisons& out);

} // namespace core
