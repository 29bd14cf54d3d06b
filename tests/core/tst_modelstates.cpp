// Per-GPU model states (weights, gradients, optimizer) under precision recipes, optimizers,
// ZeRO stages, TP/PP and offload, against the seeds' and papers' worked numbers.
#include <QtTest>

#include "core/estimate.h"
#include "testscenarios.h"

using namespace testscenarios;

namespace {

double modelStatesGB(const core::Estimate& e, std::size_t group = 0)
{
    return e.groups.at(group).modelStateBytes() / 1e9;
}

} // namespace

class TestModelStates : public QObject
{
    Q_OBJECT

private slots:
    void zeroStages_data()
    {
        QTest::addColumn<double>("parameters");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("stage");
        QTest::addColumn<double>("expectedGB");
        QTest::addColumn<double>("tolerance");
        // Seed 2: 7B, mixed-precision Adam (16 B/param), 8 GPUs: 14+14+84 | 14+14+84/8 | 14+98/8 | 112/8.
        QTest::addRow("7B ZeRO-0") << 7e9 << 8 << 0 << 112.0 << 1e-9;
        QTest::addRow("7B ZeRO-1") << 7e9 << 8 << 1 << 38.5 << 1e-9;
        QTest::addRow("7B ZeRO-2") << 7e9 << 8 << 2 << 26.25 << 1e-9;
        QTest::addRow("7B ZeRO-3") << 7e9 << 8 << 3 << 14.0 << 1e-9;
        // ZeRO paper Fig. 1: Ψ = 7.5B, N_d = 64, K = 12 → 120 / 31.4 / 16.6 / 1.9 GB (rounded).
        QTest::addRow("7.5B ZeRO-0 on 64") << 7.5e9 << 64 << 0 << 120.0 << 0.05;
        QTest::addRow("7.5B ZeRO-1 on 64") << 7.5e9 << 64 << 1 << 31.4 << 0.05;
        QTest::addRow("7.5B ZeRO-2 on 64") << 7.5e9 << 64 << 2 << 16.6 << 0.05;
        QTest::addRow("7.5B ZeRO-3 on 64") << 7.5e9 << 64 << 3 << 1.9 << 0.05;
    }
    void zeroStages()
    {
        QFETCH(double, parameters);
        QFETCH(int, gpus);
        QFETCH(int, stage);
        QFETCH(double, expectedGB);
        QFETCH(double, tolerance);
        const core::Estimate e = core::estimate(countOnly(parameters, gpus, stage));
        QVERIFY(e.valid);
        QCOMPARE(e.groups.size(), std::size_t(1));
        QVERIFY2(std::abs(modelStatesGB(e) - expectedGB) <= tolerance, qPrintable(QString::number(modelStatesGB(e), 'g', 12)));
    }

    void recipesAndOptimizers_data()
    {
        QTest::addColumn<int>("recipe");
        QTest::addColumn<int>("optimizer");
        QTest::addColumn<double>("bytesPerParameter");
        using R = core::PrecisionRecipe;
        using O = core::Optimizer;
        // ZeRO §3.1 (16 B); Megatron theoretical_memory_usage.py uses 18 without the distributed optimizer.
        QTest::addRow("mixed 16 + Adam (ZeRO §3.1)") << int(R::Mixed16) << int(O::Adam) << 16.0;
        QTest::addRow("bf16 + fp32 grads + Adam (Megatron)") << int(R::MixedBf16Fp32Grads) << int(O::AdamW) << 18.0;
        QTest::addRow("fp32 + Adam") << int(R::Fp32) << int(O::Adam) << 16.0;
        QTest::addRow("pure bf16 Adam") << int(R::Bf16) << int(O::Adam) << 8.0;
        QTest::addRow("mixed 16 + SGD") << int(R::Mixed16) << int(O::Sgd) << 8.0;          // 2 + 2 + 4 master
        QTest::addRow("mixed 16 + momentum") << int(R::Mixed16) << int(O::SgdMomentum) << 12.0; // + 4
        QTest::addRow("mixed 16 + Lion") << int(R::Mixed16) << int(O::Lion) << 12.0;
        // bitsandbytes: two uint8 moments + one fp32 absmax per 2048 values each.
        QTest::addRow("mixed 16 + 8-bit Adam") << int(R::Mixed16) << int(O::Adam8bit) << 8.0 + 2.0 + 8.0 / 2048;
        // FP8 primary weights (1) + fp32 grads (4) + master (4) + Adam (8).
        QTest::addRow("fp8 mixed + Adam") << int(R::Fp8Mixed) << int(O::Adam) << 17.0;
    }
    void recipesAndOptimizers()
    {
        QFETCH(int, recipe);
        QFETCH(int, optimizer);
        QFETCH(double, bytesPerParameter);
        core::Scenario s = countOnly(7e9, 8, 0);
        s.training.precision = core::PrecisionRecipe(recipe);
        s.training.optimizer = core::Optimizer(optimizer);
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(e.stateBytes.total(), bytesPerParameter);
        QCOMPARE(e.groups[0].modelStateBytes(), bytesPerParameter * 7e9);
    }

