// The tensor studio against numbers worked by hand (each row's arithmetic is in its comment) and
// against the exact bit-level encoder: MX and NVFP4 block scales, INT8 scale and zero point,
// FP16's underflow share of a log-uniform tensor, bits per value, and the model bytes the memory
// bars show.
#include <QtTest>

#include <cmath>
#include <vector>

#include "core/estimate.h"
#include "core/numerics/blockscaling.h"
#include "core/numerics/distributions.h"
#include "core/numerics/tensorstudio.h"
#include "core/weightformat.h"
#include "testscenarios.h"

using core::QuantRecipe;
using core::Scaling;
using core::TensorFormat;

Q_DECLARE_METATYPE(core::TensorFormat)
Q_DECLARE_METATYPE(core::Scaling)
Q_DECLARE_METATYPE(core::NumberFormat)
Q_DECLARE_METATYPE(core::QuantScheme)
Q_DECLARE_METATYPE(std::vector<float>)
Q_DECLARE_METATYPE(std::vector<double>)

namespace {

core::Tensor row(const std::vector<float>& values)
{
    return {values, 1, std::int64_t(values.size())};
}

QuantRecipe recipe(TensorFormat f, Scaling s, int group = 128, core::QuantScheme scheme = core::QuantScheme::Symmetric,
                   core::ScaleFormat scale = core::ScaleFormat::Fp16)
{
    QuantRecipe r = core::defaultRecipe(f);
    r.scaling = s;
    r.groupSize = group;
    r.scheme = scheme;
    r.scaleFormat = scale;
    return r;
}

double sumSquaredError(const core::TensorAnalysis& a)
{
    return a.stats.sumSquaredError;
}

} // namespace

class TestTensorStudio : public QObject
{
    Q_OBJECT

private slots:
    // The fast rounding agrees with the exact bit-level encoder on every format it covers, on
    // values across each format's whole range, ties included.
    void gridRoundingMatchesEncode_data()
    {
        QTest::addColumn<core::NumberFormat>("format");
        QTest::addRow("FP16") << core::NumberFormat::Fp16;
        QTest::addRow("BF16") << core::NumberFormat::Bf16;
        QTest::addRow("E4M3") << core::NumberFormat::Fp8E4M3;
        QTest::addRow("E5M2") << core::NumberFormat::Fp8E5M2;
        QTest::addRow("E2M1") << core::NumberFormat::Fp4E2M1;
    }
    void gridRoundingMatchesEncode()
    {
        QFETCH(core::NumberFormat, format);
        const core::ElementGrid g = core::elementGrid(format);
        const core::FormatDescription f = core::describe(format);
        const core::FormatProperties p = core::properties(format);
        QCOMPARE(g.maxValue, p.maxValue);
        QCOMPARE(g.minNormal, p.minNormal);
        std::vector<double> probes;
        // Every representable value, the midpoints between neighbours (ties) and a bit either side.
        for (std::uint32_t bits = 0; bits < (1u << (f.bits - 1)) && bits < 40000; ++bits) {
            const double v = core::decode(f, bits);
            const std::optional<std::uint32_t> up = core::nextUp(f, bits);
            if (!std::isfinite(v) || !up)
                continue;
            const double next = core::decode(f, *up);
            if (!std::isfinite(next)) {
                probes.push_back(v * 1.001);
                continue;
            }
            const double mid = (v + next) / 2;
            probes.insert(probes.end(), {v, mid, std::nextafter(mid, 0.0), std::nextafter(mid, 1e300)});
        }
        probes.insert(probes.end(), {p.maxValue * 4, 1e-300, 3.0e38});
        int checked = 0;
        for (double x : probes) {
            const core::Encoding e = core::encode(f, x);
            const double exact = core::decode(f, e.bits);
            double fast = core::roundFloatMagnitude(g, x);
            if (fast > g.maxValue)
                fast = g.infinityOnOverflow ? INFINITY : g.maxValue;
            if (std::isnan(exact))
                continue; // E4M3 non-saturating NaN: not a rounding the studio uses
            if (fast != exact)
                QFAIL(qPrintable(QStringLiteral("%1: fast %2, encode %3").arg(x, 0, 'g', 17).arg(fast, 0, 'g', 17).arg(exact, 0, 'g', 17)));
            ++checked;
        }
        QVERIFY2(checked > 30, qPrintable(QString::number(checked)));
    }

