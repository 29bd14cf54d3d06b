#include "widgets/advice/advicetext.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>
#include <cmath>

#include "widgets/fieldtext.h"

namespace AdviceText {

namespace {
QString tr(const char* text)
{
    return QCoreApplication::translate("AdviceText", text);
}
} // namespace

QString actionTitle(core::RemedyAction action)
{
    return tr(core::remedyActionTitle(action).data()); // the core's text (a NUL-terminated literal), translated
}

QString title(const core::Remedy& remedy)
{
    QStringList parts;
    // A remedy without levers is one or more fields set to a value (the nearest valid layouts).
    if (remedy.levers.empty()) {
        for (const core::ScenarioChange& c : remedy.changes)
            //: a layout that can run: a field set to a value; %1 = the field ("Tensor parallel (TP)"), %2 = its value
            parts << tr("%1: %2").arg(FieldText::label(c.field), QLocale().toString(qint64(c.value.toInteger())));
        return parts.join(QStringLiteral(" + "));
    }
    for (const core::Lever& l : remedy.levers) {
        QString t = actionTitle(l.action);
        // The setting the advisor chose, where the title shows it (core::leverSettingFormat).
        const std::string_view format = core::leverSettingFormat(l.action);
        if (!format.empty())
            t = tr(format.data()).arg(t).arg(qint64(l.value));
        parts << t;
    }
    return parts.join(QStringLiteral(" + "));
}

QString summary(const core::Remedy& r, DisplayFormat::MemoryUnit unit)
{
    const QLocale locale;
    QStringList parts;
    //: %1 = bytes saved on the fullest GPU, %2 = the fullest GPU after the change
    parts << tr("saves %1 → %2 per GPU").arg(DisplayFormat::bytes(r.bytesSaved, unit, 1), DisplayFormat::bytes(r.bytesAfter, unit, 1));
    parts << (r.fitsAfter ? tr("fits") : tr("still does not fit"));
    if (std::fabs(r.extraFlopsFraction) >= 0.0005)
        //: extra hardware FLOPs; %1 = signed percentage
        parts << tr("%1 FLOPs").arg((r.extraFlopsFraction > 0 ? QStringLiteral("+") : QString()) + DisplayFormat::percent(r.extraFlopsFraction, 1));
    if (std::fabs(r.timeFactor - 1) >= 0.005)
        //: step time after / before; %1 = factor
        parts << tr("step × %1").arg(locale.toString(r.timeFactor, 'f', 2));
    if (std::fabs(r.extraCommunicationBytes) >= 1e6)
        //: %1 = signed extra bytes each GPU sends per step
        parts << tr("%1 communication per step").arg((r.extraCommunicationBytes > 0 ? QStringLiteral("+") : QStringLiteral("−"))
                                                      + DisplayFormat::bytes(std::fabs(r.extraCommunicationBytes), unit, 1));
    if (r.cpuBytes > 0)
        //: %1 = CPU memory per node the change needs
        parts << tr("%1 CPU memory per node").arg(DisplayFormat::bytes(r.cpuBytes, unit, 0));
    if (r.gpusFactor != 1)
        //: %1 = GPUs after / before
        parts << tr("× %1 GPUs").arg(locale.toString(r.gpusFactor, 'g', 3));
    return parts.join(QStringLiteral(" · "));
}

QString runSummary(const core::Remedy& r, DisplayFormat::MemoryUnit unit)
{
    QStringList parts;
    //: the run's wall-clock before and after a change; %1 = before, %2 = after (durations), %3 = signed percentage
    parts << tr("run %1 → %2 (%3)")
                 .arg(DisplayFormat::duration(r.wallSecondsBefore), DisplayFormat::duration(r.wallSecondsAfter),
                      (r.timeFactor >= 1 ? QStringLiteral("+") : QStringLiteral("−")) + DisplayFormat::percent(std::fabs(r.timeFactor - 1), 1));
    //: %1 = goodput before, %2 = after (percentages)
    parts << tr("goodput %1 → %2").arg(DisplayFormat::percent(r.goodputBefore, 1), DisplayFormat::percent(r.goodputAfter, 1));
    if (r.cpuBytes > 0)
        parts << tr("%1 CPU memory per node").arg(DisplayFormat::bytes(r.cpuBytes, unit, 0));
    return parts.join(QStringLiteral(" · "));
}

QString note(core::RemedyNote note)
{
    return note == core::RemedyNote::None ? QString() : tr(core::describe(note).data());
}

QString overrides(const core::Remedy& remedy)
{
    QStringList lines;
    for (const core::ScenarioChange& c : remedy.changes)
        lines << QStringLiteral("--set ") + QString::fromStdString(core::changeText(c));
    return lines.join(QLatin1Char('\n'));
}

} // namespace AdviceText
