// Goodput (core/goodput/): interruption rates from published fleet figures, Young's and Daly's
// checkpoint intervals, the expected wall-clock of a long run, checkpoint sizes and times, the
// run's picture, and ZeRO-Infinity's NVMe offload. Every row's number is worked by hand in its
// comment (or quoted from its source), never the code's own output.
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

#include "core/estimate.h"
#include "core/goodput/checkpoint.h"
#include "core/goodput/failures.h"
#include "core/goodput/goodput.h"
#include "core/goodput/run.h"
#include "core/goodput/runtimeline.h"
#include "core/issues.h"
#include "core/io/launchconfig.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"
#include "core/layout/resolvedlayout.h"
#include "core/offload/nvmeoffload.h"
#include "core/precision.h"

namespace {

bool near(double got, double want, double relative)
{
    return std::fabs(got - want) <= relative * std::fabs(want);
}

core::Scenario scenario(const char* json)
{
    core::ScenarioLoad load = core::loadScenario(json);
    if (!load.ok)
        qFatal("test scenario does not load: %s", json);
    return load.scenario;
}

} // namespace

class TestGoodput : public QObject
{
    Q_OBJECT

private slots:
    void interruptionsScaleWithGpusAndNodes_data();
    void interruptionsScaleWithGpusAndNodes();
    void anIndependentFleetFigureIsComparedNotFitted();
    void youngAndDalyIntervals_data();
    void youngAndDalyIntervals();
    void goodputHandWorked();
    void asynchronousCheckpointsLoseTheirWriteOnAnInterruption();
    void noInterruptionsNoLostWork();
    void suggestionsWorthAPointOfGoodput();
    void checkpointSizeFromTheSavedStates_data();
    void checkpointSizeFromTheSavedStates();
    void checkpointWriteAndStall();
    void llama3EffectiveTrainingTime();
    void theEstimateTimesTheRunWithGoodput();
    void runPictureHandWorked();
    void runPictureAsynchronous();
    void nvmeOffloadHandWorked();
    void nvmeOffloadInTheEstimate();
    void launchSettingsCarryNvmeAndTheInterval();
};

void TestGoodput::interruptionsScaleWithGpusAndNodes_data()
{
    QTest::addColumn<double>("gpus");
    QTest::addColumn<double>("gpusPerNode");
    QTest::addColumn<double>("days");
    QTest::addColumn<double>("interruptions");
    // Llama 3 (arXiv 2407.21783 §3.3.4): "419 unexpected interruptions" in a 54-day snapshot on
    // 16,384 H100 GPUs, 8 per node. The default rates were derived from it (268 GPU-category
    // interruptions per GPU, 151 others per node), so this checks the derivation and its units.
    QTest::addRow("Llama 3 405B, 54 days") << 16384.0 << 8.0 << 54.0 << 419.0;
    // Half the GPUs and nodes, same days: half of each part, 134 + 75.5.
    QTest::addRow("8,192 GPUs, 54 days") << 8192.0 << 8.0 << 54.0 << 209.5;
    // 4 GPUs per node: as many GPUs, twice the nodes (4,096): 268 + 2 × 151 = 570.
    QTest::addRow("16,384 GPUs, 4 per node") << 16384.0 << 4.0 << 54.0 << 570.0;
}

void TestGoodput::interruptionsScaleWithGpusAndNodes()
{
    QFETCH(double, gpus);
    QFETCH(double, gpusPerNode);
    QFETCH(double, days);
    QFETCH(double, interruptions);
    const core::Scenario s; // the defaults
    const core::InterruptionRate r = core::interruptionRate(gpus, core::nodesOf(gpus, gpusPerNode), s.goodput.gpuInterruptionsPer1000GpuDays,
                                                            s.goodput.nodeInterruptionsPer1000NodeDays);
    const double expected = r.perSecond() * days * 86400;
    QVERIFY2(near(expected, interruptions, 0.10), qPrintable(QString::number(expected)));
    QVERIFY2(near(expected, interruptions, 1e-9), qPrintable(QString::number(expected))); // and exactly, by the derivation
    // "on average one failure every three hours": 54 × 24 / 419 = 3.09 h.
    if (gpus == 16384 && gpusPerNode == 8)
        QVERIFY(near(r.mtbiSeconds(), 54.0 * 86400 / 419, 1e-9));
}

