#include "core/accuracy/report.h"

#include "core/accuracy/fit.h"

namespace core {

double rowTolerance(const Corpus& c, const CorpusRow& row) { return row.tolerance > 0 ? row.tolerance : c.defaultTolerance; }

CorpusReport makeReport(const Corpus& corpus, std::span<const double> heldOut)
{
    CorpusReport r;
    r.corpus = &corpus;
    r.results = evaluateCorpus(corpus);
    if (heldOut.size() == corpus.rows.size()) {
        for (std::size_t i = 0; i < heldOut.size(); ++i)
            if (r.results[i].usable)
                r.results[i].heldOut = heldOut[i];
    } else {
        holdOut(corpus, r.results);
    }
    std::vector<double> errors;
    std::vector<bool> groups(corpus.groups.size());
    for (std::size_t i = 0; i < corpus.rows.size(); ++i) {
        if (!r.results[i].usable) {
            ++r.unjudged;
            continue;
        }
        errors.push_back(r.results[i].heldOutError());
        if (corpus.rows[i].group >= 0)
            groups[std::size_t(corpus.rows[i].group)] = true;
    }
    r.all = summarize(errors, corpus.defaultTolerance);
    for (bool g : groups)
        r.sources += g ? 1 : 0;
    for (std::size_t k = 0; k < kRegimeCount; ++k) {
        errors.clear();
        for (std::size_t i = 0; i < corpus.rows.size(); ++i)
            if (r.results[i].usable && hasRegime(corpus.rows[i].regimes, Regime(k)))
                errors.push_back(r.results[i].heldOutError());
        if (!errors.empty())
            r.byRegime.emplace_back(Regime(k), summarize(errors, corpus.defaultTolerance));
    }
    return r;
}

} // namespace core
