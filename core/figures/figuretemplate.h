#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/figures/figures.h"

namespace core {

/// Text that quotes live numbers: "ZeRO-1 → {model_states_gb} GB" is filled from an estimate,
/// so a title stays true while the scenario changes. A placeholder is `{id}` or `{id:N}` with
/// `id` a figureName() and N the most decimals to show (trailing zeros are dropped); `{{` and
/// `}}` are literal braces. Used by presentation scene titles and meant for any text that
/// quotes the estimate (the textbook pages too).
struct TemplatePart
{
    std::string literal;        ///< the text, when figure == Figure::Count
    Figure figure = Figure::Count;
    int decimals = -1;          ///< −1: automatic (three significant digits, integers whole)

    bool isFigure() const { return figure != Figure::Count; }
    bool operator==(const TemplatePart&) const = default;
};

struct ParsedTemplate
{
    std::vector<TemplatePart> parts;
    std::vector<std::string> unknown; ///< placeholders naming no figure, kept as literal text
};

ParsedTemplate parseTemplate(std::string_view text);
/// The figures a text names, in order of first appearance.
std::vector<Figure> templateFigures(std::string_view text);

/// Writes one value: the user interface passes its own (locale, grouping); `value` may be NaN.
using FigureFormatter = std::function<std::string(Figure figure, double value, int decimals)>;

/// "26.25" for (26.25, 2), "112" for (112.0, -1), "7.6" for (7.594, 1); "—" for NaN. No
/// locale: digits, '.' and '-' only.
std::string formatFigure(double value, int decimals);

/// The text with every placeholder replaced by its value (formatFigure unless `format`).
std::string fillTemplate(std::string_view text, const Scenario& scenario, const Estimate& estimate, const FigureFormatter& format = {});

} // namespace core
