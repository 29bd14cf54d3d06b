// QCustomPlot 2.1 uses foreach, which the build disables (QT_NO_FOREACH): include it first, with the macro lifted.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "widgets/charts/animatedmemorychart.h"

#include <QEasingCurve>
#include <QVBoxLayout>
#include <QVariantAnimation>

namespace {

bool g_enabled = qEnvironmentVariableIsEmpty("SHARDSCOPE_NO_ANIMATION");

} // namespace

AnimatedMemoryChart::AnimatedMemoryChart(QWidget* parent)
    : QWidget(parent)
    , m_chart(new MemoryChart(this))
    , m_animation(new QVariantAnimation(this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_chart);
    m_animation->setStartValue(0.0);
    m_animation->setEndValue(1.0);
    m_animation->setDuration(m_duration);
    // Linear clock; the easing is applied per frame in showFrame, so setProgress() shows the
    // same frame the clock would.
    connect(m_animation, &QVariantAnimation::valueChanged, this, [this](const QVariant& v) { showFrame(v.toDouble()); });
    connect(m_animation, &QVariantAnimation::finished, this, [this] {
        showFrame(1);
        emit animationFinished();
    });
}

AnimatedMemoryChart::~AnimatedMemoryChart() = default;

void AnimatedMemoryChart::setAnimationsEnabled(bool enabled)
{
    g_enabled = enabled;
}

bool AnimatedMemoryChart::animationsEnabled()
{
    return g_enabled;
}

void AnimatedMemoryChart::setDuration(int milliseconds)
{
    m_duration = std::max(0, milliseconds);
    if (m_duration > 0)
        m_animation->setDuration(m_duration);
}

bool AnimatedMemoryChart::isAnimating() const
{
    return m_animation->state() == QAbstractAnimation::Running;
}

void AnimatedMemoryChart::setEstimate(const core::Estimate& estimate)
{
    if (!estimate.valid)
        return;
    QVector<MemoryChart::Bar> bars;
    for (std::size_t i = 0; i < estimate.groups.size(); ++i) {
        const core::RankGroup& g = estimate.groups[i];
        bars.push_back(MemoryChart::Bar{MemoryChart::rankGroupLabel(estimate, int(i)), g.bytes, g.totalBytes, g.capacityBytes, false,
                                        g.allocatedBytes, g.reservedBytes, QString()});
        bars.back().compactLabel = MemoryChart::rankGroupCompactLabel(estimate, int(i));
    }
    setBars(bars);
}

void AnimatedMemoryChart::setBars(const QVector<MemoryChart::Bar>& bars)
{
    m_animation->stop();
    const bool glide = g_enabled && m_duration > 0 && !m_immediate && isVisible() && !m_shown.isEmpty();
    // The axis the chart would pick for the new bars: the glide ends exactly there, so the
    // last frame hands the axis back to the chart without a jump.
    m_fromAxis = m_chart->plot()->yAxis->range().upper;
    m_to = bars;
    m_chart->setBars(bars);
    m_toAxis = m_chart->plot()->yAxis->range().upper;
    if (!glide) {
        m_shown = bars;
        m_from = bars;
        m_progress = 1;
        return;
    }
    m_from = m_shown; // from wherever the bars are now, even mid-glide
    showFrame(0);
    m_animation->start();
}

void AnimatedMemoryChart::setProgress(double progress)
{
    m_animation->stop();
    showFrame(std::clamp(progress, 0.0, 1.0));
}

MemoryChart::Bar AnimatedMemoryChart::mix(const MemoryChart::Bar& from, const MemoryChart::Bar& to, double t)
{
    MemoryChart::Bar b = to; // label and emphasis are the destination's from the first frame
    for (std::size_t c = 0; c < b.bytes.size(); ++c)
        b.bytes[c] = from.bytes[c] + (to.bytes[c] - from.bytes[c]) * t;
    b.totalBytes = from.totalBytes + (to.totalBytes - from.totalBytes) * t;
    b.allocatedBytes = from.allocatedBytes + (to.allocatedBytes - from.allocatedBytes) * t;
    b.reservedBytes = from.reservedBytes + (to.reservedBytes - from.reservedBytes) * t;
    // A new bar (more pipeline stages than before) grows from nothing under the new capacity.
    b.capacityBytes = from.capacityBytes > 0 ? from.capacityBytes + (to.capacityBytes - from.capacityBytes) * t : to.capacityBytes;
    return b;
}

void AnimatedMemoryChart::showFrame(double progress)
{
    m_progress = progress;
    const double t = progress >= 1 ? 1.0 : QEasingCurve(QEasingCurve::OutCubic).valueForProgress(progress);
    QVector<MemoryChart::Bar> frame;
    frame.reserve(m_to.size());
    for (qsizetype i = 0; i < m_to.size(); ++i)
        frame.push_back(t >= 1 ? m_to[i] : mix(i < m_from.size() ? m_from[i] : MemoryChart::Bar{}, m_to[i], t));
    m_shown = frame;
    m_chart->setBars(frame);
    if (t < 1) {
        // Hold the axis between the two ends instead of letting it snap to round numbers.
        const double upper = m_fromAxis + (m_toAxis - m_fromAxis) * t;
        m_chart->plot()->yAxis->setRange(0, upper);
        m_chart->plot()->yAxis2->setRange(0, upper);
    }
}
