#pragma once

#include <QCoreApplication>
#include <QString>

#include "core/figures/figuretemplate.h"
#include "widgets/displayformat.h"

/// The words and number formats of core::Figure for the window: a figure's translated caption,
/// its value with its unit ("38.5 GB", "7.6 days", "$1.23 M"), and scene titles filled from
/// their templates with the locale's digits.
class FigureText
{
    Q_DECLARE_TR_FUNCTIONS(FigureText)

public:
    static QString caption(core::Figure figure);
    /// The value with its unit; "—" when there is none (the scenario is invalid or it does not apply).
    static QString value(core::Figure figure, double value, DisplayFormat::MemoryUnit unit = DisplayFormat::MemoryUnit::GB);
    /// A template ("ZeRO-1 → {model_states_gb} GB") with the live numbers in, formatted for the locale.
    static QString fill(const QString& text, const core::Scenario& scenario, const core::Estimate& estimate);
};
