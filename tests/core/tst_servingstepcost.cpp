// One serving engine step (core/serving/stepcost.h, issue 27 item 1): the decode attention bound
// by its read or by its FLOPs (MLA decoding absorbed, draft tokens verified as more queries), the
// experts an attention-data-parallel EP group's rows reach, the EP dispatch only such a group
// pays, and the busiest EP rank's expert load (core/serving/expertload.h). Every expected number is worked by hand in the row's comment from the figures named
// there, not read from the code.
#include <QtTest>

#include <cmath>

#include "core/model.h"
#include "core/modelconstants.h"
#include "core/serving/expertload.h"
#include "core/serving/stepcost.h"
#include "core/steptime.h"

namespace {

// H800 SXM: 3.35 TB/s × 0.88 (resources/serving.json hbm_read_fraction) = 2.948e12 B/s achievable;
// 989.4 TFLOP/s BF16 dense.
constexpr double kH800Bandwidth = 2.948e12;
constexpr double kH800Bf16 = 989.4e12;

core::ModelConstants noFloor()
{
    core::ModelConstants c = core::ModelConstants::shipped();
    c[core::FittedConstant::ServingLayerFloor] = 0; // the part under test alone
    return c;
}

double part(const core::ServingParts& p, core::ServingPart which) { return p[std::size_t(which)]; }

} // namespace

class TestServingStepCost : public QObject
{
    Q_OBJECT

private slots:
    void decodeAttentionFlopsPerHead_data()
    {
        QTest::addColumn<int>("kvLoraRank");
        QTest::addColumn<int>("rope");
        QTest::addColumn<int>("headDim");
        QTest::addColumn<double>("expected");
        // DeepSeek-V3 (config.json: kv_lora_rank 512, qk_rope_head_dim 64), absorbed:
        // 2 · (d + dv) = 2 · ((512 + 64) + 512) = 2176 (FlashMLA's d = 576, dv = 512).
        QTest::newRow("deepseek-v3 MLA") << 512 << 64 << 0 << 2176.0;
        // Llama 3.1 70B (head dim 128): 2 · (128 + 128) = 512.
        QTest::newRow("llama-3.1-70b GQA") << 0 << 0 << 128 << 512.0;
    }
    void decodeAttentionFlopsPerHead()
    {
        QFETCH(int, kvLoraRank);
        QFETCH(int, rope);
        QFETCH(int, headDim);
        QFETCH(double, expected);
        core::ModelArchitecture m;
        m.hiddenSize = 8192;
        m.numAttentionHeads = 64;
        m.headDim = headDim;
        m.kvLoraRank = kvLoraRank;
        m.qkRopeHeadDim = rope;
        m.qkNopeHeadDim = kvLoraRank > 0 ? 128 : 0;
        m.vHeadDim = kvLoraRank > 0 ? 128 : 0;
        QCOMPARE(core::decodeAttentionFlopsPerHead(m), expected);
    }

