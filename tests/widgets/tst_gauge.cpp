// The painted gauges: value property and animation, colour zones, and the gauge panel's
// numbers against the seeds' worked training time.
#include <QtTest>

#include "core/estimate.h"
#include "guiscenarios.h"
#include "widgets/gauges/gauge.h"
#include "widgets/charts/rooflineview.h"
#include "widgets/gauges/gaugepanel.h"

using Level = ComponentPalette::Level;
Q_DECLARE_METATYPE(ComponentPalette::Level)

class TestGauge : public QObject
{
    Q_OBJECT

private slots:
    void zones_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<Level>("level");
        QTest::addRow("below the range") << -1.0 << Level::Warning;
        QTest::addRow("poorly tuned") << 0.1 << Level::Warning;
        QTest::addRow("realistic") << 0.4 << Level::Good;
        QTest::addRow("zone edge belongs to the upper zone") << 0.55 << Level::Bad;
        QTest::addRow("above the range") << 2.0 << Level::Bad;
    }
    void zones()
    {
        QFETCH(double, value);
        QFETCH(Level, level);
        Gauge g;
        g.setRange(0, 1);
        g.setZones({{0, 0.2, Level::Warning}, {0.2, 0.55, Level::Good}, {0.55, 1.01, Level::Bad}});
        QCOMPARE(g.levelAt(value), level);
    }

    void valueIsAnAnimatedProperty()
    {
        Gauge g;
        QVERIFY(g.metaObject()->indexOfProperty("value") >= 0);
        QVERIFY(!g.sizeHint().isEmpty());
        g.setRange(0, 100);
        // Hidden: no animation, the value jumps.
        g.animateTo(40);
        QCOMPARE(g.value(), 40.0);
        g.show();
        QVERIFY(QTest::qWaitForWindowExposed(&g));
        QSignalSpy changed(&g, &Gauge::valueChanged);
        g.animateTo(80);
        QCOMPARE(g.target(), 80.0);
        QVERIFY(g.value() < 80.0); // still on its way
        QTRY_COMPARE(g.value(), 80.0);
        QVERIFY(changed.count() > 1); // it passed through values in between
    }

    void activatedByClickAndKeyboard()
    {
        Gauge g;
        g.show();
        QVERIFY(QTest::qWaitForWindowExposed(&g));
        QSignalSpy activated(&g, &Gauge::activated);
        QTest::mouseClick(&g, Qt::LeftButton);
        g.setFocus();
        QTest::keyClick(&g, Qt::Key_Space);
        QCOMPARE(activated.count(), 2);
    }

    void panelShowsTheSeedsTrainingTime()
    {
        // Seed 1 §2.3: 7B, 1T tokens, 64 × A100 (312 TFLOP/s), MFU 40 %:
        // 6 × 7e9 × 1e12 = 4.2e22 FLOPs / (64 × 312e12 × 0.4) = 5.26e6 s ≈ 60.9 days.
        core::Scenario s = guiscenarios::sevenBillionOnEight(1);
        s.parallel.gpus = 64;
        s.training.globalBatchSize = 1024;
        s.training.trainTokens = 1e12;
        s.hardware.mfu = 0.4;
        s.training.flopsFormula = core::FlopsFormula::SixND;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        GaugePanel panel;
        panel.setAnimated(false);
        panel.setEstimate(e);
        const double days = 4.2e22 / (64 * 312e12 * 0.4) / 86400;
        QVERIFY2(std::abs(panel.gauge(GaugePanel::Kind::TrainingTime)->value() - days) < 0.01 * days,
                 qPrintable(QString::number(panel.gauge(GaugePanel::Kind::TrainingTime)->value())));
        QCOMPARE(panel.gauge(GaugePanel::Kind::Mfu)->value(), 0.4);
        // GPU-hours = days × 24 × 64.
        QCOMPARE_LT(std::abs(panel.gauge(GaugePanel::Kind::GpuHours)->value() - days * 24 * 64), 0.01 * days * 24 * 64);
        QVERIFY(panel.gauge(GaugePanel::Kind::TrainingTime)->valueText().contains(QStringLiteral("days")));
        // No pipeline: no bubble.
        QCOMPARE(panel.gauge(GaugePanel::Kind::Bubble)->value(), 0.0);
        QCOMPARE(panel.gauge(GaugePanel::Kind::TrainingTime)->levelAt(days), Level::Warning); // between a month and six
    }

    void dialsDrawTheirBandsFromTheCorpus()
    {
        // A step band of 0.9–1.2 × the estimate (P10 −17 %, P90 +11 % of 14 runs, as
        // core/accuracy/bands.h writes it): days, GPU-hours and cost scale with the step; MFU
        // goes the other way (a slower step, a lower MFU): 0.4 / 1.2 … 0.4 / 0.9.
        core::Scenario s = guiscenarios::sevenBillionOnEight(1);
        s.hardware.mfu = 0.4;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        core::EstimateBands bands;
        const double step = e.compute.iterationSeconds;
        bands.stepSeconds = {.low = 0.9 * step, .high = 1.2 * step, .errorLow = -0.17, .errorHigh = 0.11, .runs = 14};
        // The fullest GPU's device memory measured 95 %–105 % of the estimate (capacity C, total T):
        // headroom (C − 1.05 T) / C … (C − 0.95 T) / C.
        const core::RankGroup& f = e.fullest();
        bands.groups.resize(e.groups.size());
        bands.groups[std::size_t(e.fullestGroup)][2] = {.low = 0.95 * f.totalBytes, .high = 1.05 * f.totalBytes, .runs = 9};
        GaugePanel panel;
        panel.setAnimated(false);
        panel.setBands(bands);
        panel.setEstimate(e);
        const double days = e.compute.trainingSeconds / 86400;
        Gauge* time = panel.gauge(GaugePanel::Kind::TrainingTime);
        QVERIFY(time->hasBand());
        QCOMPARE_LT(std::abs(time->bandLow() - 0.9 * days), 1e-9 * days);
        QCOMPARE_LT(std::abs(time->bandHigh() - 1.2 * days), 1e-9 * days);
        Gauge* mfu = panel.gauge(GaugePanel::Kind::Mfu);
        QCOMPARE_LT(std::abs(mfu->bandLow() - 0.4 / 1.2), 1e-9);
        QCOMPARE_LT(std::abs(mfu->bandHigh() - 0.4 / 0.9), 1e-9);
        Gauge* headroom = panel.gauge(GaugePanel::Kind::Headroom);
        const double c = f.capacityBytes, t = f.totalBytes;
        QCOMPARE_LT(std::abs(headroom->bandLow() - (c - 1.05 * t) / c), 1e-9);
        QCOMPARE_LT(std::abs(headroom->bandHigh() - (c - 0.95 * t) / c), 1e-9);
        // The tooltip says it in words: the runs behind it and the ends relative to the estimate.
        QVERIFY2(time->toolTip().contains(QStringLiteral("14")) && time->toolTip().contains(QStringLiteral("+20 %")), qPrintable(time->toolTip()));
        QVERIFY(time->toolTip().contains(QStringLiteral("\u221210 %")));
        // The pipeline bubble has no measured band: no arc, its tooltip as it was.
        QVERIFY(!panel.gauge(GaugePanel::Kind::Bubble)->hasBand());
        // A scenario with no corpus rows like it: the arcs go.
        panel.setBands(core::EstimateBands{});
        panel.setEstimate(e);
        QVERIFY(!time->hasBand());
        QVERIFY(!time->toolTip().contains(QStringLiteral("14")));
    }

    void headroomTurnsRedWhenItDoesNotFit()
    {
        // No ZeRO: 112 GB of model states alone on an 80 GiB (85.9 GB) GPU.
        const core::Estimate e = core::estimate(guiscenarios::sevenBillionOnEight(0));
        QVERIFY(e.valid);
        GaugePanel panel;
        panel.setAnimated(false);
        panel.setEstimate(e);
        Gauge* headroom = panel.gauge(GaugePanel::Kind::Headroom);
        QVERIFY(headroom->value() < 0);
        QCOMPARE(headroom->levelAt(headroom->value()), Level::Bad);
        panel.setStale(true);
        QVERIFY(headroom->isStale());
    }

    void servingSetAnswersClicksWithItsKind()
    {
        // An inference estimate swaps the six training dials for the seven serving ones; a
        // click names its dial, and only the headroom concerns the fullest GPU's rank group.
        core::Scenario s = guiscenarios::sevenBillionOnEight(0);
        s.mode = core::Mode::Inference;
        const core::Estimate e = core::estimate(s);
        QVERIFY(e.valid);
        GaugePanel panel;
        panel.setAnimated(false);
        panel.setEstimate(e);
        QVERIFY(panel.isServing());
        QCOMPARE(panel.widgets(false).size(), 9); // the training set: days, GPU-hours, cost, MFU, bubble, headroom, goodput, MTBI, checkpoint interval
        QCOMPARE(panel.widgets(true).size(), 7);
        for (QWidget* w : panel.widgets(false))
            QVERIFY(!w->isVisibleTo(&panel));
        for (QWidget* w : panel.widgets(true))
            QVERIFY(w->isVisibleTo(&panel));
        QCOMPARE(panel.gauge(GaugePanel::Kind::MaxBatch)->target(), e.inference.maxBatchAtContext);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QSignalSpy activated(&panel, &GaugePanel::activated);
        QTest::mouseClick(panel.gauge(GaugePanel::Kind::MaxBatch), Qt::LeftButton);
        QTest::mouseClick(panel.gauge(GaugePanel::Kind::ServingHeadroom), Qt::LeftButton);
        QTest::mouseClick(panel.roofline(), Qt::LeftButton);
        QCOMPARE(activated.count(), 3);
        QCOMPARE(activated[0][0].value<GaugePanel::Kind>(), GaugePanel::Kind::MaxBatch);
        QCOMPARE(activated[0][1].toInt(), core::kWholeJob);
        QCOMPARE(activated[1][0].value<GaugePanel::Kind>(), GaugePanel::Kind::ServingHeadroom);
        QCOMPARE(activated[1][1].toInt(), e.fullestGroup);
        QCOMPARE(activated[2][0].value<GaugePanel::Kind>(), GaugePanel::Kind::Roofline);
        // Back to training: the training set returns, filled from the new estimate.
        panel.setEstimate(core::estimate(guiscenarios::sevenBillionOnEight(0)));
        QVERIFY(!panel.isServing());
        QVERIFY(panel.gauge(GaugePanel::Kind::Headroom)->isVisibleTo(&panel));
        QVERIFY(!panel.roofline()->isVisibleTo(&panel));
    }

    void everyDialOfTheTableIsDescribed()
    {
        // One table row per Kind: a title, a tooltip and the working terms behind it.
        GaugePanel panel;
        for (int i = 0; i < int(GaugePanel::Kind::Count); ++i) {
            const auto kind = GaugePanel::Kind(i);
            QVERIFY2(!GaugePanel::terms(kind).isEmpty(), qPrintable(QString::number(i)));
            QWidget* w = panel.gauge(kind) ? static_cast<QWidget*>(panel.gauge(kind)) : panel.roofline();
            QVERIFY2(!w->toolTip().isEmpty(), qPrintable(QString::number(i)));
            if (Gauge* g = panel.gauge(kind))
                QVERIFY2(!g->title().isEmpty(), qPrintable(QString::number(i)));
        }
        QVERIFY(panel.gauge(GaugePanel::Kind::Roofline) == nullptr);
    }

    void nineTrainingDialsTakeTwoRowsWhenNarrow()
    {
        // The nine training dials beside the docks at 1920 × 1080 got about 110 px each and cut
        // their titles ("Between interr…") and captions: narrower than nine lines of text per
        // dial, the set goes on two rows of five, and the panel's minimum is two rows', so the
        // docks keep their width at 1280 × 720.
        const core::Estimate e = core::estimate(guiscenarios::sevenBillionOnEight(0));
        QVERIFY(e.valid);
        GaugePanel panel;
        panel.setAnimated(false);
        panel.setEstimate(e);
        const int em = panel.fontMetrics().height();
        const int oneRow = 9 * 9 * em + 8 * 4;
        QCOMPARE(panel.columnsAt(oneRow), 9);
        QCOMPARE(panel.columnsAt(oneRow - 1), 5);
        panel.resize(1000, 20 * em);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QCOMPARE(panel.columns(), 5);
        const int cell = panel.gauge(GaugePanel::Kind::Goodput)->minimumSizeHint().width();
        QCOMPARE_LE(panel.minimumSizeHint().width(), 5 * cell + 4 * 4);
        // Each dial is at least a fifth of the row, and the second row starts with goodput.
        Gauge* goodput = panel.gauge(GaugePanel::Kind::Goodput);
        Gauge* time = panel.gauge(GaugePanel::Kind::TrainingTime);
        QCOMPARE_GT(goodput->y(), time->y());
        QCOMPARE_GE(goodput->width(), (1000 - 4 * 4) / 5 - 1);
        for (QWidget* w : panel.widgets(false))
            QVERIFY(!static_cast<Gauge*>(w)->shownCaption().contains(QChar(0x2026))); // no caption cut
        panel.resize(oneRow + 10, 10 * em);
        QTRY_COMPARE(panel.columns(), 9);
        QCOMPARE(goodput->y(), time->y());
    }

    void paintsWithoutPaletteSurprises()
    {
        for (const bool dark : {false, true}) {
            Gauge g;
            g.resize(180, 140);
            QPalette p;
            if (dark) {
                p.setColor(QPalette::Window, QColor(0x20, 0x20, 0x20));
                p.setColor(QPalette::WindowText, Qt::white);
            }
            g.setPalette(p);
            g.setTitle(QStringLiteral("MFU"));
            g.setValueText(QStringLiteral("40 %"));
            g.setValue(0.4);
            const QImage image = g.grab().toImage();
            QCOMPARE(image.size(), QSize(180, 140) * image.devicePixelRatio());
        }
    }
};

QTEST_MAIN(TestGauge)
#include "tst_gauge.moc"
