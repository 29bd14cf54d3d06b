// Any pipeline layout (issue 25 item 1): uneven virtual stages as Megatron places them, the
// interleaved bubble from the real chunk sizes, the most loaded stage's memory, and the
// layouts Megatron refuses refused with their reason. Every expected number is worked by hand
// in the row's comment from Megatron-LM's rules (megatron/core/transformer/transformer_layer.py
// get_transformer_layer_offset, transformer_config.py __post_init__, @ d98e8a6) or a paper.
#include <QtTest>

#include <functional>

#include "core/estimate.h"
#include "core/estimate_context.h"
#include "core/fields.h"
#include "core/io/launchconfig.h"
#include "core/layout/resolvedlayout.h"
#include "core/pipeline.h"
#include "testscenarios.h"

using namespace testscenarios;

namespace {

/// Llama 3 405B as its paper trained it (arXiv 2407.21783 Table 4, first row): 8,192 H100, TP 8,
/// PP 16, DP 64, 2,048 sequences of 8,192 tokens a step (16M tokens), micro-batch 1. §3.3.2: "we
/// reduce one Transformer layer each from the first and the last stages. This means that the
/// first model chunk on the first stage has only the embedding, and the last model chunk on the
/// last stage has only output projection and loss": the embedding and the loss are pipeline units
/// and a chunk holds one unit, so v = (126 + 2) / 16 = 8.
core::Scenario llama3Paper()
{
    core::Scenario s = preset("llama-3.1-405b", 8192, "h100-sxm");
    s.parallel.gpusPerNode = 8;
    s.parallel.tensor = 8;
    s.parallel.pipeline = 16;
    s.parallel.virtualPipeline = 8;
    s.parallel.sequenceParallel = true;
    s.parallel.embeddingCountsAsLayer = true;
    s.parallel.lossCountsAsLayer = true;
    s.training.seqLength = 8192;
    s.training.globalBatchSize = 2048;
    s.training.microBatchSize = 1;
    s.training.zeroStage = 1;
    s.training.recompute = core::Recompute::Selective;
    s.hardware.mfu = 0; // the step-time model, not a stated MFU
    return s;
}

bool hasError(const core::Estimate& e, core::IssueCode code, core::Field field, double a, double b)
{
    for (const core::Issue& i : e.issues)
        if (i.code == code && i.severity == core::Severity::Error && i.field && *i.field == field && i.a == a && i.b == b)
            return true;
    return false;
}

} // namespace

class TestPipelineLayout : public QObject
{
    Q_OBJECT

private slots:
    void llama3PaperLayout()
    {
        const core::Scenario s = llama3Paper();
        const core::ModelArchitecture& m = s.model;
        QCOMPARE(m.numLayers, 126);
        const core::ResolvedLayout r = core::resolveLayout(s, m);
        QVERIFY(r.unevenChunks());
        // 128 units over 16 × 8 chunks: one each; chunk 0 of stage 0 is the embedding alone and
        // chunk 7 of stage 15 the loss alone, so stages 0 and 15 hold 7 layers, the others 8.
        QCOMPARE(r.layersOn(0), 7);
        QCOMPARE(r.layersOn(1), 8);
        QCOMPARE(r.layersOn(14), 8);
        QCOMPARE(r.layersOn(15), 7);
        QCOMPARE(r.unevenChunkLayers(0, 0), 0);
        QCOMPARE(r.unevenChunkLayers(15, 7), 0);
        QCOMPARE(r.unevenChunkLayers(0, 1), 1);
        // Megatron's offset: vp_stage·(128/8) + pp_rank·1 − 1 (the embedding) except for chunk 0
        // of stage 0: stage 1 chunk 0 starts at layer 0, stage 0 chunk 1 at 16 − 1 = 15, stage 15
        // chunk 6 at 6·16 + 15 − 1 = 110.
        QCOMPARE(r.chunk(1, 0).first, 0);
        QCOMPARE(r.chunk(0, 1).first, 15);
        QCOMPARE(r.chunk(15, 6).first, 110);
        QCOMPARE(r.stage(3).count, 8);
        // The working's first/last stage counts follow.
        QCOMPARE(r.split.firstCount, 7);
        QCOMPARE(r.split.lastCount, 7);
    }

