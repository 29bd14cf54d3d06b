#pragma once

#include <QColor>
#include <QString>

#include "core/numerics/distributions.h"
#include "core/io/tensorfile.h"
#include "core/numerics/tensorstudio.h"

/// Translated names and messages for the tensor studio, the comparison and the loss-scaling
/// view (core returns codes; the words are here), and the colour of each compared format.
namespace TensorText {

QString formatName(core::TensorFormat format);
/// One sentence on the format: its element, its blocks and scales, who defined it.
QString formatDescription(core::TensorFormat format);
/// Where the format's rule is written down (shown under the description).
QString formatSource(core::TensorFormat format);
QString scalingName(core::Scaling scaling);
QString distributionName(core::Distribution distribution);
QString scaleFormatName(core::ScaleFormat format);
/// Why a tensor file was refused, from the reader's code (details the reader words itself in brackets).
QString fileError(const core::TensorLoad& load);
/// Why a recipe cannot be analysed ("Per-channel scales are for FP8 and integers …").
QString recipeError(core::RecipeError error);
/// The recipe in a few words: "INT4, groups of 128, symmetric, FP16 scales".
QString recipeName(const core::QuantRecipe& recipe);
/// A fraction of values as a percentage that keeps small shares visible: 0 %, 3.2 × 10⁻⁴ %, 12 %.
/// An error statistic that is infinite because values overflowed to ±inf (core::TensorStats):
/// "∞ (overflowed)"; for the SNR, "−∞ dB (overflowed)".
QString overflowedError();
QString overflowedSnr();
QString share(double fraction);
/// Bytes as GB (10^9) with three or four significant digits.
QString gigabytes(double bytes);
/// A distinct colour per compared format (light or dark background).
QColor formatColor(core::TensorFormat format, bool dark);

} // namespace TensorText
