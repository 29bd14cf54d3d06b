// The controller: compare-then-emit setters, one estimate per burst of changes, whole-scenario
// undo/redo with a drag merged into one step, comparisons and the working on demand.
#include <QtTest>

#include <QUndoStack>

#include "../widgets/guiscenarios.h"
#include "app/scenariocontroller.h"
#include "core/io/scenario_io.h"

namespace {

std::string json(const ScenarioController& c)
{
    return core::saveScenario(c.scenario());
}

} // namespace

class TestScenarioController : public QObject
{
    Q_OBJECT

private slots:
    void tenRapidChangesAreOneEstimate()
    {
        ScenarioController c;
        c.flush();
        QSignalSpy estimates(&c, &ScenarioController::estimateChanged);
        QSignalSpy scenarios(&c, &ScenarioController::scenarioChanged);
        for (int i = 0; i < 10; ++i)
            c.set(core::Field::TrainingSeqLength, 1024 + 256 * i);
        QCOMPARE(estimates.count(), 0); // nothing until the event loop runs
        QTRY_COMPARE(estimates.count(), 1);
        QTest::qWait(20);
        QCOMPARE(estimates.count(), 1);
        QCOMPARE(scenarios.count(), 1);
        QCOMPARE(c.scenario().training.seqLength, std::int64_t(1024 + 256 * 9));
        QCOMPARE(estimates.at(0).at(0).value<core::Estimate>().valid, true);
    }

    void settingTheSameValueDoesNothing()
    {
        ScenarioController c;
        c.flush();
        const int steps = c.undoStack()->count();
        const int before = c.estimateCount();
        c.set(core::Field::TrainingZeroStage, c.scenario().training.zeroStage);
        c.set(core::Field::ParallelGpus, c.scenario().parallel.gpus);
        c.setModelPreset(QString::fromStdString(c.scenario().model.preset));
        QTest::qWait(10);
        QCOMPARE(c.undoStack()->count(), steps);
        QCOMPARE(c.estimateCount(), before);
    }

    void undoRedoRoundTrips()
    {
        ScenarioController c;
        c.flush();
        const std::string start = json(c);
        c.set(core::Field::TrainingZeroStage, 3);
        c.setModelPreset(QStringLiteral("llama-2-13b"));
        c.set(core::Field::ParallelGpus, 16);
        c.set(core::Field::TrainingRecompute, core::Recompute::Full);
        c.setGpuPreset(QStringLiteral("h100-sxm"));
        c.flush();
        const std::string end = json(c);
        QVERIFY(end != start);
        QCOMPARE(c.undoStack()->count(), 5);
        for (int i = 0; i < 5; ++i)
            c.undoStack()->undo();
        c.flush();
        QCOMPARE(json(c), start);
        for (int i = 0; i < 5; ++i)
            c.undoStack()->redo();
        c.flush();
        QCOMPARE(json(c), end);
        QCOMPARE(c.scenario().training.zeroStage, 3);
        QCOMPARE(c.scenario().model.preset, std::string("llama-2-13b"));
    }

    void aDragIsOneUndoStep()
    {
        ScenarioController c;
        c.flush();
        const int gpus = c.scenario().parallel.gpus;
        const int steps = c.undoStack()->count();
        c.beginDrag(core::Field::ParallelGpus);
        for (int n : {16, 32, 64, 128})
            c.set(core::Field::ParallelGpus, n);
        c.endDrag();
        QCOMPARE(c.undoStack()->count(), steps + 1);
        // A second drag of the same slider is a step of its own.
        c.beginDrag(core::Field::ParallelGpus);
        c.set(core::Field::ParallelGpus, 256);
        c.endDrag();
        QCOMPARE(c.undoStack()->count(), steps + 2);
        c.undoStack()->undo();
        QCOMPARE(c.scenario().parallel.gpus, 128);
        c.undoStack()->undo();
        QCOMPARE(c.scenario().parallel.gpus, gpus);
    }

