#pragma once

#include <functional>

class QColor;
class QCustomPlot;
class QImage;
class QPaintDevice;
class QSize;
class QWidget;

/// A QCustomPlot that paints into one opaque buffer filled with the chart's background.
/// QCustomPlot clears its buffers to transparent, fills the widget with the background and
/// then alpha-blends the buffer over it on every paint: two full-size fills and a blend per
/// frame. An opaque buffer makes the paint a plain copy (the latency benchmark's biggest item).
/// The classes live in the .cpp so qcustomplot.h stays out of headers.
namespace OpaquePlot {

QCustomPlot* create(QWidget* parent);
/// Called after each layout pass (replot, export) with the final sizes known: returns true when
/// it changed something that needs another pass (labels wrapped, a legend in two columns).
void setLayoutHook(QCustomPlot* plot, std::function<bool()> hook);
/// The colour the buffer is cleared to (the palette's base).
void setBackground(QCustomPlot* plot, const QColor& color);
/// The plot drawn into an image of `size` × `scale` over `background` (may be transparent).
QImage renderImage(QCustomPlot* plot, const QSize& size, double scale, const QColor& background);
/// The plot as vectors (SVG, PDF) at `size`, on `background`.
bool render(QCustomPlot* plot, QPaintDevice* device, const QSize& size, const QColor& background);

} // namespace OpaquePlot
