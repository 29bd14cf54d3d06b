#pragma once

#include <QImage>
#include <QPixmap>
#include <QWidget>
#include <vector>

#include "core/timeline/servingtimeline.h"
#include "widgets/displayformat.h"

/// A serving GPU's memory over one run: engine steps on the x-axis (the prefill, given at least
/// a sixth of the width so the batch can be seen filling, then the decode steps), the components
/// stacked (weights, workspace, CUDA graphs, the runtime; the KV cache used, and the rest of the
/// pool the engine reserved), the capacity and the pool's top as lines, the peak of the used KV
/// labelled with its step, and the point where a request would be preempted. Below, the pool's
/// blocks as a grid that fills block by block with the cursor, each request in its own shade.
/// Like the training views: a cached picture, the cursor drawn over it each frame.
class ServingTimelineView : public QWidget
{
    Q_OBJECT

public:
    explicit ServingTimelineView(QWidget* parent = nullptr);

    void setTimeline(const core::ServingTimeline& timeline);
    const core::ServingTimeline& timeline() const { return m_timeline; }
    void setUnit(DisplayFormat::MemoryUnit unit);
    void setCursorPosition(double step);
    double cursorPosition() const { return m_cursor; }
    /// What the view says without a timeline; empty: its own default.
    void setEmptyText(const QString& text);

    /// "Decode step 812: 64 requests, 3,268 of 3,300 blocks" for a moment.
    QString momentText(const core::ServingMoment& moment) const;
    /// The peak's label as drawn, and where (the moment's middle, in steps).
    QString peakText() const;
    double peakPosition() const;
    /// The readout at the cursor.
    QString cursorText() const;
    /// x of a step in widget pixels, and back (the prefill stretched, see the class comment).
    double xOf(double step) const;
    double stepAt(double x) const;

    QSize sizeHint() const override { return QSize(900, 420); }
    QSize minimumSizeHint() const override { return QSize(360, 220); }

signals:
    void cursorDragged(double step);

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    int topMargin() const;
    int axisHeight() const;
    QRectF chartRect() const;
    QRectF gridRect() const;
    double yOf(double bytes) const;
    double prefillShare() const;
    void paintStatic(QPainter& painter);
    void paintCursor(QPainter& painter);
    /// The block grid, drawn `origin` up and left (its own picture's corner).
    void paintGrid(QPainter& painter, const core::ServingMoment& moment, const QPointF& origin = QPointF());
    void paintAxis(QPainter& painter);
    QString blocksText(std::int64_t blocks) const;
    QString smallBytes(double bytes) const;
    std::int64_t gridUnits() const;     ///< cells' worth: the pool's blocks or what the batch needs, the larger
    std::int64_t blocksPerCell() const; ///< blocks one cell of the grid stands for
    std::vector<double> valueTicks() const;
    /// Measures the label and legend columns in the view's font (the window's or a slide's).
    void relayout();

    core::ServingTimeline m_timeline;
    double m_cursor = 0;
    double m_top = 1;
    QString m_emptyText;
    DisplayFormat::MemoryUnit m_unit = DisplayFormat::MemoryUnit::GB;
    QImage m_cache;
    QImage m_gridCache;
    QPixmap m_legendCache;   ///< the legend as drawn, while m_legendKey (its entries, size, colours) holds
    QString m_legendKey;
    int m_lineHeight = 16;   ///< QFontMetrics::height of the view's font
    const core::ServingMoment* m_gridMoment = nullptr; ///< the moment m_gridCache shows
    bool m_dirty = true;
    bool m_vectorPaint = false;
    int m_labelWidth = 76;
    int m_rightMargin = 250;
};
