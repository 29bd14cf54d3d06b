#pragma once

#include <QVector>
#include <array>
#include <bitset>

#include "core/components.h"

class QCPAxis;
class QCPBars;
class QCPLegend;

/// The memory chart's stacks: one QCPBars per component, chained bottom to top in component
/// order or, by role, with each model's segments together (the rollout engine's weights and KV
/// cache). Only components that have bytes are chained and drawn: a stacked bar finds its base
/// by walking the bars below it, and most of the 23 components are empty in any one scenario.
class BarStack
{
public:
    BarStack(QCPAxis* keyAxis, QCPAxis* valueAxis, double width);

    void setByRole(bool byRole);
    bool byRole() const { return m_byRole; }
    /// Bottom-to-top order of the segments.
    const std::array<core::Component, core::kComponentCount>& order() const { return m_order; }
    QCPBars* bars(core::Component component) const { return m_bars[qsizetype(component)]; }

    /// Chains and shows the `present` components (a no-op when they and the order are unchanged).
    void restack(const std::bitset<64>& present);
    /// Lists the present components top-down like the stack, or by role one entry per role
    /// (named by its lowest segment).
    void fillLegend(QCPLegend* legend, const std::bitset<64>& present);
    /// Component names (translated), for the legend and the tooltips.
    void updateNames();
    /// Component or role colours; `dimmed` for an invalid scenario's last bars.
    void updateColors(bool dark, bool dimmed);

private:
    QVector<QCPBars*> m_bars;
    std::array<core::Component, core::kComponentCount> m_order{};
    std::bitset<64> m_stacked;
    bool m_stackValid = false;
    bool m_byRole = false;
};
