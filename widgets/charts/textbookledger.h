#pragma once

#include <QString>

#include "core/components.h"

/// The textbook's ledger of a GPU's memory (the four accounts of ZeRO §3: parameters, gradients,
/// optimizer states, activations): what the papers' formulas count, without the runtime,
/// fragmentation and temporary buffers a real run adds. Model states are the first three.
namespace TextbookLedger {

/// Parameters + gradients + optimizer states (every role's: a PPO critic's too).
double modelStateBytes(const core::ComponentBytes& bytes);
/// The ledger's four parts (and the KV cache when serving): temporary buffers and runtime
/// dropped; with `merge`, each category folded into one segment (weights, gradients,
/// optimizer states, layer activations, KV cache) so the chart shows four ledgers.
core::ComponentBytes reduce(const core::ComponentBytes& bytes, bool merge);
/// The segment a category folds into.
core::Component segmentOf(core::Category category);
/// The category's name as the textbook uses it ("Parameters", "Activations"), translated.
QString categoryName(core::Category category);

} // namespace TextbookLedger
