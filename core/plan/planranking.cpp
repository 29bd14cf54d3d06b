// The planner's order: fitting layouts by the objective, the rest by how far they are from
// fitting, and the Pareto front of the fitting ones (core/plan/planner.h, rankLayouts).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/plan/planner.h"

namespace core {

void rankLayouts(std::vector<PlanCandidate>& layouts, PlanObjective objective)
{
    // Fitting layouts first by the objective (ties: faster, then lighter); the rest by how far
    // they are from fitting. The comparisons read a compact key per layout, formed once (the
    // same doubles the layouts hold, so the same order): a search ranks tens of thousands of
    // layouts, each a few hundred bytes, and a comparison reading two of them missed the cache.
    struct RankKey
    {
        double primary;  ///< not fitting: peak / capacity; fitting: cost or −headroom, 0 by time
        double step, peak;
        std::uint32_t index;
        bool fits;
    };
    std::vector<RankKey> keys(layouts.size());
    for (std::size_t i = 0; i < layouts.size(); ++i) {
        const PlanCandidate& c = layouts[i];
        RankKey& k = keys[i];
        k.fits = c.fits;
        k.step = c.stepSeconds;
        k.peak = c.peakBytes;
        k.index = std::uint32_t(i);
        if (!c.fits)
            k.primary = c.peakBytes / c.capacityBytes;
        else if (objective == PlanObjective::Cost)
            k.primary = c.cost;
        else if (objective == PlanObjective::Headroom)
            k.primary = -c.headroomBytes(); // more headroom first: a > b exactly when −a < −b
        else
            k.primary = 0;
    }
    std::stable_sort(keys.begin(), keys.end(), [](const RankKey& a, const RankKey& b) {
        if (a.fits != b.fits)
            return a.fits;
        if (!a.fits)
            return a.primary < b.primary;
        if (a.primary != b.primary)
            return a.primary < b.primary;
        if (a.step != b.step)
            return a.step < b.step;
        return a.peak < b.peak;
    });
    // Each layout moved into its place along the permutation's cycles, in place: a second vector
    // of them (7 MB for DeepSeek-V3's 30,950) was fresh pages to fault in on every search.
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (keys[i].index == i)
            continue;
        PlanCandidate held = std::move(layouts[i]);
        std::size_t to = i;
        for (;;) {
            const std::size_t from = keys[to].index;
            keys[to].index = std::uint32_t(to); // placed
            if (from == i) {
                layouts[to] = std::move(held);
                break;
            }
            layouts[to] = std::move(layouts[from]);
            to = from;
        }
    }

    // Pareto front of the fitting layouts in (step time, peak memory, cost): a layout is on it
    // when no other is at least as good in all three and better in one. Sorted by time (then
    // peak, then cost), a layout is dominated exactly when an earlier one is no heavier and no
    // dearer; cost tracks time at a fixed GPU count, so a running minimum of peak per cost suffices.
    struct ParetoKey
    {
        double step, peak, cost;
        std::size_t index;
    };
    std::vector<ParetoKey> order;
    for (std::size_t i = 0; i < layouts.size(); ++i) {
        layouts[i].pareto = false;
        if (layouts[i].fits)
            order.push_back({layouts[i].stepSeconds, layouts[i].peakBytes, layouts[i].cost, i});
    }
    std::sort(order.begin(), order.end(), [](const ParetoKey& x, const ParetoKey& y) {
        if (x.step != y.step)
            return x.step < y.step;
        if (x.peak != y.peak)
            return x.peak < y.peak;
        return x.cost < y.cost;
    });
    std::vector<ParetoKey> front; // kept layouts, to test dominance on all three
    for (const ParetoKey& c : order) {
        bool dominated = false;
        for (const ParetoKey& d : front) {
            if (d.peak <= c.peak && d.cost <= c.cost && (d.step < c.step || d.peak < c.peak || d.cost < c.cost)) {
                dominated = true;
                break;
            }
        }
        if (!dominated) {
            layouts[c.index].pareto = true;
            front.push_back(c);
        }
    }
}

} // namespace core