    void megatronFirstLastWithVirtualStages()
    {
        // --decoder-first-pipeline-num-layers 6 --decoder-last-pipeline-num-layers 8, PP 16, VP 2,
        // 126 layers: first chunks 6/2 = 3, last 8/2 = 4, the 14 middle stages (126 − 14)/14 = 8,
        // 4 a chunk. Megatron's offset (pp 1, vp 1) = 1·(3 + 112/2 + 4) + 3 + 0·4 = 66; (pp 15,
        // vp 0) = 3 + 14·4 = 59.
        core::Scenario s = llama3Paper();
        s.parallel.virtualPipeline = 2;
        s.parallel.embeddingCountsAsLayer = s.parallel.lossCountsAsLayer = false;
        s.parallel.firstStageLayers = 6;
        s.parallel.lastStageLayers = 8;
        const core::ResolvedLayout r = core::resolveLayout(s, s.model);
        QVERIFY(r.unevenChunks());
        QCOMPARE(r.unevenChunkLayers(0, 0), 3);
        QCOMPARE(r.unevenChunkLayers(15, 1), 4);
        QCOMPARE(r.unevenChunkLayers(7, 1), 4);
        QCOMPARE(r.chunk(1, 1).first, 66);
        QCOMPARE(r.chunk(15, 0).first, 59);
        QCOMPARE(r.chunk(0, 1).first, 63);
        QCOMPARE(r.layersOn(0), 6);
        QCOMPARE(r.layersOn(15), 8);
        QVERIFY(core::estimate(s).valid);
    }

    void megatronFlagsForUnevenChunks()
    {
        // 126 layers over 16 × 8 chunks have no per-chunk count: Megatron's launch takes
        // --num-virtual-stages-per-pipeline-rank 8 with the embedding and loss as layers
        // (arguments.py @ d98e8a6), never --num-layers-per-virtual-pipeline-stage 0.
        const std::string flags = core::launchConfig(llama3Paper(), core::LaunchFramework::Megatron);
        QVERIFY(flags.find("--num-virtual-stages-per-pipeline-rank 8") != std::string::npos);
        QVERIFY(flags.find("--num-layers-per-virtual-pipeline-stage") == std::string::npos);
        QVERIFY(flags.find("--account-for-embedding-in-pipeline-split") != std::string::npos);
        QVERIFY(flags.find("--account-for-loss-in-pipeline-split") != std::string::npos);
    }

    void inFlightWeighsTheRealChunks()
    {
        // m = 2048 / 64 = 32 micro-batches. Megatron's warm-up holds 2(p − i − 1) + (v − 1)p + 1
        // chunk-micro-batches, in groups of p = 16 a chunk.
        //  stage 0: 30 + 112 + 1 = 143 = 8 groups (chunks 0–7) + 15 of chunk 0; chunk 0 holds no
        //           layer: 7·16 = 112 layer-micro-batches over 7 layers = 16 (even chunks: 143/8 = 17.875);
        //  stage 1: 28 + 113 = 141, every chunk one layer: 141 / 8 = 17.625;
        //  stage 15: 113 = 7 groups + 1 of chunk 7 (the loss alone): 7·16 = 112 over 7 layers = 16.
        const core::Scenario s = llama3Paper();
        core::EstimateContext ctx(s);
        QCOMPARE(ctx.layout.micro, 32);
        QCOMPARE(ctx.layout.inFlight(0), 16.0);
        QCOMPARE(ctx.layout.inFlight(1), 17.625);
        QCOMPARE(ctx.layout.inFlight(15), 16.0);
        // So the most loaded GPU is a middle stage's, not the first's (the memory imbalance
        // Llama 3 §3.3.2 moves the layer off the first stage for).
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        double stage0 = 0, most = 0;
        int mostStage = -1;
        for (const core::RankGroup& g : e.groups) {
            if (g.firstStage == 0)
                stage0 = g.deviceBytes;
            if (g.deviceBytes > most) {
                most = g.deviceBytes;
                mostStage = g.firstStage;
            }
        }
        QVERIFY(mostStage >= 1 && mostStage <= 14);
        QVERIFY(stage0 < most);
    }

