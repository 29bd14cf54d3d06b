#include "widgets/figurestrip.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <cmath>

FigureStrip::FigureStrip(QWidget* parent)
    : QWidget(parent)
    , m_grid(new QGridLayout(this))
{
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setVerticalSpacing(0);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void FigureStrip::setItems(const QVector<Item>& items)
{
    if (items == m_items)
        return;
    m_items = items;
    while (m_values.size() < items.size()) {
        const int column = int(m_values.size());
        auto* caption = new QLabel(this);
        auto* value = new QLabel(this);
        for (QLabel* l : {caption, value}) {
            l->setTextFormat(Qt::PlainText);
            l->setAlignment(Qt::AlignLeft | Qt::AlignBottom);
        }
        m_grid->addWidget(caption, 0, column);
        m_grid->addWidget(value, 1, column);
        m_grid->setColumnStretch(column, 1);
        m_captions.push_back(caption);
        m_values.push_back(value);
    }
    for (qsizetype i = 0; i < m_values.size(); ++i) {
        const bool used = i < items.size();
        m_captions[i]->setVisible(used);
        m_values[i]->setVisible(used);
        m_grid->setColumnStretch(int(i), used ? 1 : 0);
        if (!used)
            continue;
        m_captions[i]->setText(items[i].caption);
        m_values[i]->setText(items[i].value);
        m_captions[i]->setToolTip(items[i].toolTip);
        m_values[i]->setToolTip(items[i].toolTip);
    }
    applyFonts();
    applyColors();
}

void FigureStrip::applyFonts()
{
    // The font may be set in pixels (presentation mode) or in points.
    auto scaled = [this](double factor) {
        QFont f = font();
        if (f.pixelSize() > 0)
            f.setPixelSize(std::max(1, int(std::lround(f.pixelSize() * factor))));
        else
            f.setPointSizeF(f.pointSizeF() * factor);
        return f;
    };
    const QFont caption = scaled(0.8);
    QFont value = scaled(1.7);
    value.setBold(true);
    for (QLabel* l : std::as_const(m_captions))
        l->setFont(caption);
    for (QLabel* l : std::as_const(m_values))
        l->setFont(value);
}

void FigureStrip::applyColors()
{
    // Captions muted, values in the text colour: the number is what the room reads.
    for (QLabel* l : std::as_const(m_captions)) {
        QPalette p = l->palette();
        p.setColor(QPalette::WindowText, palette().color(QPalette::PlaceholderText));
        l->setPalette(p);
    }
    for (QLabel* l : std::as_const(m_values)) {
        QPalette p = l->palette();
        p.setColor(QPalette::WindowText, palette().color(QPalette::WindowText));
        l->setPalette(p);
    }
}

void FigureStrip::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        applyFonts();
    else if (event->type() == QEvent::PaletteChange)
        applyColors();
}
