#pragma once

// Each corpus row predicted by the estimate and compared like with like: the printed quantity
// turned into the figure ShardScope shows (a step's seconds from TFLOP/s by the source's own FLOP
// convention, a rank's allocated bytes from max_memory_allocated, …), then
//   error = predicted / measured − 1   (+: the estimate is above what was measured).
// Leave-one-source-out: each source group's rows predicted with the fitted constants refitted on
// the other groups only (core/accuracy/fit.h); the README's tables and the error bands use those.

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "core/accuracy/corpus.h"
#include "core/estimate.h"

namespace core {

struct RowResult
{
    bool usable = false;
    std::string why;          ///< not usable: the reason (English, for the report)
    double measured = 0;      ///< in the figure's unit: seconds, bytes, tokens/s
    double predicted = 0;     ///< with the constants as shipped (fitted on every row)
    double heldOut = 0;       ///< with the constants fitted without the row's source group
    double error() const { return measured > 0 ? predicted / measured - 1 : 0; }
    double heldOutError() const { return measured > 0 ? heldOut / measured - 1 : 0; }
};

/// The measured figure of a row and the estimate's figure for it, with `constants` (nullptr: the
/// shipped ones). `scratch` is reused between calls (no allocation once sized).
RowResult evaluateRow(const CorpusRow& row, Estimate& scratch, const ModelConstants* constants = nullptr);

/// The figure's value in an estimate of `used` (the row's scenario, or at maximum load with its
/// largest batch): the fullest or the row's rank group for memory. False when there is none.
bool predictedFigure(const CorpusRow& row, const Scenario& used, const Estimate& estimate, double& value);

/// Summary of errors over some rows.
struct ErrorSummary
{
    int rows = 0;
    int within = 0;           ///< |error| ≤ tolerance
    double medianAbs = 0;     ///< median |error|
    double low = 0, high = 0; ///< 10th and 90th percentile of the signed error (interpolated)
    double tolerance = 0;
};

/// Summary of `errors` against `tolerance` (the 10th/90th percentiles interpolated between
/// order statistics; with one error both are that error).
ErrorSummary summarize(std::span<const double> errors, double tolerance);

/// Every row of `corpus` evaluated with the shipped constants; `heldOut` equals `predicted` (see
/// holdOut() in fit.h for the leave-one-source-out predictions).
std::vector<RowResult> evaluateCorpus(const Corpus& corpus);

} // namespace core
