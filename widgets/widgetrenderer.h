#pragma once

class QColor;
class QPaintDevice;
class QWidget;

/// Paints a widget tree (a composed slide) into any paint device with real text and shapes:
/// QWidget::grab() would give a bitmap, and QWidget::render() paints a QCustomPlot as its
/// pixel buffer, so an SVG or PDF would hold a picture. Here every QCustomPlot in the tree is
/// drawn through QCustomPlot::toPainter() (vectors, uncached text) and every other widget
/// through its own paintEvent. The classes stay in the .cpp, so qcustomplot.h stays out of
/// headers.
namespace WidgetRenderer {

/// Paints `root` (laid out at its size, shown or not) and the descendants that would be
/// visible with it onto `device`, after filling it with `background` (Qt::transparent: no
/// fill). `vector` marks SVG and PDF output.
bool render(QWidget* root, QPaintDevice* device, const QColor& background, bool vector);

} // namespace WidgetRenderer
