// Reading a plan: why a layout is slower than another, and a two-knob grid of the results.
#include <algorithm>

#include "core/plan/planner.h"

namespace core {

std::vector<SlowerReason> slowerThan(const PlanCandidate& c, const PlanCandidate& faster, std::size_t maxReasons)
{
    std::vector<SlowerReason> out;
    if (!(faster.stepSeconds > 0))
        return out;
    for (std::size_t i = 0; i < kStepPartCount; ++i) {
        const double extra = c.parts[i] - faster.parts[i];
        if (extra <= 0)
            continue;
        SlowerReason r{StepPart(i), extra / faster.stepSeconds};
        const std::size_t first = std::size_t(StepPart::DataParallel);
        if (i >= first && i < first + c.overNetwork.size())
            r.overNetwork = c.overNetwork[i - first];
        out.push_back(r);
    }
    std::sort(out.begin(), out.end(), [](const SlowerReason& a, const SlowerReason& b) { return a.fraction > b.fraction; });
    // Parts below half a percent explain nothing a reader can act on.
    out.erase(std::remove_if(out.begin(), out.end(), [](const SlowerReason& r) { return r.fraction < 0.005; }), out.end());
    if (out.size() > maxReasons)
        out.resize(maxReasons);
    return out;
}

PlanGrid planGrid(const PlanResult& result, PlanKnob rowKnob, PlanKnob columnKnob)
{
    PlanGrid g;
    g.rowKnob = rowKnob;
    g.columnKnob = columnKnob;
    for (const PlanCandidate& c : result.layouts) {
        g.rows.push_back(knobValue(c.layout, rowKnob));
        g.columns.push_back(knobValue(c.layout, columnKnob));
    }
    auto unique = [](std::vector<int>& v) {
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
    };
    unique(g.rows);
    unique(g.columns);
    g.cells.assign(g.rows.size() * g.columns.size(), -1);
    auto index = [](const std::vector<int>& values, int v) { return std::size_t(std::lower_bound(values.begin(), values.end(), v) - values.begin()); };
    // The result is ranked by the objective, fitting first: the first layout met in a cell is
    // its best (or, if none fits, the one closest to fitting).
    for (std::size_t i = 0; i < result.layouts.size(); ++i) {
        const PlanCandidate& c = result.layouts[i];
        const std::size_t cell = index(g.rows, knobValue(c.layout, rowKnob)) * g.columns.size() + index(g.columns, knobValue(c.layout, columnKnob));
        if (g.cells[cell] < 0)
            g.cells[cell] = int(i);
    }
    // The cell that holds the fastest fitting layout, whatever the objective ranks by.
    int fastest = -1;
    for (std::size_t i = 0; i < result.layouts.size(); ++i) {
        const PlanCandidate& c = result.layouts[i];
        if (c.fits && (fastest < 0 || c.stepSeconds < result.layouts[std::size_t(fastest)].stepSeconds))
            fastest = int(i);
    }
    if (fastest >= 0) {
        const PlanLayout& l = result.layouts[std::size_t(fastest)].layout;
        g.fastest = int(index(g.rows, knobValue(l, rowKnob)) * g.columns.size() + index(g.columns, knobValue(l, columnKnob)));
    }
    return g;
}

} // namespace core
