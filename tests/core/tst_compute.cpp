// FLOPs, training time, cost and communication against the seeds' and Narayanan's worked examples.
#include <QtTest>

#include "core/estimate.h"
#include "core/io/presets.h"
#include "testscenarios.h"

using namespace testscenarios;

namespace {

core::Scenario training(double parameters, double tokens, int gpus, const char* gpuId)
{
    core::Scenario s = countOnly(parameters, gpus, 1, gpuId);
    s.training.trainTokens = tokens;
    s.training.seqLength = 4096;
    s.training.globalBatchSize = gpus * 4;
    s.hardware.mfu = 0.4;
    return s;
}

} // namespace

class TestCompute : public QObject
{
    Q_OBJECT

private slots:
    void seedTrainingTimes_data()
    {
        QTest::addColumn<double>("parameters");
        QTest::addColumn<double>("tokens");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("days");
        QTest::addColumn<double>("daysTolerance");
        // Seed 1 §2.3: C = 6·7e9·1e12 = 4.2e22; 64 × 312 TF × 0.4 → 5.25e6 s ≈ 61 days; 512 GPUs ≈ 7.6.
        QTest::addRow("7B 1T 64 A100") << 7e9 << 1e12 << 64 << "a100-80gb" << 4.2e22 << 61.0 << 0.5;
        QTest::addRow("7B 1T 512 A100") << 7e9 << 1e12 << 512 << "a100-80gb" << 4.2e22 << 7.6 << 0.05;
        // Seed 1 §2.4: 6·7e10·1.5e13 = 6.3e24; 4096 × 989 TF × 0.4 → 3.9e6 s ≈ 45 days.
        QTest::addRow("70B 15T 4096 H100") << 7e10 << 1.5e13 << 4096 << "h100-sxm" << 6.3e24 << 45.0 << 0.5;
    }
    void seedTrainingTimes()
    {
        QFETCH(double, parameters);
        QFETCH(double, tokens);
        QFETCH(int, gpus);
        QFETCH(QString, gpu);
        QFETCH(double, flops);
        QFETCH(double, days);
        QFETCH(double, daysTolerance);
        const core::Estimate e = core::estimate(training(parameters, tokens, gpus, gpu.toLatin1().constData()));
        QVERIFY(e.valid);
        QVERIFY2(std::abs(e.compute.totalModelFlops - flops) <= 1e-9 * flops, qPrintable(QString::number(e.compute.totalModelFlops)));
        // The seeds' arithmetic is the steps' time, before checkpoints and interruptions (core/goodput),
        // which only lengthen the wall-clock.
        const double got = e.compute.run.goodput.workSeconds / 86400;
        QVERIFY2(std::abs(got - days) <= daysTolerance, qPrintable(QString::number(got)));
        QCOMPARE_GT(e.compute.trainingSeconds, e.compute.run.goodput.workSeconds);
    }

    void gpt3WithAchievedThroughput()
    {
        // Narayanan et al. 2021 §5.1: T ≈ 8·T_tokens·P / (n·X) with full recomputation:
        // 8 · 300e9 · 175e9 / (1024 · 140e12) = 2.93e6 s ≈ 34 days.
        core::Scenario s = training(175e9, 300e9, 1024, "a100-80gb");
        s.training.recompute = core::Recompute::Full;
        s.training.seqLength = 2048;
        s.hardware.achievedTflops = 140;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(e.compute.totalHardwareFlops, 8 * 300e9 * 175e9);
        // (Narayanan's T counts the steps only: the run's wall-clock adds checkpoints and interruptions.)
        QVERIFY2(std::abs(e.compute.run.goodput.workSeconds / 86400 - 33.9) < 0.1, qPrintable(QString::number(e.compute.run.goodput.workSeconds / 86400)));
        // MFU implied: model FLOPs (6ND) / (time · n · 312 TF) = 140·6/8/312 = 33.7 %.
        QCOMPARE_LT(std::abs(e.compute.effectiveMfu - 140.0 * 6 / 8 / 312), 1e-9);
    }