    // OCP MX v1.0 §6.3: X = 2^(floor(log2 amax) − emax), emax E4M3 8, E2M1 2.
    void mxSharedExponent_data()
    {
        QTest::addColumn<double>("absMax");
        QTest::addColumn<int>("emax");
        QTest::addColumn<int>("expected");
        QTest::addRow("E2M1 amax 20") << 20.0 << 2 << 2;     // floor(log2 20) = 4; 4 − 2 = 2 → X = 4
        QTest::addRow("E2M1 amax 6") << 6.0 << 2 << 0;       // floor(log2 6) = 2 → X = 1
        QTest::addRow("E2M1 amax 0.75") << 0.75 << 2 << -3;  // floor(log2 0.75) = −1 → −3
        QTest::addRow("E4M3 amax 1000") << 1000.0 << 8 << 1; // floor(log2 1000) = 9 → 1 → X = 2
        QTest::addRow("E4M3 amax 448") << 448.0 << 8 << 0;   // floor(log2 448) = 8 → X = 1
        QTest::addRow("zero block") << 0.0 << 2 << -127;     // E8M0's smallest, 2^−127
        QTest::addRow("tiny clamps") << 1e-45 << 8 << -127;  // floor(log2 1e−45) − 8 = −158 → clamp −127
    }
    void mxSharedExponent()
    {
        QFETCH(double, absMax);
        QFETCH(int, emax);
        QFETCH(int, expected);
        QCOMPARE(core::mxSharedExponent(absMax, emax), expected);
    }

    // A whole MX block worked by hand: each value's stored value, summed into the squared error.
    void mxBlockByHand_data()
    {
        QTest::addColumn<TensorFormat>("format");
        QTest::addColumn<std::vector<float>>("values");
        QTest::addColumn<std::vector<double>>("stored");
        QTest::addColumn<double>("underflow");
        QTest::addColumn<double>("saturation");
        // MXFP4, 32 values, amax 20 → X = 4 (above). Values / 4 on E2M1's {0, .5, 1, 1.5, 2, 3, 4, 6}:
        //   20 → 5, a tie between 4 and 6: ties to even (4 has mantissa 0) → 4 → 16
        //   7 → 1.75, tie between 1.5 and 2 → 2 (even) → 8;  3.1 → 0.775 → 1 → 4
        //   −0.3 → −0.075, below 0.25 (half of 0.5) → 0: flushed;  1 → 0.25, a tie 0 / 0.5 → 0: flushed
        //   the other 27 values are 0 (exact).
        std::vector<float> mx4 = {20.0f, 7.0f, 3.1f, -0.3f, 1.0f};
        mx4.resize(32, 0.0f);
        std::vector<double> mx4Stored = {16, 8, 4, 0, 0};
        mx4Stored.resize(32, 0.0);
        QTest::addRow("MXFP4 amax 20") << TensorFormat::MxFp4 << mx4 << mx4Stored << 2.0 / 32 << 0.0;
        // MXFP8 (E4M3), amax 1000 → X = 2: 1000 / 2 = 500 > 448 → clamps to 448 → 896 (saturates);
        //   300 → 150 = 1.171875 · 2^7, E4M3 steps of 16 there: 144 or 160 → 144 (150 nearer) → 288
        //   0.01 → 0.005, E4M3's smallest subnormal 2^−9 = 0.001953: 0.005 / 0.001953 = 2.56 → 3 → 0.005859 → 0.01171875
        std::vector<float> mx8 = {1000.0f, 300.0f, 0.01f};
        mx8.resize(32, 0.0f);
        std::vector<double> mx8Stored = {896, 288, 0.01171875};
        mx8Stored.resize(32, 0.0);
        QTest::addRow("MXFP8 amax 1000") << TensorFormat::MxFp8E4M3 << mx8 << mx8Stored << 0.0 << 1.0 / 32;
    }
    void mxBlockByHand()
    {
        QFETCH(TensorFormat, format);
        QFETCH(std::vector<float>, values);
        QFETCH(std::vector<double>, stored);
        QFETCH(double, underflow);
        QFETCH(double, saturation);
        const core::TensorAnalysis a = core::analyseTensor(row(values), recipe(format, Scaling::Block));
        QCOMPARE(a.error, core::RecipeError::None);
        double expected = 0;
        for (std::size_t i = 0; i < values.size(); ++i)
            expected += (stored[i] - double(values[i])) * (stored[i] - double(values[i]));
        QCOMPARE(sumSquaredError(a), expected);
        QCOMPARE(a.stats.underflowFraction, underflow);
        QCOMPARE(a.stats.saturationFraction, saturation);
        QCOMPARE(a.stats.scaleCount, std::int64_t(1));
        QCOMPARE(a.stats.effectiveBits, core::elementGridOf(format).bits + 8.0 / 32); // 4.25 / 8.25
    }

