// Scenario files: presets with overrides, round trips, --set, and every kind of bad input
// giving a message that names the key.
#include <QtTest>

#include "core/estimate.h"
#include "core/io/estimate_io.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"

namespace {

bool hasCode(const core::ScenarioLoad& l, core::IssueCode code, const std::string& path)
{
    for (const core::Issue& i : l.issues)
        if (i.code == code && (i.path == path || std::string(i.key) == path))
            return true;
    return false;
}

QString firstMessage(const core::ScenarioLoad& l)
{
    return l.issues.empty() ? QString("(none)") : QString::fromStdString(core::describe(l.issues.front()));
}

const char* kBase = R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "parallel": {"gpus": 8}})";

} // namespace

class TestScenarioIo : public QObject
{
    Q_OBJECT

private slots:
    void presetsAndExplicitKeys()
    {
        const core::ScenarioLoad l = core::loadScenario(
            R"({"schema_version": 1, "model": {"preset": "llama-2-7b", "num_layers": 40},
                "training": {"zero_stage": 2, "precision": "mixed_bf16_fp32_grads", "optimizer": "adam_8bit", "recompute": "full"},
                "parallel": {"gpus": 16, "tensor": 2, "sequence_parallel": true},
                "hardware": {"gpu": {"preset": "h100-sxm", "memory_bytes": 1e11}, "mfu": 0.5}})");
        QVERIFY2(l.ok, qPrintable(firstMessage(l)));
        QVERIFY(l.issues.empty());
        QCOMPARE(l.scenario.model.hiddenSize, 4096); // from the preset
        QCOMPARE(l.scenario.model.numLayers, 40);    // explicit key wins
        QCOMPARE(l.scenario.training.zeroStage, 2);
        QVERIFY(l.scenario.training.precision == core::PrecisionRecipe::MixedBf16Fp32Grads);
        QVERIFY(l.scenario.training.optimizer == core::Optimizer::Adam8bit);
        QVERIFY(l.scenario.training.recompute == core::Recompute::Full);
        QCOMPARE(l.scenario.parallel.tensor, 2);
        QCOMPARE(l.scenario.hardware.gpu.peakBf16Tflops, 989.4);
        QCOMPARE(l.scenario.hardware.gpu.memoryBytes, 1e11);
        QCOMPARE(l.scenario.hardware.mfu, 0.5);
    }

    void fsdpNames()
    {
        const core::ScenarioLoad l = core::loadScenario(R"({"schema_version": 1, "model": {"parameters": 7e9}, "training": {"fsdp": "shard_grad_op"}})");
        QVERIFY(l.ok);
        QCOMPARE(l.scenario.training.zeroStage, 2);
        QVERIFY(!l.scenario.model.hasArchitecture);
        QCOMPARE(l.scenario.model.parameters, 7e9);
    }

    void roundTrip_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addRow("default") << QString::fromUtf8(core::defaultScenarioJson().data(), int(core::defaultScenarioJson().size()));
        QTest::addRow("count only") << R"({"schema_version": 1, "model": {"parameters": 7.5e9}, "training": {"zero_stage": 3, "offload_optimizer": true}})";
        QTest::addRow("custom everything") << R"({"schema_version": 1,
            "model": {"num_layers": 12, "hidden_size": 768, "ffn_hidden_size": 3072, "num_attention_heads": 12, "vocab_size": 50257,
                      "normalization": "layernorm", "position_embedding": "learned", "max_position_embeddings": 1024, "linear_bias": true,
                      "gated_mlp": false, "tied_embeddings": true, "pad_vocab_multiple": 128, "dropout": true},
            "training": {"seq_length": 1024, "train_tokens": 3.3e11, "precision": "fp32", "optimizer": "sgd_momentum", "flops_formula": "6nd"},
            "parallel": {"gpus": 4, "tensor": 2, "pipeline": 2},
            "hardware": {"gpu": {"name": "My GPU", "memory_bytes": 12345678901, "peak_tflops": {"bf16": 100.5, "fp32": 20}}, "price_per_gpu_hour": 0.33},
            "runtime": {"cuda_context_bytes": 7.5e8, "fragmentation_fraction": 0.123456789}})";
    }
    void roundTrip()
    {
        QFETCH(QString, json);
        const core::ScenarioLoad first = core::loadScenario(json.toStdString());
        QVERIFY2(first.ok, qPrintable(firstMessage(first)));
        const std::string saved = core::saveScenario(first.scenario, "t");
        const core::ScenarioLoad second = core::loadScenario(saved);
        QVERIFY2(second.ok, qPrintable(firstMessage(second)));
        QVERIFY2(second.issues.empty(), qPrintable(firstMessage(second)));
        QCOMPARE(core::saveScenario(second.scenario, "t"), saved);
        // The numbers agree too, not just the text.
        const core::Estimate a = core::estimate(first.scenario), b = core::estimate(second.scenario);
        QCOMPARE(a.valid, b.valid);
        if (a.valid)
            QCOMPARE(a.fullest().totalBytes, b.fullest().totalBytes);
    }

    void overrides()
    {
        const core::ScenarioLoad l = core::loadScenario(kBase, {"training.zero_stage=3", "hardware.gpu=h100-sxm", "hardware.gpu.memory_bytes=1e10",
                                                                "model.name=Renamed", "training.recompute=full"});
        QVERIFY2(l.ok, qPrintable(firstMessage(l)));
        QCOMPARE(l.scenario.training.zeroStage, 3);
        QCOMPARE(l.scenario.hardware.gpu.peakFp8Tflops, 1978.9);
        QCOMPARE(l.scenario.hardware.gpu.memoryBytes, 1e10);
        QCOMPARE(QString::fromStdString(l.scenario.model.name), QString("Renamed"));
        QVERIFY(l.scenario.training.recompute == core::Recompute::Full);
    }

    void badInput_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QStringList>("sets");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("path");
        using C = core::IssueCode;
        QTest::addRow("malformed") << R"({"schema_version": 1, "model": {)" << QStringList() << int(C::MalformedJson) << "";
        QTest::addRow("truncated") << R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "parallel": {"gpus": 8)" << QStringList() << int(C::MalformedJson) << "";
        QTest::addRow("empty") << "" << QStringList() << int(C::MalformedJson) << "";
        QTest::addRow("not an object") << "[1, 2]" << QStringList() << int(C::WrongType) << "(document)";
        QTest::addRow("no schema version") << R"({"model": {"preset": "llama-2-7b"}})" << QStringList() << int(C::WrongType) << "schema_version";
        QTest::addRow("schema version 2") << R"({"schema_version": 2, "model": {"preset": "llama-2-7b"}})" << QStringList() << int(C::UnsupportedSchemaVersion) << "schema_version";
        QTest::addRow("string for a number") << R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "parallel": {"gpus": "eight"}})" << QStringList() << int(C::WrongType) << "parallel.gpus";
        QTest::addRow("fraction for an integer") << R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "parallel": {"tensor": 2.5}})" << QStringList() << int(C::NotAnInteger) << "parallel.tensor";
        QTest::addRow("number for a boolean") << R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "training": {"flash_attention": 1}})" << QStringList() << int(C::WrongType) << "training.flash_attention";
        QTest::addRow("unknown recipe") << R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "training": {"precision": "fp12"}})" << QStringList() << int(C::UnknownValue) << "training.precision";
        QTest::addRow("unknown model preset") << R"({"schema_version": 1, "model": {"preset": "llama-9"}})" << QStringList() << int(C::UnknownPreset) << "model.preset";
        QTest::addRow("unknown GPU preset") << R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "hardware": {"gpu": "tpu"}})" << QStringList() << int(C::UnknownPreset) << "hardware.gpu";
        QTest::addRow("no model") << R"({"schema_version": 1})" << QStringList() << int(C::WrongType) << "model";
        QTest::addRow("empty model") << R"({"schema_version": 1, "model": {}})" << QStringList() << int(C::WrongType) << "model";
        QTest::addRow("section not an object") << R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "parallel": 8})" << QStringList() << int(C::WrongType) << "parallel";
        QTest::addRow("int32 overflow") << R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "parallel": {"gpus": 99999999999}})" << QStringList() << int(C::TooLarge) << "parallel.gpus";
        QTest::addRow("bad --set") << kBase << QStringList{"training.zero_stage"} << int(C::MalformedOverride) << "--set";
        QTest::addRow("--set wrong type") << kBase << QStringList{"parallel.tensor=two"} << int(C::WrongType) << "parallel.tensor";
    }
    void badInput()
    {
        QFETCH(QString, json);
        QFETCH(QStringList, sets);
        QFETCH(int, code);
        QFETCH(QString, path);
        std::vector<std::string> overrides;
        for (const QString& s : sets)
            overrides.push_back(s.toStdString());
        const core::ScenarioLoad l = core::loadScenario(json.toStdString(), overrides);
        QVERIFY(!l.ok);
        QVERIFY2(hasCode(l, core::IssueCode(code), path.toStdString()), qPrintable(firstMessage(l)));
        QVERIFY(!core::describe(l.issues.front()).empty());
    }

    void unknownKeysAreReportedWithAHint()
    {
        const core::ScenarioLoad l = core::loadScenario(
            R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "parallel": {"gpus": 8, "tensr": 2}, "extra": true})");
        QVERIFY(l.ok); // a warning, not an error: the rest of the file still counts
        QVERIFY(hasCode(l, core::IssueCode::UnknownKey, "parallel.tensr"));
        QVERIFY(hasCode(l, core::IssueCode::UnknownKey, "extra"));
        const core::Issue* typo = nullptr;
        for (const core::Issue& i : l.issues)
            if (i.path == "parallel.tensr")
                typo = &i;
        QVERIFY(typo);
        QCOMPARE(QString::fromStdString(typo->hint), QString("parallel.tensor"));
        QCOMPARE(QString::fromStdString(core::describe(*typo)), QString("parallel.tensr: unknown key, ignored (did you mean 'parallel.tensor'?)"));
    }

    void estimateJsonHasTheDocumentedKeys()
    {
        const core::ScenarioLoad l = core::loadScenario(core::defaultScenarioJson());
        QVERIFY(l.ok);
        const core::Estimate e = core::estimate(l.scenario);
        const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(core::estimateToJson(l.scenario, e, l.issues)));
        const QJsonObject o = doc.object();
        QVERIFY(o["parameters"].toObject().contains("total"));
        QVERIFY(o["parameters"].toObject().contains("active"));
        const QJsonObject g = o["rank_groups"].toArray().first().toObject();
        for (const char* k : {"label", "first_rank", "last_rank", "pipeline_stage", "bytes", "allocated_bytes", "reserved_bytes", "device_bytes",
                              "total_bytes", "capacity_bytes", "fits", "peak"})
            QVERIFY2(g.contains(k), k);
        for (const char* k : {"moment", "micro_batch", "chunk", "moments"})
            QVERIFY2(g["peak"].toObject().contains(k), k);
        for (const char* k : {"parameters", "gradients", "optimizer_states", "activations", "temporary", "runtime"})
            QVERIFY2(g["bytes"].toObject().contains(k), k);
        QVERIFY(o.contains("cpu_bytes_per_node"));
        for (const char* k : {"model_flops_per_iteration", "hardware_flops_per_iteration", "total_model_flops", "training_seconds", "gpu_hours", "cost", "bubble_fraction"})
            QVERIFY2(o["compute"].toObject().contains(k), k);
        for (const char* k : {"data_parallel", "tensor_parallel", "pipeline_parallel"})
            QVERIFY2(o["communication_bytes_per_step"].toObject().contains(k), k);
        for (const char* section : {"communication_seconds_per_step", "communication_over_network", "communication_link_bytes_per_second"})
            for (const char* k : {"data_parallel", "tensor_parallel", "pipeline_parallel", "context_parallel", "expert_parallel"})
                QVERIFY2(o[section].toObject().contains(k), qPrintable(QString("%1.%2").arg(section, k)));
        QVERIFY(o["warnings"].isArray());
        // The sum of the categories is the device total, the bar's height; allocated ≤ reserved ≤ device.
        double sum = 0;
        for (const QJsonValue v : g["bytes"].toObject())
            sum += v.toDouble();
        QVERIFY(std::abs(sum - g["total_bytes"].toDouble()) < 1);
        QCOMPARE(g["total_bytes"].toDouble(), g["device_bytes"].toDouble());
        QCOMPARE_LE(g["allocated_bytes"].toDouble(), g["reserved_bytes"].toDouble());
        QCOMPARE_LE(g["reserved_bytes"].toDouble(), g["device_bytes"].toDouble());
    }

    void tableColumnsLineUp_data()
    {
        QTest::addColumn<QString>("json");
        QTest::newRow("7B on 8 GPUs") << QString(kBase);
        QTest::newRow("70B PP 4 (four rows)")
            << QString(R"({"schema_version": 1, "model": {"preset": "llama-2-70b"}, "parallel": {"gpus": 64, "tensor": 8, "pipeline": 4}})");
        // 16,000,000 GB of optimizer states per GPU: wider than the default column.
        QTest::newRow("1e15 parameters")
            << QString(R"({"schema_version": 1, "model": {"parameters": 1e15}, "parallel": {"gpus": 8}})");
    }

    void tableColumnsLineUp()
    {
        QFETCH(QString, json);
        const core::ScenarioLoad l = core::loadScenario(json.toStdString());
        QVERIFY(l.ok);
        const core::Estimate e = core::estimate(l.scenario);
        QVERIFY(e.valid);
        const QStringList lines = QString::fromStdString(core::estimateToTable(l.scenario, e, l.issues)).split('\n');
        const qsizetype header = lines.indexOf(QRegularExpression("rank group.*"));
        QVERIFY(header >= 0);
        // Every number ends where its header ends, and cells are separated by a space.
        const QString& head = lines[header];
        const qsizetype totalEnd = head.indexOf("device") + 6;
        const qsizetype paramsEnd = head.indexOf("params") + 6;
        for (qsizetype i = header + 1; i <= header + qsizetype(e.groups.size()); ++i) {
            const QString& row = lines[i];
            QVERIFY2(row.size() > totalEnd, qPrintable(row));
            QVERIFY2(row[totalEnd] == ' ' && row[totalEnd - 1].isDigit(), qPrintable(row));
            QVERIFY2(row[paramsEnd] == ' ' && row[paramsEnd - 1].isDigit(), qPrintable(row));
            // The last ten cells up to the device total: seven categories and the three levels,
            // each a number.
            const QStringList cells = row.left(totalEnd).split(' ', Qt::SkipEmptyParts);
            QVERIFY(cells.size() >= 10);
            for (qsizetype c = cells.size() - 10; c < cells.size(); ++c) {
                bool ok = false;
                cells[c].toDouble(&ok);
                QVERIFY2(ok, qPrintable(row)); // two numbers run together do not parse
            }
        }
    }

    void presetFilesAreClean()
    {
        // Every entry of the preset files parses without a single issue (a broken entry is
        // skipped at run time, so this is where it must fail).
        // 15 model and 10 GPU presets, and issue 11's 22 models (Llama 3.1 8B/70B, Llama 4 ×2,
        // Qwen3 ×7, DeepSeek-R1, gpt-oss ×2, Kimi K2, GLM-4.5 ×2, Gemma 3 1B/4B/12B, Phi-4,
        // Mistral Small 3) and 11 GPUs (H800, H20, GB200, B300, MI325X, MI355X, L4, A10, T4,
        // RTX 5090, RTX PRO 6000); issue 13's two textbook counts (7 × 10⁹, 7 × 10¹⁰).
        QCOMPARE(core::modelPresets().size(), std::size_t(15 + 22 + 2));
        QCOMPARE(core::gpuPresets().size(), std::size_t(10 + 11));
        for (const core::GpuSpec& g : core::gpuPresets()) {
            QVERIFY2(!g.source.empty(), g.preset.c_str());
            QVERIFY(g.memoryBytes > 0);
            QVERIFY(g.peakFp16Tflops > 0);
            QVERIFY(g.memoryBandwidthBytesPerSecond > 0);
        }
    }
};

QTEST_GUILESS_MAIN(TestScenarioIo)
#include "tst_scenarioio.moc"
