#include "core/goodput/failures.h"

#include <cmath>

#include "core/units.h"

namespace core {

InterruptionRate interruptionRate(double gpus, double nodes, double gpuPer1000GpuDays, double nodePer1000NodeDays)
{
    // Independent failures (Poisson): rates add over the components (Daly 2006 §2).
    InterruptionRate r;
    r.gpuPerSecond = gpus > 0 && gpuPer1000GpuDays > 0 ? gpus * gpuPer1000GpuDays / (1000 * kSecondsPerDay) : 0;
    r.nodePerSecond = nodes > 0 && nodePer1000NodeDays > 0 ? nodes * nodePer1000NodeDays / (1000 * kSecondsPerDay) : 0;
    return r;
}

double nodesOf(double gpus, double gpusPerNode)
{
    if (!(gpus > 0))
        return 0;
    return gpusPerNode > 0 ? std::ceil(gpus / gpusPerNode) : 1;
}

} // namespace core
