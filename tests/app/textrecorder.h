#pragma once

// A paint device that draws nothing and records every piece of text painted on it, with its box
// in device pixels: what a slide's text looks like to a reader, without rasterizing. The slide
// tests use it to find labels that overlap and text that is too small to read from a room.

#include <QFontInfo>
#include <QPaintDevice>
#include <QPaintEngine>
#include <QPainterPath>
#include <QPolygonF>
#include <QRectF>
#include <QString>
#include <QTextItem>
#include <QTransform>
#include <QVector>
#include <cmath>

/// A shape drawn partly outside the clip in force: a raster or PDF clips it, an SVG written by
/// QSvgGenerator (no clip paths) shows all of it.
struct UnclippedShape
{
    QRectF bounds;
    QRectF clip;
};

struct RecordedText
{
    QString text;
    QRectF box;          ///< advance × (ascent + descent), in device pixels
    double pixelSize = 0; ///< the font's em, in device pixels
};

class TextRecorderEngine : public QPaintEngine
{
public:
    TextRecorderEngine() : QPaintEngine(QPaintEngine::AllFeatures) {}

    bool begin(QPaintDevice*) override { return true; }
    bool end() override { return true; }
    void updateState(const QPaintEngineState& state) override
    {
        const QPaintEngine::DirtyFlags dirty = state.state();
        if (dirty & QPaintEngine::DirtyTransform)
            m_transform = state.transform();
        if (dirty & QPaintEngine::DirtyPen) {
            m_penWidth = state.pen().style() == Qt::NoPen ? 0 : std::max(1.0, state.pen().widthF());
            m_flatCap = state.pen().capStyle() == Qt::FlatCap;
        }
        // The clip arrives in the coordinates in force when it is set: kept in device pixels.
        QRectF clip;
        bool clipSet = false;
        if (dirty & QPaintEngine::DirtyClipRegion) {
            clip = m_transform.mapRect(QRectF(state.clipRegion().boundingRect()));
            clipSet = true;
        } else if (dirty & QPaintEngine::DirtyClipPath) {
            clip = m_transform.mapRect(state.clipPath().boundingRect());
            clipSet = true;
        }
        if (clipSet) {
            switch (state.clipOperation()) {
            case Qt::NoClip: m_clipped = false; break;
            case Qt::ReplaceClip: m_clip = clip; m_clipped = true; break;
            case Qt::IntersectClip: m_clip = m_clipped ? m_clip.intersected(clip) : clip; m_clipped = true; break;
            }
        }
        if (dirty & QPaintEngine::DirtyClipEnabled)
            m_clipped = state.isClipEnabled() && !m_clip.isNull();
    }
    void drawPixmap(const QRectF& r, const QPixmap&, const QRectF&) override { shape(r, false); }
    void drawImage(const QRectF& r, const QImage&, const QRectF&, Qt::ImageConversionFlags) override { shape(r, false); }
    void drawTiledPixmap(const QRectF& r, const QPixmap&, const QPointF&) override { shape(r, false); }
    void drawPath(const QPainterPath& path) override { shape(path.controlPointRect(), true); }
    void drawPolygon(const QPointF* points, int count, PolygonDrawMode) override { shape(QPolygonF(QList<QPointF>(points, points + count)).boundingRect(), true); }
    void drawPolygon(const QPoint* points, int count, PolygonDrawMode mode) override
    {
        QList<QPointF> f;
        for (int i = 0; i < count; ++i)
            f << QPointF(points[i]);
        drawPolygon(f.constData(), count, mode);
    }
    void drawRects(const QRectF* rects, int count) override
    {
        for (int i = 0; i < count; ++i)
            shape(rects[i], true);
    }
    void drawRects(const QRect* rects, int count) override
    {
        for (int i = 0; i < count; ++i)
            shape(QRectF(rects[i]), true);
    }
    void drawLines(const QLineF* lines, int count) override
    {
        for (int i = 0; i < count; ++i)
            line(lines[i]);
    }
    void drawLines(const QLine* lines, int count) override
    {
        for (int i = 0; i < count; ++i)
            line(QLineF(lines[i]));
    }
    void drawEllipse(const QRectF& r) override { shape(r, true); }
    void drawEllipse(const QRect& r) override { shape(QRectF(r), true); }
    void drawPoints(const QPointF* points, int count) override
    {
        for (int i = 0; i < count; ++i)
            shape(QRectF(points[i], QSizeF(0, 0)), true);
    }
    void drawPoints(const QPoint* points, int count) override
    {
        for (int i = 0; i < count; ++i)
            shape(QRectF(QPointF(points[i]), QSizeF(0, 0)), true);
    }
    void drawTextItem(const QPointF& p, const QTextItem& item) override
    {
        if (item.text().trimmed().isEmpty())
            return;
        const QRectF local(p.x(), p.y() - item.ascent(), item.width(), item.ascent() + item.descent());
        const double scale = std::sqrt(std::abs(m_transform.determinant()));
        texts.push_back({item.text(), m_transform.mapRect(local), QFontInfo(item.font()).pixelSize() * scale});
    }
    Type type() const override { return QPaintEngine::User; }

