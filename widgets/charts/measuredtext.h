#pragma once

#include <QString>
#include <QStringList>
#include <QVector>
#include <array>
#include <vector>

#include "core/calibration/residuals.h"
#include "core/components.h"
#include "widgets/displayformat.h"

/// The scenario's measurements as the memory chart draws them: one mark per rank group and
/// quantity beside the bar of the same counter, and, in words, what could not be drawn (a rank
/// the layout does not have, a node the log does not name, a quantity the estimate does not
/// predict) instead of a guess. Translated in the "MeasuredText" context.
namespace MeasuredText {

/// One measured mark: its bar, its height and its words.
struct Mark
{
    int bar = -1;
    core::MeasuredQuantity quantity = core::MeasuredQuantity::MaxAllocated;
    double bytes = 0;     ///< where it is drawn: the measured level, or a component's bottom + measured
    double measured = 0;  ///< the largest of the group's measured ranks
    double predicted = 0;
    double percent = 0;   ///< (predicted − measured) / measured × 100 of that rank
    int ranks = 0;        ///< ranks of this group measured for this quantity
    double barTop = 0;    ///< the bar's total: its label stands above it, the mark's label keeps clear
    QString label;        ///< "−4.5 %", beside the mark
    QString toolTip;      ///< the working: both numbers, the residual's formula with them, the source
};

/// What each bar offers a mark: its label and, per component, the bytes below it in the stack.
struct BarFrame
{
    QString label;
    double total = 0;
    std::array<double, core::kComponentCount> bottom{};
};

/// The marks of `residuals` on `bars` (rank groups of the estimate, in order). Each (group,
/// quantity) gets one mark at its largest measured rank: the one that runs out of memory first.
QVector<Mark> marks(const std::vector<core::Residual>& residuals, const QVector<BarFrame>& bars, DisplayFormat::MemoryUnit unit);

/// The lines under the chart: what the marks are, and what was measured but is not drawn (and
/// why). Empty when there are no measurements. `rankCount` = the layout's GPUs.
QStringList notes(const std::vector<core::Residual>& residuals, const QVector<BarFrame>& bars, int rankCount, bool textbook);

/// "+3.2 %", "−4.5 %" in the user's locale.
QString percentText(double percent);

} // namespace MeasuredText