void TestGoodput::anIndependentFleetFigureIsComparedNotFitted()
{
    // BLOOM 176B on Jean Zay (huggingface/blog bloom-megatron-deepspeed.md @ 03cd167): 384 A100s in
    // 48 nodes; "on average we were getting 1-2 GPU failures a week". With the Llama 3 rates, one
    // week: 268/(16,384·54) × 384 × 7 = 0.814 (GPU) + 151/(2,048·54) × 48 × 7 = 0.459 (node) = 1.27.
    const core::Scenario s;
    const core::InterruptionRate r = core::interruptionRate(384, core::nodesOf(384, 8), s.goodput.gpuInterruptionsPer1000GpuDays,
                                                            s.goodput.nodeInterruptionsPer1000NodeDays);
    const double perWeek = r.perSecond() * 7 * 86400;
    QVERIFY2(near(perWeek, 1.273, 0.001), qPrintable(QString::number(perWeek)));
    QCOMPARE_GE(perWeek, 1.0);
    QCOMPARE_LE(perWeek, 2.0);
}

void TestGoodput::youngAndDalyIntervals_data()
{
    QTest::addColumn<double>("delta");
    QTest::addColumn<double>("mtbi");
    QTest::addColumn<double>("young");
    QTest::addColumn<double>("daly");
    QTest::addColumn<double>("tolerance");
    // A 30 s checkpoint and a 3 h MTBI: √(2·30·10,800) = √648,000 = 804.98 s; Daly: x = 30/21,600
    // = 0.0013889, 804.98 × (1 + √x/3 + x/9) − 30 = 804.98 × 1.012577 − 30 = 785.11 s.
    QTest::addRow("30 s, 3 h") << 30.0 << 10800.0 << 804.984 << 785.109 << 1e-5;
    // Daly 2006, Figs. 3-5 (δ = 5 min): "M=24 h ... τopt=117 min", "M=6 h ... 57 min",
    // "M=15 min ... 9.1 min" (printed rounded).
    QTest::addRow("Daly Fig. 3: M 24 h") << 300.0 << 86400.0 << 7200.0 << 117 * 60.0 << 0.005;
    QTest::addRow("Daly Fig. 4: M 6 h") << 300.0 << 21600.0 << 3600.0 << 57 * 60.0 << 0.01;
    QTest::addRow("Daly Fig. 5: M 15 min") << 300.0 << 900.0 << std::sqrt(2 * 300.0 * 900) << 9.1 * 60 << 0.01;
    // δ ≥ 2M: Daly's interval is M itself.
    QTest::addRow("checkpoint longer than 2M") << 1000.0 << 400.0 << std::sqrt(2 * 1000.0 * 400) << 400.0 << 1e-9;
}

void TestGoodput::youngAndDalyIntervals()
{
    QFETCH(double, delta);
    QFETCH(double, mtbi);
    QFETCH(double, young);
    QFETCH(double, daly);
    QFETCH(double, tolerance);
    QVERIFY2(near(core::youngIntervalSeconds(delta, mtbi), young, 1e-5), qPrintable(QString::number(core::youngIntervalSeconds(delta, mtbi))));
    QVERIFY2(near(core::dalyIntervalSeconds(delta, mtbi), daly, tolerance), qPrintable(QString::number(core::dalyIntervalSeconds(delta, mtbi))));
}

