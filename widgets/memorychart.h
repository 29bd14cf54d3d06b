#pragma once

#include <QVector>
#include <QWidget>

#include "core/components.h"
#include "core/estimate.h"

class QCustomPlot;
class QCPBars;
class QCPItemStraightLine;
class QCPItemText;

/// Per-GPU stacked bars: one bar per rank group, stacked by component, with the GPU's
/// capacity as a line and anything above it marked. Knows the core's Estimate, nothing else.
class MemoryChart : public QWidget
{
    Q_OBJECT

public:
    enum class Unit { GB, GiB };

    explicit MemoryChart(QWidget* parent = nullptr);
    ~MemoryChart() override;

    void setEstimate(const core::Estimate& estimate);
    /// Shows the message over the last valid bars (an invalid scenario keeps them, dimmed).
    void setInvalid(const QString& message);
    void setUnit(Unit unit);
    Unit unit() const { return m_unit; }
    void setTitle(const QString& title);

    /// Heights currently drawn, bytes per group and component (for tests and exports).
    double barBytes(int group, core::Component component) const;
    int groupCount() const { return m_groupCount; }
    QString groupLabel(int group) const;
    bool isShowingInvalid() const { return m_invalid; }

    /// The chart rendered at `size` (device-independent pixels) × `scale`.
    QImage renderImage(const QSize& size, double scale = 1.0, bool transparent = false);
    /// Vector output (SVG, PDF): real text and shapes at `size` device-independent pixels.
    bool renderToPaintDevice(QPaintDevice* device, const QSize& size);
    QCustomPlot* plot() const { return m_plot; }

signals:
    /// A bar segment was clicked: group index and component.
    void segmentClicked(int group, core::Component component);

protected:
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void updateColors();
    void showToolTip(QMouseEvent* event);
    bool hitTest(const QPointF& pos, int& group, core::Component& component) const;

    QCustomPlot* m_plot = nullptr;
    QVector<QCPBars*> m_bars; // one per component, stacked in component order
    QCPItemStraightLine* m_capacityLine = nullptr;
    QCPItemText* m_message = nullptr;
    core::Estimate m_estimate;
    int m_groupCount = 0;
    bool m_invalid = false;
    Unit m_unit = Unit::GB;
    QString m_title;
};
