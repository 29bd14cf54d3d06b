#pragma once

#include <span>
#include <vector>

#include "core/accuracy/evaluation.h"
#include "core/accuracy/regime.h"

namespace core {

/// A corpus with its rows evaluated and its errors summarised: what `shardscope accuracy`, the
/// README's tables and the window's Accuracy page show.
struct CorpusReport
{
    const Corpus* corpus = nullptr;
    std::vector<RowResult> results;         ///< one per corpus row, in its order
    ErrorSummary all;                       ///< held-out errors of every judged row
    std::vector<std::pair<Regime, ErrorSummary>> byRegime; ///< each regime with judged rows, in Regime order
    int sources = 0;                        ///< source groups with judged rows
    int unjudged = 0;                       ///< rows listed but not judged (RowResult::why)
};

/// Evaluates `corpus` (which must outlive the report) and summarises it against its tolerance.
/// `heldOut`: each row's leave-one-source-out prediction computed before (the build's, see
/// core/accuracy/builtin.h), used when it has one entry per row; otherwise holdOut() refits here.
CorpusReport makeReport(const Corpus& corpus, std::span<const double> heldOut = {});

/// The row's allowed |error|: its own tolerance or the corpus's.
double rowTolerance(const Corpus& corpus, const CorpusRow& row);

} // namespace core
