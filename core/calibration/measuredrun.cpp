#include "core/calibration/measuredrun.h"

#include <algorithm>

namespace core {

std::vector<Measurement> latestMeasurements(const std::vector<Measurement>& measurements)
{
    std::vector<Measurement> out;
    for (const Measurement& m : measurements) {
        auto same = [&](const Measurement& o) { return o.quantity == m.quantity && o.rank == m.rank && o.format == m.format && o.device == m.device; };
        const auto it = std::find_if(out.begin(), out.end(), same);
        if (it == out.end())
            out.push_back(m);
        else
            *it = m;
    }
    return out;
}

} // namespace core
