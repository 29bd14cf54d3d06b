#pragma once

#include <QImage>
#include <bitset>
#include <vector>

#include "widgets/displayformat.h"
#include "widgets/step/timelinepicture.h"

class PixelCanvas;

/// What MemoryTimelineView draws (see there), as a picture that can be copied and rendered on
/// another thread: the stage(s) shown, the capacity, the unit, the measured margins and legend.
class MemoryTimelinePicture : public TimelinePicture
{
    Q_DECLARE_TR_FUNCTIONS(MemoryTimelineView)

public:
    MemoryTimelinePicture() = default;
    std::unique_ptr<ViewPicture> clone() const override { return std::unique_ptr<ViewPicture>(new MemoryTimelinePicture(*this)); }

    /// The stage drawn large; −1: every stage, one small chart each.
    void setStage(int stage);
    int stage() const { return m_stage; }
    /// Returns whether it changed.
    bool setCapacity(double bytes);
    void setUnit(DisplayFormat::MemoryUnit unit);

    /// The peak the chart marks for a stage: the phase with the most allocated bytes.
    struct PeakMark
    {
        bool valid = false;
        double time = 0;      ///< the middle of the phase
        double bytes = 0;     ///< allocated bytes (PyTorch max_memory_allocated)
        QString label;        ///< "Stage 0, forward of micro-batch 4: 4 micro-batches in flight"
    };
    PeakMark peakMark(int stage) const;
    /// The phase under the cursor, as the readout says it.
    QString cursorText() const;

    void paintCursor(QPainter& painter) override;

protected:
    MemoryTimelinePicture(const MemoryTimelinePicture&) = default;

    void paintStatic(QPainter& painter) override;
    void timelineChanged() override;
    void retranslate() override { m_legend = QImage(); }
    void styleChanged() override { m_legend = QImage(); }
    int rightMargin() const override { return m_stage >= 0 ? m_legendLayout.width + 16 : 16; }
    int labelWidth() const override { return m_labelWidth; }
    int topMargin() const override { return rowHeight() * (m_readoutBelow ? 2 : 1); }
    void relayout() override;

private:
    QRectF chartRect(int row) const;
    int rows() const;
    int stageOfRow(int row) const { return m_stage >= 0 ? m_stage : row; }
    double yOf(const QRectF& area, double bytes) const;
    double scaleTop() const;
    /// The phase each device-pixel column of a stage's chart shows, the drawn columns
    /// [first, last), and how many components from the bottom are the same in all of them.
    struct Columns
    {
        std::vector<const core::TimelinePhase*> phase;
        int first = 0, last = 0;
        std::size_t common = 0;
    };
    Columns columns(const QRectF& area, const core::StageTimeline& stage, qreal dpr) const;
    void paintStage(QPainter& painter, const QRectF& area, const core::StageTimeline& stage, bool large);
    void paintStackPixels(PixelCanvas& canvas, const QRectF& area, const Columns& columns, bool large, bool dark) const;
    void paintStackShapes(QPainter& painter, const QRectF& area, const Columns& columns, qreal dpr, bool large, bool dark) const;
    void paintLegend(QPainter& painter, const QRectF& legend, const std::bitset<core::kComponentCount>& used) const;
    QString phaseText(const core::TimelinePhase& phase) const;
    QString readoutText(const core::TimelinePhase& phase, double time, int stage) const;
    QString titleText() const;
    /// The legend's columns: one in the window's type, several for a slide's.
    struct LegendLayout
    {
        int columns = 1, perColumn = 14;
        int levelSlot = 10;                    ///< where the three levels start
        std::vector<double> columnWidths{236}; ///< each with the gap after it
        int width = 224;
        bool shortLevels = false; ///< "Allocated" instead of "Allocated (max_memory_allocated)"
        bool halfGap = true;      ///< one column: half a line between components and levels
        bool operator==(const LegendLayout&) const = default;
    };
    LegendLayout layoutLegend() const;
    QString levelName(int level, bool shortName) const;
    std::vector<double> valueTicks() const;
    const core::TimelinePhase* phaseAt(const core::StageTimeline& stage, double time) const;

    std::vector<std::bitset<core::kComponentCount>> m_used; ///< the components each stage holds
    LegendLayout m_legendLayout;
    int m_labelWidth = 76;      ///< value labels and stage names in the view's font
    bool m_readoutBelow = false; ///< the cursor's readout on a row of its own (large type)
    QImage m_legend;          ///< the legend as drawn, for as long as its components are the same
    std::bitset<core::kComponentCount> m_legendUsed;
    bool m_legendDark = false;
    int m_stage = 0;
    double m_capacity = 0;
    double m_top = 1;         ///< the value axis' top, bytes
    double m_mostDevice = 0;  ///< the fullest phase of any stage, device level
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
};
