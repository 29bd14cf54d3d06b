#include "widgets/charts/measuredtext.h"

#include <QCoreApplication>
#include <algorithm>
#include <map>
#include <set>

#include "widgets/step/calibrationtext.h"

namespace MeasuredText {

namespace {

/// Where a quantity's mark stands: its level from the bar's foot, or — a component the engine
/// reports by itself (weights, KV cache, …) — that component's bottom in the stack plus the
/// measured size, so the mark sits beside the top of the segment it measures.
double baseOf(const BarFrame& bar, core::MeasuredQuantity q)
{
    using Q = core::MeasuredQuantity;
    using C = core::Component;
    auto at = [&](C c) { return bar.bottom[std::size_t(c)]; };
    switch (q) {
    case Q::Weights: return at(C::Weights);
    case Q::KvCache: return std::min(at(C::KvCache), at(C::KvCacheReserve));
    case Q::CudaGraphs: return at(C::CudaGraphPool);
    case Q::ActivationPeak: return at(C::InferenceWorkspace);
    default: return 0;
    }
}

/// Counts have no height, and the device's total is the capacity line, not a bar: those are
/// compared in the calibration dialog and the command line only.
bool drawn(core::MeasuredQuantity q)
{
    return !core::isCount(q) && q != core::MeasuredQuantity::DeviceTotal;
}

QString rankText(int rank)
{
    return rank >= 0 ? QString::number(rank) : QCoreApplication::translate("MeasuredText", "none in the log");
}

/// "0, 1, 2, 3" shortened to "0–3" when contiguous.
QString rankList(const std::set<int>& ranks)
{
    if (ranks.empty())
        return {};
    const int lo = *ranks.begin(), hi = *ranks.rbegin();
    if (ranks.size() > 2 && int(ranks.size()) == hi - lo + 1)
        return QStringLiteral("%1–%2").arg(lo).arg(hi);
    QStringList out;
    for (int r : ranks)
        out << QString::number(r);
    return out.join(QStringLiteral(", "));
}

} // namespace

QString percentText(double percent)
{
    // The locale's percent ("4.5 %", "4.5%"), signed with U+2212 as the working writes minus.
    const QString digits = DisplayFormat::percent(std::abs(percent) / 100, 1);
    const bool zero = digits == DisplayFormat::percent(0, 1);
    return (zero ? QString() : percent > 0 ? QStringLiteral("+") : QStringLiteral("−")) + digits;
}

QVector<Mark> marks(const std::vector<core::Residual>& residuals, const QVector<BarFrame>& bars, DisplayFormat::MemoryUnit unit)
{
    // The largest measured rank of each (group, quantity), and the spread of the others.
    struct Pick
    {
        const core::Residual* top = nullptr;
        int ranks = 0;
        double lowest = 0, highest = 0;
    };
    std::map<std::pair<int, int>, Pick> picks;
    for (const core::Residual& r : residuals) {
        if (r.status != core::ResidualStatus::Compared || r.group < 0 || r.group >= bars.size() || !drawn(r.quantity))
            continue;
        Pick& p = picks[{r.group, int(r.quantity)}];
        p.lowest = p.ranks ? std::min(p.lowest, r.percent) : r.percent;
        p.highest = p.ranks ? std::max(p.highest, r.percent) : r.percent;
        ++p.ranks;
        if (!p.top || r.measured > p.top->measured)
            p.top = &r;
    }
    QVector<Mark> out;
    for (const auto& [key, p] : picks) {
        // Reserved now and its peak are both set beside the one predicted reserved level: the
        // peak is drawn (Megatron prints both, usually equal), the other is in the dialog.
        if (key.second == int(core::MeasuredQuantity::Reserved) && picks.count({key.first, int(core::MeasuredQuantity::MaxReserved)}))
            continue;
        const core::Residual& r = *p.top;
        const BarFrame& bar = bars[r.group];
        Mark m;
        m.bar = r.group;
        m.quantity = r.quantity;
        m.measured = r.measured;
        m.predicted = r.predicted;
        m.percent = r.percent;
        m.ranks = p.ranks;
        m.bytes = baseOf(bar, r.quantity) + r.measured;
        m.barTop = bar.total;
        m.label = percentText(r.percent);
        const QString measured = DisplayFormat::bytesExact(r.measured, unit);
        const QString predicted = DisplayFormat::bytesExact(r.predicted, unit);
        //: tooltip of a measured mark; %1 = quantity, %2 = measured size, %3 = log format, %4 = rank, %5 = line of the log
        QString tip = QCoreApplication::translate("MeasuredText", "<b>Measured %1: %2</b><br>%3, rank %4, line %5").arg(CalibrationText::quantityName(r.quantity), measured,
                                                                               CalibrationText::formatName(r.format), rankText(r.rank))
                          .arg(r.line);
        //: %1 = predicted size, %2 = the bar (rank group)
        tip += QStringLiteral("<br>") + QCoreApplication::translate("MeasuredText", "Predicted %1 for %2").arg(predicted, bar.label);
        //: the residual's formula with its numbers; %1 = predicted, %2 = measured, %3 = the result
        tip += QStringLiteral("<br>") + QCoreApplication::translate("MeasuredText", "(predicted − measured) / measured = (%1 − %2) / %2 = %3").arg(predicted, measured, percentText(r.percent));
        if (p.ranks > 1)
            //: %1 = ranks measured in this group, %2 = lowest residual, %3 = highest
            tip += QStringLiteral("<br>") + QCoreApplication::translate("MeasuredText", "%1 ranks of this group measured: %2 … %3; the mark is the fullest").arg(p.ranks).arg(percentText(p.lowest), percentText(p.highest));
        if (r.rank < 0)
            tip += QStringLiteral("<br><i>") + QCoreApplication::translate("MeasuredText", "The log names no rank: compared with the group that predicts the most.") + QStringLiteral("</i>");
        m.toolTip = tip;
        out.push_back(m);
    }
    return out;
}

QStringList notes(const std::vector<core::Residual>& residuals, const QVector<BarFrame>& bars, int rankCount, bool textbook)
{
    if (residuals.empty())
        return {};
    QStringList out;
    std::set<int> outside, nodeless, measuredBars;
    std::set<int> unpredicted, counts;
    bool host = false;
    for (const core::Residual& r : residuals) {
        switch (r.status) {
        case core::ResidualStatus::Compared:
            if (!drawn(r.quantity))
                counts.insert(int(r.quantity));
            else if (r.group >= 0)
                measuredBars.insert(r.group);
            break;
        case core::ResidualStatus::RankNotInLayout: outside.insert(r.rank); break;
        case core::ResidualStatus::NodeUnknown: nodeless.insert(r.rank); break;
        case core::ResidualStatus::NoPrediction:
            (core::isCount(r.quantity) ? counts : unpredicted).insert(int(r.quantity));
            break;
        case core::ResidualStatus::HostMemory: host = true; break;
        case core::ResidualStatus::Count: break;
        }
    }
    //: under the memory chart; the ◆ is the mark's shape
    out << QCoreApplication::translate("MeasuredText", "◆ measured; beside each: (predicted − measured) / measured");
    if (textbook && !measuredBars.empty())
        out << QCoreApplication::translate("MeasuredText", "The textbook view has no allocator levels: the measured marks are in the full view.");
    if (!outside.empty())
        //: %1 = ranks, %2 = GPUs of the scenario
        out << QCoreApplication::translate("MeasuredText", "Not drawn: rank %1 is not in this layout of %2 GPUs (measured on another layout?)").arg(rankList(outside)).arg(rankCount);
    if (!nodeless.empty())
        //: %1 = device indices
        out << QCoreApplication::translate("MeasuredText", "Not drawn: device %1 of one node; the log does not say which node, and the nodes' GPUs differ").arg(rankList(nodeless));
    if (!unpredicted.empty()) {
        QStringList names;
        for (int q : unpredicted)
            names << CalibrationText::quantityName(core::MeasuredQuantity(q));
        //: %1 = measured quantities
        out << QCoreApplication::translate("MeasuredText", "Not drawn: %1, which the estimate does not predict").arg(names.join(QStringLiteral(", ")));
    }
    if (!counts.empty()) {
        QStringList names;
        for (int q : counts)
            names << CalibrationText::quantityName(core::MeasuredQuantity(q));
        //: %1 = measured quantities (counts, the device's total memory)
        out << QCoreApplication::translate("MeasuredText", "Listed in the calibration dialog, not drawn: %1").arg(names.join(QStringLiteral(", ")));
    }
    if (host)
        out << QCoreApplication::translate("MeasuredText", "Host buffers are not GPU memory: not drawn");
    if (!measuredBars.empty() && int(measuredBars.size()) < bars.size()) {
        QStringList names;
        for (int g = 0; g < bars.size(); ++g)
            if (!measuredBars.count(g))
                names << QString(bars[g].label).replace(QLatin1Char('\n'), QLatin1Char(' '));
        //: %1 = rank groups without a measurement
        out << QCoreApplication::translate("MeasuredText", "Not measured: %1").arg(names.join(QStringLiteral("; ")));
    }
    return out;
}

} // namespace MeasuredText
