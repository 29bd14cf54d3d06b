// Vision towers (issue 28 item 4; core/model/visiontower.h, core/model/imagetokens.h): the tower's
// and projector's parameters, image tokens, the encoder's FLOPs, the images' tokens in the
// decoder's sequence (KV cache, tokens per step), the tower's memory in training (frozen: weights
// only; trained: model states) and in serving (weights; the encoder before the prefill). Every
// number is worked by hand in its comment from the checkpoints' config.json vision_config and the
// transformers modules they load with (modeling_siglip.py, modeling_gemma3.py,
// modeling_qwen2_5_vl.py, modeling_llama4.py); the published totals are in tst_parameters.
#include <QtTest>

#include "core/estimate.h"
#include "core/io/presets.h"
#include "core/model/imagetokens.h"
#include "core/model/visiontower.h"
#include "core/timeline/servingtimeline.h"
#include "core/working.h"
#include "testscenarios.h"

using namespace testscenarios;

namespace {

const core::ModelArchitecture& model(const char* id)
{
    static const core::ModelArchitecture none;
    const core::ModelPreset* p = core::findModelPreset(id);
    return p ? p->model : none;
}

/// Gemma 3 4B with its tower: a training scenario on 8 A100s, ZeRO 0, mixed 16-bit Adam (16 B per
/// trained parameter: 2 weights + 2 gradients + 4 master + 8 moments, ZeRO paper §3).
core::Scenario gemmaTraining(int images, bool frozen, bool tower = true)
{
    core::Scenario s = preset("gemma-3-4b-vision", 8);
    if (!tower)
        s.model.visionLayers = 0;
    s.training.imagesPerSample = images;
    s.training.visionFrozen = frozen;
    s.training.seqLength = 2048;
    s.training.globalBatchSize = 64;
    return s;
}

core::Scenario gemmaServing(int images, std::int64_t prompt, bool tower = true)
{
    core::Scenario s = preset("gemma-3-4b-vision", 1, "h100-sxm");
    if (!tower)
        s.model.visionLayers = 0;
    s.mode = core::Mode::Inference;
    s.hardware.mfu = 0; // the serving step model
    s.inference.imagesPerRequest = images;
    s.inference.promptLength = prompt;
    s.inference.generatedTokens = 1024;
    s.inference.batchSize = 1;
    return s;
}

double component(const core::Estimate& e, core::Component c) { return e.groups.at(0).bytes[std::size_t(c)]; }

} // namespace