    // NVFP4's two levels on one block of 16 inside a tensor whose amax is 12:
    //   tensor scale = 12 / (448 · 6) = 1/224.
    //   Block A (amax 12): 12 / 6 = 2; 2 / (1/224) = 448 → E4M3 448 exactly; total scale 448/224 = 2.
    //   Block B (amax 1):  1 / 6 = 0.1667; × 224 = 37.33 → E4M3 between 36 and 40 (step 4) → 36;
    //     total = 36/224 = 0.16071428…; its largest value 1 / 0.160714 = 6.22, within half a step of
    //     E2M1's max 6 → 6 → 0.9642857: a 3.6 % error from rounding the block scale down.
    // The two scales multiply in FP32 (torchao), so the totals are FP32 products of the tensor scale.
    void nvfp4TwoLevelScale()
    {
        QCOMPARE(core::nvfp4TensorScale(12), 12.0 / 2688);
        QCOMPARE(core::nvfp4BlockScale(12, 1.0 / 224), 448.0);
        QCOMPARE(core::nvfp4BlockScale(1, 1.0 / 224), 36.0);
        QCOMPARE(core::nvfp4BlockScale(1e-9, 1.0 / 224), 0x1p-6); // clamped to E4M3's smallest normal

        // Block A: 12, −3, 5, 0.7 and twelve zeros; / 2 → 6, −1.5, 2.5, 0.35 on E2M1:
        //   6 → 6 (12), −1.5 → −1.5 (−3), 2.5 is a tie 2 / 3 → 2 (even) → 4, 0.35 → 0.5 → 1.0.
        // Block B: 1, 0.5, −0.1 and thirteen zeros; total 36/224:
        //   1 → 6.22 → 6 → 0.9642857; 0.5 → 3.111 → 3 → 0.4821429; −0.1 → −0.6222 → −0.5 → −0.0803571.
        std::vector<float> v(32, 0.0f);
        v[0] = 12, v[1] = -3, v[2] = 5, v[3] = 0.7f;
        v[16] = 1, v[17] = 0.5f, v[18] = -0.1f;
        const double ts = double(float(12.0 / 2688));
        const double a2 = double(float(ts * 448)), t = double(float(ts * 36));
        QCOMPARE(a2, 2.0); // FP32(1/224) · 448 rounds back to 2
        const double expected = std::pow(6 * a2 - 12, 2) + std::pow(-1.5 * a2 + 3, 2) + std::pow(2 * a2 - 5, 2)
            + std::pow(0.5 * a2 - double(0.7f), 2) + std::pow(6 * t - 1, 2) + std::pow(3 * t - double(0.5f), 2)
            + std::pow(-0.5 * t + double(0.1f), 2);
        const core::TensorAnalysis a = core::analyseTensor(row(v), recipe(TensorFormat::NvFp4, Scaling::Block));
        QCOMPARE(a.error, core::RecipeError::None);
        QCOMPARE(a.tensorScale, double(float(12.0 / 2688)));
        QCOMPARE(sumSquaredError(a), expected);
        QCOMPARE(a.stats.saturationFraction, 0.0); // 6.22 rounds to 6: not past max + ½ step
        QCOMPARE(a.stats.scaleCount, std::int64_t(2));
        QCOMPARE(a.stats.effectiveBits, 4 + (2 * 8 + 32) / 32.0); // two E4M3 scales and one FP32
    }

