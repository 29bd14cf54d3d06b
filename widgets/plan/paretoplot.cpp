#include "widgets/plan/paretoplot.h"

#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <algorithm>
#include <cmath>

#include "widgets/charts/componentpalette.h"
#include "widgets/plan/plantext.h"

ParetoPlot::ParetoPlot(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void ParetoPlot::setResult(std::shared_ptr<const core::PlanResult> result)
{
    m_result = std::move(result);
    m_points.clear();
    m_minTime = 0;
    m_maxTime = 1;
    m_maxBytes = 1;
    if (m_result) {
        for (std::size_t i = 0; i < m_result->layouts.size(); ++i) {
            const core::PlanCandidate& c = m_result->layouts[i];
            if (!c.fits || c.pruned)
                continue;
            if (m_points.empty() || c.stepSeconds < m_minTime)
                m_minTime = c.stepSeconds;
            m_maxTime = std::max(m_maxTime, c.stepSeconds);
            m_maxBytes = std::max(m_maxBytes, c.capacityBytes);
            m_points.push_back(int(i));
        }
    }
    update();
}

int ParetoPlot::frontCount() const
{
    if (!m_result)
        return 0;
    return int(std::count_if(m_points.begin(), m_points.end(), [&](int i) { return m_result->layouts[std::size_t(i)].pareto; }));
}

void ParetoPlot::setUnit(DisplayFormat::MemoryUnit unit)
{
    m_unit = unit;
    update();
}

void ParetoPlot::setSelectedLayout(int layoutIndex)
{
    if (m_selected == layoutIndex)
        return;
    m_selected = layoutIndex;
    update();
}

QSize ParetoPlot::sizeHint() const
{
    const int em = fontMetrics().height();
    return QSize(em * 28, em * 16);
}

QSize ParetoPlot::minimumSizeHint() const
{
    const int em = fontMetrics().height();
    return QSize(em * 14, em * 8);
}

QPointF ParetoPlot::toScreen(double seconds, double bytes) const
{
    // Time on a log scale from the fastest layout: a factor of two reads the same everywhere.
    const double lo = std::log(std::max(1e-9, m_minTime)), hi = std::log(std::max(m_maxTime, m_minTime * 1.05));
    const double x = (std::log(std::max(1e-9, seconds)) - lo) / std::max(1e-9, hi - lo);
    const double y = bytes / m_maxBytes;
    return QPointF(m_area.left() + x * m_area.width(), m_area.bottom() - y * m_area.height());
}

int ParetoPlot::pointAt(const QPointF& pos) const
{
    int best = -1;
    double bestDistance = fontMetrics().height() * 0.6;
    for (int i : m_points) {
        const core::PlanCandidate& c = m_result->layouts[std::size_t(i)];
        const double d = QLineF(toScreen(c.stepSeconds, c.peakBytes), pos).length();
        if (d < bestDistance) {
            bestDistance = d;
            best = i;
        }
    }
    return best;
}

void ParetoPlot::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const bool dark = ComponentPalette::isDark(pal);
    const QColor text = pal.color(QPalette::WindowText);
    QColor muted = text;
    muted.setAlphaF(0.55f);
    const QFontMetricsF fm(font());
    const double em = fm.height();
    const double yLabel = fm.horizontalAdvance(DisplayFormat::bytes(m_maxBytes, m_unit, 0)) + 8;
    m_area = QRectF(rect()).adjusted(yLabel + em * 1.2, em * 0.8, -em * 0.8, -em * 2.6);
    p.setPen(muted);
    p.drawRect(m_area);
    // Axes: memory 0…capacity, time from the fastest to the slowest fitting layout.
    p.setPen(text);
    p.drawText(QRectF(m_area.left(), m_area.bottom() + em * 1.3, m_area.width(), em), Qt::AlignCenter, tr("Step time (log scale)"));
    p.save();
    p.translate(em * 0.6, m_area.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-m_area.height() / 2, -em / 2, m_area.height(), em), Qt::AlignCenter, tr("Peak memory of the fullest GPU"));
    p.restore();
    for (double f : {0.0, 0.5, 1.0}) {
        const double y = m_area.bottom() - f * m_area.height();
        p.drawText(QRectF(em * 1.2, y - em / 2, yLabel - 4, em), Qt::AlignRight | Qt::AlignVCenter, DisplayFormat::bytes(f * m_maxBytes, m_unit, 0));
    }
    if (m_points.empty()) {
        p.drawText(m_area, Qt::AlignCenter | Qt::TextWordWrap, tr("No layout fits"));
        return;
    }
    // The fastest and the slowest fitting step, at the axis' ends.
    const QRectF ticks(m_area.left(), m_area.bottom() + 2, m_area.width(), em);
    p.drawText(ticks, Qt::AlignLeft | Qt::AlignVCenter, DisplayFormat::duration(m_minTime));
    p.drawText(ticks, Qt::AlignRight | Qt::AlignVCenter, DisplayFormat::duration(m_maxTime));
    // The capacity every point stays under.
    const QColor bad = ComponentPalette::levelColor(ComponentPalette::Level::Bad, dark);
    p.setPen(QPen(bad, 1.2, Qt::DashLine));
    p.drawLine(QPointF(m_area.left(), m_area.top()), QPointF(m_area.right(), m_area.top()));

    const QColor good = ComponentPalette::levelColor(ComponentPalette::Level::Good, dark);
    QColor dot = text;
    dot.setAlphaF(0.28f);
    std::vector<QPointF> front, others;
    others.reserve(m_points.size());
    for (int i : m_points) {
        const core::PlanCandidate& c = m_result->layouts[std::size_t(i)];
        (c.pareto ? front : others).push_back(toScreen(c.stepSeconds, c.peakBytes));
    }
    // Tens of thousands of layouts: round points in one call, not an ellipse each.
    p.setPen(QPen(dot, 4.4, Qt::SolidLine, Qt::RoundCap));
    p.drawPoints(others.data(), int(others.size()));
    // The front as a staircase: from each point, the memory it needs until a lighter one is faster.
    std::sort(front.begin(), front.end(), [](const QPointF& a, const QPointF& b) { return a.x() < b.x(); });
    QPainterPath stairs;
    for (std::size_t k = 0; k < front.size(); ++k) {
        if (k == 0)
            stairs.moveTo(front[k]);
        else {
            stairs.lineTo(front[k].x(), front[k - 1].y());
            stairs.lineTo(front[k]);
        }
    }
    p.setPen(QPen(good, 1.6));
    p.setBrush(Qt::NoBrush);
    p.drawPath(stairs);
    p.setPen(QPen(text, 0.8));
    p.setBrush(good);
    for (const QPointF& at : front)
        p.drawEllipse(at, 4, 4);
    const int best = m_result->best();
    if (best >= 0) {
        const core::PlanCandidate& c = m_result->layouts[std::size_t(best)];
        p.setPen(text);
        p.drawText(toScreen(c.stepSeconds, c.peakBytes) + QPointF(6, -6), QStringLiteral("★"));
    }
    if (m_selected >= 0 && std::size_t(m_selected) < m_result->layouts.size() && m_result->layouts[std::size_t(m_selected)].fits) {
        const core::PlanCandidate& c = m_result->layouts[std::size_t(m_selected)];
        p.setPen(QPen(pal.color(QPalette::Highlight), 2));
        p.setBrush(Qt::NoBrush);
        p.drawEllipse(toScreen(c.stepSeconds, c.peakBytes), 7, 7);
    }
}

void ParetoPlot::mousePressEvent(QMouseEvent* event)
{
    const int i = m_result ? pointAt(event->position()) : -1;
    if (i >= 0)
        emit layoutActivated(i);
    QWidget::mousePressEvent(event);
}

bool ParetoPlot::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip && m_result) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int i = pointAt(help->pos());
        if (i < 0) {
            QToolTip::hideText();
            event->ignore();
            return true;
        }
        const core::PlanCandidate& c = m_result->layouts[std::size_t(i)];
        //: Pareto point tooltip; %1 = layout, %2 = step time, %3 = peak memory
        QToolTip::showText(help->globalPos(),
                           tr("%1\nstep %2 · fullest GPU %3").arg(PlanText::layout(c), DisplayFormat::duration(c.stepSeconds),
                                                                  DisplayFormat::bytes(c.peakBytes, m_unit, 1)),
                           this);
        return true;
    }
    return QWidget::event(event);
}
