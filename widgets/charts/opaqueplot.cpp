// QCustomPlot 2.1 uses foreach, which the build disables (QT_NO_FOREACH): include it first, with the macro lifted.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "widgets/charts/opaqueplot.h"

namespace {

/// A pixmap buffer whose "clear" paints the background instead of transparency, so the pixmap
/// keeps an opaque format and is copied, not blended, onto the widget.
class OpaqueBuffer : public QCPPaintBufferPixmap
{
public:
    OpaqueBuffer(const QSize& size, double devicePixelRatio, const QColor* background)
        : QCPPaintBufferPixmap(size, devicePixelRatio)
        , m_background(background)
    {
    }

    void clear(const QColor&) override { mBuffer.fill(*m_background); }

private:
    const QColor* m_background;
};

class Plot : public QCustomPlot
{
public:
    explicit Plot(QWidget* parent)
        : QCustomPlot(parent)
    {
        // QCustomPlot makes its buffers on demand and keeps the first one: hand it ours. With
        // every layer logical (the overlay included) it never needs a second.
        if (QCPLayer* overlay = layer(QStringLiteral("overlay")))
            overlay->setMode(QCPLayer::lmLogical);
        mPaintBuffers.clear();
        mPaintBuffers.append(QSharedPointer<QCPAbstractPaintBuffer>(new OpaqueBuffer(viewport().size(), mBufferDevicePixelRatio, &m_background)));
        setBackground(Qt::NoBrush); // the buffer is the background
    }

    QColor m_background = Qt::white;
    std::function<bool()> m_layoutHook;

protected:
    void updateLayout() override
    {
        QCustomPlot::updateLayout();
        // Again while the hook changes what takes room (wrapped labels, a second legend
        // column change the plot area they were fitted to): at most three more passes.
        for (int pass = 0; pass < 3 && m_layoutHook && m_layoutHook(); ++pass)
            QCustomPlot::updateLayout();
    }
};

} // namespace

namespace OpaquePlot {

QCustomPlot* create(QWidget* parent)
{
    return new Plot(parent);
}

void setLayoutHook(QCustomPlot* plot, std::function<bool()> hook)
{
    if (auto* p = dynamic_cast<Plot*>(plot))
        p->m_layoutHook = std::move(hook);
}

void setBackground(QCustomPlot* plot, const QColor& color)
{
    if (auto* p = dynamic_cast<Plot*>(plot))
        p->m_background = color;
}

QImage renderImage(QCustomPlot* plot, const QSize& size, double scale, const QColor& background)
{
    // toPainter() draws without the paint buffer: the image's fill is the background.
    QImage image(size * scale, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(background);
    QCPPainter painter(&image);
    plot->toPainter(&painter, size.width(), size.height());
    painter.end();
    return image;
}

bool render(QCustomPlot* plot, QPaintDevice* device, const QSize& size, const QColor& background)
{
    QCPPainter painter;
    if (!painter.begin(device))
        return false;
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    plot->setBackground(background); // vector output gets a real background
    plot->toPainter(&painter, size.width(), size.height());
    plot->setBackground(Qt::NoBrush);
    return painter.end();
}

} // namespace OpaquePlot
