#include "widgets/plan/feasibilityheatmap.h"

#include <QHelpEvent>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include "widgets/charts/componentpalette.h"
#include "widgets/plan/plantext.h"

FeasibilityHeatmap::FeasibilityHeatmap(QWidget* parent)
    : QWidget(parent)
{
    setMouseTracking(true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void FeasibilityHeatmap::setResult(std::shared_ptr<const core::PlanResult> result)
{
    m_result = std::move(result);
    rebuild();
}

void FeasibilityHeatmap::setKnobs(core::PlanKnob rows, core::PlanKnob columns)
{
    if (m_grid.rowKnob == rows && m_grid.columnKnob == columns && !m_grid.cells.empty())
        return;
    m_grid.rowKnob = rows;
    m_grid.columnKnob = columns;
    rebuild();
}

void FeasibilityHeatmap::setUnit(DisplayFormat::MemoryUnit unit)
{
    m_unit = unit;
    update();
}

void FeasibilityHeatmap::setSelectedLayout(int layoutIndex)
{
    if (m_selected == layoutIndex)
        return;
    m_selected = layoutIndex;
    update();
}

void FeasibilityHeatmap::rebuild()
{
    const core::PlanKnob rows = m_grid.rowKnob, columns = m_grid.columnKnob;
    if (m_result) {
        m_grid = core::planGrid(*m_result, rows, columns);
    } else {
        m_grid = core::PlanGrid{}; // no result: the knobs alone (a braced pair warned -Wmissing-field-initializers)
        m_grid.rowKnob = rows;
        m_grid.columnKnob = columns;
    }
    updateGeometry();
    update();
}

QSize FeasibilityHeatmap::sizeHint() const
{
    const int em = fontMetrics().height();
    return QSize(em * 28, em * 16);
}

QSize FeasibilityHeatmap::minimumSizeHint() const
{
    const int em = fontMetrics().height();
    return QSize(em * 14, em * 8);
}

QRectF FeasibilityHeatmap::cellRect(std::size_t row, std::size_t column) const
{
    const double w = m_area.width() / std::max<std::size_t>(1, m_grid.columns.size());
    const double h = m_area.height() / std::max<std::size_t>(1, m_grid.rows.size());
    return QRectF(m_area.left() + column * w, m_area.top() + row * h, w, h);
}

int FeasibilityHeatmap::cellAt(const QPointF& pos) const
{
    if (!m_area.contains(pos) || m_grid.columns.empty() || m_grid.rows.empty())
        return -1;
    const auto column = std::size_t((pos.x() - m_area.left()) / m_area.width() * m_grid.columns.size());
    const auto row = std::size_t((pos.y() - m_area.top()) / m_area.height() * m_grid.rows.size());
    if (row >= m_grid.rows.size() || column >= m_grid.columns.size())
        return -1;
    return int(row * m_grid.columns.size() + column);
}

void FeasibilityHeatmap::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    const QPalette pal = palette();
    const bool dark = ComponentPalette::isDark(pal);
    const QColor text = pal.color(QPalette::WindowText);
    const QFontMetricsF fm(font());
    const double em = fm.height();
    // Axis titles: the column knob above, the row knob to the left (rotated).
    const QString columnTitle = PlanText::knobName(m_grid.columnKnob), rowTitle = PlanText::knobName(m_grid.rowKnob);
    double labelWidth = fm.horizontalAdvance(QStringLiteral("888"));
    for (int v : m_grid.rows)
        labelWidth = std::max(labelWidth, fm.horizontalAdvance(PlanText::knobValue(m_grid.rowKnob, v)));
    // A line under the cells says what their colours mean (issue 31: the heatmap had no legend).
    const double legendHeight = em * 1.5;
    m_area = QRectF(rect()).adjusted(em * 1.4 + labelWidth + 6, em * 2.4, -4, -4 - legendHeight);
    drawLegend(p, QRectF(m_area.left(), m_area.bottom() + em * 0.3, m_area.width(), em), dark);
    p.setPen(text);
    p.drawText(QRectF(m_area.left(), 0, m_area.width(), em), Qt::AlignHCenter | Qt::AlignVCenter, columnTitle);
    p.save();
    p.translate(em * 0.6, m_area.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-m_area.height() / 2, -em / 2, m_area.height(), em), Qt::AlignCenter, rowTitle);
    p.restore();
    if (!m_result || m_grid.cells.empty()) {
        p.drawText(m_area, Qt::AlignCenter | Qt::TextWordWrap, tr("No layouts yet"));
        return;
    }
    for (std::size_t c = 0; c < m_grid.columns.size(); ++c) {
        const QRectF r = cellRect(0, c);
        p.drawText(QRectF(r.left(), em * 1.2, r.width(), em), Qt::AlignCenter, PlanText::knobValue(m_grid.columnKnob, m_grid.columns[c]));
    }
    const QLocale locale;
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.85);
    for (std::size_t r = 0; r < m_grid.rows.size(); ++r) {
        const QRectF first = cellRect(r, 0);
        p.setFont(font());
        p.setPen(text);
        p.drawText(QRectF(em * 1.2, first.top(), labelWidth, first.height()), Qt::AlignRight | Qt::AlignVCenter,
                   PlanText::knobValue(m_grid.rowKnob, m_grid.rows[r]));
        for (std::size_t c = 0; c < m_grid.columns.size(); ++c) {
            const QRectF cell = cellRect(r, c).adjusted(1.5, 1.5, -1.5, -1.5);
            const int i = m_grid.cell(r, c);
            if (i < 0) {
                QColor blank = text;
                blank.setAlphaF(0.06f);
                p.fillRect(cell, blank);
                continue;
            }
            const core::PlanCandidate& lay = m_result->layouts[std::size_t(i)];
            const double share = lay.capacityBytes > 0 ? lay.headroomBytes() / lay.capacityBytes : 0;
            ComponentPalette::Level level = !lay.fits ? ComponentPalette::Level::Bad
                : share < 0.1                        ? ComponentPalette::Level::Warning
                                                      : ComponentPalette::Level::Good;
            QColor fill = ComponentPalette::levelColor(level, dark);
            // More headroom, a stronger green: the eye finds the comfortable layouts.
            fill.setAlphaF(float(lay.fits ? 0.35 + 0.55 * std::min(1.0, share / 0.5) : 0.55));
            p.fillRect(cell, fill);
            p.setFont(small);
            p.setPen(text);
            const QString label = lay.fits ? locale.toString(lay.stepSeconds, 'f', lay.stepSeconds < 10 ? 2 : 1) + tr(" s")
                                           : QStringLiteral("✕ ") + DisplayFormat::bytes(lay.peakBytes, m_unit, 0);
            const bool fastest = int(r * m_grid.columns.size() + c) == m_grid.fastest;
            p.drawText(cell, Qt::AlignCenter, fastest ? QStringLiteral("★ ") + label : label);
            if (fastest || i == m_selected) {
                QPen frame(fastest ? text : pal.color(QPalette::Highlight), fastest ? 2.5 : 2);
                p.setPen(frame);
                p.setBrush(Qt::NoBrush);
                p.drawRect(cell.adjusted(1, 1, -1, -1));
            }
        }
    }
}

