// Launch configs: every Megatron-LM flag is one arguments.py defines at d98e8a6, every DeepSpeed
// key one DeepSpeed's config defines at edaa722, every torchtitan key one its TOML job config
// defined at 238fa99 (checked-in lists in tests/core/data/launch, each entry with file and line),
// and the numbers in them are the scenario's.
#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <algorithm>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>

#include "core/io/launchconfig.h"
#include "core/io/scenario_io.h"

namespace {

core::Scenario load(const QString& json)
{
    core::ScenarioLoad l = core::loadScenario(json.toStdString());
    if (!l.ok)
        qFatal("test scenario does not load: %s", qPrintable(json));
    return l.scenario;
}

/// The first column of a checked-in list; `absent` collects the lines marked "!".
QSet<QString> listed(const char* file, QSet<QString>* absent = nullptr)
{
    QFile f(QStringLiteral(SHARDSCOPE_TEST_DATA "/launch/") + QLatin1String(file));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", file);
    QSet<QString> out;
    for (const QByteArray& raw : f.readAll().split('\n')) {
        const QString line = QString::fromUtf8(raw).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const QString key = line.section(QLatin1Char('\t'), 0, 0);
        if (key.startsWith(QLatin1Char('!'))) {
            if (absent)
                absent->insert(key.mid(1));
        } else {
            out.insert(key);
        }
    }
    return out;
}

QString text(const core::Scenario& s, core::LaunchFramework f) { return QString::fromStdString(core::launchConfig(s, f)); }

/// Flag → value (empty for a switch) of a Megatron launch script (the torchrun line is left out).
QMap<QString, QString> megatronFlags(const QString& block)
{
    QMap<QString, QString> out;
    for (QString line : block.split(QLatin1Char('\n'))) {
        line = line.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')) || line.startsWith(QLatin1String("torchrun ")))
            continue;
        if (line.endsWith(QLatin1Char('\\')))
            line.chop(1);
        line = line.trimmed();
        const int space = line.indexOf(QLatin1Char(' '));
        out.insert(space < 0 ? line : line.left(space), space < 0 ? QString() : line.mid(space + 1));
    }
    return out;
}

void collectKeys(const QJsonObject& o, const QString& prefix, QStringList& out)
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + QLatin1Char('.') + it.key();
        out << key;
        if (it.value().isObject())
            collectKeys(it.value().toObject(), key, out);
    }
}

/// section.key → value of a TOML document (flat sections, one key per line).
QMap<QString, QString> tomlKeys(const QString& toml)
{
    QMap<QString, QString> out;
    QString section;
    for (QString line : toml.split(QLatin1Char('\n'))) {
        line = line.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        if (line.startsWith(QLatin1Char('['))) {
            section = line.mid(1, line.size() - 2);
            continue;
        }
        const int eq = line.indexOf(QLatin1Char('='));
        if (eq < 0)
            qFatal("not a TOML key line: %s", qPrintable(line));
        out.insert(section + QLatin1Char('.') + line.left(eq).trimmed(), line.mid(eq + 1).trimmed());
    }
    return out;
}

} // namespace

