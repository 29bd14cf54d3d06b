#include "widgets/charts/memorychartmodel.h"

#include <algorithm>
#include <cmath>

#include "widgets/charts/memorycharttext.h"
#include "widgets/charts/textbookledger.h"

bool MemoryBar::sameAs(const MemoryBar& o) const
{
    return bytes == o.bytes && totalBytes == o.totalBytes && capacityBytes == o.capacityBytes && current == o.current && label == o.label
        && detail == o.detail && allocatedBytes == o.allocatedBytes && reservedBytes == o.reservedBytes && bandLow == o.bandLow
        && bandHigh == o.bandHigh && bandRuns == o.bandRuns && bandLevel == o.bandLevel;
}

bool MemoryBar::banded() const
{
    // An allocated band belongs at the allocated marker: a bar without one has nowhere to hang it.
    return bandRuns > 0 && bandLow < bandHigh && totalBytes > 0 && (bandLevel != core::MemoryLevel::Allocated || allocatedBytes > 0);
}

std::vector<MemoryChartModel::LevelBand> MemoryChartModel::levelBands(const core::EstimateBands& bands)
{
    // The bar's top is the device's figure; the corpus's training rows mostly measured
    // max_memory_allocated (no device rows for training today): then that band, at its marker.
    std::vector<LevelBand> out(bands.groups.size());
    for (std::size_t i = 0; i < bands.groups.size(); ++i) {
        const auto& [allocated, reserved, device] = bands.groups[i];
        out[i] = device.known() ? LevelBand{device, core::MemoryLevel::Device} : LevelBand{allocated, core::MemoryLevel::Allocated};
    }
    return out;
}

QVector<MemoryBar> MemoryChartModel::barsOf(const core::Estimate& estimate, const std::vector<LevelBand>& bands)
{
    QVector<MemoryBar> bars;
    bars.reserve(qsizetype(estimate.groups.size()));
    for (std::size_t i = 0; i < estimate.groups.size(); ++i) {
        const core::RankGroup& g = estimate.groups[i];
        MemoryBar bar{MemoryChartText::rankGroupLabel(estimate, int(i)), g.bytes, g.totalBytes, g.capacityBytes, false, g.allocatedBytes,
                      g.reservedBytes, QString()};
        bar.compactLabel = MemoryChartText::rankGroupCompactLabel(estimate, int(i));
        if (i < bands.size() && bands[i].first.known()) {
            bar.bandLow = bands[i].first.low;
            bar.bandHigh = bands[i].first.high;
            bar.bandRuns = bands[i].first.runs;
            bar.bandLevel = bands[i].second;
        }
        bars.push_back(bar);
    }
    return bars;
}

bool MemoryChartModel::sameInput(const QVector<MemoryBar>& bars) const
{
    if (bars.size() != m_input.size())
        return false;
    for (qsizetype i = 0; i < bars.size(); ++i)
        if (!bars[i].sameAs(m_input[i]))
            return false;
    return true;
}

void MemoryChartModel::setBars(const QVector<MemoryBar>& bars)
{
    m_input = bars;
    derive();
}

void MemoryChartModel::setTextbook(bool textbook)
{
    m_textbook = textbook;
    derive();
}

void MemoryChartModel::setRoleColouring(bool asked)
{
    m_roleAsked = asked;
    derive();
}

bool MemoryChartModel::severalRoles() const
{
    for (const MemoryBar& b : m_input)
        for (std::size_t c = 0; c < core::kComponentCount; ++c) {
            const core::Role role = core::roleOf(core::Component(c));
            if (b.bytes[c] > 0 && role != core::Role::Policy && role != core::Role::Shared)
                return true;
        }
    return false;
}

void MemoryChartModel::derive()
{
    // Roles mean something only where several models share the GPUs (RL: reference, reward,
    // critic, rollout engine). Elsewhere, and in the textbook view, whose four ledgers are the
    // point, the choice waits: it made a training bar one blue block (issue 31).
    m_byRole = m_roleAsked && roleColouringOffered();
    m_bars = m_input;
    if (!m_textbook)
        return;
    // Coloured by role, the segments keep their models (the ledgers would mix them). The
    // textbook counts tensors, not an allocator: no allocated/reserved levels.
    for (MemoryBar& b : m_bars) {
        b.bytes = TextbookLedger::reduce(b.bytes, !m_byRole);
        b.allocatedBytes = 0;
        b.reservedBytes = 0;
        b.bandRuns = 0; // the corpus measured devices, not the textbook's tensors
        b.totalBytes = 0;
        for (double v : b.bytes)
            b.totalBytes += v;
    }
}

const MemoryBar& MemoryChartModel::bar(qsizetype g) const
{
    static const MemoryBar none;
    return g >= 0 && g < m_bars.size() ? m_bars[g] : none;
}

double MemoryChartModel::bracketBytes(qsizetype g) const
{
    // Coloured by role the model states are not one block at the bottom: no bracket then. A
    // serving GPU has weights but no gradients or optimizer states: nothing for ZeRO to shard,
    // no "model states" to bracket (issue 31).
    if (m_byRole || g < 0 || g >= m_bars.size())
        return 0;
    const core::ComponentBytes& bytes = m_bars[g].bytes;
    bool training = false;
    for (std::size_t c = 0; c < core::kComponentCount; ++c) {
        const core::Category k = core::categoryOf(core::Component(c));
        training = training || ((k == core::Category::Gradients || k == core::Category::OptimizerStates) && bytes[c] > 0);
    }
    return training ? TextbookLedger::modelStateBytes(bytes) : 0;
}

