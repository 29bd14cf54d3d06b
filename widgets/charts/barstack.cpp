// QCustomPlot 2.1 uses foreach, which the build disables (QT_NO_FOREACH): include it first, with the macro lifted.
#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "widgets/charts/barstack.h"

#include "widgets/charts/chartitems.h"
#include "widgets/charts/componentpalette.h"

static_assert(core::kComponentCount <= 64, "BarStack keeps component sets in 64-bit sets");

BarStack::BarStack(QCPAxis* keyAxis, QCPAxis* valueAxis, double width)
{
    for (std::size_t i = 0; i < core::kComponentCount; ++i) {
        auto* bars = new QCPBars(keyAxis, valueAxis);
        bars->setWidth(width);
        bars->setStackingGap(1); // a pixel of background between segments: no outline to stroke
        bars->setAntialiased(false); // axis-aligned rectangles: crisp and cheaper without
        bars->setSelectable(QCP::stNone);
        bars->removeFromLegend();
        m_bars.push_back(bars);
    }
    setByRole(false);
}

void BarStack::setByRole(bool byRole)
{
    m_byRole = byRole;
    // Stable: within a role the component order stays.
    for (std::size_t i = 0; i < core::kComponentCount; ++i)
        m_order[i] = core::Component(i);
    if (byRole)
        std::stable_sort(m_order.begin(), m_order.end(),
                         [](core::Component a, core::Component b) { return int(core::roleOf(a)) < int(core::roleOf(b)); });
    m_stackValid = false;
}

void BarStack::restack(const std::bitset<64>& present)
{
    if (m_stackValid && present == m_stacked)
        return;
    for (QCPBars* bars : std::as_const(m_bars)) {
        bars->moveBelow(nullptr);
        bars->moveAbove(nullptr);
    }
    QCPBars* below = nullptr;
    for (const core::Component c : m_order) {
        QCPBars* b = bars(c);
        b->setVisible(present[std::size_t(c)]);
        if (!present[std::size_t(c)])
            continue;
        if (below)
            b->moveAbove(below);
        below = b;
    }
    m_stacked = present;
    m_stackValid = true;
}

void BarStack::fillLegend(QCPLegend* legend, const std::bitset<64>& present)
{
    legend->clearItems();
    std::array<int, core::kRoleCount> lowest;
    lowest.fill(-1);
    for (const core::Component c : m_order)
        if (present[std::size_t(c)] && lowest[std::size_t(core::roleOf(c))] < 0)
            lowest[std::size_t(core::roleOf(c))] = int(c);
    for (std::size_t i = core::kComponentCount; i-- > 0;) {
        const core::Component c = m_order[i];
        const core::Role role = core::roleOf(c);
        if (!present[std::size_t(c)] || (m_byRole && lowest[std::size_t(role)] != int(c)))
            continue;
        bars(c)->setName(m_byRole ? ComponentPalette::roleName(role) : ComponentPalette::componentName(c));
        legend->addItem(ChartItems::legendItem(legend, bars(c)));
    }
}

void BarStack::updateNames()
{
    for (std::size_t c = 0; c < core::kComponentCount; ++c)
        m_bars[qsizetype(c)]->setName(ComponentPalette::componentName(core::Component(c)));
}

void BarStack::updateColors(bool dark, bool dimmed)
{
    for (std::size_t c = 0; c < core::kComponentCount; ++c) {
        QColor color = m_byRole ? ComponentPalette::roleColor(core::roleOf(core::Component(c)), dark)
                                : ComponentPalette::componentColor(core::Component(c), dark);
        if (dimmed)
            color.setAlpha(60);
        // A serving engine's reserved KV pool is held, not used: hatched and outlined, so the
        // solid part below is what the batch needs (issue 31).
        if (core::Component(c) == core::Component::KvCacheReserve) {
            m_bars[qsizetype(c)]->setBrush(QBrush(color, Qt::BDiagPattern));
            m_bars[qsizetype(c)]->setPen(QPen(color, 1));
            continue;
        }
        m_bars[qsizetype(c)]->setBrush(color);
        m_bars[qsizetype(c)]->setPen(Qt::NoPen);
    }
}