    void gpt3ArchitectureMatchesNarayanan()
    {
        // Narayanan eq. (3): F = 96·B·s·l·h²·(1 + s/(6h) + V/(16·l·h)) per iteration with full
        // recomputation (non-causal attention). Megatron's current count halves the attention
        // core for causal masks; the difference is exactly 1/2 of the s/(6h) term.
        core::Scenario s = preset("gpt-3-175b", 1024);
        s.model.padVocabMultiple = 0;
        s.training.seqLength = 2048;
        s.training.globalBatchSize = 1536;
        s.training.recompute = core::Recompute::Full;
        s.parallel.tensor = 8;
        s.parallel.pipeline = 8;
        s.training.flashAttention = true;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        const double B = 1536, sq = 2048, l = 96, h = 12288, V = 50257;
        const double narayanan = 96 * B * sq * l * h * h * (1 + sq / (6 * h) + V / (16 * l * h));
        const double causalCorrection = 96 * B * sq * l * h * h * (sq / (12 * h));
        // The biases add 0.06 %: compare within 0.1 %.
        const double got = e.compute.hardwareFlopsPerIteration;
        QVERIFY2(std::abs(got - (narayanan - causalCorrection)) < 1e-3 * got, qPrintable(QString::number(got / (narayanan - causalCorrection))));
    }

    void megatronFormulaForLlama()
    {
        // Megatron num_floating_point_operations, written as in the source:
        // 12·B·s·L·h²·[(1 + g/a + s/(2h))·(q/h) + (F/h)·(3/2) + V/(2·L·h)].
        core::Scenario s = preset("llama-2-7b", 8);
        s.training.globalBatchSize = 512;
        const core::Estimate e = core::estimate(s);
        const double B = 512, sq = 4096, L = 32, h = 4096, g = 32, a = 32, F = 11008, V = 32000, q = 4096;
        const double expected = 12 * B * sq * L * h * h * ((1 + g / a + sq / h / 2) * (q / h) + (F / h) * 1.5 + V / (2 * L * h));
        QCOMPARE_LT(std::abs(e.compute.modelFlopsPerIteration - expected), 1e-12 * expected);
        QCOMPARE(e.compute.hardwareFlopsPerIteration, e.compute.modelFlopsPerIteration); // no recomputation
    }

    void recomputationAddsHardwareFlops()
    {
        core::Scenario s = training(7e9, 1e12, 64, "a100-80gb");
        s.training.recompute = core::Recompute::Full;
        const core::Estimate e = core::estimate(s);
        // 6ND model, one more forward (2ND) for the hardware: the "+33 %" of full recomputation (Korthikanti et al. 2022).
        QCOMPARE(e.compute.totalHardwareFlops, 8 * 7e9 * 1e12);
        QCOMPARE(e.compute.totalModelFlops, 6 * 7e9 * 1e12);
    }

    void costAndGpuHours()
    {
        core::Scenario s = training(7e9, 1e12, 64, "a100-80gb");
        s.hardware.pricePerGpuHour = 2.0;
        s.hardware.overheadFactor = 1.3;
        const core::Estimate e = core::estimate(s);
        // The steps' 4.2e22 / (64 × 312e12 × 0.4) s, over the goodput (checkpoints and interruptions).
        const double seconds = 4.2e22 / (64 * 312e12 * 0.4) / e.compute.run.goodput.goodput;
        QCOMPARE_LT(e.compute.run.goodput.goodput, 1.0);
        QCOMPARE_LT(std::abs(e.compute.gpuHours - seconds * 64 / 3600), 1e-6 * e.compute.gpuHours);
        QCOMPARE_LT(std::abs(e.compute.cost - seconds * 64 / 3600 * 2.0 * 1.3), 1e-6 * e.compute.cost);
    }

    void dataParallelCommunication_data()
    {
        QTest::addColumn<int>("stage");
        QTest::addColumn<double>("expected");
        // 7e9 parameters, 16-bit weights and grads, D = 8, one micro-batch per step.
        const double P = 7e9, r = 7.0 / 8;
        QTest::addRow("DDP all-reduce 2(D-1)/D·2Ψ") << 0 << 2 * r * 2 * P;
        QTest::addRow("ZeRO-1 reduce-scatter + all-gather") << 1 << r * 4 * P;
        QTest::addRow("ZeRO-2") << 2 << r * 4 * P;
        QTest::addRow("ZeRO-3 1.5x (ZeRO §7.2)") << 3 << 1.5 * 2 * r * 2 * P;
    }
    void dataParallelCommunication()
    {
        QFETCH(int, stage);
        QFETCH(double, expected);
        core::Scenario s = countOnly(7e9, 8, stage);
        const core::Estimate e = core::estimate(s);
        QCOMPARE(e.microBatchesPerStep, 1);
        QCOMPARE_LT(std::abs(e.communication.dataParallel - expected), 1e-9 * expected);
    }