    void megatronDistributedOptimizer()
    {
        // Megatron: distributed optimizer = ZeRO-1 with fp32 grads, 6 + 12/D bytes per parameter.
        core::Scenario s = countOnly(7e9, 8, 1);
        s.training.precision = core::PrecisionRecipe::MixedBf16Fp32Grads;
        const core::Estimate e = core::estimate(s);
        QCOMPARE(e.groups[0].modelStateBytes(), (6 + 12.0 / 8) * 7e9);
    }

    void adafactorIsFactored()
    {
        // Adafactor keeps a row and a column accumulator per matrix: for Llama-2-7B under
        // 4·(1/h + 1/F) ≈ 0.0014 B/param, i.e. ~9.6 MB for the whole model, not 8 B/param.
        core::Scenario s = preset("llama-2-7b", 8);
        s.training.optimizer = core::Optimizer::Adafactor;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.stateBytes.moments > 0);
        QVERIFY(e.stateBytes.moments < 4 * (2.0 / 4096));
        QCOMPARE(e.stateBytes.master, 4.0);
    }

    void llama70bWeightsPerGpuOn64H100()
    {
        // Seed 1 §6.2: TP 8, PP 4, DP 2 on 64 H100: "70B / 32 × 2 ≈ 4.4 GB" of bf16 weights per GPU.
        core::Scenario s = preset("llama-2-70b", 64, "h100-sxm");
        s.parallel.tensor = 8;
        s.parallel.pipeline = 4;
        s.training.zeroStage = 1;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(e.dataParallel, 2);
        QVERIFY(e.groups.size() >= 2);
        for (const core::RankGroup& g : e.groups) {
            const double weightsGB = g.bytes[std::size_t(core::Component::Weights)] / 1e9;
            QVERIFY2(std::abs(weightsGB - 4.4) < 0.05 * 4.4, qPrintable(QString::number(weightsGB)));
        }
        // The count-only version of the seed's arithmetic is exact: 70e9 / 32 × 2 = 4.375 GB.
        core::Scenario c = countOnly(70e9, 64, 1, "h100-sxm");
        c.parallel.tensor = 8;
        c.parallel.pipeline = 4;
        c.training.globalBatchSize = 64;
        const core::Estimate ce = core::estimate(c);
        QVERIFY(ce.valid);
        QCOMPARE(ce.groups[0].bytes[std::size_t(core::Component::Weights)], 4.375e9);
    }

    void stagesDiffer()
    {
        // Stage 0 holds the embedding, the last stage the output layer: 32000·8192/8 parameters each.
        core::Scenario s = preset("llama-2-70b", 64, "h100-sxm");
        s.parallel.tensor = 8;
        s.parallel.pipeline = 4;
        const core::Estimate e = core::estimate(s);
        QCOMPARE(e.groups.front().firstStage, 0);
        QCOMPARE(e.groups.back().lastStage, 3);
        // 20 layers of 855,654,400 parameters; TP shards all but the two RMSNorms (2·8192).
        const double embeddingShare = 32000.0 * 8192 / 8;
        const double normsPerLayer = 2 * 8192;
        const double perLayerSharded = (855654400.0 - normsPerLayer) / 8 + normsPerLayer;
        QCOMPARE(e.groups.front().residentParameters, 20 * perLayerSharded + embeddingShare);
        QCOMPARE(e.groups.back().residentParameters, 20 * perLayerSharded + embeddingShare + 8192);
        QCOMPARE(e.groups.front().firstRank, 0);
        QCOMPARE(e.groups.front().lastRank, 15);
        QCOMPARE(e.groups.back().firstRank, 48);
        QCOMPARE(e.groups.back().lastRank, 63);
    }

    void seventyBOnEightA100DoesNotFit_data()
    {
        QTest::addColumn<int>("stage");
        for (int z = 0; z <= 3; ++z)
            QTest::addRow("ZeRO-%d", z) << z;
    }
    void seventyBOnEightA100DoesNotFit()
    {
        // Seed 1 §6.4/Q8: 1.12 TB of model states on 8 × 80 GB; even ZeRO-3 leaves 140 GB per GPU.
        QFETCH(int, stage);
        core::Scenario s = preset("llama-2-70b", 8, "a100-80gb");
        s.training.zeroStage = stage;
        s.training.globalBatchSize = 8;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QVERIFY(!e.groups[0].fits);
        QVERIFY(e.groups[0].modelStateBytes() >= 16 * 68.9e9 / 8);
        bool why = false;
        for (const core::Issue& i : e.issues)
            why |= i.code == core::IssueCode::ModelStatesExceedCapacity;
        QVERIFY2(why, "the estimate must say the model states alone exceed the GPU");
    }

    void offloadZero3()
    {
        // DeepSpeed estimate_zero3_model_states_mem_needs with both offloads, one node:
        // CPU = Ψ·18·1.5; the GPU keeps no model states, only the gathered modules.
        core::Scenario s = countOnly(7e9, 8, 3);
        s.training.offloadOptimizer = true;
        s.training.offloadParameters = true;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(e.groups[0].modelStateBytes(), 0.0);
        QCOMPARE_LT(std::abs(e.cpuBytesPerNode - 7e9 * 18 * 1.5), 1);
        QVERIFY(e.groups[0].bytes[std::size_t(core::Component::Zero3GatherBuffers)] > 0);
    }

    void offloadOptimizerZero2()
    {
        // ZeRO-Offload (DeepSpeed zero2 estimate): GPU keeps the 2Ψ fp16 weights; CPU holds fp32
        // master + moments + fp32 grads = 16 B per parameter (× 1.5 buffer factor).
        core::Scenario s = countOnly(7e9, 8, 2);
        s.training.offloadOptimizer = true;
        const core::Estimate e = core::estimate(s);
        QCOMPARE(e.groups[0].modelStateBytes(), 2 * 7e9);
        QCOMPARE_LT(std::abs(e.cpuBytesPerNode - 7e9 * 16 * 1.5), 1);
    }

    void zero3GatherBuffer()
    {
        // DeepSpeed budgets 4·ℓ bytes for the largest module ℓ: two 16-bit copies. For
        // Llama-2-7B the largest module is the MLP (3·4096·11008 = 135,266,304).
        core::Scenario s = preset("llama-2-7b", 8);
        s.training.zeroStage = 3;
        s.training.globalBatchSize = 8;
        const core::Estimate e = core::estimate(s);
        QCOMPARE(e.groups[0].bytes[std::size_t(core::Component::Zero3GatherBuffers)], 4 * 135266304.0);
    }

    void runtimeComponentsAreExplicit()
    {
        // 7e9 parameters, ZeRO-1 over 8 (Megatron's distributed optimizer), mixed 16-bit.
        core::Scenario s = countOnly(7e9, 8, 1);
        s.runtime.cudaContextBytes = 0.8e9;
        s.runtime.fragmentationFraction = 0.1;
        const core::Estimate e = core::estimate(s);
        const core::RankGroup& g = e.groups[0];
        QCOMPARE(g.bytes[std::size_t(core::Component::CudaContext)], 0.8e9);
        // Outside the allocator: the context and the NCCL buffers of the one data-parallel
        // communicator (688 MB, NVIDIA/nccl #964).
        QCOMPARE(g.deviceBytes - g.reservedBytes, 0.8e9 + 688e6);
        // cuBLAS 32 MiB + cuBLASLt 1 MiB for the forward and the autograd thread, Transformer
        // Engine 32 MiB + 1 KiB: 2 · 34,603,008 + 33,555,456 = 102,761,472 B.
        QCOMPARE(g.bytes[std::size_t(core::Component::LibraryWorkspaces)], 102761472.0);
        // The reserve is 10 % of what the step allocates beyond what was allocated once at start:
        // bf16 weights (2 B), Megatron's contiguous 16-bit grad buffer (2 B), the fp32 master
        // shard (4 B / 8) and the workspaces.
        const double once = 2 * 7e9 + 2 * 7e9 + 4 * 7e9 / 8 + 102761472.0;
        QCOMPARE(g.bytes[std::size_t(core::Component::Fragmentation)], 0.1 * (g.allocatedBytes - once));
        QCOMPARE(g.reservedBytes, g.allocatedBytes + g.bytes[std::size_t(core::Component::Fragmentation)]);
        // Megatron's buckets are views of the grad buffer; an explicit figure replaces that.
        QCOMPARE(g.bytes[std::size_t(core::Component::CommBuckets)], 0.0);
        s.runtime.commBucketBytes = 50.0 * 1024 * 1024;
        QCOMPARE(core::estimate(s).groups[0].bytes[std::size_t(core::Component::CommBuckets)], 50.0 * 1024 * 1024);
    }

    void hugeModelDoesNotOverflow()
    {
        // 10^15 parameters (within the 10^16 limit: must not overflow): 16 B/param → 1.6e16 B on one GPU.
        const core::Estimate e = core::estimate(countOnly(1e15, 8, 0));
        QVERIFY(e.valid);
        QCOMPARE(e.groups[0].modelStateBytes(), 16e15);
        QVERIFY(std::isfinite(e.compute.totalModelFlops));
        QVERIFY(!e.groups[0].fits);
    }
};

QTEST_GUILESS_MAIN(TestModelStates)
#include "tst_modelstates.moc"
