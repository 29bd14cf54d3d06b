// Every number can explain itself: each non-zero bar segment of each rank group has a line of
// working (formula, substituted values, source), in every mode.
#include <QtTest>

#include <set>

#include "core/activations.h"
#include "core/components.h"
#include "core/estimate.h"
#include "core/io/scenario_io.h"
#include "core/working.h"

namespace {

const char* kScenarios[][2] = {
    {"dense 3D", R"({"schema_version": 1, "model": {"preset": "llama-2-70b"}, "training": {"zero_stage": 3, "recompute": "selective"},
        "parallel": {"gpus": 64, "tensor": 8, "pipeline": 4, "sequence_parallel": true}, "hardware": {"gpu": "h100-sxm"}})"},
    {"count only, offload", R"({"schema_version": 1, "model": {"parameters": 7e9}, "training": {"zero_stage": 3, "offload_optimizer": true,
        "offload_parameters": true, "global_batch_size": 8}, "parallel": {"gpus": 8}})"},
    {"MoE + MLA", R"({"schema_version": 1, "model": {"preset": "deepseek-v3"}, "training": {"seq_length": 4096, "global_batch_size": 512,
        "zero_stage": 1, "recompute": "full"}, "parallel": {"gpus": 2048, "tensor": 1, "pipeline": 16, "expert": 64, "gpus_per_node": 8},
        "hardware": {"gpu": "h100-sxm"}})"},
    {"serving", R"({"schema_version": 1, "mode": "inference", "model": {"preset": "gemma-3-27b"},
        "inference": {"weight_format": "int4", "batch_size": 8, "prompt_length": 32768}, "parallel": {"gpus": 2, "tensor": 2}})"},
    {"GRPO", R"({"schema_version": 1, "mode": "finetune", "model": {"preset": "qwen2.5-7b"}, "training": {"seq_length": 2560,
        "zero_stage": 3, "global_batch_size": 8, "recompute": "full"},
        "finetune": {"method": "qlora", "rl": {"algorithm": "ppo", "reward_model": true}}, "parallel": {"gpus": 8}})"},
};

} // namespace

class TestWorking : public QObject
{
    Q_OBJECT

private slots:
    void termTableIsComplete()
    {
        std::set<std::string_view> ids;
        for (int t = 0; t < int(core::Term::Count); ++t) {
            const core::TermInfo& info = core::termInfo(core::Term(t));
            QVERIFY2(!info.id.empty() && !info.title.empty(), qPrintable(QString::number(t)));
            QVERIFY2(ids.insert(info.id).second, std::string(info.id).c_str());
        }
        std::set<std::string_view> tensors;
        for (int k = 0; k < int(core::TensorKind::Count); ++k)
            QVERIFY2(tensors.insert(core::tensorInfo(core::TensorKind(k)).id).second, std::string(core::tensorInfo(core::TensorKind(k)).id).c_str());
        std::set<std::string_view> names;
        for (std::size_t c = 0; c < core::kComponentCount; ++c) {
            QVERIFY(!core::componentLabel(core::Component(c)).empty());
            QVERIFY(names.insert(core::componentName(core::Component(c))).second);
        }
    }

    void selectiveWorkspaceSaysWhatItCounts_data()
    {
        QTest::addColumn<bool>("dropout");
        QTest::addColumn<double>("expected");
        QTest::addColumn<QString>("formula");
        // Korthikanti §5: selective recomputation rebuilds one layer's attention core, the softmax
        // (2·a·s²·b) and with dropout its mask (a·s²·b) and output (2·a·s²·b). Llama 2 7B shape,
        // s = 4096, b = 1, t = 1, 32 heads: a·s²·b = 536,870,912.
        QTest::newRow("no dropout: 2·a·s²·b") << false << 2 * 536870912.0 << QString("2·a·s²·b / t");
        QTest::newRow("dropout: 5·a·s²·b") << true << 5 * 536870912.0 << QString("5·a·s²·b / t");
    }
    void selectiveWorkspaceSaysWhatItCounts()
    {
        QFETCH(bool, dropout);
        QFETCH(double, expected);
        QFETCH(QString, formula);
        core::ScenarioLoad l = core::loadScenario(R"({"schema_version": 1, "model": {"preset": "llama-2-7b"},
            "training": {"recompute": "selective", "flash_attention": false, "global_batch_size": 8}, "parallel": {"gpus": 8}})");
        QVERIFY(l.ok);
        l.scenario.model.dropout = dropout;
        core::Working w;
        QVERIFY(core::estimate(l.scenario, &w).valid);
        const core::WorkingLine* line = nullptr;
        for (const core::WorkingLine& candidate : w.lines())
            if (candidate.term == core::Term::RecomputeWorkspace)
                line = &candidate;
        QVERIFY(line);
        QCOMPARE(line->value, expected);
        QVERIFY2(QString::fromUtf8(line->formula.data(), qsizetype(line->formula.size())).startsWith(formula),
                 line->formula.data());
        QVERIFY(!line->substitutions.empty()); // a, s, b, t are listed
    }

    void everySegmentIsExplained_data()
    {
        QTest::addColumn<QString>("json");
        for (const auto& s : kScenarios)
            QTest::addRow("%s", s[0]) << QString(s[1]);
    }
    void everySegmentIsExplained()
    {
        QFETCH(QString, json);
        const core::ScenarioLoad l = core::loadScenario(json.toStdString());
        QVERIFY2(l.ok, l.issues.empty() ? "" : core::describe(l.issues.front()).c_str());
        core::Working working;
        const core::Estimate e = core::estimate(l.scenario, &working);
        QVERIFY2(e.valid, e.issues.empty() ? "" : core::describe(e.issues.front()).c_str());
        // Same numbers with and without the working.
        QCOMPARE(core::estimate(l.scenario).fullest().totalBytes, e.fullest().totalBytes);
        for (const core::WorkingLine& line : working.lines()) {
            QVERIFY(line.group >= -1 && line.group < int(e.groups.size()));
            QVERIFY(!core::render(line).empty());
        }
        for (std::size_t g = 0; g < e.groups.size(); ++g) {
            if (e.groups[g].phase == core::GroupPhase::RolloutPool)
                continue; // its segments are explained once, by the colocated terms' formulas
            for (std::size_t c = 0; c < core::kComponentCount; ++c) {
                if (e.groups[g].bytes[c] <= 0)
                    continue;
                bool explained = false;
                for (const core::WorkingLine& line : working.lines())
                    explained |= line.group == int(g) && core::termInfo(line.term).component == core::Component(c);
                QVERIFY2(explained, qPrintable(QString("group %1 component %2").arg(g).arg(QString::fromUtf8(core::componentName(core::Component(c)).data()))));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestWorking)
#include "tst_working.moc"
