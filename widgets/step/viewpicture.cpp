#include "widgets/step/viewpicture.h"

#include <QFontMetrics>
#include <QPainter>

#include "widgets/charts/componentpalette.h"

ViewPicture::ViewPicture() : m_lineHeight(QFontMetrics(m_font).height()), m_texts(std::make_shared<TextCache>()) {}

void ViewPicture::setSize(const QSize& size)
{
    m_size = size;
    relayout();
}

void ViewPicture::setStyle(const QFont& font, const QPalette& palette)
{
    m_font = font; // the shaped texts follow (staticText)
    m_palette = palette;
    m_lineHeight = QFontMetrics(m_font).height();
    styleChanged();
    relayout();
}

void ViewPicture::languageChanged()
{
    m_texts->texts.clear();
    retranslate();
    relayout();
}

bool ViewPicture::isDark() const { return ComponentPalette::isDark(m_palette); }

void ViewPicture::drawTitle(QPainter& p, const QRect& box, const QString& text) const
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

const QStaticText& ViewPicture::staticText(const QString& text) const
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

double ViewPicture::shortTextWidth(const QString& text) const
{
    return m_vectorPaint ? QFontMetricsF(font()).horizontalAdvance(text) : staticText(text).size().width();
}

void ViewPicture::drawShortText(QPainter& p, const QPointF& baselineLeft, const QString& text) const
{
    if (m_vectorPaint) {
        p.drawText(baselineLeft, text);
        return;
    }
    p.drawStaticText(QPointF(baselineLeft.x(), baselineLeft.y() - QFontMetricsF(font()).ascent()), staticText(text));
}

void ViewPicture::render(qreal dpr, QImage& image)
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
    p.end();
    prepareCursor(dpr);
}

void ViewPicture::paintVector(QPainter& p)
{
    m_vectorPaint = true;
    p.fillRect(rect(), palette().color(QPalette::Base));
    paintStatic(p);
    if (hasContent())
        paintCursor(p);
    m_vectorPaint = false;
}