    /// The advisor's remedies: several fields, each through set(field, value), one undo step.
    void severalFieldsAreOneUndoStep()
    {
        ScenarioController c;
        c.flush();
        const std::string start = json(c);
        const int steps = c.undoStack()->count();
        // QLoRA brings its NF4 base (core::applyFineTuneMethod): the later field is then the same.
        c.setFields({{core::Field::Mode, core::Mode::FineTune},
                     {core::Field::FineTuneMethod, core::FineTuneMethod::QLoRA},
                     {core::Field::FineTuneBaseFormat, core::WeightFormat::Nf4},
                     {core::Field::TrainingRecompute, core::Recompute::Full}},
                    QStringLiteral("Apply QLoRA"));
        c.flush();
        QCOMPARE(c.undoStack()->count(), steps + 1);
        QCOMPARE(c.undoStack()->undoText(), QStringLiteral("Apply QLoRA"));
        QCOMPARE(int(c.scenario().mode), int(core::Mode::FineTune));
        QCOMPARE(int(c.scenario().finetune.method), int(core::FineTuneMethod::QLoRA));
        QCOMPARE(int(c.scenario().finetune.base.format), int(core::WeightFormat::Nf4));
        QVERIFY(c.scenario().finetune.base.doubleQuantization);
        QCOMPARE(int(c.scenario().training.recompute), int(core::Recompute::Full));
        c.undoStack()->undo();
        c.flush();
        QCOMPARE(json(c), start);
        // Values that are there already: no step at all.
        c.setFields({{core::Field::ParallelGpus, c.scenario().parallel.gpus}}, QStringLiteral("nothing"));
        QCOMPARE(c.undoStack()->index(), steps);
    }

    void slowNetworkMakesCrossNodeZero3Exposed()
    {
        // The seeds' warning made visible: 7B with ZeRO-3 over 16 A100 (two nodes). The 8 ranks of
        // a node send through their 8 NICs at once: on the DGX A100's 25 GB/s per GPU that is
        // 8 × 25 × 0.75 = 150 GB/s (below NVLink's 240), so the gathers take (15/16)·m·6 B·Ψ /
        // 150 GB/s; on 10 Gb Ethernet (1.25 GB/s) twenty times longer (less the fixed latency
        // per collective), beyond the step's computation.
        ScenarioController c;
        c.setGpuPreset(QStringLiteral("a100-80gb"));
        c.set(core::Field::ParallelGpus, 16);
        c.set(core::Field::TrainingZeroStage, 3);
        c.set(core::Field::HardwareMfu, 0.4); // the seeds' 40 %: the iteration is the computation alone
        c.flush();
        const auto dp = std::size_t(core::CommDimension::DataParallel);
        const core::CommunicationEstimate fast = c.estimate().communication;
        QVERIFY(fast.overNetwork[dp]);
        QCOMPARE(fast.linkBytesPerSecond[dp], 150e9);
        const int steps = c.undoStack()->count();
        c.set(core::Field::GpuNetworkBandwidth, 1.25e9);
        c.flush();
        const core::Estimate& slow = c.estimate();
        const double ratio = slow.communication.seconds[dp] / fast.seconds[dp];
        QVERIFY2(ratio > 19 && ratio < 20, qPrintable(QString::number(ratio)));
        QVERIFY(slow.communication.seconds[dp] > slow.compute.iterationSeconds);
        QVERIFY(std::any_of(slow.issues.begin(), slow.issues.end(),
                            [](const core::Issue& i) { return i.code == core::IssueCode::CommunicationExceedsCompute; }));
        QCOMPARE(c.undoStack()->count(), steps + 1);
        c.undoStack()->undo();
        c.flush();
        QCOMPARE(c.scenario().hardware.gpu.networkBytesPerSecond, 25e9);
    }

    void currentVariantFindsTheScenariosOwnBar()
    {
        using V = core::Variation;
        core::Scenario s;
        auto weights = [&s](core::WeightFormat f) { s.inference.weights.format = f; return core::currentVariant(s, V::WeightFormat); };
        auto kv = [&s](core::KvCacheDtype d) { s.inference.kvCacheDtype = d; return core::currentVariant(s, V::KvCacheDtype); };
        // FP16 and BF16 store the same bytes and share the 16-bit bar; FP32 has none.
        QCOMPARE(weights(core::WeightFormat::Fp16), 0);
        QCOMPARE(weights(core::WeightFormat::Bf16), 0);
        QCOMPARE(weights(core::WeightFormat::Nf4), 4);
        QCOMPARE(weights(core::WeightFormat::Fp32), -1);
        QCOMPARE(kv(core::KvCacheDtype::Fp16), 0);
        QCOMPARE(kv(core::KvCacheDtype::Int8), 2);
        QCOMPARE(kv(core::KvCacheDtype::Fp32), -1);
        s.finetune.method = core::FineTuneMethod::QLoRA;
        QCOMPARE(core::currentVariant(s, V::FineTuneMethod), 2);
    }

