// The run's wall-clock for a class (issue 29.4): the window's rows, what the run spent its time
// on up to the cursor (worked by hand from core::runTimeline's rules), and lost work that turns
// red only when its interruption comes.
#include <QSignalSpy>
#include <QTest>

#include "widgets/goodput/runview.h"
#include "widgets/step/stepcursor.h"

namespace {

constexpr double kHour = 3600;

/// A checkpoint every hour of training with a 6-minute stall, an interruption every 3 hours, a
/// 30-minute restart. By hand: train [0, 1 h], stall to 1.1 h, train to 2.1 h, stall to 2.2 h,
/// train 2.2 h → 3 h, interrupted at 3 h: those 0.8 h are lost (the checkpoint at 2.2 h is the
/// last safe one); restart to 3.5 h; train 3.5 h → 4.5 h, …
core::GoodputEstimate hourly()
{
    core::GoodputEstimate g;
    g.intervalSteps = 10;
    g.intervalSeconds = kHour;
    g.checkpointStallSeconds = 0.1 * kHour;
    g.restartSeconds = 0.5 * kHour;
    g.mtbiSeconds = 3 * kHour;
    g.goodput = 0.8;
    return g;
}

} // namespace

class TestRunView : public QObject
{
    Q_OBJECT

private slots:
    void rows_data()
    {
        QTest::addColumn<double>("mtbiHours");
        QTest::addColumn<double>("intervalHours");
        QTest::addColumn<double>("rowHours");
        QTest::addColumn<int>("rows");
        // five interruptions: 15 h, over at most 8 rows → rows of 2 h, 8 of them (16 h)
        QTest::newRow("every 3 h") << 3.0 << 1.0 << 2.0 << 8;
        // nothing interrupts: a day, 3 h rows
        QTest::newRow("no interruptions") << 0.0 << 1.0 << 3.0 << 8;
        // every 30 min: 2.5 h → 0.3125 h per row → 30 min rows, 5 of them
        QTest::newRow("every 30 min") << 0.5 << 1.0 / 6 << 0.5 << 5;
        // a checkpoint every 10 h: at least three intervals (30 h) → 6 h rows, 5 of them
        QTest::newRow("long interval") << 3.0 << 10.0 << 6.0 << 5;
        // a month between interruptions: 150 days, capped at 112 → 14-day rows, 8 of them
        QTest::newRow("a month") << 720.0 << 1.0 << 14 * 24.0 << 8;
    }
    void rows()
    {
        QFETCH(double, mtbiHours);
        QFETCH(double, intervalHours);
        QFETCH(double, rowHours);
        QFETCH(int, rows);
        const RunView::Rows r = RunView::chooseRows(mtbiHours * kHour, intervalHours * kHour);
        QCOMPARE(r.rowSeconds, rowHours * kHour);
        QCOMPARE(r.rows, rows);
    }

    void totals_data()
    {
        QTest::addColumn<double>("atHours");
        QTest::addColumn<double>("work");
        QTest::addColumn<double>("checkpoint");
        QTest::addColumn<double>("lost");
        QTest::addColumn<double>("restart");
        QTest::addColumn<int>("interruptions");
        // at 2.5 h: trained 1 + 1 + 0.3 h, two stalls; the 0.3 h since 2.2 h is still training
        // (its interruption has not come)
        QTest::newRow("2.5 h") << 2.5 << 2.3 << 0.2 << 0.0 << 0.0 << 0;
        // at 4 h: 1 + 1 + 0.5 h kept, 0.8 h lost, 0.5 h restart, one interruption
        QTest::newRow("4 h") << 4.0 << 2.5 << 0.2 << 0.8 << 0.5 << 1;
    }
    void totals()
    {
        QFETCH(double, atHours);
        RunView v;
        v.setRun(hourly(), 16384);
        const core::RunTotals t = v.totalsAt(atHours * kHour);
        QFETCH(double, work);
        QFETCH(double, checkpoint);
        QFETCH(double, lost);
        QFETCH(double, restart);
        QFETCH(int, interruptions);
        QVERIFY(std::abs(t.work - work * kHour) < 1e-6);
        QVERIFY(std::abs(t.checkpoint - checkpoint * kHour) < 1e-6);
        QVERIFY(std::abs(t.lost - lost * kHour) < 1e-6);
        QVERIFY(std::abs(t.restart - restart * kHour) < 1e-6);
        QCOMPARE(t.interruptions, interruptions);
    }

    void playsAndPaints()
    {
        RunView v;
        v.resize(900, 420);
        QVERIFY(!v.hasRun());
        QVERIFY(!v.grab().isNull()); // nothing to draw: the title says so
        v.setRun(hourly(), 16384);
        QVERIFY(v.hasRun());
        QCOMPARE(v.windowSeconds(), 16 * kHour);
        QCOMPARE(v.cursor()->length(), 16 * kHour); // the segments cover the window
        QVERIFY2(v.title().contains(QStringLiteral("16,384")), qPrintable(v.title()));
        QSignalSpy moved(v.cursor(), &StepCursor::positionChanged);
        v.cursor()->setPosition(4 * kHour);
        QCOMPARE(moved.size(), 1);
        QVERIFY2(v.totalsText().contains(QStringLiteral("interruptions 1 ")), qPrintable(v.totalsText()));
        QVERIFY(!v.grab().isNull());
        // no interruptions, no checkpoints: one stretch of training over the day
        core::GoodputEstimate calm;
        calm.intervalSteps = 0;
        calm.intervalSeconds = 5 * 24 * kHour;
        calm.goodput = 1;
        v.setRun(calm, 8);
        QVERIFY(v.hasRun());
        QCOMPARE(v.segments().size(), std::size_t(1));
        QCOMPARE(v.segments().front().activity, core::RunActivity::Work);
    }
};

QTEST_MAIN(TestRunView)
#include "tst_runview.moc"
