#include "core/calibration/measuredrun.h"

#include <algorithm>
#include <map>
#include <string_view>
#include <tuple>

namespace core {

std::vector<Measurement> latestMeasurements(const std::vector<Measurement>& measurements)
{
    // The last measurement of each (quantity, rank, format, device), in the order each first
    // appears. Looked up in a map: a linear search made a 16 MiB log of distinct ranks or
    // llama.cpp devices quadratic (hours for --measured; tst_memorylog largeLogsInOnePass).
    std::vector<Measurement> out;
    using Key = std::tuple<MeasuredQuantity, int, LogFormat, std::string_view>;
    std::map<Key, std::size_t> index;
    for (const Measurement& m : measurements) {
        const auto [it, added] = index.try_emplace(Key{m.quantity, m.rank, m.format, m.device}, out.size());
        if (added)
            out.push_back(m);
        else
            out[it->second] = m;
    }
    return out;
}

} // namespace core
