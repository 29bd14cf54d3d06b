#include "widgets/step/steptimelinewidget.h"

#include <QEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QVarLengthArray>
#include <algorithm>
#include <cmath>

#include "widgets/charts/componentpalette.h"
#include "widgets/step/pixelcanvas.h"

StepTimelineWidget::StepTimelineWidget(QWidget* parent) : QWidget(parent), m_timeline(std::make_shared<const core::StepTimeline>())
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(false);
    m_lineHeight = QFontMetrics(font()).height();
}

void StepTimelineWidget::setTimeline(const core::StepTimeline& timeline) { setTimeline(std::make_shared<const core::StepTimeline>(timeline)); }

void StepTimelineWidget::setTimeline(std::shared_ptr<const core::StepTimeline> timeline)
{
    m_timeline = timeline ? std::move(timeline) : std::make_shared<const core::StepTimeline>();
    m_cursor = std::clamp(m_cursor, 0.0, std::max(0.0, m_timeline->length));
    timelineChanged();
    relayout();
    invalidate();
}

void StepTimelineWidget::setEmptyText(const QString& text)
{
    m_emptyText = text;
    invalidate();
}

void StepTimelineWidget::setCursorPosition(double position)
{
    if (position == m_cursor)
        return;
    m_cursor = position;
    update();
}

QRect StepTimelineWidget::plotRect() const
{
    return QRect(labelWidth(), topMargin(), std::max(10, width() - labelWidth() - rightMargin()), std::max(10, height() - topMargin() - bottomMargin()));
}

double StepTimelineWidget::xOf(double time) const
{
    const QRect r = plotRect();
    const double length = m_timeline->length > 0 ? m_timeline->length : 1;
    return r.left() + time / length * r.width();
}

StepTimelineWidget::XMap StepTimelineWidget::xMap() const
{
    const QRect r = plotRect();
    const double length = m_timeline->length > 0 ? m_timeline->length : 1;
    return XMap{double(r.left()), double(r.width()) / length};
}

double StepTimelineWidget::timeAt(double x) const
{
    const QRect r = plotRect();
    const double length = m_timeline->length > 0 ? m_timeline->length : 1;
    return std::clamp((x - r.left()) / std::max(1, r.width()) * length, 0.0, length);
}

void StepTimelineWidget::invalidate()
{
    m_dirty = true;
    update();
}

bool StepTimelineWidget::isDark() const { return ComponentPalette::isDark(palette()); }

QString StepTimelineWidget::timeText(double time) const
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

void StepTimelineWidget::drawTimeAxis(QPainter& p) const
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

void StepTimelineWidget::drawTitle(QPainter& p, const QRect& box, const QString& text) const
{
    // Shaped once per text (QStaticText, as the short texts): a title that fits is drawn as it
    // is, without QFontMetrics::elidedText's second shaping of every paint.
    const QFontMetricsF fm(font());
    const QPointF baseline(box.left(), box.top() + (box.height() - fm.height()) / 2.0 + fm.ascent());
    if (m_vectorPaint) {
        p.drawText(baseline, fm.elidedText(text, Qt::ElideRight, box.width()));
        return;
    }
    if (shortTextWidth(text) <= box.width())
        drawShortText(p, baseline, text);
    else
        drawShortText(p, baseline, fm.elidedText(text, Qt::ElideRight, box.width()));
}

const QStaticText& StepTimelineWidget::staticText(const QString& text) const
{
    auto it = m_texts.find(text);
    if (it == m_texts.end()) {
        if (m_texts.size() > 512) // a long session's tick labels: start again
            m_texts.clear();
        QStaticText t(text);
        t.setTextFormat(Qt::PlainText);
        t.setPerformanceHint(QStaticText::AggressiveCaching);
        t.prepare(QTransform(), font());
        it = m_texts.insert(text, t);
    }
    return *it;
}

double StepTimelineWidget::shortTextWidth(const QString& text) const
{
    return m_vectorPaint ? QFontMetricsF(font()).horizontalAdvance(text) : staticText(text).size().width();
}

void StepTimelineWidget::drawShortText(QPainter& p, const QPointF& baselineLeft, const QString& text) const
{
    if (m_vectorPaint) {
        p.drawText(baselineLeft, text);
        return;
    }
    p.drawStaticText(QPointF(baselineLeft.x(), baselineLeft.y() - QFontMetricsF(font()).ascent()), staticText(text));
}

void StepTimelineWidget::paintEvent(QPaintEvent*)
{
    // Pixels per point of where it is painted: the screen's, or an export's (a 2× PNG or a 4K
    // slide renders the view into an image of its own ratio: a 1× picture would be scaled up)
    qreal dpr = devicePixelRatioF();
    {
        // Rendered into something else (an SVG or PDF slide, an image): paint everything
        // there, as shapes and text, not the cached bitmap.
        QPainter direct(this);
        const QPaintEngine* engine = direct.paintEngine();
        if (engine && engine->paintDevice())
            dpr = std::max(dpr, engine->paintDevice()->devicePixelRatioF());
        const QPaintEngine::Type type = engine ? engine->type() : QPaintEngine::Raster;
        if (type != QPaintEngine::Raster) { // SVG, PDF, a QPicture, a printer, a recording device
            m_vectorPaint = true;
            direct.fillRect(rect(), palette().color(QPalette::Base));
            paintStatic(direct);
            if (m_timeline->valid)
                paintCursor(direct);
            m_vectorPaint = false;
            return;
        }
    }
    if (m_dirty || m_cache.size() != size() * dpr) {
        if (m_cache.size() != size() * dpr) { // reused otherwise: no new 4 MB buffer per re-plan
            // an image, not a pixmap: the views write their dense rows and step lines straight
            // into its pixels (PixelCanvas); opaque, so it is copied onto the window, not blended
            m_cache = QImage(size() * dpr, QImage::Format_RGB32);
            m_cache.setDevicePixelRatio(dpr);
        }
        m_cache.fill(palette().color(QPalette::Base));
        QPainter cp(&m_cache);
        cp.setFont(font()); // an image's painter starts with the application's font, not the widget's
        cp.setRenderHint(QPainter::Antialiasing, false);
        paintStatic(cp);
        m_dirty = false;
    }
    QPainter p(this);
    p.drawImage(0, 0, m_cache);
    if (m_timeline->valid)
        paintCursor(p);
}

void StepTimelineWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    relayout();
    m_dirty = true;
}

void StepTimelineWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        m_texts.clear();
        m_lineHeight = QFontMetrics(font()).height();
        relayout();
        invalidate();
    } else if (event->type() == QEvent::LanguageChange) {
        m_texts.clear();
        retranslateUi();
        relayout();
        invalidate();
    }
    QWidget::changeEvent(event);
}

void StepTimelineWidget::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && m_timeline->valid)
        emit cursorDragged(timeAt(event->position().x()));
}

void StepTimelineWidget::mouseMoveEvent(QMouseEvent* event)
{
    if ((event->buttons() & Qt::LeftButton) && m_timeline->valid)
        emit cursorDragged(timeAt(event->position().x()));
}
