#include "widgets/quietlabel.h"

#include <QEvent>
#include <QLabel>
#include <QResizeEvent>
#include <algorithm>

QuietLabel::QuietLabel(QWidget* parent)
    : QWidget(parent)
    , m_label(new QLabel(this))
{
    // No layout: the label's own updateGeometry() reaches this box only (a LayoutRequest that
    // a widget without a layout ignores), never the layouts around it.
    m_height = m_label->sizeHint().height();
}

void QuietLabel::setText(const QString& text)
{
    if (m_label->text() == text)
        return;
    m_label->setText(text); // repaints the label
    // The line's height is the tallest font's among those its characters are drawn in: the
    // same characters beyond ASCII, the same fonts, the same height (a new number is ASCII).
    QString glyphs;
    for (const QChar c : text)
        if (c.unicode() >= 0x80 && !glyphs.contains(c))
            glyphs.append(c);
    std::sort(glyphs.begin(), glyphs.end());
    if (glyphs == m_glyphs)
        return;
    m_glyphs = glyphs;
    const int height = m_label->sizeHint().height();
    if (height != m_height) {
        m_height = height;
        updateGeometry();
    }
}

QString QuietLabel::text() const
{
    return m_label->text();
}

QSize QuietLabel::sizeHint() const
{
    return QSize(0, m_height);
}

QSize QuietLabel::minimumSizeHint() const
{
    return QSize(0, m_height);
}

void QuietLabel::resizeEvent(QResizeEvent* event)
{
    m_label->setGeometry(QRect(QPoint(0, 0), event->size()));
    QWidget::resizeEvent(event);
}

void QuietLabel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        // The label has taken the new font already (a font reaches the children first).
        m_height = m_label->sizeHint().height();
        m_glyphs = QStringLiteral("\n"); // measure again at the next text (no text has it)
        updateGeometry();
    }
    QWidget::changeEvent(event);
}
