#include "core/calibration/residuals.h"

#include <map>
#include <string_view>
#include <tuple>

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
    case MeasuredQuantity::KvCache: return of(g, Component::KvCache) + of(g, Component::KvCacheReserve);
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

std::vector<Residual> residuals(const Estimate& e, const ParsedLog& log)
{
    std::vector<Residual> out;
    // The last measurement of each (quantity, rank, format, device), in the order each first
    // appears. Looked up in a map: a linear search made a 16 MiB log of distinct ranks or
    // llama.cpp devices quadratic (hours for --measured).
    std::vector<const Measurement*> last;
    using Key = std::tuple<MeasuredQuantity, int, LogFormat, std::string_view>;
    std::map<Key, std::size_t> index;
    for (const Measurement& m : log.measurements) {
        const auto [it, added] = index.try_emplace(Key{m.quantity, m.rank, m.format, m.device}, last.size());
        if (added)
            last.push_back(&m);
        else
            last[it->second] = &m;
    }
    for (const Measurement* m : last) {
        Residual r;
        r.quantity = m->quantity;
        r.format = m->format;
        r.rank = m->rank;
        r.measured = m->value;
        r.resolution = m->resolution;
        r.line = m->line;
        if (m->host) {
            r.status = ResidualStatus::HostMemory;
            out.push_back(r);
            continue;
        }
        bool known = false;
        int best = -1;
        double bestValue = -1;
        bool rankFound = false;
        for (std::size_t g = 0; g < e.groups.size(); ++g) {
            const RankGroup& group = e.groups[g];
            if (!comparable(group))
                continue;
            const bool holds = group.firstRank <= m->rank && m->rank <= group.lastRank;
            if (m->rank >= 0 && !holds)
                continue;
            rankFound |= holds;
            const double v = predictedFor(group, m->quantity, known);
            if (known && v > bestValue) {
                bestValue = v;
                best = int(g);
            }
        }
        if (m->rank >= 0 && !rankFound) {
            r.status = ResidualStatus::RankNotInLayout;
        } else if (best < 0) {
            r.status = ResidualStatus::NoPrediction;
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
    case ResidualStatus::Count: break;
    }
    return "";
}

} // namespace core
