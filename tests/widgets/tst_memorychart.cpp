// The per-GPU memory chart and the comparison view, offscreen: bars follow the core's numbers,
// ZeRO 0→3 gives the seeds' model-state heights, an invalid scenario keeps the last bars, a
// click on a segment names it.
#include <QtTest>

#undef QT_NO_FOREACH
#include <qcustomplot.h>
#undef foreach
#define QT_NO_FOREACH

#include "core/estimate.h"
#include "guiscenarios.h"
#include "widgets/charts/comparisonview.h"
#include "widgets/charts/memorychart.h"

Q_DECLARE_METATYPE(core::Scenario)
Q_DECLARE_METATYPE(core::Component)

namespace {

double modelStateBytes(const MemoryChart& chart, int group)
{
    return chart.barBytes(group, core::Component::Weights) + chart.barBytes(group, core::Component::Gradients)
        + chart.barBytes(group, core::Component::OptimizerStates);
}

} // namespace

class TestMemoryChart : public QObject
{
    Q_OBJECT

private slots:
    void barsFollowTheEstimate_data()
    {
        QTest::addColumn<core::Scenario>("scenario");
        QTest::addColumn<int>("groups");
        QTest::addColumn<QString>("firstLabel");
        // Pure DP: every rank has the same memory, one bar for ranks 0–7.
        QTest::addRow("7B on 8, DP only") << guiscenarios::sevenBillionOnEight(1) << 1 << QStringLiteral("all ranks 0–7");
        // PP 4 over 64 GPUs: 16 ranks per stage; each stage keeps a different number of
        // micro-batches in flight (1F1B: 4, 3, 2, 1), so four distinct bars.
        QTest::addRow("70B on 64, TP8 PP4") << guiscenarios::llama70bOn64() << 4 << QStringLiteral("PP stage 0 · ranks 0–15");
    }
    void barsFollowTheEstimate()
    {
        QFETCH(core::Scenario, scenario);
        QFETCH(int, groups);
        QFETCH(QString, firstLabel);
        const core::Estimate e = core::estimate(scenario);
        QVERIFY(e.valid);
        MemoryChart chart;
        chart.setEstimate(e);
        QCOMPARE(chart.groupCount(), groups);
        QCOMPARE(chart.groupLabel(0), firstLabel);
        for (int g = 0; g < groups; ++g) {
            for (std::size_t c = 0; c < core::kComponentCount; ++c)
                QCOMPARE(chart.barBytes(g, core::Component(c)), e.groups[std::size_t(g)].bytes[c]);
            QCOMPARE(chart.barTotalBytes(g), e.groups[std::size_t(g)].totalBytes);
        }
    }

    void zeroStagesGiveTheSeedsHeights_data()
    {
        QTest::addColumn<int>("stage");
        QTest::addColumn<double>("expectedGB");
        // Seed 2, 7B × 16 B on 8 GPUs: 14 + 14 + 84 | 14 + 14 + 84/8 | 14 + (14 + 84)/8 | 112/8.
        QTest::addRow("no ZeRO") << 0 << 112.0;
        QTest::addRow("ZeRO-1") << 1 << 38.5;
        QTest::addRow("ZeRO-2") << 2 << 26.25;
        QTest::addRow("ZeRO-3") << 3 << 14.0;
    }
    void zeroStagesGiveTheSeedsHeights()
    {
        QFETCH(int, stage);
        QFETCH(double, expectedGB);
        MemoryChart chart;
        chart.setEstimate(core::estimate(guiscenarios::sevenBillionOnEight(stage)));
        QCOMPARE(chart.groupCount(), 1);
        QVERIFY2(std::abs(modelStateBytes(chart, 0) / 1e9 - expectedGB) < 1e-9, qPrintable(QString::number(modelStateBytes(chart, 0))));
    }