void TestGoodput::goodputHandWorked()
{
    // τ = 785 steps of 1 s, δ = 30 s, M = 3 h, R = 0. Daly's wall/T_s = M/τ·(e^{(τ+δ)/M} − 1)
    // = 10,800/785 × (e^{0.075463} − 1) = 13.7580 × 0.0783833 = 1.078394: goodput 0.927305.
    // (First order, 1 − δ/τ − τ/2M = 1 − 0.03822 − 0.03634 = 0.92544.)
    core::GoodputInputs in;
    in.workSeconds = 1000 * 3600.0;
    in.stepSeconds = 1;
    in.intervalSteps = 785;
    in.stallSeconds = 30;
    in.mtbiSeconds = 10800;
    core::GoodputEstimate g = core::estimateGoodput(in);
    QVERIFY2(near(g.goodput, 0.927305, 1e-5), qPrintable(QString::number(g.goodput, 'g', 8)));
    QVERIFY(near(g.wallSeconds, in.workSeconds * 1.078394, 1e-5));
    // The parts add up to the wall-clock: 1,000 h of work, 4,586 checkpoints of 30 s, an
    // interruption every 3 h of wall-clock, the rest work done again (≈ (τ + δ)/2 each).
    QVERIFY(near(g.checkpoints, 3.6e6 / 785, 1e-9));
    QVERIFY(near(g.interruptions, g.wallSeconds / 10800, 1e-9));
    QVERIFY(near(g.workSeconds + g.checkpointTotalSeconds + g.restartTotalSeconds + g.lostTotalSeconds, g.wallSeconds, 1e-9));
    QVERIFY(near(g.lostTotalSeconds / g.interruptions, (785 + 30) / 2.0, 0.03));
    QVERIFY(near(g.lostPerInterruptionSeconds, 407.5, 1e-9));
    // The optimal interval (0 = optimal): 785.11 s → 785 steps.
    QCOMPARE(g.optimalSteps, 785.0);

    // R = 10 min multiplies the wall-clock by e^{R/M} = e^{0.0555556} = 1.057128: 0.877193.
    in.restartSeconds = 600;
    g = core::estimateGoodput(in);
    QVERIFY2(near(g.goodput, 0.877193, 1e-5), qPrintable(QString::number(g.goodput, 'g', 8)));
    QVERIFY(near(g.restartTotalSeconds, g.interruptions * 600, 1e-9));

    // The optimal interval beats one ten times longer and one ten times shorter.
    in.intervalSteps = 0;
    const double best = core::estimateGoodput(in).goodput;
    in.intervalSteps = 7850;
    QCOMPARE_GT(best, core::estimateGoodput(in).goodput);
    in.intervalSteps = 79;
    QCOMPARE_GT(best, core::estimateGoodput(in).goodput);

    // goodputAtInterval (the advice's comparison with the optimum) is estimateGoodput's figure,
    // the same double, at any interval: the hand-worked 0.927305 at 785 steps without a restart,
    // and with a restart and an asynchronous write, the optimum's included (intervalSteps 0 in
    // estimateGoodput is the optimal interval; in goodputAtInterval 0 is no checkpoint at all).
    in.restartSeconds = 0;
    QVERIFY2(near(core::goodputAtInterval(in, 785), 0.927305, 1e-5), qPrintable(QString::number(core::goodputAtInterval(in, 785), 'g', 8)));
    in.restartSeconds = 600;
    in.asyncWriteSeconds = 45;
    for (double steps : {1.0, 79.0, 785.0, 7850.0}) {
        in.intervalSteps = steps;
        QCOMPARE(core::goodputAtInterval(in, steps), core::estimateGoodput(in).goodput);
    }
    in.intervalSteps = 0;
    const core::GoodputEstimate optimal = core::estimateGoodput(in);
    QCOMPARE(core::goodputAtInterval(in, optimal.optimalSteps), optimal.goodput);
}

void TestGoodput::asynchronousCheckpointsLoseTheirWriteOnAnInterruption()
{
    // τ = 600 s, snapshot δ = 2 s, write W = 100 s: lost per interruption (602)/2 + 100 = 401 s;
    // the wall-clock is Daly's with R + W = 0 + 100 in the exponent's restart term.
    core::GoodputInputs in;
    in.workSeconds = 100 * 3600.0;
    in.stepSeconds = 10;
    in.intervalSteps = 60;
    in.stallSeconds = 2;
    in.asyncWriteSeconds = 100;
    in.mtbiSeconds = 10800;
    const core::GoodputEstimate g = core::estimateGoodput(in);
    QCOMPARE(g.checkpointStallSeconds, 2.0);
    QCOMPARE(g.lostPerInterruptionSeconds, 401.0);
    const double ratio = 10800.0 / 600 * std::exp(100.0 / 10800) * std::expm1(602.0 / 10800);
    QVERIFY(near(g.wallSeconds, in.workSeconds * ratio, 1e-9));
    // A write longer than the interval makes the next checkpoint wait: δ = 2 + (700 − 600).
    in.asyncWriteSeconds = 700;
    QCOMPARE(core::estimateGoodput(in).checkpointStallSeconds, 102.0);
    // … and the optimal interval is at least the write.
    in.intervalSteps = 0;
    QCOMPARE_GE(core::estimateGoodput(in).optimalSeconds, 700.0);
}