    /// A comparison bar clicked becomes the scenario the bar showed. The ZeRO bars drop the
    /// offload a lower stage cannot have (DeepSpeed: offload_param needs ZeRO-3, offload_optimizer
    /// ZeRO ≥ 1); choosing a bar once set the bare stage and left an invalid scenario
    /// ("offload needs ZeRO") under a bar that had shown a valid one.
    void choosingABarGivesTheBarsScenario_data()
    {
        QTest::addColumn<int>("stage");
        for (int stage = 0; stage <= 3; ++stage)
            QTest::addRow("ZeRO-%d", stage) << stage;
    }

    void choosingABarGivesTheBarsScenario()
    {
        QFETCH(int, stage);
        core::Scenario s = guiscenarios::sevenBillionOnEight(3);
        s.training.offloadOptimizer = true;
        s.training.offloadParameters = true;
        core::Comparisons bars;
        core::compare(s, bars);
        QCOMPARE(int(bars[0].variation), int(core::Variation::ZeroStage));
        const core::Estimate& bar = bars[0].estimates[std::size_t(stage)];
        QVERIFY(bar.valid);

        ScenarioController c;
        c.setScenario(s);
        c.flush();
        c.chooseVariant(core::Variation::ZeroStage, stage);
        c.flush();
        QCOMPARE(c.scenario().training.zeroStage, stage);
        QVERIFY2(c.estimate().valid, "the chosen bar's scenario is invalid");
        QCOMPARE(c.estimate().fullest().totalBytes, bar.fullest().totalBytes);
        QCOMPARE(c.scenario().training.offloadOptimizer, stage >= 1);
        QCOMPARE(c.scenario().training.offloadParameters, stage == 3);
    }

    void invalidScenarioReportsItsIssues()
    {
        ScenarioController c;
        c.setScenario(guiscenarios::sevenBillionOnEight(1));
        c.flush();
        QSignalSpy issues(&c, &ScenarioController::issuesChanged);
        QSignalSpy estimates(&c, &ScenarioController::estimateChanged);
        c.set(core::Field::ParallelTensor, 3);
        c.flush();
        QCOMPARE(issues.count(), 1);
        QCOMPARE(issues.at(0).at(0).toBool(), false);
        QCOMPARE(estimates.count(), 0); // only valid estimates are broadcast
        QVERIFY(c.lastValidEstimate().valid);
    }

    void comparisonsAreTheSeedsTable()
    {
        ScenarioController c;
        c.setScenario(guiscenarios::sevenBillionOnEight(1));
        QSignalSpy spy(&c, &ScenarioController::comparisonsChanged);
        c.flush();
        QCOMPARE(spy.count(), 1);
        const auto comparisons = spy.at(0).at(0).value<core::Comparisons>();
        QVERIFY(comparisons[0].variation == core::Variation::ZeroStage);
        QCOMPARE(comparisons[0].current, 1);
        const std::vector<core::Estimate>& zero = comparisons[0].estimates;
        QCOMPARE(zero.size(), std::size_t(4));
        // Seed 2: 112 / 38.5 / 26.25 / 14 GB of model states per GPU.
        const double expected[] = {112, 38.5, 26.25, 14};
        for (int stage = 0; stage < 4; ++stage)
            QCOMPARE_LT(std::abs(zero[std::size_t(stage)].fullest().modelStateBytes() / 1e9 - expected[stage]), 1e-9);
        QVERIFY(comparisons[1].variation == core::Variation::Recompute);
        const std::vector<core::Estimate>& recompute = comparisons[1].estimates;
        QCOMPARE(recompute.size(), std::size_t(3));
        // Full recomputation keeps only each layer's input: less than no recomputation.
        QVERIFY(recompute[2].fullest().categoryBytes(core::Category::Activations)
                < recompute[0].fullest().categoryBytes(core::Category::Activations));
    }

    void workingOnlyWhenEnabled()
    {
        ScenarioController c;
        QSignalSpy working(&c, &ScenarioController::workingChanged);
        c.flush();
        QCOMPARE(working.count(), 0);
        c.setWorkingEnabled(true);
        QTRY_COMPARE(working.count(), 1);
        QVERIFY(!working.at(0).at(0).value<core::Working>().lines().empty());
    }
};

Q_DECLARE_METATYPE(core::Estimate)
Q_DECLARE_METATYPE(core::Working)
Q_DECLARE_METATYPE(core::Comparisons)
QTEST_MAIN(TestScenarioController)
#include "tst_scenariocontroller.moc"
