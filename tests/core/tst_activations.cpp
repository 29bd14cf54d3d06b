// Activation memory: the saved-tensor list must reduce exactly to Korthikanti et al. 2022
// Table 2 for a GPT layer, and change the right terms for GQA, SwiGLU, RMSNorm, no dropout.
#include <QtTest>

#include "core/activations.h"
#include "core/estimate.h"
#include "core/pipeline.h"
#include "testscenarios.h"

using core::Recompute;

namespace {

core::ActivationShape gptShape(int tp, bool sp, Recompute recompute)
{
    core::ActivationShape x;
    x.seq = 2048;
    x.microBatch = 1;
    x.hidden = 12288;
    x.heads = 96;
    x.kvHeads = 96;
    x.headDim = 128;
    x.ffn = 4 * 12288;
    x.gated = false;
    x.dropout = true;
    x.layerNorm = true;
    x.elementBytes = 2;
    x.tensor = tp;
    x.sequenceParallel = sp;
    x.recompute = recompute;
    x.flashAttention = false;
    return x;
}

} // namespace

class TestActivations : public QObject
{
    Q_OBJECT

private slots:
    void korthikantiTable2_data()
    {
        QTest::addColumn<int>("tp");
        QTest::addColumn<bool>("sp");
        QTest::addColumn<int>("recompute");
        QTest::addColumn<double>("expected");
        const double s = 2048, b = 1, h = 12288, a = 96;
        const double sbh = s * b * h;
        // The rows of Table 2, bytes per layer, written out from the paper's closed forms.
        for (int t : {1, 2, 4, 8}) {
            QTest::addRow("no parallelism / TP %d", t) << t << false << int(Recompute::None)
                                                      << sbh * (10 + 24.0 / t + 5 * a * s / (h * t));
            QTest::addRow("TP %d + SP", t) << t << true << int(Recompute::None) << sbh / t * (34 + 5 * a * s / h);
            QTest::addRow("TP %d + selective", t) << t << false << int(Recompute::Selective) << sbh * (10 + 24.0 / t);
            QTest::addRow("TP %d + SP + selective", t) << t << true << int(Recompute::Selective) << 34 * sbh / t;
            QTest::addRow("TP %d full recompute", t) << t << false << int(Recompute::Full) << 2 * sbh;
            QTest::addRow("TP %d + SP full recompute", t) << t << true << int(Recompute::Full) << 2 * sbh / t;
        }
        QTest::addRow("no parallelism, closed form") << 1 << false << int(Recompute::None) << sbh * (34 + 5 * a * s / h);
    }
    void korthikantiTable2()
    {
        QFETCH(int, tp);
        QFETCH(bool, sp);
        QFETCH(int, recompute);
        QFETCH(double, expected);
        const core::LayerActivations act = core::layerActivations(gptShape(tp, sp, Recompute(recompute)));
        QVERIFY2(std::abs(act.paperTotal - expected) <= 1e-9 * expected,
                 qPrintable(QString("%1 vs %2").arg(act.paperTotal, 0, 'f', 0).arg(expected, 0, 'f', 0)));
    }

    void blockBreakdown()
    {
        // Korthikanti §4.1: attention 11sbh + 5as²b, MLP 19sbh, two LayerNorms 4sbh.
        const core::LayerActivations act = core::layerActivations(gptShape(1, false, Recompute::None));
        const double s = 2048, h = 12288, a = 96;
        double attention = 0, mlp = 0, norms = 0;
        for (int i = 0; i < act.count; ++i) {
            const core::TensorInfo& info = core::tensorInfo(act.tensors[std::size_t(i)].kind);
            if (!info.inPaper)
                continue;
            (info.block == core::LayerBlock::Attention ? attention : info.block == core::LayerBlock::Mlp ? mlp : norms)
                += act.tensors[std::size_t(i)].bytes;
        }
        QCOMPARE(attention, 11 * s * h + 5 * a * s * s);
        QCOMPARE(mlp, 19 * s * h);
        QCOMPARE(norms, 4 * s * h);
    }