void TestGoodput::noInterruptionsNoLostWork()
{
    // Rates 0: no interruptions; every 100 steps of 1 s a 10 s stall: goodput 100/110.
    core::GoodputInputs in;
    in.workSeconds = 1e5;
    in.stepSeconds = 1;
    in.intervalSteps = 100;
    in.stallSeconds = 10;
    const core::GoodputEstimate g = core::estimateGoodput(in);
    QVERIFY(near(g.goodput, 100.0 / 110, 1e-12));
    QCOMPARE(g.interruptions, 0.0);
    QCOMPARE(g.lostTotalSeconds, 0.0);
    QCOMPARE(g.optimalSteps, 0.0); // no interval is better than another
    // … and with the optimal interval asked for: no checkpoints at all, goodput 1.
    in.intervalSteps = 0;
    QCOMPARE(core::estimateGoodput(in).goodput, 1.0);
}

void TestGoodput::suggestionsWorthAPointOfGoodput()
{
    // The 30 s checkpoint and 3 h MTBI of goodputHandWorked, checkpointed every 7,850 steps of 1 s
    // (ten times the optimum): wall/T_s = 10,800/7,850 × (e^{7,880/10,800} − 1) = 1.47806, goodput
    // 0.67657; at the optimal 785 steps 0.92730: 25.07 points to gain. The stalls, 458.6 × 30 s,
    // are 0.26 % of the wall-clock: under a point, no asynchronous suggestion.
    core::Scenario s;
    s.goodput.checkpointIntervalSteps = 7850;
    core::RunEstimate r;
    r.inputs.workSeconds = 3.6e6;
    r.inputs.stepSeconds = 1;
    r.inputs.intervalSteps = 7850;
    r.inputs.stallSeconds = 30;
    r.inputs.mtbiSeconds = 10800;
    r.goodput = core::estimateGoodput(r.inputs);
    std::vector<core::Issue> issues;
    core::addRunIssues(s, r, issues);
    QCOMPARE(issues.size(), std::size_t(1));
    QCOMPARE(issues[0].code, core::IssueCode::CheckpointIntervalNotOptimal);
    QCOMPARE(issues[0].severity, core::Severity::Info);
    QVERIFY2(near(issues[0].a, 0.927305 - 0.676574, 1e-4), qPrintable(QString::number(issues[0].a)));
    QCOMPARE(issues[0].b, 7850.0);
    QCOMPARE(issues[0].c, 785.0);
    // At the optimal 785 steps, given: nothing to gain there, but the 4,586 stalls of 30 s are
    // 137,580 s of the 3,882,218 s wall-clock, 3.54 %: asynchronous checkpoints are suggested.
    s.goodput.checkpointIntervalSteps = 785;
    r.inputs.intervalSteps = 785;
    r.goodput = core::estimateGoodput(r.inputs);
    issues.clear();
    core::addRunIssues(s, r, issues);
    QCOMPARE(issues.size(), std::size_t(1));
    QCOMPARE(issues[0].code, core::IssueCode::AsyncCheckpointWouldHelp);
    QVERIFY2(near(issues[0].a, 0.035439, 1e-3), qPrintable(QString::number(issues[0].a)));
    // … and not once they are asynchronous.
    s.goodput.asyncCheckpoint = true;
    issues.clear();
    core::addRunIssues(s, r, issues);
    QVERIFY(issues.empty());
}

void TestGoodput::checkpointSizeFromTheSavedStates_data()
{
    QTest::addColumn<int>("recipe");
    QTest::addColumn<int>("framework");
    QTest::addColumn<bool>("optimizer");
    QTest::addColumn<double>("bytesPerParameter");
    // Megatron mixed precision: bf16 weights 2 + fp32 main params 4 + Adam moments 8 = 14 B.
    QTest::addRow("Megatron mixed, with optimizer") << int(core::PrecisionRecipe::Mixed16) << int(core::Framework::Megatron) << true << 14.0;
    QTest::addRow("Megatron mixed, weights only") << int(core::PrecisionRecipe::Mixed16) << int(core::Framework::Megatron) << false << 2.0;
    // FSDP2 trains fp32 parameters (the master copy): 4 + 8 = 12 B (torchtitan DCP).
    QTest::addRow("FSDP2, with optimizer") << int(core::PrecisionRecipe::Mixed16) << int(core::Framework::Fsdp2) << true << 12.0;
    QTest::addRow("FSDP2, weights only") << int(core::PrecisionRecipe::Mixed16) << int(core::Framework::Fsdp2) << false << 4.0;
}