    void comparisonViewShowsTheSeedsTable()
    {
        core::Comparison zero{core::Variation::ZeroStage, {}, 1};
        for (int stage = 0; stage < 4; ++stage)
            zero.estimates.push_back(core::estimate(guiscenarios::sevenBillionOnEight(stage)));
        ComparisonView view;
        view.setComparison(ComparisonView::First, zero);
        const double expected[] = {112, 38.5, 26.25, 14};
        QCOMPARE(view.zeroChart()->groupCount(), 4);
        for (int stage = 0; stage < 4; ++stage)
            QCOMPARE_LT(std::abs(modelStateBytes(*view.zeroChart(), stage) / 1e9 - expected[stage]), 1e-9);
        QVERIFY(view.zeroChart()->groupLabel(1).contains(QStringLiteral("ZeRO-1")));
    }

    void invalidKeepsTheLastValidBars()
    {
        MemoryChart chart;
        const core::Estimate valid = core::estimate(guiscenarios::sevenBillionOnEight(1));
        chart.setEstimate(valid);
        core::Scenario broken = guiscenarios::sevenBillionOnEight(1);
        broken.parallel.tensor = 3; // 3 does not divide 8 GPUs
        const core::Estimate invalid = core::estimate(broken);
        QVERIFY(!invalid.valid);
        chart.setEstimate(invalid); // ignored
        chart.setInvalid(QStringLiteral("TP × PP × CP = 3 does not divide the 8 GPUs"));
        QVERIFY(chart.isShowingInvalid());
        QVERIFY(chart.invalidMessage().contains(QStringLiteral("does not divide")));
        QCOMPARE(chart.groupCount(), 1);
        QCOMPARE(chart.barTotalBytes(0), valid.groups[0].totalBytes);
        // The next valid estimate clears the message.
        chart.setEstimate(valid);
        QVERIFY(!chart.isShowingInvalid());
    }

    void barsCarryTheirBands()
    {
        // The whisker shows the device band where the corpus has device rows; otherwise the
        // allocated band (at max_memory_allocated's marker); the textbook view (tensors, not an
        // allocator) shows none.
        const core::Estimate e = core::estimate(guiscenarios::sevenBillionOnEight(1));
        QVERIFY(e.valid);
        const double total = e.groups[0].totalBytes, allocated = e.groups[0].allocatedBytes;
        QVERIFY(allocated > 0);
        core::EstimateBands bands;
        bands.groups.resize(e.groups.size());
        bands.groups[0][0] = {.low = 0.98 * allocated, .high = 1.08 * allocated, .runs = 9};
        MemoryChart chart;
        chart.resize(800, 500);
        chart.setBands(bands);
        chart.setEstimate(e);
        QCOMPARE(chart.bandBytes(0), std::make_pair(0.98 * allocated, 1.08 * allocated));
        bands.groups[0][2] = {.low = 0.9 * total, .high = 1.1 * total, .runs = 6};
        chart.setBands(bands);
        chart.setEstimate(e);
        QCOMPARE(chart.bandBytes(0), std::make_pair(0.9 * total, 1.1 * total));
        // The axis makes room for the whisker's top.
        QVERIFY(chart.plot()->yAxis->range().upper >= 1.1 * total / 1e9);
        chart.setTextbook(true);
        QCOMPARE(chart.bandBytes(0), std::make_pair(0.0, 0.0));
        chart.setTextbook(false);
        chart.setBands(core::EstimateBands{});
        chart.setEstimate(e);
        QCOMPARE(chart.bandBytes(0), std::make_pair(0.0, 0.0));
    }

    void unitChangesTheAxisNotTheBytes()
    {
        MemoryChart chart;
        chart.setEstimate(core::estimate(guiscenarios::sevenBillionOnEight(0)));
        const double before = chart.barBytes(0, core::Component::Weights);
        chart.setUnit(DisplayFormat::MemoryUnit::GiB);
        QCOMPARE(chart.barBytes(0, core::Component::Weights), before);
        QVERIFY(chart.plot()->yAxis->label().contains(QStringLiteral("GiB")));
        // 14 GB of weights = 14e9 / 2^30 = 13.04 GiB on the axis.
        QCOMPARE_LT(std::abs(chart.plot()->plottable(0)->interface1D()->dataMainValue(0) - 14e9 / 1073741824.0), 1e-6);
    }

