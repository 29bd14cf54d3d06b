// Dynamic loss scaling: PyTorch GradScaler's update rule on patterns of overflowing and good
// steps worked by hand, and the closed-form underflow shares it is judged by.
#include <QtTest>

#include <cmath>

#include "core/numerics/lossscaling.h"

class TestLossScaling : public QObject
{
    Q_OBJECT

private slots:
    // Each character is a step: 'I' found inf/NaN (skip, scale × 0.5, tracker 0), 'G' a good step
    // (tracker + 1; at growth_interval: scale × 2, tracker 0). torch/amp/grad_scaler.py at 3f34c068,
    // _amp_update_scale_ in aten/src/ATen/native/cuda/AmpKernels.cu at 5bde2162.
    void gradScalerSequence_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::addColumn<int>("interval");
        QTest::addColumn<double>("scale");
        QTest::addColumn<int>("tracker");
        // 2^16 → I: 2^15 → G, G: tracker 2 → I: 2^14, tracker 0.
        QTest::addRow("IGGI, interval 2000") << "IGGI" << 2000 << 16384.0 << 0;
        // Interval 3: G G (tracker 2) I → 2^15; G G G → 2^16 (tracker back to 0); I I → 2^14.
        QTest::addRow("GGIGGGII, interval 3") << "GGIGGGII" << 3 << 16384.0 << 0;
        // Interval 3: G G G → 2^17, G → tracker 1.
        QTest::addRow("GGGG, interval 3") << "GGGG" << 3 << 131072.0 << 1;
        // Interval 1: every good step doubles: 2^16 · 2^5 = 2^21.
        QTest::addRow("GGGGG, interval 1") << "GGGGG" << 1 << 2097152.0 << 0;
        // Sixteen overflows in a row: 2^16 · 2^−16 = 1.
        QTest::addRow("16 overflows") << QString(16, QLatin1Char('I')) << 2000 << 1.0 << 0;
        // PyTorch's defaults: 1999 good steps leave the scale, the 2000th doubles it.
        QTest::addRow("1999 good") << QString(1999, QLatin1Char('G')) << 2000 << 65536.0 << 1999;
        QTest::addRow("2000 good") << QString(2000, QLatin1Char('G')) << 2000 << 131072.0 << 0;
    }
    void gradScalerSequence()
    {
        QFETCH(QString, pattern);
        QFETCH(int, interval);
        QFETCH(double, scale);
        QFETCH(int, tracker);
        core::GradScalerConfig c;
        c.growthInterval = interval;
        QCOMPARE(c.initScale, 65536.0); // the defaults: 2^16, ×2, ×0.5, 2000
        QCOMPARE(c.growthFactor, 2.0);
        QCOMPARE(c.backoffFactor, 0.5);
        core::GradScalerState s = core::initialScalerState(c);
        for (QChar ch : pattern)
            s = core::updateScale(c, s, ch == QLatin1Char('I'));
        QCOMPARE(double(s.scale), scale);
        QCOMPARE(s.growthTracker, tracker);
    }

    // The scale stops growing where FP32 would overflow ("Do not grow the scale past fp32 bounds").
    void scaleStaysFinite()
    {
        core::GradScalerConfig c;
        c.growthInterval = 1;
        core::GradScalerState s{float(0x1p127), 0};
        s = core::updateScale(c, s, false);
        QCOMPARE(double(s.scale), 0x1p127);
        QCOMPARE(s.growthTracker, 0);
    }

    // Closed form: log10|g| ~ N(−8, 1). FP16 flushes |g| ≤ 2^−25 (log10 = −7.52575), so the share
    // is Φ((−7.52575 + 8) / 1) = Φ(0.47425) = 0.6823 (normal table: Φ(0.47) = 0.68082,
    // Φ(0.48) = 0.68439, interpolated). Scaled by 2^10 the threshold moves 3.0103 decades down:
    // Φ(0.47425 − 3.0103) = Φ(−2.53605) = 0.00560 (table: Φ(−2.53) = 0.00570, Φ(−2.54) = 0.00554).
    // BF16 flushes at 2^−134 (log10 = −40.34): Φ(−32.3) = 0 to double precision.
    void underflowShares_data()
    {
        QTest::addColumn<double>("scale");
        QTest::addColumn<double>("threshold");
        QTest::addColumn<double>("share");
        QTest::addColumn<double>("tolerance");
        QTest::addRow("FP16 unscaled") << 1.0 << core::kFp16FlushThreshold << 0.6823 << 2e-4;
        QTest::addRow("FP16 × 1024") << 1024.0 << core::kFp16FlushThreshold << 0.00560 << 5e-5;
        QTest::addRow("BF16 unscaled") << 1.0 << core::kBf16FlushThreshold << 0.0 << 1e-100;
    }
    void underflowShares()
    {
        QFETCH(double, scale);
        QFETCH(double, threshold);
        QFETCH(double, share);
        QFETCH(double, tolerance);
        const double got = core::underflowShare(-8, 1, scale, threshold);
        QVERIFY2(std::abs(got - share) <= tolerance, qPrintable(QStringLiteral("%1 vs %2").arg(got, 0, 'g', 8).arg(share)));
    }

    void normalQuantileInvertsCdf_data()
    {
        QTest::addColumn<double>("p");
        QTest::addColumn<double>("z");
        QTest::addRow("median") << 0.5 << 0.0;
        QTest::addRow("97.5 percent") << 0.975 << 1.959964; // the 95 % two-sided critical value
        QTest::addRow("1 - 1e-9") << 1 - 1e-9 << 5.997807; // tables of the normal tail
    }
    void normalQuantileInvertsCdf()
    {
        QFETCH(double, p);
        QFETCH(double, z);
        const double got = core::normalQuantile(p);
        QVERIFY2(std::abs(got - z) < 1e-5, qPrintable(QStringLiteral("%1 vs %2").arg(got, 0, 'g', 10).arg(z)));
    }

    // Gradients from 10^−3 to 10^0: the largest |g| of every step is 1 (no drift, no spikes).
    // With growth interval 3:
    //   step 0: 1 · 2^16 = 65536 ≥ 65520 overflows → skipped, 2^15
    //   steps 1–3 good → 2^16 after step 3;  step 4 skipped → 2^15;  5–7 good → 2^16;  8 skipped;  9 good.
    void dynamicRunByHand()
    {
        core::GradientDrift d;
        d.log10Low = -3;
        d.log10High = 0;
        d.driftDecades = 0;
        d.steps = 10;
        d.spikeProbability = 0;
        core::GradScalerConfig c;
        c.growthInterval = 3;
        const core::LossScalingRun run = core::simulateLossScaling(d, c, 1024);
        QCOMPARE(run.error, core::DriftError::None);
        QCOMPARE(run.dynamicSkipped, 3);
        const bool skipped[10] = {true, false, false, false, true, false, false, false, true, false};
        const double scale[10] = {65536, 32768, 32768, 32768, 65536, 32768, 32768, 32768, 65536, 32768};
        for (int t = 0; t < 10; ++t) {
            QCOMPARE(run.steps[std::size_t(t)].dynamicSkipped, skipped[t]);
            QCOMPARE(run.steps[std::size_t(t)].dynamicScale, scale[t]);
        }
        // A fixed 1024 never overflows here (1 · 1024 < 65520); unscaled FP16 keeps these: μ = −1.5,
        // σ = 1.5 / Φ⁻¹(1 − 1/(7·10^9 + 1)) = 0.238, and 2^−25 is (−7.53 + 1.5) / 0.238 = −25 σ away.
        QCOMPARE(run.fixedOverflows, 0);
        QVERIFY(run.meanUnderflowFp16None < 1e-100);
    }

    // Gradients that shrink over the run: unscaled FP16 loses more and more, the dynamic scale
    // grows to follow them, and BF16 loses nothing.
    void driftingGradients()
    {
        core::GradientDrift d; // 10^−10 … 10^−1, drifting two decades down over 10 000 steps, rare spikes
        core::GradScalerConfig c;
        const core::LossScalingRun run = core::simulateLossScaling(d, c, 1024);
        QCOMPARE(run.error, core::DriftError::None);
        QVERIFY(run.steps.back().underflowFp16None > run.steps.front().underflowFp16None);
        QVERIFY(run.meanUnderflowFp16Dynamic < run.meanUnderflowFp16Fixed);
        QVERIFY(run.meanUnderflowFp16Fixed < run.meanUnderflowFp16None);
        QCOMPARE(run.meanUnderflowBf16None, 0.0);
        QVERIFY(run.dynamicSkipped > 0);
    }

    void badDrift_data()
    {
        QTest::addColumn<double>("low");
        QTest::addColumn<double>("high");
        QTest::addColumn<int>("steps");
        QTest::addColumn<int>("error");
        QTest::addRow("inverted") << -1.0 << -10.0 << 100 << int(core::DriftError::BadRange);
        QTest::addRow("no steps") << -10.0 << -1.0 << 0 << int(core::DriftError::BadSteps);
    }
    void badDrift()
    {
        QFETCH(double, low);
        QFETCH(double, high);
        QFETCH(int, steps);
        QFETCH(int, error);
        core::GradientDrift d;
        d.log10Low = low;
        d.log10High = high;
        d.steps = steps;
        const core::LossScalingRun run = core::simulateLossScaling(d, {}, 1024);
        QCOMPARE(int(run.error), error);
        QVERIFY(run.steps.empty());
    }
};

QTEST_GUILESS_MAIN(TestLossScaling)
#include "tst_lossscaling.moc"
