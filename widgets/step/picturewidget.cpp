#include "widgets/step/picturewidget.h"

#include <QEvent>
#include <QMouseEvent>
#include <QPaintEngine>
#include <QPainter>
#include <algorithm>

PictureWidget::PictureWidget(std::unique_ptr<ViewPicture> picture, QWidget* parent)
    : QWidget(parent), m_picture(std::move(picture))
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(false);
    m_picture->setTextCache(m_texts);
    m_picture->setStyle(font(), palette());
    m_picture->setSize(size());
}

void PictureWidget::setEmptyText(const QString& text)
{
    if (text == m_picture->emptyText())
        return;
    m_picture->setEmptyText(text);
    pictureChanged();
}

void PictureWidget::setCursorPosition(double position)
{
    if (position == m_picture->cursor())
        return;
    m_picture->setCursor(position);
    update();
}

void PictureWidget::invalidate()
{
    m_dirty = true;
    ++m_generation;
    update();
}

void PictureWidget::pictureChanged()
{
    if (m_picture->takeGeometryChange())
        updateGeometry();
    invalidate();
}

void PictureWidget::Pending::render()
{
    picture->render(dpr, image);
    rendered = true;
}

PictureWidget::Pending PictureWidget::snapshot()
{
    Pending p;
    p.picture = m_picture->clone();
    p.picture->setTextCache(m_threadTexts);
    p.image = std::move(m_spare); // not drawn from any more: its storage is reused there
    m_spare = QImage();
    p.dpr = devicePixelRatioF();
    p.generation = m_generation;
    return p;
}

bool PictureWidget::adopt(Pending&& pending)
{
    if (!pending.picture || !pending.rendered || pending.generation != m_generation || pending.dpr != devicePixelRatioF()
        || pending.image.size() != size() * pending.dpr) {
        if (m_spare.isNull())
            m_spare = std::move(pending.image); // its storage for the next copy
        return false;
    }
    const double cursor = m_picture->cursor(); // the cursor moved meanwhile (the animation): it stays
    m_picture = std::move(pending.picture);
    m_picture->setTextCache(m_texts);
    m_picture->setCursor(std::clamp(cursor, 0.0, m_picture->length()));
    m_spare = std::move(m_cache);
    m_cache = std::move(pending.image);
    m_dirty = false;
    ++m_generation;
    ++m_adopted;
    if (m_picture->takeGeometryChange())
        updateGeometry();
    update();
    return true;
}

void PictureWidget::paintEvent(QPaintEvent*)
{
    // Pixels per point of where it is painted: the screen's, or an export's (a 2× PNG or a 4K
    // slide renders the view into an image of its own ratio: a 1× picture would be scaled up)
    qreal dpr = devicePixelRatioF();
    {
        // Rendered into something else (an SVG or PDF slide, an image): paint everything
        // there, as shapes and text, not the cached bitmap.
        QPainter direct(this);
        const QPaintEngine* engine = direct.paintEngine();
        if (engine && engine->paintDevice())
            dpr = std::max(dpr, engine->paintDevice()->devicePixelRatioF());
        const QPaintEngine::Type type = engine ? engine->type() : QPaintEngine::Raster;
        if (type != QPaintEngine::Raster) { // SVG, PDF, a QPicture, a printer, a recording device
            m_picture->paintVector(direct);
            return;
        }
    }
    if (m_dirty || m_cache.size() != size() * dpr) {
        m_picture->render(dpr, m_cache);
        m_dirty = false;
        if (m_picture->takeGeometryChange()) // the title took another row
            updateGeometry();
    }
    QPainter p(this);
    p.drawImage(0, 0, m_cache);
    if (m_picture->hasContent())
        m_picture->paintCursor(p);
}

void PictureWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    m_picture->setSize(size());
    pictureChanged();
}

void PictureWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::FontChange) {
        m_picture->setStyle(font(), palette());
        pictureChanged();
    } else if (event->type() == QEvent::LanguageChange) {
        m_picture->languageChanged();
        pictureChanged();
    }
    QWidget::changeEvent(event);
}

void PictureWidget::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && m_picture->hasContent())
        emit cursorDragged(m_picture->positionAt(event->position().x()));
}

void PictureWidget::mouseMoveEvent(QMouseEvent* event)
{
    if ((event->buttons() & Qt::LeftButton) && m_picture->hasContent())
        emit cursorDragged(m_picture->positionAt(event->position().x()));
}
