// The planner in the window: searches off the GUI thread and only while shown, drops stale
// results, Apply is one undo step, launch settings save atomically, View ▸ Layout Planner.
#include <QtTest>

#include <QAction>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QUndoStack>

#include "app/explorerpages.h"
#include "app/mainwindow.h"
#include "app/planner/launchconfigpanel.h"
#include "app/planner/plannercontroller.h"
#include "app/planner/plannerview.h"
#include "app/planner/servingplannerview.h"
#include "app/scenariocontroller.h"
#include "core/io/scenario_io.h"
#include "widgets/plan/layoutcomparison.h"
#include "widgets/plan/plantablemodel.h"

namespace {

core::Scenario scenario70b(int gpus = 64)
{
    core::Scenario s = core::loadScenario(R"({"schema_version": 1, "model": {"preset": "llama-2-70b"},
        "training": {"seq_length": 4096, "global_batch_size": 256}, "parallel": {"gpus": 64}, "hardware": {"gpu": "h100-sxm"}})")
                           .scenario;
    s.parallel.gpus = gpus;
    return s;
}

} // namespace

class TestPlanner : public QObject
{
    Q_OBJECT

private slots:
    void searchesOnlyWhileActive()
    {
        PlannerController p;
        QSignalSpy results(&p, &PlannerController::resultChanged);
        p.setScenario(scenario70b());
        QTest::qWait(50);
        QCOMPARE(results.count(), 0); // nobody looks: no search
        p.setActive(true);
        QTRY_COMPARE_WITH_TIMEOUT(results.count(), 1, 20000);
        QVERIFY(p.result());
        QVERIFY(p.result()->best() >= 0);
        QVERIFY(!p.isBusy());
    }

    void staleResultsAreDropped()
    {
        PlannerController p;
        p.setActive(true);
        QSignalSpy results(&p, &PlannerController::resultChanged);
        // Three scenarios in a row, each started before the last finished: only the last one's
        // result arrives (the others are cancelled or dropped by their job id).
        p.setScenario(scenario70b(32));
        QCoreApplication::processEvents(); // starts the first search
        p.setScenario(scenario70b(64));
        QCoreApplication::processEvents();
        p.setScenario(scenario70b(128));
        QTRY_VERIFY_WITH_TIMEOUT(!p.isBusy() && results.count() >= 1, 20000);
        QTest::qWait(100);
        QCOMPARE(p.resultScenario().parallel.gpus, 128);
        QCOMPARE(results.count(), 1);
        QVERIFY(p.jobsStarted() >= 2);
        QCOMPARE(p.resultsDelivered(), quint64(1));
    }

    void applyingALayoutDoesNotSearchAgain()
    {
        PlannerController p;
        p.setActive(true);
        p.setScenario(scenario70b());
        QTRY_VERIFY_WITH_TIMEOUT(p.result() != nullptr, 20000);
        const quint64 jobs = p.jobsStarted();
        core::Scenario applied = scenario70b();
        core::applyLayout(p.result()->layouts.front().layout, applied);
        applied.hardware.mfu = 0.45; // a stated MFU does not change the plan either
        p.setScenario(applied);
        QTest::qWait(50);
        QCOMPARE(p.jobsStarted(), jobs);
        // A new GPU count does.
        p.setScenario(scenario70b(128));
        QTRY_COMPARE_WITH_TIMEOUT(p.resultScenario().parallel.gpus, 128, 20000);
    }

    void cancelStopsWaiting()
    {
        PlannerController p;
        p.setActive(true);
        QSignalSpy busy(&p, &PlannerController::busyChanged);
        p.setScenario(scenario70b());
        QCoreApplication::processEvents();
        p.cancel();
        QVERIFY(!p.isBusy());
        QTest::qWait(200);
        QVERIFY(p.result() == nullptr); // the cancelled search's result never arrives
    }

