#include "widgets/charts/memorycharttext.h"

#include <QCoreApplication>
#include <QLocale>

#include "widgets/charts/componentpalette.h"

namespace MemoryChartText {

QString rankGroupLabel(const core::Estimate& estimate, int group)
{
    if (group < 0 || std::size_t(group) >= estimate.groups.size())
        return {};
    const core::RankGroup& g = estimate.groups[std::size_t(group)];
    if (g.phase == core::GroupPhase::RolloutPool)
        //: bar label of the GPUs that only generate (RL, separate placement); %1–%2 = rank range
        return QCoreApplication::translate("MemoryChart", "rollout GPUs · ranks %1–%2").arg(g.firstRank).arg(g.lastRank);
    bool pipeline = false;
    for (const core::RankGroup& other : estimate.groups)
        pipeline = pipeline || other.lastStage > 0;
    QString label;
    if (!pipeline && g.lastRank == 0)
        //: bar label of a single GPU
        label = QCoreApplication::translate("MemoryChart", "rank 0");
    else if (!pipeline)
        //: bar label when every GPU has the same memory; %1 = last rank
        label = QCoreApplication::translate("MemoryChart", "all ranks 0–%1").arg(g.lastRank);
    else if (g.firstStage == g.lastStage)
        //: %1 = pipeline stage, %2–%3 = rank range
        label = QCoreApplication::translate("MemoryChart", "PP stage %1 · ranks %2–%3").arg(g.firstStage).arg(g.firstRank).arg(g.lastRank);
    else
        //: %1–%2 = pipeline stages, %3–%4 = rank range
        label = QCoreApplication::translate("MemoryChart", "PP stages %1–%2 · ranks %3–%4")
                    .arg(g.firstStage).arg(g.lastStage).arg(g.firstRank).arg(g.lastRank);
    if (g.shownStage >= 0)
        //: a bar for a run of pipeline stages that differ (a pipeline too long for a bar each); %1 = the bar label, %2 = the stage it shows
        label = QCoreApplication::translate("MemoryChart", "%1 (fullest: stage %2)").arg(label).arg(g.shownStage);
    if (g.phase == core::GroupPhase::RlTrainingPhase)
        //: RL with a colocated rollout engine: the moment the policy trains; %1 = the ranks
        return QCoreApplication::translate("MemoryChart", "%1 · training phase").arg(label);
    if (g.phase == core::GroupPhase::RlRolloutPhase)
        //: RL with a colocated rollout engine: the moment it generates; %1 = the ranks
        return QCoreApplication::translate("MemoryChart", "%1 · rollout phase").arg(label);
    return label;
}

QString rankGroupCompactLabel(const core::Estimate& estimate, int group)
{
    if (group < 0 || group >= int(estimate.groups.size()))
        return {};
    const core::RankGroup& g = estimate.groups[std::size_t(group)];
    if ((g.phase != core::GroupPhase::Training && g.phase != core::GroupPhase::Serving) || g.shownStage >= 0)
        return {};
    bool pipeline = false;
    for (const core::RankGroup& other : estimate.groups)
        pipeline = pipeline || other.lastStage > 0;
    if (!pipeline)
        return {};
    if (g.firstStage == g.lastStage)
        //: a pipeline stage's bar label where the full one does not fit; %1 = stage, %2–%3 = rank range
        return QCoreApplication::translate("MemoryChart", "PP %1 · %2–%3").arg(g.firstStage).arg(g.firstRank).arg(g.lastRank);
    //: the same for a run of stages; %1–%2 = stages, %3–%4 = rank range
    return QCoreApplication::translate("MemoryChart", "PP %1–%2 · %3–%4").arg(g.firstStage).arg(g.lastStage).arg(g.firstRank).arg(g.lastRank);
}

QString segmentToolTip(core::Component component, const QString& barLabel, double bytes, double barTotalBytes,
                       DisplayFormat::MemoryUnit unit, const QString& clickHint)
{
    const QString exact = QLocale().toString(bytes, 'f', 0);
    const QString click = clickHint.isEmpty() ? QCoreApplication::translate("MemoryChart", "Click to see how it is computed.") : clickHint;
    //: tooltip: %1 = component, %2 = model role (policy, reference, rollout engine…), %3 = bar label, %4 = size, %5 = exact bytes, %6 = share of the GPU's total, %7 = explanation, %8 = what a click does
    return QCoreApplication::translate("MemoryChart", "<b>%1</b> · %2<br>%3<br>%4 (%5 bytes)<br>%6 of this GPU's memory<br><i>%7</i><br>%8")
        .arg(ComponentPalette::componentName(component).toHtmlEscaped(), ComponentPalette::roleName(core::roleOf(component)).toHtmlEscaped(),
             barLabel.toHtmlEscaped(), DisplayFormat::bytes(bytes, unit, 2), exact,
             DisplayFormat::percent(barTotalBytes > 0 ? bytes / barTotalBytes : 0),
             ComponentPalette::componentDescription(component).toHtmlEscaped(), click.toHtmlEscaped());
}

QString levelsToolTip(double allocated, double reserved, double device, DisplayFormat::MemoryUnit unit)
{
    //: tooltip line under a bar segment; %1–%3 = memory; max_memory_allocated / max_memory_reserved / nvidia-smi are tool names
    return QCoreApplication::translate("MemoryChart", "Peak of the step: allocated %1 (max_memory_allocated) · reserved %2 (max_memory_reserved) · device %3 (nvidia-smi)")
        .arg(DisplayFormat::bytes(allocated, unit, 2), DisplayFormat::bytes(reserved, unit, 2), DisplayFormat::bytes(device, unit, 2));
}

QString bandToolTip(double low, double high, int runs, core::MemoryLevel level, DisplayFormat::MemoryUnit unit)
{
    // The tools' own names, untranslated (as in levelsToolTip).
    const QString tool = level == core::MemoryLevel::Allocated ? QStringLiteral("max_memory_allocated")
        : level == core::MemoryLevel::Reserved                ? QStringLiteral("max_memory_reserved")
                                                              : QStringLiteral("nvidia-smi");
    //: tooltip line under a bar segment, for the whisker on the bar; %n = public runs like this one, %1/%2 = memory, %3 = the tool that measured (max_memory_allocated, nvidia-smi)
    return QCoreApplication::translate("MemoryChart", "The whisker: eight in ten of %n similar public runs measured between %1 and %2 (%3; Help ▸ Accuracy)",
                                       nullptr, runs)
        .arg(DisplayFormat::bytes(low, unit, 1), DisplayFormat::bytes(high, unit, 1), tool);
}

} // namespace MemoryChartText
