#include "widgets/gauges/servinggauges.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLocale>
#include <cmath>

#include "widgets/gauges/gauge.h"
#include "widgets/charts/rooflineview.h"

using Level = ComponentPalette::Level;

ServingGauges::ServingGauges(QWidget* parent)
    : QWidget(parent)
    , m_roofline(new RooflineView(this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    for (std::size_t i = 0; i < m_gauges.size(); ++i) {
        auto* g = new Gauge(this);
        m_gauges[i] = g;
        layout->addWidget(g, 2);
        connect(g, &Gauge::activated, this, [this, kind = Kind(i)] {
            setSelected(kind);
            emit activated(kind);
        });
    }
    layout->addWidget(m_roofline, 3);
    connect(m_roofline, &RooflineView::activated, this, [this] {
        setSelected(Kind::Roofline);
        emit activated(Kind::Roofline);
    });
    gauge(Kind::Headroom)->setRange(-0.5, 1);
    gauge(Kind::Headroom)->setZones({{-1e300, 0, Level::Bad}, {0, 0.1, Level::Warning}, {0.1, 1.01, Level::Good}});
    gauge(Kind::MaxBatch)->setRange(1, 4096, Gauge::Scale::Log);
    gauge(Kind::MaxContext)->setRange(256, 4194304, Gauge::Scale::Log);
    // Interactive use: a prompt answered within a second feels immediate, beyond 5 s it drags.
    gauge(Kind::TimeToFirstToken)->setRange(0.01, 100, Gauge::Scale::Log);
    gauge(Kind::TimeToFirstToken)->setZones({{0, 1, Level::Good}, {1, 5, Level::Warning}, {5, 1e300, Level::Bad}});
    // People read about 5–10 tokens/s; chat services aim at 30 and more per stream.
    gauge(Kind::TokensPerSequence)->setRange(1, 1000, Gauge::Scale::Log);
    gauge(Kind::TokensPerSequence)->setZones({{0, 10, Level::Bad}, {10, 30, Level::Warning}, {30, 1e300, Level::Good}});
    gauge(Kind::TokensPerReplica)->setRange(10, 1e6, Gauge::Scale::Log);
    gauge(Kind::TokensPerReplica)->setZones({{0, 1e300, Level::Neutral}});
    updateZones();
    retranslateUi();
}

Gauge* ServingGauges::gauge(Kind kind) const
{
    return kind < Kind::Roofline ? m_gauges[std::size_t(kind)] : nullptr;
}

QVector<core::Term> ServingGauges::terms(Kind kind)
{
    using T = core::Term;
    switch (kind) {
    case Kind::Headroom: return {T::DeviceBytes, T::ServingWeights, T::KvCache};
    case Kind::MaxBatch: return {T::MaxBatch, T::KvBytesPerToken};
    case Kind::MaxContext: return {T::MaxContext, T::KvBytesPerToken};
    case Kind::TimeToFirstToken: return {T::PrefillSeconds};
    case Kind::TokensPerSequence:
    case Kind::TokensPerReplica: return {T::DecodeTokensPerSecond, T::DecodeStepSeconds};
    case Kind::Roofline: return {T::ArithmeticIntensity, T::DecodeStepSeconds};
    case Kind::Count: break;
    }
    return {};
}

void ServingGauges::setRequest(std::int64_t batch, std::int64_t prompt, std::int64_t context)
{
    m_batch = std::max<std::int64_t>(1, batch);
    m_prompt = std::max<std::int64_t>(0, prompt);
    m_context = std::max<std::int64_t>(1, context);
    updateZones();
}

void ServingGauges::updateZones()
{
    // Red below what the scenario asks for (it does not fit), amber up to twice that.
    if (m_zoneBatch != m_batch) {
        const double b = double(m_batch);
        gauge(Kind::MaxBatch)->setZones({{-1e300, b, Level::Bad}, {b, 2 * b, Level::Warning}, {2 * b, 1e300, Level::Good}});
        m_zoneBatch = m_batch;
    }
    if (m_zoneContext != m_context) {
        const double c = double(m_context);
        gauge(Kind::MaxContext)->setZones({{-1e300, c, Level::Bad}, {c, 2 * c, Level::Warning}, {2 * c, 1e300, Level::Good}});
        m_zoneContext = m_context;
    }
}

void ServingGauges::setEstimate(const core::Estimate& estimate)
{
    if (!estimate.valid)
        return;
    m_estimate = estimate;
    const core::InferenceEstimate& in = estimate.inference;
    const core::RankGroup& f = estimate.fullest();
    gauge(Kind::Headroom)->animateTo(f.capacityBytes > 0 ? (f.capacityBytes - f.totalBytes) / f.capacityBytes : 0);
    gauge(Kind::MaxBatch)->animateTo(in.maxBatchAtContext);
    gauge(Kind::MaxContext)->animateTo(in.maxContextAtBatch);
    gauge(Kind::TimeToFirstToken)->animateTo(in.prefillSeconds);
    gauge(Kind::TokensPerSequence)->animateTo(in.tokensPerSecondPerSequence);
    gauge(Kind::TokensPerReplica)->animateTo(in.tokensPerSecondPerReplica);
    m_roofline->setPoint(in.arithmeticIntensity, in.ridgePoint);
    updateTexts();
    setStale(false);
}

void ServingGauges::updateTexts()
{
    if (!m_estimate.valid)
        return;
    const core::InferenceEstimate& in = m_estimate.inference;
    const QLocale locale;
    const core::RankGroup& f = m_estimate.fullest();
    gauge(Kind::Headroom)->setValueText(DisplayFormat::bytes(f.capacityBytes - f.totalBytes, m_unit, 1));
    //: caption under the serving headroom; %1 = this GPU's weights
    gauge(Kind::Headroom)->setCaption(tr("weights %1").arg(DisplayFormat::bytes(f.bytes[std::size_t(core::Component::Weights)], m_unit, 1)));
    const double maxBatch = std::floor(in.maxBatchAtContext);
    //: largest batch that fits; %1 = sequences
    gauge(Kind::MaxBatch)->setValueText(maxBatch >= 1 ? tr("%1 seq").arg(locale.toString(maxBatch, 'f', 0)) : tr("none"));
    //: caption under the largest batch; %1 = context in tokens
    gauge(Kind::MaxBatch)->setCaption(tr("at %1 tokens").arg(locale.toString(double(m_context), 'f', 0)));
    // The count alone fits the dial ("57.4 k"); the unit goes to the caption.
    gauge(Kind::MaxContext)->setValueText(in.maxContextAtBatch >= 1 ? DisplayFormat::count(std::floor(in.maxContextAtBatch)) : tr("none"));
    //: caption under the longest context; %1 = sequences in the batch
    gauge(Kind::MaxContext)->setCaption(tr("tokens at batch %1").arg(locale.toString(double(m_batch), 'f', 0)));
    gauge(Kind::TimeToFirstToken)->setValueText(DisplayFormat::duration(in.prefillSeconds));
    //: caption under time to first token; %1 = prompt tokens prefilled for the whole batch
    gauge(Kind::TimeToFirstToken)->setCaption(tr("prefill of %1 tokens").arg(DisplayFormat::count(double(m_batch) * double(m_prompt))));
    //: decode speed; %1 = tokens per second
    const double perSequence = in.tokensPerSecondPerSequence;
    gauge(Kind::TokensPerSequence)->setValueText(tr("%1 tok/s").arg(locale.toString(perSequence, 'f', perSequence < 10 ? 1 : 0)));
    //: caption under decode speed; %1 = time of one decode step
    gauge(Kind::TokensPerSequence)->setCaption(tr("%1 per step").arg(DisplayFormat::duration(in.decodeStepSeconds)));
    //: replica throughput; %1 = tokens per second, e.g. "8.86 k"
    gauge(Kind::TokensPerReplica)->setValueText(tr("%1 tok/s").arg(DisplayFormat::count(in.tokensPerSecondPerReplica)));
    if (in.replicas > 1)
        //: caption under replica throughput; %1 = replicas, %2 = tokens per second of all replicas
        gauge(Kind::TokensPerReplica)
            ->setCaption(tr("× %1 replicas = %2 tok/s").arg(in.replicas).arg(DisplayFormat::count(in.tokensPerSecondTotal)));
    else
        gauge(Kind::TokensPerReplica)->setCaption(tr("a single replica"));
}

void ServingGauges::setStale(bool stale)
{
    for (Gauge* g : m_gauges)
        g->setStale(stale);
    m_roofline->setStale(stale);
}

void ServingGauges::setUnit(DisplayFormat::MemoryUnit unit)
{
    m_unit = unit;
    updateTexts();
}

void ServingGauges::setAnimated(bool animated)
{
    for (Gauge* g : m_gauges)
        g->setAnimated(animated);
}

void ServingGauges::setSelected(Kind kind)
{
    for (std::size_t i = 0; i < m_gauges.size(); ++i)
        m_gauges[i]->setSelected(Kind(i) == kind);
    m_roofline->setSelected(kind == Kind::Roofline);
}

void ServingGauges::retranslateUi()
{
    gauge(Kind::Headroom)->setTitle(tr("Headroom"));
    gauge(Kind::Headroom)->setToolTip(tr("Free memory on the fullest GPU once the weights, the KV cache of this batch and the runtime are in.\n"
                                         "Red: it does not fit. Amber: under 10 % left. Green: room for more sequences."));
    gauge(Kind::MaxBatch)->setTitle(tr("Largest batch"));
    gauge(Kind::MaxBatch)->setToolTip(tr("The most sequences of this context whose KV cache fits in the memory the weights leave.\n"
                                         "Red: fewer than the batch asked for. Amber: less than twice. Green: room to batch more."));
    gauge(Kind::MaxContext)->setTitle(tr("Longest context"));
    gauge(Kind::MaxContext)->setToolTip(tr("The longest context (prompt + generated) that fits at this batch, by memory alone\n"
                                           "(the model's trained positions may be fewer)."));
    gauge(Kind::TimeToFirstToken)->setTitle(tr("Time to first token"));
    gauge(Kind::TimeToFirstToken)->setToolTip(tr("Prefill of the whole batch's prompts: compute-bound, FLOPs / (GPUs × peak × MFU).\n"
                                                 "Green under 1 s, amber up to 5 s, red beyond."));
    gauge(Kind::TokensPerSequence)->setTitle(tr("Decode speed"));
    gauge(Kind::TokensPerSequence)->setToolTip(tr("Tokens per second each sequence receives: one token per decode step, and a step reads\n"
                                                  "every weight and the KV cache from memory. Green from 30 tokens/s, red under 10."));
    gauge(Kind::TokensPerReplica)->setTitle(tr("Replica throughput"));
    gauge(Kind::TokensPerReplica)->setToolTip(tr("Tokens per second one model replica (TP × PP GPUs) generates for the whole batch."));
    m_roofline->setTitle(tr("Decode roofline"));
    m_roofline->setToolTip(tr("Arithmetic intensity of a decode step (FLOPs per byte read) against the GPU's ridge point\n"
                              "(peak FLOP/s / memory bandwidth). Left of the ridge the step waits for memory: batch more."));
    updateTexts();
}

void ServingGauges::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
