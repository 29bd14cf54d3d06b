// The textbook's ledger in the estimate: the seeds' 7B on 8 GPUs table (112 / 38.5 / 26.25 /
// 14 GB of model states under ZeRO 0/1/2/3) from the "7B (textbook)" count, the working line
// that shows the sum, and an explicit parameter count beating a preset.
#include <QtTest>

#include "core/estimate.h"
#include "core/io/estimate_io.h"
#include "core/io/presets.h"
#include "core/io/scenario_io.h"
#include "core/working.h"

namespace {

core::Scenario textbook7b(int zeroStage)
{
    core::ScenarioLoad l = core::loadScenario(R"({"schema_version": 1, "model": {"preset": "textbook-7b"},
        "training": {"seq_length": 2048, "micro_batch_size": 1, "global_batch_size": 64, "precision": "mixed_16",
                     "optimizer": "adam", "recompute": "full"}, "parallel": {"gpus": 8}, "hardware": {"gpu": "a100-80gb"}})");
    if (!l.ok)
        qFatal("textbook scenario invalid");
    l.scenario.training.zeroStage = zeroStage;
    return l.scenario;
}

} // namespace

class TestTextbook : public QObject
{
    Q_OBJECT

private slots:
    void textbookPresetsAreCounts()
    {
        for (const char* id : {"textbook-7b", "textbook-70b"}) {
            const core::ModelPreset* p = core::findModelPreset(id);
            QVERIFY2(p, id);
            QVERIFY(!p->model.hasArchitecture);
            QCOMPARE(p->family, std::string("Textbook"));
        }
        QCOMPARE(core::findModelPreset("textbook-7b")->model.parameters, 7e9);
        QCOMPARE(core::findModelPreset("textbook-70b")->model.parameters, 7e10);
    }

    /// Seed 2 ("训练一个 7B 模型…不同 ZeRO 阶段"): 2 + 2 + 12 bytes per parameter, 8 cards:
    /// no ZeRO 7e9 × 16 = 112 GB; ZeRO-1 14 + 14 + 84/8 = 38.5; ZeRO-2 14 + 98/8 = 26.25;
    /// ZeRO-3 112/8 = 14 GB per GPU.
    void zeroTable_data()
    {
        QTest::addColumn<int>("stage");
        QTest::addColumn<double>("expected");
        QTest::addRow("no ZeRO") << 0 << 112e9;
        QTest::addRow("ZeRO-1") << 1 << 38.5e9;
        QTest::addRow("ZeRO-2") << 2 << 26.25e9;
        QTest::addRow("ZeRO-3") << 3 << 14e9;
    }
    void zeroTable()
    {
        QFETCH(int, stage);
        QFETCH(double, expected);
        core::Working working;
        const core::Estimate e = core::estimate(textbook7b(stage), &working);
        QVERIFY(e.valid);
        const core::RankGroup& g = e.fullest();
        QCOMPARE(g.categoryBytes(core::Category::Parameters) + g.categoryBytes(core::Category::Gradients)
                     + g.categoryBytes(core::Category::OptimizerStates),
                 expected);
        // The working names the sum: "Model states on this GPU", with Ψ and 2, 2, 12 substituted.
        bool found = false;
        for (const core::WorkingLine& line : working.lines()) {
            if (line.term != core::Term::ModelStates)
                continue;
            found = true;
            QCOMPARE(line.value, expected);
            QCOMPARE(line.substitutions.front().value, 7e9);
            QCOMPARE(line.substitutions[1].value, 2.0);
            QCOMPARE(line.substitutions[2].value, 2.0);
            QCOMPARE(line.substitutions[3].value, 12.0);
            QCOMPARE(line.substitutions[4].value, 8.0);
        }
        QVERIFY(found);
        QVERIFY(std::string(core::termInfo(core::Term::ModelStates).title).find("Model states") == 0);
    }

    /// 70B textbook: 16 × 7 × 10¹⁰ = 1.12 TB; over 8 GPUs with ZeRO-3, 140 GB each.
    void seventyBillion()
    {
        core::Scenario s = textbook7b(3);
        s.model = core::findModelPreset("textbook-70b")->model;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        QCOMPARE(e.fullest().modelStateBytes(), 140e9);
    }

    /// An explicit count beats the preset, on the command line (--set) as in the file; the
    /// output says which count was used.
    void explicitCountBeatsPreset()
    {
        const std::string file = R"({"schema_version": 1, "model": {"preset": "llama-2-7b"}, "parallel": {"gpus": 8},
            "hardware": {"gpu": "a100-80gb"}})";
        const core::ScenarioLoad preset = core::loadScenario(file);
        QVERIFY(preset.ok);
        QCOMPARE(core::estimate(preset.scenario).parameters.total, 6738415616.0); // the architecture's count
        const core::ScenarioLoad set = core::loadScenario(file, {"model.parameters=7e9"});
        QVERIFY(set.ok);
        QVERIFY(!set.scenario.model.hasArchitecture);
        const core::Estimate e = core::estimate(set.scenario);
        QCOMPARE(e.parameters.total, 7e9);
        const std::string json = core::estimateToJson(set.scenario, e, {});
        QVERIFY(json.find(R"("source": "model.parameters")") != std::string::npos);
        const std::string table = core::estimateToTable(set.scenario, e, {});
        QVERIFY2(table.find("model.parameters as given, which beats preset llama-2-7b") != std::string::npos, table.c_str());
        // The same in the file, and it survives a save and a reload.
        const core::ScenarioLoad inFile = core::loadScenario(R"({"schema_version": 1, "model": {"preset": "llama-2-7b", "parameters": 7e9}})");
        QVERIFY(inFile.ok);
        QCOMPARE(core::estimate(inFile.scenario).parameters.total, 7e9);
        const core::ScenarioLoad again = core::loadScenario(core::saveScenario(inFile.scenario));
        QVERIFY(again.ok);
        QVERIFY(again.scenario == inFile.scenario);
        // Architecture keys are explicit too: with them the architecture counts (and a warning
        // says the given count differs).
        const core::ScenarioLoad arch = core::loadScenario(R"({"schema_version": 1, "model": {"preset": "llama-2-7b", "num_layers": 32, "parameters": 7e9}})");
        QVERIFY(arch.ok);
        QVERIFY(arch.scenario.model.hasArchitecture);
        // The textbook preset's own count is reported as such.
        const core::Scenario t = textbook7b(1);
        QVERIFY(core::estimateToJson(t, core::estimate(t), {}).find(R"("source": "preset_count")") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestTextbook)
#include "tst_textbook.moc"
