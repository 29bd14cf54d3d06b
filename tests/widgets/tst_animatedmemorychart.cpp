// The gliding chart: it ends exactly at the new bars whatever their number, passes through
// the eased numbers between, and is immediate when animation is off, the chart hidden, or a
// hand is dragging a slider.
#include <QtTest>

#include <QEasingCurve>

#include "widgets/charts/animatedmemorychart.h"

namespace {

/// `n` bars of `weightsGB` weights each on an 80 GB GPU.
QVector<MemoryChart::Bar> bars(int n, double weightsGB)
{
    QVector<MemoryChart::Bar> out;
    for (int i = 0; i < n; ++i) {
        MemoryChart::Bar b;
        b.label = QStringLiteral("bar %1").arg(i);
        b.bytes[std::size_t(core::Component::Weights)] = weightsGB * 1e9;
        b.totalBytes = weightsGB * 1e9;
        b.capacityBytes = 80e9;
        out.push_back(b);
    }
    return out;
}

double weightsGB(const AnimatedMemoryChart& c, int group)
{
    return c.chart()->barBytes(group, core::Component::Weights) / 1e9;
}

} // namespace

class TestAnimatedMemoryChart : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        AnimatedMemoryChart::setAnimationsEnabled(true);
    }

    void endsAtTheNewBars_data()
    {
        QTest::addColumn<int>("from");
        QTest::addColumn<int>("to");
        QTest::addRow("same count") << 1 << 1;
        QTest::addRow("more stages") << 1 << 4;
        QTest::addRow("fewer stages") << 4 << 2;
    }
    void endsAtTheNewBars()
    {
        QFETCH(int, from);
        QFETCH(int, to);
        AnimatedMemoryChart chart;
        chart.resize(640, 360);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setBars(bars(from, 112));
        QVERIFY(!chart.isAnimating()); // the first bars appear at once
        QSignalSpy finished(&chart, &AnimatedMemoryChart::animationFinished);
        chart.setBars(bars(to, 14));
        QVERIFY(chart.isAnimating());
        QTRY_COMPARE(finished.count(), 1);
        QCOMPARE(chart.chart()->groupCount(), to);
        for (int g = 0; g < to; ++g) {
            QCOMPARE(weightsGB(chart, g), 14.0);
            QCOMPARE(chart.chart()->groupLabel(g), QStringLiteral("bar %1").arg(g));
        }
    }

    void passesThroughTheEasedNumbers_data()
    {
        QTest::addColumn<double>("progress");
        QTest::addRow("start") << 0.0;
        QTest::addRow("quarter") << 0.25;
        QTest::addRow("half") << 0.5;
        QTest::addRow("end") << 1.0;
    }
    void passesThroughTheEasedNumbers()
    {
        QFETCH(double, progress);
        AnimatedMemoryChart chart;
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setBars(bars(1, 112));
        chart.setBars(bars(1, 38.5));
        chart.setProgress(progress);
        const double t = QEasingCurve(QEasingCurve::OutCubic).valueForProgress(progress);
        QCOMPARE_LT(std::abs(weightsGB(chart, 0) - (112 + (38.5 - 112) * t)), 1e-9);
        // A bar that appears grows from nothing.
        chart.setBars(bars(2, 38.5));
        chart.setProgress(progress);
        QCOMPARE_LT(std::abs(weightsGB(chart, 1) - 38.5 * t), 1e-9);
    }

    void immediateWhenAsked_data()
    {
        QTest::addColumn<QString>("why");
        QTest::addRow("animations off (test hook)") << "off";
        QTest::addRow("duration 0") << "duration";
        QTest::addRow("dragging") << "dragging";
        QTest::addRow("hidden") << "hidden";
    }
    void immediateWhenAsked()
    {
        QFETCH(QString, why);
        AnimatedMemoryChart chart;
        if (why != QLatin1String("hidden")) {
            chart.show();
            QVERIFY(QTest::qWaitForWindowExposed(&chart));
        }
        chart.setBars(bars(1, 112));
        if (why == QLatin1String("off"))
            AnimatedMemoryChart::setAnimationsEnabled(false);
        else if (why == QLatin1String("duration"))
            chart.setDuration(0);
        else if (why == QLatin1String("dragging"))
            chart.setImmediate(true);
        chart.setBars(bars(1, 26.25));
        QVERIFY(!chart.isAnimating());
        QCOMPARE(weightsGB(chart, 0), 26.25);
    }
};

QTEST_MAIN(TestAnimatedMemoryChart)
#include "tst_animatedmemorychart.moc"
