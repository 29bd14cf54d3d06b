#include "core/accuracy/bands.h"

namespace core {

void BandTable::add(const Corpus& corpus, std::span<const RowResult> results)
{
    for (std::size_t i = 0; i < corpus.rows.size() && i < results.size(); ++i)
        if (results[i].usable)
            m_entries.push_back({corpus.rows[i].figure, corpus.rows[i].regimes, results[i].heldOutError()});
}

void BandTable::finish()
{
    std::vector<double> errors;
    for (std::size_t f = 0; f < kAccuracyFigureCount; ++f)
        for (std::size_t r = 0; r <= kRegimeCount; ++r) {
            errors.clear();
            for (const Entry& e : m_entries)
                if (std::size_t(e.figure) == f && (r == kRegimeCount || hasRegime(e.regimes, Regime(r))))
                    errors.push_back(e.error);
            const ErrorSummary s = summarize(errors, 0);
            m_stats[f][r] = {s.rows, s.low, s.high};
        }
}

int BandTable::runs(AccuracyFigure figure) const { return m_stats[std::size_t(figure)][kRegimeCount].runs; }

FigureBand BandTable::band(AccuracyFigure figure, std::uint64_t regimes, double value) const
{
    FigureBand b;
    const auto& byRegime = m_stats[std::size_t(figure)];
    const Stats* chosen = &byRegime[kRegimeCount];
    for (Regime r : bandPriority(corpusOf(figure)))
        if (hasRegime(regimes, r) && byRegime[std::size_t(r)].runs >= kBandMinimumRuns) {
            chosen = &byRegime[std::size_t(r)];
            b.regime = int(r);
            break;
        }
    if (chosen->runs == 0 || !(value > 0))
        return FigureBand{};
    b.runs = chosen->runs;
    b.errorLow = chosen->low;
    b.errorHigh = chosen->high;
    // An error above −100 % always: the estimate is positive and a measurement too.
    b.low = chosen->high > -1 ? value / (1 + chosen->high) : 0;
    b.high = chosen->low > -1 ? value / (1 + chosen->low) : 0;
    return b;
}

void attachBands(const Scenario& s, const Estimate& e, const BandTable& table, EstimateBands& out)
{
    out = EstimateBands{};
    if (!e.valid)
        return;
    const std::uint64_t regimes = regimesOf(s, e.parameters.total);
    if (s.mode == Mode::Inference) {
        out.tpot = table.band(AccuracyFigure::Tpot, regimes, e.inference.decodeStepSeconds);
        out.ttft = table.band(AccuracyFigure::Ttft, regimes, e.inference.prefillSeconds);
        const double perGpu = s.parallel.gpus > 0 ? e.inference.tokensPerSecondTotal / s.parallel.gpus : 0;
        out.outputThroughput = table.band(AccuracyFigure::OutputThroughput, regimes, perGpu);
        out.kvPool = table.band(AccuracyFigure::KvPool, regimes, e.inference.freeBytesForKv);
    } else if (e.compute.timeSource == TimeSource::Model) {
        // A stated MFU or TFLOP/s sets the step instead of the model: the band is the model's.
        out.stepSeconds = table.band(AccuracyFigure::StepSeconds, regimes, e.compute.iterationSeconds);
    }
    out.groups.resize(e.groups.size());
    for (std::size_t g = 0; g < e.groups.size(); ++g) {
        const RankGroup& group = e.groups[g];
        out.groups[g] = {table.band(AccuracyFigure::AllocatedPeak, regimes, group.allocatedBytes),
                         table.band(AccuracyFigure::ReservedPeak, regimes, group.reservedBytes),
                         table.band(AccuracyFigure::Device, regimes, group.deviceBytes)};
    }
}

void addBandWorking(const EstimateBands& bands, Working& working)
{
    const FigureBand& b = bands.stepSeconds;
    if (!b.known())
        return;
    working.add(Term::StepSecondsBand, kWholeJob, b.high,
                {{"low", b.low, Unit::Seconds}, {"high", b.high, Unit::Seconds}, {"P10", b.errorLow, Unit::Fraction},
                 {"P90", b.errorHigh, Unit::Fraction}, {"runs", double(b.runs), Unit::Count}});
}

} // namespace core
