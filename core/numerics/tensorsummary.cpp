// What the tensor studio needs to know of a tensor once, before any format: its range, its
// magnitudes by quarter-octave (the log-x histogram), and a linear histogram for the view.
#include <algorithm>
#include <cmath>

#include "core/numerics/tensorstudio.h"

namespace core {

TensorSummary summarize(const Tensor& t)
{
    TensorSummary s;
    s.count = std::int64_t(t.values.size());
    if (t.values.empty())
        return s;
    double sumX2 = 0;
    float lo = t.values[0], hi = t.values[0];
    for (float x : t.values) {
        lo = std::min(lo, x);
        hi = std::max(hi, x);
        sumX2 += double(x) * x;
        if (x == 0) {
            ++s.zeros;
            continue;
        }
        const int bin = magnitudeBin(x);
        ++s.countByMagnitude[std::size_t(bin)];
        s.squaredValueByMagnitude[std::size_t(bin)] += double(x) * x;
        s.smallestMagnitudeBin = std::min(s.smallestMagnitudeBin, bin);
        s.largestMagnitudeBin = std::max(s.largestMagnitudeBin, bin);
    }
    s.minValue = lo;
    s.maxValue = hi;
    s.absMax = std::max(std::fabs(double(lo)), std::fabs(double(hi)));
    s.sumSquares = sumX2;
    s.meanSquare = sumX2 / double(s.count);
    return s;
}

void linearHistogram(const Tensor& t, double low, double high, int bins, std::vector<double>& counts)
{
    counts.assign(std::size_t(std::max(bins, 0)), 0.0);
    if (bins <= 0 || !(low < high))
        return;
    const double perUnit = bins / (high - low);
    for (float x : t.values) {
        const double k = (double(x) - low) * perUnit;
        if (k >= 0 && k < bins)
            ++counts[std::size_t(k)];
    }
}

} // namespace core
