// The three modes in the window, offscreen: the mode switcher shows each mode's controls and
// hides the rest; serving puts the core's KV cache on the chart and the serving dials on top;
// an RL step is two bars (training and rollout phase); the number-format lab's "Use for
// weights" sets the served weights; the comparisons follow the mode; bursts still coalesce.
#include <QtTest>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QPushButton>
#include <QToolButton>
#include <QUndoStack>
#include <functional>

#include "app/controls/batchcontrols.h"
#include "app/controls/controlspanel.h"
#include "app/explorerpages.h"
#include "app/controls/finetunecontrols.h"
#include "app/controls/hardwarecontrols.h"
#include "app/controls/inferencecontrols.h"
#include "app/mainwindow.h"
#include "app/controls/modelcontrols.h"
#include "app/controls/modeselector.h"
#include "app/controls/parallelcontrols.h"
#include "app/controls/precisioncontrols.h"
#include "app/controls/rlcontrols.h"
#include "app/scenariocontroller.h"
#include "core/estimate.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"
#include "core/plan/planlayout.h"
#include "widgets/collapsiblesection.h"
#include "widgets/charts/comparisonview.h"
#include "widgets/lab/formattable.h"
#include "widgets/gauges/gauge.h"
#include "widgets/gauges/gaugepanel.h"
#include "widgets/charts/memorychart.h"
#include "widgets/lab/numberformatlab.h"
#include "widgets/lab/tensorstudioview.h"
#include "widgets/charts/rooflineview.h"
#include "widgets/valueslider.h"

Q_DECLARE_METATYPE(core::Mode)
Q_DECLARE_METATYPE(core::NumberFormat)
Q_DECLARE_METATYPE(core::KvCacheDtype)
Q_DECLARE_METATYPE(std::function<void(ScenarioController&, int)>)

namespace {

core::Scenario load(const char* json)
{
    const core::ScenarioLoad l = core::loadScenario(json);
    if (!l.ok)
        qFatal("test scenario does not load");
    return l.scenario;
}

/// Llama-2-7B served in fp16 on one A100: 32 layers, 32 KV heads of 128 (MHA).
core::Scenario llama7bServing(std::int64_t batch, std::int64_t prompt, std::int64_t generated, core::KvCacheDtype kv)
{
    core::Scenario s = load(R"({"schema_version": 1, "mode": "inference", "model": {"preset": "llama-2-7b"},
        "inference": {"weight_format": "fp16"}, "parallel": {"gpus": 1}, "hardware": {"gpu": "a100-80gb"}})");
    s.inference.batchSize = batch;
    s.inference.promptLength = prompt;
    s.inference.generatedTokens = generated;
    s.inference.kvCacheDtype = kv;
    return s;
}

/// Seed 1 §7: 7B GRPO on 8 × A100, LoRA r = 16 on q, k, v, o, ZeRO-3, full recomputation.
const char* kGrpo = R"({"schema_version": 1, "mode": "finetune", "model": {"preset": "llama-2-7b"},
    "training": {"seq_length": 2560, "micro_batch_size": 1, "global_batch_size": 64, "precision": "mixed_16",
                 "optimizer": "adamw", "zero_stage": 3, "recompute": "full"},
    "finetune": {"method": "lora", "lora_rank": 16, "lora_targets": ["q", "k", "v", "o"],
                 "rl": {"algorithm": "grpo", "samples_per_prompt": 8, "prompt_length": 512, "max_new_tokens": 2048}},
    "parallel": {"gpus": 8}, "hardware": {"gpu": "a100-80gb"}})";

/// 7e9 parameters known by count only, served on one A100 with per-channel scales.
const char* kSevenBillionServing = R"({"schema_version": 1, "mode": "inference", "model": {"parameters": 7e9},
    "inference": {"weight_format": "fp16", "quant_group_size": 0}, "parallel": {"gpus": 1}, "hardware": {"gpu": "a100-80gb"}})";

bool shown(const ControlsPanel* panel, const QWidget* w)
{
    return w->isVisibleTo(const_cast<ControlsPanel*>(panel));
}

} // namespace

