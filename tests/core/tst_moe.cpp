// Mixture of experts: total vs active parameters, expert sharding over EP × expert TP with ZeRO
// over the expert-data-parallel group, MoE activations, all-to-all volume, validation.
#include <QtTest>

#include "core/estimate.h"
#include "core/model.h"
#include "core/layout/resolvedlayout.h"
#include "core/model/layerparameters.h"
#include "core/model/layerpattern.h"
#include "core/io/presets.h"
#include "testscenarios.h"

using namespace testscenarios;

namespace {

core::Scenario mixtral64()
{
    // Mixtral 8x7B on 64 H100: TP 2, PP 4, EP 8, expert TP 1 → DP 8, expert DP 2.
    core::Scenario s = preset("mixtral-8x7b", 64, "h100-sxm");
    s.training.precision = core::PrecisionRecipe::MixedBf16Fp32Grads;
    s.training.zeroStage = 1;
    s.training.globalBatchSize = 512;
    s.training.recompute = core::Recompute::Selective;
    s.parallel.tensor = 2;
    s.parallel.pipeline = 4;
    s.parallel.expert = 8;
    s.parallel.expertTensor = 1;
    s.parallel.sequenceParallel = true;
    return s;
}

} // namespace

class TestMoe : public QObject
{
    Q_OBJECT

private slots:
    void activeParameters_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("active");
        QTest::addColumn<double>("tolerance");
        // Model cards: Mixtral "12.9B active" (Jiang et al. 2024); DeepSeek-V3 "37B activated";
        // Qwen1.5-MoE "A2.7B".
        QTest::addRow("Mixtral 8x7B") << "mixtral-8x7b" << 12.9e9 << 0.005;
        QTest::addRow("DeepSeek-V3") << "deepseek-v3" << 37e9 << 0.02;
        QTest::addRow("Qwen1.5-MoE-A2.7B") << "qwen1.5-moe-a2.7b" << 2.7e9 << 0.01;
    }
    void activeParameters()
    {
        QFETCH(QString, id);
        QFETCH(double, active);
        QFETCH(double, tolerance);
        const core::ModelPreset* p = core::findModelPreset(id.toStdString());
        QVERIFY(p);
        const core::ParameterCounts c = core::countParameters(p->model);
        QVERIFY2(std::abs(c.active - active) <= tolerance * active, qPrintable(QString::number(c.active)));
        QVERIFY(c.active < c.total);
    }

    void mixtralByHand()
    {
        // 32 MoE layers: attention 2·4096² + 2·4096·1024, norms 2·4096, router 4096·8, eight
        // experts of 3·4096·14336; embedding and output 32000·4096; final norm 4096.
        const core::ParameterCounts c = core::countParameters(core::findModelPreset("mixtral-8x7b")->model);
        const double attention = 2.0 * 4096 * 4096 + 2.0 * 4096 * 1024, expert = 3.0 * 4096 * 14336;
        const double layer = attention + 2 * 4096 + 4096 * 8 + 8 * expert;
        QCOMPARE(c.total, 32 * layer + 2 * 32000.0 * 4096 + 4096);
        QCOMPARE(c.active, c.total - 32 * 6 * expert);
        QCOMPARE(c.moeLayers, 32);
    }

    void deepSeekV3SeedRow()
    {
        // Seed 1 §1.2: 671B (total) → 10.7 TB of model states at 16 B/param, 1.34 TB of bf16 weights.
        const core::ParameterCounts c = core::countParameters(core::findModelPreset("deepseek-v3")->model);
        QCOMPARE_LT(std::abs(c.total - 671e9), 0.001 * 671e9);
        QCOMPARE_LT(std::abs(16 * c.total / 1e12 - 10.7), 0.05);
        QCOMPARE_LT(std::abs(2 * c.total / 1e12 - 1.34), 0.005);
        QCOMPARE(c.moeLayers, 58); // first_k_dense_replace = 3 of 61 layers
        core::Scenario s = countOnly(c.total, 8, 0);
        const core::Estimate e = core::estimate(s);
        QCOMPARE_LT(std::abs(e.groups[0].modelStateBytes() / 1e12 - 10.7), 0.05);
    }

    void moeLayerPattern_data()
    {
        QTest::addColumn<int>("frequency");
        QTest::addColumn<int>("firstDense");
        QTest::addColumn<int>("first");
        QTest::addColumn<int>("last");
        QTest::addColumn<int>("expected");
        QTest::addRow("every layer") << 1 << 0 << 0 << 32 << 32;
        QTest::addRow("every 2nd") << 2 << 0 << 0 << 32 << 16;   // layers 0, 2, …, 30
        QTest::addRow("every 2nd, stage 1") << 2 << 0 << 5 << 10 << 2; // 6, 8
        QTest::addRow("3 dense first") << 1 << 3 << 0 << 61 << 58;
        QTest::addRow("3 dense, stage 0 of 4") << 1 << 3 << 0 << 16 << 13;
        QTest::addRow("range inside dense") << 1 << 3 << 0 << 2 << 0;
    }
    void moeLayerPattern()
    {
        QFETCH(int, frequency);
        QFETCH(int, firstDense);
        QFETCH(int, first);
        QFETCH(int, last);
        QFETCH(int, expected);
        core::ModelArchitecture m;
        m.numExperts = 8;
        m.moeLayerFrequency = frequency;
        m.firstDenseLayers = firstDense;
        const core::LayerPattern pattern = core::layerPattern(m);
        QCOMPARE(pattern.moeLayersIn(first, last), expected);
        QCOMPARE(pattern.countsIn(first, last)[core::LayerKind::Moe], expected);
        QCOMPARE(pattern.countsIn(first, last)[core::LayerKind::Dense], last - first - expected);
        int brute = 0;
        for (int l = first; l < last; ++l)
            brute += pattern.kindOf(l) == core::LayerKind::Moe;
        QCOMPARE(brute, expected);
    }

    // Every layer is one kind, and each kind's description holds the whole layer: over the layers
    // of each kind, the kinds' parameters add up to countParameters' layers (Σ dense × perLayer +
    // MoE × perMoeLayer), for every preset (DeepSeek-V3 config.json: 3 dense, then 58 MoE layers).
    void layerKindsAddUpToTheLayers()
    {
        int checked = 0;
        for (const core::ModelPreset& preset : core::modelPresets()) {
            const core::ModelArchitecture& m = preset.model;
            if (!m.hasArchitecture)
                continue;
            const core::ParameterCounts pc = core::countParameters(m);
            const core::KindCounts layers = core::layerPattern(m).countsIn(0, m.numLayers);
            QCOMPARE(layers.total(), m.numLayers);
            // Layers with routed experts: the MoE layers, and a hybrid MoE model's linear layers.
            QCOMPARE(layers[core::LayerKind::Moe] + (m.isMoE() ? layers[core::LayerKind::LinearAttention] : 0), pc.moeLayers);
            double sum = 0;
            for (core::LayerKind kind : core::kModelledKinds) {
                const core::LayerParameters p = core::layerParameters(m, pc, kind);
                sum += layers[kind] * (p.linear + p.replicated + p.routedExperts);
            }
            QVERIFY2(std::abs(sum - pc.layers) <= 1e-12 * pc.layers, qPrintable(QString::fromStdString(m.preset)));
            ++checked;
        }
        QVERIFY(checked > 20);
        const core::ModelArchitecture v3 = core::findModelPreset("deepseek-v3")->model;
        const core::KindCounts v3Layers = core::layerPattern(v3).countsIn(0, v3.numLayers);
        QCOMPARE(v3Layers[core::LayerKind::Dense], 3);
        QCOMPARE(v3Layers[core::LayerKind::Moe], 58);
    }

    // The pipeline's stages and virtual chunks, by kind. 8 layers, the first 3 dense, the rest
    // MoE (layers 3–7), on 2 stages. One chunk per stage: stage 0 holds layers 0–3 (MoE: 3),
    // stage 1 layers 4–7 (4 MoE). Interleaved, 2 chunks of 2 layers: chunk j of stage i is
    // virtual stage 2j + i (Megatron: "Stage 0: [0, 1] [4, 5]; Stage 1: [2, 3] [6, 7]"), so stage 0
    // holds 0, 1, 4, 5 (MoE 4, 5) and stage 1 holds 2, 3, 6, 7 (MoE 3, 6, 7).
    void stagesAndChunksByKind_data()
    {
        QTest::addColumn<int>("virtualStages");
        QTest::addColumn<int>("stage");
        QTest::addColumn<int>("moe");
        QTest::addColumn<int>("firstChunkMoe");
        QTest::addRow("1F1B, stage 0") << 1 << 0 << 1 << 1;
        QTest::addRow("1F1B, stage 1") << 1 << 1 << 4 << 4;
        QTest::addRow("interleaved, stage 0") << 2 << 0 << 2 << 0; // chunk 0: layers 0, 1
        QTest::addRow("interleaved, stage 1") << 2 << 1 << 3 << 1; // chunk 0: layers 2, 3
    }
    void stagesAndChunksByKind()
    {
        QFETCH(int, virtualStages);
        QFETCH(int, stage);
        QFETCH(int, moe);
        QFETCH(int, firstChunkMoe);
        core::Scenario s;
        s.model.numLayers = 8;
        s.model.numExperts = 8;
        s.model.firstDenseLayers = 3;
        s.parallel.gpus = 2;
        s.parallel.pipeline = 2;
        s.parallel.virtualPipeline = virtualStages;
        s.training.globalBatchSize = 8;
        const core::ResolvedLayout layout = core::resolveLayout(s, s.model);
        const core::StageLayers st = layout.stage(stage);
        QCOMPARE(st.count, 4);
        QCOMPARE(st.kinds[core::LayerKind::Moe], moe);
        QCOMPARE(st.kinds[core::LayerKind::Dense], 4 - moe);
        QCOMPARE(layout.chunk(stage, 0).kinds[core::LayerKind::Moe], firstChunkMoe);
        int chunked = 0;
        for (int j = 0; j < virtualStages; ++j)
            chunked += layout.chunk(stage, j).kinds[core::LayerKind::Moe];
        QCOMPARE(chunked, moe);
    }

    // The memory ledger reads the interleaved stages' kinds. Mixtral's 32 layers with the first
    // 10 made dense, 2 stages × 2 chunks of 8 layers (TP 1, EP 1): stage 0 holds layers 0–7 and
    // 16–23 (8 dense, 8 MoE), stage 1 holds 8–15 and 24–31 (2 dense, 14 MoE); one chunk each
    // would give 6 and 16 MoE layers. A stage's parameters are its layers' (dense: perLayer, MoE:
    // perMoeLayer) plus the embedding on stage 0, the final norm and output layer on stage 1.
    void interleavedStagesHoldTheirChunksLayers()
    {
        core::Scenario s = mixtral64();
        s.model.firstDenseLayers = 10;
        s.parallel = core::ParallelLayout{};
        s.parallel.gpus = 2;
        s.parallel.pipeline = 2;
        s.parallel.virtualPipeline = 2;
        s.training.globalBatchSize = 8;
        s.training.microBatchSize = 1;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        const core::ParameterCounts pc = core::countParameters(s.model);
        const double stage0 = 8 * pc.perLayer + 8 * pc.perMoeLayer + pc.embedding;
        const double stage1 = 2 * pc.perLayer + 14 * pc.perMoeLayer + pc.finalNorm + pc.outputLayer;
        QCOMPARE(e.groups.size(), std::size_t(2));
        QVERIFY(qAbs(e.groups[0].residentParameters - stage0) <= 1e-12 * stage0);
        QVERIFY(qAbs(e.groups[1].residentParameters - stage1) <= 1e-12 * stage1);
    }

    // The kinds without maths yet are described but never produced by a pattern.
    void unmodelledKindsAreDescribedOnly()
    {
        for (std::size_t i = 0; i < core::kLayerKindCount; ++i) {
            const core::LayerKindInfo& info = core::layerKindInfo(core::LayerKind(i));
            QCOMPARE(std::size_t(info.kind), i);
            QVERIFY(!info.id.empty() && !info.source.empty());
            QCOMPARE(info.modelled, i < core::kModelledKindCount);
        }
        QCOMPARE(core::layerKindInfo(core::LayerKind::LinearAttention).cache, core::KindCache::RecurrentState);
        QCOMPARE(core::layerKindInfo(core::LayerKind::Encoder).cache, core::KindCache::None);
    }

    void expertShardingAndZero()
    {
        // Per GPU of stage 0: 8 layers; dense part = attention/2 + norms + router, embedding/2;
        // experts = 8 experts × 3·4096·14336 / (EP 8 · ETP 1) per layer.
        const core::Estimate e = core::estimate(mixtral64());
        QVERIFY(e.valid);
        const double attention = 2.0 * 4096 * 4096 + 2.0 * 4096 * 1024;
        const double dense = 8 * (attention / 2 + 2 * 4096 + 4096 * 8) + 32000.0 * 4096 / 2;
        const double experts = 8 * (3.0 * 4096 * 14336);
        const core::RankGroup& g = e.groups.front();
        QCOMPARE(g.residentParameters, dense + experts);
        QCOMPARE(g.bytes[std::size_t(core::Component::Weights)], 2 * (dense + experts));
        // Distributed optimizer (ZeRO-1): 12 B/param over DP·CP = 8 for the dense part, over the
        // expert-data-parallel group 64 / (PP 4 · EP 8 · ETP 1) = 2 for the experts.
        QCOMPARE(g.bytes[std::size_t(core::Component::OptimizerStates)], 12 * dense / 8 + 12 * experts / 2);
    }

    void allToAllVolume()
    {
        // Per GPU per step: m micro-batches × 8 MoE layers × 4 all-to-alls (dispatch + combine,
        // fwd + bwd) × (EP−1)/EP × 2 bytes × (s/t_sp)·b·k·CF tokens × h.
        const core::Estimate e = core::estimate(mixtral64());
        const double m = 512.0 / 8, tokens = 4096.0 / 2 * 2;
        QCOMPARE(e.communication.expertParallel, m * 8 * 4 * (7.0 / 8) * 2 * tokens * 4096);
    }

    void moeActivationsScaleWithCapacity()
    {
        core::Scenario s = mixtral64();
        const core::Estimate a = core::estimate(s);
        s.training.moeCapacityFactor = 2.0;
        const core::Estimate b = core::estimate(s);
        // Only the routed-token tensors grow: per layer 2·(s/2)·2·(h + 2F + F + h)·Δk·CF bytes… at
        // least the layer activations and the dispatch buffers grow, nothing else.
        QVERIFY(b.groups[0].bytes[std::size_t(core::Component::LayerActivations)] > a.groups[0].bytes[std::size_t(core::Component::LayerActivations)]);
        QCOMPARE(b.groups[0].bytes[std::size_t(core::Component::MoeDispatchBuffers)],
                 2 * a.groups[0].bytes[std::size_t(core::Component::MoeDispatchBuffers)]);
        QCOMPARE(b.groups[0].bytes[std::size_t(core::Component::Weights)], a.groups[0].bytes[std::size_t(core::Component::Weights)]);
    }

    void computeUsesActiveParameters()
    {
        // Megatron's count with k routed experts: 12·L·h·(q+k) + 18·h·(k·F_e)·L + 6·s·q·L + 6·h·V.
        core::Scenario s = mixtral64();
        const core::Estimate e = core::estimate(s);
        const double L = 32, h = 4096, q = 4096, kv = 1024, sq = 4096, V = 32000;
        const double perToken = 12 * L * h * (q + kv) + 18 * h * (2 * 14336.0) * L + 6 * sq * q * L + 6 * h * V;
        QCOMPARE_LT(std::abs(e.compute.modelFlopsPerIteration - perToken * 512 * 4096), 1e-9 * e.compute.modelFlopsPerIteration);
    }

    void invalidLayouts_data()
    {
        QTest::addColumn<int>("topK");
        QTest::addColumn<int>("ep");
        QTest::addColumn<int>("etp");
        QTest::addColumn<int>("code");
        QTest::addRow("top-k > experts") << 9 << 8 << 1 << int(core::IssueCode::TopKExceedsExperts);
        QTest::addRow("EP does not divide experts") << 2 << 3 << 1 << int(core::IssueCode::ExpertNotDividingExperts);
        QTest::addRow("PP·EP·ETP does not divide GPUs") << 2 << 8 << 4 << int(core::IssueCode::ExpertLayoutNotDividingGpus);
    }
    void invalidLayouts()
    {
        QFETCH(int, topK);
        QFETCH(int, ep);
        QFETCH(int, etp);
        QFETCH(int, code);
        core::Scenario s = mixtral64();
        s.model.moeTopK = topK;
        s.parallel.expert = ep;
        s.parallel.expertTensor = etp;
        const core::Estimate e = core::estimate(s);
        QVERIFY(!e.valid);
        bool found = false;
        for (const core::Issue& i : e.issues)
            found |= i.code == core::IssueCode(code) && i.severity == core::Severity::Error;
        QVERIFY(found);
    }
};

QTEST_GUILESS_MAIN(TestMoe)
#include "tst_moe.moc"
