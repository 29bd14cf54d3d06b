// Multi-token prediction as a model property (issue 28; DeepSeek-V3 num_nextn_predict_layers = 1):
// the modules' parameters (outside the published total), their memory, FLOPs and step time in
// training on the last pipeline stage, and serving untouched unless the engine drafts with them.
// Every number is worked by hand in its comment from DeepSeek-V3's config.json and
// README_WEIGHTS.md @0b39205a (MTP module: enorm, hnorm, eh_proj, model.layers.61 "identical to
// the Main Model hidden layers", embedding and head shared), Megatron-LM
// multi_token_prediction.py @d98e8a64 and Megatron-Bridge flop_utils.py @067f987d.
#include <QtTest>

#include "core/estimate.h"
#include "core/io/hfconfig.h"
#include "core/io/presets.h"
#include "core/working.h"
#include "testscenarios.h"

using namespace testscenarios;

namespace {

core::Scenario llama(int mtp, int pp)
{
    core::Scenario s = preset("llama-3.1-8b", 8, "h100-sxm");
    s.mode = core::Mode::Train;
    s.model.mtpLayers = mtp;
    s.parallel.tensor = 1;
    s.parallel.pipeline = pp;
    s.training.zeroStage = 0;
    s.training.flopsFormula = core::FlopsFormula::Megatron;
    s.training.seqLength = 8192;
    s.training.microBatchSize = 1;
    s.training.globalBatchSize = 64;
    return s;
}

} // namespace

class TestMtp : public QObject
{
    Q_OBJECT

private slots:
    void deepSeekV3Module()
    {
        // One module: eh_proj 2 · 7168² = 102,760,448, enorm + hnorm + the module's norm 3 · 7168 =
        // 21,504, and an MoE layer like the main model's: attention 187,107,328 (q 1536 · (7168 +
        // 128 · 192 + 1) = 48,760,320; kv 512 · (7168 + 128 · 256 + 1) + 7168 · 64 = 20,906,496;
        // o 128 · 128 · 7168 = 117,440,512), 2 norms 14,336, router 7168 · 256 = 1,835,008, shared
        // expert 3 · 7168 · 2048 = 44,040,192, 256 experts of 44,040,192 = 11,274,289,152 →
        // 11,507,286,016. Total 11,610,067,968 (README_WEIGHTS: "11.5B unique parameters").
        core::ModelArchitecture m = core::findModelPreset("deepseek-v3")->model;
        const double main = core::countParameters(m).total;
        m.mtpLayers = 1;
        const core::ParameterCounts c = core::countParameters(m);
        QCOMPARE(c.mtpProjectionPerLayer, 102781952.0);
        QCOMPARE(c.mtpParameters, 11610067968.0);
        QCOMPARE(c.total, main); // the published total is the main model's
        // The Hugging Face checkpoint stores the module with its own copies of the embedding and
        // head (model.layers.61.embed_tokens, shared_head.head: 2 · 129,280 · 7,168 =
        // 1,853,358,080): main + module + copies = 684,489,830,400 against its 684,531,386,000;
        // the 41.6M left (0.006 %) are the FP8 checkpoint's weight_scale_inv tensors, one fp32 per
        // 128 × 128 block (README_WEIGHTS.md "FP8 Weight Documentation"): ≈ 684.5B / 16,384.
        const double hf = main + c.mtpParameters + 2.0 * 129280 * 7168;
        QCOMPARE(hf, 684489830400.0);
        QVERIFY(std::abs(hf / 684531386000.0 - 1) < 1e-4);
    }

    void lastStageHoldsTheModule()
    {
        // Llama 3.1 8B, PP 2, TP 1: the last stage owns one more layer (attention 2·4096² +
        // 2·4096·1024 = 41,943,040, MLP 3·4096·14,336 = 176,160,768, norms 8,192 → 218,112,000) and
        // the module's eh_proj 2·4096² = 33,554,432 and norms 3·4096 = 12,288: 251,678,720.
        const core::Estimate with = core::estimate(llama(1, 2)), without = core::estimate(llama(0, 2));
        QVERIFY(with.groups.size() >= 2 && without.groups.size() >= 2);
        QCOMPARE(with.groups.front().residentParameters, without.groups.front().residentParameters);
        QCOMPARE(with.groups.back().residentParameters - without.groups.back().residentParameters, 251678720.0);
        QVERIFY(with.groups.back().bytes[std::size_t(core::Component::LayerActivations)]
                > without.groups.back().bytes[std::size_t(core::Component::LayerActivations)]);
    }

    void megatronFlopsAddTheModule()
    {
        // Per token (Megatron num_floating_point_operations, ×3 forward and backward): the block's
        // projections 12 · 4096 · (4096 + 1024) = 251,658,240, its MLP 3 · 2 · 3 · 4096 · 14,336 =
        // 1,056,964,608, its causal attention 6 · 8192 · 4096 = 201,326,592; eh_proj and norms
        // 6 · (2 · 4096² + 3 · 4096) = 201,400,320; one more logits GEMM 6 · 4096 · 128,256 =
        // 3,152,019,456 → 4,863,369,216.
        const core::Estimate with = core::estimate(llama(1, 1)), without = core::estimate(llama(0, 1));
        const double perToken = (with.compute.modelFlopsPerIteration - without.compute.modelFlopsPerIteration) / with.compute.tokensPerIteration;
        QVERIFY2(std::abs(perToken / 4863369216.0 - 1) < 1e-12, qPrintable(QString::number(perToken, 'f', 0)));
        QVERIFY(with.compute.modelStepSeconds > without.compute.modelStepSeconds);
    }

    void workingShowsTheModules()
    {
        // Llama 3.1 8B with one module: 251,678,720 (above), shown in the Model section.
        core::Working w;
        core::estimate(llama(1, 2), &w);
        bool found = false;
        for (const core::WorkingLine& l : w.lines())
            if (l.term == core::Term::MtpModules) {
                found = true;
                QCOMPARE(l.value, 251678720.0);
            }
        QVERIFY(found);
    }

    void servingAndFineTuningLeaveItOut()
    {
        // A serving engine loads the module only to draft (inference.speculative_method mtp, whose
        // drafter is one layer + the 2h → h projection already); transformers' fine-tuning stack
        // does not build it.
        for (core::Mode mode : {core::Mode::Inference, core::Mode::FineTune}) {
            core::Scenario a = llama(0, 1), b = llama(1, 1);
            a.mode = b.mode = mode;
            const core::Estimate ea = core::estimate(a), eb = core::estimate(b);
            QCOMPARE(eb.groups.back().totalBytes, ea.groups.back().totalBytes);
        }
    }

    void importReadsNumNextnPredictLayers()
    {
        QFile f(QStringLiteral(SHARDSCOPE_TEST_DATA "/hf/deepseek-v3.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const core::HfImport r = core::importHfConfig(f.readAll().toStdString());
        QCOMPARE(r.model.mtpLayers, 1);
    }
};

QTEST_APPLESS_MAIN(TestMtp)
#include "tst_mtp.moc"