    void unevenBubble_data()
    {
        QTest::addColumn<int>("p");
        QTest::addColumn<int>("v");
        QTest::addColumn<double>("m");
        QTest::addColumn<QVector<double>>("chunks"); // C(i, j) at [j·p + i]
        QTest::addColumn<double>("bubble");
        // Equal chunks: Narayanan et al. 2021 §2.2, (p − 1)·S/v = 3·1.
        QTest::newRow("equal chunks p4 v2") << 4 << 2 << 8.0 << QVector<double>(8, 1.0) << 3.0;
        // 1F1B with stages 1, 2, 3, 1: slowest 3, the others' sum 4.
        QTest::newRow("1F1B uneven stages") << 4 << 1 << 8.0 << QVector<double>{1, 2, 3, 1} << 4.0;
        // Llama 3's layout with a layer c = 1, the logits g = 0.6, m = 32: stages 7, 8 … 8, 7.6.
        // Stage i in 1 … 14: 32·8 + [0 + (i − 1)] + [(14 − i) + 0.6] = 256 + 13.6; stage 0:
        // 224 + 14.6; stage 15: 243.2 + 14. Bubble 13.6 (even chunks would say (p − 1)·8/8 = 15).
        QVector<double> llama(128, 1.0);
        llama[0] = 0;            // chunk 0 of stage 0: the embedding
        llama[7 * 16 + 15] = 0.6; // chunk 7 of stage 15: the loss
        QTest::newRow("Llama 3 405B layout") << 16 << 8 << 32.0 << llama << 13.6;
    }
    void unevenBubble()
    {
        QFETCH(int, p);
        QFETCH(int, v);
        QFETCH(double, m);
        QFETCH(QVector<double>, chunks);
        QFETCH(double, bubble);
        const double got = core::unevenChunkBubbleSeconds(p, v, m, [&](int i, int j) { return chunks[j * p + i]; });
        QVERIFY2(std::abs(got - bubble) < 1e-9, qPrintable(QString::number(got)));
    }

    void llama3PaperBubbleInTheEstimate()
    {
        // The worked row above with the estimate's own layer: the bubble is 13 layers + the
        // logits over m·8 = 256 layers of steady state, so between 13/256 and 14/256 of it
        // (the logits cost less than a layer: 2·T·h·V = 2·T·h·128,256 against 2·T·h·(2.25·h + 3·53,248)).
        const core::Estimate e = core::estimate(llama3Paper());
        QVERIFY(e.valid);
        const core::StepParts& parts = e.compute.stepParts;
        using P = core::StepPart;
        double steady = 0;
        for (P part : {P::Gemm, P::Attention, P::Elementwise, P::Overhead, P::Recompute, P::TensorParallel, P::ContextParallel,
                       P::ExpertParallel})
            steady += parts[std::size_t(part)];
        const double ratio = parts[std::size_t(P::Bubble)] / steady;
        QVERIFY2(ratio > 13.0 / 256 && ratio < 14.0 / 256, qPrintable(QString::number(ratio)));
    }

    void impossibleLayoutsAreRefused_data()
    {
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("vp");
        QTest::addColumn<int>("first");
        QTest::addColumn<int>("last");
        QTest::addColumn<bool>("units");
        QTest::addColumn<int>("code");
        QTest::addColumn<int>("field");
        QTest::addColumn<double>("a");
        QTest::addColumn<double>("b");
        using C = core::IssueCode;
        using F = core::Field;
        // DeepSeek-V3's 61 layers (config.json num_hidden_layers) with the embedding and loss as
        // units: 63 units do not split into 16 × 2 chunks.
        QTest::newRow("DeepSeek-V3 61 layers, PP16 VP2, embedding+loss") << 61 << 16 << 2 << 0 << 0 << true << int(C::UnevenChunksNotDividing)
                                                                          << int(F::ParallelVirtualPipeline) << 63.0 << 32.0;
        // 61 layers, PP 8 VP 2, first 4 last 8: the 6 middle stages' 49 layers into 12 chunks.
        QTest::newRow("DeepSeek-V3 61 layers, PP8 VP2, first 4 last 8") << 61 << 8 << 2 << 4 << 8 << false << int(C::UnevenChunksNotDividing)
                                                                         << int(F::ParallelVirtualPipeline) << 49.0 << 12.0;
        // First stage 3 layers over 2 chunks.
        QTest::newRow("first stage not dividing VP") << 61 << 8 << 2 << 3 << 4 << false << int(C::UnevenChunksNotDividing)
                                                      << int(F::ParallelFirstStageLayers) << 3.0 << 2.0;
        // Megatron refuses both ways at once.
        QTest::newRow("ends and units") << 126 << 16 << 2 << 6 << 8 << true << int(C::PipelineEndsWithUnits) << int(F::ParallelFirstStageLayers)
                                         << 0.0 << 0.0;
    }
    void impossibleLayoutsAreRefused()
    {
        QFETCH(int, layers);
        QFETCH(int, pp);
        QFETCH(int, vp);
        QFETCH(int, first);
        QFETCH(int, last);
        QFETCH(bool, units);
        QFETCH(int, code);
        QFETCH(int, field);
        QFETCH(double, a);
        QFETCH(double, b);
        core::Scenario s = llama3Paper();
        if (layers == 61) {
            s = preset("deepseek-v3", 2048, "h800-sxm");
            s.parallel.tensor = 1;
            s.parallel.expert = 64;
            s.training.globalBatchSize = 4096;
            QCOMPARE(s.model.numLayers, 61);
        }
        s.parallel.pipeline = pp;
        s.parallel.virtualPipeline = vp;
        s.parallel.firstStageLayers = first;
        s.parallel.lastStageLayers = last;
        s.parallel.embeddingCountsAsLayer = s.parallel.lossCountsAsLayer = units;
        const core::Estimate e = core::estimate(s);
        QVERIFY(!e.valid);
        QVERIFY2(hasError(e, core::IssueCode(code), core::Field(field), a, b), e.issues.empty() ? "no issue" : core::describe(e.issues.front()).c_str());
    }