    void tensorAndPipelineCommunication()
    {
        // Llama-2-7B, TP 2, PP 2, D 2, s 4096, b 1, m 4: per layer and micro-batch four
        // all-reduces of 2·s·b·h bytes at 2(t−1)/t each; PP sends s·b·h·2 bytes each way.
        core::Scenario s = preset("llama-2-7b", 8);
        s.parallel.tensor = 2;
        s.parallel.pipeline = 2;
        s.training.globalBatchSize = 8;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(e.microBatchesPerStep, 4);
        const double act = 2.0 * 4096 * 4096;
        QCOMPARE(e.communication.tensorParallel, 4 * 16 * 4 * (2 * 1.0 / 2) * act);
        QCOMPARE(e.communication.pipelineParallel, 2 * 4 * act);
    }

    void communicationLinks_data()
    {
        // Megatron's rank order tp-cp-dp-pp on nodes of `perNode` GPUs: which groups leave the
        // node. Seed 1 §6.3: "TP=8 in the node over NVLink; PP=4 across nodes; DP=2 across
        // nodes, needs InfiniBand".
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("perNode");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("cp");
        QTest::addColumn<bool>("dpNet");
        QTest::addColumn<bool>("tpNet");
        QTest::addColumn<bool>("ppNet");
        QTest::addColumn<bool>("cpNet");
        QTest::addColumn<double>("dpBus");
        QTest::addColumn<double>("tpBus");
        QTest::addColumn<double>("ppBus");
        // H100 SXM: inside a node 900/2 GB/s per direction × 0.8 (nccl-tests' measured share) =
        // 360 GB/s; a group that spans nodes sends through each member's 50 GB/s NDR port × 0.75,
        // all of a node's members at once, at most NVLink's 360 (stas00/ml-engineering network/README.md).
        QTest::addRow("DP 8 in one node") << 8 << 8 << 1 << 1 << 1 << false << false << false << false << 360e9 << 360e9 << 360e9;
        // 8 DP members per node: 8 × 37.5 = 300 GB/s.
        QTest::addRow("DP 16 over two nodes") << 16 << 8 << 1 << 1 << 1 << true << false << false << false << 300e9 << 360e9 << 360e9;
        // DP ranks 8 apart and PP ranks 16 apart: one member per node, one NIC each: 37.5 GB/s.
        QTest::addRow("TP 8 PP 4 DP 2 on 64") << 64 << 8 << 8 << 4 << 1 << true << false << true << false << 37.5e9 << 360e9 << 37.5e9;
        QTest::addRow("TP 16 spans two nodes") << 16 << 8 << 16 << 1 << 1 << false << true << false << false << 360e9 << 300e9 << 360e9;
        // CP ranks are TP apart (block 4 × 2 = 8: one node); DP × CP ranks 4 apart span 16 with
        // 2 members per node: 75 GB/s.
        QTest::addRow("TP 4 CP 2 DP 2 on 16") << 16 << 8 << 4 << 1 << 2 << true << false << false << false << 75e9 << 360e9 << 360e9;
        QTest::addRow("TP 2 PP 4 in one node") << 8 << 8 << 2 << 4 << 1 << false << false << false << false << 360e9 << 360e9 << 360e9;
        QTest::addRow("4-GPU nodes: TP 2 DP 2 inside, PP 2 across") << 8 << 4 << 2 << 2 << 1 << false << false << true << false << 360e9 << 360e9
                                                                    << 37.5e9;
    }
    void communicationLinks()
    {
        QFETCH(int, gpus);
        QFETCH(int, perNode);
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(int, cp);
        core::Scenario s = preset("llama-2-7b", gpus, "h100-sxm");
        s.parallel.gpusPerNode = perNode;
        s.parallel.tensor = tp;
        s.parallel.pipeline = pp;
        s.parallel.context = cp;
        s.training.globalBatchSize = 64;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        const auto& net = e.communication.overNetwork;
        QTEST(bool(net[std::size_t(core::CommDimension::DataParallel)]), "dpNet");
        QTEST(bool(net[std::size_t(core::CommDimension::TensorParallel)]), "tpNet");
        QTEST(bool(net[std::size_t(core::CommDimension::PipelineParallel)]), "ppNet");
        QTEST(bool(net[std::size_t(core::CommDimension::ContextParallel)]), "cpNet");
        const auto& bus = e.communication.linkBytesPerSecond;
        QTEST(bus[std::size_t(core::CommDimension::DataParallel)], "dpBus");
        QTEST(bus[std::size_t(core::CommDimension::TensorParallel)], "tpBus");
        QTEST(bus[std::size_t(core::CommDimension::PipelineParallel)], "ppBus");
    }

