#pragma once

// Error bands: how far a figure is to be trusted, from the held-out errors of the public runs
// most like the scenario. With the errors e = predicted / measured − 1 of the corpus rows of
// the scenario's regime, a prediction x says the measured figure lies between
//   x / (1 + P90(e))  and  x / (1 + P10(e))
// (the 10th and 90th percentiles: eight runs in ten of that regime fell inside).

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "core/accuracy/corpus.h"
#include "core/accuracy/evaluation.h"
#include "core/accuracy/regime.h"
#include "core/working.h"

namespace core {

/// One figure's band.
struct FigureBand
{
    double low = 0, high = 0;     ///< where the measured figure is expected (same unit as the figure)
    double errorLow = 0, errorHigh = 0; ///< P10 and P90 of the regime's held-out errors
    int runs = 0;                 ///< corpus rows it comes from; 0: no band (no corpus rows)
    int regime = -1;              ///< the Regime chosen; -1: all rows of the figure
    bool known() const { return runs > 0; }
};

/// Fewest rows a regime needs before its own band is used (else the next regime in priority,
/// else every row of the figure).
inline constexpr int kBandMinimumRuns = 5;

/// P10/P90 of held-out errors by figure and regime, prepared once from evaluated corpora.
class BandTable
{
public:
    /// Adds a corpus's usable rows (their held-out errors).
    void add(const Corpus& corpus, std::span<const RowResult> results);
    /// Recomputes the percentiles after add().
    void finish();

    /// The band of `value` for a scenario of `regimes`.
    FigureBand band(AccuracyFigure figure, std::uint64_t regimes, double value) const;

    /// Rows behind a figure (all regimes).
    int runs(AccuracyFigure figure) const;

private:
    struct Stats
    {
        int runs = 0;
        double low = 0, high = 0;
    };
    struct Entry
    {
        AccuracyFigure figure;
        std::uint64_t regimes;
        double error;
    };
    std::vector<Entry> m_entries;
    std::array<std::array<Stats, kRegimeCount + 1>, kAccuracyFigureCount> m_stats{}; ///< [figure][regime], last = all
};

/// The bands of an estimate's figures.
struct EstimateBands
{
    FigureBand stepSeconds;
    /// Per rank group of the estimate, in its order: allocated, reserved, device.
    std::vector<std::array<FigureBand, 3>> groups;
    FigureBand kvPool;            ///< serving: the free memory for the KV cache (fullest group)
    FigureBand tpot, ttft, outputThroughput;
};

/// Fills `out` for a valid estimate of `scenario` from `table`.
void attachBands(const Scenario& scenario, const Estimate& estimate, const BandTable& table, EstimateBands& out);

/// Adds the step's band to an estimate's working (Term::StepSecondsBand), when it has one.
void addBandWorking(const EstimateBands& bands, Working& working);

} // namespace core
