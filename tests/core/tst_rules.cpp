// The rules between fields (core/rules): each written once, and every place that enforces one
// agrees with it — validation reports exactly what a requirement forbids, and a control is
// enabled exactly where the requirement allows the setting.
#include <QtTest>

#include "core/estimate.h"
#include "core/fields.h"
#include "core/model.h"
#include "core/rules/rules.h"
#include "testscenarios.h"

using namespace testscenarios;
using F = core::Field;
Q_DECLARE_METATYPE(core::Field)

namespace {

/// The issue validation gives about `field`, if any (any severity).
const core::Issue* issueAbout(const std::vector<core::Issue>& issues, core::Field field)
{
    for (const core::Issue& i : issues)
        if (i.field == field)
            return &i;
    return nullptr;
}

/// 8 GPUs of Llama 2 7B, ZeRO-3, TP 2 × PP 2: every requirement's needed field can go below and
/// to its least value with a valid layout.
core::Scenario base()
{
    core::Scenario s = preset("llama-2-7b", 8);
    s.training.zeroStage = 3;
    s.parallel.tensor = 2;
    s.parallel.pipeline = 2;
    return s;
}

} // namespace

class TestRules : public QObject
{
    Q_OBJECT

private slots:
    /// Each requirement with the needed field one below its least value and at it.
    void requirements_data()
    {
        QTest::addColumn<core::Field>("field");
        QTest::addColumn<int>("needed");
        QTest::addColumn<bool>("allowed");
        // DeepSpeed config JSON: offload_optimizer with ZeRO 1–3, offload_param with ZeRO-3 only.
        QTest::addRow("optimizer offload at ZeRO 0") << F::TrainingOffloadOptimizer << 0 << false;
        QTest::addRow("optimizer offload at ZeRO 1") << F::TrainingOffloadOptimizer << 1 << true;
        QTest::addRow("parameter offload at ZeRO 2") << F::TrainingOffloadParameters << 2 << false;
        QTest::addRow("parameter offload at ZeRO 3") << F::TrainingOffloadParameters << 3 << true;
        // Megatron: virtual stages interleave a pipeline of at least two stages.
        QTest::addRow("virtual stages at PP 1") << F::ParallelVirtualPipeline << 1 << false;
        QTest::addRow("virtual stages at PP 2") << F::ParallelVirtualPipeline << 2 << true;
        // Korthikanti et al. §4.2.2: SP splits along the TP group.
        QTest::addRow("sequence parallel at TP 1") << F::ParallelSequenceParallel << 1 << false;
        QTest::addRow("sequence parallel at TP 2") << F::ParallelSequenceParallel << 2 << true;
    }

    void requirements()
    {
        QFETCH(core::Field, field);
        QFETCH(int, needed);
        QFETCH(bool, allowed);
        const core::Requirement* r = core::requirementOf(field);
        QVERIFY(r);
        QCOMPARE(core::allowedWith(field, needed), allowed);

        core::Scenario s = base();
        core::setFieldValue(s, field, field == F::ParallelVirtualPipeline ? core::FieldValue(2) : core::FieldValue(true));
        core::setFieldValue(s, r->needs, needed);
        // Set directly, not through what setting the needed field brings along.
        core::fieldInfo(field).set(s, field == F::ParallelVirtualPipeline ? core::FieldValue(2) : core::FieldValue(true));
        QVERIFY(core::settingOn(field, s));
        QCOMPARE(core::requirementMet(field, s), allowed);
        // Validation says so exactly where the requirement does: about the setting itself.
        std::vector<core::Issue> issues;
        core::validate(s, issues);
        const core::Issue* issue = issueAbout(issues, field);
        QVERIFY2(bool(issue) != allowed, allowed ? "validation forbids what the rule allows" : "validation allows what the rule forbids");
        // The control stays enabled while the setting is on (so that it can be turned off) …
        QVERIFY(core::enabled(field, s));
        // … and, off, is enabled exactly where the setting is allowed.
        core::fieldInfo(field).set(s, core::fieldDefault(field));
        QCOMPARE(core::enabled(field, s), allowed);
    }