    // INT8 asymmetric on [−1, 3] (FP32 scale): scale = 4/255, zero point = −128 − round(−1 / (4/255))
    // = −128 − round(−63.75) = −64 (Jacob et al. 2018 eq. 1, the same numbers as tst_quantization).
    // 0.5 → 0.5 · 63.75 = 31.875 → 32 − 64 = −32 → (−32 + 64) · 4/255 = 0.50196; 3 → 191.25 − 64 = 127.25 → 127 → 2.98824.
    void int8AsymmetricKnownRange()
    {
        const float scale = float(4.0 / 255);
        const core::Tensor t = row({-1.0f, 0.5f, 3.0f, 0.0f});
        const core::TensorAnalysis a = core::analyseTensor(
            t, recipe(TensorFormat::Int8, Scaling::Tensor, 128, core::QuantScheme::Asymmetric, core::ScaleFormat::Fp32));
        QCOMPARE(a.error, core::RecipeError::None);
        QCOMPARE(a.tensorParameters.scale, double(scale));
        QCOMPARE(a.tensorParameters.zeroPoint, -64);
        QCOMPARE(a.tensorParameters.qMin, -128);
        QCOMPARE(a.tensorParameters.qMax, 127);
        // −1 → −63.75 → −64 − 64 = −128 → (−128 + 64)·s = −64 s; 0.5 → 32 s; 3 → 191 s (−128 … 127 holds −128 and 127).
        const double s = scale;
        const double expected = std::pow(-64 * s + 1, 2) + std::pow(32 * s - 0.5, 2) + std::pow(191 * s - 3, 2);
        QCOMPARE(sumSquaredError(a), expected);
        QCOMPARE(a.stats.effectiveBits, 8 + (32 + 8) / 4.0); // one FP32 scale and an 8-bit zero point for 4 values
    }

    // Log-uniform |x| over [2^−40, 2^0], as its exact quantiles 2^(−40 + 40(i + ½)/N): FP16
    // flushes |x| ≤ 2^−25 to zero, so the share is (−25 − (−40)) / 40 = 0.375 exactly
    // (i + ½ < 0.375 N ⇔ i ≤ 374 999 for N = 10^6). BF16 (flush at 2^−134) loses none.
    void fp16UnderflowOfLogUniform_data()
    {
        QTest::addColumn<TensorFormat>("format");
        QTest::addColumn<double>("share");
        QTest::addRow("FP16") << TensorFormat::Fp16 << 0.375;
        QTest::addRow("BF16") << TensorFormat::Bf16 << 0.0;
    }
    void fp16UnderflowOfLogUniform()
    {
        QFETCH(TensorFormat, format);
        QFETCH(double, share);
        const int n = 1000000;
        std::vector<float> v(n);
        for (int i = 0; i < n; ++i)
            v[std::size_t(i)] = float(std::exp2(-40 + 40 * (i + 0.5) / n)) * (i % 2 ? -1.0f : 1.0f);
        const core::TensorAnalysis a = core::analyseTensor({v, 1000, 1000}, recipe(format, Scaling::None));
        QCOMPARE(a.stats.underflowFraction, share);
        QCOMPARE(a.stats.overflowFraction, 0.0);
        QCOMPARE(a.stats.effectiveBits, 16.0);
    }

    // Bits per value including scales, worked out: element bits + scale (+ zero point) bits per unit.
    void effectiveBits_data()
    {
        QTest::addColumn<TensorFormat>("format");
        QTest::addColumn<Scaling>("scaling");
        QTest::addColumn<int>("group");
        QTest::addColumn<core::QuantScheme>("scheme");
        QTest::addColumn<double>("bits");
        const double n = 256.0 * 1024;
        QTest::addRow("INT4 g128 sym") << TensorFormat::Int4 << Scaling::Group << 128 << core::QuantScheme::Symmetric << 4 + 16 / 128.0;
        QTest::addRow("INT4 g128 asym") << TensorFormat::Int4 << Scaling::Group << 128 << core::QuantScheme::Asymmetric << 4 + 20 / 128.0;
        QTest::addRow("INT8 per channel") << TensorFormat::Int8 << Scaling::Channel << 0 << core::QuantScheme::Symmetric << 8 + 16 / 1024.0;
        QTest::addRow("INT8 per tensor") << TensorFormat::Int8 << Scaling::Tensor << 0 << core::QuantScheme::Symmetric << 8 + 16 / n;
        QTest::addRow("E4M3 per tensor") << TensorFormat::Fp8E4M3 << Scaling::Tensor << 0 << core::QuantScheme::Symmetric << 8 + 32 / n;
        QTest::addRow("MXFP4") << TensorFormat::MxFp4 << Scaling::Block << 0 << core::QuantScheme::Symmetric << 4.25;
        QTest::addRow("MXFP6 E3M2") << TensorFormat::MxFp6E3M2 << Scaling::Block << 0 << core::QuantScheme::Symmetric << 6.25;
        QTest::addRow("NVFP4") << TensorFormat::NvFp4 << Scaling::Block << 0 << core::QuantScheme::Symmetric << 4.5 + 32 / n;
        QTest::addRow("BF16") << TensorFormat::Bf16 << Scaling::None << 0 << core::QuantScheme::Symmetric << 16.0;
    }
    void effectiveBits()
    {
        QFETCH(TensorFormat, format);
        QFETCH(Scaling, scaling);
        QFETCH(int, group);
        QFETCH(core::QuantScheme, scheme);
        QFETCH(double, bits);
        core::DistributionSpec spec;
        spec.rows = 256;
        spec.cols = 1024;
        core::Tensor t;
        QCOMPARE(core::generate(spec, t), core::DistributionError::None);
        const core::TensorAnalysis a = core::analyseTensor(t, recipe(format, scaling, group, scheme));
        QCOMPARE(a.error, core::RecipeError::None);
        QCOMPARE(a.stats.effectiveBits, bits);
    }

