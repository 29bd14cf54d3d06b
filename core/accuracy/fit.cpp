#include "core/accuracy/fit.h"

#include <cmath>

namespace core {

namespace {

// The step-time model's one fitted constant. Between a third and all of the benchmark
// efficiency: wide enough that the search never rests on a bound for a plausible corpus.
constexpr FitParameter kStepTime[] = {{FittedConstant::SustainedFraction, CorpusKind::StepTime, 0.35, 1.0}};
// The serving step model's (resources/serving.json). Bounds: a layer's fixed time between none and
// 200 µs (some 10 kernels at up to 20 µs); an engine's own time per step up to 5 ms; weight-only
// kernels between a third of the bandwidth and all of it. NCCL's latency inside a step is a
// measured constant, not fitted: only one source group (gpt-fast) runs without a custom all-reduce,
// so held out it would be fitted on nothing.
constexpr FitParameter kServing[] = {
    {FittedConstant::ServingLayerFloor, CorpusKind::Serving, 0.0, 200e-6},
    {FittedConstant::ServingStepOverhead, CorpusKind::Serving, 0.0, 5e-3},
    {FittedConstant::ServingWeightOnlyEfficiency, CorpusKind::Serving, 0.3, 1.0},
};

double loss(const Corpus& corpus, const std::vector<bool>& train, const ModelConstants& constants, Estimate& scratch)
{
    double sum = 0;
    int n = 0;
    for (std::size_t i = 0; i < corpus.rows.size(); ++i) {
        if (!train[i] || !corpus.rows[i].usable)
            continue;
        const RowResult r = evaluateRow(corpus.rows[i], scratch, &constants);
        if (!r.usable)
            continue;
        sum += std::fabs(std::log(r.predicted / r.measured));
        ++n;
    }
    return n > 0 ? sum / n : 0;
}

} // namespace

std::span<const FitParameter> fitParameters(CorpusKind corpus)
{
    switch (corpus) {
    case CorpusKind::StepTime: return kStepTime;
    case CorpusKind::Serving: return kServing;
    case CorpusKind::Memory:
    case CorpusKind::Count: break;
    }
    return {};
}

ModelConstants fitConstants(const Corpus& corpus, const std::vector<bool>& train, const ModelConstants& start)
{
    ModelConstants c = start;
    Estimate scratch;
    const std::span<const FitParameter> parameters = fitParameters(corpus.kind);
    // Coordinate descent: two sweeps over the constants, a golden-section search on each
    // (about 30 evaluations of the loss each).
    const double ratio = (std::sqrt(5.0) - 1) / 2;
    for (int sweep = 0; sweep < (parameters.size() > 1 ? 2 : 1); ++sweep)
        for (const FitParameter& p : parameters) {
            double a = p.low, b = p.high;
            double x1 = b - ratio * (b - a), x2 = a + ratio * (b - a);
            auto at = [&](double v) {
                c[p.constant] = v;
                return loss(corpus, train, c, scratch);
            };
            double f1 = at(x1), f2 = at(x2);
            while (b - a > 1e-4 * (p.high - p.low)) {
                if (f1 <= f2) {
                    b = x2;
                    x2 = x1;
                    f2 = f1;
                    x1 = b - ratio * (b - a);
                    f1 = at(x1);
                } else {
                    a = x1;
                    x1 = x2;
                    f1 = f2;
                    x2 = a + ratio * (b - a);
                    f2 = at(x2);
                }
            }
            c[p.constant] = (a + b) / 2;
        }
    return c;
}

void holdOut(const Corpus& corpus, std::vector<RowResult>& results, const ModelConstants& shipped)
{
    if (fitParameters(corpus.kind).empty())
        return;
    Estimate scratch;
    std::vector<bool> train(corpus.rows.size());
    for (std::size_t g = 0; g < corpus.groups.size(); ++g) {
        bool any = false;
        for (std::size_t i = 0; i < corpus.rows.size(); ++i) {
            train[i] = corpus.rows[i].group != int(g);
            any = any || (!train[i] && results[i].usable);
        }
        if (!any)
            continue;
        const ModelConstants fitted = fitConstants(corpus, train, shipped);
        for (std::size_t i = 0; i < corpus.rows.size(); ++i)
            if (!train[i] && results[i].usable) {
                const RowResult r = evaluateRow(corpus.rows[i], scratch, &fitted);
                results[i].heldOut = r.usable ? r.predicted : results[i].predicted;
            }
    }
}

} // namespace core