void TestGoodput::checkpointSizeFromTheSavedStates()
{
    QFETCH(int, recipe);
    QFETCH(int, framework);
    QFETCH(bool, optimizer);
    QFETCH(double, bytesPerParameter);
    const core::StateBytesPerParameter st = core::frameworkStateBytes(core::stateBytes(core::PrecisionRecipe(recipe), core::Optimizer::AdamW),
                                                                      core::Framework(framework), core::MomentDtype::Auto, core::Optimizer::AdamW);
    QCOMPARE(core::checkpointBytesPerParameter(st, optimizer), bytesPerParameter);
    if (framework == int(core::Framework::Megatron)) {
        // BLOOM 176B (176,247M parameters; huggingface/blog bloom-megatron-deepspeed.md): "each
        // checkpoint with fp32 optim states and bf16+fp32 weights is 2.3TB - just the bf16 weights
        // are 329GB". 14 × 176.247e9 = 2.244 TiB (2.4 % under 2.3); 2 × 176.247e9 = 328.3 GiB.
        const double bytes = 176.247e9 * core::checkpointBytesPerParameter(st, optimizer);
        const double published = optimizer ? 2.3 * std::pow(2.0, 40) : 329 * std::pow(2.0, 30);
        QVERIFY2(near(bytes, published, optimizer ? 0.05 : 0.01), qPrintable(QString::number(bytes)));
    }
}

void TestGoodput::checkpointWriteAndStall()
{
    // 98 GB (7B × 14 B) from 8 nodes at 0.9765625 GB/s each = 7.8125 GB/s (the store's 2 TB/s
    // does not bind): 12.544 s, and as long to read back.
    core::CheckpointInputs in;
    in.bytes = 98e9;
    in.gpus = 64;
    in.nodes = 8;
    in.nodeWriteBytesPerSecond = 2e12 / 2048;
    in.storeWriteBytesPerSecond = 2e12;
    in.hostLinkBytesPerSecond = 51.2e9;
    core::CheckpointCost c = core::checkpointCost(in);
    QVERIFY(near(c.writeSeconds, 12.544, 1e-9));
    QCOMPARE(c.stallSeconds, c.writeSeconds);
    QCOMPARE(c.loadSeconds, c.writeSeconds);
    // 2,048 nodes at that rate reach the store's 2 TB/s exactly; 4,096 are capped by it.
    in.nodes = 4096;
    QVERIFY(near(core::checkpointCost(in).writeBytesPerSecond, 2e12, 1e-12));
    // Asynchronous: the step stalls for one GPU's shard over its host link, 98e9/64 = 1.53 GB at
    // 51.2 GB/s (H100 PCIe Gen5 64 GB/s × 0.8) = 0.0299 s.
    in.nodes = 8;
    in.async = true;
    c = core::checkpointCost(in);
    QVERIFY(near(c.stallSeconds, 98e9 / 64 / 51.2e9, 1e-12));
    QVERIFY(near(c.writeSeconds, 12.544, 1e-9));
}