    // Percentile clipping, nearest rank: |x| = 1 … 100, the 99th percentile is 99; the scale is
    // 99/127 and 100 (one value in a hundred) saturates at 127 · 99/127 = 99.
    void percentileClipping()
    {
        std::vector<float> v;
        for (int i = 1; i <= 100; ++i)
            v.push_back(float(i));
        QuantRecipe r = recipe(TensorFormat::Int8, Scaling::Tensor, 128, core::QuantScheme::Symmetric, core::ScaleFormat::Fp32);
        r.clipping = core::Clipping::Percentile;
        r.percentile = 99;
        core::TensorStudio studio;
        studio.setTensor(row(v));
        QCOMPARE(studio.absPercentile(99), 99.0);
        QCOMPARE(studio.absPercentile(100), 100.0);
        QCOMPARE(studio.percentile(1), 1.0);
        core::TensorAnalysis a;
        studio.analyse(r, a);
        QCOMPARE(a.tensorParameters.scale, double(float(99.0 / 127)));
        QCOMPARE(a.stats.saturationFraction, 0.01);
        QVERIFY2(a.stats.maxRelativeError >= 0.01 - 1e-6, qPrintable(QString::number(a.stats.maxRelativeError))); // 100 → 99
        // Per-channel percentiles are refused rather than silently ignored.
        r.scaling = Scaling::Channel;
        studio.analyse(r, a);
        QCOMPARE(a.error, core::RecipeError::PercentileNeedsTensorScale);
    }

    // Issue 32.9: values stored as ±inf were left out of the error: [1e5, 1, 2, 3] in FP16 (its
    // largest finite value 65504, IEEE 754-2008 binary16) reported a quarter overflowed and "MSE
    // 0, SNR exact". An overflow is an infinite error; a saturated value keeps its measured one
    // (here INT8 clipped at the 99th percentile: 100 stored as 99, an error of 1).
    void overflowIsAnInfiniteError()
    {
        core::TensorStudio studio;
        studio.setTensor(row({1e5f, 1, 2, 3}));
        core::TensorAnalysis a;
        studio.analyse(recipe(TensorFormat::Fp16, Scaling::None), a);
        QCOMPARE(a.stats.overflowFraction, 0.25);
        QVERIFY(std::isinf(a.stats.mse) && a.stats.mse > 0);
        QVERIFY(std::isinf(a.stats.sumSquaredError) && a.stats.sumSquaredError > 0);
        QVERIFY(std::isinf(a.stats.snrDb) && a.stats.snrDb < 0);
        QVERIFY(std::isinf(a.stats.maxRelativeError));
        // Without the overflow the same values are exact in FP16 (small integers): +inf dB, MSE 0.
        studio.setTensor(row({1, 2, 3, 4}));
        studio.analyse(recipe(TensorFormat::Fp16, Scaling::None), a);
        QCOMPARE(a.stats.mse, 0.0);
        QVERIFY(std::isinf(a.stats.snrDb) && a.stats.snrDb > 0);
        // Saturation: 1 … 100 in INT8 clipped at the 99th percentile (scale 99/127): only 100 is
        // clamped, to 99; its error counts, and every number stays finite.
        std::vector<float> v;
        for (int i = 1; i <= 100; ++i)
            v.push_back(float(i));
        studio.setTensor(row(v));
        QuantRecipe clip = recipe(TensorFormat::Int8, Scaling::Tensor, 128, core::QuantScheme::Symmetric, core::ScaleFormat::Fp32);
        clip.clipping = core::Clipping::Percentile;
        clip.percentile = 99;
        studio.analyse(clip, a);
        QCOMPARE(a.stats.overflowFraction, 0.0);
        QCOMPARE(a.stats.saturationFraction, 0.01);
        QVERIFY(std::isfinite(a.stats.mse) && a.stats.mse >= 1.0 / 100 - 1e-6); // (100 − 99)² / 100 at least
        QVERIFY(std::isfinite(a.stats.snrDb));
    }

