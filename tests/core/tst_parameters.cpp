// Parameter counts from architectures, checked against the counts the model cards publish
// (independent of our code), and the model-size slider's family of shapes.
#include <QtTest>

#include "core/model.h"
#include "core/io/presets.h"
#include "testscenarios.h"

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
        else // "175B" is a rounded figure: within 0.5 %
            QVERIFY2(std::abs(counted - p->publishedParameters) < 0.005 * p->publishedParameters, qPrintable(QString::number(counted)));
    }

    void everyRequiredPresetExists_data()
    {
        QTest::addColumn<QString>("id");
        for (const char* id : {"gpt-3-175b", "llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3-8b", "llama-3-70b", "llama-3.1-405b",
                               "mistral-7b", "qwen2.5-7b", "qwen2.5-72b", "llama-3.2-1b"})
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