    void applyIsOneUndoStep()
    {
        ScenarioController c;
        c.setScenario(scenario70b());
        c.flush();
        PlannerController p;
        PlannerView view(&c, &p);
        view.resize(1200, 800);
        view.show(); // shown: the planner searches
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowCount() > 0, 20000);
        QCOMPARE(view.selectedLayout(), 0); // the best is selected
        const core::PlanLayout best = p.result()->layouts.front().layout;
        const int steps = c.undoStack()->count();
        const core::Scenario before = c.scenario();
        QVERIFY(view.applyButton()->isEnabled());
        view.applySelected();
        c.flush();
        QCOMPARE(c.undoStack()->count(), steps + 1);
        QCOMPARE(core::layoutOf(c.scenario()), best);
        QVERIFY(c.undoStack()->undoText().contains(QStringLiteral("TP")));
        QVERIFY(!view.applyButton()->isEnabled()); // it is the scenario's layout now
        c.undoStack()->undo();
        c.flush();
        QVERIFY(c.scenario() == before);
        // The launch settings show the selected layout.
        QVERIFY(view.launchConfig()->text(0).contains(QStringLiteral("--tensor-model-parallel-size %1").arg(best.tensor)));
    }

    // A serving scenario shows the serving planner: the layouts ranked under the limits, the best
    // selected with its vLLM command, Apply one undo step that makes it the scenario.
    void servingScenarioShowsServingPlanner()
    {
        ScenarioController c;
        c.setScenario(core::loadScenario(R"({"schema_version": 1, "mode": "inference", "model": {"preset": "llama-3.1-70b"},
            "inference": {"prompt_length": 2048, "generated_tokens": 512}, "parallel": {"gpus": 8, "tensor": 8}, "hardware": {"gpu": "h100-sxm"}})")
                          .scenario);
        c.flush();
        PlannerController p;
        PlannerView view(&c, &p);
        view.resize(1280, 720);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        ServingPlannerView* serving = view.serving();
        QVERIFY(serving->isVisible());
        QVERIFY(!view.table()->isVisible());
        QTRY_VERIFY_WITH_TIMEOUT(serving->table()->rowCount() > 0, 20000);
        QCOMPARE(serving->result().best(), 0);
        QCOMPARE(serving->ttftLimit()->value(), 500.0);
        QCOMPARE(serving->tpotLimit()->value(), 50.0);
        const core::ServingCandidate best = serving->result().layouts.front();
        QVERIFY(best.ttftSeconds <= 0.5 && best.tpotSeconds <= 0.05);
        QCOMPARE(serving->table()->currentRow(), 0);
        QVERIFY(serving->launchText()->toPlainText().contains(QStringLiteral("--tensor-parallel-size %1").arg(best.layout.tensor)));
        QVERIFY(serving->summary()->text().contains(QStringLiteral("Best:")));
        const int steps = c.undoStack()->count();
        serving->applySelected();
        c.flush();
        QCOMPARE(c.undoStack()->count(), steps + 1);
        QCOMPARE(core::servingLayoutOf(c.scenario()), best.layout);
        // Back to training: the training planner's page again.
        c.set(core::Field::Mode, core::FieldValue(core::Mode::Train));
        c.flush();
        QVERIFY(!serving->isVisible());
    }

    void launchSettingsCatchUpWhenShown()
    {
        // A hidden planner page skips writing the launch settings on each scenario change
        // (a slider move); shown again, they are the current scenario's.
        ScenarioController c;
        c.setScenario(scenario70b());
        c.flush();
        PlannerController p;
        PlannerView view(&c, &p);
        view.resize(1200, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowCount() > 0, 20000);
        QVERIFY(view.launchConfig()->text(0).contains(QStringLiteral("--seq-length 4096")));
        view.hide();
        c.set(core::Field::TrainingSeqLength, core::FieldValue(2048));
        c.flush();
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QVERIFY2(view.launchConfig()->text(0).contains(QStringLiteral("--seq-length 2048")), qPrintable(view.launchConfig()->text(0).left(400)));
    }

    void comparesTwoLayouts()
    {
        ScenarioController c;
        c.setScenario(scenario70b());
        c.flush();
        PlannerController p;
        PlannerView view(&c, &p);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QTRY_VERIFY_WITH_TIMEOUT(view.model()->rowCount() > 3, 20000);
        QItemSelectionModel* sel = view.table()->selectionModel();
        sel->select(view.table()->model()->index(0, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        sel->select(view.table()->model()->index(3, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
        view.compareSelected();
        QCOMPARE(view.details()->currentWidget(), static_cast<QWidget*>(view.comparison()));
        QVERIFY(view.comparison()->table()->rowCount() > 5);
    }

    void launchSettingsSaveAtomically()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("megatron.sh"));
        QString error;
        QVERIFY(LaunchConfigPanel::saveText(path, "--tensor-model-parallel-size 8\n", &error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("--tensor-model-parallel-size 8\n"));
        f.close();
        // A path that cannot be written: false with the reason, and the good file untouched.
        QVERIFY(!LaunchConfigPanel::saveText(dir.filePath(QStringLiteral("no/such/dir/x.sh")), "x", &error));
        QVERIFY(!error.isEmpty());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("--tensor-model-parallel-size 8\n"));
        // Nothing half-written is left next to it.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files).size(), 1);
    }

    void viewMenuShowsThePlanner()
    {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QAction* action = nullptr;
        for (QAction* a : w.findChildren<QAction*>())
            if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P))
                action = a;
        QVERIFY(action);
        action->trigger();
        QCOMPARE(w.explorerPages()->currentWidget(), static_cast<QWidget*>(w.plannerView()));
        QVERIFY(w.planner()->isActive());
        QTRY_VERIFY_WITH_TIMEOUT(w.plannerView()->model()->rowCount() > 0, 20000);
        w.explorerPages()->setCurrentIndex(0);
        QVERIFY(!w.planner()->isActive()); // hidden: it stops searching
    }
};

QTEST_MAIN(TestPlanner)
#include "tst_planner.moc"
