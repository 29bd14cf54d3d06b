#include "widgets/gauges/gaugepanel.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLocale>

#include "core/units.h"
#include "widgets/gauges/gauge.h"
#include "widgets/gauges/servinggauges.h"

using Level = ComponentPalette::Level;

GaugePanel::GaugePanel(QWidget* parent)
    : QWidget(parent)
    , m_serving(new ServingGauges(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    for (std::size_t i = 0; i < m_gauges.size(); ++i) {
        auto* g = new Gauge(this);
        m_gauges[i] = g;
        layout->addWidget(g);
        const Kind kind = Kind(i);
        connect(g, &Gauge::activated, this, [this, kind] {
            setSelected(kind);
            emit activated(kind, kind == Kind::Headroom ? m_estimate.fullestGroup : -1);
        });
    }
    // The serving dials share the row; only one set is shown (the training dials stay direct
    // children of the layout, where exports take them from).
    layout->addWidget(m_serving);
    m_serving->hide();
    connect(m_serving, &ServingGauges::activated, this, [this](ServingGauges::Kind kind) {
        for (Gauge* g : m_gauges)
            g->setSelected(false);
        emit servingActivated(ServingGauges::terms(kind), kind == ServingGauges::Kind::Headroom ? m_estimate.fullestGroup : -1);
    });
    // Zones say what a value means; the tooltips (retranslateUi) say it in words.
    gauge(Kind::TrainingTime)->setRange(0.1, 3650, Gauge::Scale::Log);
    gauge(Kind::TrainingTime)->setZones({{0, 30, Level::Good}, {30, 180, Level::Warning}, {180, 1e300, Level::Bad}});
    gauge(Kind::GpuHours)->setRange(1e2, 1e8, Gauge::Scale::Log);
    gauge(Kind::GpuHours)->setZones({{0, 1e5, Level::Good}, {1e5, 1e7, Level::Warning}, {1e7, 1e300, Level::Bad}});
    gauge(Kind::Cost)->setRange(1e3, 1e9, Gauge::Scale::Log);
    gauge(Kind::Cost)->setZones({{0, 1e5, Level::Good}, {1e5, 1e7, Level::Warning}, {1e7, 1e300, Level::Bad}});
    gauge(Kind::Mfu)->setRange(0, 1);
    gauge(Kind::Mfu)->setZones({{0, 0.2, Level::Warning}, {0.2, 0.55, Level::Good}, {0.55, 1.01, Level::Bad}});
    gauge(Kind::Bubble)->setRange(0, 0.5);
    gauge(Kind::Bubble)->setZones({{0, 0.05, Level::Good}, {0.05, 0.15, Level::Warning}, {0.15, 1.01, Level::Bad}});
    gauge(Kind::Headroom)->setRange(-0.5, 1);
    gauge(Kind::Headroom)->setZones({{-1e300, 0, Level::Bad}, {0, 0.1, Level::Warning}, {0.1, 1.01, Level::Good}});
    retranslateUi();
}

QVector<core::Term> GaugePanel::terms(Kind kind)
{
    using T = core::Term;
    switch (kind) {
    case Kind::TrainingTime: return {T::TrainingSeconds, T::IterationSeconds, T::Iterations, T::TotalModelFlops};
    case Kind::GpuHours: return {T::GpuHours, T::TrainingSeconds};
    case Kind::Cost: return {T::Cost, T::GpuHours};
    case Kind::Mfu: return {T::IterationSeconds, T::PeakFlops, T::ModelFlopsPerIteration, T::HardwareFlopsPerIteration};
    case Kind::Bubble: return {T::BubbleFraction, T::MicroBatches};
    case Kind::Headroom: return {T::DeviceBytes, T::AllocatedBytes, T::ReservedBytes};
    case Kind::Count: break;
    }
    return {};
}

void GaugePanel::showServing(bool serving)
{
    if (m_servingShown == serving)
        return;
    m_servingShown = serving;
    for (Gauge* g : m_gauges)
        g->setVisible(!serving);
    m_serving->setVisible(serving);
}

void GaugePanel::setServingRequest(std::int64_t batch, std::int64_t prompt, std::int64_t context)
{
    m_serving->setRequest(batch, prompt, context);
}

void GaugePanel::setEstimate(const core::Estimate& estimate)
{
    if (!estimate.valid)
        return;
    showServing(estimate.mode == core::Mode::Inference);
    if (m_servingShown) {
        m_estimate = estimate;
        m_serving->setEstimate(estimate);
        return;
    }
    m_estimate = estimate;
    const core::ComputeEstimate& c = estimate.compute;
    gauge(Kind::TrainingTime)->animateTo(c.trainingSeconds / core::kSecondsPerDay);
    gauge(Kind::GpuHours)->animateTo(c.gpuHours);
    gauge(Kind::Cost)->animateTo(c.cost);
    gauge(Kind::Mfu)->animateTo(c.effectiveMfu);
    gauge(Kind::Bubble)->animateTo(c.bubbleFraction);
    const core::RankGroup& f = estimate.fullest();
    gauge(Kind::Headroom)->animateTo(f.capacityBytes > 0 ? (f.capacityBytes - f.totalBytes) / f.capacityBytes : 0);
    updateTexts();
    setStale(false);
}

void GaugePanel::updateTexts()
{
    if (!m_estimate.valid || m_servingShown)
        return;
    const core::ComputeEstimate& c = m_estimate.compute;
    const QLocale locale;
    gauge(Kind::TrainingTime)->setValueText(DisplayFormat::duration(c.trainingSeconds));
    //: caption under training time; %1 = time per optimizer step
    gauge(Kind::TrainingTime)->setCaption(tr("%1 per step").arg(DisplayFormat::duration(c.iterationSeconds)));
    gauge(Kind::GpuHours)->setValueText(DisplayFormat::count(c.gpuHours));
    const int gpus = m_estimate.groups.empty() ? 0 : m_estimate.groups.back().lastRank + 1;
    //: caption under GPU-hours; %1 = number of GPUs
    gauge(Kind::GpuHours)->setCaption(tr("on %n GPU(s)", nullptr, gpus));
    gauge(Kind::Cost)->setValueText(DisplayFormat::money(c.cost));
    //: caption under cost; %1 = iterations
    gauge(Kind::Cost)->setCaption(tr("%1 steps").arg(DisplayFormat::count(c.iterations)));
    gauge(Kind::Mfu)->setValueText(DisplayFormat::percent(c.effectiveMfu, 0));
    //: caption under MFU; %1 = achieved TFLOP/s per GPU
    gauge(Kind::Mfu)->setCaption(tr("%1 TFLOP/s").arg(locale.toString(c.peakFlopsPerGpu * c.effectiveMfu / 1e12, 'f', 0)));
    gauge(Kind::Bubble)->setValueText(DisplayFormat::percent(c.bubbleFraction, 1));
    //: caption under the pipeline bubble; %1 = micro-batches per step
    gauge(Kind::Bubble)->setCaption(tr("m = %1").arg(m_estimate.microBatchesPerStep));
    const core::RankGroup& f = m_estimate.fullest();
    const double free = f.capacityBytes - f.totalBytes;
    gauge(Kind::Headroom)->setValueText(DisplayFormat::bytes(free, m_unit, 1));
    if (free >= 0)
        //: caption under the memory headroom; %1 = capacity of the fullest GPU
        gauge(Kind::Headroom)->setCaption(tr("free of %1").arg(DisplayFormat::capacity(f.capacityBytes, m_unit)));
    else
        //: caption under the memory headroom when over capacity; %1 = capacity of the fullest GPU
        gauge(Kind::Headroom)->setCaption(tr("over capacity (%1)").arg(DisplayFormat::capacity(f.capacityBytes, m_unit)));
}

void GaugePanel::setStale(bool stale)
{
    for (Gauge* g : m_gauges)
        g->setStale(stale);
    m_serving->setStale(stale);
}

void GaugePanel::setUnit(DisplayFormat::MemoryUnit unit)
{
    m_unit = unit;
    m_serving->setUnit(unit);
    updateTexts();
}

void GaugePanel::setAnimated(bool animated)
{
    for (Gauge* g : m_gauges)
        g->setAnimated(animated);
    m_serving->setAnimated(animated);
}

void GaugePanel::setSelected(Kind kind)
{
    for (std::size_t i = 0; i < m_gauges.size(); ++i)
        m_gauges[i]->setSelected(Kind(i) == kind);
    m_serving->clearSelection();
}

void GaugePanel::retranslateUi()
{
    gauge(Kind::TrainingTime)->setTitle(tr("Training time"));
    gauge(Kind::TrainingTime)->setToolTip(tr("Wall-clock time to train on all tokens: total FLOPs / (GPUs × peak × MFU),\n"
                                             "plus generating the rollouts in RL fine-tuning.\n"
                                             "Green under a month, amber up to six months, red beyond."));
    gauge(Kind::GpuHours)->setTitle(tr("GPU-hours"));
    gauge(Kind::GpuHours)->setToolTip(tr("Training time × number of GPUs.\n"
                                         "Green under 100 k (a lab's budget), amber up to 10 M, red beyond (frontier scale)."));
    gauge(Kind::Cost)->setTitle(tr("Cost"));
    gauge(Kind::Cost)->setToolTip(tr("GPU-hours × price per GPU-hour × overhead for failures and restarts.\n"
                                     "Green under $100 k, amber up to $10 M, red beyond."));
    gauge(Kind::Mfu)->setTitle(tr("MFU"));
    gauge(Kind::Mfu)->setToolTip(tr("Model FLOPs utilization: the share of the GPUs' peak that does useful model maths.\n"
                                    "Large runs reach 35–55 % (green); above 55 % is unrealistic (red); below 20 % is poorly tuned (amber)."));
    gauge(Kind::Bubble)->setTitle(tr("Pipeline bubble"));
    gauge(Kind::Bubble)->setToolTip(tr("Share of each step the pipeline stages wait idle: (p − 1) / (m + p − 1).\n"
                                       "Green under 5 %, amber up to 15 %, red beyond: use more micro-batches."));
    gauge(Kind::Headroom)->setTitle(tr("Headroom"));
    gauge(Kind::Headroom)->setToolTip(tr("Memory headroom: free memory on the fullest GPU, as a share of its capacity.\n"
                                         "Red: it does not fit. Amber: under 10 % left, fragile. Green: room to spare."));
    updateTexts();
}

void GaugePanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
