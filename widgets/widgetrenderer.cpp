// QCustomPlot 2.1 uses foreach, which the build disables (QT_NO_FOREACH): include it first, with the macro lifted.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "widgets/widgetrenderer.h"

namespace {

void paintChildren(QCPPainter& painter, QWidget* root, QWidget* parent, const QPoint& offset)
{
    // children() is in stacking order (first is bottom), as QWidget paints them. The tree need
    // not be shown: what would be visible with the root is painted.
    for (QObject* object : parent->children()) {
        auto* child = qobject_cast<QWidget*>(object);
        if (!child || child->isWindow() || !child->isVisibleTo(root))
            continue;
        const QPoint at = offset + child->pos();
        if (auto* plot = qobject_cast<QCustomPlot*>(child)) {
            painter.save();
            painter.translate(at);
            // The plot's own background stays as set (OpaquePlot: none; the slide's fill shows).
            plot->toPainter(&painter, plot->width(), plot->height());
            painter.restore();
            continue;
        }
        // The widget alone (no background unless it fills one itself), then its children, so a
        // plot further down is still drawn as vectors.
        child->render(&painter, at, QRegion(), child->autoFillBackground() ? QWidget::DrawWindowBackground : QWidget::RenderFlags());
        paintChildren(painter, root, child, at);
    }
}

} // namespace

namespace WidgetRenderer {

bool render(QWidget* root, QPaintDevice* device, const QColor& background, bool vector)
{
    QCPPainter painter;
    if (!painter.begin(device))
        return false;
    if (vector)
        painter.setMode(QCPPainter::pmVectorized);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    if (background.alpha() > 0)
        painter.fillRect(QRect(QPoint(0, 0), root->size()), background);
    paintChildren(painter, root, root, QPoint(0, 0));
    return painter.end();
}

} // namespace WidgetRenderer
