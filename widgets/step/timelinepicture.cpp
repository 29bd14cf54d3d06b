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
    updateCut();
    timelineChanged();
    relayout();
}

void TimelinePicture::setReadableWindow(bool on)
{
    if (on == m_readableWindow)
        return;
    m_readableWindow = on;
    updateCut();
    timelineChanged(); // the title says what is cut
    relayout();
}

void TimelinePicture::updateCut()
{
    m_cut = m_readableWindow ? core::readableWindow(*m_timeline) : core::TimelineCut{};
    if (!m_cut.valid)
        m_cut = core::omittedStretch(*m_timeline);
}

QRect TimelinePicture::plotRect() const
{
    return QRect(labelWidth(), topMargin(), std::max(10, width() - labelWidth() - rightMargin()), std::max(10, height() - topMargin() - bottomMargin()));
}

double TimelinePicture::xOf(double time) const
{
    return xMap()(time);
}

TimelinePicture::XMap TimelinePicture::xMap() const
{
    const QRect r = plotRect();
    const double length = m_timeline->length > 0 ? m_timeline->length : 1;
    if (!m_cut.valid || m_cut.length() <= 0 || m_cut.length() >= length || r.width() <= 4 * kCutWidth)
        return XMap{double(r.left()), double(r.width()) / length};
    XMap m;
    m.left = r.left();
    m.scale = (r.width() - kCutWidth) / (length - m_cut.length());
    m.cutFrom = m_cut.from;
    m.cutTo = m_cut.to;
    m.cutScale = kCutWidth / m_cut.length();
    return m;
}

double TimelinePicture::timeAt(double x) const
{
    const double length = m_timeline->length > 0 ? m_timeline->length : 1;
    const XMap m = xMap();
    const double a = m(m.cutFrom), b = a + kCutWidth; // the cut's pixels (infinite: none)
    double t = 0;
    if (x <= a)
        t = (x - m.left) / m.scale;
    else if (x >= b)
        t = (x - kCutWidth - m.left) / m.scale + (m.cutTo - m.cutFrom);
    else
        t = m.cutFrom + (x - a) / m.cutScale;
    return std::clamp(t, 0.0, length);
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
    const XMap map = xMap();
    const bool cut = std::isfinite(map.cutFrom);
    // 1, 2 or 5 × 10^k seconds (or units) between ticks, about 100 px apart, or farther when
    // the labels are wider (a slide's type, "毫秒"); with a cut, over the time drawn
    const double span = (length - (cut ? map.cutTo - map.cutFrom : 0)) * scale;
    const double spacing = std::max(100.0, 1.5 * shortTextWidth(timeText(length)));
    const double raw = span / std::max(1.0, (r.width() - (cut ? kCutWidth : 0)) / spacing);
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
    double labelsEnd = -1e9;          // a label is left out where it would run into the one before
    auto segment = [&](double from, double to) { // seconds (or units), ticks on multiples of `step`
        for (double v = std::ceil(from / step - 1e-9) * step; v <= to + 1e-9 * span; v += step) {
            const double x = map(v / scale);
            ticks.append(QLineF(x, r.bottom() + 1, x, r.bottom() + 5));
            const QString label = timeText(v / scale);
            const double w = shortTextWidth(label);
            // the first label starts at the plot's left, clear of the value labels beside it
            const double left = std::max(double(r.left()), std::min(x - w / 2.0, double(width()) - w));
            if (left < labelsEnd + 6)
                continue;
            drawShortText(p, QPointF(left, r.bottom() + 5 + fm.ascent()), label);
            labelsEnd = left + w;
        }
    };
    if (cut) {
        segment(0, map.cutFrom * scale);
        segment(map.cutTo * scale, length * scale);
    } else {
        segment(0, span);
    }
    p.drawLines(ticks.constData(), int(ticks.size()));
}


void TimelinePicture::drawAxisCut(QPainter& p, double top, double bottom) const
{
    const XMap map = xMap();
    if (!std::isfinite(map.cutFrom) || bottom <= top)
        return;
    p.fillRect(QRectF(map(map.cutFrom), top, kCutWidth, bottom - top), palette().color(QPalette::Base));
}

void TimelinePicture::drawAxisBreak(QPainter& p) const
{
    const XMap map = xMap();
    if (!std::isfinite(map.cutFrom))
        return;
    const double a = map(map.cutFrom);
    const QRect r = plotRect();
    const double y = r.bottom() + 1;
    p.fillRect(QRectF(a + 1, y, kCutWidth - 2, 2), palette().color(QPalette::Base)); // the axis line, broken
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(QPen(palette().color(QPalette::WindowText), 1.2));
    for (const double x : {a + 5, a + kCutWidth - 5})
        p.drawLine(QPointF(x - 3, y + 6), QPointF(x + 3, y - 6));
    p.setRenderHint(QPainter::Antialiasing, false);
}

std::size_t TimelinePicture::phasesDrawn(const core::StageTimeline& stage) const
{
    if (!m_cut.valid)
        return stage.phases.size();
    std::size_t n = 0;
    for (const core::TimelinePhase& ph : stage.phases)
        n += ph.start >= m_cut.from && ph.end <= m_cut.to ? 0 : 1; // wholly inside: 18 pixels for them all
    return n;
}
