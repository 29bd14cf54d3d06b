#pragma once

#include <QWidget>
#include <memory>
#include <vector>

#include "core/plan/planner.h"
#include "widgets/displayformat.h"

/// Step time against peak memory for every fitting layout of a plan: the Pareto front (no
/// layout faster and lighter) drawn as a staircase with its points enlarged, the best one
/// starred, the GPU's capacity as a line. Click a point to select its layout.
class ParetoPlot : public QWidget
{
    Q_OBJECT

public:
    explicit ParetoPlot(QWidget* parent = nullptr);

    void setResult(std::shared_ptr<const core::PlanResult> result);
    void setUnit(DisplayFormat::MemoryUnit unit);
    void setSelectedLayout(int layoutIndex);
    /// Layouts drawn (fitting ones), and of them on the front.
    int pointCount() const { return int(m_points.size()); }
    int frontCount() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void layoutActivated(int layoutIndex);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    QPointF toScreen(double seconds, double bytes) const;
    int pointAt(const QPointF& pos) const;

    std::shared_ptr<const core::PlanResult> m_result;
    std::vector<int> m_points; ///< fitting layouts (PlanResult::layouts indexes)
    double m_minTime = 0, m_maxTime = 1, m_maxBytes = 1;
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
    int m_selected = -1;
    QRectF m_area;
};
