#pragma once

class QCPAbstractLegendItem;
class QCPBars;
class QCPItemRect;
class QCPItemText;
class QCPLegend;
class QCustomPlot;

/// QCustomPlot items that draw what the memory charts need at less cost per replot, and a
/// drag replots on every move: texts laid out once per change instead of twice per replot,
/// and a hatch of lines instead of a pattern brush blended pixel by pixel.
namespace ChartItems {

/// A legend entry for one stack of bars.
QCPAbstractLegendItem* legendItem(QCPLegend* legend, QCPBars* bars);
/// A text item (the bars' totals, the invalid-layout message); set up like a QCPItemText.
QCPItemText* text(QCustomPlot* plot);
/// A rectangle outlined with its pen and hatched (/ lines) in its brush's colour.
QCPItemRect* hatchedRect(QCustomPlot* plot);

} // namespace ChartItems
