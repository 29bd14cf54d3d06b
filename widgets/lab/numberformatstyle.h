#pragma once

#include <QColor>
#include <QString>

#include "core/numerics/numberformat.h"

class QPalette;

/// Names, number formatting and the one field → colour table shared by the number-format lab's
/// widgets (heaptrack's ChartModel idea: one table, every view uses it).
namespace NumberFormatStyle {

enum class Field { Sign, Exponent, Mantissa, Implicit, Integer };

/// Box fill for a bit of `field`: `set` bits get the strong tone, clear bits the pale one.
QColor fieldFill(Field field, bool set, bool dark);
/// Outline and the text colour of clear bits.
QColor fieldStroke(Field field, bool dark);
/// Status colours: overflow / flush to zero, and exact.
QColor alertColor(bool dark);
QColor goodColor(bool dark);
bool isDark(const QPalette& palette);

/// Translated, user-visible name: "FP16", "FP8 E4M3", "MXFP4" …
QString formatName(core::NumberFormat format);
/// Field widths as "1 · 5 · 10" (sign · exponent · mantissa); "8-bit two's complement" for integers.
QString layoutText(core::NumberFormat format);
/// One-sentence description for tooltips (what it is used for, who defined it).
QString formatDescription(core::NumberFormat format);
QString className(core::ValueClass valueClass);

/// `value` with up to `significantDigits` digits, a real minus sign, "× 10ⁿ" for exponents and
/// ∞ / NaN spelled out: 5.96 × 10⁻⁸, −65504, +∞.
QString number(double value, int significantDigits = 17);
/// Like number() but with a leading + for positive values (errors).
QString signedNumber(double value, int significantDigits);
/// A fraction as a percentage with two significant digits: −0.031 %.
QString percent(double fraction);
/// Digits that tell neighbouring values of `format` apart: ⌈(M + 1)·log10 2⌉ + 1.
int distinguishingDigits(const core::FormatDescription& format);
/// "2" followed by a superscript exponent: 2¹⁰, 2⁻²⁴.
QString powerOfTwo(int exponent);
QString superscript(const QString& digits);

} // namespace NumberFormatStyle
