// Parameter counts from architectures, checked against the counts the model cards publish
// (independent of our code), and the model-size slider's family of shapes.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

#include "core/model.h"
#include "core/io/presets.h"
#include "testscenarios.h"

namespace {

// Every preset against a count published outside this repository, each row with its source.
// `explained` is the part of the published figure the architecture knowingly does not count
// (vision towers, multi-token-prediction layers, biases the schema has no key for), worked by
// hand from the model's config.json; the rest must match within `tolerance` (relative),
// justified per row; 0 means to the parameter.
struct PublishedTotal
{
    const char* id;
    double published;
    double explained;
    double tolerance;
};

/// Which embedding matrices a model card counts among the active parameters.
enum Embeddings { BothCounted, UnembeddingOnly, NoneCounted };

const PublishedTotal kPublishedTotals[] = {
    // The textbook's bare counts are their own definition: Ψ = 7 × 10⁹ and 7 × 10¹⁰.
    {"textbook-7b", 7e9, 0.0, 0.0},
    {"textbook-70b", 70e9, 0.0, 0.0},
    // Hugging Face safetensors totals (the checkpoint's own count), text-only models.
    {"llama-2-7b", 6738415616.0, 0.0, 0.0},
    {"llama-2-13b", 13015864320.0, 0.0, 0.0},
    {"llama-2-70b", 68976648192.0, 0.0, 0.0},
    {"llama-3-8b", 8030261248.0, 0.0, 0.0},
    {"llama-3-70b", 70553706496.0, 0.0, 0.0},
    {"llama-3.1-8b", 8030261248.0, 0.0, 0.0},   // same shape as Llama 3 8B
    {"llama-3.1-70b", 70553706496.0, 0.0, 0.0}, // = Llama 3.3 70B's total
    {"llama-3.1-405b", 405853388800.0, 0.0, 0.0},
    {"llama-3.2-1b", 1235814400.0, 0.0, 0.0},
    // Llama 4 checkpoints include the vision encoder; by hand from vision_config (hidden 1408,
    // 34 layers, MLP 5632, patch 14 on 336 px, pixel shuffle 0.5, projector 4096 → 5120):
    // patch embedding 588·1408 = 827,904; class token 1408; positions 577·1408 = 812,416;
    // pre/post LayerNorms 2·2816; per layer Q/K/V/O with biases 4·(1408² + 1408) = 7,935,488,
    // fc1 1408·5632 + 5632 = 7,935,488, fc2 5632·1408 + 1408 = 7,931,264, two LayerNorms
    // 5,632 → 23,807,872 × 34 = 809,467,648; adapter 5632·4096 + 4096·4096 = 39,845,888;
    // projector 4096·5120 = 20,971,520. Sum 871,932,416, the same for both models.
    {"llama-4-scout", 108641793536.0, 871932416.0, 0.0},
    {"llama-4-maverick", 401583781376.0, 871932416.0, 0.0},
    // … and Llama 4 Scout with its tower and projector counted (tst_vision: 871,932,416).
    {"llama-4-scout-vision", 108641793536.0, 0.0, 0.0},
    // Vision-language checkpoints with their towers (issue 28 item 4; tst_vision works each tower
    // by hand from vision_config). Qwen2.5-VL-7B: the Hugging Face total 8,292,166,656 = Qwen2.5-7B's
    // 7,615,616,512 + the ViT and merger 676,550,144.
    {"qwen2.5-vl-7b", 8292166656.0, 0.0, 0.0},
    // Gemma 3 with SigLIP: keras-hub medgemma_presets.py ("params": 4300079472 and 27432406640 for
    // the Gemma 3 architecture with its tower) and the Hugging Face total of gemma-3-12b-it; each is
    // the text model with the 262,208 vocabulary + 416,866,032 + 1152 + 1152·h.
    {"gemma-3-4b-vision", 4300079472.0, 0.0, 0.0},
    {"gemma-3-12b-vision", 12187325040.0, 0.0, 0.0},
    {"gemma-3-27b-vision", 27432406640.0, 0.0, 0.0},
    // The Gemma 3 report (arXiv 2503.19786), Table 1: a 417M vision encoder in every size; the
    // tower counted is 416,866,032 (0.03 % off the rounded figure): 27B's 1,416M embedding +
    // 25,600M non-embedding + 417M within half a unit of its last digit of each part.
    {"gemma-3-27b-vision", 27433e6, 0.0, 1.5e6 / 27433e6},
    {"qwen2.5-7b", 7615616512.0, 0.0, 0.0},
    {"qwen2.5-72b", 72706203648.0, 0.0, 0.0},
    {"qwen1.5-moe-a2.7b", 14315784192.0, 0.0, 0.0},
    {"qwen3-0.6b", 596049920.0, 0.0, 0.0}, // also keras-hub qwen3_presets.py
    {"qwen3-4b", 4022468096.0, 0.0, 0.0},
    {"qwen3-8b", 8190735360.0, 0.0, 0.0},
    {"qwen3-14b", 14768307200.0, 0.0, 0.0},
    {"qwen3-32b", 32762123264.0, 0.0, 0.0},
    {"qwen3-30b-a3b", 30532122624.0, 0.0, 0.0},
    {"qwen3-235b-a22b", 235093634560.0, 0.0, 0.0},
    // DeepSeek-V3 report: "671B total parameters", a rounded figure: within half a unit of its
    // last digit. R1 is the same network post-trained. (The Hugging Face total, 684.5B, adds the
    // multi-token-prediction module and the FP8 checkpoint's scale tensors.)
    {"deepseek-v3", 671e9, 0.0, 0.5e9 / 671e9},
    {"deepseek-r1", 671e9, 0.0, 0.5e9 / 671e9},
    // DeepSeek-V3.2-Exp: the DeepSeek-V3 network plus a lightning indexer in each of its 61 layers
    // (the V3.2 report: DSA is "the only architectural modification"), which the quoted 671B does
    // not count: by hand from inference/model.py @3b99a535 class Indexer, wq_b 1536·64·128 +
    // wk 7168·128 + k_norm 2·128 + weights_proj 7168·64 = 13,959,424 per layer, × 61 = 851,524,864.
    {"deepseek-v3.2-exp", 671e9, -851524864.0, 0.5e9 / 671e9},
    // keras-hub gemma3_presets.py counts the text models with a 262,144 vocabulary; the
    // Hugging Face text_config has 262,208 (64 image tokens): the tied embedding has 64·h
    // more rows than keras-hub counts (negative: we count them, the published figure not).
    {"gemma-3-1b", 999885952.0, 0.0, 0.0},             // V 262144 in both
    {"gemma-3-4b", 3880099328.0, -64.0 * 2560, 0.0},
    {"gemma-3-12b", 11765788416.0, -64.0 * 3840, 0.0},
    {"gemma-3-27b", 27009002240.0, -64.0 * 5376, 0.0},
    {"mistral-7b", 7241732096.0, 0.0, 0.0},
    {"mixtral-8x7b", 46702792704.0, 0.0, 0.0},
    // Mistral-Small-3.2-24B's total 24,011,361,280 minus its 438,958,080 vision parameters: its
    // text model has 2501's shape (2501's own total was not found).
    {"mistral-small-3-24b", 24011361280.0, 438958080.0, 0.0},
    // gpt-oss: per layer, 64 attention sinks, a router bias per expert and the experts'
    // biases (gate and up 2·2880, down 2880): 20b 24·(64 + 32 + 32·8640) = 6,637,824;
    // 120b 36·(64 + 128 + 128·8640) = 39,820,032.
    {"gpt-oss-20b", 20914757184.0, 6637824.0, 0.0},
    {"gpt-oss-120b", 116829156672.0, 39820032.0, 0.0},
    // Kimi K2: the routers' e_score_correction_bias, 384 per MoE layer × 60 = 23,040; 3,416
    // parameters of the checkpoint (3·10⁻⁹) remain unaccounted for, so 10⁻⁸. (The model card
    // says "1T", the tech report 1.04T: neither is this checkpoint's count.)
    {"kimi-k2", 1026408235864.0, 23040.0, 1e-8},
    // GLM-4.5: the checkpoint adds the multi-token-prediction layer 92 and the routers'
    // score-correction biases (160 per MoE layer). By hand (h 5120, 96·128 query, 8·128 KV):
    // attention 2·5120·12288 + 2·5120·1024 + Q/K/V biases 14,336 = 136,329,216; norms
    // 2·5120 + QK-norm 256; router 819,200; shared expert 3·5120·1536 = 23,592,960; routed
    // 160·23,592,960 → an MoE layer of 3,935,625,472. MTP adds its router bias 160, eh_proj
    // 2·5120² = 52,428,800, three norms 15,360 and its own embedding and head 2·151552·5120
    // = 1,551,892,480: 5,539,962,272. Plus 89·160 = 14,240 biases of the main layers.
    {"glm-4.5", 358337791296.0, 5539962272.0 + 14240, 0.0},
    // GLM-4.5-Air likewise (h 4096, no QK-norm): MoE layer 109,066,240 + 8,192 + 524,288 +
    // 17,301,504 + 128·17,301,504 = 2,341,492,736; MTP + 128 + 2·4096² + 3·4096 +
    // 2·151552·4096 = 3,616,573,568; main-layer biases 45·128 = 5,760.
    {"glm-4.5-air", 110468824832.0, 3616573568.0 + 5760, 0.0},
    // Qwen3-Next-80B-A3B (issue 28): 79,674,391,296 is the published total a third-party test
    // (tp-modelsheet-tests, docs/corpus/models2026.md §1) gives for Qwen3-Coder-Next, the same dims
    // without the MTP layer. By hand: embeddings 2·151936·2048 = 622,329,856; final norm 2048;
    // every layer's MoE block: router 2048·512 = 1,048,576, experts 512·3·2048·512 =
    // 1,610,612,736, shared 3·2048·512 + 2048 (its gate) = 3,147,776, two norms 4096; 12 attention
    // layers: q_proj with its gate 2048·8192 = 16,777,216, k and v 2·2048·512 = 2,097,152, o
    // 4096·2048 = 8,388,608, Q/K norms 512 → 27,263,488; 36 Gated DeltaNet layers: in_proj_qkvz
    // 2048·12288 = 25,165,824, in_proj_ba 2048·64 = 131,072, conv 8192·4 = 32,768, dt_bias and
    // A_log 64, norm 128, out_proj 4096·2048 = 8,388,608 → 33,718,464 (transformers
    // modeling_qwen3_next.py @01cdc608). 622,331,904 + 12·1,642,076,672 + 36·1,648,531,648.
    {"qwen3-next-80b-a3b", 79674391296.0, 0.0, 0.0},
    // … and the model card's "80B total": a rounded figure, within half its last unit.
    {"qwen3-next-80b-a3b", 80e9, 0.0, 0.5e9 / 80e9},
    // Nemotron-H 8B: NVIDIA publishes "8B" only (NeMo docs 25.07, the model card); no exact total
    // was found (docs/corpus/models2026.md §6), so within half its last unit. Counted 8,100,852,736:
    // embeddings 2·131072·4096 = 1,073,741,824; 4 attention + MLP layers 41,943,040 + 176,160,768
    // + 8192 = 218,112,000; the Mamba-2 mixer (mamba2.py @e9594ce1) in_proj 4096·(2·8192 + 2·8·128
    // + 128) = 76,021,760, conv 10240·4 + 10240 = 51,200, dt_bias/A_log/D 384, norm 8192, out_proj
    // 8192·4096 = 33,554,432 → 109,635,968; 20 Mamba + MLP layers 285,804,928; 4 Mamba-only
    // blocks 109,640,064; final norm 4096.
    {"nemotron-h-8b", 8e9, 0.0, 0.5e9 / 8e9},
    {"phi-4", 14659507200.0, 0.0, 0.0}, // = GGUF general.parameter_count
    // Brown et al. 2020 Table 2.1: "175.0B", rounded: within half a unit of its last digit
    // (the learned positions and biases are counted; 174.6B here).
    {"gpt-3-175b", 175e9, 0.0, 0.5e9 / 175e9},
};

} // namespace

