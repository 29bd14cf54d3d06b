#include "widgets/step/timelinepicture.h"

#include <QFontMetrics>
#include <QLocale>
#include <QPainter>
#include <QVarLengthArray>
#include <cmath>

#include "widgets/charts/componentpalette.h"
#include "widgets/step/pixelcanvas.h"

TimelinePicture::TimelinePicture()
    : m_timeline(std::make_shared<const core::StepTimeline>()), m_lineHeight(QFontMetrics(m_font).height()), m_texts(std::make_shared<TextCache>())
{
}

void TimelinePicture::setTimeline(std::shared_ptr<const core::StepTimeline> timeline)
{
    m_timeline = timeline ? std::move(timeline) : std::make_shared<const core::StepTimeline>();
    m_cursor = std::clamp(m_cursor, 0.0, std::max(0.0, m_timeline->length));
    timelineChanged();
    relayout();
}

void TimelinePicture::setSize(const QSize& size)
{
    m_size = size;
    relayout();
}

void TimelinePicture::setStyle(const QFont& font, const QPalette& palette)
{
    m_font = font; // the shaped texts follow (staticText)
    m_palette = palette;
    m_lineHeight = QFontMetrics(m_font).height();
    styleChanged();
    relayout();
}

void TimelinePicture::languageChanged()
{
    m_texts->texts.clear();
    retranslate();
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

bool TimelinePicture::isDark() const { return ComponentPalette::isDark(m_palette); }

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

void TimelinePicture::drawTitle(QPainter& p, const QRect& box, const QString& text) const
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

const QStaticText& TimelinePicture::staticText(const QString& text) const
{
    TextCache& cache = *m_texts;
    if (cache.font != m_font) { // shaped in another font (the same font shares its data: cheap)
        cache.texts.clear();
        cache.font = m_font;
    }
    auto it = cache.texts.find(text);
    if (it == cache.texts.end()) {
        if (cache.texts.size() > 512) // a long session's tick labels: start again
            cache.texts.clear();
        QStaticText t(text);
        t.setTextFormat(Qt::PlainText);
        t.setPerformanceHint(QStaticText::AggressiveCaching);
        t.prepare(QTransform(), font());
        it = cache.texts.insert(text, t);
    }
    return *it;
}

double TimelinePicture::shortTextWidth(const QString& text) const
{
    return m_vectorPaint ? QFontMetricsF(font()).horizontalAdvance(text) : staticText(text).size().width();
}

void TimelinePicture::drawShortText(QPainter& p, const QPointF& baselineLeft, const QString& text) const
{
    if (m_vectorPaint) {
        p.drawText(baselineLeft, text);
        return;
    }
    p.drawStaticText(QPointF(baselineLeft.x(), baselineLeft.y() - QFontMetricsF(font()).ascent()), staticText(text));
}

void TimelinePicture::render(qreal dpr, QImage& image)
{
    // an image, not a pixmap: the views write their dense rows and step lines straight into its
    // pixels (PixelCanvas), and it can be made on another thread; opaque, so it is copied onto
    // the window, not blended
    if (image.size() != m_size * dpr || image.format() != QImage::Format_RGB32)
        image = QImage(m_size * dpr, QImage::Format_RGB32);
    image.setDevicePixelRatio(dpr);
    image.fill(m_palette.color(QPalette::Base));
    QPainter p(&image);
    p.setFont(m_font); // an image's painter starts with the application's font, not the view's
    p.setRenderHint(QPainter::Antialiasing, false);
    paintStatic(p);
}

void TimelinePicture::paintVector(QPainter& p)
{
    m_vectorPaint = true;
    p.fillRect(rect(), palette().color(QPalette::Base));
    paintStatic(p);
    if (m_timeline->valid)
        paintCursor(p);
    m_vectorPaint = false;
}
