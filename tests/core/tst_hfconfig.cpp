// Hugging Face config.json import: the files users already have, mapped onto the architecture,
// checked against the parameter counts the model cards publish.
#include <QtTest>

#include <QFile>

#include "core/io/hfconfig.h"
#include "core/model.h"

namespace {

std::string fixture(const QString& name)
{
    QFile f(QStringLiteral(SHARDSCOPE_TEST_DATA "/hf/") + name);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.readAll().toStdString();
}

} // namespace

class TestHfConfig : public QObject
{
    Q_OBJECT

private slots:
    void publishedCounts_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("parameters");
        QTest::addColumn<double>("tolerance");
        // Model cards / checkpoint sizes: Llama-2-7B 6,738,415,616 (the issue's anchor); Mistral
        // 7B 7,241,732,096; Qwen2.5-7B 7,615,616,512; Mixtral 46,702,792,704; GPT-2 124,439,808;
        // GPT-NeoX-20B 20,554,567,680 (Black et al. 2022); DeepSeek-V3 671B (MTP excluded).
        QTest::addRow("Llama 2 7B") << "llama-2-7b.json" << 6738415616.0 << 0.0;
        QTest::addRow("Mistral 7B") << "mistral-7b-v0.1.json" << 7241732096.0 << 0.0;
        QTest::addRow("Qwen2.5 7B") << "qwen2.5-7b.json" << 7615616512.0 << 0.0;
        QTest::addRow("Mixtral 8x7B") << "mixtral-8x7b.json" << 46702792704.0 << 0.0;
        QTest::addRow("GPT-2") << "gpt2.json" << 124439808.0 << 0.0;
        QTest::addRow("GPT-NeoX-20B") << "gpt-neox-20b.json" << 20554567680.0 << 0.0;
        QTest::addRow("DeepSeek-V3") << "deepseek-v3.json" << 671e9 << 0.001;
    }
    void publishedCounts()
    {
        QFETCH(QString, file);
        QFETCH(double, parameters);
        QFETCH(double, tolerance);
        const std::string text = fixture(file);
        QVERIFY(!text.empty());
        const core::HfImport i = core::importHfConfig(text);
        QVERIFY2(i.ok, i.issues.empty() ? "" : core::describe(i.issues.front()).c_str());
        const double counted = core::countParameters(i.model).total;
        if (tolerance == 0)
            QCOMPARE(counted, parameters);
        else
            QVERIFY2(std::abs(counted - parameters) <= tolerance * parameters, qPrintable(QString::number(counted)));
    }

    void mapsTheRightFeatures()
    {
        const core::HfImport mistral = core::importHfConfig(fixture("mistral-7b-v0.1.json"));
        QCOMPARE(mistral.model.slidingWindow, 4096);
        QCOMPARE(mistral.model.numQueryGroups, 8);
        QVERIFY(!mistral.model.tiedEmbeddings);
        // Qwen2 carries sliding_window but use_sliding_window = false.
        QCOMPARE(core::importHfConfig(fixture("qwen2.5-7b.json")).model.slidingWindow, 0);
        const core::HfImport mixtral = core::importHfConfig(fixture("mixtral-8x7b.json"));
        QCOMPARE(mixtral.model.numExperts, 8);
        QCOMPARE(mixtral.model.moeTopK, 2);
        QCOMPARE(mixtral.model.moeFfnHiddenSize, 14336);
        const core::HfImport gpt2 = core::importHfConfig(fixture("gpt2.json"));
        QVERIFY(gpt2.model.normalization == core::Normalization::LayerNorm);
        QVERIFY(gpt2.model.positionEmbedding == core::PositionEmbedding::Learned);
        QVERIFY(!gpt2.model.gatedMlp);
        QVERIFY(gpt2.model.tiedEmbeddings);
        const core::HfImport ds = core::importHfConfig(fixture("deepseek-v3.json"));
        QVERIFY(ds.model.isMla());
        QCOMPARE(ds.model.firstDenseLayers, 3);
        // The multi-token-prediction module is a note of its own, not "expected one of …".
        bool mtpNoted = false;
        for (const core::Issue& issue : ds.issues)
            mtpNoted |= issue.path == "num_nextn_predict_layers" && issue.code == core::IssueCode::MtpModuleNotCounted;
        QVERIFY(mtpNoted);
    }

    void keysAreAccountedFor()
    {
        // Every key of the Llama file is either used or known not to affect memory.
        const core::HfImport i = core::importHfConfig(fixture("llama-2-7b.json"));
        QVERIFY(i.issues.empty());
        QVERIFY(std::find(i.used.begin(), i.used.end(), "num_hidden_layers") != i.used.end());
        QVERIFY(std::find(i.ignored.begin(), i.ignored.end(), "rope_theta") == i.ignored.end()); // not in this file
        QVERIFY(std::find(i.ignored.begin(), i.ignored.end(), "bos_token_id") != i.ignored.end());
    }

    void nestedTextConfig()
    {
        const core::HfImport i = core::importHfConfig(R"({"model_type": "gemma3", "text_config": {"model_type": "gemma3_text",
            "hidden_size": 5376, "intermediate_size": 21504, "num_hidden_layers": 62, "num_attention_heads": 32,
            "num_key_value_heads": 16, "head_dim": 128, "vocab_size": 262208, "sliding_window": 1024, "sliding_window_pattern": 6,
            "rms_norm_eps": 1e-6, "hidden_activation": "gelu_pytorch_tanh"}, "vision_config": {}})");
        QVERIFY(i.ok);
        QCOMPARE(i.model.globalLayersIn(0, 62), 10);
        QVERIFY(i.model.qkNorm);
        QCOMPARE(i.model.normsPerLayer, 4);
    }

    void quantizedCheckpoint()
    {
        const core::HfImport i = core::importHfConfig(R"({"model_type": "llama", "hidden_size": 4096, "intermediate_size": 11008,
            "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000,
            "quantization_config": {"quant_method": "gptq", "bits": 4, "group_size": 128, "sym": true}})");
        QVERIFY(i.ok);
        QVERIFY(i.hasQuantization);
        QVERIFY(i.quantization.format == core::WeightFormat::Int4);
        QCOMPARE(i.quantization.groupSize, 128);
    }

    void badInput_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("key");
        QTest::addColumn<int>("code");
        using C = core::IssueCode;
        QTest::addRow("truncated") << R"({"hidden_size": 4096, "num_hidden_layers": )" << "" << int(C::MalformedJson);
        QTest::addRow("not an object") << "42" << "(config.json)" << int(C::WrongType);
        QTest::addRow("missing hidden size") << R"({"model_type": "llama", "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008})"
                                             << "hidden_size" << int(C::MissingModelKey);
        QTest::addRow("string for layers") << R"({"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": "32", "num_attention_heads": 32, "vocab_size": 32000, "intermediate_size": 11008})"
                                           << "num_hidden_layers" << int(C::WrongType);
        QTest::addRow("fraction for heads") << R"({"model_type": "llama", "hidden_size": 4096, "num_hidden_layers": 32, "num_attention_heads": 32.5, "vocab_size": 32000, "intermediate_size": 11008})"
                                            << "num_attention_heads" << int(C::WrongType);
    }
    void badInput()
    {
        QFETCH(QString, json);
        QFETCH(QString, key);
        QFETCH(int, code);
        const core::HfImport i = core::importHfConfig(json.toStdString());
        QVERIFY(!i.ok);
        // A code of its own for a missing key (not "expected this key" under WrongType).
        bool named = false;
        for (const core::Issue& issue : i.issues)
            named |= issue.severity == core::Severity::Error && issue.path == key.toStdString() && issue.code == core::IssueCode(code);
        QVERIFY2(named, i.issues.empty() ? "no issue" : core::describe(i.issues.front()).c_str());
    }

    void unknownKeysAreWarnings()
    {
        const core::HfImport i = core::importHfConfig(R"({"model_type": "llama", "hidden_size": 4096, "intermediate_size": 11008,
            "num_hidden_layers": 32, "num_attention_heads": 32, "vocab_size": 32000, "my_custom_width": 3})");
        QVERIFY(i.ok);
        QCOMPARE(i.issues.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(i.issues[0].path), QString("my_custom_width"));
        QVERIFY(i.issues[0].severity == core::Severity::Warning);
    }
};

QTEST_GUILESS_MAIN(TestHfConfig)
#include "tst_hfconfig.moc"