class TestLaunchConfig : public QObject
{
    Q_OBJECT

private slots:
    void scenarios_data()
    {
        QTest::addColumn<QString>("json");
        // The README's 70B example (docs/screenshot-explorer.json).
        QTest::addRow("Llama 2 70B, TP8 PP4 DP2, ZeRO-1, selective") << R"({"schema_version": 1, "model": {"preset": "llama-2-70b"},
            "training": {"seq_length": 4096, "global_batch_size": 1024, "precision": "mixed_bf16_fp32_grads", "zero_stage": 1,
                         "recompute": "selective"},
            "parallel": {"gpus": 64, "tensor": 8, "pipeline": 4, "sequence_parallel": true}, "hardware": {"gpu": "h100-sxm"}})";
        QTest::addRow("issue 30: Llama 3.1 70B, CP2 DP32, ZeRO-3") << R"({"schema_version": 1, "model": {"preset": "llama-3.1-70b"},
            "training": {"global_batch_size": 1024, "zero_stage": 3},
            "parallel": {"gpus": 64, "tensor": 1, "pipeline": 1, "context": 2}, "hardware": {"gpu": "h100-sxm"}})";
        QTest::addRow("interleaved, CP, FP8, TP overlap") << R"({"schema_version": 1, "model": {"preset": "llama-3-70b"},
            "training": {"seq_length": 8192, "global_batch_size": 128, "precision": "fp8_mixed", "zero_stage": 1, "tp_comm_overlap": true},
            "parallel": {"gpus": 128, "tensor": 4, "pipeline": 8, "virtual_pipeline": 5, "context": 2, "sequence_parallel": true},
            "hardware": {"gpu": "h100-sxm"}})";
        QTest::addRow("DeepSeek-V3: MoE, MLA, EP") << R"({"schema_version": 1, "model": {"preset": "deepseek-v3"},
            "training": {"seq_length": 4096, "global_batch_size": 8192, "precision": "fp8_mixed", "zero_stage": 1, "recompute": "full"},
            "parallel": {"gpus": 1024, "tensor": 2, "pipeline": 8, "expert": 64, "expert_tensor": 1, "sequence_parallel": true},
            "hardware": {"gpu": "h100-sxm"}})";
        QTest::addRow("ZeRO-3 with both offloads, GPT (biases, dropout)") << R"({"schema_version": 1, "model": {"preset": "gpt-3-175b"},
            "training": {"seq_length": 2048, "global_batch_size": 64, "precision": "mixed_16", "zero_stage": 3,
                         "offload_optimizer": true, "offload_parameters": true},
            "parallel": {"gpus": 64}, "hardware": {"gpu": "v100-32gb"}})";
        QTest::addRow("ZeRO-2, ZeRO-0 style replicas") << R"({"schema_version": 1, "model": {"preset": "mixtral-8x7b"},
            "training": {"seq_length": 4096, "global_batch_size": 256, "zero_stage": 2},
            "parallel": {"gpus": 32, "tensor": 2, "expert": 8, "sequence_parallel": true}, "hardware": {"gpu": "a100-80gb"}})";
        // Llama 3 405B's split (Llama 3 paper §3.3.2): 126 layers + embedding + loss over 16 stages.
        QTest::addRow("uneven pipeline ends, bf16 moments") << R"({"schema_version": 1, "model": {"preset": "llama-3.1-405b"},
            "training": {"seq_length": 8192, "global_batch_size": 2048, "precision": "mixed_bf16_fp32_grads", "moment_dtype": "bf16"},
            "parallel": {"gpus": 2048, "tensor": 8, "pipeline": 16, "sequence_parallel": true,
                         "account_for_embedding_in_pipeline_split": true, "account_for_loss_in_pipeline_split": true},
            "hardware": {"gpu": "h100-sxm"}})";
    }

    void megatronFlagsExist_data() { scenarios_data(); }
    void megatronFlagsExist()
    {
        QFETCH(QString, json);
        const core::Scenario s = load(json);
        QSet<QString> absent;
        const QSet<QString> known = listed("megatron-arguments-d98e8a6.txt", &absent);
        QVERIFY(absent.contains(QStringLiteral("--virtual-pipeline-model-parallel-size")));
        const QString block = text(s, core::LaunchFramework::Megatron);
        const QMap<QString, QString> flags = megatronFlags(block);
        QVERIFY(!flags.isEmpty());
        for (auto it = flags.begin(); it != flags.end(); ++it) {
            QVERIFY2(it.key().startsWith(QLatin1String("--")), qPrintable(it.key()));
            QVERIFY2(known.contains(it.key()), qPrintable(it.key() + QLatin1String(" is not defined at d98e8a6")));
            QVERIFY2(!absent.contains(it.key()), qPrintable(it.key()));
        }
        // The numbers are the scenario's.
        QCOMPARE(flags.value(QStringLiteral("--tensor-model-parallel-size")).toInt(), s.parallel.tensor);
        QCOMPARE(flags.value(QStringLiteral("--pipeline-model-parallel-size")).toInt(), s.parallel.pipeline);
        QCOMPARE(flags.value(QStringLiteral("--micro-batch-size")).toLongLong(), s.training.microBatchSize);
        QCOMPARE(flags.value(QStringLiteral("--global-batch-size")).toLongLong(), s.training.globalBatchSize);
        QCOMPARE(flags.contains(QStringLiteral("--sequence-parallel")), s.parallel.sequenceParallel && s.parallel.tensor > 1);
        QCOMPARE(flags.contains(QStringLiteral("--use-distributed-optimizer")), s.training.zeroStage == 1);
        if (s.parallel.virtualPipeline > 1)
            // Megatron: virtual stages = layers per stage / layers per virtual stage (arguments.py L972–L979).
            QCOMPARE(flags.value(QStringLiteral("--num-layers-per-virtual-pipeline-stage")).toInt() * s.parallel.pipeline * s.parallel.virtualPipeline,
                     s.model.numLayers);
        if (s.model.isMoE())
            QCOMPARE(flags.value(QStringLiteral("--expert-model-parallel-size")).toInt(), s.parallel.expert);
        QCOMPARE(flags.contains(QStringLiteral("--account-for-embedding-in-pipeline-split")), s.parallel.embeddingCountsAsLayer);
        QCOMPARE(flags.contains(QStringLiteral("--account-for-loss-in-pipeline-split")), s.parallel.lossCountsAsLayer);
        QCOMPARE(flags.value(QStringLiteral("--exp-avg-dtype")), s.training.momentDtype == core::MomentDtype::Bf16 ? QStringLiteral("bf16") : QString());
        // Shell-continued: every line but the last ends in a backslash, and no comment line
        // comes after the command starts (bash ends a continued command at a `#` line).
        const QStringList lines = block.trimmed().split(QLatin1Char('\n'));
        bool inCommand = false;
        for (int i = 0; i < lines.size(); ++i) {
            if (lines[i].startsWith(QLatin1String("torchrun ")))
                inCommand = true;
            QVERIFY2(!(inCommand && lines[i].trimmed().startsWith(QLatin1Char('#'))), qPrintable(lines[i]));
            if (inCommand)
                QCOMPARE(lines[i].endsWith(QLatin1Char('\\')), i + 1 < lines.size());
        }
        QVERIFY(inCommand);
        // torchrun launches every GPU: processes per node × nodes = world = TP·PP·CP·DP.
        const QRegularExpression torchrun(QStringLiteral("^torchrun --nproc-per-node (\\d+) --nnodes (\\d+) .* pretrain_gpt.py \\\\$"),
                                          QRegularExpression::MultilineOption);
        const QRegularExpressionMatch launch = torchrun.match(block);
        QVERIFY2(launch.hasMatch(), qPrintable(block.left(400)));
        QCOMPARE(launch.captured(1).toInt() * launch.captured(2).toInt(), s.parallel.gpus);
        QCOMPARE(s.parallel.tensor * s.parallel.pipeline * s.parallel.context * s.parallel.dataParallel(), s.parallel.gpus);
        // The model's launch keys, where it states them.
        if (s.model.ropeTheta > 0)
            QCOMPARE(flags.value(QStringLiteral("--rotary-base")).toDouble(), s.model.ropeTheta);
        if (s.model.normEpsilon > 0)
            QCOMPARE(flags.value(QStringLiteral("--norm-epsilon")).toDouble(), s.model.normEpsilon);
        QCOMPARE(flags.value(QStringLiteral("--vocab-size")).toInt(), s.model.vocabSize);
        QCOMPARE(flags.contains(QStringLiteral("--use-rope-scaling")), s.model.ropeScaling == core::RopeScaling::Llama3);
    }

    /// Issue 30: the Megatron flags for Llama 3.1 lacked the rotary base and scaling, the
    /// tokenizer and vocabulary and the norm epsilon. Expected values from the model's config.json
    /// (meta-llama/Llama-3.1-70B: rope_theta 500000, rope_scaling llama3 factor 8, rms_norm_eps 1e-05,
    /// vocab_size 128256, 8 KV heads, SiLU) and the layout: 64 GPUs = 8 per node × 8 nodes.
    void megatronLlama31IsComplete()
    {
        const core::Scenario s = load(QStringLiteral(R"({"schema_version": 1, "model": {"preset": "llama-3.1-70b"},
            "training": {"global_batch_size": 1024, "zero_stage": 1},
            "parallel": {"gpus": 64, "tensor": 8, "pipeline": 1, "sequence_parallel": true}, "hardware": {"gpu": "h100-sxm"}})"));
        const QString block = text(s, core::LaunchFramework::Megatron);
        const QMap<QString, QString> flags = megatronFlags(block);
        QCOMPARE(flags.value(QStringLiteral("--rotary-base")), QStringLiteral("500000"));
        QVERIFY(flags.contains(QStringLiteral("--use-rope-scaling")));
        QCOMPARE(flags.value(QStringLiteral("--rope-scaling-factor")), QStringLiteral("8"));
        QCOMPARE(flags.value(QStringLiteral("--norm-epsilon")), QStringLiteral("1e-05"));
        QCOMPARE(flags.value(QStringLiteral("--tokenizer-type")), QStringLiteral("HuggingFaceTokenizer"));
        QCOMPARE(flags.value(QStringLiteral("--tokenizer-model")), QStringLiteral("meta-llama/Llama-3.1-70B"));
        QCOMPARE(flags.value(QStringLiteral("--vocab-size")), QStringLiteral("128256"));
        QCOMPARE(flags.value(QStringLiteral("--num-query-groups")), QStringLiteral("8"));
        QVERIFY(flags.contains(QStringLiteral("--swiglu")));
        QVERIFY(block.contains(QLatin1String("torchrun --nproc-per-node 8 --nnodes 8 ")));
        QVERIFY2(core::launchFile(s, core::LaunchFramework::Megatron).notes.empty(), qPrintable(block.left(600)));
    }

    /// Issue 30: the planner's best Llama 3.1 70B layout on 64 H100 (TP 1, PP 1, CP 2, DP 32,
    /// ZeRO-3) gave train_batch_size 1024 with micro-batch 1 and 32 accumulation steps, which
    /// DeepSpeed multiplies by its world size, 64: 2,048. Worked by hand: DP = 64 / (1·1·2) = 32,
    /// GA = 1024 / (1 × 32) = 32; DeepSpeed's world size is data_parallel_size = 32 when the config
    /// also gives sequence_parallel_size 2 (deepspeed/__init__.py @ edaa722 L203, runtime/config.py
    /// L718, the assertion at L937): 1 × 32 × 32 = 1024.
    void deepSpeedBatchIdentityWithContextParallel()
    {
        const core::Scenario s = load(QStringLiteral(R"({"schema_version": 1, "model": {"preset": "llama-3.1-70b"},
            "training": {"global_batch_size": 1024, "zero_stage": 3},
            "parallel": {"gpus": 64, "tensor": 1, "pipeline": 1, "context": 2}, "hardware": {"gpu": "h100-sxm"}})"));
        const core::LaunchFile file = core::launchFile(s, core::LaunchFramework::DeepSpeed);
        const QJsonObject o = QJsonDocument::fromJson(QByteArray::fromStdString(file.text)).object();
        QCOMPARE(o.value(QStringLiteral("train_batch_size")).toInteger(), 1024);
        QCOMPARE(o.value(QStringLiteral("train_micro_batch_size_per_gpu")).toInteger(), 1);
        QCOMPARE(o.value(QStringLiteral("gradient_accumulation_steps")).toInteger(), 32);
        QCOMPARE(o.value(QStringLiteral("sequence_parallel_size")).toInteger(), 2);
        QCOMPARE(o.value(QStringLiteral("data_parallel_size")).toInteger(), 32);
        // The mechanism differs (Ulysses, not a ring): said in the file and on screen.
        QVERIFY(std::any_of(file.notes.begin(), file.notes.end(),
                            [](const core::LaunchNote& n) { return n.code == core::LaunchNoteCode::DeepSpeedContextIsUlysses && n.a == 2; }));
        QVERIFY(o.value(QStringLiteral("shardscope_notes")).toArray().size() == qsizetype(file.notes.size()));
    }

    void deepSpeedJson_data() { scenarios_data(); }
    void deepSpeedJson()
    {
        QFETCH(QString, json);
        const core::Scenario s = load(json);
        const QSet<QString> known = listed("deepspeed-config-keys-edaa722.txt");
        QJsonParseError error{};
        const QJsonDocument doc = QJsonDocument::fromJson(text(s, core::LaunchFramework::DeepSpeed).toUtf8(), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        QVERIFY(doc.isObject());
        QStringList keys;
        collectKeys(doc.object(), QString(), keys);
        for (const QString& k : keys)
            QVERIFY2(known.contains(k), qPrintable(k + QLatin1String(" is not a DeepSpeed config key at edaa722")));
        const QJsonObject o = doc.object();
        for (const char* required : {"train_batch_size", "train_micro_batch_size_per_gpu", "gradient_accumulation_steps", "zero_optimization"})
            QVERIFY2(o.contains(QLatin1String(required)), required);
        // runtime/config.py L937 asserts train_batch_size == micro × GA × world_size, where
        // world_size is data_parallel_size when the config gives it with sequence_parallel_size
        // (L718), else the GPUs over the mpu's model-parallel ranks (TP, PP; L716) — never CP's.
        const qint64 world = o.contains(QStringLiteral("sequence_parallel_size"))
            ? o.value(QStringLiteral("data_parallel_size")).toInteger()
            : s.parallel.gpus / (s.parallel.tensor * s.parallel.pipeline);
        if (o.contains(QStringLiteral("sequence_parallel_size")))
            QCOMPARE(world * o.value(QStringLiteral("sequence_parallel_size")).toInteger() * s.parallel.tensor * s.parallel.pipeline,
                     qint64(s.parallel.gpus));
        const qint64 dp = world;
        QCOMPARE(o.value(QStringLiteral("train_batch_size")).toInteger(),
                 o.value(QStringLiteral("train_micro_batch_size_per_gpu")).toInteger() * o.value(QStringLiteral("gradient_accumulation_steps")).toInteger() * dp);
        const QJsonObject zero = o.value(QStringLiteral("zero_optimization")).toObject();
        QCOMPARE(zero.value(QStringLiteral("stage")).toInt(), s.training.zeroStage);
        QCOMPARE(zero.contains(QStringLiteral("offload_optimizer")), s.training.offloadOptimizer);
        QCOMPARE(zero.contains(QStringLiteral("offload_param")), s.training.offloadParameters);
        // Exactly one 16-bit mode, and the one the GPU has (V100: fp16).
        if (s.training.precision != core::PrecisionRecipe::Fp32)
            QVERIFY(o.contains(QStringLiteral("bf16")) != o.contains(QStringLiteral("fp16")));
        if (s.hardware.gpu.preset == "v100-32gb")
            QVERIFY(o.contains(QStringLiteral("fp16")));
    }

    void torchtitanToml_data() { scenarios_data(); }
    void torchtitanToml()
    {
        QFETCH(QString, json);
        const core::Scenario s = load(json);
        const QSet<QString> known = listed("torchtitan-keys-238fa99.txt");
        const QMap<QString, QString> keys = tomlKeys(text(s, core::LaunchFramework::Torchtitan));
        for (auto it = keys.begin(); it != keys.end(); ++it)
            QVERIFY2(known.contains(it.key()), qPrintable(it.key() + QLatin1String(" is not a torchtitan TOML key at 238fa99")));
        // The degrees multiply to the GPUs (torchtitan's ParallelDims).
        const int world = keys.value(QStringLiteral("parallelism.data_parallel_replicate_degree")).toInt()
            * keys.value(QStringLiteral("parallelism.data_parallel_shard_degree")).toInt()
            * keys.value(QStringLiteral("parallelism.tensor_parallel_degree")).toInt()
            * keys.value(QStringLiteral("parallelism.pipeline_parallel_degree")).toInt()
            * keys.value(QStringLiteral("parallelism.context_parallel_degree")).toInt();
        QCOMPARE(world, s.parallel.gpus);
        QCOMPARE(keys.value(QStringLiteral("training.global_batch_size")).toLongLong(), s.training.globalBatchSize);
        QCOMPARE(keys.value(QStringLiteral("training.seq_len")).toLongLong(), s.training.seqLength);
        const char* modes[] = {"\"none\"", "\"selective\"", "\"full\""};
        QCOMPARE(keys.value(QStringLiteral("activation_checkpoint.mode")), QString::fromLatin1(modes[int(s.training.recompute)]));
    }

    void readmeExampleFilesAreCurrent()
    {
        // docs/launch/ holds the README's 70B example (docs/screenshot-explorer.json) as each
        // framework's settings: they must be what the code writes today.
        QFile example(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/docs/screenshot-explorer.json"));
        QVERIFY(example.open(QIODevice::ReadOnly));
        const core::Scenario s = load(QString::fromUtf8(example.readAll()));
        const std::pair<core::LaunchFramework, const char*> files[] = {
            {core::LaunchFramework::Megatron, "llama-2-70b-64xh100-megatron.sh"},
            {core::LaunchFramework::DeepSpeed, "llama-2-70b-64xh100-deepspeed.json"},
            {core::LaunchFramework::Torchtitan, "llama-2-70b-64xh100-torchtitan.toml"}};
        for (const auto& [framework, name] : files) {
            QFile f(QStringLiteral(SHARDSCOPE_SOURCE_DIR "/docs/launch/") + QLatin1String(name));
            QVERIFY2(f.open(QIODevice::ReadOnly), name);
            QVERIFY2(f.readAll() == QByteArray::fromStdString(core::launchConfig(s, framework)),
                     qPrintable(QStringLiteral("%1 is stale: shardscope launch docs/screenshot-explorer.json --framework %2 > docs/launch/%1")
                                    .arg(QLatin1String(name), QString::fromLatin1(core::launchFrameworkName(framework).data()))));
        }
    }
};

QTEST_GUILESS_MAIN(TestLaunchConfig)
#include "tst_launchconfig.moc"
