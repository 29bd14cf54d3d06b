#include "widgets/lab/tensortext.h"

#include <QCoreApplication>
#include <QLocale>
#include <cmath>

#include "widgets/lab/numberformatstyle.h"

namespace TensorText {

QString formatName(core::TensorFormat f)
{
    using F = core::TensorFormat;
    switch (f) {
    case F::Fp16: return QCoreApplication::translate("TensorText", "FP16");
    case F::Bf16: return QCoreApplication::translate("TensorText", "BF16");
    case F::Fp8E4M3: return QCoreApplication::translate("TensorText", "FP8 E4M3");
    case F::Fp8E5M2: return QCoreApplication::translate("TensorText", "FP8 E5M2");
    case F::MxFp8E4M3: return QCoreApplication::translate("TensorText", "MXFP8");
    case F::MxFp8E5M2: return QCoreApplication::translate("TensorText", "MXFP8 (E5M2)");
    case F::MxFp6E2M3: return QCoreApplication::translate("TensorText", "MXFP6 (E2M3)");
    case F::MxFp6E3M2: return QCoreApplication::translate("TensorText", "MXFP6 (E3M2)");
    case F::MxFp4: return QCoreApplication::translate("TensorText", "MXFP4");
    case F::NvFp4: return QCoreApplication::translate("TensorText", "NVFP4");
    case F::Int8: return QCoreApplication::translate("TensorText", "INT8");
    case F::Int4: return QCoreApplication::translate("TensorText", "INT4");
    }
    return {};
}

QString formatDescription(core::TensorFormat f)
{
    using F = core::TensorFormat;
    switch (f) {
    case F::Fp16: return QCoreApplication::translate("TensorText", "IEEE 754 half precision: 5 exponent and 10 mantissa bits; max 65504, values below 2⁻²⁵ flush to zero.");
    case F::Bf16: return QCoreApplication::translate("TensorText", "bfloat16: FP32's 8 exponent bits with 7 mantissa bits; FP32's range, about 3 significant digits.");
    case F::Fp8E4M3: return QCoreApplication::translate("TensorText", "OCP FP8 E4M3: max 448, 3 mantissa bits; with one FP32 scale per tensor (Transformer Engine).");
    case F::Fp8E5M2: return QCoreApplication::translate("TensorText", "OCP FP8 E5M2: max 57344, 2 mantissa bits: range for gradients.");
    case F::MxFp8E4M3: return QCoreApplication::translate("TensorText", "OCP Microscaling v1.0: 32 E4M3 values share one E8M0 scale 2^(⌊log₂ amax⌋ − 8); 8.25 bits per value.");
    case F::MxFp8E5M2: return QCoreApplication::translate("TensorText", "OCP Microscaling v1.0: 32 E5M2 values share one E8M0 scale 2^(⌊log₂ amax⌋ − 15).");
    case F::MxFp6E2M3: return QCoreApplication::translate("TensorText", "OCP Microscaling v1.0: 32 FP6 E2M3 values (max 7.5) share one E8M0 scale; 6.25 bits per value.");
    case F::MxFp6E3M2: return QCoreApplication::translate("TensorText", "OCP Microscaling v1.0: 32 FP6 E3M2 values (max 28) share one E8M0 scale; 6.25 bits per value.");
    case F::MxFp4: return QCoreApplication::translate("TensorText", "OCP Microscaling v1.0: 32 FP4 E2M1 values (0, 0.5 … 6) share one E8M0 scale 2^(⌊log₂ amax⌋ − 2); 4.25 bits.");
    case F::NvFp4: return QCoreApplication::translate("TensorText", "NVIDIA NVFP4: 16 E2M1 values share an FP8 E4M3 scale, and one FP32 scale per tensor keeps those in range; 4.5 bits.");
    case F::Int8: return QCoreApplication::translate("TensorText", "8-bit integers with a scale (and a zero point if asymmetric): x ≈ (x_q − z) · scale.");
    case F::Int4: return QCoreApplication::translate("TensorText", "4-bit integers (−8 … 7) with a scale per group: GPTQ and AWQ store 128-value groups with FP16 scales.");
    }
    return {};
}

QString formatSource(core::TensorFormat f)
{
    using F = core::TensorFormat;
    switch (f) {
    case F::Fp16: return QCoreApplication::translate("TensorText", "Source: IEEE 754-2019 binary16.");
    case F::Bf16: return QCoreApplication::translate("TensorText", "Source: Google Brain bfloat16 (Kalamkar et al. 2019).");
    case F::Fp8E4M3:
    case F::Fp8E5M2: return QCoreApplication::translate("TensorText", "Source: OCP 8-bit Floating Point Specification v1.0; per-tensor scale amax / max as Transformer Engine's current scaling.");
    case F::MxFp8E4M3:
    case F::MxFp8E5M2:
    case F::MxFp6E2M3:
    case F::MxFp6E3M2:
    case F::MxFp4: return QCoreApplication::translate("TensorText", "Source: OCP Microscaling Formats (MX) Specification v1.0, §5.3 and §6.3.");
    case F::NvFp4:
        return QCoreApplication::translate("TensorText", "Source: NVIDIA, “Introducing NVFP4 for Efficient and Accurate Low-Precision Inference” (2025); scales as torchao's nvfp4_tensor.py computes them.");
    case F::Int8:
    case F::Int4: return QCoreApplication::translate("TensorText", "Source: Jacob et al. 2018, eq. 1 (scale and zero point); groups as GPTQ and AWQ store them.");
    }
    return {};
}

QString scalingName(core::Scaling s)
{
    switch (s) {
    case core::Scaling::None: return QCoreApplication::translate("TensorText", "None (as is)");
    case core::Scaling::Tensor: return QCoreApplication::translate("TensorText", "Per tensor");
    case core::Scaling::Channel: return QCoreApplication::translate("TensorText", "Per output channel");
    case core::Scaling::Group: return QCoreApplication::translate("TensorText", "Per group");
    case core::Scaling::Block: return QCoreApplication::translate("TensorText", "The format's blocks");
    }
    return {};
}

QString distributionName(core::Distribution d)
{
    switch (d) {
    case core::Distribution::Normal: return QCoreApplication::translate("TensorText", "Weights: normal");
    case core::Distribution::Laplace: return QCoreApplication::translate("TensorText", "Weights: Laplace (heavier tails)");
    case core::Distribution::LogNormal: return QCoreApplication::translate("TensorText", "Gradients: log-normal magnitudes");
    case core::Distribution::LogUniform: return QCoreApplication::translate("TensorText", "Gradients: log-uniform magnitudes");
    case core::Distribution::Outliers: return QCoreApplication::translate("TensorText", "Weights with outlier channels (×20)");
    }
    return {};
}

QString scaleFormatName(core::ScaleFormat f)
{
    switch (f) {
    case core::ScaleFormat::Fp32: return QCoreApplication::translate("TensorText", "FP32");
    case core::ScaleFormat::Fp16: return QCoreApplication::translate("TensorText", "FP16");
    case core::ScaleFormat::Bf16: return QCoreApplication::translate("TensorText", "BF16");
    case core::ScaleFormat::Fp8: return QCoreApplication::translate("TensorText", "FP8 E4M3");
    case core::ScaleFormat::E8M0: return QCoreApplication::translate("TensorText", "E8M0 (power of two)");
    }
    return {};
}

QString fileError(const core::TensorLoad& load)
{
    const QLocale locale;
    const QString d = QString::fromStdString(load.detail);
    //: %1 = line, %2 = the value's place on that line
    const QString where = load.line <= 0 ? QString()
        : load.column > 0 ? QCoreApplication::translate("TensorText", "line %1, value %2: ").arg(locale.toString(qlonglong(load.line)), locale.toString(qlonglong(load.column)))
                          : QCoreApplication::translate("TensorText", "line %1: ").arg(locale.toString(qlonglong(load.line)));
    switch (load.error) {
    case core::TensorFileError::None: return {};
    case core::TensorFileError::Empty: return QCoreApplication::translate("TensorText", "the file holds no values");
    case core::TensorFileError::NotNpy: return QCoreApplication::translate("TensorText", "not a .npy file (it does not start with \\x93NUMPY)");
    //: %1 = the version in the file, e.g. 4.0
    case core::TensorFileError::UnsupportedVersion: return QCoreApplication::translate("TensorText", ".npy format version %1 is not read (1.0, 2.0 and 3.0 are)").arg(d);
    //: %1 = what the reader found wrong, in English
    case core::TensorFileError::BadHeader: return QCoreApplication::translate("TensorText", "the .npy header cannot be read [%1]").arg(d);
    //: %1 = NumPy's dtype string, e.g. <i4 (not translated)
    case core::TensorFileError::UnsupportedDtype: return QCoreApplication::translate("TensorText", "dtype '%1' is not read: only little-endian float16, float32 and float64 ('<f2', '<f4', '<f8'); save bfloat16 as float32").arg(d);
    case core::TensorFileError::BigEndian: return QCoreApplication::translate("TensorText", "big-endian dtype '%1' is not read; save it little-endian (arr.astype('<f4'))").arg(d);
    case core::TensorFileError::FortranOrder: return QCoreApplication::translate("TensorText", "fortran_order is True (column-major); save it with np.ascontiguousarray(arr)");
    //: %1 = the most values the studio reads
    case core::TensorFileError::TooLarge: return QCoreApplication::translate("TensorText", "more values than the studio reads (at most %1)").arg(locale.toString(qlonglong(core::kMaxTensorValues)));
    //: %1 = what is missing, in English
    case core::TensorFileError::Truncated: return QCoreApplication::translate("TensorText", "the file ends before its data does [%1]").arg(d);
    case core::TensorFileError::TrailingData: return QCoreApplication::translate("TensorText", "the file has data beyond its shape [%1]").arg(d);
    //: %1 = where, %2 = the text that is not a number
    case core::TensorFileError::NotANumber: return QCoreApplication::translate("TensorText", "%1'%2' is not a number").arg(where, d);
    case core::TensorFileError::NonFinite: {
        const QString at = load.index >= 0 ? QCoreApplication::translate("TensorText", "value %1: ").arg(locale.toString(qlonglong(load.index))) : where;
        //: %1 = where, %2 = the value
        return QCoreApplication::translate("TensorText", "%1%2 is not a finite FP32 number").arg(at, d);
    }
    //: %1 = where, %2 = the two row lengths, in English
    case core::TensorFileError::RaggedRows: return QCoreApplication::translate("TensorText", "%1every row needs the same number of values [%2]").arg(where, d);
    }
    return QCoreApplication::translate("TensorText", "the tensor file cannot be read");
}

QString recipeError(core::RecipeError e)
{
    switch (e) {
    case core::RecipeError::None: return {};
    case core::RecipeError::EmptyTensor: return QCoreApplication::translate("TensorText", "The tensor has no values.");
    case core::RecipeError::ScalingNotAvailable: return QCoreApplication::translate("TensorText", "This format does not take that scaling.");
    case core::RecipeError::BadGroupSize: return QCoreApplication::translate("TensorText", "The group must hold 2 values or more and fit in a row.");
    case core::RecipeError::BadPercentile: return QCoreApplication::translate("TensorText", "The percentile must lie above 50 and at most 100.");
    case core::RecipeError::PercentileNeedsTensorScale: return QCoreApplication::translate("TensorText", "Percentile clipping is calibrated per tensor: choose per-tensor scaling.");
    case core::RecipeError::SchemeNeedsInteger: return QCoreApplication::translate("TensorText", "A zero point (asymmetric) is for INT8 and INT4.");
    }
    return {};
}

QString recipeName(const core::QuantRecipe& r)
{
    QString text = formatName(r.format);
    switch (r.scaling) {
    case core::Scaling::None: break;
    case core::Scaling::Tensor:
        //: a recipe: %1 = format, scaled per tensor
        text = QCoreApplication::translate("TensorText", "%1 per tensor").arg(text);
        break;
    case core::Scaling::Channel:
        //: a recipe: %1 = format, scaled per output channel
        text = QCoreApplication::translate("TensorText", "%1 per channel").arg(text);
        break;
    case core::Scaling::Group:
        //: a recipe: %1 = format, %2 = values per group, e.g. "INT4 g128"
        text = QCoreApplication::translate("TensorText", "%1 g%2").arg(text).arg(r.groupSize);
        break;
    case core::Scaling::Block: break;
    }
    if (core::isInteger(r.format) && r.scheme == core::QuantScheme::Asymmetric)
        //: a recipe with zero points; %1 = the recipe
        text = QCoreApplication::translate("TensorText", "%1, asymmetric").arg(text);
    return text;
}

QString overflowedError()
{
    //: an error statistic (MSE, relative error) that is infinite because values became ±inf
    return QCoreApplication::translate("TensorText", "∞ (overflowed)");
}

QString overflowedSnr()
{
    //: the SNR when values became ±inf: the error is infinite
    return QCoreApplication::translate("TensorText", "−∞ dB (overflowed)");
}

QString share(double fraction)
{
    if (fraction == 0)
        return QCoreApplication::translate("TensorText", "0 %");
    if (fraction < 1e-4)
        //: a small percentage; %1 = number with a power of ten
        return QCoreApplication::translate("TensorText", "%1 %").arg(NumberFormatStyle::number(100 * fraction, 2));
    //: a percentage; %1 = number
    return QCoreApplication::translate("TensorText", "%1 %").arg(QString::number(100 * fraction, 'g', 3));
}

QString gigabytes(double bytes)
{
    //: %1 = gigabytes (10^9 bytes)
    return QCoreApplication::translate("TensorText", "%1 GB").arg(QString::number(bytes / 1e9, 'g', bytes >= 1e11 ? 4 : 3));
}

QColor formatColor(core::TensorFormat f, bool dark)
{
    // Okabe–Ito's colour-blind-safe palette, in the comparison's order, then two greys.
    static const QColor light[] = {QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73),
                                   QColor(0xCC, 0x79, 0xA7), QColor(0x56, 0xB4, 0xE9), QColor(0xD5, 0x5E, 0x00),
                                   QColor(0x8B, 0x4A, 0x9C), QColor(0x00, 0x00, 0x00), QColor(0x99, 0x8A, 0x20)};
    static const QColor darkTones[] = {QColor(0x4F, 0xA8, 0xE0), QColor(0xF0, 0xB4, 0x3C), QColor(0x3C, 0xC8, 0x9E),
                                       QColor(0xE0, 0x9C, 0xC4), QColor(0x8C, 0xD0, 0xF5), QColor(0xF0, 0x84, 0x3C),
                                       QColor(0xB8, 0x84, 0xCC), QColor(0xE8, 0xE8, 0xE8), QColor(0xD8, 0xC8, 0x5A)};
    int i = 8;
    switch (f) {
    case core::TensorFormat::Fp16: i = 0; break;
    case core::TensorFormat::Bf16: i = 1; break;
    case core::TensorFormat::Fp8E4M3: i = 2; break;
    case core::TensorFormat::Fp8E5M2: i = 3; break;
    case core::TensorFormat::MxFp8E4M3:
    case core::TensorFormat::MxFp8E5M2: i = 4; break;
    case core::TensorFormat::MxFp4:
    case core::TensorFormat::MxFp6E2M3:
    case core::TensorFormat::MxFp6E3M2: i = 5; break;
    case core::TensorFormat::NvFp4: i = 6; break;
    case core::TensorFormat::Int8: i = 7; break;
    case core::TensorFormat::Int4: i = 8; break;
    }
    return dark ? darkTones[i] : light[i];
}

} // namespace TensorText