class TestParameters : public QObject
{
    Q_OBJECT

private slots:
    void llama2_7b()
    {
        // The anchor: 6,738,415,616 (Hugging Face checkpoint, meta-llama/Llama-2-7b-hf).
        const core::ModelPreset* p = core::findModelPreset("llama-2-7b");
        QVERIFY(p);
        QCOMPARE(core::countParameters(p->model).total, 6738415616.0);
    }

    void presetsMatchPublishedCounts_data()
    {
        QTest::addColumn<QString>("id");
        for (const core::ModelPreset& p : core::modelPresets())
            QTest::addRow("%s", p.model.preset.c_str()) << QString::fromStdString(p.model.preset);
    }
    void presetsMatchPublishedCounts()
    {
        QFETCH(QString, id);
        const core::ModelPreset* p = core::findModelPreset(id.toStdString());
        QVERIFY(p);
        QVERIFY2(!p->source.empty(), "every preset names its source");
        const double counted = core::countParameters(p->model).total;
        if (p->publishedIsExact)
            QCOMPARE(counted, p->publishedParameters);
        else // "175B" is a rounded figure: within 0.5 %, or within half the unit it is rounded to ("8B": 0.5 × 10⁹)
            QVERIFY2(std::abs(counted - p->publishedParameters) < std::max(0.005 * p->publishedParameters, p->publishedRounding / 2),
                     qPrintable(QString::number(counted)));
    }

