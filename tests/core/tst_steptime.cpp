// The step-time model: each part against hand arithmetic, the time source (model, MFU,
// achieved TFLOP/s), FP8 on GEMMs only, and the whole model against public measured runs.
#include <QtTest>

#include <cmath>

#include "core/estimate.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"
#include "core/steptime.h"
#include "measuredruns.h"
#include "testscenarios.h"

namespace {

core::Scenario load(const std::string& json)
{
    core::ScenarioLoad l = core::loadScenario(json);
    if (!l.ok)
        qFatal("test scenario does not load: %s", json.c_str());
    return l.scenario;
}

double part(const core::Estimate& e, core::StepPart p) { return e.compute.stepParts[std::size_t(p)]; }

/// The fastest micro-batch size and recomputation that fit, the rest of the layout as given
/// (what a benchmark team tunes before it publishes a number).
core::Estimate fastestFitting(core::Scenario& s)
{
    core::Estimate best, e;
    core::Scenario chosen = s;
    const int dp = s.parallel.dataParallel();
    const std::int64_t perReplica = dp > 0 ? s.training.globalBatchSize / dp : 1;
    {
        for (std::int64_t b = 1; b <= perReplica; ++b) {
            if (perReplica % b != 0)
                continue;
            for (core::Recompute r : {core::Recompute::None, core::Recompute::Selective, core::Recompute::Full}) {
                s.training.microBatchSize = b;
                s.training.recompute = r;
                core::estimate(s, e);
                if (e.valid && e.fullest().fits && (!best.valid || e.compute.iterationSeconds < best.compute.iterationSeconds)) {
                    best = e;
                    chosen = s;
                }
            }
        }
    }
    s = chosen;
    return best;
}

QString relative(double got, double want) { return QStringLiteral("got %1, expected %2").arg(got, 0, 'g', 10).arg(want, 0, 'g', 10); }

} // namespace

class TestStepTime : public QObject
{
    Q_OBJECT

private slots:
    void gemmRoofline_data()
    {
        QTest::addColumn<double>("m");
        QTest::addColumn<double>("n");
        QTest::addColumn<double>("k");
        QTest::addColumn<double>("efficiency");
        QTest::addColumn<double>("seconds");
        // H100 SXM: 989.4 TFLOP/s bf16, 3.35 TB/s. 2·8192³ = 1.0995e12 FLOP at 80 %:
        // 1.0995e12 / (989.4e12 · 0.8) = 1.38908 ms; its 3 × 8192² × 2 B = 402.7 MB take 0.12 ms.
        QTest::addRow("8192 cube, compute-bound") << 8192.0 << 8192.0 << 8192.0 << 0.8 << 1.0995116278e12 / (989.4e12 * 0.8);
        // A GEMV (M = 1): 2·8192² = 1.342e8 FLOP is 0.17 µs, but it reads the 8192 × 8192 matrix:
        // 2 B · (8192 + 8192² ) + 2 B · 8192 = 134,250,496 B / 3.35e12 B/s = 40.075 µs.
        QTest::addRow("GEMV, bandwidth-bound") << 1.0 << 8192.0 << 8192.0 << 0.8 << 134250496.0 / 3.35e12;
    }
    void gemmRoofline()
    {
        QFETCH(double, m);
        QFETCH(double, n);
        QFETCH(double, k);
        QFETCH(double, efficiency);
        QFETCH(double, seconds);
        const double got = core::gemmSeconds(m, n, k, 989.4e12, efficiency, 2, 3.35e12);
        QVERIFY2(std::abs(got - seconds) <= 1e-9 * seconds, qPrintable(relative(got, seconds)));
    }