    void recipeErrors_data()
    {
        QTest::addColumn<TensorFormat>("format");
        QTest::addColumn<Scaling>("scaling");
        QTest::addColumn<int>("group");
        QTest::addColumn<core::QuantScheme>("scheme");
        QTest::addColumn<int>("error");
        QTest::addRow("INT8 unscaled") << TensorFormat::Int8 << Scaling::None << 128 << core::QuantScheme::Symmetric << int(core::RecipeError::ScalingNotAvailable);
        QTest::addRow("MX in groups") << TensorFormat::MxFp4 << Scaling::Group << 128 << core::QuantScheme::Symmetric << int(core::RecipeError::ScalingNotAvailable);
        QTest::addRow("BF16 per channel") << TensorFormat::Bf16 << Scaling::Channel << 128 << core::QuantScheme::Symmetric << int(core::RecipeError::ScalingNotAvailable);
        QTest::addRow("group 1") << TensorFormat::Int4 << Scaling::Group << 1 << core::QuantScheme::Symmetric << int(core::RecipeError::BadGroupSize);
        QTest::addRow("group wider than a row") << TensorFormat::Int4 << Scaling::Group << 4096 << core::QuantScheme::Symmetric << int(core::RecipeError::BadGroupSize);
        QTest::addRow("asymmetric FP8") << TensorFormat::Fp8E4M3 << Scaling::Tensor << 128 << core::QuantScheme::Asymmetric << int(core::RecipeError::SchemeNeedsInteger);
    }
    void recipeErrors()
    {
        QFETCH(TensorFormat, format);
        QFETCH(Scaling, scaling);
        QFETCH(int, group);
        QFETCH(core::QuantScheme, scheme);
        QFETCH(int, error);
        std::vector<float> v(1024, 1.0f);
        const core::TensorAnalysis a = core::analyseTensor({v, 1, 1024}, recipe(format, scaling, group, scheme));
        QCOMPARE(int(a.error), error);
        QCOMPARE(a.stats.count, std::int64_t(0));
    }

    // Raw E4M3 has no room for N(0, 0.02) weights: its smallest subnormal is 2^−9 = 0.00195, so
    // |x| < 2^−10 flushes: P(|z| < 0.0009766 / 0.02 = 0.0488) = 2Φ(0.0488) − 1 = 0.0389 (tables).
    // Scaled per tensor, the amax maps to 448 and (almost) nothing flushes.
    void fp8NeedsAScale()
    {
        core::DistributionSpec spec; // 1024 × 1024, σ = 0.02
        core::Tensor t;
        core::generate(spec, t);
        core::TensorStudio studio;
        studio.setTensor(t);
        core::TensorAnalysis raw, scaled;
        studio.analyse(recipe(TensorFormat::Fp8E4M3, Scaling::None), raw);
        studio.analyse(recipe(TensorFormat::Fp8E4M3, Scaling::Tensor), scaled);
        QVERIFY2(std::abs(raw.stats.underflowFraction - 0.0389) < 0.002, qPrintable(QString::number(raw.stats.underflowFraction)));
        QVERIFY2(scaled.stats.underflowFraction < 1e-4, qPrintable(QString::number(scaled.stats.underflowFraction)));
        QVERIFY2(scaled.stats.snrDb > raw.stats.snrDb, qPrintable(QStringLiteral("%1 vs %2").arg(scaled.stats.snrDb).arg(raw.stats.snrDb)));
    }

