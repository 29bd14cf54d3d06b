#pragma once

#include <QHash>
#include <QImage>
#include <memory>
#include <vector>

#include "core/timeline/servingtimeline.h"
#include "widgets/displayformat.h"
#include "widgets/step/viewpicture.h"

/// What ServingTimelineView draws (see there), as a picture that can be copied and rendered on
/// another thread: the run's memory stacked step by step, its axis and legend, and the block
/// grid under the cursor.
class ServingPicture : public ViewPicture
{
    Q_DECLARE_TR_FUNCTIONS(ServingTimelineView)

public:
    ServingPicture();
    std::unique_ptr<ViewPicture> clone() const override;

    void setTimeline(std::shared_ptr<const core::ServingTimeline> timeline);
    const core::ServingTimeline& timeline() const { return *m_timeline; }
    void setUnit(DisplayFormat::MemoryUnit unit);

    bool hasContent() const override { return m_timeline->valid; }
    double length() const override { return std::max(0.0, m_timeline->length()); }
    double positionAt(double x) const override { return stepAt(x); }

    /// "Decode step 812: 64 requests, 3,268 of 3,300 blocks" for a moment.
    QString momentText(const core::ServingMoment& moment) const;
    /// The peak's label as drawn, and where (the moment's middle, in steps).
    QString peakText() const;
    double peakPosition() const;
    /// The readout at the cursor.
    QString cursorText() const;
    /// x of a step in widget pixels, and back (the prefill stretched, see the view's comment).
    double xOf(double step) const;
    double stepAt(double x) const;

    void paintCursor(QPainter& painter) override;

protected:
    ServingPicture(const ServingPicture&) = default;

    void paintStatic(QPainter& painter) override;
    void relayout() override;
    void retranslate() override { m_legendKey.clear(); }
    void styleChanged() override;
    void prepareCursor(qreal dpr) override;

private:
    int topMargin() const;
    int axisHeight() const;
    QRectF chartRect() const;
    QRectF gridRect() const;
    double yOf(double bytes) const;
    double prefillShare() const;
    /// The block grid, drawn `origin` up and left (its own picture's corner).
    void paintGrid(QPainter& painter, const core::ServingMoment& moment, const QPointF& origin = QPointF());
    void paintAxis(QPainter& painter);
    /// The grid at a moment, drawn once per moment into its own picture: a frame of the play
    /// copies it (thousands of cells are not drawn again at 60 Hz).
    const QImage& gridImage(const core::ServingMoment& moment, qreal dpr);
    QString blocksText(std::int64_t blocks) const;
    QString smallBytes(double bytes) const;
    std::int64_t gridUnits() const;     ///< cells' worth: the pool's blocks or what the batch needs, the larger
    std::int64_t blocksPerCell() const; ///< blocks one cell of the grid stands for
    std::vector<double> valueTicks() const;

    std::shared_ptr<const core::ServingTimeline> m_timeline; ///< never null; shared, not copied
    double m_top = 1;
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
    QImage m_gridCache;      ///< the grid at the cursor's moment (the view's own picture only)
    QImage m_legendCache;    ///< the legend as drawn, while m_legendKey (its entries, size, colours) holds
    QString m_legendKey;
    QHash<QString, bool> m_fits; ///< whether a text wraps into a box ("WxH|text"), in this font
    const core::ServingMoment* m_gridMoment = nullptr; ///< the moment m_gridCache shows
    int m_labelWidth = 76;
    int m_rightMargin = 250;
};