    void gemmEfficiencyCurve()
    {
        const core::GpuStepFigures& h100 = core::gpuStepFigures("h100-sxm");
        // At the shape MAMF was measured at (2048 × 2048 × 13312) the curve gives MAMF, 794.5 / 989
        // = 0.803 (stas00/ml-engineering compute/accelerator/README.md @ 744d01e), times the
        // sustained fraction 0.75 of resources/steptime.json: 0.60225.
        QCOMPARE(core::gemmEfficiency(h100, false, 2048, 2048, 13312), 0.75 * 0.803);
        // N = 128 (a head-dim-sized matrix): f(128)/f(2048) with f(d) = d/(d + 128):
        // 0.5 / (2048/2176) = 0.53125 of it = 0.31995.
        const double narrow = core::gemmEfficiency(h100, false, 2048, 128, 13312);
        QVERIFY2(std::abs(narrow - 0.75 * 0.803 * 0.5 / (2048.0 / 2176.0)) < 1e-12, qPrintable(QString::number(narrow)));
        // Larger than the measured shape is capped there, not above it.
        QCOMPARE(core::gemmEfficiency(h100, false, 16384, 16384, 16384), 0.75 * 0.803);
        // FP8 uses its own measurement (1402.6 / 1979 = 0.709).
        QCOMPARE(core::gemmEfficiency(h100, true, 2048, 2048, 13312), 0.75 * 0.709);
        // A GPU without a measurement falls back to the "default" entry.
        QCOMPARE(core::gpuStepFigures("no-such-gpu").preset, std::string_view("default"));
    }

    void bubble_data()
    {
        QTest::addColumn<int>("stages");
        QTest::addColumn<int>("virtualStages");
        QTest::addColumn<double>("microBatchSeconds");
        QTest::addColumn<double>("bubble");
        // Narayanan et al. 2021 §2.2: (p − 1)·(t_f + t_b), divided by v when interleaved.
        QTest::addRow("1F1B p8") << 8 << 1 << 0.1 << 0.7;
        QTest::addRow("interleaved p8 v4") << 8 << 4 << 0.1 << 0.175;
        QTest::addRow("no pipeline") << 1 << 1 << 0.1 << 0.0;
    }
    void bubble()
    {
        QFETCH(int, stages);
        QFETCH(int, virtualStages);
        QFETCH(double, microBatchSeconds);
        QFETCH(double, bubble);
        const double got = core::bubbleSeconds(stages, virtualStages, microBatchSeconds);
        QVERIFY2(std::abs(got - bubble) < 1e-12, qPrintable(relative(got, bubble)));
    }

    void bubbleInTheEstimate()
    {
        // A uniform pipeline: the bubble is (p − 1)/(v·m) of the micro-batches' work. Llama 2 70B
        // (80 layers) on PP 4, m = 128: 3/128 of the slowest stage's compute.
        core::Scenario s = testscenarios::preset("llama-2-70b", 32, "h100-sxm");
        s.parallel.tensor = 8;
        s.parallel.pipeline = 4;
        s.parallel.sequenceParallel = true;
        s.training.globalBatchSize = 128; // DP = 32 / (8 · 4) = 1: m = 128 micro-batches
        s.training.zeroStage = 1;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(e.microBatchesPerStep, 128);
        double work = 0;
        for (core::StepPart p : {core::StepPart::Gemm, core::StepPart::Attention, core::StepPart::Elementwise, core::StepPart::Overhead,
                                 core::StepPart::Recompute, core::StepPart::TensorParallel})
            work += part(e, p);
        const double expected = 3.0 / 128 * work; // (p − 1)/m of the slowest stage's m micro-batches
        const double got = part(e, core::StepPart::Bubble);
        // The last stage also runs the logits, so the other three stages are a little faster:
        // the bubble is (Σ stages − slowest) = at most 3/m of it, and within 5 % of that here.
        QVERIFY2(got <= expected * 1.0000001 && got >= expected * 0.95, qPrintable(relative(got, expected)));
    }

    void ringAllReduce()
    {
        // nccl-tests PERFORMANCE.md: all-reduce moves 2(n−1)/n of the bytes. 1 GB over 8 ranks at
        // a 360 GB/s bus: 2·7/8 · 1e9 / 360e9 = 4.8611 ms, plus one latency of 43.8 µs.
        const double got = core::allReduceSeconds(1e9, 8, 360e9, 43.8e-6);
        const double want = 1.75e9 / 360e9 + 43.8e-6;
        QVERIFY2(std::abs(got - want) < 1e-12, qPrintable(relative(got, want)));
        // Reduce-scatter and all-gather move (n−1)/n: half the all-reduce's bytes.
        QVERIFY2(std::abs(core::reduceScatterSeconds(1e9, 8, 360e9, 0) - 0.875e9 / 360e9) < 1e-15, "reduce-scatter");
        QCOMPARE(core::allReduceSeconds(1e9, 1, 360e9, 43.8e-6), 0.0); // one rank: nothing to reduce
    }

