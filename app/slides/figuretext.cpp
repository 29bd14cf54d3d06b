#include "app/slides/figuretext.h"

#include <QLocale>
#include <cmath>

QString FigureText::caption(core::Figure figure)
{
    using F = core::Figure;
    switch (figure) {
    case F::FullestGpuGb: return tr("Fullest GPU");
    case F::CapacityGb: return tr("GPU memory");
    case F::ModelStatesGb: return tr("Model states per GPU");
    case F::WeightsGb: return tr("Weights per GPU");
    case F::ActivationsGb: return tr("Activations per GPU");
    case F::KvCacheGb: return tr("KV cache per GPU");
    case F::TrainingDays: return tr("Training time");
    case F::GpuHours: return tr("GPU-hours");
    case F::CostUsd: return tr("Cost");
    case F::StepSeconds: return tr("One step");
    case F::TokensPerSecond: return tr("Throughput");
    case F::Gpus: return tr("GPUs");
    case F::DataParallel: return tr("Data-parallel ranks");
    case F::ParametersB: return tr("Parameters");
    case F::GoodputPercent: return tr("Goodput");
    case F::MtbiHours: return tr("Between interruptions");
    case F::Count: break;
    }
    return {};
}

QString FigureText::value(core::Figure figure, double v, DisplayFormat::MemoryUnit unit)
{
    if (!std::isfinite(v))
        return QStringLiteral("—");
    using F = core::Figure;
    switch (figure) {
    case F::FullestGpuGb:
    case F::CapacityGb:
    case F::ModelStatesGb:
    case F::WeightsGb:
    case F::ActivationsGb:
    case F::KvCacheGb: return DisplayFormat::bytes(v * 1e9, unit, 1);
    case F::TrainingDays: return DisplayFormat::days(v);
    //: a live figure; %1 = a count such as "1.47 M"
    case F::GpuHours: return tr("%1 GPU-hours").arg(DisplayFormat::count(v));
    case F::CostUsd: return DisplayFormat::money(v);
    case F::StepSeconds: return DisplayFormat::duration(v);
    //: a live figure; %1 = a count such as "12.3 k"
    case F::TokensPerSecond: return tr("%1 tokens/s").arg(DisplayFormat::count(v));
    case F::Gpus:
    case F::DataParallel: return QLocale().toString(qint64(std::llround(v)));
    case F::ParametersB: return DisplayFormat::count(v * 1e9);
    case F::GoodputPercent: return DisplayFormat::percent(v / 100);
    case F::MtbiHours: return DisplayFormat::duration(v * 3600);
    case F::Count: break;
    }
    return {};
}

QString FigureText::fill(const QString& text, const core::Scenario& scenario, const core::Estimate& estimate)
{
    if (!text.contains(QLatin1Char('{')) && !text.contains(QLatin1Char('}')))
        return text;
    const std::string filled = core::fillTemplate(text.toStdString(), scenario, estimate, [](core::Figure, double value, int decimals) {
        // The core's rule (three significant digits unless told), in the locale's digits and groups.
        const QString plain = QString::fromStdString(core::formatFigure(value, decimals));
        if (!std::isfinite(value))
            return plain.toStdString();
        const int shown = plain.contains(QLatin1Char('.')) ? int(plain.size() - plain.indexOf(QLatin1Char('.')) - 1) : 0;
        return QLocale().toString(plain.toDouble(), 'f', shown).toStdString();
    });
    return QString::fromStdString(filled);
}
