#pragma once

// The built-in corpora's held-out predictions, computed when ShardScope is built (the
// leave-one-source-out refits take a few hundred thousand estimates: seconds, not something
// to repeat at every start or `estimate --format json`), and what is made from them.

#include <span>

#include "core/accuracy/bands.h"
#include "core/accuracy/report.h"

namespace core {

/// One leave-one-source-out prediction per row of builtInCorpus(kind), in row order (0 for a row
/// that is not judged), as the build's shardscope_heldout computed them
/// (core/accuracy/heldoutgen.cpp).
std::span<const double> builtInHeldOut(CorpusKind kind);

/// The built-in corpus of `kind`, evaluated, with the build's held-out predictions.
CorpusReport builtInReport(CorpusKind kind);

/// The bands of every built-in corpus (made on first use and kept).
const BandTable& builtInBands();

} // namespace core