void TestGoodput::llama3EffectiveTrainingTime()
{
    // Llama 3 §3.3.4: "higher than 90% effective training time" over the 54 days. Its setting, with
    // each assumption named: 405B trained with 14 B/param saved (bf16 weights, fp32 master and
    // moments: 5.67 TB), written by 2,048 nodes to Tectonic at its sustained 2 TB/s (§3.3.1):
    // δ = 2.835 s, synchronous; M = 54 d / 419 = 11,135 s; R = 10 min (assumed) + 2.835 s load; a
    // 6 s step (16M tokens of 405B at 41 % MFU of 989 TFLOP/s, §3.3.2 reports 38-43 %); the
    // optimal interval: Daly 249.4 s → 42 steps, τ = 252 s. Goodput = τ / (M·e^{R/M}·(e^{(τ+δ)/M} − 1))
    // = 252 / (11,135 × 1.05563 × 0.023150) = 0.926.
    core::GoodputInputs in;
    in.workSeconds = 54 * 86400.0 * 0.9;
    in.stepSeconds = 6;
    in.stallSeconds = 405e9 * 14 / 2e12;
    in.restartSeconds = 600 + in.stallSeconds;
    in.mtbiSeconds = 54 * 86400.0 / 419;
    const core::GoodputEstimate g = core::estimateGoodput(in);
    QCOMPARE(g.intervalSteps, 42.0);
    QVERIFY2(near(g.goodput, 0.926, 0.001), qPrintable(QString::number(g.goodput)));
    QCOMPARE_GT(g.goodput, 0.90);

    // The same from a scenario: Llama 3.1 405B on 16,384 H100s at 41 % MFU, defaults elsewhere
    // (the interval 0 = optimal). The checkpoint and step come from the estimate this time.
    const core::Scenario s = scenario(R"({"schema_version": 1, "model": {"preset": "llama-3.1-405b"},
        "training": {"seq_length": 8192, "global_batch_size": 2048, "train_tokens": 15.6e12, "zero_stage": 1},
        "parallel": {"gpus": 16384, "tensor": 8, "pipeline": 16, "sequence_parallel": true},
        "hardware": {"gpu": "h100-sxm", "mfu": 0.41}, "goodput": {"checkpoint_interval": 0}})");
    const core::Estimate e = core::estimate(s);
    QVERIFY(e.valid);
    const core::GoodputEstimate& r = e.compute.run.goodput;
    QVERIFY2(r.goodput > 0.90 && r.goodput < 0.95, qPrintable(QString::number(r.goodput)));
    QVERIFY(near(r.mtbiSeconds, 54 * 86400.0 / 419, 1e-9));
    QVERIFY(near(e.compute.run.checkpoint.bytes, e.parameters.total * 14, 1e-12));
}

void TestGoodput::theEstimateTimesTheRunWithGoodput()
{
    // The days, GPU-hours and cost are the wall-clock's: T_s / goodput; the overhead factor
    // multiplies the cost only (what the model still does not time).
    const core::Scenario s = scenario(R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "parallel": {"gpus": 64},
        "hardware": {"gpu": "a100-80gb", "mfu": 0.4, "price_per_gpu_hour": 2, "overhead_factor": 1.1}})");
    const core::Estimate e = core::estimate(s);
    QVERIFY(e.valid);
    const core::ComputeEstimate& c = e.compute;
    QVERIFY(near(c.run.goodput.workSeconds, c.iterationSeconds * c.iterations, 1e-12));
    QVERIFY(near(c.trainingSeconds, c.run.goodput.workSeconds / c.run.goodput.goodput, 1e-12));
    QVERIFY(near(c.gpuHours, c.trainingSeconds * 64 / 3600, 1e-12));
    QVERIFY(near(c.cost, c.gpuHours * 2 * 1.1, 1e-12));
    QCOMPARE_LT(c.run.goodput.goodput, 1.0);
    // 64 GPUs in 8 nodes: 64 × 268/884.736 + 8 × 151/110.592 per 1,000 days = 0.03032 per day:
    // M = 33.0 days.
    QVERIFY(near(c.run.goodput.mtbiSeconds / 86400, 1 / (64 * 268 / 884736.0 + 8 * 151 / 110592.0), 1e-9));
    // The checkpoint: 6,738,415,616 × 14 B = 94.3 GB from 8 nodes at 0.977 GB/s: 12.07 s.
    QVERIFY(near(c.run.checkpoint.bytes, 6738415616.0 * 14, 1e-12));
    QVERIFY(near(c.run.checkpoint.writeSeconds, 6738415616.0 * 14 / (8 * 2e12 / 2048), 1e-9));
}

