// The planner's widgets: the table model passes QAbstractItemModelTester and sorts by numbers,
// the heatmap and the Pareto plot draw what the result holds and select by click.
#include <QtTest>

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>

#include "core/io/scenario_io.h"
#include "core/plan/planner.h"
#include "widgets/plan/feasibilityheatmap.h"
#include "widgets/plan/paretoplot.h"
#include "widgets/plan/plantablemodel.h"
#include "widgets/plan/plantext.h"

namespace {

std::shared_ptr<const core::PlanResult> plan70b()
{
    static std::shared_ptr<const core::PlanResult> result = [] {
        core::PlanRequest r;
        r.base = core::loadScenario(R"({"schema_version": 1, "model": {"preset": "llama-2-70b"},
            "training": {"seq_length": 4096, "global_batch_size": 256}, "parallel": {"gpus": 64}, "hardware": {"gpu": "h100-sxm"}})")
                     .scenario;
        return std::make_shared<const core::PlanResult>(core::plan(r));
    }();
    return result;
}

} // namespace

class TestPlanWidgets : public QObject
{
    Q_OBJECT

private slots:
    void tableModel()
    {
        PlanTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setResult(plan70b());
        long long estimated = 0;
        for (const core::PlanCandidate& c : plan70b()->layouts)
            estimated += c.pruned ? 0 : 1;
        QCOMPARE(model.rowCount(), int(estimated));
        // Row 0 is the best layout, and says so.
        QCOMPARE(model.layoutIndex(0), 0);
        QCOMPARE(model.data(model.index(0, PlanTableModel::Fits)).toString(), QStringLiteral("yes"));
        QCOMPARE(model.data(model.index(0, PlanTableModel::Layout)).toString(), PlanText::layout(plan70b()->layouts.front()));
        QVERIFY(model.data(model.index(0, PlanTableModel::WhySlower)).toString().isEmpty());
        // Sorting by peak memory puts the lightest first (numbers, not strings: "9.7 GB" < "10 GB").
        QSortFilterProxyModel proxy;
        proxy.setSourceModel(&model);
        proxy.setSortRole(PlanTableModel::SortRole);
        proxy.sort(PlanTableModel::Peak, Qt::AscendingOrder);
        double previous = 0;
        for (int r = 0; r < proxy.rowCount(); ++r) {
            const double peak = proxy.data(proxy.index(r, PlanTableModel::Peak), PlanTableModel::SortRole).toDouble();
            QVERIFY(peak >= previous);
            previous = peak;
        }
        // Fitting only: the FitsRole filter.
        proxy.setFilterRole(PlanTableModel::FitsRole);
        proxy.setFilterKeyColumn(0);
        proxy.setFilterFixedString(QStringLiteral("true"));
        for (int r = 0; r < proxy.rowCount(); ++r)
            QVERIFY(proxy.data(proxy.index(r, 0), PlanTableModel::FitsRole).toBool());
        model.setResult(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void heatmapMarksTheFastestAndSelectsByClick()
    {
        FeasibilityHeatmap map;
        map.resize(800, 500);
        map.setKnobs(core::PlanKnob::Pipeline, core::PlanKnob::Tensor);
        map.setResult(plan70b());
        map.show();
        QVERIFY(QTest::qWaitForWindowExposed(&map));
        const core::PlanGrid& g = map.grid();
        QVERIFY(g.fastest >= 0);
        QCOMPARE(g.rows.size() * g.columns.size(), g.cells.size());
        QImage image = map.grab().toImage();
        QVERIFY(!image.isNull());
        QSignalSpy activated(&map, &FeasibilityHeatmap::layoutActivated);
        // Click the middle of the fastest cell: it selects that cell's layout.
        const std::size_t row = std::size_t(g.fastest) / g.columns.size(), column = std::size_t(g.fastest) % g.columns.size();
        // The cells' rectangle is only known to the widget: probe across the widget until a click lands.
        bool hit = false;
        for (int y = 0; y < map.height() && !hit; y += 6)
            for (int x = 0; x < map.width() && !hit; x += 6) {
                QTest::mouseClick(&map, Qt::LeftButton, {}, QPoint(x, y));
                if (!activated.isEmpty() && activated.last().at(0).toInt() == g.cells[std::size_t(g.fastest)])
                    hit = true;
            }
        QVERIFY2(hit, qPrintable(QStringLiteral("the fastest cell (%1, %2) can be clicked").arg(row).arg(column)));
        // Other knobs: the grid follows.
        map.setKnobs(core::PlanKnob::ZeroStage, core::PlanKnob::MicroBatch);
        QCOMPARE(map.grid().rowKnob, core::PlanKnob::ZeroStage);
        QVERIFY(!map.grid().rows.empty());
    }

    void paretoPlotShowsTheFront()
    {
        ParetoPlot plot;
        plot.resize(700, 420);
        plot.setResult(plan70b());
        int fitting = 0, front = 0;
        for (const core::PlanCandidate& c : plan70b()->layouts) {
            fitting += c.fits && !c.pruned ? 1 : 0;
            front += c.pareto ? 1 : 0;
        }
        QCOMPARE(plot.pointCount(), fitting);
        QCOMPARE(plot.frontCount(), front);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        QVERIFY(!plot.grab().toImage().isNull());
        plot.setResult(nullptr);
        QCOMPARE(plot.pointCount(), 0);
    }

    void texts()
    {
        // Every knob and every step part has a name; reasons join with the share.
        for (std::size_t k = 0; k < core::kPlanKnobCount; ++k)
            QVERIFY(!PlanText::knobName(core::PlanKnob(k)).isEmpty());
        for (std::size_t p = 0; p < core::kStepPartCount; ++p)
            QVERIFY(!PlanText::partName(core::StepPart(p)).isEmpty());
        const QString why = PlanText::slower({{core::StepPart::Bubble, 0.18, false}, {core::StepPart::TensorParallel, 0.06, true}});
        QCOMPARE(why, QStringLiteral("+18 % pipeline bubble, +6 % tensor-parallel communication (across nodes)"));
    }
};

QTEST_MAIN(TestPlanWidgets)
#include "tst_planwidgets.moc"