double MemoryChartModel::modelStatesBytes(qsizetype g) const
{
    return g >= 0 && g < m_bars.size() ? TextbookLedger::modelStateBytes(m_bars[g].bytes) : 0;
}

QString MemoryChartModel::totalText(qsizetype g, DisplayFormat::MemoryUnit unit, bool compact) const
{
    const MemoryBar& b = bar(g);
    // The label names the bar's height: its total, or, where a serving engine reserves its KV
    // pool up front (vLLM gpu_memory_utilization: every bar as tall as the card), what the
    // batch needs, the pool being the hatched segment on top (issue 31).
    const double pool = b.bytes[std::size_t(core::Component::KvCacheReserve)];
    if (b.totalBytes <= 0)
        return QString(); // a variant that does not exist (n/a)
    if (pool > 0 && compact)
        //: above a serving bar whose engine reserves a KV pool (hatched): what the batch needs; %1 = memory
        return tr("needs %1").arg(DisplayFormat::bytes(b.totalBytes - pool, unit, 1));
    if (pool > 0)
        //: above a serving bar whose engine reserves a KV pool (hatched); %1 = what the batch needs, %2 = the bar's height with the pool
        return tr("needs %1\nwith pool %2").arg(DisplayFormat::bytes(b.totalBytes - pool, unit, 1), DisplayFormat::bytes(b.totalBytes, unit, 1));
    if (b.over() && !compact)
        //: above an over-full bar; %1 = total, %2 = amount above the GPU's capacity
        return tr("%1\nover by %2").arg(DisplayFormat::bytes(b.totalBytes, unit, 1), DisplayFormat::bytes(b.totalBytes - b.capacityBytes, unit, 1));
    return DisplayFormat::bytes(b.totalBytes, unit, 1);
}

QString MemoryChartModel::statesText(qsizetype g, DisplayFormat::MemoryUnit unit) const
{
    const double states = bracketBytes(g);
    return states > 0 && bar(g).totalBytes > 0
        //: under a bar's total where its bracket cannot carry the figure (and on every bar of the ZeRO and fine-tuning comparisons); %1 = model states
        ? tr("states %1").arg(DisplayFormat::bytesExact(states, unit))
        : QString();
}

double MemoryChartModel::roundUp(double x)
{
    if (!(x > 0))
        return 1;
    const double decade = std::pow(10.0, std::floor(std::log10(x)));
    for (const double m : {1.0, 1.2, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0})
        if (m * decade >= x * (1 - 1e-12))
            return m * decade;
    return 10 * decade;
}

double MemoryChartModel::capacityBytes() const
{
    double capacity = 0;
    for (const MemoryBar& b : m_bars)
        capacity = std::max(capacity, b.capacityBytes);
    return capacity;
}

double MemoryChartModel::axisTop(DisplayFormat::MemoryUnit unit, double floorBytes) const
{
    const double scale = DisplayFormat::bytesPerUnit(unit);
    double tallest = 0;
    for (const MemoryBar& b : m_bars)
        tallest = std::max(tallest, (b.bandRuns > 0 ? std::max(b.totalBytes, b.bandHigh) : b.totalBytes) / scale);
    // 12 % above the tallest bar or the capacity line: room for the total over it.
    return roundUp(std::max({std::max(tallest, capacityBytes() / scale) * 1.12, 1.0, floorBytes / scale}));
}

bool MemoryChartModel::anyOver() const
{
    return std::any_of(m_bars.cbegin(), m_bars.cend(), [](const MemoryBar& b) { return b.over(); });
}

bool MemoryChartModel::hasLevels() const
{
    return std::any_of(m_bars.cbegin(), m_bars.cend(), [](const MemoryBar& b) { return b.allocatedBytes > 0; });
}

int MemoryChartModel::fullestBar() const
{
    int fullest = 0;
    for (qsizetype g = 1; g < m_bars.size(); ++g)
        if (m_bars[g].totalBytes > m_bars[fullest].totalBytes)
            fullest = int(g);
    return fullest;
}

int MemoryChartModel::currentBar() const
{
    int current = 0;
    for (qsizetype g = 0; g < m_bars.size(); ++g)
        if (m_bars[g].current)
            current = int(g);
    return current;
}

bool MemoryChartModel::segmentAt(qsizetype g, double valueBytes, const std::array<core::Component, core::kComponentCount>& order,
                                 core::Component& component) const
{
    if (g < 0 || g >= m_bars.size() || valueBytes < 0)
        return false;
    double top = 0;
    for (const core::Component c : order) {
        top += m_bars[g].bytes[std::size_t(c)];
        if (valueBytes <= top && m_bars[g].bytes[std::size_t(c)] > 0) {
            component = c;
            return true;
        }
    }
    return false;
}

std::pair<double, double> MemoryChartModel::segmentSpan(qsizetype g, core::Component component,
                                                         const std::array<core::Component, core::kComponentCount>& order) const
{
    const MemoryBar& b = bar(g);
    double bottom = 0;
    for (std::size_t i = 0; i < order.size() && order[i] != component; ++i)
        bottom += b.bytes[std::size_t(order[i])];
    return {bottom, bottom + b.bytes[std::size_t(component)]};
}
