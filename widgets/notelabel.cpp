#include "widgets/notelabel.h"

#include <QEvent>
#include <QPainter>

NoteLabel::NoteLabel(QWidget* parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    setVisible(false);
}

void NoteLabel::setText(const QString& text)
{
    if (m_text == text)
        return;
    const int w = width();
    const int before = w > 0 ? (w == m_heightWidth ? m_height : heightForWidth(w)) : -1;
    m_text = text;
    m_heightWidth = -1;
    setVisible(!text.isEmpty());
    setToolTip(QString()); // a tooltip would show the old text
    if (w <= 0) {
        updateGeometry();
    } else {
        m_height = heightForWidth(w);
        m_heightWidth = w;
        if (m_height != before)
            updateGeometry();
    }
    update();
}

int NoteLabel::heightForWidth(int width) const
{
    if (m_text.isEmpty())
        return 0;
    return fontMetrics().boundingRect(QRect(0, 0, std::max(1, width), 100000), Qt::TextWordWrap, m_text).height();
}

QSize NoteLabel::sizeHint() const
{
    const int width = fontMetrics().averageCharWidth() * 40;
    return QSize(width, heightForWidth(width));
}

QSize NoteLabel::minimumSizeHint() const
{
    return QSize(0, m_text.isEmpty() ? 0 : fontMetrics().height());
}

void NoteLabel::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setPen(palette().color(QPalette::WindowText));
    p.drawText(rect(), Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, m_text);
}

void NoteLabel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange) {
        m_heightWidth = -1;
        updateGeometry();
    }
    QWidget::changeEvent(event);
}
