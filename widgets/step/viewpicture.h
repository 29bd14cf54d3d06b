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
#include <utility>

class QPainter;

/// What a step view draws, apart from the widget that shows it (PictureWidget): the view's
/// data, size, font and palette, its settings and what is derived from them, and the code that
/// paints it. A plain value, no QObject and no QWidget: it can be copied, given new data and
/// rendered on another thread (the step dock's planner renders the next pictures while the GUI
/// thread repaints the explorer; PictureWidget::adopt takes them back), and the widget keeps
/// the one on screen for its cursor and its events.
///
/// Painting a QImage outside the GUI thread, text included, is what Qt supports ("Painting in
/// threads"; QFontDatabase::supportsThreadedFontRendering "as of 5.0, always returns true", gone
/// in Qt 6); a QPixmap is not: the pictures' own caches are QImages.
///
/// Its accessors have the widget's names (width(), font(), palette(); tr() in the view's
/// context in each subclass), so the views' painting code reads as widget code and their
/// translations stay.
class ViewPicture
{
public:
    ViewPicture();
    virtual ~ViewPicture() = default;
    /// A copy to render elsewhere (give it a text cache of its own: setTextCache).
    virtual std::unique_ptr<ViewPicture> clone() const = 0;

    /// Something to draw (a valid timeline): the cursor is drawn and follows the mouse.
    virtual bool hasContent() const = 0;
    /// The cursor's range, [0, length()].
    virtual double length() const = 0;
    /// The cursor's position under x (the widget's pixels).
    virtual double positionAt(double x) const = 0;

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
    /// What moves: the cursor and what follows it (GUI thread: it may keep pictures of its own).
    virtual void paintCursor(QPainter& painter) = 0;

    int width() const { return m_size.width(); }
    int height() const { return m_size.height(); }
    QSize size() const { return m_size; }
    QRect rect() const { return QRect(QPoint(0, 0), m_size); }
    const QFont& font() const { return m_font; }
    const QPalette& palette() const { return m_palette; }

protected:
    ViewPicture(const ViewPicture&) = default;
    ViewPicture& operator=(const ViewPicture&) = default;

    /// Draws what does not move with the cursor.
    virtual void paintStatic(QPainter& painter) = 0;
    /// The language changed (before relayout()).
    virtual void retranslate() {}
    /// The font or palette changed (before relayout()): pictures of text or colours are stale.
    virtual void styleChanged() {}
    /// After render(): what the cursor draws at its position that can be drawn in advance.
    virtual void prepareCursor(qreal /*dpr*/) {}
    /// The font, size or data changed: margins that follow the text are measured again (a
    /// slide's type is two to three times the window's).
    virtual void relayout() {}
    /// The font's line height (QFontMetrics::height).
    int lineHeight() const { return m_lineHeight; }
    void updateGeometry() { m_geometryChanged = true; }
    /// Short, often repeated text (tick labels, row names): shaped once and kept (QStaticText),
    /// drawn from its baseline's left end. SVG and PDF get plain text.
    void drawShortText(QPainter& painter, const QPointF& baselineLeft, const QString& text) const;
    double shortTextWidth(const QString& text) const;
    /// A title in `box`, left-aligned and vertically centred, elided to its width.
    void drawTitle(QPainter& painter, const QRect& box, const QString& text) const;
    bool isDark() const;

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
