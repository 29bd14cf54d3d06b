#pragma once

#include <QWidget>
#include <memory>

class QPainter;

#include "core/plan/planner.h"
#include "widgets/displayformat.h"

/// Two knobs of a plan against each other (rows × columns, e.g. PP × TP): each cell the best
/// layout with those two values, coloured by the headroom of its fullest GPU (red: it does not
/// fit; amber: under 10 % left; green: more), labelled with its step time; the fastest fitting
/// cell is framed and starred. Cells whose layouts were all bounded out or invalid are blank.
class FeasibilityHeatmap : public QWidget
{
    Q_OBJECT

public:
    explicit FeasibilityHeatmap(QWidget* parent = nullptr);

    void setResult(std::shared_ptr<const core::PlanResult> result);
    void setKnobs(core::PlanKnob rows, core::PlanKnob columns);
    core::PlanKnob rowKnob() const { return m_grid.rowKnob; }
    core::PlanKnob columnKnob() const { return m_grid.columnKnob; }
    const core::PlanGrid& grid() const { return m_grid; }
    void setUnit(DisplayFormat::MemoryUnit unit);
    /// The layout (PlanResult::layouts index) to frame as selected, −1 for none.
    void setSelectedLayout(int layoutIndex);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    /// The colour legend's entries under the cells, in order.
    static QStringList legendTexts();

signals:
    /// A cell was clicked: its layout (PlanResult::layouts index).
    void layoutActivated(int layoutIndex);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    bool event(QEvent* event) override;

private:
    void rebuild();
    QRectF cellRect(std::size_t row, std::size_t column) const;
    int cellAt(const QPointF& pos) const;
    void drawLegend(QPainter& p, const QRectF& row, bool dark) const;

    std::shared_ptr<const core::PlanResult> m_result;
    core::PlanGrid m_grid;
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
    int m_selected = -1;
    QRectF m_area; ///< the cells' rectangle, set by paintEvent
};
