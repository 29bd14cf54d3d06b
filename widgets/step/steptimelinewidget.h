#pragma once

#include <QImage>
#include <QWidget>
#include <memory>

#include "core/timeline/steptimeline.h"
#include "widgets/step/timelinepicture.h"

/// What the step views share: a time axis over one training step, a cached picture of what does
/// not move, and the cursor drawn over it each frame. A frame of the animation repaints the
/// cached picture and the cursor only, so playing costs a blit and a few lines, not a redraw
/// of every block. Clicking or dragging moves the cursor (cursorDragged); the owner feeds the
/// position back through setCursorPosition.
///
/// What is drawn, and how, is the view's TimelinePicture (a plain value); the widget passes it
/// its size, font and palette and caches what it paints. The next picture can be made on
/// another thread: snapshot() copies it, the copy is given the new timeline and rendered there
/// (render()), and adopt() takes copy and image back if the view has not changed meanwhile.
class StepTimelineWidget : public QWidget
{
    Q_OBJECT

public:
    void setTimeline(const core::StepTimeline& timeline);
    /// Shared, not copied: the step dock hands the same timeline to both views (thousands of
    /// phases of a few hundred bytes each; copying it twice per slider move was a third of the
    /// re-plan).
    void setTimeline(std::shared_ptr<const core::StepTimeline> timeline);
    const core::StepTimeline& timeline() const { return m_picture->timeline(); }
    void setCursorPosition(double position);
    /// What an empty view says (no timeline); empty: the view's own default.
    void setEmptyText(const QString& text);
    double cursorPosition() const { return m_picture->cursor(); }

    /// x of a time in widget pixels, and back.
    double xOf(double time) const { return m_picture->xOf(time); }
    using XMap = TimelinePicture::XMap;
    XMap xMap() const { return m_picture->xMap(); }
    double timeAt(double x) const { return m_picture->timeAt(x); }
    /// Where the rows are drawn (inside the margins, above the time axis).
    QRect plotRect() const { return m_picture->plotRect(); }

    /// The next picture, made elsewhere: a copy of this view's picture (GUI thread), given a
    /// timeline and rendered by whoever holds it (any one thread), then adopted (GUI thread).
    struct Pending
    {
        std::unique_ptr<TimelinePicture> picture;
        QImage image;           ///< rendered into (the view's spare buffer)
        qreal dpr = 1;
        quint64 generation = 0; ///< the view's state when copied
        bool rendered = false;
        /// Renders the picture into the image (any thread).
        void render();
    };
    Pending snapshot();
    /// Takes a rendered copy if the view is as it was when copied (size, font, palette, its
    /// settings, no other timeline since); else returns false and the caller sets the timeline.
    bool adopt(Pending&& pending);

signals:
    void cursorDragged(double position);

protected:
    StepTimelineWidget(std::unique_ptr<TimelinePicture> picture, QWidget* parent);

    TimelinePicture& picture() { return *m_picture; }
    const TimelinePicture& picture() const { return *m_picture; }
    /// The picture changed: painted again before the next frame (a copy made before is stale).
    void invalidate();
    /// After a change of the picture's settings: its size hint may have changed too.
    void pictureChanged();

    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    std::unique_ptr<TimelinePicture> m_picture;
    QImage m_cache;
    QImage m_spare;        ///< the previous cache's storage, for the next picture made elsewhere
    bool m_dirty = true;
    quint64 m_generation = 0;
    /// Shaped text of the copies rendered on another thread (the planner's: one at a time).
    std::shared_ptr<TimelinePicture::TextCache> m_threadTexts = std::make_shared<TimelinePicture::TextCache>();
    std::shared_ptr<TimelinePicture::TextCache> m_texts = std::make_shared<TimelinePicture::TextCache>();
};