    // Outlier columns: per-channel INT8 keeps every row's scale at the outliers' size, groups of
    // 128 confine it to the groups that hold one; MX blocks of 32 to fewer values still.
    void outliersFavourSmallGroups()
    {
        core::DistributionSpec spec;
        spec.kind = core::Distribution::Outliers;
        core::Tensor t;
        core::generate(spec, t);
        for (std::int64_t c : core::outlierColumns(spec))
            QVERIFY(c >= 0 && c < spec.cols);
        core::TensorStudio studio;
        studio.setTensor(t);
        core::TensorAnalysis channel, group;
        studio.analyse(recipe(TensorFormat::Int4, Scaling::Channel), channel);
        studio.analyse(recipe(TensorFormat::Int4, Scaling::Group, 128), group);
        QVERIFY2(group.stats.mse < 0.75 * channel.stats.mse, qPrintable(QStringLiteral("%1 vs %2").arg(group.stats.mse).arg(channel.stats.mse)));
    }

    // The pieces are fixed by the shape and merge in order: one thread or four, the same numbers.
    void threadsDoNotChangeTheNumbers()
    {
        core::DistributionSpec spec;
        spec.kind = core::Distribution::Laplace;
        core::Tensor t;
        core::generate(spec, t);
        core::TensorStudio studio;
        studio.setTensor(t);
        for (const QuantRecipe& r : {recipe(TensorFormat::NvFp4, Scaling::Block), recipe(TensorFormat::Int4, Scaling::Group, 64),
                                     recipe(TensorFormat::Fp8E5M2, Scaling::Tensor)}) {
            core::TensorAnalysis one, four;
            studio.setMaxThreads(1);
            studio.analyse(r, one);
            studio.setMaxThreads(4);
            studio.analyse(r, four);
            QVERIFY2(one.stats.sumSquaredError == four.stats.sumSquaredError,
                     qPrintable(QStringLiteral("%1 vs %2").arg(one.stats.sumSquaredError, 0, 'g', 17).arg(four.stats.sumSquaredError, 0, 'g', 17)));
            QCOMPARE(one.stats.underflowFraction, four.stats.underflowFraction);
            QCOMPARE(one.stats.medianScale, four.stats.medianScale);
            QVERIFY(one.squaredErrorByMagnitude == four.squaredErrorByMagnitude);
            QVERIFY(one.relativeErrorCounts == four.relativeErrorCounts);
        }
    }

    void representableValues_data()
    {
        QTest::addColumn<TensorFormat>("format");
        QTest::addColumn<double>("scale");
        QTest::addColumn<double>("zeroPoint");
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::addColumn<std::vector<double>>("values");
        // INT4 × 0.5 over [−1, 1]: k = −2 … 2.
        QTest::addRow("INT4") << TensorFormat::Int4 << 0.5 << 0.0 << -1.0 << 1.0 << std::vector<double>{-1, -0.5, 0, 0.5, 1};
        // INT8 asymmetric, z = −64, scale 1: values k + 64 for k = −128 … 127 → −64 … 191; in [190, 200]: 190, 191.
        QTest::addRow("INT8 zero point") << TensorFormat::Int8 << 1.0 << -64.0 << 190.0 << 200.0 << std::vector<double>{190, 191};
        // E2M1 (OCP MX v1.0 Table 5): 0, 0.5, 1, 1.5, 2, 3, 4, 6.
        QTest::addRow("E2M1") << TensorFormat::MxFp4 << 1.0 << 0.0 << 0.0 << 6.0 << std::vector<double>{0, 0.5, 1, 1.5, 2, 3, 4, 6};
        // E2M1 × 4 (an MX block with X = 4) over [10, 30]: 12, 16, 24.
        QTest::addRow("E2M1 × 4") << TensorFormat::MxFp4 << 4.0 << 0.0 << 10.0 << 30.0 << std::vector<double>{12, 16, 24};
    }
    void representableValues()
    {
        QFETCH(TensorFormat, format);
        QFETCH(double, scale);
        QFETCH(double, zeroPoint);
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(std::vector<double>, values);
        std::vector<double> out;
        QVERIFY(core::representableValues(format, scale, zeroPoint, low, high, 1000, out));
        QCOMPARE(out, values);
        // FP16 has 31 743 positive values: too many to draw, so only its binade edges come back.
        QVERIFY(!core::representableValues(TensorFormat::Fp16, 1, 0, 0, 65504, 1000, out));
        QCOMPARE(out.front(), 0.0);
        QCOMPARE(out.back(), 32768.0);
    }

