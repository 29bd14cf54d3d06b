#pragma once

// Fitting the model's fitted constants (core/modelconstants.h) to a corpus, and holding each
// source group out of the fit that predicts it (leave-one-source-out).

#include <span>
#include <vector>

#include "core/accuracy/evaluation.h"
#include "core/modelconstants.h"

namespace core {

/// A constant fitted on one corpus, searched between `low` and `high`.
struct FitParameter
{
    FittedConstant constant;
    CorpusKind corpus;
    double low, high;
};

/// The constants each corpus fits (empty: the corpus fits none, its held-out errors are its
/// in-sample errors).
std::span<const FitParameter> fitParameters(CorpusKind corpus);

/// The value of each of the corpus's fitted constants that minimises the mean |log(predicted /
/// measured)| over the rows with `train[i]` (a median-like loss that one wild row cannot
/// drag: Tukey's and the issues' preference for robust fits), by golden-section search on each
/// constant in turn; the others as in `start`. Rows that are not usable are skipped.
ModelConstants fitConstants(const Corpus& corpus, const std::vector<bool>& train, const ModelConstants& start);

/// Fills each usable row's `heldOut` with its prediction under constants fitted on the other
/// source groups only. A corpus that fits nothing keeps heldOut = predicted.
void holdOut(const Corpus& corpus, std::vector<RowResult>& results, const ModelConstants& shipped = ModelConstants::shipped());

} // namespace core