    void frozenNormsKeepOnlyTheirFp32Input_data()
    {
        QTest::addColumn<double>("loraRankTimesTargets");
        QTest::addColumn<double>("expected");
        // Llama 2 7B shape, eager RMSNorm (HF, torchtune, LitGPT), s = 512, b = 2, h = 4096.
        // Trained norms: each of the two keeps its fp32 input (4 B) and, for the weight's
        // gradient, its bf16 normalized output (2 B): 2 × 6 × 1024 × 4096 = 50,331,648 B.
        QTest::newRow("trained norms") << 0.0 << 50331648.0;
        // LoRA r 32 on q and v (a frozen base): the weight multiply saves nothing for a frozen
        // weight (PyTorch gen_variable_type.py guard_for), so 2 × 4 × 1024 × 4096 = 33,554,432 B.
        QTest::newRow("frozen norms under LoRA") << 64.0 << 33554432.0;
    }
    void frozenNormsKeepOnlyTheirFp32Input()
    {
        QFETCH(double, loraRankTimesTargets);
        QFETCH(double, expected);
        core::ActivationShape x;
        x.seq = 512;
        x.microBatch = 2;
        x.hidden = 4096;
        x.heads = 32;
        x.kvHeads = 32;
        x.headDim = 128;
        x.ffn = 11008;
        x.gated = true;
        x.dropout = false;
        x.layerNorm = false;
        x.elementBytes = 2;
        x.eagerModules = true;
        x.flashAttention = true;
        x.loraRankTimesTargets = loraRankTimesTargets;
        const core::LayerActivations act = core::layerActivations(x);
        double norms = -1;
        for (int i = 0; i < act.count; ++i)
            if (act.tensors[std::size_t(i)].kind == core::TensorKind::EagerNormTensors)
                norms = act.tensors[std::size_t(i)].bytes;
        QCOMPARE(norms, expected);
    }

    void variantsChangeTheRightTerms()
    {
        const double s = 2048, h = 12288, a = 96, d = 128, F = 4 * 12288;
        const core::ActivationShape base = gptShape(1, false, Recompute::None);
        const double gpt = core::layerActivations(base).paperTotal;

        core::ActivationShape gqa = base;
        gqa.kvHeads = 8; // K and V shrink from a·d to g·d: 2 tensors × 2 bytes × s·(a − g)·d
        QCOMPARE(gpt - core::layerActivations(gqa).paperTotal, 2 * 2 * s * (a - 8) * d);

        core::ActivationShape gated = base;
        gated.gated = true; // SwiGLU keeps the 2F-wide input: +2·s·F bytes
        QCOMPARE(core::layerActivations(gated).paperTotal - gpt, 2 * s * F);

        core::ActivationShape noDropout = base;
        noDropout.dropout = false; // two sbh masks, the as² mask and the 2as² dropout output go
        QCOMPARE(gpt - core::layerActivations(noDropout).paperTotal, 2 * s * h + 3 * a * s * s);

        core::ActivationShape rms = base;
        rms.layerNorm = false; // Table 2 terms equal; only the fp32 statistics differ (16sb vs 8sb)
        const core::LayerActivations ln = core::layerActivations(base);
        const core::LayerActivations rn = core::layerActivations(rms);
        QCOMPARE(rn.paperTotal, ln.paperTotal);
        QCOMPARE(ln.total - rn.total, 8 * s);

        core::ActivationShape flash = base;
        flash.flashAttention = true; // = selective recomputation's Table 2 row
        QCOMPARE(core::layerActivations(flash).paperTotal, core::layerActivations(gptShape(1, false, Recompute::Selective)).paperTotal);
    }

    void contextParallelDividesSequence()
    {
        core::ActivationShape x = gptShape(8, true, Recompute::Selective);
        const double whole = core::layerActivations(x).paperTotal;
        x.context = 4;
        QCOMPARE(core::layerActivations(x).paperTotal, whole / 4);
    }

    void inFlightMicroBatches_data()
    {
        QTest::addColumn<int>("p");
        QTest::addColumn<int>("v");
        QTest::addColumn<int>("m");
        QTest::addColumn<int>("stage");
        QTest::addColumn<double>("expected");
        // 1F1B: stage i holds min(p − i, m) (Narayanan §2.2).
        QTest::addRow("p4 stage0") << 4 << 1 << 8 << 0 << 4.0;
        QTest::addRow("p4 stage3") << 4 << 1 << 8 << 3 << 1.0;
        QTest::addRow("p8 m2 stage0") << 8 << 1 << 2 << 0 << 2.0;
        QTest::addRow("no pipeline") << 1 << 1 << 64 << 0 << 1.0;
        // Interleaved, stage 0: p·(1 + (p − 1)/(p·v)) (Korthikanti §4.2.3): 4·(1 + 3/8) = 5.5.
        QTest::addRow("p4 v2 stage0") << 4 << 2 << 8 << 0 << 5.5;
        QTest::addRow("p8 v4 stage0") << 8 << 4 << 32 << 0 << 8 * (1 + 7.0 / 32);
    }
    void inFlightMicroBatches()
    {
        QFETCH(int, p);
        QFETCH(int, v);
        QFETCH(int, m);
        QFETCH(int, stage);
        QFETCH(double, expected);
        QCOMPARE(core::inFlightMicroBatches(p, v, m, stage), expected);
    }

