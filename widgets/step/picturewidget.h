#pragma once

#include <QImage>
#include <QWidget>
#include <memory>

#include "widgets/step/viewpicture.h"

/// What the step views share: a cached picture of what does not move, and the cursor drawn
/// over it each frame. A frame of the animation repaints the cached picture and the cursor
/// only, so playing costs a blit and a few lines, not a redraw of every block. Clicking or
/// dragging moves the cursor (cursorDragged); the owner feeds the position back through
/// setCursorPosition.
///
/// What is drawn, and how, is the view's ViewPicture (a plain value); the widget passes it its
/// size, font and palette and caches what it paints. The next picture can be made on another
/// thread: snapshot() copies it, the copy is given new data and rendered there
/// (Pending::render()), and adopt() takes copy and image back if the view has not changed
/// meanwhile.
class PictureWidget : public QWidget
{
    Q_OBJECT

public:
    void setCursorPosition(double position);
    double cursorPosition() const { return m_picture->cursor(); }
    /// What an empty view says (no data); empty: the view's own default.
    void setEmptyText(const QString& text);

    /// The next picture, made elsewhere: a copy of this view's picture (GUI thread), given new
    /// data and rendered by whoever holds it (any one thread), then adopted (GUI thread).
    struct Pending
    {
        std::unique_ptr<ViewPicture> picture;
        QImage image;           ///< rendered into (the view's spare buffer)
        qreal dpr = 1;
        quint64 generation = 0; ///< the view's state when copied
        bool rendered = false;
        /// Renders the picture into the image (any thread).
        void render();
    };
    Pending snapshot();
    /// Takes a rendered copy if the view is as it was when copied (size, font, palette, its
    /// settings, no other data since); else returns false and the caller sets the data here.
    bool adopt(Pending&& pending);
    /// Pictures adopted so far (tests, the benchmark).
    quint64 adoptedCount() const { return m_adopted; }

signals:
    void cursorDragged(double position);

protected:
    PictureWidget(std::unique_ptr<ViewPicture> picture, QWidget* parent);

    ViewPicture& basePicture() { return *m_picture; }
    const ViewPicture& basePicture() const { return *m_picture; }
    /// The picture changed: painted again before the next frame (a copy made before is stale).
    void invalidate();
    /// After a change of the picture's settings or data: its size hint may have changed too.
    void pictureChanged();

    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    std::unique_ptr<ViewPicture> m_picture;
    QImage m_cache;
    QImage m_spare;        ///< the previous cache's storage, for the next picture made elsewhere
    bool m_dirty = true;
    quint64 m_generation = 0;
    quint64 m_adopted = 0;
    /// Shaped text of the copies rendered on another thread (the planner's: one at a time).
    std::shared_ptr<ViewPicture::TextCache> m_threadTexts = std::make_shared<ViewPicture::TextCache>();
    std::shared_ptr<ViewPicture::TextCache> m_texts = std::make_shared<ViewPicture::TextCache>();
};