    /// FSDP has no ZeRO-1, DDP shards at most the optimizer (PyTorch ShardingStrategy,
    /// ZeroRedundancyOptimizer); validation reports exactly the stages the rule forbids.
    void frameworkStages_data()
    {
        QTest::addColumn<int>("framework");
        QTest::addColumn<int>("stage");
        QTest::addColumn<bool>("allowed");
        for (int stage = 0; stage <= 3; ++stage) {
            QTest::addRow("megatron ZeRO %d", stage) << int(core::Framework::Megatron) << stage << true;
            QTest::addRow("deepspeed ZeRO %d", stage) << int(core::Framework::DeepSpeed) << stage << true;
            QTest::addRow("fsdp2 ZeRO %d", stage) << int(core::Framework::Fsdp2) << stage << (stage != 1);
            QTest::addRow("ddp ZeRO %d", stage) << int(core::Framework::Ddp) << stage << (stage <= 1);
        }
    }

    void frameworkStages()
    {
        QFETCH(int, framework);
        QFETCH(int, stage);
        QFETCH(bool, allowed);
        QCOMPARE(core::frameworkHasZeroStage(core::Framework(framework), stage), allowed);
        core::Scenario s = base();
        s.training.framework = core::Framework(framework);
        s.training.zeroStage = stage;
        std::vector<core::Issue> issues;
        core::validate(s, issues);
        const core::Issue* issue = issueAbout(issues, F::TrainingFramework);
        QCOMPARE(bool(issue && issue->code == core::IssueCode::FrameworkZeroStage), !allowed);
    }

    /// What a setting brings along, each with its source: lowering the needed field turns the
    /// setting off (as the comparisons' ZeRO bars do), QLoRA its recipe, PPO its critic, a stated
    /// MFU replaces a measured throughput.
    void settingBrings()
    {
        core::Scenario s = base();
        s.training.offloadOptimizer = s.training.offloadParameters = true;
        s.parallel.sequenceParallel = true;
        s.parallel.virtualPipeline = 2;
        s.hardware.achievedTflops = 300;
        core::setFieldValue(s, F::TrainingZeroStage, 2);
        QVERIFY(s.training.offloadOptimizer); // ZeRO-2 keeps optimizer offload …
        QVERIFY(!s.training.offloadParameters); // … not parameter offload (ZeRO-3 only)
        core::setFieldValue(s, F::TrainingZeroStage, 0);
        QVERIFY(!s.training.offloadOptimizer);
        core::setFieldValue(s, F::ParallelTensor, 1);
        QVERIFY(!s.parallel.sequenceParallel);
        core::setFieldValue(s, F::ParallelPipeline, 1);
        QCOMPARE(s.parallel.virtualPipeline, 1);
        core::setFieldValue(s, F::HardwareMfu, 0.4);
        QCOMPARE(s.hardware.achievedTflops, 0.0);
        // Raising a needed field turns nothing on.
        core::setFieldValue(s, F::TrainingZeroStage, 3);
        QVERIFY(!s.training.offloadOptimizer && !s.training.offloadParameters);
        // QLoRA's recipe (Dettmers et al. 2023), and back; PPO's critic (GRPO has none).
        s.mode = core::Mode::FineTune;
        core::setFieldValue(s, F::FineTuneMethod, core::FineTuneMethod::QLoRA);
        QCOMPARE(int(s.finetune.base.format), int(core::WeightFormat::Nf4));
        QVERIFY(s.finetune.pagedOptimizer);
        core::setFieldValue(s, F::FineTuneMethod, core::FineTuneMethod::LoRA);
        QCOMPARE(int(s.finetune.base.format), int(core::WeightFormat::Bf16));
        QVERIFY(!s.finetune.pagedOptimizer);
        core::setFieldValue(s, F::RlAlgorithm, core::RlAlgorithm::Ppo);
        QVERIFY(s.finetune.rl.critic);
        core::setFieldValue(s, F::RlAlgorithm, core::RlAlgorithm::Grpo);
        QVERIFY(!s.finetune.rl.critic);
    }