    // The bytes a model takes in the recipe are the memory bars' weights: the serving estimate
    // on one GPU (no TP, PP or EP) with the recipe's weight format, byte for byte.
    void modelBytesMatchMemoryBars_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<TensorFormat>("format");
        QTest::addColumn<Scaling>("scaling");
        QTest::addColumn<int>("group");
        QTest::addColumn<core::QuantScheme>("scheme");
        QTest::addColumn<bool>("quantizeEmbeddings");
        for (const char* preset : {"llama-2-7b", "llama-2-70b", "mixtral-8x7b", "gemma-3-27b", "deepseek-v3"}) {
            QTest::addRow("%s BF16", preset) << QString::fromLatin1(preset) << TensorFormat::Bf16 << Scaling::None << 0 << core::QuantScheme::Symmetric << false;
            QTest::addRow("%s FP8", preset) << QString::fromLatin1(preset) << TensorFormat::Fp8E4M3 << Scaling::Tensor << 0 << core::QuantScheme::Symmetric << false;
            QTest::addRow("%s INT8 channel", preset) << QString::fromLatin1(preset) << TensorFormat::Int8 << Scaling::Channel << 0 << core::QuantScheme::Symmetric << false;
            QTest::addRow("%s INT4 g128 asym", preset) << QString::fromLatin1(preset) << TensorFormat::Int4 << Scaling::Group << 128 << core::QuantScheme::Asymmetric << false;
            QTest::addRow("%s INT4 g64 embeddings", preset) << QString::fromLatin1(preset) << TensorFormat::Int4 << Scaling::Group << 64 << core::QuantScheme::Symmetric << true;
        }
        QTest::addRow("count-only 13B INT4") << QString() << TensorFormat::Int4 << Scaling::Group << 128 << core::QuantScheme::Symmetric << false;
    }
    void modelBytesMatchMemoryBars()
    {
        QFETCH(QString, preset);
        QFETCH(TensorFormat, format);
        QFETCH(Scaling, scaling);
        QFETCH(int, group);
        QFETCH(core::QuantScheme, scheme);
        QFETCH(bool, quantizeEmbeddings);
        core::Scenario s = preset.isEmpty() ? testscenarios::countOnly(13e9, 1) : testscenarios::preset(preset.toLatin1().constData(), 1);
        s.hardware.gpu = testscenarios::gpu("h200");
        s.mode = core::Mode::Inference;
        const QuantRecipe r = recipe(format, scaling, group, scheme);
        const std::optional<core::WeightQuantization> q = core::weightQuantizationFor(r);
        QVERIFY(q.has_value());
        s.inference.weights = *q;
        s.inference.weights.quantizeEmbeddings = quantizeEmbeddings;
        const core::Estimate e = core::estimate(s);
        QVERIFY(!e.groups.empty());
        const double bars = e.groups.front().bytes[std::size_t(core::Component::Weights)];
        const core::ServedModel model = core::servedModel(s, e.parameters, e.shape);
        QCOMPARE(model.parameters, e.parameters.total);
        const double studio = model.weightBytes(core::modelBitsPerParameter(r, model.rowLength));
        QCOMPARE(studio, bars);
    }

    // What has no weight format of its own is not passed off as one.
    void unmappedRecipes()
    {
        QVERIFY(!core::weightQuantizationFor(recipe(TensorFormat::MxFp4, Scaling::Block)));
        QVERIFY(!core::weightQuantizationFor(recipe(TensorFormat::NvFp4, Scaling::Block)));
        QVERIFY(!core::weightQuantizationFor(recipe(TensorFormat::Int8, Scaling::Tensor)));
        QVERIFY(!core::weightQuantizationFor(recipe(TensorFormat::Fp8E4M3, Scaling::Group)));
        // MXFP4 on a model: 4 + 8/32 bits per linear weight; NVFP4 4 + 8/16; FP8 g128: 8 + 32/128.
        QCOMPARE(core::modelBitsPerParameter(recipe(TensorFormat::MxFp4, Scaling::Block), 4096), 4.25);
        QCOMPARE(core::modelBitsPerParameter(recipe(TensorFormat::NvFp4, Scaling::Block), 4096), 4.5);
        QCOMPARE(core::modelBitsPerParameter(recipe(TensorFormat::Fp8E4M3, Scaling::Group, 128), 4096), 8.25);
        QCOMPARE(core::kvCacheDtypeFor(TensorFormat::Fp8E5M2), std::optional<core::KvCacheDtype>(core::KvCacheDtype::Fp8));
        QVERIFY(!core::kvCacheDtypeFor(TensorFormat::MxFp8E4M3));
    }
};

QTEST_GUILESS_MAIN(TestTensorStudio)
#include "tst_tensorstudio.moc"