    void decodeAttentionReadOrCompute_data()
    {
        QTest::addColumn<double>("kvBytes");
        QTest::addColumn<double>("flopsPerQuery");
        QTest::addColumn<double>("sequences");
        QTest::addColumn<double>("verifyRows");
        QTest::addColumn<double>("expectedSeconds");
        // One DeepSeek-V3 layer, one sequence at 4096 cached tokens, TP 1, BF16 latent cache, H800.
        // Read: 576 × 2 B × 4096 = 4,718,592 B / 2.948e12 = 1.6006 µs. FLOPs: 128 heads × 2176 × 4096
        // = 1,140,850,688 / (989.4e12 × 0.586) = 1.9677 µs: compute binds.
        QTest::newRow("MLA decode: FLOPs bind") << 4718592.0 << 1140850688.0 << 1.0 << 0.0 << 1.9677018e-6;
        // The same with three draft tokens verified (MTP, k = 3): four queries on one read,
        // 4 × 1.9677 = 7.8708 µs.
        QTest::newRow("MLA verify, 4 queries") << 4718592.0 << 1140850688.0 << 1.0 << 3.0 << 7.8708073e-6;
        // One Llama 3.1 70B layer (8 KV heads × 128, BF16), 4096 tokens: read 2·8·128·2 B × 4096 =
        // 16,777,216 B / 2.948e12 = 5.6911 µs; FLOPs 64 × 512 × 4096 = 134,217,728 / 5.7979e14 =
        // 0.2315 µs: the read binds.
        QTest::newRow("GQA decode: the read binds") << 16777216.0 << 134217728.0 << 1.0 << 0.0 << 5.6910502e-6;
    }
    void decodeAttentionReadOrCompute()
    {
        QFETCH(double, kvBytes);
        QFETCH(double, flopsPerQuery);
        QFETCH(double, sequences);
        QFETCH(double, verifyRows);
        QFETCH(double, expectedSeconds);
        QCOMPARE(core::decodeAttentionComputeFraction(), 0.586);
        core::ServingStage st;
        st.layers = 1;
        st.kvReadBytes = kvBytes;
        st.decodeAttentionFlops = flopsPerQuery;
        core::ServingHardware hw;
        hw.bandwidth = kH800Bandwidth;
        hw.peakAttentionFlops = kH800Bf16;
        core::ServingLoad load;
        load.decodeSequences = sequences;
        load.verifyRows = verifyRows;
        const core::ServingParts p = core::stageStepParts(st, hw, load, noFloor());
        QVERIFY2(std::abs(part(p, core::ServingPart::KvRead) / expectedSeconds - 1) < 1e-6,
                 qPrintable(QString::number(part(p, core::ServingPart::KvRead), 'g', 10)));
    }

    void expertsAnEpGroupReaches_data()
    {
        QTest::addColumn<double>("rows");
        QTest::addColumn<double>("groupReplicas");
        QTest::addColumn<double>("expectedSeconds");
        // 256 routed experts, top 8 (DeepSeek-V3); the GPU's experts hold 2.948 GB, read at
        // 2.948e12 B/s: 1 ms if every one is touched.
        // Two rows of this GPU alone: 1 − (1 − 8/256)² = 0.0615234 → 61.523 µs.
        QTest::newRow("TP replica, 2 rows") << 2.0 << 1.0 << 6.15234375e-5;
        // Attention DP over 16 ranks, 2 rows each: 32 rows reach the group's experts,
        // 1 − (31/32)^32 = 0.637945 → 637.945 µs.
        QTest::newRow("attention DP x16, 2 rows each") << 2.0 << 16.0 << 6.379447e-4;
    }
    void expertsAnEpGroupReaches()
    {
        QFETCH(double, rows);
        QFETCH(double, groupReplicas);
        QFETCH(double, expectedSeconds);
        core::ServingStage st;
        st.layers = 1;
        st.moeLayers = 1;
        st.expertWeightBytes = 2.948e9;
        core::ServingHardware hw;
        hw.bandwidth = kH800Bandwidth;
        hw.experts = 256;
        hw.topK = 8;
        hw.expertGroupReplicas = groupReplicas;
        core::ServingLoad load;
        load.decodeSequences = rows;
        const core::ServingParts p = core::stageStepParts(st, hw, load, noFloor());
        QVERIFY2(std::abs(part(p, core::ServingPart::Weights) / expectedSeconds - 1) < 1e-6,
                 qPrintable(QString::number(part(p, core::ServingPart::Weights), 'g', 10)));
    }