    void twoChunkSchedules_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<double>("weight");
        QTest::addColumn<double>("bubble");
        QTest::addColumn<double>("held");
        using S = core::PpSchedule;
        // p = 16, m = 60, one micro-batch through a rank: F = 1, B = 2 (input + weight gradients),
        // W = 1 unless the row says. 1F1B would idle (p − 1)(F + B) = 45.
        // DualPipe README @ 3da1bbe: (PP/2 − 1)(F&B + B − 3W), PP = 16, F&B = F + B: 7·(3 + 2 − 3) = 14;
        // activation PP + 1 = 17.
        QTest::newRow("DualPipe") << int(S::DualPipe) << 1.0 << 14.0 << 17.0;
        // DualPipeV: 32 half-size stages, (32/2 − 1)(F&B_c + B_c − 3W_c) = 15·(1.5 + 1 − 1.5) = 15;
        // activation 32 + 1 = 33 half-stages = 16.5.
        QTest::newRow("DualPipeV") << int(S::DualPipeV) << 1.0 << 15.0 << 16.5;
        // ZB-V: 0 at T_F = T_B = T_W (sail-sg README @ 39f2c18), activation 1× 1F1B's: 16.
        QTest::newRow("ZB-V balanced") << int(S::ZeroBubbleV) << 1.0 << 0.0 << 16.0;
        // ZB-V with W = 0.5 (the weight gradient cheaper than the input gradient): 15·(1 + 2 − 1.5)/2 = 11.25.
        QTest::newRow("ZB-V, W = F/2") << int(S::ZeroBubbleV) << 0.5 << 11.25 << 16.0;
    }
    void twoChunkSchedules()
    {
        QFETCH(int, schedule);
        QFETCH(double, weight);
        QFETCH(double, bubble);
        QFETCH(double, held);
        QCOMPARE(core::twoChunkBubbleSeconds(core::PpSchedule(schedule), 16, 1, 2, weight), bubble);
        QCOMPARE(core::twoChunkInFlight(core::PpSchedule(schedule), 16, 60), held);
    }

    void dualPipeOnDeepSeekV3()
    {
        // DeepSeek-V3 as its report trained it (arXiv 2412.19437 §3.2, §4.2): 2,048 H800, PP 16,
        // EP 64, no TP, batch 15,360 of 4K: DP 128, m = 15,360 / 128 = 120 micro-batches (even,
        // ≥ 2·16). DualPipe keeps two copies of the parameters (§3.2.1): a middle rank's weights
        // are twice 1F1B's, and it holds PP + 1 = 17 micro-batches (1F1B's rank 5: 16 − 5 = 11).
        core::Scenario s = preset("deepseek-v3", 2048, "h800-sxm");
        s.parallel.tensor = 1;
        s.parallel.pipeline = 16;
        s.parallel.expert = 64;
        s.parallel.expertTensor = 1;
        s.training.seqLength = 4096;
        s.training.globalBatchSize = 15360;
        s.training.zeroStage = 1;
        s.hardware.mfu = 0;
        const core::Estimate plain = core::estimate(s);
        s.parallel.schedule = core::PpSchedule::DualPipe;
        const core::Estimate dual = core::estimate(s);
        QVERIFY(plain.valid && dual.valid);
        auto stage = [](const core::Estimate& e, int i) -> const core::RankGroup* {
            for (const core::RankGroup& g : e.groups)
                if (g.firstStage <= i && i <= g.lastStage)
                    return &g;
            return nullptr;
        };
        const core::RankGroup* a = stage(plain, 5);
        const core::RankGroup* b = stage(dual, 5);
        QVERIFY(a && b);
        QCOMPARE(b->bytes[std::size_t(core::Component::Weights)], 2 * a->bytes[std::size_t(core::Component::Weights)]);
        QCOMPARE(a->inFlightMicroBatches, 11.0);
        QCOMPARE(b->inFlightMicroBatches, 17.0);
        // The bubble: 1F1B's is Σ of the other 15 stages' micro-batch, DualPipe's (p/2 − 1)(F + 2B − 3W)
        // = 7·(F + 2B − 3W), between 7·(F + B) (B ≥ 3W here: besides its two GEMMs, one of them W, the backward has attention, norms and all-to-all) and
        // 7·2·(F + B) = 14 stage-micro-batches: less than 1F1B's, more than 7 of them.
        using P = core::StepPart;
        double steady = 0;
        for (P part : {P::Gemm, P::Attention, P::Elementwise, P::Overhead, P::Recompute, P::TensorParallel, P::ContextParallel,
                       P::ExpertParallel})
            steady += dual.compute.stepParts[std::size_t(part)];
        const double stageMicro = steady / 120; // m = 120
        const double bubble = dual.compute.stepParts[std::size_t(P::Bubble)];
        QVERIFY2(bubble > 7 * stageMicro && bubble < 14 * stageMicro, qPrintable(QString::number(bubble / stageMicro)));
        QVERIFY(bubble < plain.compute.stepParts[std::size_t(P::Bubble)]);
    }

    void schedulesRefuseWhatTheyCannotRun_data()
    {
        QTest::addColumn<int>("schedule");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("vp");
        QTest::addColumn<int>("batch");
        QTest::addColumn<int>("code");
        QTest::addColumn<double>("a");
        using S = core::PpSchedule;
        using C = core::IssueCode;
        // 2,048 GPUs, EP 64, micro-batch 1: DP = 2048 / PP.
        QTest::newRow("ZB-V without a pipeline") << int(S::ZeroBubbleV) << 1 << 1 << 15360 << int(C::ScheduleNeedsPipeline) << 1.0;
        QTest::newRow("DualPipeV with virtual stages") << int(S::DualPipeV) << 16 << 2 << 15360 << int(C::ScheduleRunsItsOwnChunks) << 2.0;
        // DP 128, batch 1,920: m = 15 < 2·16 (dualpipe.py: num_chunks >= num_ranks * 2).
        QTest::newRow("DualPipe with too few micro-batches") << int(S::DualPipe) << 16 << 1 << 1920 << int(C::ScheduleNeedsMicroBatches) << 15.0;
    }
    void schedulesRefuseWhatTheyCannotRun()
    {
        QFETCH(int, schedule);
        QFETCH(int, pp);
        QFETCH(int, vp);
        QFETCH(int, batch);
        QFETCH(int, code);
        QFETCH(double, a);
        core::Scenario s = preset("deepseek-v3", 2048, "h800-sxm");
        s.parallel.tensor = 1;
        s.parallel.expert = 64;
        s.parallel.expertTensor = 1;
        s.parallel.pipeline = pp;
        s.parallel.virtualPipeline = vp;
        s.parallel.schedule = core::PpSchedule(schedule);
        s.training.globalBatchSize = batch;
        const core::Estimate e = core::estimate(s);
        QVERIFY(!e.valid);
        bool found = false;
        for (const core::Issue& i : e.issues)
            found = found || (i.code == core::IssueCode(code) && i.field && *i.field == core::Field::ParallelSchedule && i.a == a);
        QVERIFY2(found, e.issues.empty() ? "no issue" : core::describe(e.issues.front()).c_str());
    }

    void dualPipeNeedsAnEvenPipeline()
    {
        // dualpipe.py @ 3da1bbe asserts num_ranks % 2 == 0: 61 layers on 2,040 GPUs as PP 15 × DP 136.
        core::Scenario s = preset("deepseek-v3", 2040, "h800-sxm");
        s.parallel.tensor = 1;
        s.parallel.expert = 8;
        s.parallel.expertTensor = 1;
        s.parallel.pipeline = 15;
        s.training.globalBatchSize = 136 * 30;
        s.parallel.schedule = core::PpSchedule::DualPipe;
        const core::Estimate e = core::estimate(s);
        bool found = false;
        for (const core::Issue& i : e.issues)
            found = found || (i.code == core::IssueCode::ScheduleNeedsEvenPipeline && i.a == 15);
        QVERIFY2(found, e.issues.empty() ? "no issue" : core::describe(e.issues.front()).c_str());
    }
};

QTEST_GUILESS_MAIN(TestPipelineLayout)
#include "tst_pipelinelayout.moc"
