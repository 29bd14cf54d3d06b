#include "widgets/charts/rooflineview.h"

#include <QKeyEvent>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <cmath>

#include "widgets/charts/componentpalette.h"
#include "widgets/displayformat.h"

namespace {

// Fixed axes, so a drag moves the dot, not the scale: 0.1 … 10⁴ FLOP/B covers decode at batch 1
// (≈ 1) to large prefill chunks; every GPU's ridge (≈ 100–600) sits inside.
constexpr double kMinIntensity = 0.1;
constexpr double kMaxIntensity = 1e4;
constexpr double kMinFraction = 1e-3;

double logPosition(double value, double lo, double hi)
{
    const double v = std::clamp(value, lo, hi);
    return (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
}

QString shortNumber(double v)
{
    return QLocale().toString(v, 'f', v < 10 ? 1 : 0);
}

} // namespace

RooflineView::RooflineView(QWidget* parent)
    : QWidget(parent)
{
    setFocusPolicy(Qt::TabFocus);
    setCursor(Qt::PointingHandCursor);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

void RooflineView::setPoint(double intensity, double ridge)
{
    if (m_intensity == intensity && m_ridge == ridge)
        return;
    m_intensity = intensity;
    m_ridge = ridge;
    update();
}

double RooflineView::attainableFraction() const
{
    return m_ridge > 0 ? std::min(1.0, m_intensity / m_ridge) : 0;
}

void RooflineView::setTitle(const QString& title)
{
    if (m_title == title)
        return;
    m_title = title;
    setAccessibleName(title);
    update();
}

void RooflineView::setStale(bool stale)
{
    if (m_stale == stale)
        return;
    m_stale = stale;
    update();
}

void RooflineView::setSelected(bool selected)
{
    if (m_selected == selected)
        return;
    m_selected = selected;
    update();
}

QSize RooflineView::sizeHint() const
{
    const int em = fontMetrics().height();
    return QSize(em * 13, em * 8);
}

QSize RooflineView::minimumSizeHint() const
{
    const int em = fontMetrics().height();
    return QSize(em * 9, em * 6);
}

void RooflineView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    if (m_stale)
        p.setOpacity(0.45);
    const QPalette pal = palette();
    const bool dark = ComponentPalette::isDark(pal);
    const QColor text = pal.color(QPalette::WindowText);
    QColor muted = text;
    muted.setAlphaF(0.6f);
    const QRectF area = QRectF(rect()).adjusted(4, 4, -4, -4);

    QFont titleFont = font();
    titleFont.setPointSizeF(font().pointSizeF() * 0.92);
    QFont smallFont = font();
    smallFont.setPointSizeF(font().pointSizeF() * 0.8);
    const QFontMetricsF titleMetrics(titleFont), smallMetrics(smallFont);
    p.setFont(titleFont);
    p.setPen(text);
    p.drawText(QRectF(area.left(), area.top(), area.width(), titleMetrics.height()), Qt::AlignHCenter | Qt::AlignTop,
               titleMetrics.elidedText(m_title, Qt::ElideRight, area.width()));

    const bool memoryBound = isMemoryBound();
    const QColor accent = ComponentPalette::levelColor(memoryBound ? ComponentPalette::Level::Warning : ComponentPalette::Level::Good, dark);
    // Caption under the plot: the verdict and the share of peak compute the point can use.
    //: under the roofline; %1 = share of the GPU's peak FLOP/s the decode step can use, e.g. "6.9 %"
    const QString verdict = memoryBound ? tr("memory-bound · ≤ %1 of peak").arg(DisplayFormat::percent(attainableFraction(), 1))
                                        : tr("compute-bound");
    const double captionHeight = smallMetrics.height() + 2;
    p.setFont(smallFont);
    p.setPen(accent);
    p.drawText(QRectF(area.left(), area.bottom() - captionHeight, area.width(), captionHeight), Qt::AlignHCenter | Qt::AlignBottom,
               smallMetrics.elidedText(verdict, Qt::ElideRight, area.width()));

    const double axisLabel = smallMetrics.height();
    const QRectF plot(area.left() + 6, area.top() + titleMetrics.height() + 4, area.width() - 12,
                      area.height() - titleMetrics.height() - 4 - captionHeight - axisLabel - 2);
    if (plot.width() < 20 || plot.height() < 20)
        return;
    auto toPoint = [&](double intensity, double fraction) {
        return QPointF(plot.left() + logPosition(intensity, kMinIntensity, kMaxIntensity) * plot.width(),
                       plot.bottom() - logPosition(fraction, kMinFraction, 1.0) * plot.height());
    };

    QColor frame = pal.color(QPalette::Mid);
    frame.setAlphaF(0.6f);
    p.setPen(QPen(frame, 1));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawLine(plot.bottomLeft(), plot.topLeft());
    // Decades on the intensity axis: 10⁻¹ … 10⁴ FLOP/B, labelled at 1, 100 and 10⁴.
    p.setFont(smallFont);
    for (int e = -1; e <= 4; ++e) {
        const QPointF tick = toPoint(std::pow(10.0, e), kMinFraction);
        p.setPen(QPen(frame, 1));
        p.drawLine(tick, tick + QPointF(0, 3));
        if (e == 0 || e == 2 || e == 4) {
            const QString label = e == 0 ? QStringLiteral("1") : e == 2 ? QStringLiteral("10²") : QStringLiteral("10⁴");
            p.setPen(muted);
            p.drawText(QRectF(tick.x() - 20, plot.bottom() + 2, 40, axisLabel), Qt::AlignHCenter | Qt::AlignTop, label);
        }
    }

    if (m_ridge > 0) {
        // The roof: bandwidth-limited below the ridge (slope 1 on log-log), flat at peak above it.
        QPainterPath roof;
        const double start = std::max(kMinIntensity, m_ridge * kMinFraction);
        roof.moveTo(toPoint(start, start / m_ridge));
        roof.lineTo(toPoint(m_ridge, 1));
        roof.lineTo(toPoint(kMaxIntensity, 1));
        p.setPen(QPen(text, 1.5));
        p.drawPath(roof);
        const QPointF ridge = toPoint(m_ridge, 1);
        p.setPen(QPen(muted, 1, Qt::DashLine));
        p.drawLine(ridge, QPointF(ridge.x(), plot.bottom()));
        //: label at the roofline's ridge point; %1 = FLOP per byte
        const QString ridgeLabel = tr("ridge %1").arg(shortNumber(m_ridge));
        p.setPen(muted);
        const double w = smallMetrics.horizontalAdvance(ridgeLabel) + 4;
        // Low down, right of the dashed line: nothing else is drawn under the flat roof there.
        m_ridgeRect = QRectF(std::min(ridge.x() + 3, plot.right() - w), plot.bottom() - axisLabel - 1, w, axisLabel);
        p.drawText(m_ridgeRect, Qt::AlignLeft | Qt::AlignVCenter, ridgeLabel);
    } else {
        m_ridgeRect = QRectF();
    }

    // The point: decode's intensity on the roof.
    const QPointF dot = toPoint(m_intensity, std::max(kMinFraction, attainableFraction()));
    p.setPen(QPen(pal.color(QPalette::Base), 1.5));
    p.setBrush(accent);
    p.drawEllipse(dot, 5, 5);
    //: label at the decode point on the roofline; %1 = FLOP per byte
    const QString pointLabel = tr("%1 FLOP/B").arg(shortNumber(m_intensity));
    const double w = smallMetrics.horizontalAdvance(pointLabel) + 4;
    // Right of and below the dot: under the roof, which rises to its right. Where that is the
    // ridge's label (a point low and near the ridge: "1.5 FLOP/B" ran into "ridge 295", issue
    // 31), left of the dot, else above it.
    const double x = dot.x() + 7 + w <= plot.right() ? dot.x() + 7 : dot.x() - 7 - w;
    const double y = std::min(dot.y() + 3, plot.bottom() - axisLabel);
    const QRectF candidates[] = {QRectF(x, y, w, axisLabel), QRectF(std::max(plot.left(), dot.x() - 7 - w), y, w, axisLabel),
                                 QRectF(std::clamp(dot.x() - w / 2, plot.left(), plot.right() - w), std::max(plot.top(), dot.y() - 7 - axisLabel), w, axisLabel)};
    m_pointRect = candidates[0];
    for (const QRectF& r : candidates)
        if (!r.intersects(m_ridgeRect)) {
            m_pointRect = r;
            break;
        }
    p.setPen(text);
    p.drawText(m_pointRect, Qt::AlignLeft | Qt::AlignVCenter, pointLabel);

    if (m_selected || hasFocus()) {
        p.setOpacity(1);
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(pal.color(QPalette::Highlight), m_selected ? 2 : 1, m_selected ? Qt::SolidLine : Qt::DotLine));
        p.drawRoundedRect(QRectF(rect()).adjusted(1, 1, -1, -1), 6, 6);
    }
}

void RooflineView::mousePressEvent(QMouseEvent* event)
{
    QWidget::mousePressEvent(event);
    emit activated();
}

void RooflineView::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space || event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        emit activated();
        return;
    }
    QWidget::keyPressEvent(event);
}