    void expertDispatchOnlyAcrossReplicas_data()
    {
        QTest::addColumn<double>("groupReplicas");
        QTest::addColumn<double>("dispersion");
        QTest::addColumn<double>("expectedSeconds");
        // One DeepSeek-V3 MoE layer (h 7168, 256 experts, top 8), 128 rows, BF16 activations, EP 8
        // over a bus of 360 GB/s, NCCL latency 20.3 µs (resources/serving.json).
        // TP 8 attention with EP 8 inside it: every rank already holds every row; the MLP's
        // all-reduce combines the experts (vLLM fused_moe/layer.py), no dispatch: 0.
        QTest::newRow("EP inside the TP group") << 1.0 << 0.0 << 0.0;
        // Attention DP (TP 1, EP 8): 128 · 8 · 7168 · 2 B · 7/8 = 12,845,056 B leave each way on
        // the mean rank. The busiest of 8 ranks receives more: 128 · 8 replicas · 8 / 8 = 1024
        // pairs per rank, 32 experts each; uniform routing (c = 0): 1 + z(8) · √(0.875 / 1024) =
        // 1 + 1.434200 · 0.029232 = 1.041924 (z(8) = Φ⁻¹(7.625 / 8.25) = Φ⁻¹(0.924242) = 1.434200);
        // 13,383,580 B: 2 · (37.1766 + 20.3) µs = 114.953 µs.
        QTest::newRow("EP across attention-DP ranks, uniform routing") << 8.0 << 0.0 << 1.1495319e-4;
        // The measured dispersion c = 2.14 (TensorRT-LLM's DeepSeek-R1 study, resources/serving.json):
        // 1 + 1.434200 · √(2.14² / 32 + 0.875 / 1024) = 1 + 1.434200 · √(0.143113 + 0.000854) =
        // 1.544178; 19,835,057 B: 2 · (55.0974 + 20.3) µs = 150.795 µs.
        QTest::newRow("EP across attention-DP ranks, measured dispersion") << 8.0 << 2.14 << 1.5079476e-4;
    }
    void expertDispatchOnlyAcrossReplicas()
    {
        QFETCH(double, groupReplicas);
        QFETCH(double, dispersion);
        QFETCH(double, expectedSeconds);
        QCOMPARE(core::ncclLatencySeconds(), 2.03e-5);
        core::ServingStage st;
        st.layers = 1;
        st.moeLayers = 1;
        core::ServingHardware hw;
        hw.hidden = 7168;
        hw.activationBytes = 2;
        hw.tensor = 1; // the TP all-reduce is not the part under test
        hw.expert = 8;
        hw.experts = 256;
        hw.topK = 8;
        hw.expertGroupReplicas = groupReplicas;
        hw.epBusBytesPerSecond = 360e9;
        hw.expertLoadDispersion = dispersion;
        core::ServingLoad load;
        load.decodeSequences = 128;
        const core::ServingParts p = core::stageStepParts(st, hw, load, noFloor());
        const double ep = part(p, core::ServingPart::ExpertParallel);
        if (expectedSeconds == 0)
            QCOMPARE(ep, 0.0);
        else
            QVERIFY2(std::abs(ep / expectedSeconds - 1) < 1e-6, qPrintable(QString::number(ep, 'g', 10)));
    }

    void expectedMaxStandardNormal_data()
    {
        QTest::addColumn<int>("n");
        QTest::addColumn<double>("expected");
        // Blom (1958): Φ⁻¹((n − 0.375) / (n + 0.25)). One draw: its mean, 0.
        QTest::newRow("1") << 1 << 0.0;
        // Φ⁻¹(1.625 / 2.25) = Φ⁻¹(0.722222) = 0.589456 (the exact E[max of 2] is 1/√π = 0.564190).
        QTest::newRow("2") << 2 << 0.5894558;
        // Φ⁻¹(31.625 / 32.25) = Φ⁻¹(0.980620) = 2.066729.
        QTest::newRow("32") << 32 << 2.0667291;
    }
    void expectedMaxStandardNormal()
    {
        QFETCH(int, n);
        QFETCH(double, expected);
        const double z = core::expectedMaxStandardNormal(n);
        if (expected == 0)
            QCOMPARE(z, 0.0);
        else
            QVERIFY2(std::abs(z / expected - 1) < 1e-6, qPrintable(QString::number(z, 'g', 10)));
    }

