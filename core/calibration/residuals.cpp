#include "core/calibration/residuals.h"

#include <algorithm>

#include "core/calibration/measuredrun.h"

namespace core {

namespace {

double of(const RankGroup& g, Component c) { return g.bytes[std::size_t(c)]; }

bool comparable(const RankGroup& g)
{
    return g.phase == GroupPhase::Training || g.phase == GroupPhase::RlTrainingPhase || g.phase == GroupPhase::Serving;
}

} // namespace

double predictedFor(const RankGroup& g, MeasuredQuantity q, bool& known)
{
    known = true;
    switch (q) {
    case MeasuredQuantity::MaxAllocated: return g.allocatedBytes;
    case MeasuredQuantity::MaxReserved:
    case MeasuredQuantity::Reserved: return g.reservedBytes;
    case MeasuredQuantity::Allocated: return g.modelStateBytes() + of(g, Component::CommBuckets);
    case MeasuredQuantity::DeviceUsed: return g.deviceBytes;
    case MeasuredQuantity::DeviceTotal: return g.capacityBytes;
    case MeasuredQuantity::Weights: return of(g, Component::Weights);
    // The engine's pool: a hybrid's recurrent states come out of it too (vLLM's hybrid KV cache
    // manager pages Mamba states in the same pool).
    case MeasuredQuantity::KvCache: return of(g, Component::KvCache) + of(g, Component::RecurrentState) + of(g, Component::KvCacheReserve);
    case MeasuredQuantity::CudaGraphs: return of(g, Component::CudaGraphPool);
    case MeasuredQuantity::ActivationPeak: return of(g, Component::InferenceWorkspace);
    case MeasuredQuantity::NonTorch:
    case MeasuredQuantity::OutputBuffer:
    case MeasuredQuantity::KvCacheTokens:
    case MeasuredQuantity::KvCacheBlocks:
    case MeasuredQuantity::Count: break;
    }
    known = false;
    return 0;
}

bool namesDeviceIndex(LogFormat f)
{
    return f == LogFormat::NvidiaSmi || f == LogFormat::TorchSummary || f == LogFormat::LlamaCpp;
}

std::vector<Residual> residuals(const Estimate& e, const ParsedLog& log, int gpusPerNode)
{
    return residuals(e, log.measurements, gpusPerNode);
}

std::vector<Residual> residuals(const Estimate& e, const std::vector<Measurement>& measurements, int gpusPerNode)
{
    std::vector<Residual> out;
    int ranks = 0; // the layout's GPUs, as the rank groups cover them
    for (const RankGroup& g : e.groups)
        if (comparable(g))
            ranks = std::max(ranks, g.lastRank + 1);
    for (const Measurement& m : latestMeasurements(measurements)) {
        Residual r;
        r.quantity = m.quantity;
        r.format = m.format;
        r.rank = m.rank;
        r.measured = m.value;
        r.resolution = m.resolution;
        r.line = m.line;
        if (m.host) {
            r.status = ResidualStatus::HostMemory;
            out.push_back(r);
            continue;
        }
        // The ranks this measurement may be: one global rank, a device index on each node, or
        // (no rank in the log) any.
        const bool perNode = m.rank >= 0 && namesDeviceIndex(m.format) && gpusPerNode > 0 && ranks > gpusPerNode;
        auto holds = [&](const RankGroup& g) {
            if (m.rank < 0)
                return true;
            if (!perNode)
                return g.firstRank <= m.rank && m.rank <= g.lastRank;
            for (int rank = m.rank; rank <= g.lastRank; rank += gpusPerNode)
                if (rank >= g.firstRank)
                    return true;
            return false;
        };
        bool known = false, rankFound = false, differ = false;
        int best = -1;
        double bestValue = -1;
        for (std::size_t g = 0; g < e.groups.size(); ++g) {
            const RankGroup& group = e.groups[g];
            if (!comparable(group) || !holds(group))
                continue;
            rankFound = true;
            const double v = predictedFor(group, m.quantity, known);
            if (!known)
                continue;
            differ |= best >= 0 && v != bestValue;
            if (v > bestValue) {
                bestValue = v;
                best = int(g);
            }
        }
        // A device index stands for one GPU on each node: the node matters only where the
        // nodes' fullest groups holding it (each node's, as for a global rank) predict apart.
        if (perNode && best >= 0 && differ) {
            differ = false;
            double first = -1;
            for (int rank = m.rank; rank < ranks; rank += gpusPerNode) {
                double top = -1;
                for (const RankGroup& group : e.groups)
                    if (comparable(group) && group.firstRank <= rank && rank <= group.lastRank) {
                        const double v = predictedFor(group, m.quantity, known);
                        if (known)
                            top = std::max(top, v);
                    }
                differ |= first >= 0 && top != first;
                if (first < 0)
                    first = top;
            }
        }
        if (m.rank >= 0 && (!rankFound || (perNode && m.rank >= gpusPerNode))) {
            r.status = ResidualStatus::RankNotInLayout;
        } else if (best < 0) {
            r.status = ResidualStatus::NoPrediction;
        } else if (perNode && differ) {
            r.status = ResidualStatus::NodeUnknown;
        } else {
            r.group = best;
            r.predicted = bestValue;
            r.status = ResidualStatus::Compared;
            r.percent = r.measured > 0 ? (r.predicted - r.measured) / r.measured * 100 : 0;
        }
        out.push_back(r);
    }
    return out;
}

std::string_view residualStatusName(ResidualStatus s)
{
    switch (s) {
    case ResidualStatus::Compared: return "compared";
    case ResidualStatus::NoPrediction: return "no_prediction";
    case ResidualStatus::HostMemory: return "host_memory";
    case ResidualStatus::RankNotInLayout: return "rank_not_in_layout";
    case ResidualStatus::NodeUnknown: return "node_unknown";
    case ResidualStatus::Count: break;
    }
    return "";
}

} // namespace core