class TestModes : public QObject
{
    Q_OBJECT

private slots:
    void modeSwitcherShowsTheModesControls_data()
    {
        QTest::addColumn<core::Mode>("mode");
        QTest::addColumn<bool>("training");  // Sequence & batch, Precision & optimizer (ZeRO, recompute, global batch, tokens)
        QTest::addColumn<bool>("serving");   // weight format, KV cache, batch, prompt, generated
        QTest::addColumn<bool>("finetune");  // method, rank, targets, base format; RL
        QTest::addColumn<bool>("layoutOnly");// training's parallel extras: virtual stages, CP, SP
        QTest::addColumn<bool>("cost");      // price and overhead
        QTest::addRow("training") << core::Mode::Train << true << false << false << true << true;
        QTest::addRow("inference") << core::Mode::Inference << false << true << false << false << false;
        QTest::addRow("fine-tuning") << core::Mode::FineTune << true << false << true << true << true;
    }
    void modeSwitcherShowsTheModesControls()
    {
        QFETCH(core::Mode, mode);
        QFETCH(bool, training);
        QFETCH(bool, serving);
        QFETCH(bool, finetune);
        QFETCH(bool, layoutOnly);
        QFETCH(bool, cost);
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.controller()->flush();
        ControlsPanel* panel = w.controlsPanel();
        // Click the segment, as a user would.
        QTest::mouseClick(panel->modeSelector()->button(mode), Qt::LeftButton);
        w.controller()->flush();
        QCOMPARE(int(w.controller()->scenario().mode), int(mode));
        QVERIFY(panel->modeSelector()->button(mode)->isChecked());
        QCOMPARE(shown(panel, panel->sectionOf(panel->batchControls())), training);
        QCOMPARE(shown(panel, panel->sectionOf(panel->precisionControls())), training);
        QCOMPARE(shown(panel, panel->precisionControls()->zeroSlider()), training);
        QCOMPARE(shown(panel, panel->batchControls()->globalBatchSlider()), training);
        QCOMPARE(shown(panel, panel->sectionOf(panel->inferenceControls())), serving);
        QCOMPARE(shown(panel, panel->inferenceControls()->weightFormatBox()), serving);
        QCOMPARE(shown(panel, panel->inferenceControls()->kvCacheBox()), serving);
        QCOMPARE(shown(panel, panel->sectionOf(panel->fineTuneControls())), finetune);
        QCOMPARE(shown(panel, panel->sectionOf(panel->rlControls())), finetune);
        QCOMPARE(shown(panel, panel->parallelControls()->virtualSlider()), layoutOnly);
        QCOMPARE(shown(panel, panel->parallelControls()->contextSlider()), layoutOnly);
        QCOMPARE(shown(panel, panel->parallelControls()->sequenceParallelBox()), layoutOnly);
        QCOMPARE(shown(panel, panel->hardwareControls()->priceSlider()), cost);
        // Every mode has a model, GPUs and a parallel layout.
        QVERIFY(shown(panel, panel->sectionOf(panel->modelControls())));
        QVERIFY(shown(panel, panel->sectionOf(panel->parallelControls())));
        // One undo step switches back.
        if (mode != core::Mode::Train) {
            w.controller()->undoStack()->undo();
            w.controller()->flush();
            QCOMPARE(int(w.controller()->scenario().mode), int(core::Mode::Train));
            QVERIFY(panel->modeSelector()->button(core::Mode::Train)->isChecked());
        }
    }

    /// Issue 31 item 2: what a mode ignores, its validation ignores. The planner's layout with
    /// CP 2 applied in training, then Inference, Llama 3 70B on 2 GPUs with TP 2, each by hand:
    /// serving splits a replica over TP × PP only (core/rules: CP is FieldUse::Training), so CP 2
    /// neither makes "TP × PP × CP = 4" an error nor changes a number; the serving estimate is the
    /// one of the same scenario without CP, and CP 2 is still there back in training.
    void aSettingServingIgnoresLeavesServingValid()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        ScenarioController* c = w.controller();
        c->flush();
        // "Apply layout": the planner's best layout with CP 2 (PlannerView::applySelected).
        core::Scenario planned = c->scenario();
        core::PlanLayout layout = core::layoutOf(planned);
        layout.context = 2;
        core::applyLayout(layout, planned);
        c->setScenario(planned, QStringLiteral("Apply layout"));
        c->flush();
        QVERIFY(c->estimate().valid);
        QCOMPARE(c->scenario().parallel.context, 2);