    void busiestRankFactor_data()
    {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<double>("localExperts");
        QTest::addColumn<double>("pairsPerRank");
        QTest::addColumn<double>("dispersion");
        QTest::addColumn<double>("expected");
        // TensorRT-LLM's measurement (blog4_Scaling_Expert_Parallelism_in_TensorRT-LLM.md @ 956a4f2,
        // Table 1, no EPLB): DeepSeek-R1, EP 32, 8 experts per rank, 1024 pairs per rank, the hottest
        // rank 1.564 above the mean. With c = 2.14: 2.14² / 8 = 0.572450, 0.96875 / 1024 = 0.000946,
        // √0.573396 = 0.757229; 1 + 2.066729 · 0.757229 = 2.564988 (≈ 1 + 1.564: c reproduces it).
        QTest::newRow("DeepSeek-R1 EP 32, measured") << 32 << 8.0 << 1024.0 << 2.14 << 2.5649876;
        // Qwen3-235B-A22B (128 experts, top 8) on EP 8 with attention DP, 256 rows per rank:
        // 2048 pairs per rank, 16 experts each: 4.5796 / 16 = 0.286225, 0.875 / 2048 = 0.000427,
        // √0.286652 = 0.535399; 1 + 1.434200 · 0.535399 = 1.767870.
        QTest::newRow("Qwen3-235B EP 8") << 8 << 16.0 << 2048.0 << 2.14 << 1.7678695;
        // Uniform routing (c = 0): only the binomial spread, 1 + 1.434200 · √(0.875 / 1024) = 1.041924.
        QTest::newRow("uniform, EP 8") << 8 << 32.0 << 1024.0 << 0.0 << 1.0419241;
        // One rank holds every expert: no busiest rank.
        QTest::newRow("one rank") << 1 << 256.0 << 1024.0 << 2.14 << 1.0;
    }
    void busiestRankFactor()
    {
        QFETCH(int, ranks);
        QFETCH(double, localExperts);
        QFETCH(double, pairsPerRank);
        QFETCH(double, dispersion);
        QFETCH(double, expected);
        const double f = core::busiestRankFactor(ranks, localExperts, pairsPerRank, dispersion);
        QVERIFY2(std::abs(f / expected - 1) < 1e-6, qPrintable(QString::number(f, 'g', 10)));
    }

    void expertGemmsWaitForTheBusiestRank_data()
    {
        QTest::addColumn<double>("groupReplicas");
        QTest::addColumn<double>("expectedSeconds");
        // 1024 rows, 74e9 GEMM FLOPs per row of which 40e9 in routed experts (pairs spread evenly),
        // 256 experts, top 8, EP 8 (32 experts per rank), c = 2.14, at 989.4 TFLOP/s × 0.5.
        // Attention DP: 1024 · 8 replicas · 8 / 8 = 8192 pairs per rank; 1 + 1.434200 ·
        // √(0.143113 + 0.000107) = 1.542763; (74e9 + 0.542763 · 40e9) · 1024 / 494.7e12 = 0.198115 s.
        QTest::newRow("attention DP, EP 8") << 8.0 << 0.19811520;
        // TP 8 with EP 8 inside it: 1024 · 8 / 8 = 1024 pairs per rank; 1.544178 (as above);
        // (74e9 + 0.544178 · 40e9) · 1024 / 494.7e12 = 0.198232 s.
        QTest::newRow("EP inside TP 8") << 1.0 << 0.19823235;
    }
    void expertGemmsWaitForTheBusiestRank()
    {
        QFETCH(double, groupReplicas);
        QFETCH(double, expectedSeconds);
        // A GEMM efficiency of 0.5 at any shape: measured at a 1 × 1 × 1 GEMM, sustained fraction 1.
        core::GpuStepFigures gpu{};
        gpu.gemmBf16 = 0.5;
        gpu.mamfM = gpu.mamfN = gpu.mamfK = 1;
        core::ModelConstants c = noFloor();
        c[core::FittedConstant::SustainedFraction] = 1;
        core::ServingStage st;
        st.layers = 1;
        st.moeLayers = 1;
        st.flopsPerToken = 74e9;
        st.expertFlopsPerToken = 40e9;
        core::ServingHardware hw;
        hw.gemm = &gpu;
        hw.peakFlops = kH800Bf16;
        hw.hidden = 7168;
        hw.tensor = 1; // the all-reduce is not the part under test
        hw.expert = 8;
        hw.experts = 256;
        hw.topK = 8;
        hw.expertGroupReplicas = groupReplicas;
        hw.expertLoadDispersion = 2.14;
        QCOMPARE(core::expertLoadDispersion(), 2.14); // resources/serving.json
        core::ServingLoad load;
        load.decodeSequences = 1024;
        const core::ServingParts p = core::stageStepParts(st, hw, load, c);
        QVERIFY2(std::abs(part(p, core::ServingPart::Compute) / expectedSeconds - 1) < 1e-6,
                 qPrintable(QString::number(part(p, core::ServingPart::Compute), 'g', 10)));
    }
};

QTEST_GUILESS_MAIN(TestServingStepCost)
#include "tst_servingstepcost.moc"
