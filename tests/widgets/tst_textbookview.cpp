// The textbook's ledger in the charts: a model-states bracket on every bar, the ZeRO
// comparison labelled by each bar's height and its model states, and the Textbook view's four ledgers — for the
// seeds' 7B on 8 GPUs: 112 / 38.5 / 26.25 / 14 GB.
#include <QtTest>

#include "core/estimate.h"
#include "core/io/scenario_io.h"
#include "widgets/charts/comparisonview.h"
#include "widgets/charts/memorychart.h"

namespace {

core::Estimate textbook7b(int zeroStage)
{
    core::ScenarioLoad l = core::loadScenario(R"({"schema_version": 1, "model": {"preset": "textbook-7b"},
        "training": {"seq_length": 2048, "micro_batch_size": 1, "global_batch_size": 64, "precision": "mixed_16",
                     "optimizer": "adam", "recompute": "full"}, "parallel": {"gpus": 8}, "hardware": {"gpu": "a100-80gb"}})");
    l.scenario.training.zeroStage = zeroStage;
    return core::estimate(l.scenario);
}

const char* const kTable[] = {"112 GB", "38.5 GB", "26.25 GB", "14 GB"}; // seed 2, 7B on 8 cards

} // namespace

class TestTextbookView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void bracketOnEveryBar()
    {
        MemoryChart chart;
        chart.resize(800, 500);
        chart.show();
        for (int stage = 0; stage < 4; ++stage) {
            chart.setEstimate(textbook7b(stage));
            QCOMPARE(chart.modelStatesText(0), QStringLiteral("model states %1").arg(kTable[stage]));
        }
    }

    void zeroComparisonLabelledByHeightThenStates()
    {
        ComparisonView view;
        view.resize(1800, 500); // wide enough for both lines with their units
        view.show();
        core::Comparison zero;
        zero.variation = core::Variation::ZeroStage;
        for (int stage = 0; stage < 4; ++stage)
            zero.estimates.push_back(textbook7b(stage));
        zero.current = 1;
        core::Comparison recompute;
        recompute.variation = core::Variation::Recompute;
        for (int policy = 0; policy < 3; ++policy)
            recompute.estimates.push_back(textbook7b(1));
        recompute.current = 2;
        view.setComparisons({zero, recompute});
        MemoryChart* chart = view.zeroChart();
        for (int stage = 0; stage < 4; ++stage) {
            const QString label = chart->barLabelText(stage);
            // The bar's height first (the whole GPU: activations, buffers, runtime), then its
            // model states, named (issue 31: the states alone read as the bar's height).
            QVERIFY2(label.startsWith(DisplayFormat::bytes(chart->barTotalBytes(stage), DisplayFormat::MemoryUnit::GB, 1) + QLatin1Char('\n')),
                     qPrintable(label));
            QVERIFY2(label.endsWith(QStringLiteral("\nstates %1").arg(kTable[stage])), qPrintable(label));
            QVERIFY(chart->barTotalBytes(stage) > chart->modelStatesBytes(stage));
        }
        // The recomputation chart changes activations: its bars lead with the total.
        QVERIFY(!view.recomputeChart()->barLabelText(0).contains(QStringLiteral("states")));
    }

    void textbookViewKeepsTheFourLedgers()
    {
        MemoryChart chart;
        chart.resize(800, 500);
        chart.show();
        const core::Estimate e = textbook7b(1);
        chart.setEstimate(e);
        const core::RankGroup& g = e.fullest();
        QCOMPARE(chart.barTotalBytes(0), g.totalBytes); // the whole GPU: runtime, buffers, fragmentation
        chart.setTextbook(true);
        // Parameters + gradients + optimizer states + activations, nothing else: 38.5 GB of
        // model states and the activations on top.
        const double activations = g.categoryBytes(core::Category::Activations);
        QCOMPARE(chart.barTotalBytes(0), 38.5e9 + activations);
        QCOMPARE(chart.barBytes(0, core::Component::OptimizerStates), 10.5e9);
        QCOMPARE(chart.barBytes(0, core::Component::CudaContext), 0.0);
        QCOMPARE(chart.barBytes(0, core::Component::Fragmentation), 0.0);
        QCOMPARE(chart.barBytes(0, core::Component::LayerActivations), activations); // one "Activations" ledger
        QCOMPARE(chart.modelStatesText(0), QStringLiteral("model states 38.5 GB"));
        chart.setTextbook(false);
        QCOMPARE(chart.barTotalBytes(0), g.totalBytes);
    }

    void unitFollows()
    {
        MemoryChart chart;
        chart.resize(800, 500);
        chart.show();
        chart.setEstimate(textbook7b(3));
        chart.setUnit(DisplayFormat::MemoryUnit::GiB);
        // 14e9 B / 2³⁰ = 13.04 GiB.
        QCOMPARE(chart.modelStatesText(0), QStringLiteral("model states 13.04 GiB"));
    }
};

QTEST_MAIN(TestTextbookView)
#include "tst_textbookview.moc"