    void communicationTimeAgainstComputation()
    {
        using core::CommDimension;
        const auto dp = std::size_t(CommDimension::DataParallel);
        // Seed 2's 7B on 8 A100 in one node, ZeRO-1: a reduce-scatter of 2 B gradients and an
        // all-gather of 2 B weights, each (7/8)·2·7e9 = 12.25 GB, over NVLink at 600/2 × 0.8 =
        // 240 GB/s, plus one 43.8 µs latency each (nccl-tests PERFORMANCE.md; resources/steptime.json).
        core::Estimate e = core::estimate(countOnly(7e9, 8, 1));
        QVERIFY(e.valid);
        QVERIFY(!e.communication.overNetwork[dp]);
        const double zero1 = 2 * (12.25e9 / 240e9 + 43.8e-6);
        QVERIFY2(std::abs(e.communication.seconds[dp] - zero1) < 1e-9 * zero1, qPrintable(QString::number(e.communication.seconds[dp])));

        // Seed 1 §4.2: "ZeRO-3 across nodes: the network may become the bottleneck". 7B on 64
        // A100 (8 nodes) over 10 Gb Ethernet (1.25 GB/s per GPU), ZeRO-3, 16 micro-batches: each
        // micro-batch gathers the 2 B weights twice and reduce-scatters the 2 B gradients,
        // (63/64)·14 GB each, at 8 members × 1.25 GB/s × 0.75 = 7.5 GB/s per node: 16·3·(1.8375 s
        // + 43.8 µs) = 88.2 s, against 6·7e9·(1024·2048) / (64 · 312e12 · 0.4) = 11.03 s.
        core::Scenario s = countOnly(7e9, 64, 3);
        s.training.globalBatchSize = 1024;
        s.hardware.gpu.networkBytesPerSecond = 1.25e9;
        e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(e.microBatchesPerStep, 16);
        QVERIFY(e.communication.overNetwork[dp]);
        const double comm = 16 * 3 * (63.0 / 64 * 14e9 / 7.5e9 + 43.8e-6);
        const double compute = 6 * 7e9 * 1024 * 2048 / (64 * 312e12 * 0.4);
        QVERIFY2(std::abs(e.communication.seconds[dp] - comm) < 1e-9 * comm, qPrintable(QString::number(e.communication.seconds[dp])));
        QCOMPARE_LT(std::abs(e.compute.iterationSeconds - compute), 1e-9 * compute);
        const auto warning = std::find_if(e.issues.begin(), e.issues.end(),
                                          [](const core::Issue& i) { return i.code == core::IssueCode::CommunicationExceedsCompute; });
        QVERIFY(warning != e.issues.end());
        QCOMPARE(warning->a, double(dp));
        QCOMPARE(QString(warning->key), QString("hardware.gpu.network_bytes_per_second"));
        // With ZeRO-1 the same job reduces once per step: 2·(1.8375 s + 43.8 µs) = 3.68 s, less
        // than the computation it overlaps.
        s.training.zeroStage = 1;
        e = core::estimate(s);
        const double once = 2 * (63.0 / 64 * 14e9 / 7.5e9 + 43.8e-6);
        QVERIFY2(std::abs(e.communication.seconds[dp] - once) < 1e-9 * once, qPrintable(QString::number(e.communication.seconds[dp])));
        for (const core::Issue& i : e.issues)
            QVERIFY(i.code != core::IssueCode::CommunicationExceedsCompute);
    }

    void unknownNetworkIsSaidNotGuessed()
    {
        // A custom GPU without a network figure: no time is made up for the cross-node group.
        core::Scenario s = countOnly(7e9, 16, 1);
        s.hardware.gpu.networkBytesPerSecond = 0;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        const auto dp = std::size_t(core::CommDimension::DataParallel);
        QVERIFY(e.communication.overNetwork[dp]);
        QCOMPARE(e.communication.seconds[dp], 0.0);
        QVERIFY(std::any_of(e.issues.begin(), e.issues.end(),
                            [](const core::Issue& i) { return i.code == core::IssueCode::LinkBandwidthUnknown && i.a == 0; }));
    }
};

QTEST_GUILESS_MAIN(TestCompute)
#include "tst_compute.moc"