void TestGoodput::runPictureHandWorked()
{
    // τ = 10, δ = 2, M = 25, R = 5, the first 60 s: work 0-10, checkpoint 10-12, work 12-22,
    // checkpoint 22-24, work 24-25 → interruption at 25: 24-25 lost, restart 25-30; work 30-40,
    // checkpoint 40-42, work 42-50 → interruption at 50 (25 after the last): 42-50 lost, restart
    // 50-55; work 55-60. Work 35, checkpoints 6, lost 9, restarts 10, two interruptions.
    core::GoodputEstimate g;
    g.intervalSteps = 10;
    g.intervalSeconds = 10;
    g.checkpointStallSeconds = 2;
    g.mtbiSeconds = 25;
    g.restartSeconds = 5;
    const std::vector<core::RunSegment> run = core::runTimeline(g, 60);
    const core::RunTotals t = core::runTotals(run);
    QCOMPARE(t.work, 35.0);
    QCOMPARE(t.checkpoint, 6.0);
    QCOMPARE(t.lost, 9.0);
    QCOMPARE(t.restart, 10.0);
    QCOMPARE(t.interruptions, 2);
    QCOMPARE(run.size(), std::size_t(11));
    QCOMPARE(run[4].activity, core::RunActivity::Lost);
    QCOMPARE(run[4].startSeconds, 24.0);
    QCOMPARE(run[5].activity, core::RunActivity::Restart);
    // A cap on the segments keeps a hopeless interval from drawing forever.
    g.intervalSeconds = 1e-6;
    QCOMPARE_LE(core::runTimeline(g, 60, 100).size(), std::size_t(100));
}

void TestGoodput::runPictureAsynchronous()
{
    // The same, asynchronous: a checkpoint is safe W = 15 s after it starts. The one taken at 10
    // is safe at 25, the one at 22 only at 37: the interruption at 25 goes back to the first, and
    // 12-25 (work, the second's snapshot, work) is lost: 13 s.
    core::GoodputEstimate g;
    g.intervalSteps = 10;
    g.intervalSeconds = 10;
    g.checkpointStallSeconds = 2;
    g.asyncWriteSeconds = 15;
    g.mtbiSeconds = 25;
    g.restartSeconds = 5;
    const std::vector<core::RunSegment> run = core::runTimeline(g, 30);
    const core::RunTotals t = core::runTotals(run);
    QCOMPARE(t.lost, 13.0);
    QCOMPARE(t.work, 10.0);
    QCOMPARE(t.checkpoint, 2.0);
    QCOMPARE(t.interruptions, 1);
}

void TestGoodput::nvmeOffloadHandWorked()
{
    // ZeRO-Infinity, Llama-2-70B (68,976,648,192 parameters), ZeRO-3 over one node of 8 GPUs,
    // mixed precision Adam (w 2, master 4, moments 8 B), optimizer and parameters on NVMe:
    // each GPU's shard is P/8; the node's drives hold 8 × P/8 × (12 + 4 fp32 grads + 2) = 18 B × P
    // = 1.2416 TB. A step moves the optimizer's 16 B × P twice (2.2073 TB: 88.29 s at 25 GB/s) and
    // reads the 2 B × P parameters in every pass (137.95 GB: 5.518 s a pass).
    const double p = 68976648192.0;
    core::NvmeOffloadInputs in;
    in.optimizer = true;
    in.parameters = true;
    in.states = core::stateBytes(core::PrecisionRecipe::Mixed16, core::Optimizer::AdamW);
    in.parametersPerGpu = p / 8;
    in.gpusOnNode = 8;
    in.microBatches = 4;
    in.nvmeBytesPerSecond = 25e9;
    const core::NvmeOffload n = core::nvmeOffload(in);
    QVERIFY(near(n.bytesPerNode, 18 * p, 1e-12));
    QVERIFY(near(n.optimizerBytesPerStep, 2 * 16 * p, 1e-12));
    QVERIFY(near(n.optimizerSeconds, 88.2901, 1e-5));
    QVERIFY(near(n.parameterPassSeconds, 5.51813, 1e-5));
    // 4 micro-batches: 2 × 4 passes + the write-back = 9 × 137.95 GB.
    QVERIFY(near(n.parameterBytesPerStep, 9 * 2 * p, 1e-12));
    // The bandwidth unknown: the bytes still count, the seconds do not.
    in.nvmeBytesPerSecond = 0;
    QCOMPARE(core::nvmeOffload(in).optimizerSeconds, 0.0);
    QVERIFY(near(core::nvmeOffload(in).bytesPerNode, 18 * p, 1e-12));
}