        ControlsPanel* panel = w.controlsPanel();
        ParallelControls* parallel = panel->parallelControls();
        QTest::mouseClick(panel->modeSelector()->button(core::Mode::Inference), Qt::LeftButton);
        c->flush();
        QVERIFY(!shown(panel, parallel->contextSlider())); // serving offers no CP …
        QComboBox* model = panel->modelControls()->presetBox();
        const int llama = model->findData(QStringLiteral("llama-3-70b"));
        QVERIFY(llama >= 0);
        model->setCurrentIndex(llama);
        emit model->activated(llama);
        auto type = [](ValueSlider* slider, const char* text) {
            slider->spinBox()->setFocus();
            slider->spinBox()->selectAll();
            QTest::keyClicks(slider->spinBox(), QString::fromLatin1(text));
            QTest::keyClick(slider->spinBox(), Qt::Key_Return);
        };
        type(parallel->gpusSlider(), "2");
        c->flush();
        type(parallel->tensorSlider(), "2");
        c->flush();
        const core::Scenario& s = c->scenario();
        QCOMPARE(int(s.mode), int(core::Mode::Inference));
        QCOMPARE(s.model.preset, std::string("llama-3-70b"));
        QCOMPARE(s.parallel.gpus, 2);
        QCOMPARE(s.parallel.tensor, 2);
        QCOMPARE(s.parallel.context, 2); // kept for training, ignored here
        // … and validation ignores it: no "does not divide the GPUs", a valid estimate.
        for (const core::Issue& i : c->estimate().issues)
            QVERIFY2(i.code != core::IssueCode::ModelParallelNotDividingGpus && i.severity != core::Severity::Error,
                     qPrintable(QString::fromStdString(core::describe(i))));
        QVERIFY(c->estimate().valid);
        // The same numbers as without CP: CP reaches no number in serving.
        core::Scenario withoutCp = s;
        withoutCp.parallel.context = 1;
        const core::Estimate plain = core::estimate(withoutCp);
        QCOMPARE(c->estimate().fullest().totalBytes, plain.fullest().totalBytes);
        QCOMPARE(c->estimate().dataParallel, plain.dataParallel);
        // Back in training, CP 2 applies again (and 2 GPUs with TP 2 × CP 2 do not divide).
        QTest::mouseClick(panel->modeSelector()->button(core::Mode::Train), Qt::LeftButton);
        c->flush();
        QVERIFY(shown(panel, parallel->contextSlider()));
        QVERIFY(!c->estimate().valid);
    }

    void expertControlsOnlyForMoeModels_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<bool>("moe");
        QTest::addRow("Mixtral 8x7B") << "mixtral-8x7b" << true;
        QTest::addRow("DeepSeek-V3") << "deepseek-v3" << true;
        QTest::addRow("Qwen1.5-MoE-A2.7B") << "qwen1.5-moe-a2.7b" << true;
        QTest::addRow("Llama 2 7B (dense)") << "llama-2-7b" << false;
        QTest::addRow("Llama 3 70B (dense)") << "llama-3-70b" << false;
    }
    void expertControlsOnlyForMoeModels()
    {
        QFETCH(QString, preset);
        QFETCH(bool, moe);
        MainWindow w;
        w.controller()->setModelPreset(preset);
        w.controller()->flush();
        ParallelControls* p = w.controlsPanel()->parallelControls();
        QCOMPARE(p->expertSlider()->isVisibleTo(p), moe);
        QCOMPARE(p->expertTensorSlider()->isVisibleTo(p), moe);
        QCOMPARE(p->capacitySlider()->isVisibleTo(p), moe);
        if (!moe)
            return;
        // EP is offered only where it divides the experts: each step divides the preset's count.
        const int experts = core::findModelPreset(preset.toStdString())->model.numExperts;
        for (double ep : p->expertSlider()->steps())
            QVERIFY2(experts % int(ep) == 0, qPrintable(QString::number(ep)));
        // Serving routes without capacity padding: the factor hides, EP stays.
        w.controller()->set(core::Field::Mode, core::Mode::Inference);
        w.controller()->flush();
        QVERIFY(p->expertSlider()->isVisibleTo(p));
        QVERIFY(!p->capacitySlider()->isVisibleTo(p));
    }

    void kvCacheSegmentIsTheCoresNumber_data()
    {
        QTest::addColumn<qint64>("batch");
        QTest::addColumn<qint64>("prompt");
        QTest::addColumn<qint64>("generated");
        QTest::addColumn<core::KvCacheDtype>("kv");
        QTest::addColumn<double>("expectedBytes");
        // 2 (K, V) × 32 layers × 32 heads × 128 dims × 2048 tokens × 2 B = 2^30 B = 1 GiB.
        QTest::addRow("7B fp16, 2048 tokens, batch 1") << qint64(1) << qint64(1024) << qint64(1024) << core::KvCacheDtype::Fp16 << 1073741824.0;
        QTest::addRow("7B fp16, 2048 tokens, batch 4") << qint64(4) << qint64(2048) << qint64(0) << core::KvCacheDtype::Fp16 << 4294967296.0;
        // One byte per element: half of it.
        QTest::addRow("7B fp8, 2048 tokens, batch 1") << qint64(1) << qint64(1024) << qint64(1024) << core::KvCacheDtype::Fp8 << 536870912.0;
        // 4096 tokens: twice the 2048 of the first row.
        QTest::addRow("7B bf16, 4096 tokens, batch 1") << qint64(1) << qint64(4000) << qint64(96) << core::KvCacheDtype::Bf16 << 2147483648.0;
    }
    void kvCacheSegmentIsTheCoresNumber()
    {
        QFETCH(qint64, batch);
        QFETCH(qint64, prompt);
        QFETCH(qint64, generated);
        QFETCH(core::KvCacheDtype, kv);
        QFETCH(double, expectedBytes);
        MainWindow w;
        const core::Scenario s = llama7bServing(batch, prompt, generated, kv);
        w.controller()->setScenario(s);
        w.controller()->flush();
        const MemoryChart* chart = w.memoryChart();
        QCOMPARE(chart->groupCount(), 1);
        QCOMPARE(chart->barBytes(0, core::Component::KvCache), expectedBytes);
        QCOMPARE(chart->barBytes(0, core::Component::KvCache), core::estimate(s).groups[0].bytes[std::size_t(core::Component::KvCache)]);
        // Serving dials instead of the training ones.
        QVERIFY(w.gaugePanel()->isServing());
        QVERIFY(w.gaugePanel()->gauge(GaugePanel::Kind::MaxBatch)->isVisibleTo(w.gaugePanel()));
        QVERIFY(w.gaugePanel()->roofline()->isVisibleTo(w.gaugePanel()));
        QVERIFY(!w.gaugePanel()->gauge(GaugePanel::Kind::TrainingTime)->isVisibleTo(w.gaugePanel()));
    }

    void servingDialsShowTheCoresAnswers()
    {
        MainWindow w;
        const core::Scenario s = llama7bServing(1, 1024, 1024, core::KvCacheDtype::Fp16);
        w.controller()->setScenario(s);
        w.controller()->flush();
        const core::Estimate e = core::estimate(s);
        GaugePanel* g = w.gaugePanel();
        QCOMPARE(g->gauge(GaugePanel::Kind::MaxBatch)->target(), e.inference.maxBatchAtContext);
        QCOMPARE(g->gauge(GaugePanel::Kind::TokensPerSequence)->target(), e.inference.tokensPerSecondPerSequence);
        QCOMPARE(g->roofline()->ridge(), e.inference.ridgePoint);
        // Decode at batch 1 reads every weight for two FLOPs each: far below any GPU's ridge.
        QVERIFY(g->roofline()->isMemoryBound());
        // Back to training: the training dials return.
        w.controller()->set(core::Field::Mode, core::Mode::Train);
        w.controller()->flush();
        QVERIFY(!w.gaugePanel()->isServing());
    }

    void grpoShowsTwoPhases()
    {
        MainWindow w;
        w.controller()->setScenario(load(kGrpo));
        w.controller()->flush();
        const MemoryChart* chart = w.memoryChart();
        // The colocated rollout engine sleeps while the policy trains: two moments, two bars.
        QCOMPARE(chart->groupCount(), 2);
        QVERIFY2(chart->groupLabel(0).endsWith(QStringLiteral("training phase")), qPrintable(chart->groupLabel(0)));
        QVERIFY2(chart->groupLabel(1).endsWith(QStringLiteral("rollout phase")), qPrintable(chart->groupLabel(1)));
        // The rollout engine's KV cache exists only in the rollout phase.
        QCOMPARE(chart->barBytes(0, core::Component::RolloutKvCache), 0.0);
        QVERIFY(chart->barBytes(1, core::Component::RolloutKvCache) > 0);
        // Seed 1 §7: under 60 GB per GPU.
        QVERIFY(chart->barTotalBytes(0) < 60e9 && chart->barTotalBytes(1) < 60e9);

        // A separate pool of rollout GPUs: the training GPUs and "rollout GPUs".
        w.controller()->set(core::Field::RlPlacement, core::RolloutPlacement::Separate);
        w.controller()->set(core::Field::RlRolloutGpus, 4);
        w.controller()->flush();
        QCOMPARE(chart->groupCount(), 2);
        QVERIFY2(chart->groupLabel(1).startsWith(QStringLiteral("rollout GPUs")), qPrintable(chart->groupLabel(1)));
    }

    void colourByRoleGroupsTheModels()
    {
        MainWindow w;
        w.controller()->setScenario(load(kGrpo));
        w.controller()->flush();
        MemoryChart* chart = w.memoryChart();
        chart->colorByRoleAction()->trigger();
        QVERIFY(chart->colorByRole());
        QVERIFY(w.comparisonView()->chart(ComparisonView::First)->colorByRole());
        // Stacked by role: the rollout engine's weights and KV cache sit next to each other.
        const auto& order = chart->stackOrder();
        const auto at = [&](core::Component c) { return std::find(order.begin(), order.end(), c) - order.begin(); };
        QCOMPARE(at(core::Component::RolloutKvCache), at(core::Component::RolloutWeights) + 1);
        // The heights do not change with the colours.
        QCOMPARE(chart->barTotalBytes(1), core::estimate(load(kGrpo)).groups[1].totalBytes);
    }

    void useForWeightsSetsTheServedWeights_data()
    {
        QTest::addColumn<core::NumberFormat>("format");
        QTest::addColumn<double>("expectedBytes");
        // 7e9 parameters × bits / 8; per-channel scales add 16 bits per row of h = 4096
        // (the family shape of 7B): INT4 = 4 + 16/4096 bits → 3,503,417,968.75 B ≈ 3.5 GB.
        QTest::addRow("INT4") << core::NumberFormat::Int4 << 7e9 * (4 + 16.0 / 4096) / 8;
        QTest::addRow("INT8") << core::NumberFormat::Int8 << 7e9 * (8 + 16.0 / 4096) / 8;
        QTest::addRow("FP8 E4M3") << core::NumberFormat::Fp8E4M3 << 7e9;
        QTest::addRow("FP32") << core::NumberFormat::Fp32 << 28e9;
    }
    void useForWeightsSetsTheServedWeights()
    {
        QFETCH(core::NumberFormat, format);
        QFETCH(double, expectedBytes);
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.controller()->setScenario(load(kSevenBillionServing));
        w.controller()->flush();
        QCOMPARE(w.memoryChart()->barBytes(0, core::Component::Weights), 14e9); // 7e9 × 2 B
        w.explorerPages()->labAction()->trigger(); // View ▸ Number-Format Lab
        QVERIFY(w.explorerPages()->isShowingLab());
        NumberFormatLab* lab = w.explorerPages()->lab();
        lab->formatTable()->setCurrentFormat(format);
        QTest::mouseClick(lab->useForWeightsButton(), Qt::LeftButton);
        w.controller()->flush();
        QCOMPARE(w.memoryChart()->barBytes(0, core::Component::Weights), expectedBytes);
        // One undo step restores the fp16 weights.
        w.controller()->undoStack()->undo();
        w.controller()->flush();
        QCOMPARE(w.memoryChart()->barBytes(0, core::Component::Weights), 14e9);
    }

    void useForWeightsSwitchesATrainingScenarioToServing()
    {
        MainWindow w;
        w.controller()->flush();
        QCOMPARE(int(w.controller()->scenario().mode), int(core::Mode::Train));
        NumberFormatLab* lab = w.explorerPages()->lab();
        lab->formatTable()->setCurrentFormat(core::NumberFormat::Int4);
        lab->useForWeightsButton()->click();
        w.controller()->flush();
        QCOMPARE(int(w.controller()->scenario().mode), int(core::Mode::Inference));
        QCOMPARE(int(w.controller()->scenario().inference.weights.format), int(core::WeightFormat::Int4));
        // TF32 is no storage format: the button is off and nothing changes.
        lab->formatTable()->setCurrentFormat(core::NumberFormat::Tf32);
        QVERIFY(!lab->useForWeightsButton()->isEnabled());
    }

    // Issue #14 item 7: the lab's memory line said "7 B parameters in BF16 → 14 GB" whatever the
    // scenario. It is the scenario's model, and its bytes are what the bars show after "Use for weights".
    void labMemoryLineIsTheScenariosModel_data()
    {
        QTest::addColumn<core::NumberFormat>("format");
        QTest::addRow("BF16") << core::NumberFormat::Bf16;
        QTest::addRow("INT4") << core::NumberFormat::Int4;
        QTest::addRow("FP8 E4M3") << core::NumberFormat::Fp8E4M3;
    }
    void labMemoryLineIsTheScenariosModel()
    {
        QFETCH(core::NumberFormat, format);
        MainWindow w;
        w.controller()->setScenario(load(R"({"schema_version": 1, "mode": "inference", "model": {"preset": "llama-2-70b"},
            "inference": {"weight_format": "bf16", "quant_group_size": 128}, "parallel": {"gpus": 1}, "hardware": {"gpu": "h200"}})"));
        w.controller()->flush();
        NumberFormatLab* lab = w.explorerPages()->lab();
        lab->formatTable()->setCurrentFormat(format);
        QVERIFY2(lab->memoryLine().contains(QStringLiteral("Llama 2 70B")), qPrintable(lab->memoryLine()));
        QVERIFY2(!lab->memoryLine().contains(QStringLiteral("7 B parameters")), qPrintable(lab->memoryLine()));
        lab->useForWeightsButton()->click();
        w.controller()->flush();
        QCOMPARE(lab->memoryLineBytes(), w.memoryChart()->barBytes(0, core::Component::Weights));
    }

    // The tensor studio's "Use for weights" brings its groups, scale format and zero points; the
    // bars then show the studio's model bytes; one undo step restores; "Use for KV cache" too.
    void tensorStudioAppliesItsRecipe()
    {
        MainWindow w;
        w.controller()->setScenario(load(R"({"schema_version": 1, "model": {"preset": "llama-2-13b"}, "parallel": {"gpus": 1},
            "hardware": {"gpu": "h200"}})"));
        w.controller()->flush();
        const core::Scenario before = w.controller()->scenario();
        TensorStudioView* studio = w.explorerPages()->lab()->tensorStudio();
        core::QuantRecipe r = core::defaultRecipe(core::TensorFormat::Int4);
        r.groupSize = 64;
        r.scheme = core::QuantScheme::Asymmetric;
        r.scaleFormat = core::ScaleFormat::Bf16;
        studio->setRecipe(r);
        studio->flush();
        studio->useForWeightsButton()->click();
        w.controller()->flush();
        const core::Scenario& s = w.controller()->scenario();
        QCOMPARE(int(s.mode), int(core::Mode::Inference));
        QCOMPARE(int(s.inference.weights.format), int(core::WeightFormat::Int4));
        QCOMPARE(s.inference.weights.groupSize, 64);
        QCOMPARE(int(s.inference.weights.scale), int(core::ScaleFormat::Bf16));
        QVERIFY(s.inference.weights.zeroPoint);
        QCOMPARE(studio->modelBytes(), w.memoryChart()->barBytes(0, core::Component::Weights)); // 4 + (16 + 4)/64 bits
        studio->setRecipe(core::defaultRecipe(core::TensorFormat::Fp8E5M2));
        studio->flush();
        studio->useForKvCacheButton()->click();
        w.controller()->flush();
        QCOMPARE(int(w.controller()->scenario().inference.kvCacheDtype), int(core::KvCacheDtype::Fp8));
        w.controller()->undoStack()->undo();
        w.controller()->undoStack()->undo();
        w.controller()->flush();
        QVERIFY(w.controller()->scenario() == before);
    }

    void comparisonsFollowTheMode_data()
    {
        QTest::addColumn<core::Mode>("mode");
        QTest::addColumn<int>("first");  // core::Variation
        QTest::addColumn<int>("second");
        QTest::addColumn<int>("firstBars");
        QTest::addRow("training") << core::Mode::Train << int(core::Variation::ZeroStage)
                                  << int(core::Variation::Recompute) << 4;
        QTest::addRow("inference") << core::Mode::Inference << int(core::Variation::WeightFormat)
                                   << int(core::Variation::KvCacheDtype) << 5;
        QTest::addRow("fine-tuning") << core::Mode::FineTune << int(core::Variation::FineTuneMethod)
                                     << int(core::Variation::ZeroStage) << 3;
    }
    void comparisonsFollowTheMode()
    {
        QFETCH(core::Mode, mode);
        QFETCH(int, first);
        QFETCH(int, second);
        QFETCH(int, firstBars);
        MainWindow w;
        w.controller()->set(core::Field::Mode, mode);
        w.controller()->flush();
        ComparisonView* c = w.comparisonView();
        QCOMPARE(int(c->variation(ComparisonView::First)), first);
        QCOMPARE(int(c->variation(ComparisonView::Second)), second);
        QCOMPARE(c->chart(ComparisonView::First)->groupCount(), firstBars);
    }

    void clickingAComparisonBarChoosesIt()
    {
        MainWindow w;
        w.controller()->setScenario(load(kSevenBillionServing));
        w.controller()->flush();
        // Serving variants: 16-bit, FP8, INT8, INT4, NF4; bar 3 is INT4.
        emit w.comparisonView()->chart(ComparisonView::First)->segmentClicked(3, core::Component::Weights);
        w.controller()->flush();
        QCOMPARE(int(w.controller()->scenario().inference.weights.format), int(core::WeightFormat::Int4));
        // Fine-tuning: Full, LoRA, QLoRA; QLoRA brings its NF4 base.
        w.controller()->set(core::Field::Mode, core::Mode::FineTune);
        w.controller()->flush();
        emit w.comparisonView()->chart(ComparisonView::First)->segmentClicked(2, core::Component::Weights);
        w.controller()->flush();
        QCOMPARE(int(w.controller()->scenario().finetune.method), int(core::FineTuneMethod::QLoRA));
        QCOMPARE(int(w.controller()->scenario().finetune.base.format), int(core::WeightFormat::Nf4));
    }

    void servingSliderBurstIsOneEstimate()
    {
        MainWindow w;
        w.controller()->setScenario(load(kSevenBillionServing));
        w.controller()->flush();
        QSignalSpy estimates(w.controller(), &ScenarioController::estimateChanged);
        QSlider* slider = w.controlsPanel()->inferenceControls()->batchSlider()->slider();
        // Powers of two from 1: positions 1…10 are batch 2 … 1024.
        for (int position = 1; position <= 10; ++position)
            slider->setValue(position);
        QTRY_COMPARE(estimates.count(), 1);
        QTest::qWait(20);
        QCOMPARE(estimates.count(), 1);
        QCOMPARE(w.controller()->scenario().inference.batchSize, std::int64_t(1024));
    }

    void newSettersCompareThenCoalesce_data()
    {
        // Each row: a setter that moves a value ten times in a burst (one estimate, one undo
        // step per call) and that does nothing when given the value the scenario has.
        using Setter = std::function<void(ScenarioController&, int)>;
        QTest::addColumn<Setter>("set");
        QTest::addColumn<int>("unchanged"); // the argument that changes nothing on the GRPO scenario
        QTest::addRow("serving batch") << Setter([](ScenarioController& c, int i) { c.set(core::Field::InferenceBatchSize, i); }) << 1;
        QTest::addRow("prompt") << Setter([](ScenarioController& c, int i) { c.set(core::Field::InferencePromptLength, 512 * i); }) << 2;
        QTest::addRow("LoRA rank") << Setter([](ScenarioController& c, int i) { c.set(core::Field::FineTuneLoraRank, 4 * i); }) << 4;
        QTest::addRow("samples per prompt") << Setter([](ScenarioController& c, int i) { c.set(core::Field::RlSamplesPerPrompt, i); }) << 8;
        // 8/20 = 0.4, the scenario's own
        QTest::addRow("rollout memory") << Setter([](ScenarioController& c, int i) { c.set(core::Field::RlRolloutMemoryFraction, i / 20.0); }) << 8;
        QTest::addRow("expert parallel") << Setter([](ScenarioController& c, int i) { c.set(core::Field::ParallelExpert, i); }) << 1;
    }
    void newSettersCompareThenCoalesce()
    {
        QFETCH(std::function<void(ScenarioController&, int)>, set);
        QFETCH(int, unchanged);
        ScenarioController c;
        c.setScenario(load(kGrpo)); // serving and MoE keys sit in the scenario whatever its mode
        c.set(core::Field::InferenceBatchSize, 1);
        c.set(core::Field::InferencePromptLength, 1024);
        c.flush();
        const int steps = c.undoStack()->count();
        QSignalSpy estimates(&c, &ScenarioController::estimateChanged);
        set(c, unchanged);
        QTest::qWait(10);
        QCOMPARE(estimates.count(), 0);
        QCOMPARE(c.undoStack()->count(), steps);
        for (int i = 1; i <= 10; ++i)
            set(c, unchanged + i);
        QTRY_COMPARE(estimates.count(), 1);
        QTest::qWait(20);
        QCOMPARE(estimates.count(), 1);
    }

    void rlControlsOfferWhatTheAlgorithmUses()
    {
        MainWindow w;
        w.controller()->setScenario(load(kGrpo));
        w.controller()->flush();
        RlControls* rl = w.controlsPanel()->rlControls();
        QVERIFY(rl->roleControls()->isVisibleTo(rl));
        // GRPO needs no critic: the box is off and says why.
        QVERIFY(!rl->criticBox()->isEnabled());
        QVERIFY(!rl->criticBox()->toolTip().isEmpty());
        // PPO brings the critic (as scenario files do).
        rl->algorithmBox()->setCurrentIndex(rl->algorithmBox()->findData(int(core::RlAlgorithm::Ppo)));
        emit rl->algorithmBox()->activated(rl->algorithmBox()->currentIndex());
        w.controller()->flush();
        QVERIFY(w.controller()->scenario().finetune.rl.critic);
        QVERIFY(rl->criticBox()->isEnabled() && rl->criticBox()->isChecked());
        QVERIFY(w.memoryChart()->barBytes(0, core::Component::CriticWeights) > 0);
        // Separate placement shows the pool size.
        QVERIFY(!rl->rolloutGpusSlider()->isVisibleTo(rl));
        w.controller()->set(core::Field::RlPlacement, core::RolloutPlacement::Separate);
        w.controller()->flush();
        QVERIFY(rl->rolloutGpusSlider()->isVisibleTo(rl));
    }
};

QTEST_MAIN(TestModes)
#include "tst_modes.moc"
