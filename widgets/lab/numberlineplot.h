#pragma once

#include <QVector>
#include <QWidget>

#include "core/numerics/numberformat.h"

class QCustomPlot;
class QCPGraph;
class QCPItemRect;
class QCPItemStraightLine;
class QCPItemText;

/// Where each format's positive values lie, on a log scale: one lane per format with its
/// subnormal range (pale) and normal range (solid), a tick per representable value for the
/// 8- and 4-bit formats (drag or scroll to zoom in and see them), and a marker at |x|.
class NumberLinePlot : public QWidget
{
    Q_OBJECT

public:
    explicit NumberLinePlot(QWidget* parent = nullptr);
    ~NumberLinePlot() override;

    /// Marks |value| (hidden for 0, NaN and ±inf).
    void setMarker(double value);
    bool isMarkerVisible() const;
    /// Back to the whole range of FP32.
    void resetZoom();

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void changeEvent(QEvent* event) override;

private:
    struct Lane
    {
        core::NumberFormat format;
        QCPItemRect* subnormal = nullptr;
        QCPItemRect* normal = nullptr;
        QCPGraph* ticks = nullptr;
    };

    void retranslateUi();
    void updateColors();

    QCustomPlot* m_plot = nullptr;
    QVector<Lane> m_lanes;
    QCPItemStraightLine* m_marker = nullptr;
    QCPItemText* m_markerLabel = nullptr;
    double m_markerValue = 0;
};