class TestVision : public QObject
{
    Q_OBJECT

private slots:
    void towerParameters_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("tower");
        QTest::addColumn<double>("projector");
        QTest::addColumn<double>("tokensPerImage");
        QTest::addColumn<double>("encoderTokens");
        // SigLIP (vision_config: hidden 1152, intermediate 4304, 27 layers, patch 14 on 896 px):
        // patch Conv2d 3·14²·1152 + 1152 = 678,528; positions (896/14)² = 4096 · 1152 = 4,718,592;
        // a block: Q/K/V/O with biases 4·(1152² + 1152) = 5,313,024, fc1 + fc2 with biases
        // 2·1152·4304 + 4304 + 1152 = 9,921,872, two LayerNorms 4·1152 = 4,608 → 15,239,504, × 27 =
        // 411,466,608; post_layernorm 2,304. Tower 416,866,032. Projector: mm_soft_emb_norm 1152 +
        // mm_input_projection_weight 1152·h (h = 2560, 3840, 5376). 256 tokens (mm_tokens_per_image)
        // from 4096 patches.
        QTest::newRow("gemma-3-4b") << "gemma-3-4b-vision" << 416866032.0 << 1152.0 + 1152.0 * 2560 << 256.0 << 4096.0;
        QTest::newRow("gemma-3-12b") << "gemma-3-12b-vision" << 416866032.0 << 1152.0 + 1152.0 * 3840 << 256.0 << 4096.0;
        QTest::newRow("gemma-3-27b") << "gemma-3-27b-vision" << 416866032.0 << 1152.0 + 1152.0 * 5376 << 256.0 << 4096.0;
        // Qwen2.5-VL-7B (depth 32, hidden 1280, intermediate 3420, temporal patch 2, merge 2): patch
        // Conv3d 3·2·14²·1280 = 1,505,280 (no bias, no position table: 2-D RoPE); a block: RMSNorms
        // 2·1280, qkv + proj with biases 4·1280² + 4·1280 = 6,558,720, gated MLP with biases
        // 3·1280·3420 + 2·3420 + 1280 = 13,140,920 → 19,702,200, × 32 = 630,470,400. Tower
        // 631,975,680. Merger: ln_q 1280 + (5120·5120 + 5120) + (5120·3584 + 3584) = 44,574,464.
        // A 448 × 448 image: (448/14)² = 1024 patches, 1024 / 2² = 256 tokens.
        QTest::newRow("qwen2.5-vl-7b") << "qwen2.5-vl-7b" << 631975680.0 << 44574464.0 << 256.0 << 1024.0;
        // Llama 4 (hidden 1408, intermediate 5632, 34 layers, patch 14 on 336 px): unfold 588·1408 =
        // 827,904, class token 1408, positions 577·1408 = 812,416, pre/post LayerNorms 4·1408 = 5,632,
        // blocks 34 · 23,807,872 = 809,467,648 → 811,115,008; pixel-shuffle MLP 5632·4096 + 4096·4096
        // = 39,845,888 and projector 4096·5120 = 20,971,520 → 60,817,408. The preset's image: 5
        // tiles of 577 encoder tokens, 727 decoder tokens as stated (processing_llama4.py).
        QTest::newRow("llama-4-scout") << "llama-4-scout-vision" << 811115008.0 << 60817408.0 << 727.0 << 5.0 * 577;
    }
    void towerParameters()
    {
        QFETCH(QString, id);
        QFETCH(double, tower);
        QFETCH(double, projector);
        QFETCH(double, tokensPerImage);
        QFETCH(double, encoderTokens);
        const core::ModelArchitecture& m = model(id.toUtf8().constData());
        QVERIFY(m.hasVision());
        const core::VisionTower v = core::visionTower(m);
        QCOMPARE(v.tower, tower);
        QCOMPARE(v.projector, projector);
        QCOMPARE(v.total, tower + projector);
        QCOMPARE(v.tokensPerImage, tokensPerImage);
        QCOMPARE(v.encoderTokensPerImage, encoderTokens);
        // In Ψ, not in the parameters a text token uses.
        core::ModelArchitecture text = m;
        text.visionLayers = 0;
        const core::ParameterCounts with = core::countParameters(m), without = core::countParameters(text);
        QCOMPARE(with.vision, tower + projector);
        QCOMPARE(with.total, without.total + tower + projector);
        QCOMPARE(with.active, without.active);
    }

    void llama4TokensFromTiles()
    {
        // Without the stated count: 5 tiles × (336/14)² = 576 patches / 2² (pixel shuffle 0.5) = 720.
        core::ModelArchitecture m = model("llama-4-scout-vision");
        m.visionTokensPerImage = 0;
        QCOMPARE(core::visionTower(m).tokensPerImage, 720.0);
    }

    void encoderFlops()
    {
        // Gemma 3 4B's tower over one 896-pixel image, S = 4096 patches, w = 1152, F = 4304, 27 blocks:
        // blocks' GEMMs 27 · 2 · 4096 · (4 · 1152² + 2 · 1152 · 4304) = 3,367,489,241,088; patch
        // embedding 2 · 4096 · 3 · 14² · 1152 = 5,549,064,192; projector 2 · 256 · 1152 · 2560 =
        // 1,509,949,440 → GEMMs 3,374,548,254,720; attention 27 · 4 · 4096² · 1152 =
        // 2,087,354,105,856. Forward 5,461,902,360,576 FLOPs.
        const core::VisionTower v = core::visionTower(model("gemma-3-4b-vision"));
        QCOMPARE(v.forwardGemmFlopsPerImage, 3374548254720.0);
        QCOMPARE(v.forwardAttentionFlopsPerImage, 2087354105856.0);
        QCOMPARE(v.forwardFlopsPerImage, 5461902360576.0);
    }

    void textModelsHaveNoTower()
    {
        for (const core::ModelPreset& p : core::modelPresets()) {
            if (p.model.hasVision())
                continue;
            QCOMPARE(core::countParameters(p.model).vision, 0.0);
            QCOMPARE(core::imageTokens(p.model, 3), std::int64_t(0));
        }
    }

    void imageTokensLengthenTheTrainingSequence()
    {
        // Two images of 256 tokens: 64 samples × (2048 + 512) = 163,840 tokens per step.
        const core::Estimate e = core::estimate(gemmaTraining(2, false));
        QVERIFY(e.valid);
        QCOMPARE(e.compute.tokensPerIteration, 64.0 * (2048 + 512));
        // The tower's FLOPs per step: 64 × 2 images × 5,461,902,360,576 × 3 (forward + backward).
        QCOMPARE(e.compute.visionFlopsPerIteration, 64.0 * 2 * 5461902360576.0 * 3);
        const core::Estimate frozen = core::estimate(gemmaTraining(2, true));
        QCOMPARE(frozen.compute.visionFlopsPerIteration, 64.0 * 2 * 5461902360576.0); // forward only
        QVERIFY(frozen.compute.iterationSeconds < e.compute.iterationSeconds);
    }

    void trainedTowerHoldsModelStates()
    {
        // Ψ_v = 419,816,304 on the first (only) stage, unsharded (ZeRO 0, TP 1). Trained: 2 B
        // weights = 839,632,608, 2 B gradients = 839,632,608, 12 B master + moments =
        // 5,037,795,648 more than the text model. Frozen: its weights only.
        const core::Estimate text = core::estimate(gemmaTraining(0, false, false));
        const core::Estimate trained = core::estimate(gemmaTraining(0, false));
        const core::Estimate frozen = core::estimate(gemmaTraining(0, true));
        QVERIFY(text.valid && trained.valid && frozen.valid);
        using C = core::Component;
        QCOMPARE(component(trained, C::Weights) - component(text, C::Weights), 839632608.0);
        QCOMPARE(component(trained, C::Gradients) - component(text, C::Gradients), 839632608.0);
        QCOMPARE(component(trained, C::OptimizerStates) - component(text, C::OptimizerStates), 5037795648.0);
        QCOMPARE(component(frozen, C::Weights) - component(text, C::Weights), 839632608.0);
        QCOMPARE(component(frozen, C::Gradients), component(text, C::Gradients));
        QCOMPARE(component(frozen, C::OptimizerStates), component(text, C::OptimizerStates));
    }

    void trainedTowerSavesActivations()
    {
        // One image per sample, micro-batch 1, recompute none, bf16 (2 B): per encoder token and
        // block 8w + 2F = 8 · 1152 + 2 · 4304 = 17,824 elements; 4096 tokens · 27 blocks · 2 B ·
        // 17,824 = 3,942,383,616 bytes per micro-batch more than a frozen tower's (which keeps none).
        // Both sequences are 2048 + 256: the decoder's activations are the same.
        // (The working's line: the step's peak here is the optimizer step, when no activation is held.)
        auto embedding = [](const core::Scenario& s) {
            core::Working w;
            const core::Estimate e = core::estimate(s, &w);
            for (const core::WorkingLine& l : w.lines())
                if (e.valid && l.term == core::Term::EmbeddingActivations && l.group == 0)
                    return l.value;
            return -1.0;
        };
        const double t = embedding(gemmaTraining(1, false)), f = embedding(gemmaTraining(1, true));
        QVERIFY(t > 0 && f > 0);
        QCOMPARE(t - f, 3942383616.0);
    }

    void imageTokensTakeKvCache()
    {
        // Gemma 3 4B: 4 KV heads × 256 × 2 (K, V) × 2 B = 4096 B per token per layer. The context
        // (1024 text + 2 × 256 image + 1024 generated = 2560) is past the 1024-token window, so the
        // 29 windowed layers cache as many tokens either way; the 5 global layers (34 / 6) cache
        // 512 more: 5 × 512 × 4096 = 10,485,760 B per sequence.
        const core::Estimate with = core::estimate(gemmaServing(2, 1024));
        const core::Estimate without = core::estimate(gemmaServing(0, 1024));
        QVERIFY(with.valid && without.valid);
        QCOMPARE(with.inference.kvBytesPerSequence - without.inference.kvBytesPerSequence, 10485760.0);
        QCOMPARE(with.inference.imageTokensPerRequest, 512.0);
        // The same as 512 more text tokens.
        const core::Estimate longer = core::estimate(gemmaServing(0, 1536));
        QCOMPARE(with.inference.kvBytesPerSequence, longer.inference.kvBytesPerSequence);
    }

    void servingTimelineSeesTheImageTokens()
    {
        // The engine's run: 1024 text + 2 × 256 image tokens per prompt, as the estimate read it.
        const core::ServingTimeline t = core::servingTimeline(gemmaServing(2, 1024));
        QCOMPARE(t.promptLength, std::int64_t(1536));
    }

    void servingHoldsTheTowerAndEncodesFirst()
    {
        // The tower and projector in bf16 on the one GPU: 2 × 419,816,304 = 839,632,608 bytes.
        const core::Estimate with = core::estimate(gemmaServing(1, 1024));
        const core::Estimate text = core::estimate(gemmaServing(0, 1024 + 256, false));
        QVERIFY(with.valid && text.valid);
        QCOMPARE(with.inference.visionWeightBytes, 839632608.0);
        QCOMPARE(component(with, core::Component::Weights) - component(text, core::Component::Weights), 839632608.0);
        // The encoder runs before the request's prefill: TTFT = the text model's at the same
        // prompt + one image's encoder seconds, which is at least its FLOPs at the 16-bit peak
        // (H100 SXM 989 TFLOP/s): 5.46 × 10¹² / 989 × 10¹² = 5.5 ms.
        QVERIFY(with.inference.visionSecondsPerImage > 5461902360576.0 / 989e12);
        QVERIFY(with.inference.visionSecondsPerImage < 0.05);
        QVERIFY(qFuzzyCompare(with.inference.ttftSeconds, text.inference.ttftSeconds + with.inference.visionSecondsPerImage));
    }

    void workingShowsTheTower()
    {
        core::Working w;
        const core::Estimate e = core::estimate(gemmaServing(2, 1024), &w);
        QVERIFY(e.valid);
        bool tower = false, tokens = false, encoder = false;
        for (const core::WorkingLine& l : w.lines()) {
            tower = tower || (l.term == core::Term::VisionTower && l.value == 419816304.0);
            tokens = tokens || (l.term == core::Term::ImageTokens && l.value == 512.0);
            encoder = encoder || (l.term == core::Term::VisionEncoderSeconds && l.value == e.inference.visionSecondsPerImage);
        }
        QVERIFY(tower);
        QVERIFY(tokens);
        QVERIFY(encoder);
    }
};

QTEST_APPLESS_MAIN(TestVision)
#include "tst_vision.moc"