QStringList FeasibilityHeatmap::legendTexts()
{
    return {tr("does not fit"), tr("under 10 % left"), tr("10 % left"), tr("50 %+ left"), tr("★ fastest")};
}

void FeasibilityHeatmap::drawLegend(QPainter& p, const QRectF& row, bool dark) const
{
    // The same colours as the cells: red, amber, then green from 10 % to 50 % of the GPU left
    // (the alpha paintEvent gives each).
    const QStringList texts = legendTexts();
    const QFontMetricsF fm(font());
    const double swatch = fm.height() * 0.9;
    auto colour = [dark](ComponentPalette::Level level, double alpha) {
        QColor c = ComponentPalette::levelColor(level, dark);
        c.setAlphaF(float(alpha));
        return c;
    };
    struct Item
    {
        QColor fill;
        QString text;
    };
    const Item items[] = {{colour(ComponentPalette::Level::Bad, 0.55), texts[0]},
                          {colour(ComponentPalette::Level::Warning, 0.35 + 0.55 * 0.2), texts[1]},
                          {colour(ComponentPalette::Level::Good, 0.35 + 0.55 * 0.2), texts[2]},
                          {colour(ComponentPalette::Level::Good, 0.9), texts[3]},
                          {QColor(), texts[4]}};
    double x = row.left();
    p.setFont(font());
    for (const Item& item : items) {
        const double width = (item.fill.isValid() ? swatch + 4 : 0) + fm.horizontalAdvance(item.text) + fm.height() * 0.8;
        if (x + width - fm.height() * 0.8 > row.right())
            break; // a narrow heatmap keeps the first entries, the colours' meaning first
        if (item.fill.isValid()) {
            p.fillRect(QRectF(x, row.center().y() - swatch / 2, swatch, swatch), item.fill);
            x += swatch + 4;
        }
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(QRectF(x, row.top(), fm.horizontalAdvance(item.text) + 2, row.height()), Qt::AlignLeft | Qt::AlignVCenter, item.text);
        x += fm.horizontalAdvance(item.text) + fm.height() * 0.8;
    }
}

void FeasibilityHeatmap::mousePressEvent(QMouseEvent* event)
{
    const int cell = cellAt(event->position());
    if (cell >= 0 && m_grid.cells[std::size_t(cell)] >= 0)
        emit layoutActivated(m_grid.cells[std::size_t(cell)]);
    QWidget::mousePressEvent(event);
}

bool FeasibilityHeatmap::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip && m_result) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int cell = cellAt(help->pos());
        if (cell < 0 || m_grid.cells[std::size_t(cell)] < 0) {
            QToolTip::hideText();
            event->ignore();
            return true;
        }
        const core::PlanCandidate& c = m_result->layouts[std::size_t(m_grid.cells[std::size_t(cell)])];
        //: heatmap cell tooltip; %1 = layout, %2 = peak memory, %3 = capacity
        QString tip = tr("%1\nfullest GPU %2 of %3").arg(PlanText::layout(c), DisplayFormat::bytes(c.peakBytes, m_unit, 1),
                                                          DisplayFormat::bytes(c.capacityBytes, m_unit, 0));
        if (c.fits)
            //: heatmap cell tooltip, second line; %1 = step time
            tip += QLatin1Char('\n') + tr("step %1").arg(DisplayFormat::duration(c.stepSeconds));
        else if (c.pruned)
            tip += QLatin1Char('\n') + tr("the model states alone do not fit");
        QToolTip::showText(help->globalPos(), tip, this);
        return true;
    }
    return QWidget::event(event);
}
