#pragma once

#include <QCoreApplication>
#include <QFont>
#include <QHash>
#include <QImage>
#include <QPalette>
#include <QRect>
#include <QSize>
#include <QStaticText>
#include <algorithm>
#include <memory>

#include "core/timeline/steptimeline.h"

class QPainter;

/// What a step view draws, apart from the widget that shows it: the timeline, the view's size,
/// font and palette, the view's own settings and what is derived from them, and the code that
/// paints it. A plain value, no QObject and no QWidget: it can be copied, given a new timeline
/// and rendered on another thread (the step dock's planner renders the next pictures while the
/// GUI thread repaints the explorer; StepTimelineWidget::adopt takes them back), and the widget
/// keeps the one on screen for its cursor and its events.
///
/// Its accessors have the widget's names (width(), font(), palette(), tr() in the view's
/// context), so the views' painting code reads as widget code and their translations stay.
class TimelinePicture
{
    Q_DECLARE_TR_FUNCTIONS(StepTimelineWidget)

public:
    TimelinePicture();
    virtual ~TimelinePicture() = default;
    /// A copy to render elsewhere (give it a text cache of its own: setTextCache).
    virtual std::unique_ptr<TimelinePicture> clone() const = 0;

    // ---- what the widget passes on (GUI thread) or a job sets (its own copy) ----
    void setTimeline(std::shared_ptr<const core::StepTimeline> timeline);
    const core::StepTimeline& timeline() const { return *m_timeline; }
    const std::shared_ptr<const core::StepTimeline>& sharedTimeline() const { return m_timeline; }
    void setEmptyText(const QString& text) { m_emptyText = text; }
    const QString& emptyText() const { return m_emptyText; }
    void setCursor(double position) { m_cursor = position; }
    double cursor() const { return m_cursor; }
    /// The widget's size, font and palette (measured again: relayout()).
    void setSize(const QSize& size);
    void setStyle(const QFont& font, const QPalette& palette);
    /// The language changed: titles and measured labels again.
    void languageChanged();
    /// Shaped text is kept here, for the font it was shaped in (a clone rendered on another
    /// thread is given a cache of its own: QStaticText's shared data is for one thread).
    struct TextCache
    {
        QFont font;
        QHash<QString, QStaticText> texts;
    };
    void setTextCache(std::shared_ptr<TextCache> texts) { m_texts = std::move(texts); }
    /// The view asked for another size hint (its title or stages need more rows); cleared on read.
    bool takeGeometryChange() { return std::exchange(m_geometryChanged, false); }

    /// The picture as cached by the widget: an opaque image at `dpr` device pixels per pixel,
    /// painted into `into` (its storage kept when the size is the same: no new 4 MB buffer per
    /// re-plan). Not const: painting keeps what it measured, e.g. the legend's picture.
    void render(qreal dpr, QImage& into);
    /// Into `painter` as shapes and text (SVG, PDF, printing): no images.
    void paintVector(QPainter& painter);
    /// What moves: the cursor and what follows it.
    virtual void paintCursor(QPainter& painter) const = 0;

    // ---- geometry, as the widget has it ----
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
    int width() const { return m_size.width(); }
    int height() const { return m_size.height(); }
    QSize size() const { return m_size; }
    QRect rect() const { return QRect(QPoint(0, 0), m_size); }
    const QFont& font() const { return m_font; }
    const QPalette& palette() const { return m_palette; }

protected:
    TimelinePicture(const TimelinePicture&) = default;
    TimelinePicture& operator=(const TimelinePicture&) = default;

    /// Draws what does not move with the cursor.
    virtual void paintStatic(QPainter& painter) = 0;
    /// The timeline changed: rebuild derived data (before the next paintStatic).
    virtual void timelineChanged() {}
    /// The language changed (before relayout()).
    virtual void retranslate() {}
    /// The font or palette changed (before relayout()): pictures of text or colours are stale.
    virtual void styleChanged() {}
    /// The font, size or timeline changed: margins that follow the text are measured again
    /// (a slide's type is two to three times the window's).
    virtual void relayout() {}
    /// Left margin for row labels.
    virtual int labelWidth() const { return 76; }
    virtual int topMargin() const { return rowHeight(); }
    virtual int rightMargin() const { return 16; }
    /// Below the plot: the time axis' ticks and labels, as tall as the font needs.
    int bottomMargin() const { return std::max(26, m_lineHeight + 10); }
    /// One row of the title area: 24 px in the window's font, taller on a slide.
    int rowHeight() const { return std::max(24, m_lineHeight + 8); }
    /// The font's line height (QFontMetrics::height).
    int lineHeight() const { return m_lineHeight; }
    void updateGeometry() { m_geometryChanged = true; }
    void drawTimeAxis(QPainter& painter) const;
    /// Short, often repeated text (tick labels, row names): shaped once and kept (QStaticText),
    /// drawn from its baseline's left end. SVG and PDF get plain text.
    void drawShortText(QPainter& painter, const QPointF& baselineLeft, const QString& text) const;
    double shortTextWidth(const QString& text) const;
    /// A title in `box`, left-aligned and vertically centred, elided to its width.
    void drawTitle(QPainter& painter, const QRect& box, const QString& text) const;
    QString timeText(double time) const;
    bool isDark() const;

    std::shared_ptr<const core::StepTimeline> m_timeline; ///< never null
    double m_cursor = 0;
    QString m_emptyText;
    /// Painting straight into an SVG, PDF or printer: shapes only, no images.
    bool m_vectorPaint = false;

private:
    const QStaticText& staticText(const QString& text) const;

    QSize m_size{100, 30};
    QFont m_font;
    QPalette m_palette;
    int m_lineHeight = 16;
    std::shared_ptr<TextCache> m_texts;
    bool m_geometryChanged = false;
};
