#include "widgets/advice/remedybutton.h"

#include <QEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QVBoxLayout>

RemedyButton::RemedyButton(QWidget* parent)
    : QFrame(parent)
    , m_title(new QLabel(this))
    , m_description(new QLabel(this))
{
    setFocusPolicy(Qt::StrongFocus);
    setCursor(Qt::PointingHandCursor);
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 5, 8, 6);
    layout->setSpacing(2);
    for (QLabel* l : {m_title, m_description}) {
        l->setWordWrap(true);
        l->setTextFormat(Qt::PlainText);
        l->setAttribute(Qt::WA_TransparentForMouseEvents);
        layout->addWidget(l);
    }
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    updateLook();
}

void RemedyButton::setTitle(const QString& title)
{
    m_title->setText(title);
    setAccessibleName(title);
}

QString RemedyButton::title() const
{
    return m_title->text();
}

void RemedyButton::setDescription(const QString& text)
{
    m_description->setText(text);
    setAccessibleDescription(text);
}

QString RemedyButton::description() const
{
    return m_description->text();
}

void RemedyButton::click()
{
    emit clicked();
}

void RemedyButton::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && rect().contains(event->position().toPoint()))
        emit clicked();
    QFrame::mouseReleaseEvent(event);
}

void RemedyButton::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter || event->key() == Qt::Key_Space) {
        emit clicked();
        return;
    }
    QFrame::keyPressEvent(event);
}

void RemedyButton::enterEvent(QEnterEvent* event)
{
    m_hover = true;
    updateLook();
    QFrame::enterEvent(event);
}

void RemedyButton::leaveEvent(QEvent* event)
{
    m_hover = false;
    updateLook();
    QFrame::leaveEvent(event);
}

void RemedyButton::focusInEvent(QFocusEvent* event)
{
    updateLook();
    QFrame::focusInEvent(event);
}

void RemedyButton::focusOutEvent(QFocusEvent* event)
{
    updateLook();
    QFrame::focusOutEvent(event);
}

void RemedyButton::changeEvent(QEvent* event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::PaletteChange && !m_updating)
        updateLook();
}

void RemedyButton::updateLook()
{
    // Hover and focus tint the line in the palette's highlight (light and dark alike).
    m_updating = true;
    QPalette p = parentWidget() ? parentWidget()->palette() : palette();
    QColor fill = p.color(QPalette::Base);
    if (m_hover || hasFocus()) {
        QColor h = p.color(QPalette::Highlight);
        h.setAlpha(m_hover ? 60 : 35);
        fill = QColor::fromRgbF(fill.redF() * (1 - h.alphaF()) + h.redF() * h.alphaF(), fill.greenF() * (1 - h.alphaF()) + h.greenF() * h.alphaF(),
                                fill.blueF() * (1 - h.alphaF()) + h.blueF() * h.alphaF());
    }
    p.setColor(QPalette::Window, fill);
    setPalette(p);
    QPalette muted = p;
    muted.setColor(QPalette::WindowText, p.color(QPalette::PlaceholderText));
    m_description->setPalette(muted);
    m_updating = false;
}
