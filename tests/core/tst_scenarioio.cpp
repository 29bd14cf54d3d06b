// Scenario files: presets with overrides, round trips, --set, and every kind of bad input
// giving a message that names the key.
#include <QtTest>

#include <algorithm>

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
        QTest::addRow("no schema version") << R"({"model": {"preset": "llama-2-7b"}})" << QStringList() << int(C::MissingSchemaVersion) << "schema_version";
        QTest::addRow("schema version 3") << R"({"schema_version": 3, "model": {"preset": "llama-2-7b"}})" << QStringList() << int(C::UnsupportedSchemaVersion) << "schema_version";
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

    void malformedJsonNamesLineAndColumn_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<int>("kind");
        // Counted by hand: the parser stops at the first byte that cannot continue the JSON.
        QTest::addRow("stray letter on line 3") << "{\n  \"schema_version\": 1,\n  x\n}" << 3 << 3 << 2; // at "x"
        QTest::addRow("cut off") << "{\"schema_version\": 1,\n \"model\": {" << 2 << 12 << 1;   // one past the "{"
        QTest::addRow("after a Chinese title") << "{\"title\": \"中文\", ]" << 1 << 17 << 2;      // "]" is the 17th character, the 21st byte
    }
    void malformedJsonNamesLineAndColumn()
    {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(int, kind);
        const core::ScenarioLoad load = core::loadScenario(text.toStdString());
        QCOMPARE(load.issues.size(), std::size_t(1));
        const core::Issue& i = load.issues.front();
        QCOMPARE(int(i.code), int(core::IssueCode::MalformedJson));
        QCOMPARE(int(i.a), line);
        QCOMPARE(int(i.b), column);
        QCOMPARE(int(i.c), kind);
        // The English message names the place once, without the parser's bracketed prefix.
        const std::string message = core::describe(i);
        QVERIFY2(message.find("line " + std::to_string(line) + ", column " + std::to_string(column)) != std::string::npos, message.c_str());
        QVERIFY2(message.find("[json.exception") == std::string::npos, message.c_str());
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
        QCOMPARE(QString::fromStdString(typo->nearest), QString("parallel.tensor"));
        QCOMPARE(QString::fromStdString(core::describe(*typo)), QString("parallel.tensr: unknown key, ignored (did you mean 'parallel.tensor'?)"));
    }

    // A --set names a key for this run: a typo there is an error (the CLI exits 2), and the key
    // probably meant is searched over the whole table, so a mistyped section is found too.
    void unknownOverrideKeysAreErrors_data()
    {
        QTest::addColumn<QString>("set");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("nearest");
        QTest::addRow("key typo") << "parallel.tensr=2" << "parallel.tensr" << "parallel.tensor";
        QTest::addRow("section typo") << "paralel.tensor=2" << "paralel.tensor" << "parallel.tensor";
        QTest::addRow("nested key") << "finetune.rl.rollout_gpu=4" << "finetune.rl.rollout_gpu" << "finetune.rl.rollout_gpus";
        QTest::addRow("nothing near") << "parallel.banana=2" << "parallel.banana" << "";
    }

    void unknownOverrideKeysAreErrors()
    {
        QFETCH(QString, set);
        QFETCH(QString, path);
        QFETCH(QString, nearest);
        const core::ScenarioLoad l = core::loadScenario(core::defaultScenarioJson(), {set.toStdString()});
        QVERIFY(!l.ok);
        const core::Issue* issue = nullptr;
        for (const core::Issue& i : l.issues)
            if (i.code == core::IssueCode::UnknownOverrideKey)
                issue = &i;
        QVERIFY2(issue, qPrintable(firstMessage(l)));
        QCOMPARE(issue->severity, core::Severity::Error);
        QCOMPARE(QString::fromStdString(issue->path), path);
        QCOMPARE(QString::fromStdString(issue->nearest), nearest);
        // The same key in a file stays a warning: the rest of the file still counts.
        QVERIFY(core::loadScenario(R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "parallel": {"tensr": 2}})").ok);
    }

    // A GPU named by "id" (the GPU presets file's key) is a preset like "preset": an unknown id
    // is refused with the key named, a known one loads the preset and saves as one. Found by
    // fuzz_overrides: `--set hardware.gpu.id=ns=` loaded as a custom GPU without memory whose
    // saved file ("preset": "ns=") did not load again (tests/fuzz/corpus/overrides/crash-gpu-id).
    void gpuIdIsAPresetName()
    {
        const core::ScenarioLoad unknown = core::loadScenario(core::defaultScenarioJson(), {"hardware.gpu.id=ns="});
        QVERIFY(!unknown.ok);
        QCOMPARE(firstMessage(unknown), QString("hardware.gpu.id: no preset named 'ns='"));
        const core::ScenarioLoad known = core::loadScenario(core::defaultScenarioJson(), {"hardware.gpu.id=h100-sxm"});
        QVERIFY2(known.ok, qPrintable(firstMessage(known)));
        QCOMPARE(QString::fromStdString(known.scenario.hardware.gpu.preset), QString("h100-sxm"));
        QCOMPARE(known.scenario.hardware.gpu.memoryBytes, core::findGpuPreset("h100-sxm")->memoryBytes);
        const core::ScenarioLoad again = core::loadScenario(core::saveScenario(known.scenario, known.title));
        QVERIFY2(again.ok, qPrintable(firstMessage(again)));
        QVERIFY(again.scenario == known.scenario);
        const core::ScenarioLoad file = core::loadScenario(R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "hardware": {"gpu": {"id": "h100-sxn"}}})");
        QVERIFY(!file.ok);
        QCOMPARE(firstMessage(file), QString("hardware.gpu.id: no preset named 'h100-sxn' (did you mean 'h100-sxm'?)"));
    }

    // Typed payloads: what was expected and what the file has, the value given, the accepted
    // values and the one probably meant — the GUI translates these, nothing parses the English.
    void issuesCarryTypedPayloads()
    {
        using V = core::ValueKind;
        auto first = [](const char* json, core::IssueCode code) {
            const core::ScenarioLoad l = core::loadScenario(json);
            for (const core::Issue& i : l.issues)
                if (i.code == code)
                    return i;
            return core::Issue{};
        };
        const core::Issue type = first(R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "parallel": {"gpus": "eight"}})",
                                       core::IssueCode::WrongType);
        QCOMPARE(type.expected, V::WholeNumber);
        QCOMPARE(type.got, V::String);
        QCOMPARE(QString::fromStdString(core::describe(type)), QString("parallel.gpus: expected a whole number, got a string"));

        const core::Issue choice = first(R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "training": {"precision": "bf61"}})",
                                         core::IssueCode::UnknownValue);
        QCOMPARE(QString::fromStdString(choice.given), QString("bf61"));
        QVERIFY(std::find(choice.accepted.begin(), choice.accepted.end(), "bf16") != choice.accepted.end());
        QCOMPARE(QString::fromStdString(choice.nearest), QString("bf16")); // two edits (a swap)

        // A mistyped preset: "did you mean" (one letter off), in the model and the GPU.
        const core::Issue model = first(R"({"schema_version": 1, "model": {"preset": "llama-2-7c"}})", core::IssueCode::UnknownPreset);
        QCOMPARE(QString::fromStdString(model.given), QString("llama-2-7c"));
        QCOMPARE(QString::fromStdString(model.nearest), QString("llama-2-7b"));
        QCOMPARE(QString::fromStdString(core::describe(model)), QString("model.preset: no preset named 'llama-2-7c' (did you mean 'llama-2-7b'?)"));
        const core::Issue gpu = first(R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "hardware": {"gpu": "h100-sxn"}})",
                                      core::IssueCode::UnknownPreset);
        QCOMPARE(QString::fromStdString(gpu.nearest), QString("h100-sxm"));
        const core::Issue far = first(R"({"schema_version": 1, "model": {"preset": "gpt-7"}})", core::IssueCode::UnknownPreset);
        QCOMPARE(QString::fromStdString(core::describe(far)), QString("model.preset: no preset named 'gpt-7'"));

        const core::Issue missing = first(R"({"model": {"preset": "llama-2-7b"}})", core::IssueCode::MissingSchemaVersion);
        QCOMPARE(QString::fromStdString(missing.path), QString("schema_version"));
    }

    // One sentence per code (and its second form where it has a payload), its placeholders
    // exactly the arguments it names: the CLI and the GUI read the same row.
    void everyCodeHasOneSentence()
    {
        const std::vector<core::IssueMessage> table = core::issueMessages();
        for (int c = 0; c < int(core::IssueCode::Count); ++c) {
            int rows = 0;
            for (const core::IssueMessage& m : table)
                rows += m.code == core::IssueCode(c);
            const std::string name(core::issueCodeName(core::IssueCode(c)));
            // One row, two (with a payload), or one per case messageForm() tells apart:
            // AttentionSpanAssumed 1 … 5; MalformedJson unknown position, text ending early,
            // another character; WrongType expected only, with what the file has, with the text.
            int expected = 0;
            switch (core::IssueCode(c)) {
            case core::IssueCode::AttentionSpanAssumed: expected = 5; break;
            case core::IssueCode::MalformedJson:
            case core::IssueCode::WrongType: expected = 3; break;
            default: expected = rows <= 2 ? rows : 2;
            }
            QVERIFY2(rows == expected && rows >= 1, name.c_str());
            QVERIFY2(name != "unknown", "every code has a JSON name");
        }
        for (const core::IssueMessage& m : table) {
            const std::string text = m.text;
            int args = 0;
            for (core::IssueArg a : m.args)
                args += a != core::IssueArg::None;
            for (int k = 1; k <= 3; ++k) {
                const char placeholder[] = {'%', char('0' + k), '\0'};
                QVERIFY2((text.find(placeholder) != std::string::npos) == (k <= args), text.c_str());
            }
        }
    }

    // The sentences of the codes that came with the input limits, the line/column of a JSON
    // error and the attention-span import: the command line's English as those branches wrote
    // it in describe(), now filled from the table.
    void tableSentences_data()
    {
        QTest::addColumn<int>("code");
        QTest::addColumn<double>("a");
        QTest::addColumn<double>("b");
        QTest::addColumn<double>("c");
        QTest::addColumn<QString>("text"); // given / detail
        QTest::addColumn<QString>("expected");
        using C = core::IssueCode;
        // The window's sentence, and the parser's own words in brackets for the command line.
        QTest::addRow("JSON error with its position") << int(C::MalformedJson) << 3.0 << 5.0 << 2.0 << "syntax error"
                                                      << "not valid JSON: unexpected character at line 3, column 5 [syntax error]";
        QTest::addRow("JSON text ending early") << int(C::MalformedJson) << 7.0 << 1.0 << 1.0 << "unexpected end of input"
                                                << "not valid JSON: the text ends at line 7, column 1 before the JSON is complete (a cut-off file?) [unexpected end of input]";
        QTest::addRow("JSON error without") << int(C::MalformedJson) << 0.0 << 0.0 << 0.0 << "oops" << "not valid JSON [oops]";
        QTest::addRow("JSON error without a detail") << int(C::MalformedJson) << 0.0 << 0.0 << 0.0 << "" << "not valid JSON";
        // 8 MiB = 8,388,608 bytes.
        QTest::addRow("input too large") << int(C::InputTooLarge) << 9e6 << 8388608.0 << 0.0 << ""
                                         << "9000000 bytes is more than the 8388608 bytes (8 MiB) ShardScope reads";
        QTest::addRow("number out of range") << int(C::NumberOutOfRange) << 0.0 << 0.0 << 0.0 << "1e400"
                                             << "1e400 is beyond the range of a double (about ±1.8e308)";
        QTest::addRow("a directory") << int(C::NotARegularFile) << 0.0 << 0.0 << 0.0 << "" << "it is a directory";
        QTest::addRow("a FIFO") << int(C::NotARegularFile) << 1.0 << 0.0 << 0.0 << "" << "not a regular file (a FIFO, a device or a socket)";
        QTest::addRow("unreadable") << int(C::FileUnreadable) << 0.0 << 0.0 << 0.0 << "Permission denied"
                                    << "permission denied or unreadable (Permission denied)";
        QTest::addRow("chunked attention") << int(C::AttentionSpanAssumed) << 1.0 << 8192.0 << 0.0 << ""
                                           << "chunked attention is counted as a sliding window of 8192 tokens (the most a chunk caches)";
        QTest::addRow("uneven global layers") << int(C::AttentionSpanAssumed) << 2.0 << 12.0 << 4.0 << ""
                                              << "the 12 full-attention layers are not evenly spaced: counted as every 4th layer";
        QTest::addRow("Qwen2's first layers") << int(C::AttentionSpanAssumed) << 4.0 << 28.0 << 0.0 << ""
                                              << "the first 28 layers attend to the whole context but are counted as windowed";
        QTest::addRow("a short per-layer list") << int(C::AttentionSpanAssumed) << 5.0 << 30.0 << 32.0 << ""
                                                << "30 entries for 32 layers: the pattern is read as far as it goes";
    }
    void tableSentences()
    {
        QFETCH(int, code);
        QFETCH(double, a);
        QFETCH(double, b);
        QFETCH(double, c);
        QFETCH(QString, text);
        QFETCH(QString, expected);
        core::Issue i{core::IssueCode(code), core::Severity::Error, "", a, b, c};
        i.given = i.detail = text.toStdString();
        QCOMPARE(QString::fromStdString(core::describe(i)), expected);
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
        QCOMPARE_LT(std::abs(sum - g["total_bytes"].toDouble()), 1);
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
        // RTX 5090, RTX PRO 6000); issue 13's two textbook counts (7 × 10⁹, 7 × 10¹⁰); issue 25's
        // GB300 (the step-time corpus's GB300 NVL72 runs); issue 28's two hybrids (Qwen3-Next-80B-A3B,
        // Nemotron-H 8B) and its sparse-attention model (DeepSeek-V3.2-Exp); issue 28 item 4's five
        // vision-language models with their towers (Gemma 3 4B/12B/27B, Qwen2.5-VL 7B, Llama 4 Scout).
        QCOMPARE(core::modelPresets().size(), std::size_t(15 + 22 + 2 + 2 + 1 + 5));
        QCOMPARE(core::gpuPresets().size(), std::size_t(10 + 11 + 1));
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
