// The command line as users run it: exit codes, messages naming the key, JSON keys, all modes.
#include <QtTest>

#include <cmath>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "shardscoperun.h"

namespace {

using Run = ShardscopeRun;

Run run(const QStringList& args)
{
    return runShardscope(args);
}

QString writeFile(QTemporaryDir& dir, const QString& name, const QByteArray& content)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    f.open(QIODevice::WriteOnly);
    f.write(content);
    return path;
}

} // namespace

class TestCli : public QObject
{
    Q_OBJECT

private slots:
    void estimateJson()
    {
        const Run r = run({"estimate", "--default", "--format", "json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o["parameters"].toObject()["total"].toDouble(), 6738415616.0); // the default is Llama 2 7B
        QVERIFY(o["rank_groups"].toArray().first().toObject()["fits"].toBool());
        QVERIFY(o["compute"].toObject()["training_seconds"].toDouble() > 0);
    }

    void estimateReportsTheStepBreakdown()
    {
        // No MFU given: the step-time model times the step, and its parts add up to it.
        const Run r = run({"estimate", "--default", "--set", "hardware.mfu=0", "--format", "json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject c = QJsonDocument::fromJson(r.out).object()["compute"].toObject();
        QCOMPARE(c["time_source"].toString(), QStringLiteral("model"));
        const QJsonObject b = c["step_breakdown"].toObject();
        double sum = b["compute"].toDouble() + b["recompute"].toDouble() + b["bubble"].toDouble() + b["offload"].toDouble()
            + b["optimizer_step"].toDouble() + b["rollout"].toDouble();
        for (const QJsonValue v : b["exposed_communication"].toObject())
            sum += v.toDouble();
        QVERIFY(std::abs(sum - c["step_seconds"].toDouble()) <= 1e-9 * sum);
        QCOMPARE(c["step_seconds"].toDouble(), c["model_step_seconds"].toDouble());
        // The built-in scenario gives no MFU, so the model times it too (as above).
        const QJsonObject builtIn = QJsonDocument::fromJson(run({"estimate", "--default", "--format", "json"}).out).object()["compute"].toObject();
        QCOMPARE(builtIn["time_source"].toString(), QStringLiteral("model"));
        // A stated 40 % (the seeds') stays the step; the model's own is reported too.
        const QJsonObject stated = QJsonDocument::fromJson(run({"estimate", "--default", "--set", "hardware.mfu=0.4", "--format", "json"}).out).object()["compute"].toObject();
        QCOMPARE(stated["time_source"].toString(), QStringLiteral("mfu"));
        QCOMPARE(stated["mfu"].toDouble(), 0.4);
        QVERIFY(stated["model_step_seconds"].toDouble() > 0);
        QVERIFY(run({"estimate", "--default", "--set", "hardware.mfu=0"}).out.contains("Step time:"));
    }

    void planJson()
    {
        const Run r = run({"plan", "--default", "--format", "json", "--top", "5"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        for (const char* key : {"candidates", "valid", "fitting", "seconds", "layouts"})
            QVERIFY2(o.contains(QLatin1String(key)), key);
        QVERIFY(o["candidates"].toInteger() >= o["valid"].toInteger());
        const QJsonArray layouts = o["layouts"].toArray();
        QCOMPARE(layouts.size(), 5);
        const QJsonObject best = layouts.first().toObject();
        for (const char* key : {"tensor", "pipeline", "virtual_pipeline", "context", "expert", "expert_tensor", "data_parallel",
                                "sequence_parallel", "zero_stage", "recompute", "micro_batch_size", "offload_optimizer", "offload_parameters",
                                "fits", "peak_bytes", "step_seconds", "mfu", "training_days", "cost", "pareto", "breakdown", "changes"})
            QVERIFY2(best.contains(QLatin1String(key)), key);
        QVERIFY(best["fits"].toBool());
        QVERIFY(best["breakdown"].toObject().contains("exposed_communication"));
        // The changes turn the input into the layout: estimating with them gives its step.
        QStringList args{"estimate", "--default", "--format", "json", "--set", "hardware.mfu=0"};
        for (const QJsonValue v : best["changes"].toArray())
            args << "--set" << v.toString();
        const QJsonObject e = QJsonDocument::fromJson(run(args).out).object();
        QCOMPARE(e["compute"].toObject()["step_seconds"].toDouble(), best["step_seconds"].toDouble());
    }

    void planTableAndPins()
    {
        Run r = run({"plan", "--default", "--top", "3", "--pin", "training.zero_stage=3", "--pin", "parallel.tensor<=2"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("candidates"));
        QVERIFY(r.out.contains(" Z3 "));
        QVERIFY(!r.out.contains(" Z1 "));
        QVERIFY(r.out.contains("Best:"));
        r = run({"plan", "--default", "--objective", "headroom", "--top", "2", "--format", "json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(r.out).object()["objective"].toString(), QStringLiteral("headroom"));
    }

    void planServing()
    {
        const Run r = run({"plan", "--default", "--set", "mode=\"inference\"", "--ttft-ms", "500", "--tpot-ms", "50", "--rate", "4", "--top", "3",
                           "--format", "json", "--engines", "vllm"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o["mode"].toString(), QStringLiteral("serving"));
        QCOMPARE(o["limits"].toObject()["tpot_seconds"].toDouble(), 0.05);
        const QJsonArray layouts = o["layouts"].toArray();
        QVERIFY(!layouts.isEmpty());
        const QJsonObject best = layouts.first().toObject();
        QVERIFY(best["meets_limits"].toBool());
        QVERIFY(best["tpot_seconds"].toDouble() <= 0.05 && best["ttft_seconds"].toDouble() <= 0.5);
        QVERIFY(o["fewest_gpus"].toObject()["gpus"].toInt() > 0);
        QVERIFY(o["launch"].toObject()["vllm"].toObject()["command"].toString().contains(QStringLiteral("vllm serve")));
        QVERIFY(!o["launch"].toObject().contains(QStringLiteral("sglang")));
        const Run table = run({"plan", "--default", "--set", "mode=\"inference\"", "--tpot-ms", "50", "--top", "2"});
        QCOMPARE(table.exitCode, 0);
        QVERIFY(table.out.contains("ShardScope serving plan"));
        QVERIFY(table.out.contains("trtllm-serve"));
    }

    void planBadArguments_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        QTest::addRow("unknown pin key") << QStringList{"plan", "--default", "--pin", "hardware.mfu=0.5"} << "hardware.mfu";
        QTest::addRow("pin without value") << QStringList{"plan", "--default", "--pin", "parallel.tensor="} << "parallel.tensor";
        QTest::addRow("pins that leave no recomputation") << QStringList{"plan", "--default", "--pin", "training.recompute<0"}
                                                          << "training.recompute: the --pin bounds leave no value to try";
        QTest::addRow("bad objective") << QStringList{"plan", "--default", "--objective", "speed"} << "--objective";
        QTest::addRow("bad top") << QStringList{"plan", "--default", "--top", "0"} << "--top";
        QTest::addRow("bad bound") << QStringList{"plan", "--default", "--bound", "0.5"} << "--bound";
        // A serving scenario is planned by the serving planner (issue 27); its options on a training one are an error.
        QTest::addRow("serving options on a training scenario") << QStringList{"plan", "--default", "--ttft-ms", "500"} << "plan a serving scenario";
        QTest::addRow("bad latency limit") << QStringList{"plan", "--default", "--tpot-ms", "-5"} << "--tpot-ms";
        QTest::addRow("unknown weight format") << QStringList{"plan", "--default", "--weight-formats", "bf16,fp7"} << "fp7";
        QTest::addRow("serving engine on a training scenario") << QStringList{"launch", "--default", "--framework", "vllm"} << "serving scenario";
        QTest::addRow("launch without framework") << QStringList{"launch", "--default"} << "--framework";
        QTest::addRow("launch of an invalid layout") << QStringList{"launch", "--default", "--framework", "megatron", "--set", "parallel.tensor=3"}
                                                     << "parallel.tensor";
    }
    void planBadArguments()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        const Run r = run(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.constData());
    }

    void launchConfigs()
    {
        Run r = run({"launch", "--default", "--framework", "megatron"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("--tensor-model-parallel-size 1"));
        QVERIFY(r.out.contains("--use-distributed-optimizer"));
        r = run({"launch", "--default", "--framework", "deepspeed"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(r.out).object()["zero_optimization"].toObject()["stage"].toInt(), 1);
        r = run({"launch", "--default", "--framework", "torchtitan"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("[parallelism]"));
    }

    void presetsListedByFamily()
    {
        // `shardscope presets` groups as the pickers do: a family line, then its presets
        // indented under it, families in the preset files' order.
        const Run r = run({"presets"});
        QCOMPARE(r.exitCode, 0);
        const QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains("  Llama\n    llama-2-7b "), qPrintable(out.left(400)));
        QVERIFY(out.contains("  GPT-OSS\n    gpt-oss-20b "));
        QVERIFY(out.contains("  AMD CDNA 4\n    mi355x "));
        QVERIFY(out.indexOf("  Qwen\n") < out.indexOf("    qwen3-235b-a22b "));
        QVERIFY(out.indexOf("    qwen3-235b-a22b ") < out.indexOf("  DeepSeek\n"));
        // The published count (Kimi K2's checkpoint: 1,026,408,235,864); MoE models add their active count.
        QVERIFY(out.contains(QRegularExpression("kimi-k2 +Kimi K2 \\(1T-A32B\\) +1\\.026e\\+12  active ")));
        QVERIFY(out.contains(QRegularExpression("phi-4 +Phi-4 14B +1\\.466e\\+10\n")));
        // T4: 15360 MiB and no BF16 tensor cores, so its FP16 65 TFLOPS (datasheet) is shown.
        QVERIFY(out.contains(QRegularExpression("t4 +NVIDIA T4 +15\\.0 GiB +65\\.0 TFLOP/s fp16")));
        for (const char* id : {"llama-4-maverick", "qwen3-0.6b", "deepseek-r1", "gemma-3-1b", "mistral-small-3-24b", "gpt-oss-120b",
                               "glm-4.5-air", "phi-4", "gpt-3-175b", "h800-sxm", "h20", "gb200", "b300", "mi325x", "l4", "a10",
                               "rtx-5090", "rtx-pro-6000"})
            QVERIFY2(out.contains(QString("    %1 ").arg(id)), id);
    }

    void invalidScenarioExitsTwoNamingTheKey_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("needle");
        QTest::addRow("TP not dividing heads") << QStringList{"estimate", "--default", "--set", "parallel.tensor=3"} << "parallel.tensor";
        QTest::addRow("zero GPUs") << QStringList{"estimate", "--default", "--set", "parallel.gpus=0"} << "parallel.gpus";
        QTest::addRow("negative batch") << QStringList{"estimate", "--default", "--set", "training.micro_batch_size=-4"} << "training.micro_batch_size";
        QTest::addRow("wrong type") << QStringList{"estimate", "--default", "--set", "training.zero_stage=\"three\""} << "training.zero_stage";
        QTest::addRow("missing file") << QStringList{"estimate", "/nonexistent/scenario.json"} << "cannot read /nonexistent/scenario.json: no such file";
        QTest::addRow("a directory") << QStringList{"estimate", QDir::tempPath()} << "it is a directory";
        QTest::addRow("import-hf missing file") << QStringList{"import-hf", "/nonexistent/config.json"} << "no such file";
        QTest::addRow("bad format") << QStringList{"estimate", "--default", "--format", "xml"} << "--format";
        // A typo in --set is an error with the key probably meant, not a warning and the
        // unchanged default estimated (exit 0).
        QTest::addRow("--set key typo") << QStringList{"estimate", "--default", "--set", "parallel.tensr=2"}
                                        << "parallel.tensr: no such key (did you mean 'parallel.tensor'?)";
        QTest::addRow("--set section typo") << QStringList{"estimate", "--default", "--set", "paralel.tensor=2"}
                                            << "paralel.tensor: no such key (did you mean 'parallel.tensor'?)";
        QTest::addRow("--set typo in export") << QStringList{"export", "--default", "--out", QDir::tempPath() + "/x.png", "--set", "training.zero_stag=3"}
                                              << "(did you mean 'training.zero_stage'?)";
        QTest::addRow("mistyped model preset") << QStringList{"estimate", "--default", "--set", "model.preset=llama-2-7c"}
                                               << "no preset named 'llama-2-7c' (did you mean 'llama-2-7b'?)";
        QTest::addRow("mistyped GPU preset") << QStringList{"estimate", "--default", "--set", "hardware.gpu=h100-sxn"}
                                             << "no preset named 'h100-sxn' (did you mean 'h100-sxm'?)";
        QTest::addRow("mistyped choice") << QStringList{"estimate", "--default", "--set", "training.optimizer=adanw"}
                                         << "got 'adanw' (did you mean 'adamw'?)";
        // The documented limit (README: 10^16 parameters, model.parameters' range) and beyond it.
        QTest::addRow("2e16 parameters") << QStringList{"estimate", "--default", "--set", "model={\"parameters\": 2e16}"}
                                         << "model.parameters: 2e+16 is beyond what ShardScope accepts (at most 1e+16)";
    }
    void invalidScenarioExitsTwoNamingTheKey()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, needle);
        const Run r = run(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(needle), r.err.constData());
    }

    void malformedAndHugeFiles()
    {
        QTemporaryDir dir;
        Run r = run({"estimate", writeFile(dir, "broken.json", R"({"schema_version": 1, "model": {"preset": )")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("not valid JSON"));
        // 10^15 parameters, within the documented limit of 10^16: no overflow, no crash, an answer (it does not fit).
        r = run({"estimate", writeFile(dir, "huge.json", R"({"schema_version": 1, "model": {"parameters": 1e15}})"), "--format", "json"});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(o["parameters"].toObject()["total"].toDouble(), 1e15);
        QVERIFY(!o["rank_groups"].toArray().first().toObject()["fits"].toBool());
    }

    // The table's wording: the data-parallel degree as DP, ZeRO-0 not "over N ranks" (it shards
    // nothing), "1 replica" not "1 replicas".
    void tableWording()
    {
        Run r = run({"estimate", "--default"});
        QCOMPARE(r.exitCode, 0);
        QString out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains("DP = 8, ZeRO-1 over 8 ranks,"), qPrintable(out.left(400)));
        QVERIFY(!out.contains(" D = "));
        r = run({"estimate", "--default", "--set", "training.zero_stage=0"});
        out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains("DP = 8, ZeRO-0 (model states not sharded),"), qPrintable(out.left(400)));
        r = run({"estimate", "--default", "--set", "mode=inference", "--set", "parallel.gpus=1"});
        out = QString::fromUtf8(r.out);
        QVERIFY2(out.contains("per replica (1 replica)"), qPrintable(out));
        r = run({"estimate", "--default", "--set", "mode=inference"}); // 8 GPUs at TP 1: 8 replicas
        QVERIFY2(QString::fromUtf8(r.out).contains("per replica (8 replicas)"), r.out.constData());
        // V100 has FP16 tensor cores only: its line says so instead of a BF16 figure of 0.
        r = run({"presets"});
        QVERIFY(QString::fromUtf8(r.out).contains(QRegularExpression("v100-32gb .* fp16 .*TB/s  \\(no BF16 tensor cores\\)\n")));
    }

    // One set of defaults: a file that names only a model is estimated exactly as --default
    // (core/scenario.h's initializers; README "Scenario files").
    void fileWithoutSectionsGetsTheDefaults()
    {
        QTemporaryDir dir;
        const QString file = writeFile(dir, "model-only.json", R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}})");
        const Run a = run({"estimate", file, "--format", "json"});
        const Run b = run({"estimate", "--default", "--format", "json"});
        QCOMPARE(a.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(a.out).object(), QJsonDocument::fromJson(b.out).object());
        const QString table = QString::fromUtf8(run({"estimate", file}).out);
        QVERIFY2(table.contains("ZeRO-1 over 8 ranks"), qPrintable(table.left(300))); // training.zero_stage = 1
    }

    void allModes()
    {
        Run r = run({"estimate", "--default", "--format", "json", "--set", "mode=inference", "--set", "inference.batch_size=4"});
        QCOMPARE(r.exitCode, 0);
        QJsonObject o = QJsonDocument::fromJson(r.out).object();
        QVERIFY(o["inference"].toObject()["max_batch_at_context"].toDouble() >= 4);
        QVERIFY(o["rank_groups"].toArray().first().toObject()["bytes"].toObject()["kv_cache"].toDouble() > 0);
        r = run({"estimate", "--default", "--format", "json", "--set", "mode=finetune", "--set", "finetune.rl.algorithm=grpo",
                 "--set", "training.zero_stage=3"});
        QCOMPARE(r.exitCode, 0);
        o = QJsonDocument::fromJson(r.out).object();
        const QJsonObject roles = o["rank_groups"].toArray().last().toObject()["roles"].toObject();
        QVERIFY(roles["rollout"].toDouble() > 0);
        QVERIFY(roles["policy"].toDouble() > 0);
    }

    void importHuggingFaceConfig()
    {
        QTemporaryDir dir;
        const QString scenario = dir.filePath("imported.json");
        Run r = run({"import-hf", QStringLiteral(SHARDSCOPE_TEST_DATA "/hf/llama-2-7b.json"), "--out", scenario});
        QCOMPARE(r.exitCode, 0);
        r = run({"estimate", scenario, "--format", "json"});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(QJsonDocument::fromJson(r.out).object()["parameters"].toObject()["total"].toDouble(), 6738415616.0);
        r = run({"import-hf", writeFile(dir, "bad.json", R"({"model_type": "llama", "num_hidden_layers": 32})")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("hidden_size"));
    }

    void importHfPrintsWhatItRead()
    {
        // The published Gemma 3 config: its count and shape on stderr, the defaults it took named.
        // The count is the checkpoint's whole: the decoder's 27,009,346,304 and, since vision_config
        // is read (issue 28), its SigLIP tower and projector, 423,060,336 (keras-hub
        // medgemma_presets.py and the Hugging Face total: 27,432,406,640).
        const Run r = run({"import-hf", QStringLiteral(SHARDSCOPE_TEST_DATA "/hf/gemma-3-27b-it.json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("27432406640 parameters"), r.err.constData());
        QVERIFY2(r.err.contains("62 layers, hidden 5376, FFN 21504, 32 heads (16 KV, head dim 128), vocabulary 262208"), r.err.constData());
        QVERIFY2(r.err.contains("attention window 1024 tokens on 5 of every 6 layers"), r.err.constData());
        QVERIFY2(r.err.contains("vocab_size") && r.err.contains("sliding_window_pattern"), r.err.constData());
    }

    void explainShowsTheWorking()
    {
        const Run r = run({"estimate", "--default", "--explain"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("Korthikanti"));
        QVERIFY(r.out.contains("ZeRO"));
    }

    void measuredLogResiduals()
    {
        // Megatron's report_memory line (common_utils.py L320–334 @d98e8a64): 40960 MiB = 40 GiB
        // peak allocated, 45056 MiB = 44 GiB peak reserved, each beside the same counter.
        QTemporaryDir dir;
        const QString log = writeFile(dir, "run.log",
                                      "iteration 2 | loss 7.1\n"
                                      "[Rank 0] (after 2 iterations) memory (MB) | allocated: 20000.00 | max allocated: 40960.00 | "
                                      "reserved: 45056.00 | max reserved: 45056.00\n");
        const Run r = run({"estimate", "--default", "--format", "json", "--measured", log});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = QJsonDocument::fromJson(r.out).object();
        const QJsonObject group = o["rank_groups"].toArray().first().toObject();
        const QJsonArray rows = o["measured"].toObject()["residuals"].toArray();
        QCOMPARE(rows.size(), 4);
        bool allocated = false, reserved = false;
        for (const QJsonValue& v : rows) {
            const QJsonObject row = v.toObject();
            QCOMPARE(row["status"].toString(), QStringLiteral("compared"));
            const double measured = row["measured"].toDouble(), predicted = row["predicted"].toDouble();
            QCOMPARE(row["residual_percent"].toDouble(), (predicted - measured) / measured * 100);
            if (row["quantity"].toString() == QLatin1String("max_allocated")) {
                allocated = true;
                QCOMPARE(measured, 40.0 * (1 << 30));
                QCOMPARE(predicted, group["allocated_bytes"].toDouble());
            } else if (row["quantity"].toString() == QLatin1String("max_reserved")) {
                reserved = true;
                QCOMPARE(predicted, group["reserved_bytes"].toDouble());
            }
        }
        QVERIFY(allocated && reserved);
        const Run table = run({"estimate", "--default", "--measured", log});
        QCOMPARE(table.exitCode, 0);
        QVERIFY2(table.out.contains("Measured beside predicted"), table.out.constData());
    }

    void storedMeasurementsArePrintedWithoutALog()
    {
        // A scenario with a measurements section: its residuals come without --measured. Serving
        // Llama 2 7B BF16 on one GPU: weights 6,738,415,616 × 2 = 13,476,831,232 B predicted;
        // 13 GiB = 13,958,643,712 B measured: (13,476,831,232 − 13,958,643,712) / 13,958,643,712
        // = −3.45 %.
        QTemporaryDir dir;
        const QString file = writeFile(dir, "served.json", R"({"schema_version": 2, "mode": "inference", "model": {"preset": "llama-2-7b"},
            "parallel": {"gpus": 1}, "measurements": {"label": "one H100", "date": "2026-11-30", "entries": [
            {"format": "vllm", "quantity": "weights", "rank": 0, "bytes": 13958643712}]}})");
        const Run json = run({"estimate", file, "--format", "json"});
        QCOMPARE(json.exitCode, 0);
        const QJsonObject m = QJsonDocument::fromJson(json.out).object()["measured"].toObject();
        QCOMPARE(m["source"].toString(), QStringLiteral("scenario"));
        QCOMPARE(m["label"].toString(), QStringLiteral("one H100"));
        const QJsonArray rows = m["residuals"].toArray();
        QCOMPARE(rows.size(), 1);
        QCOMPARE(rows[0].toObject()["predicted"].toDouble(), 13476831232.0);
        QCOMPARE(rows[0].toObject()["residual_percent"].toDouble(), -481812480.0 / 13958643712.0 * 100);
        const Run table = run({"estimate", file});
        QCOMPARE(table.exitCode, 0);
        QVERIFY2(table.out.contains("from the scenario's measurements: one H100, 2026-11-30"), table.out.constData());
        QVERIFY2(table.out.contains("weights"), table.out.constData());
        QVERIFY2(table.out.contains("-3.5%"), table.out.constData());
        // --measured LOG replaces the stored section for this run: only the log's number is compared.
        const QString log = writeFile(dir, "vllm.log", "INFO 11-30 14:02:11 [gpu_model_runner.py:2340] Model loading took 12.5000 GiB memory and 4.100000 seconds\n");
        const Run replaced = run({"estimate", file, "--format", "json", "--measured", log});
        QCOMPARE(replaced.exitCode, 0);
        const QJsonObject r = QJsonDocument::fromJson(replaced.out).object()["measured"].toObject();
        QCOMPARE(r["source"].toString(), QStringLiteral("log"));
        QCOMPARE(r["residuals"].toArray().size(), 1);
        QCOMPARE(r["residuals"].toArray()[0].toObject()["measured"].toDouble(), 12.5 * (1 << 30));
        // A scenario without measurements prints none.
        QVERIFY(!QJsonDocument::fromJson(run({"estimate", "--default", "--format", "json"}).out).object().contains("measured"));
    }

    void badMeasurementsExitTwoNamingTheKey()
    {
        QTemporaryDir dir;
        const QString file = writeFile(dir, "bad.json", R"({"schema_version": 2, "model": {"preset": "llama-2-7b"},
            "measurements": {"entries": [{"format": "megatron", "quantity": "reserved", "bytes": -1}]}})");
        const Run r = run({"estimate", file});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("measurements.entries[0].bytes: must not be negative, got -1"), r.err.constData());
    }

    void measuredGarbageIsExplained()
    {
        QTemporaryDir dir;
        const Run prose = run({"estimate", "--default", "--measured", writeFile(dir, "prose.log", "all went well\n")});
        QCOMPARE(prose.exitCode, 2);
        QVERIFY2(prose.err.contains("no line is in a known format"), prose.err.constData());
        const Run bad = run({"estimate", "--default", "--measured",
                             writeFile(dir, "bad.log", "[Rank 0] x memory (MB) | allocated: 1 | max allocated: lots | reserved: 2 | max reserved: 2\n")});
        QCOMPARE(bad.exitCode, 0); // three numbers read; the fourth explained
        QVERIFY2(bad.err.contains("line 1: max allocated: 'lots' is not a number"), bad.err.constData());
        const Run missing = run({"estimate", "--default", "--measured", dir.filePath("none.log")});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("cannot read"), missing.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