    void clickingASegmentNamesIt_data()
    {
        QTest::addColumn<core::Component>("component");
        QTest::addRow("weights") << core::Component::Weights;
        QTest::addRow("optimizer states") << core::Component::OptimizerStates;
    }
    void clickingASegmentNamesIt()
    {
        QFETCH(core::Component, component);
        MemoryChart chart;
        chart.resize(800, 500);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setEstimate(core::estimate(guiscenarios::sevenBillionOnEight(0)));
        chart.plot()->replot();
        // Middle of the segment: weights 0–14 GB, gradients 14–28, optimizer 28–112 (ZeRO §3.1: 2 + 2 + 12 B × 7e9).
        double bottom = 0;
        for (std::size_t c = 0; c < std::size_t(component); ++c)
            bottom += chart.barBytes(0, core::Component(c)) / 1e9;
        const double middle = bottom + chart.barBytes(0, component) / 2e9;
        const QPoint at(int(chart.plot()->xAxis->coordToPixel(0)), int(chart.plot()->yAxis->coordToPixel(middle)));
        QSignalSpy clicked(&chart, &MemoryChart::segmentClicked);
        QTest::mouseClick(chart.plot(), Qt::LeftButton, {}, at);
        QCOMPARE(clicked.count(), 1);
        QCOMPARE(clicked.at(0).at(0).toInt(), 0);
        QCOMPARE(clicked.at(0).at(1).value<core::Component>(), component);
    }

    void narrowSlotsTakeTheCompactNames_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<QString>("first");
        // Llama 2 70B on 512 H100, TP 8 × PP 8: eight stage bars. In 640 px a slot is ~60 px,
        // narrower than "stage" and "128–191" in a row, so the bars take "PP 0 · 0–63"; in 2,400 px
        // the full name fits.
        QTest::addRow("640 px") << 640 << "PP 0\n0–63";
        QTest::addRow("2,400 px") << 2400 << "PP stage 0\nranks 0–63";
    }
    void narrowSlotsTakeTheCompactNames()
    {
        QFETCH(int, width);
        QFETCH(QString, first);
        core::Scenario s = guiscenarios::llama70bOn64();
        s.parallel.gpus = 512;
        s.parallel.pipeline = 8;
        s.training.globalBatchSize = 4096;
        MemoryChart chart;
        chart.setEstimate(core::estimate(s));
        QCOMPARE(chart.groupCount(), 8);
        chart.renderImage(QSize(width, 400));
        QCOMPARE(chart.tickLabelText(0), first);
        QVERIFY(chart.groupLabel(0).startsWith(QStringLiteral("PP stage 0"))); // the tooltip's and working's name
        // Each line fits an eighth of the chart (an upper bound of a slot).
        const double slot = double(width) / 8;
        for (int g = 0; g < chart.groupCount(); ++g)
            for (const QString& line : chart.tickLabelText(g).split(QLatin1Char('\n')))
                QVERIFY2(QFontMetricsF(chart.tickLabelFont()).horizontalAdvance(line) <= slot,
                         qPrintable(QStringLiteral("\"%1\" in %2 px").arg(line).arg(slot)));
    }

    void rendersInLightAndDark()
    {
        MemoryChart chart;
        chart.setEstimate(core::estimate(guiscenarios::llama70bOn64()));
        const QImage light = chart.renderImage(QSize(640, 400));
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
        dark.setColor(QPalette::Base, QColor(0x18, 0x18, 0x18));
        dark.setColor(QPalette::WindowText, QColor(0xEE, 0xEE, 0xEE));
        chart.setPalette(dark); // a PaletteChange: colours are redone
        const QImage darkImage = chart.renderImage(QSize(640, 400));
        QCOMPARE(light.size(), QSize(640, 400));
        // The background follows the palette's base colour.
        QVERIFY(qGray(light.pixel(2, 2)) > 200);
        QVERIFY(qGray(darkImage.pixel(2, 2)) < 60);
    }
};

QTEST_MAIN(TestMemoryChart)
#include "tst_memorychart.moc"
