#pragma once

#include <QHash>
#include <QImage>
#include <QStaticText>
#include <QWidget>
#include <algorithm>
#include <memory>

#include "core/timeline/steptimeline.h"

/// What the step views share: a time axis over one training step, a cached picture of what does
/// not move, and the cursor drawn over it each frame. A frame of the animation repaints the
/// cached picture and the cursor only, so playing costs a blit and a few lines, not a redraw
/// of every block. Clicking or dragging moves the cursor (cursorDragged); the owner feeds the
/// position back through setCursorPosition.
class StepTimelineWidget : public QWidget
{
    Q_OBJECT

public:
    explicit StepTimelineWidget(QWidget* parent = nullptr);

    void setTimeline(const core::StepTimeline& timeline);
    /// Shared, not copied: the step dock hands the same timeline to both views (thousands of
    /// phases of a few hundred bytes each; copying it twice per slider move was a third of the
    /// re-plan).
    void setTimeline(std::shared_ptr<const core::StepTimeline> timeline);
    const core::StepTimeline& timeline() const { return *m_timeline; }
    void setCursorPosition(double position);
    /// What an empty view says (no timeline); empty: the view's own default.
    void setEmptyText(const QString& text);
    double cursorPosition() const { return m_cursor; }

    /// x of a time in widget pixels, and back.
    double xOf(double time) const;
    /// xOf for loops over thousands of phases: the plot's geometry read once.
    struct XMap
    {
        double left = 0, scale = 1;
        double operator()(double time) const { return left + time * scale; }
    };
    XMap xMap() const;
    double timeAt(double x) const;
    /// Where the rows are drawn (inside the margins, above the time axis).
    QRect plotRect() const;

signals:
    void cursorDragged(double position);

protected:
    /// Draws what does not move with the cursor (called when the data, size or palette change).
    virtual void paintStatic(QPainter& painter) = 0;
    /// Draws the cursor and what follows it.
    virtual void paintCursor(QPainter& painter) = 0;
    /// The timeline changed: rebuild derived data (before the next paintStatic).
    virtual void timelineChanged() {}
    virtual void retranslateUi() {}
    /// Left margin for row labels.
    virtual int labelWidth() const { return 76; }
    virtual int topMargin() const { return rowHeight(); }
    virtual int rightMargin() const { return 16; }
    /// Below the plot: the time axis' ticks and labels, as tall as the font needs.
    int bottomMargin() const { return std::max(26, m_lineHeight + 10); }
    /// One row of the title area: 24 px in the window's font, taller on a slide.
    int rowHeight() const { return std::max(24, m_lineHeight + 8); }
    /// The font's line height (QFontMetrics::height), kept up to date.
    int lineHeight() const { return m_lineHeight; }
    /// The font, size or timeline changed: margins that follow the text are measured again
    /// (a slide's type is two to three times the window's). Called before the next paint.
    virtual void relayout() {}
    void invalidate();
    void drawTimeAxis(QPainter& painter) const;
    /// Short, often repeated text (tick labels, row names): shaped once and kept (QStaticText),
    /// drawn from its baseline's left end. SVG and PDF get plain text.
    void drawShortText(QPainter& painter, const QPointF& baselineLeft, const QString& text) const;
    double shortTextWidth(const QString& text) const;
    /// A title in `box`, left-aligned and vertically centred, elided to its width.
    void drawTitle(QPainter& painter, const QRect& box, const QString& text) const;
    QString timeText(double time) const;
    bool isDark() const;

    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

    std::shared_ptr<const core::StepTimeline> m_timeline; ///< never null
    double m_cursor = 0;
    QString m_emptyText;
    /// Painting straight into an SVG, PDF or printer: shapes only, no images.
    bool m_vectorPaint = false;

private:
    const QStaticText& staticText(const QString& text) const;

    int m_lineHeight = 16;
    mutable QHash<QString, QStaticText> m_texts;
    QImage m_cache;
    bool m_dirty = true;
};
