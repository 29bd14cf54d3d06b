#pragma once

#include <QWidget>
#include <vector>

#include "core/numerics/tensorstudio.h"

class QCustomPlot;
class QCPGraph;
class QTimer;

/// The values of a tensor as a histogram, with the values the chosen format can store drawn over
/// it as thin lines: on a linear x axis (weights, zoomable: drag, scroll, double-click for all) or
/// on a log axis of |x| (gradients spanning many decades, quarter-octave bins).
class TensorHistogramPlot : public QWidget
{
    Q_OBJECT

public:
    explicit TensorHistogramPlot(QWidget* parent = nullptr);
    ~TensorHistogramPlot() override;

    /// The studio whose tensor and summary are drawn (not owned; null clears the plot).
    void setStudio(const core::TensorStudio* studio);
    /// The tensor changed inside the studio: recompute the bins and show all of it.
    void tensorChanged();
    /// The grid of `format` with this scale (and zero point for asymmetric integers).
    void setGrid(core::TensorFormat format, double scale, double zeroPoint);
    void setLogScale(bool logMagnitude);
    bool isLogScale() const { return m_log; }
    /// Counts on a log axis: the few values of outlier channels or long tails show up.
    void setLogCounts(bool logCounts);
    bool isLogCounts() const { return m_logCounts; }
    void resetZoom();

    /// Representable values in view; incomplete when the format has too many (powers of two only).
    int gridLineCount() const { return int(m_gridValues.size()); }
    bool isGridComplete() const { return m_gridComplete; }
    /// Lines drawn for every n-th value (1: all) so that they stay a few pixels apart.
    int gridStride() const { return m_gridStride; }
    /// The visible x range (values, or |x| on the log axis).
    double visibleLow() const;
    double visibleHigh() const;
    QCustomPlot* plot() const { return m_plot; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebin();
    void updateGrid();
    void retranslateUi();
    void updateColors();

    QCustomPlot* m_plot = nullptr;
    QCPGraph* m_counts = nullptr;
    QCPGraph* m_grid = nullptr;
    QTimer* m_rebin = nullptr; ///< coalesces the range changes of a drag into one pass over the values
    const core::TensorStudio* m_studio = nullptr;
    core::TensorFormat m_format = core::TensorFormat::Int8;
    double m_scale = 1;
    double m_zeroPoint = 0;
    bool m_log = false;
    bool m_logCounts = false;
    bool m_gridComplete = true;
    int m_gridStride = 1;
    std::vector<double> m_gridValues;
    std::vector<double> m_bins;
};