    void bubble_data()
    {
        QTest::addColumn<int>("p");
        QTest::addColumn<int>("v");
        QTest::addColumn<int>("m");
        QTest::addColumn<double>("expected");
        QTest::addRow("p4 m8") << 4 << 1 << 8 << 3.0 / 11;   // (p−1)/(m+p−1)
        QTest::addRow("p4 m8 v2") << 4 << 2 << 8 << 3.0 / 19; // (p−1)/(v·m+p−1)
        QTest::addRow("p1") << 1 << 1 << 8 << 0.0;
        QTest::addRow("p16 m128") << 16 << 1 << 128 << 15.0 / 143;
    }
    void bubble()
    {
        QFETCH(int, p);
        QFETCH(int, v);
        QFETCH(int, m);
        QFETCH(double, expected);
        QCOMPARE(core::bubbleFraction(p, v, m), expected);
    }

    void interleavedStageZeroMatchesKorthikanti()
    {
        // Korthikanti §4.2.3: with v model chunks, stage 0 holds the whole model's activations
        // for one micro-batch times 1 + (p − 1)/(p·v). Llama-2-7B, p 4, v 2, m 8:
        // 32 layers × A_layer × (1 + 3/8).
        core::Scenario s = testscenarios::preset("llama-2-7b", 4);
        s.parallel.pipeline = 4;
        s.parallel.virtualPipeline = 2;
        s.training.globalBatchSize = 8;
        s.training.recompute = Recompute::Selective;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        const core::LayerActivations layer = core::layerActivations(core::activationShape(s, s.model));
        QCOMPARE(e.groups.front().bytes[std::size_t(core::Component::LayerActivations)], layer.total * 32 * (1 + 3.0 / 8));
        QCOMPARE(e.compute.bubbleFraction, 3.0 / (2 * 8 + 3));
    }

    void pipelineStagesHoldTheRightExtras()
    {
        // Llama-2-7B, PP 4, 8 micro-batches: stage 0 holds 4 micro-batches of its 8 layers plus
        // the input ids; the last stage 1 micro-batch plus the fp32 logits 4·s·b·V, which is
        // where its step peaks (the loss). fp32 gradients: no fp32 grad copy at the
        // optimizer step to outweigh it.
        core::Scenario s = testscenarios::preset("llama-2-7b", 4);
        s.parallel.pipeline = 4;
        s.training.globalBatchSize = 8;
        s.training.recompute = Recompute::Selective;
        s.training.precision = core::PrecisionRecipe::MixedBf16Fp32Grads;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(e.groups.size(), std::size_t(4));
        const core::RankGroup& first = e.groups.front();
        const core::RankGroup& last = e.groups.back();
        QCOMPARE(first.inFlightMicroBatches, 4.0);
        QCOMPARE(last.inFlightMicroBatches, 1.0);
        QCOMPARE(first.bytes[std::size_t(core::Component::LayerActivations)], 4 * last.bytes[std::size_t(core::Component::LayerActivations)]);
        QCOMPARE(first.bytes[std::size_t(core::Component::EmbeddingActivations)], 4 * 8.0 * 4096); // 8·s·b, no dropout mask
        QCOMPARE(first.bytes[std::size_t(core::Component::OutputActivations)], 0.0);
        const double logits = 4.0 * 4096 * 32000;
        // Megatron's cross entropy holds 6 B per logit in its forward and in its backward.
        QVERIFY2(last.peakMoment == core::StepMoment::LossForward || last.peakMoment == core::StepMoment::LossBackward,
                 core::stepMomentName(last.peakMoment).data());
        QCOMPARE(last.bytes[std::size_t(core::Component::OutputActivations)], logits + 2 * 2.0 * 4096 * 4096);
    }
};

QTEST_GUILESS_MAIN(TestActivations)
#include "tst_activations.moc"