    QVector<RecordedText> texts;
    QVector<UnclippedShape> unclipped;

private:
    void shape(const QRectF& local, bool stroked)
    {
        if (!m_clipped)
            return;
        const double pad = stroked ? m_penWidth / 2 : 0;
        const QRectF device = m_transform.mapRect(local.adjusted(-pad, -pad, pad, pad));
        // A pixel of antialiasing either way is not content outside the plot. (Corners, not
        // QRectF::contains: a hairline's box has no height and would never be "contained".)
        const QRectF allowed = m_clip.adjusted(-1.5, -1.5, 1.5, 1.5);
        if (device.left() < allowed.left() || device.top() < allowed.top() || device.right() > allowed.right() || device.bottom() > allowed.bottom())
            unclipped.push_back({device, m_clip});
    }

    /// A line's outline: half the pen across it, and along it only when its ends are capped.
    void line(const QLineF& l)
    {
        const double length = l.length();
        if (length <= 0 || m_penWidth <= 0) {
            shape(QRectF(l.p1(), l.p2()).normalized(), true);
            return;
        }
        const QPointF along = (l.p2() - l.p1()) / length * (m_flatCap ? 0 : m_penWidth / 2);
        const QPointF across = QPointF(-(l.p2() - l.p1()).y(), (l.p2() - l.p1()).x()) / length * (m_penWidth / 2);
        const QPolygonF outline{l.p1() - along + across, l.p1() - along - across, l.p2() + along + across, l.p2() + along - across};
        shape(outline.boundingRect(), false);
    }

    QTransform m_transform;
    bool m_flatCap = false;
    QRectF m_clip;
    bool m_clipped = false;
    double m_penWidth = 1;
};

class TextRecorder : public QPaintDevice
{
public:
    explicit TextRecorder(const QSize& size) : m_size(size) {}
    ~TextRecorder() override = default;

    QPaintEngine* paintEngine() const override { return &m_engine; }
    const QVector<RecordedText>& texts() const { return m_engine.texts; }
    const QVector<UnclippedShape>& unclipped() const { return m_engine.unclipped; }

protected:
    int metric(PaintDeviceMetric metric) const override
    {
        switch (metric) {
        case PdmWidth: return m_size.width();
        case PdmHeight: return m_size.height();
        case PdmWidthMM: return int(m_size.width() * 25.4 / 96);
        case PdmHeightMM: return int(m_size.height() * 25.4 / 96);
        case PdmNumColors: return 0x7fffffff;
        case PdmDepth: return 32;
        case PdmDpiX:
        case PdmDpiY:
        case PdmPhysicalDpiX:
        case PdmPhysicalDpiY: return 96; // as the SVG and PDF exports: 96 px per inch
        case PdmDevicePixelRatio: return 1;
        case PdmDevicePixelRatioScaled: return int(QPaintDevice::devicePixelRatioFScale());
        }
        return 0;
    }

private:
    QSize m_size;
    mutable TextRecorderEngine m_engine;
};