    /// A setting brings along only fields after it in the table: a file is read in the table's
    /// order, so every value it gives stays as given (the reader never changes a document).
    void aSettingChangesOnlyLaterFields()
    {
        core::Scenario loaded = base();
        loaded.mode = core::Mode::FineTune;
        loaded.finetune.method = core::FineTuneMethod::QLoRA;
        loaded.finetune.rl.algorithm = core::RlAlgorithm::Ppo;
        loaded.training.offloadOptimizer = loaded.training.offloadParameters = true;
        loaded.parallel.sequenceParallel = true;
        loaded.parallel.virtualPipeline = 2;
        loaded.hardware.achievedTflops = 300;
        int checked = 0;
        for (const core::FieldInfo& f : core::kFieldTable) {
            if (!f.isScalar())
                continue;
            // Every value a field can take at its ends, its default and (choices) each choice.
            std::vector<core::FieldValue> values{core::fieldDefault(f.field), f.min, f.max};
            for (const core::Choice& c : f.choices)
                values.push_back(c.value);
            for (const core::FieldValue& v : values) {
                core::Scenario s = loaded;
                core::setFieldValue(s, f.field, v);
                for (const core::FieldInfo& earlier : core::kFieldTable) {
                    if (earlier.field == f.field)
                        break;
                    if (earlier.isScalar() && !(earlier.get(s) == earlier.get(loaded)))
                        QFAIL(qPrintable(QStringLiteral("setting %1 changed the earlier %2")
                                             .arg(QString::fromUtf8(f.key.data(), f.key.size()),
                                                  QString::fromUtf8(earlier.key.data(), earlier.key.size()))));
                }
                ++checked;
            }
        }
        QVERIFY(checked > 300);
    }

    /// The window's edit: an architecture key makes a custom model; a count-only model starts
    /// from the family shape of its size; the same value changes nothing.
    void editingTheShapeMakesACustomModel()
    {
        core::Scenario s = base();
        const core::Scenario preset = s;
        core::editField(s, F::ModelNumLayers, s.model.numLayers, "Custom");
        QVERIFY(s == preset);
        core::editField(s, F::ModelNumLayers, 40, "Custom");
        QCOMPARE(s.model.numLayers, 40);
        QVERIFY(s.model.preset.empty());
        QCOMPARE(s.model.name, std::string("Custom"));
        core::Scenario count = base();
        count.model.hasArchitecture = false;
        count.model.parameters = 7e9;
        core::editField(count, F::ModelHiddenSize, 4096, "Custom");
        QVERIFY(count.model.hasArchitecture);
        QCOMPARE(count.model.numLayers, core::familyShape(7e9).numLayers);
        QCOMPARE(count.model.hiddenSize, 4096);
    }

    /// What each mode uses: serving has no fine-tuning settings, training no serving settings.
    void fieldUse_data()
    {
        QTest::addColumn<int>("mode");
        QTest::addColumn<core::Field>("field");
        QTest::addColumn<bool>("used");
        QTest::addRow("training: serving batch") << int(core::Mode::Train) << F::InferenceBatchSize << false;
        QTest::addRow("serving: serving batch") << int(core::Mode::Inference) << F::InferenceBatchSize << true;
        QTest::addRow("training: LoRA rank") << int(core::Mode::Train) << F::FineTuneLoraRank << false;
        QTest::addRow("fine-tuning: LoRA rank") << int(core::Mode::FineTune) << F::FineTuneLoraRank << true;
        QTest::addRow("training: GPUs") << int(core::Mode::Train) << F::ParallelGpus << true;
        QTest::addRow("serving: GPUs") << int(core::Mode::Inference) << F::ParallelGpus << true;
        QTest::addRow("serving: TP") << int(core::Mode::Inference) << F::ParallelTensor << true;
        // Hybrid sharding shards the model states a training run keeps over DP × CP (PyTorch FSDP
        // ShardingStrategy.HYBRID_SHARD, DeepSpeed MiCS): a serving replica has no such group.
        QTest::addRow("training: shard group") << int(core::Mode::Train) << F::ParallelShardGroup << true;
        QTest::addRow("fine-tuning: shard group") << int(core::Mode::FineTune) << F::ParallelShardGroup << true;
        QTest::addRow("serving: shard group") << int(core::Mode::Inference) << F::ParallelShardGroup << false;
    }

    void fieldUse()
    {
        QFETCH(int, mode);
        QFETCH(core::Field, field);
        QFETCH(bool, used);
        core::Scenario s = base();
        s.mode = core::Mode(mode);
        QCOMPARE(core::fieldUsed(field, s), used);
        QCOMPARE(core::enabled(field, s), used);
    }
};

QTEST_GUILESS_MAIN(TestRules)
#include "tst_rules.moc"
