// The Step dock in the window: it follows the controller while shown, and the calibration
// dialog sets a pasted log beside the estimate of the same counter.
#include <QTableWidget>
#include <QTest>

#include "app/mainwindow.h"
#include "app/scenariocontroller.h"
#include "app/step/calibrationdialog.h"
#include "app/step/stepdock.h"
#include "widgets/step/memorytimelinepicture.h"
#include "core/fields.h"
#include "widgets/step/memorytimelineview.h"
#include "widgets/step/scheduleview.h"
#include "widgets/step/steppanel.h"

class TestStepDock : public QObject
{
    Q_OBJECT

private slots:
    void followsTheController()
    {
        MainWindow w;
        ScenarioController* c = w.controller();
        c->set(core::Field::ParallelGpus, 16);
        c->set(core::Field::ParallelPipeline, 4);
        c->set(core::Field::TrainingGlobalBatchSize, 16);
        c->flush();
        w.resize(1600, 1000);
        w.show();
        w.stepDock()->show();
        QTRY_VERIFY(w.stepDock()->panel()->scheduleView()->timeline().valid);
        const core::StepTimeline& t = w.stepDock()->panel()->scheduleView()->timeline();
        QCOMPARE(int(t.stages.size()), 4);
        // 16 sequences over DP 4 (16 GPUs / PP 4), micro-batch 1: 4 micro-batches
        QCOMPARE(t.microBatches, 4);
        QTRY_VERIFY(w.stepDock()->panel()->memoryView()->size() == w.stepDock()->panel()->memoryView()->picture().size());
        QTest::qWait(50); // the dock laid out
        const quint64 adopted = w.stepDock()->panel()->memoryView()->adoptedCount();
        c->set(core::Field::TrainingGlobalBatchSize, 32);
        c->flush();
        // re-planned and drawn on the step planner's thread, not on the slider's path
        QVERIFY(w.stepDock()->replanPending());
        QCOMPARE(w.stepDock()->panel()->memoryView()->timeline().microBatches, 4);
        QTRY_COMPARE(w.stepDock()->panel()->memoryView()->timeline().microBatches, 8);
        QVERIFY(!w.stepDock()->replanPending());
        QCOMPARE(w.stepDock()->panel()->memoryView()->adoptedCount(), adopted + 1); // its picture came from there
        // two edits before the first plan came: the first is dropped, the second drawn
        c->set(core::Field::TrainingGlobalBatchSize, 64);
        c->flush();
        c->set(core::Field::TrainingGlobalBatchSize, 16);
        c->flush();
        QTRY_VERIFY(!w.stepDock()->replanPending());
        QCOMPARE(w.stepDock()->panel()->memoryView()->timeline().microBatches, 4);
        QCOMPARE(w.stepDock()->panel()->scheduleView()->timeline().microBatches, 4);
        // The estimate's peak is the one the timeline marks.
        QCOMPARE(w.stepDock()->panel()->memoryView()->peakMark(0).bytes, c->estimate().groups.front().allocatedBytes);
    }

    void calibrationComparesLikeWithLike()
    {
        MainWindow w;
        ScenarioController* c = w.controller();
        c->flush();
        CalibrationDialog* d = w.stepDock()->calibrationDialog();
        d->setLogText(QStringLiteral("[Rank 0] (after 2 iterations) memory (MB) | allocated: 1.00 | max allocated: 40960.00 | "
                                     "reserved: 45056.00 | max reserved: 45056.00\nindex, memory.used [MiB]\n0, [N/A]\n"));
        QCOMPARE(int(d->residuals().size()), 4);
        for (const core::Residual& r : d->residuals()) {
            QCOMPARE(r.status, core::ResidualStatus::Compared);
            if (r.quantity == core::MeasuredQuantity::MaxReserved)
                QCOMPARE(r.predicted, c->estimate().groups.front().reservedBytes);
        }
        QCOMPARE(d->table()->rowCount(), 4);
        QVERIFY2(d->issuesText().contains(QStringLiteral("Line 3")), qPrintable(d->issuesText()));
        d->setLogText(QStringLiteral("nothing useful here"));
        QVERIFY(d->residuals().empty());
        QVERIFY2(d->issuesText().startsWith(QStringLiteral("No line is in a format")), qPrintable(d->issuesText()));
    }
};

QTEST_MAIN(TestStepDock)
#include "tst_stepdock.moc"
