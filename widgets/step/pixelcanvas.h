#pragma once

#include <QImage>
#include <QRgb>

class QPainter;

/// Direct writes into the 32-bit image a step view caches its picture in: the memory stack's
/// pixel columns and its step lines, the schedule's dense rows. Painting them with QPainter
/// cost a call per rectangle and a stroker per dashed path (a 2 px step line through 1,600
/// columns was ~1.7 M instructions a paint, callgrind on bench_latency --step); here a pixel is
/// a store. Device pixels throughout (logical × devicePixelRatio), clipped to the image.
class PixelCanvas
{
public:
    /// The painter's device, when it is a 32-bit image painted without a world transform (the
    /// views' cached picture); otherwise !valid() and the caller paints shapes (SVG, PDF).
    static PixelCanvas of(QPainter& painter);

    bool valid() const { return m_bits != nullptr; }
    int width() const { return m_width; }
    int height() const { return m_height; }
    /// Device pixels per logical pixel.
    qreal ratio() const { return m_ratio; }

    /// Fills [x0, x1) × [y0, y1).
    void fill(int x0, int y0, int x1, int y1, QRgb colour);
    /// Copies `line` (x1 − x0 pixels) into rows [y0, y1) from x0.
    void copyRows(int x0, int y0, int y1, const QRgb* line, int count);
    QRgb* row(int y) { return m_bits + qsizetype(y) * m_stride; }

    /// A line of horizontal and vertical segments (a step line), `width` device pixels wide,
    /// dashed as Qt's pens are: `on`/`off` in pen widths (DashLine 4/2, DotLine 1/2; off = 0:
    /// solid), the dashes running on across the corners.
    class Stroke
    {
    public:
        Stroke(PixelCanvas& canvas, QRgb colour, int width, int on = 0, int off = 0);
        void moveTo(int x, int y);
        /// From the current point to (x, y), which shares its row or its column.
        void lineTo(int x, int y);

    private:
        PixelCanvas& m_canvas;
        QRgb m_colour;
        int m_width, m_on, m_period;
        long long m_travelled = 0; ///< pixels along the line so far (where in the dash pattern)
        int m_x = 0, m_y = 0;
    };

private:
    QRgb* m_bits = nullptr;
    qsizetype m_stride = 0; ///< in pixels
    int m_width = 0, m_height = 0;
    qreal m_ratio = 1;
};