    void groupLinks_data()
    {
        QTest::addColumn<int>("stride");
        QTest::addColumn<int>("size");
        QTest::addColumn<double>("bus");
        QTest::addColumn<bool>("network");
        // H100 SXM: NVLink 900 GB/s both directions → 450 per direction × 0.8 = 360 GB/s;
        // NDR 50 GB/s per GPU × 0.75 = 37.5 GB/s (stas00/ml-engineering network/README.md).
        QTest::addRow("TP8 in a node") << 1 << 8 << 360e9 << false;
        // DP over 8 nodes with TP8: one member per node, one NIC: 37.5 GB/s.
        QTest::addRow("DP64 at TP8") << 8 << 64 << 37.5e9 << true;
        // DP over 8 nodes, TP1: 8 members per node push through 8 NICs: 300 GB/s < NVLink's 360.
        QTest::addRow("DP64 at TP1") << 1 << 64 << 300e9 << true;
        // DP over nodes at TP2: 4 members per node: 150 GB/s.
        QTest::addRow("DP32 at TP2") << 2 << 32 << 150e9 << true;
    }
    void groupLinks()
    {
        QFETCH(int, stride);
        QFETCH(int, size);
        QFETCH(double, bus);
        QFETCH(bool, network);
        const core::GroupLink link = core::groupLink(stride, size, 8, 900e9, 50e9);
        QCOMPARE(link.overNetwork, network);
        QVERIFY2(std::abs(link.busBytesPerSecond - bus) < 1, qPrintable(relative(link.busBytesPerSecond, bus)));
    }

    void exposedTail_data()
    {
        QTest::addColumn<double>("communication");
        QTest::addColumn<double>("overlappable");
        QTest::addColumn<double>("tail");
        QTest::addColumn<double>("exposed");
        // A 0.5 s gradient reduce-scatter behind a 0.3 s backward: 0.2 s stick out.
        QTest::addRow("longer than the backward") << 0.5 << 0.3 << 0.05 << 0.2;
        // Behind a longer backward only the last bucket, which has nothing left to overlap, shows.
        QTest::addRow("hidden but the last bucket") << 0.5 << 0.6 << 0.05 << 0.05;
        // Never more than the collective itself.
        QTest::addRow("shorter than a bucket") << 0.03 << 1.0 << 0.05 << 0.03;
    }
    void exposedTail()
    {
        QFETCH(double, communication);
        QFETCH(double, overlappable);
        QFETCH(double, tail);
        QFETCH(double, exposed);
        const double got = core::exposedSeconds(communication, overlappable, tail);
        QVERIFY2(std::abs(got - exposed) < 1e-12, qPrintable(relative(got, exposed)));
    }

    void timeSource()
    {
        core::Scenario s = testscenarios::preset("llama-2-7b", 8, "a100-80gb");
        s.training.zeroStage = 1;
        s.hardware.mfu = 0;
        core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(e.compute.timeSource, core::TimeSource::Model);
        QCOMPARE(e.compute.iterationSeconds, e.compute.modelStepSeconds);
        double sum = 0;
        for (double p : e.compute.stepParts)
            sum += p;
        QVERIFY2(std::abs(sum - e.compute.modelStepSeconds) <= 1e-12 * sum, "the parts add up to the model's step");
        QCOMPARE(e.compute.effectiveMfu, e.compute.modelMfu);
        // A stated MFU keeps its meaning (the seed deck's 40 %): C / (n · peak · 0.4).
        s.hardware.mfu = 0.4;
        e = core::estimate(s);
        QCOMPARE(e.compute.timeSource, core::TimeSource::Mfu);
        const double want = e.compute.modelFlopsPerIteration / (8 * 312e12 * 0.4);
        QVERIFY2(std::abs(e.compute.iterationSeconds - want) <= 1e-12 * want, qPrintable(relative(e.compute.iterationSeconds, want)));
        QVERIFY(e.compute.modelStepSeconds > 0); // the model's own view is still reported
        // A measured throughput overrides both.
        s.hardware.achievedTflops = 150;
        e = core::estimate(s);
        QCOMPARE(e.compute.timeSource, core::TimeSource::AchievedTflops);
    }

