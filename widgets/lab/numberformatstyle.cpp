#include "widgets/lab/numberformatstyle.h"

#include <QCoreApplication>
#include <QPalette>
#include <cmath>

namespace NumberFormatStyle {

namespace {

struct Tones
{
    QColor strong;
    QColor pale;
    QColor stroke;
};

// Hues follow the usual float diagrams (sign red, exponent green, mantissa blue) plus amber
// for integer bits; the dark variants keep the same hue at a luminance that reads on #2x2x2x.
Tones tones(Field field, bool dark)
{
    switch (field) {
    case Field::Sign:
        return dark ? Tones{QColor(0xD7, 0x6A, 0x63), QColor(0x4A, 0x2C, 0x2B), QColor(0xE3, 0x8F, 0x89)}
                    : Tones{QColor(0xC8, 0x50, 0x4A), QColor(0xF8, 0xDE, 0xDC), QColor(0xB0, 0x42, 0x3D)};
    case Field::Exponent:
        return dark ? Tones{QColor(0x5F, 0xAE, 0x5A), QColor(0x26, 0x3D, 0x25), QColor(0x8A, 0xD0, 0x85)}
                    : Tones{QColor(0x4A, 0x93, 0x46), QColor(0xDD, 0xEF, 0xD9), QColor(0x3B, 0x7A, 0x38)};
    case Field::Mantissa:
    case Field::Implicit:
        return dark ? Tones{QColor(0x5B, 0x8F, 0xD8), QColor(0x23, 0x32, 0x47), QColor(0x8D, 0xB3, 0xEA)}
                    : Tones{QColor(0x3F, 0x76, 0xC2), QColor(0xDC, 0xE6, 0xF5), QColor(0x33, 0x5E, 0x9C)};
    case Field::Integer:
        break;
    }
    return dark ? Tones{QColor(0xD9, 0xA0, 0x3A), QColor(0x43, 0x36, 0x1D), QColor(0xE8, 0xC2, 0x7A)}
                : Tones{QColor(0xC4, 0x85, 0x1C), QColor(0xF7, 0xE8, 0xCC), QColor(0x99, 0x68, 0x12)};
}

} // namespace

QColor fieldFill(Field field, bool set, bool dark)
{
    const Tones t = tones(field, dark);
    return set ? t.strong : t.pale;
}

QColor fieldStroke(Field field, bool dark)
{
    return tones(field, dark).stroke;
}

QColor alertColor(bool dark)
{
    return dark ? QColor(0xFF, 0x7B, 0x72) : QColor(0xC0, 0x1C, 0x28);
}

QColor goodColor(bool dark)
{
    return dark ? QColor(0x7E, 0xCB, 0x79) : QColor(0x2E, 0x7D, 0x32);
}

bool isDark(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightness() < 128;
}

QString formatName(core::NumberFormat format)
{
    using core::NumberFormat;
    switch (format) {
    case NumberFormat::Fp32:
        //: number format name, usually kept as is
        return QCoreApplication::translate("NumberFormatStyle", "FP32");
    case NumberFormat::Tf32:
        //: number format name, usually kept as is
        return QCoreApplication::translate("NumberFormatStyle", "TF32");
    case NumberFormat::Fp16:
        //: number format name, usually kept as is
        return QCoreApplication::translate("NumberFormatStyle", "FP16");
    case NumberFormat::Bf16:
        //: number format name, usually kept as is
        return QCoreApplication::translate("NumberFormatStyle", "BF16");
    case NumberFormat::Fp8E4M3:
        //: number format name, usually kept as is
        return QCoreApplication::translate("NumberFormatStyle", "FP8 E4M3");
    case NumberFormat::Fp8E5M2:
        //: number format name, usually kept as is
        return QCoreApplication::translate("NumberFormatStyle", "FP8 E5M2");
    case NumberFormat::Fp4E2M1:
        //: number format name, usually kept as is
        return QCoreApplication::translate("NumberFormatStyle", "FP4 E2M1");
    case NumberFormat::Int8:
        //: number format name, usually kept as is
        return QCoreApplication::translate("NumberFormatStyle", "INT8");
    case NumberFormat::Uint8:
        //: number format name, usually kept as is
        return QCoreApplication::translate("NumberFormatStyle", "UINT8");
    case NumberFormat::Int4:
        //: number format name, usually kept as is
        return QCoreApplication::translate("NumberFormatStyle", "INT4");
    case NumberFormat::MxFp8:
        //: number format name, usually kept as is
        return QCoreApplication::translate("NumberFormatStyle", "MXFP8");
    case NumberFormat::MxFp4:
        //: number format name, usually kept as is
        return QCoreApplication::translate("NumberFormatStyle", "MXFP4");
    case NumberFormat::NvFp4:
        //: number format name, usually kept as is
        return QCoreApplication::translate("NumberFormatStyle", "NVFP4");
    }
    return {};
}

QString layoutText(core::NumberFormat format)
{
    const core::FormatDescription f = core::describe(format);
    switch (f.kind) {
    case core::FormatKind::Float:
        //: field widths: %1 sign bits, %2 exponent bits, %3 mantissa bits
        return QCoreApplication::translate("NumberFormatStyle", "%1 · %2 · %3").arg(1).arg(f.exponentBits).arg(f.mantissaBits);
    case core::FormatKind::SignedInt:
    case core::FormatKind::UnsignedInt:
        return QString::number(f.bits);
    case core::FormatKind::BlockScaled:
        break;
    }
    //: effective bits of a block-scaled format: %1 element bits, %2 scale bits, %3 block size, %4 total
    return QCoreApplication::translate("NumberFormatStyle", "%1 + %2/%3 = %4")
        .arg(f.bits)
        .arg(f.scaleBits)
        .arg(f.blockSize)
        .arg(f.bitsPerValue());
}

QString formatDescription(core::NumberFormat format)
{
    using core::NumberFormat;
    switch (format) {
    case NumberFormat::Fp32: return QCoreApplication::translate("NumberFormatStyle", "IEEE 754 single precision: optimizer states and the master copy of the weights.");
    case NumberFormat::Tf32: return QCoreApplication::translate("NumberFormatStyle", "NVIDIA TensorFloat-32: FP32's range with FP16's 10-bit mantissa; the A100's tensor cores read FP32 inputs this way. Stored as 32 bits.");
    case NumberFormat::Fp16: return QCoreApplication::translate("NumberFormatStyle", "IEEE 754 half precision: 5-bit exponent, so small gradients flush to zero without loss scaling.");
    case NumberFormat::Bf16: return QCoreApplication::translate("NumberFormatStyle", "Google Brain bfloat16: FP32's 8-bit exponent with a 7-bit mantissa; the usual training format on A100 and later.");
    case NumberFormat::Fp8E4M3: return QCoreApplication::translate("NumberFormatStyle", "OCP FP8 E4M3 (\"FN\"): no infinities, S.1111.111 is NaN, max 448; weights and activations in FP8 training.");
    case NumberFormat::Fp8E5M2: return QCoreApplication::translate("NumberFormatStyle", "OCP FP8 E5M2: IEEE-like with infinities, max 57344; gradients in FP8 training.");
    case NumberFormat::Fp4E2M1: return QCoreApplication::translate("NumberFormatStyle", "OCP FP4 E2M1: eight magnitudes 0, 0.5, 1, 1.5, 2, 3, 4, 6; no infinity or NaN. The element of MXFP4 and NVFP4.");
    case NumberFormat::Int8: return QCoreApplication::translate("NumberFormatStyle", "8-bit two's complement integer: W8A8 inference after calibrating a scale and zero point.");
    case NumberFormat::Uint8: return QCoreApplication::translate("NumberFormatStyle", "8-bit unsigned integer: asymmetric quantization of non-negative tensors.");
    case NumberFormat::Int4: return QCoreApplication::translate("NumberFormatStyle", "4-bit two's complement integer: weight-only quantization (GPTQ, AWQ) with per-group scales.");
    case NumberFormat::MxFp8: return QCoreApplication::translate("NumberFormatStyle", "OCP Microscaling MXFP8: blocks of 32 FP8 E4M3 values share one 8-bit power-of-two scale (E8M0).");
    case NumberFormat::MxFp4: return QCoreApplication::translate("NumberFormatStyle", "OCP Microscaling MXFP4: blocks of 32 FP4 E2M1 values share one 8-bit power-of-two scale (E8M0).");
    case NumberFormat::NvFp4: return QCoreApplication::translate("NumberFormatStyle", "NVIDIA NVFP4 (Blackwell): blocks of 16 FP4 E2M1 values share one FP8 E4M3 scale, plus one FP32 scale per tensor.");
    }
    return {};
}

QString className(core::ValueClass valueClass)
{
    switch (valueClass) {
    case core::ValueClass::Zero: return QCoreApplication::translate("NumberFormatStyle", "zero");
    case core::ValueClass::Subnormal: return QCoreApplication::translate("NumberFormatStyle", "subnormal");
    case core::ValueClass::Normal: return QCoreApplication::translate("NumberFormatStyle", "normal");
    case core::ValueClass::Infinity: return QCoreApplication::translate("NumberFormatStyle", "infinity");
    case core::ValueClass::NaN: return QCoreApplication::translate("NumberFormatStyle", "NaN");
    }
    return {};
}

QString superscript(const QString& digits)
{
    static const QString kDigits = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    QString out;
    for (QChar c : digits) {
        if (c.isDigit())
            out += kDigits.at(c.digitValue());
        else if (c == QLatin1Char('-') || c == QChar(0x2212))
            out += QChar(0x207B);
        else if (c != QLatin1Char('+'))
            out += c;
    }
    return out;
}

QString powerOfTwo(int exponent)
{
    return QStringLiteral("2") + superscript(QString::number(exponent));
}

QString number(double value, int significantDigits)
{
    if (std::isnan(value))
        return QCoreApplication::translate("NumberFormatStyle", "NaN");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("+∞") : QStringLiteral("−∞");
    // Whole numbers below 10^15 in full (65504, not 6.55 × 10⁴), everything else to the digits asked.
    QString text = std::abs(value) < 1e15 && value == std::trunc(value) ? QString::number(value, 'f', 0)
                                                                        : QString::number(value, 'g', significantDigits);
    const qsizetype e = text.indexOf(QLatin1Char('e'));
    if (e >= 0) {
        const int exponent = text.mid(e + 1).toInt();
        text = text.left(e) + QStringLiteral(" × 10") + superscript(QString::number(exponent));
    }
    if (text.startsWith(QLatin1Char('-')))
        text.replace(0, 1, QChar(0x2212));
    return text;
}

QString signedNumber(double value, int significantDigits)
{
    const QString text = number(value, significantDigits);
    return value > 0 ? QLatin1Char('+') + text : text;
}

QString percent(double fraction)
{
    //: a percentage; %1 = number
    return QCoreApplication::translate("NumberFormatStyle", "%1 %").arg(signedNumber(100 * fraction, 2));
}

int distinguishingDigits(const core::FormatDescription& format)
{
    if (format.isInteger())
        return 17;
    return int(std::ceil((format.mantissaBits + 1) * std::log10(2.0))) + 1;
}

} // namespace NumberFormatStyle
