#include "widgets/step/timelinepicture.h"

#include <QFontMetrics>
#include <QLocale>
#include <QPainter>
#include <QVarLengthArray>
#include <cmath>

#include "widgets/charts/componentpalette.h"
#include "widgets/step/pixelcanvas.h"

TimelinePicture::TimelinePicture() : m_timeline(std::make_shared<const core::StepTimeline>()) {}

void TimelinePicture::setTimeline(std::shared_ptr<const core::StepTimeline> timeline)
{
    m_timeline = timeline ? std::move(timeline) : std::make_shared<const core::StepTimeline>();
    m_cursor = std::clamp(m_cursor, 0.0, std::max(0.0, m_timeline->length));
    timelineChanged();
    relayout();
}

QRect TimelinePicture::plotRect() const
{
    return QRect(labelWidth(), topMargin(), std::max(10, width() - labelWidth() - rightMargin()), std::max(10, height() - topMargin() - bottomMargin()));
}

double TimelinePicture::xOf(double time) const
{
    const QRect r = plotRect();
    const double length = m_timeline->length > 0 ? m_timeline->length : 1;
    return r.left() + time / length * r.width();
}

TimelinePicture::XMap TimelinePicture::xMap() const
{
    const QRect r = plotRect();
    const double length = m_timeline->length > 0 ? m_timeline->length : 1;
    return XMap{double(r.left()), double(r.width()) / length};
}

double TimelinePicture::timeAt(double x) const
{
    const QRect r = plotRect();
    const double length = m_timeline->length > 0 ? m_timeline->length : 1;
    return std::clamp((x - r.left()) / std::max(1, r.width()) * length, 0.0, length);
}

QString TimelinePicture::timeText(double time) const
{
    const QLocale locale;
    if (time <= 0)
        return QStringLiteral("0");
    if (m_timeline->unitSeconds <= 0)
        return locale.toString(time, 'f', time < 10 ? 1 : 0);
    const double seconds = time * m_timeline->unitSeconds;
    if (seconds < 0.9995) // 0.99999… s is 1.00 s, not 1,000 ms
        return tr("%1 ms").arg(locale.toString(seconds * 1000, 'f', seconds < 0.01 ? 2 : seconds < 0.1 ? 1 : 0));
    return tr("%1 s").arg(locale.toString(seconds, 'f', seconds < 10 ? 2 : 1));
}

void TimelinePicture::drawTimeAxis(QPainter& p) const
{
    const QRect r = plotRect();
    const double length = m_timeline->length;
    if (length <= 0)
        return;
    const double scale = m_timeline->unitSeconds > 0 ? m_timeline->unitSeconds : 1;
    // 1, 2 or 5 × 10^k seconds (or units) between ticks, about 100 px apart, or farther when
    // the labels are wider (a slide's type, "毫秒")
    const double span = length * scale;
    const double spacing = std::max(100.0, 1.5 * shortTextWidth(timeText(length)));
    const double raw = span / std::max(1.0, r.width() / spacing);
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double step = raw / mag < 2 ? 2 * mag : raw / mag < 5 ? 5 * mag : 10 * mag;
    PixelCanvas canvas = m_vectorPaint ? PixelCanvas() : PixelCanvas::of(p);
    if (canvas.valid()) { // a 1,600-pixel line through the paint engine cost ~0.2 M instructions
        const qreal d = canvas.ratio();
        const int y = int(std::lround((r.bottom() + 1) * d));
        canvas.fill(int(std::lround(r.left() * d)), y, int(std::lround((r.right() + 1) * d)), y + std::max(1, int(std::lround(d))),
                    palette().color(QPalette::Mid).rgb());
    } else {
        p.setPen(palette().color(QPalette::Mid));
        p.drawLine(r.left(), r.bottom() + 1, r.right(), r.bottom() + 1);
    }
    p.setPen(palette().color(QPalette::WindowText));
    const QFontMetrics fm(font());
    QVarLengthArray<QLineF, 32> ticks; // one call for all of them: each drawLine is a pass through the paint engine
    for (double v = 0; v <= span + 1e-9 * span; v += step) {
        const double x = xOf(v / scale);
        ticks.append(QLineF(x, r.bottom() + 1, x, r.bottom() + 5));
        const QString label = timeText(v / scale);
        const double w = shortTextWidth(label);
        // the first label starts at the plot's left, clear of the value labels beside it
        drawShortText(p, QPointF(std::max(double(r.left()), std::min(x - w / 2.0, double(width()) - w)), r.bottom() + 5 + fm.ascent()), label);
    }
    p.drawLines(ticks.constData(), int(ticks.size()));
}