void TestGoodput::nvmeOffloadInTheEstimate()
{
    // The same setting through the estimate: the NVMe bytes per node, the CPU memory that no longer
    // holds them, and the step's offload part at least the optimizer's 88.29 s.
    const char* json = R"({"schema_version": 1, "model": {"preset": "llama-2-70b"},
        "training": {"framework": "deepspeed", "zero_stage": 3, "offload_optimizer": true, "offload_parameters": true,
                     "offload_device": "nvme", "global_batch_size": 32, "micro_batch_size": 1, "seq_length": 4096},
        "parallel": {"gpus": 8}, "hardware": {"gpu": "a100-80gb", "nvme_bytes_per_second": 25e9}})";
    const core::Estimate e = core::estimate(scenario(json));
    QVERIFY(e.valid);
    QVERIFY2(near(e.nvmeBytesPerNode, 18 * 68976648192.0, 1e-6), qPrintable(QString::number(e.nvmeBytesPerNode)));
    QCOMPARE_GE(e.compute.stepParts[std::size_t(core::StepPart::Offload)], 88.29);
    // The same on CPU: nothing on NVMe, all of it in host memory, a faster step.
    core::Scenario cpu = scenario(json);
    cpu.training.offloadDevice = core::OffloadDevice::Cpu;
    const core::Estimate c = core::estimate(cpu);
    QCOMPARE(c.nvmeBytesPerNode, 0.0);
    QCOMPARE_GT(c.cpuBytesPerNode, e.cpuBytesPerNode);
    QCOMPARE_LT(c.compute.stepParts[std::size_t(core::StepPart::Offload)], e.compute.stepParts[std::size_t(core::StepPart::Offload)]);
}

void TestGoodput::launchSettingsCarryNvmeAndTheInterval()
{
    // DeepSpeed's ZeRO-Infinity config (runtime/zero/offload_config.py): offload_optimizer and
    // offload_param with "device": "nvme" and the drives' nvme_path.
    core::Scenario s = scenario(R"({"schema_version": 1, "model": {"preset": "llama-2-70b"},
        "training": {"framework": "deepspeed", "zero_stage": 3, "offload_optimizer": true, "offload_parameters": true,
                     "offload_device": "nvme", "global_batch_size": 32, "seq_length": 4096},
        "parallel": {"gpus": 8}, "hardware": {"gpu": "a100-80gb", "nvme_bytes_per_second": 25e9}})");
    const QJsonObject zero = QJsonDocument::fromJson(QByteArray::fromStdString(core::launchConfig(s, core::LaunchFramework::DeepSpeed)))
                                 .object()
                                 .value(QStringLiteral("zero_optimization"))
                                 .toObject();
    for (const char* key : {"offload_optimizer", "offload_param"}) {
        const QJsonObject o = zero.value(QLatin1String(key)).toObject();
        QCOMPARE(o.value(QStringLiteral("device")).toString(), QStringLiteral("nvme"));
        QVERIFY(!o.value(QStringLiteral("nvme_path")).toString().isEmpty());
    }
    // The interval: the scenario's (500 by default), or with 0 the optimal one the estimate used.
    const std::string megatron = core::launchConfig(s, core::LaunchFramework::Megatron);
    QVERIFY(megatron.find("--save-interval 500 ") != std::string::npos);
    s.goodput.checkpointIntervalSteps = 0;
    const core::Estimate e = core::estimate(s);
    const long long optimal = (long long)e.compute.run.goodput.optimalSteps;
    QCOMPARE_GT(optimal, 0LL);
    QVERIFY(core::launchConfig(s, core::LaunchFramework::Megatron).find("--save-interval " + std::to_string(optimal) + " ") != std::string::npos);
    QVERIFY(core::launchConfig(s, core::LaunchFramework::Torchtitan).find("interval = " + std::to_string(optimal) + "\n") != std::string::npos);
    // DeepSpeed has no interval key: the interval is a note (the loop's engine.save_checkpoint()).
    const std::string deepspeed = core::launchConfig(s, core::LaunchFramework::DeepSpeed);
    QVERIFY(deepspeed.find("a checkpoint every " + std::to_string(optimal) + " steps is the training loop's engine.save_checkpoint") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestGoodput)
#include "tst_goodput.moc"