    void fp8OnGemmsOnly()
    {
        // DeepSeek-V3 (arXiv 2412.19437) §3.3: only the GEMMs run in FP8; attention, norms, the
        // output head and communication stay in BF16. So FP8 shortens the GEMM time only and the
        // step gains much less than the 2× of the peaks.
        core::Scenario s = testscenarios::preset("llama-3-70b", 64, "h100-sxm");
        s.training.precision = core::PrecisionRecipe::MixedBf16Fp32Grads;
        s.training.seqLength = 8192;
        s.training.globalBatchSize = 128;
        s.training.zeroStage = 1;
        s.parallel.tensor = 4;
        s.parallel.pipeline = 8;
        s.parallel.virtualPipeline = 5;
        s.parallel.sequenceParallel = true;
        const core::Estimate bf16 = core::estimate(s);
        s.training.precision = core::PrecisionRecipe::Fp8Mixed;
        const core::Estimate fp8 = core::estimate(s);
        QVERIFY(bf16.valid && fp8.valid);
        // GEMMs: the FP8 peak is 2× and its measured efficiency 0.709 vs 0.803: 1.766× faster at
        // most (the output layer and the router stay in BF16, so a little less).
        const double gemmRatio = part(bf16, core::StepPart::Gemm) / part(fp8, core::StepPart::Gemm);
        QVERIFY2(gemmRatio > 1.6 && gemmRatio <= 2 * 0.709 / 0.803 + 1e-9, qPrintable(QString::number(gemmRatio)));
        QCOMPARE(part(fp8, core::StepPart::Attention), part(bf16, core::StepPart::Attention));
        QCOMPARE(part(fp8, core::StepPart::Elementwise), part(bf16, core::StepPart::Elementwise));
        const double stepRatio = bf16.compute.modelStepSeconds / fp8.compute.modelStepSeconds;
        QVERIFY2(stepRatio > 1.2 && stepRatio < gemmRatio, qPrintable(QString::number(stepRatio)));
    }

    void measuredRuns_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<double>("measured");
        QTest::addColumn<double>("tolerance");
        QTest::addColumn<bool>("tuned");
        for (const measuredruns::Run& r : measuredruns::runs())
            QTest::addRow("%s", r.name.c_str()) << QString::fromStdString(r.json) << r.measuredTflops << r.tolerance << r.tuned;
    }
    void measuredRuns()
    {
        QFETCH(QString, json);
        QFETCH(double, measured);
        QFETCH(double, tolerance);
        QFETCH(bool, tuned);
        core::Scenario s = load(json.toStdString());
        const core::Estimate e = tuned ? fastestFitting(s) : core::estimate(s);
        QVERIFY2(e.valid, "the run's scenario is valid");
        QCOMPARE(e.compute.timeSource, core::TimeSource::Model);
        const double tflops = e.compute.modelFlopsPerIteration / (s.parallel.gpus * e.compute.iterationSeconds) / 1e12;
        const double error = tflops / measured - 1;
        qInfo("| %s | %.0f | %.0f | %+.1f %% | v %d, b %lld, recompute %s, step %.3f s |", QTest::currentDataTag(), measured, tflops,
              100 * error, s.parallel.virtualPipeline, (long long)s.training.microBatchSize,
              s.training.recompute == core::Recompute::None ? "none" : s.training.recompute == core::Recompute::Full ? "full" : "selective",
              e.compute.iterationSeconds);
        QVERIFY2(std::abs(error) <= tolerance, qPrintable(QStringLiteral("model %1 TFLOP/s vs measured %2 (%3 %)")
                                                               .arg(tflops, 0, 'f', 1).arg(measured).arg(100 * error, 0, 'f', 1)));
    }
};

QTEST_GUILESS_MAIN(TestStepTime)
#include "tst_steptime.moc"
