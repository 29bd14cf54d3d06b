#include "widgets/step/pixelcanvas.h"

#include <QPaintDevice>
#include <QPainter>
#include <algorithm>
#include <cstdlib>

PixelCanvas PixelCanvas::of(QPainter& painter)
{
    PixelCanvas c;
    QPaintDevice* device = painter.device();
    if (!device || device->devType() != QInternal::Image || !painter.worldTransform().isIdentity())
        return c;
    auto* image = static_cast<QImage*>(device);
    if (image->depth() != 32 || image->format() == QImage::Format_RGBA8888 || image->format() == QImage::Format_RGBX8888
        || image->format() == QImage::Format_RGBA8888_Premultiplied)
        return c; // QRgb is 0xAARRGGBB: the byte-ordered formats would swap red and blue
    // bits() of an image a painter is open on: the raster engine draws into the same memory
    // (the view's own cache, never shared, so this does not detach)
    c.m_bits = reinterpret_cast<QRgb*>(image->bits());
    c.m_stride = image->bytesPerLine() / qsizetype(sizeof(QRgb));
    c.m_width = image->width();
    c.m_height = image->height();
    c.m_ratio = image->devicePixelRatio();
    return c;
}

void PixelCanvas::fill(int x0, int y0, int x1, int y1, QRgb colour)
{
    x0 = std::max(0, x0), x1 = std::min(m_width, x1);
    y0 = std::max(0, y0), y1 = std::min(m_height, y1);
    if (x0 >= x1 || y0 >= y1)
        return;
    QRgb* p = row(y0) + x0;
    if (x1 - x0 == 1) { // a column: the memory stack's runs are mostly one pixel wide
        for (int y = y0; y < y1; ++y, p += m_stride)
            *p = colour;
        return;
    }
    for (int y = y0; y < y1; ++y, p += m_stride)
        std::fill(p, p + (x1 - x0), colour);
}

void PixelCanvas::copyRows(int x0, int y0, int y1, const QRgb* line, int count)
{
    const int skip = std::max(0, -x0);
    const int n = std::min(count, m_width - x0) - skip;
    y0 = std::max(0, y0), y1 = std::min(m_height, y1);
    for (int y = y0; y < y1 && n > 0; ++y)
        std::copy(line + skip, line + skip + n, row(y) + x0 + skip);
}

PixelCanvas::Stroke::Stroke(PixelCanvas& canvas, QRgb colour, int width, int on, int off)
    : m_canvas(canvas), m_colour(colour), m_width(std::max(1, width)), m_on(on * m_width), m_period((on + off) * m_width)
{
}

void PixelCanvas::Stroke::moveTo(int x, int y)
{
    m_x = x;
    m_y = y;
}

void PixelCanvas::Stroke::lineTo(int x, int y)
{
    // A pen of width w covers w pixels across the line, centred on it as Qt's aliased pens are;
    // the segment runs from the current point up to (not into) its end, dash by dash.
    const int a = -(m_width / 2);
    const int steps = std::abs(x - m_x) + std::abs(y - m_y);
    const bool horizontal = y == m_y;
    const int direction = (horizontal ? x - m_x : y - m_y) < 0 ? -1 : 1;
    for (int i = 0; i < steps;) {
        int run = steps - i; // pixels of ink from here
        if (m_period > 0) {
            const int pos = int((m_travelled + i) % m_period);
            if (pos >= m_on) { // in a gap: skip to the next dash
                i += m_period - pos;
                continue;
            }
            run = std::min(run, m_on - pos);
        }
        const int from = i, to = i + run - 1; // inclusive, along the segment
        const int lo = direction > 0 ? from : -to, hi = direction > 0 ? to : -from;
        if (horizontal)
            m_canvas.fill(m_x + lo + 0, m_y + a, m_x + hi + 1, m_y + a + m_width, m_colour);
        else
            m_canvas.fill(m_x + a, m_y + lo, m_x + a + m_width, m_y + hi + 1, m_colour);
        i += run;
    }
    m_travelled += steps;
    m_x = x;
    m_y = y;
}
