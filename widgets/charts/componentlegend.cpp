#include "widgets/charts/componentlegend.h"

#include <QEvent>
#include <QPainter>
#include <cmath>

#include "widgets/charts/componentpalette.h"

ComponentLegend::ComponentLegend(QWidget* parent)
    : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

void ComponentLegend::setComponents(const QVector<core::Component>& components)
{
    if (m_components == components)
        return;
    m_components = components;
    updateGeometry();
    update();
}

int ComponentLegend::cellWidth() const
{
    // Swatch, gap, the longest name, and room before the next column: one width for every cell,
    // so the names line up in columns.
    const QFontMetrics metrics(font());
    int longest = 0;
    for (core::Component c : m_components)
        longest = std::max(longest, metrics.horizontalAdvance(ComponentPalette::componentName(c)));
    const int em = metrics.height();
    return int(em * 1.25) + longest + int(em * 0.9);
}

int ComponentLegend::columnsFor(int width) const
{
    return m_singleColumn ? 1 : std::max(1, width / std::max(1, cellWidth()));
}

void ComponentLegend::setSingleColumn(bool single)
{
    m_singleColumn = single;
    setSizePolicy(single ? QSizePolicy::Fixed : QSizePolicy::Preferred, QSizePolicy::Fixed);
    updateGeometry();
    update();
}

int ComponentLegend::heightForWidth(int width) const
{
    if (m_components.isEmpty())
        return 0;
    const int rows = int((m_components.size() + columnsFor(width) - 1) / columnsFor(width));
    return rows * int(fontMetrics().height() * 1.15);
}

QSize ComponentLegend::sizeHint() const
{
    const int width = cellWidth() * int(m_singleColumn ? 1 : std::min<qsizetype>(m_components.size(), 4));
    return QSize(width, heightForWidth(width));
}

QSize ComponentLegend::minimumSizeHint() const
{
    return QSize(cellWidth(), heightForWidth(cellWidth()));
}

void ComponentLegend::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const bool dark = ComponentPalette::isDark(palette());
    const QFontMetrics metrics(font());
    const int em = metrics.height();
    const int row = int(em * 1.15);
    const int cell = cellWidth();
    const int columns = columnsFor(width());
    for (qsizetype i = 0; i < m_components.size(); ++i) {
        const int x = int(i % columns) * cell;
        const int y = int(i / columns) * row;
        const QRectF swatch(x, y + (row - em * 0.6) / 2, em * 0.9, em * 0.6);
        p.setPen(Qt::NoPen);
        p.setBrush(ComponentPalette::componentColor(m_components[i], dark));
        p.drawRect(swatch);
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRect(x + int(em * 1.25), y, cell - int(em * 1.25), row), Qt::AlignLeft | Qt::AlignVCenter,
                   ComponentPalette::componentName(m_components[i]));
    }
}

void ComponentLegend::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::LanguageChange) {
        updateGeometry();
        update();
    }
}