    void publishedTotals_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("published");
        QTest::addColumn<double>("explained");
        QTest::addColumn<double>("tolerance");
        for (const PublishedTotal& row : kPublishedTotals)
            QTest::addRow("%s", row.id) << QString(row.id) << row.published << row.explained << row.tolerance;
    }
    void publishedTotals()
    {
        QFETCH(QString, id);
        QFETCH(double, published);
        QFETCH(double, explained);
        QFETCH(double, tolerance);
        const core::ModelPreset* p = core::findModelPreset(id.toStdString());
        QVERIFY2(p, qPrintable(id));
        const double counted = core::countParameters(p->model).total;
        if (tolerance == 0) {
            QCOMPARE(counted + explained, published);
        } else {
            const double off = std::abs(counted + explained - published) / published;
            QVERIFY2(off <= tolerance, qPrintable(QString("counted %1 + %2 against %3: off by %4").arg(counted, 0, 'f', 0)
                                                       .arg(explained, 0, 'f', 0).arg(published, 0, 'f', 0).arg(off)));
        }
    }

    void everyPresetHasAPublishedRow()
    {
        // A new preset comes with its independent row in kPublishedTotals.
        for (const core::ModelPreset& p : core::modelPresets()) {
            const bool listed = std::any_of(std::begin(kPublishedTotals), std::end(kPublishedTotals),
                                            [&](const PublishedTotal& row) { return p.model.preset == row.id; });
            QVERIFY2(listed, p.model.preset.c_str());
        }
    }

    // Active parameters against the model cards, which round (or cut) to their last digit and
    // differ on the embeddings: within one unit of that digit, under the card's convention.
    void activeMatchesModelCards_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<double>("card");
        QTest::addColumn<double>("unit");
        QTest::addColumn<int>("embeddings");
        QTest::addRow("mixtral-8x7b") << "mixtral-8x7b" << 12.9e9 << 0.1e9 << int(BothCounted);           // Jiang et al. 2024
        QTest::addRow("qwen1.5-moe-a2.7b") << "qwen1.5-moe-a2.7b" << 2.7e9 << 0.1e9 << int(BothCounted);
        QTest::addRow("qwen3-30b-a3b") << "qwen3-30b-a3b" << 3.3e9 << 0.1e9 << int(BothCounted);         // model card
        QTest::addRow("qwen3-235b-a22b") << "qwen3-235b-a22b" << 22e9 << 1e9 << int(BothCounted);
        QTest::addRow("llama-4-scout") << "llama-4-scout" << 17e9 << 1e9 << int(BothCounted);            // Meta model card
        QTest::addRow("llama-4-maverick") << "llama-4-maverick" << 17e9 << 1e9 << int(BothCounted);
        QTest::addRow("deepseek-v3") << "deepseek-v3" << 37e9 << 1e9 << int(BothCounted);                // DeepSeek-V3 report
        QTest::addRow("kimi-k2") << "kimi-k2" << 32e9 << 1e9 << int(BothCounted);                        // model card
        // gpt-oss model card (arXiv:2508.10925 Table 1): 3.61B and 5.13B count the unembedding,
        // not the embedding table.
        QTest::addRow("gpt-oss-20b") << "gpt-oss-20b" << 3.61e9 << 0.01e9 << int(UnembeddingOnly);
        QTest::addRow("gpt-oss-120b") << "gpt-oss-120b" << 5.13e9 << 0.01e9 << int(UnembeddingOnly);
        // GLM-4.5 report and model card: 32B and 12B match only without the embedding and output
        // matrices (with them 33.6B and 13.4B) — inferred, the card does not say.
        QTest::addRow("glm-4.5") << "glm-4.5" << 32e9 << 1e9 << int(NoneCounted);
        QTest::addRow("glm-4.5-air") << "glm-4.5-air" << 12e9 << 1e9 << int(NoneCounted);
    }
    void activeMatchesModelCards()
    {
        QFETCH(QString, id);
        QFETCH(double, card);
        QFETCH(double, unit);
        QFETCH(int, embeddings);
        const core::ModelPreset* p = core::findModelPreset(id.toStdString());
        QVERIFY2(p, qPrintable(id));
        const core::ParameterCounts c = core::countParameters(p->model);
        double active = c.active;
        if (embeddings != BothCounted)
            active -= c.embedding;
        if (embeddings == NoneCounted)
            active -= c.outputLayer;
        QVERIFY2(std::abs(active - card) < unit, qPrintable(QString("active %1 against the card's %2").arg(active, 0, 'f', 0).arg(card, 0, 'f', 0)));
    }

    void presetsStateTheirDropout()
    {
        // Each preset says whether it trained with dropout (the activations keep the masks):
        // GPT-2/GPT-3 used 0.1 (GPT-2's config.json resid/attn/embd_pdrop 0.1); the Llama-style
        // models here train without (their configs' attention_dropout 0.0, no hidden dropout).
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(std::string(core::modelPresetsJson())));
        const QJsonArray models = doc.object().value("models").toArray();
        QCOMPARE(std::size_t(models.size()), core::modelPresets().size());
        for (const QJsonValue& v : models) {
            const QJsonObject m = v.toObject();
            const QString id = m.value("id").toString();
            QVERIFY2(m.value("dropout").isBool(), qPrintable(id + ": no dropout key"));
            QVERIFY2(!m.value("family").toString().isEmpty(), qPrintable(id + ": no family"));
            const core::ModelPreset* p = core::findModelPreset(id.toStdString());
            QVERIFY2(p, qPrintable(id));
            QCOMPARE(p->model.dropout, id == "gpt-3-175b");
            QCOMPARE(QString::fromStdString(p->family), m.value("family").toString());
        }
    }

    void familiesInFileOrder()
    {
        // The pickers group by family in the order the file first names them.
        const std::vector<std::string> families = core::modelPresetFamilies();
        const std::vector<std::string> expected = {"Textbook", "Llama", "Qwen", "DeepSeek", "Gemma", "Mistral", "GPT-OSS", "Kimi", "GLM", "Nemotron", "Phi", "GPT"};
        QCOMPARE(families, expected);
        const std::vector<std::string> gpus = core::gpuPresetFamilies();
        QCOMPARE(gpus.front(), std::string("NVIDIA Blackwell"));
        QCOMPARE(std::string(core::gpuPresetFamily("h100-sxm")), std::string("NVIDIA Hopper"));
        QCOMPARE(std::string(core::gpuPresetFamily("mi355x")), std::string("AMD CDNA 4"));
        QVERIFY(core::gpuPresetFamily("no-such-gpu").empty());
        for (const core::GpuSpec& g : core::gpuPresets())
            QVERIFY2(!core::gpuPresetFamily(g.preset).empty(), g.preset.c_str());
    }

    void everyRequiredPresetExists_data()
    {
        QTest::addColumn<QString>("id");
        for (const char* id : {"gpt-3-175b", "llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3-8b", "llama-3-70b", "llama-3.1-405b",
                               "mistral-7b", "qwen2.5-7b", "qwen2.5-72b", "llama-3.2-1b",
                               // issue 11: the presets people use in 2026
                               "llama-3.1-8b", "llama-3.1-70b", "llama-4-scout", "llama-4-maverick", "qwen3-0.6b", "qwen3-4b",
                               "qwen3-8b", "qwen3-14b", "qwen3-32b", "qwen3-30b-a3b", "qwen3-235b-a22b", "deepseek-v3", "deepseek-r1",
                               "gpt-oss-20b", "gpt-oss-120b", "kimi-k2", "glm-4.5", "glm-4.5-air", "gemma-3-1b", "gemma-3-4b",
                               "gemma-3-12b", "gemma-3-27b", "phi-4", "mistral-small-3-24b"})
            QTest::addRow("%s", id) << QString(id);
    }
    void everyRequiredPresetExists()
    {
        QFETCH(QString, id);
        QVERIFY(core::findModelPreset(id.toStdString()));
    }

    void gpt2Small()
    {
        // GPT-2 small (124M): 12 layers, h 768, 12 heads, V 50257, 1024 learned positions,
        // LayerNorm, biases, GELU F = 3072, tied. Published total 124,439,808 (HF gpt2).
        core::ModelArchitecture m;
        m.numLayers = 12;
        m.hiddenSize = 768;
        m.ffnHiddenSize = 3072;
        m.numAttentionHeads = 12;
        m.numQueryGroups = 12;
        m.vocabSize = 50257;
        m.maxPositionEmbeddings = 1024;
        m.positionEmbedding = core::PositionEmbedding::Learned;
        m.tiedEmbeddings = true;
        m.gatedMlp = false;
        m.linearBias = true;
        m.normalization = core::Normalization::LayerNorm;
        const core::ParameterCounts c = core::countParameters(m);
        QCOMPARE(c.total, 124439808.0);
        // Per layer by hand: attention 4·768² + 4·768 = 2,362,368; MLP 2·768·3072 + 3072 + 768
        // = 4,722,432; two LayerNorms 4·768 = 3,072.
        QCOMPARE(c.attentionPerLayer, 2362368.0);
        QCOMPARE(c.mlpPerLayer, 4722432.0);
        QCOMPARE(c.normsPerLayer, 3072.0);
    }

    void groupedQueryAttentionShrinksKeyValue()
    {
        // Llama-2-70B attention: Q and O 8192², K and V 8192·1024 each → 2·67,108,864 + 2·8,388,608.
        const core::ModelPreset* p = core::findModelPreset("llama-2-70b");
        QCOMPARE(core::countParameters(p->model).attentionPerLayer, 2 * 67108864.0 + 2 * 8388608.0);
    }

    void vocabularyPadding_data()
    {
        QTest::addColumn<int>("vocab");
        QTest::addColumn<int>("multiple");
        QTest::addColumn<int>("tp");
        QTest::addColumn<double>("padded");
        QTest::addRow("GPT-2 vocab to 128") << 50257 << 128 << 1 << 50304.0;     // nanoGPT's well-known 50304
        QTest::addRow("GPT-2 vocab, TP 8") << 50257 << 128 << 8 << 51200.0;     // multiple of 1024
        QTest::addRow("Llama vocab, TP 8") << 32000 << 128 << 8 << 32768.0;
        QTest::addRow("no padding") << 32000 << 0 << 8 << 32000.0;
    }
    void vocabularyPadding()
    {
        QFETCH(int, vocab);
        QFETCH(int, multiple);
        QFETCH(int, tp);
        QFETCH(double, padded);
        core::ModelArchitecture m;
        m.vocabSize = vocab;
        m.padVocabMultiple = multiple;
        QCOMPARE(core::paddedVocabSize(m, tp), padded);
    }

    void familyReproducesLlama3Shapes_data()
    {
        QTest::addColumn<double>("target");
        QTest::addColumn<int>("hidden");
        QTest::addColumn<int>("layers");
        // Llama 3 8B: h 4096, 32 layers; Llama 3 70B: h 8192, 80 layers (model cards).
        QTest::addRow("8B") << 8.03e9 << 4096 << 32;
        QTest::addRow("70B") << 70.55e9 << 8192 << 80;
    }
    void familyReproducesLlama3Shapes()
    {
        QFETCH(double, target);
        QFETCH(int, hidden);
        QFETCH(int, layers);
        const core::ModelArchitecture m = core::familyShape(target);
        QCOMPARE(m.hiddenSize, hidden);
        QCOMPARE(m.numLayers, layers);
    }

    void familyCoversTheSliderRange()
    {
        // 1 B … 2 T: every shape valid, within 10 % of the target (one layer's granularity),
        // hidden size and depth never shrinking as the target grows.
        int lastHidden = 0;
        for (double n = 1e9; n <= 2e12 * 1.0001; n *= 1.2) {
            const core::ModelArchitecture m = core::familyShape(n);
            const double total = core::countParameters(m).total;
            QVERIFY2(std::abs(total - n) / n < 0.10, qPrintable(QString("target %1 got %2").arg(n).arg(total)));
            QVERIFY(m.hiddenSize % m.numAttentionHeads == 0);
            QVERIFY(m.numAttentionHeads % m.numQueryGroups == 0);
            QVERIFY(m.hiddenSize >= lastHidden);
            lastHidden = m.hiddenSize;
        }
    }
};

QTEST_GUILESS_MAIN(TestParameters)
#include "tst_parameters.moc"
