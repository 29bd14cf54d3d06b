// Teaching in the window: "What to try first" applies a change as one undo step and gives
// serving advice for serving, View ▸ Units switches every label, View ▸ Textbook View shows the
// seeds' 112 / 38.5 / 26.25 / 14 GB on the ZeRO comparison.
#include <QtTest>

#include <QAction>
#include <QLabel>
#include <QPushButton>
#include <QStatusBar>
#include <QToolButton>
#include <QUndoStack>

#include "app/advice/advicedock.h"
#include "app/drills/drillpage.h"
#include "app/explorerpages.h"
#include "app/languagemanager.h"
#include "app/mainwindow.h"
#include "app/scenariocontroller.h"
#include "app/viewoptions.h"
#include "core/io/scenario_io.h"
#include "widgets/advice/advicepanel.h"
#include "widgets/advice/remedybutton.h"
#include "widgets/charts/comparisonview.h"
#include "widgets/charts/memorychart.h"
#include "widgets/gauges/gaugepanel.h"

namespace {

core::Scenario load(const char* json)
{
    const core::ScenarioLoad l = core::loadScenario(json);
    if (!l.ok)
        qFatal("test scenario invalid");
    return l.scenario;
}

/// 7B, one A100, micro-batch 8, no recompute, no FlashAttention: does not fit.
core::Scenario activationHeavy()
{
    return load(R"({"schema_version": 1, "model": {"preset": "llama-2-7b"},
        "training": {"seq_length": 4096, "micro_batch_size": 8, "global_batch_size": 64, "recompute": "none", "flash_attention": false},
        "parallel": {"gpus": 1}, "hardware": {"gpu": "a100-80gb"}})");
}

core::Scenario textbook7b()
{
    return load(R"({"schema_version": 1, "model": {"preset": "textbook-7b"},
        "training": {"seq_length": 2048, "micro_batch_size": 1, "global_batch_size": 64, "precision": "mixed_16",
                     "optimizer": "adam", "zero_stage": 1, "recompute": "full"}, "parallel": {"gpus": 8}, "hardware": {"gpu": "a100-80gb"}})");
}

QLabel* statusLabel(MainWindow& w)
{
    // The first label in the status bar is the fit message.
    return w.statusBar()->findChild<QLabel*>(QStringLiteral("statusLine"));
}

} // namespace

class TestTeachWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

    void adviceAppliesAsOneUndoStep()
    {
        MainWindow w;
        w.show();
        ScenarioController* c = w.controller();
        c->setScenario(activationHeavy());
        c->flush();
        QVERIFY(!w.adviceDock()->statusButton()->isHidden()); // "What to try first…" in the status bar
        w.adviceDock()->statusButton()->click();
        QVERIFY(w.adviceDock()->isVisible());
        AdvicePanel* panel = w.adviceDock()->panel();
        QVERIFY(panel->lineCount() >= 4);
        QVERIFY2(panel->statusText().startsWith(QStringLiteral("Does not fit")), qPrintable(panel->statusText()));
        // FlashAttention first (free), with the GB it saves.
        QCOMPARE(panel->remedy(0)->action(), core::RemedyAction::FlashAttention);
        // (tst_advice works its activations by hand; here the line shows the remedy's own figure.)
        const QString saves = QStringLiteral("saves %1 GB").arg(panel->remedy(0)->bytesSaved / 1e9, 0, 'f', 1);
        QVERIFY2(panel->lineButton(0)->description().contains(saves), qPrintable(panel->lineButton(0)->description() + QStringLiteral(" / ") + saves));
        const int before = c->undoStack()->index();
        panel->lineButton(0)->click();
        c->flush();
        QVERIFY(c->scenario().training.flashAttention);
        QCOMPARE(c->undoStack()->index(), before + 1);
        QVERIFY(c->undoStack()->undoText().contains(QStringLiteral("FlashAttention")));
        // The panel follows: FlashAttention is on now, so it is no longer offered.
        QVERIFY(panel->remedy(0)->action() != core::RemedyAction::FlashAttention);
        c->undoStack()->undo();
        c->flush();
        QVERIFY(!c->scenario().training.flashAttention);
        // A combination applies all its changes at once.
        const int combination = int(panel->advice().remedies.size());
        const core::Remedy* combo = panel->remedy(combination);
        QVERIFY(combo && combo->isCombination());
        panel->lineButton(combination)->click();
        c->flush();
        QVERIFY(c->estimate().fullest().fits);
        QVERIFY(w.adviceDock()->statusButton()->isHidden());
    }

    /// Issue 29: a run that fits still has something to try — its checkpoints. Llama 3 405B on
    /// 16,384 H100 checkpointed every 500 steps: the panel lists the optimal interval (and the pair
    /// with asynchronous checkpoints) under its own heading; a click sets the interval as one undo step.
    void runAdviceSetsTheCheckpointInterval()
    {
        MainWindow w;
        w.show();
        ScenarioController* c = w.controller();
        c->setScenario(load(R"({"schema_version": 1, "model": {"preset": "llama-3.1-405b"},
            "training": {"seq_length": 8192, "micro_batch_size": 1, "global_batch_size": 2048, "train_tokens": 15.6e12,
                         "precision": "mixed_16", "optimizer": "adamw", "zero_stage": 1, "recompute": "none"},
            "parallel": {"gpus": 16384, "gpus_per_node": 8, "tensor": 8, "pipeline": 16, "sequence_parallel": true},
            "goodput": {"checkpoint_interval": 500}, "hardware": {"gpu": "h100-sxm", "mfu": 0.4}})"));
        c->flush();
        // It fits, so the status bar offers the shorter run (not "what to try first"), and opens the dock.
        QToolButton* offer = w.adviceDock()->statusButton();
        QVERIFY(!offer->isHidden());
        QCOMPARE(offer->text(), QStringLiteral("A shorter run…"));
        offer->click();
        QVERIFY(w.adviceDock()->isVisible());
        AdvicePanel* panel = w.adviceDock()->panel();
        QVERIFY2(panel->statusText().startsWith(QStringLiteral("It fits")), qPrintable(panel->statusText()));
        QVERIFY(!panel->advice().runRemedies.empty());
        int line = -1;
        for (int i = 0; i < panel->lineCount(); ++i)
            if (const core::Remedy* r = panel->remedy(i); r && !r->isCombination() && r->action() == core::RemedyAction::CheckpointInterval)
                line = i;
        QVERIFY(line >= 0);
        const core::Remedy chosen = *panel->remedy(line);
        // The line says what the run gains, in the window's words.
        QVERIFY2(panel->lineButton(line)->description().contains(QStringLiteral("goodput")), qPrintable(panel->lineButton(line)->description()));
        QVERIFY2(panel->lineButton(line)->title().contains(QStringLiteral("every %1 steps").arg(qint64(chosen.levers.front().value))),
                 qPrintable(panel->lineButton(line)->title()));
        const int before = c->undoStack()->index();
        panel->lineButton(line)->click();
        c->flush();
        QCOMPARE(c->scenario().goodput.checkpointIntervalSteps, std::int64_t(chosen.levers.front().value));
        QCOMPARE(c->undoStack()->index(), before + 1);
        QVERIFY(c->estimate().compute.run.goodput.goodput > chosen.goodputBefore);
        // At the optimum the interval is no longer offered.
        for (const core::Remedy& r : panel->advice().runRemedies)
            QVERIFY(r.isCombination() || r.action() != core::RemedyAction::CheckpointInterval);
        // Optimal and asynchronous: nothing more to gain, no offer.
        c->set(core::Field::GoodputAsyncCheckpoint, true);
        c->set(core::Field::GoodputCheckpointInterval, std::int64_t(0));
        c->flush();
        QVERIFY(offer->isHidden());
        c->undoStack()->undo();
        c->undoStack()->undo();
        c->undoStack()->undo();
        c->flush();
        QCOMPARE(c->scenario().goodput.checkpointIntervalSteps, std::int64_t(500));
        QVERIFY(!offer->isHidden());
    }

    void servingAdviceIsAboutServing()
    {
        MainWindow w;
        w.show();
        w.adviceDock()->show();
        ScenarioController* c = w.controller();
        c->setScenario(load(R"({"schema_version": 1, "mode": "inference", "model": {"preset": "llama-2-70b"},
            "inference": {"weight_format": "bf16", "batch_size": 32, "prompt_length": 2048, "generated_tokens": 512},
            "parallel": {"gpus": 2, "tensor": 2}, "hardware": {"gpu": "a100-80gb"}})"));
        c->flush();
        AdvicePanel* panel = w.adviceDock()->panel();
        QVERIFY(panel->lineCount() > 0);
        for (int i = 0; i < panel->lineCount(); ++i) {
            const QString title = panel->lineButton(i)->title();
            QVERIFY2(!title.contains(QStringLiteral("ZeRO")) && !title.contains(QStringLiteral("checkpointing"))
                         && !title.contains(QStringLiteral("micro-batch")),
                     qPrintable(title));
        }
        QCOMPARE(panel->lineButton(0)->title(), QStringLiteral("Serve the weights in FP8"));
        // The status bar's warning speaks of weights, not of gradients and optimizer states.
        const QString warnings = w.statusBar()->findChildren<QLabel*>().value(1)->toolTip();
        QVERIFY2(!warnings.contains(QStringLiteral("model states")) && !warnings.contains(QStringLiteral("shard further")), qPrintable(warnings));
    }

    void unitsSwitchEveryLabel()
    {
        MainWindow w;
        w.show();
        ScenarioController* c = w.controller();
        c->setScenario(textbook7b());
        c->flush();
        // An "80GB" A100 is 80 GiB: named so in both units, with the bytes in GB.
        QVERIFY2(statusLabel(w)->text().contains(QStringLiteral("of 80 GiB (85.9 GB)")), qPrintable(statusLabel(w)->text()));
        QCOMPARE(w.memoryChart()->modelStatesText(0), QStringLiteral("model states 38.5 GB"));
        w.viewOptions()->gibAction()->trigger();
        c->flush();
        QCOMPARE(w.memoryChart()->unit(), DisplayFormat::MemoryUnit::GiB);
        QCOMPARE(w.comparisonView()->zeroChart()->unit(), DisplayFormat::MemoryUnit::GiB);
        QVERIFY(w.memoryChart()->plot() != nullptr);
        // 38.5e9 B = 35.86 GiB; the status bar and the bracket follow.
        QCOMPARE(w.memoryChart()->modelStatesText(0), QStringLiteral("model states 35.86 GiB"));
        QVERIFY2(statusLabel(w)->text().contains(QStringLiteral("GiB of 80 GiB")), qPrintable(statusLabel(w)->text()));
        QVERIFY(!statusLabel(w)->text().contains(QStringLiteral(" GB")));
        QCOMPARE(DisplayFormat::memoryUnit(), DisplayFormat::MemoryUnit::GiB); // the working and warnings read it
        w.viewOptions()->gbAction()->trigger();
        c->flush();
        QCOMPARE(w.memoryChart()->modelStatesText(0), QStringLiteral("model states 38.5 GB"));
    }

    void textbookViewShowsTheSeedsTable()
    {
        MainWindow w;
        w.show();
        ScenarioController* c = w.controller();
        c->setScenario(textbook7b());
        c->flush();
        w.viewOptions()->textbookAction()->trigger();
        QVERIFY(w.memoryChart()->textbook());
        MemoryChart* zero = w.comparisonView()->zeroChart();
        QVERIFY(zero->textbook());
        const char* const table[] = {"112 GB", "38.5 GB", "26.25 GB", "14 GB"};
        // Each bar's height, then its model states: the seeds' table (issue 31: the states alone
        // read as the height).
        for (int stage = 0; stage < 4; ++stage)
            QVERIFY2(zero->barLabelText(stage).contains(QStringLiteral("states ") + QString::fromUtf8(table[stage]).remove(QStringLiteral(" GB"))),
                     qPrintable(zero->barLabelText(stage)));
        // No runtime, buffers or fragmentation: model states + activations.
        const core::RankGroup& g = c->estimate().fullest();
        QCOMPARE(w.memoryChart()->barTotalBytes(0), 38.5e9 + g.categoryBytes(core::Category::Activations));
        // The bracket's click opens the working on "Model states on this GPU".
        emit w.memoryChart()->modelStatesClicked(0);
        QVERIFY(w.workingDock()->isVisible());
    }

    void drillStepByStep()
    {
        MainWindow w;
        w.show();
        DrillPage* page = w.drillPage();
        QCOMPARE(page->drillCount(), 15);
        w.explorerPages()->setCurrentWidget(page);
        page->setCurrentDrill(1); // ZeRO-1 on 8 GPUs: 14 + 14 + 84/8 = 38.5 GB
        QVERIFY(page->questionText().contains(QStringLiteral("ZeRO-1")));
        page->check(QStringLiteral("40 GB"));
        QVERIFY2(page->verdictText().contains(QStringLiteral("within 10 %")), qPrintable(page->verdictText()));
        QCOMPARE(page->answerText(), QStringLiteral("The estimate: 38.5 GB"));
        // Forgetting that ZeRO-1 keeps weights and gradients whole: 112/8 = 14 GB, 2.75× too low.
        page->check(QStringLiteral("14GB"));
        QVERIFY2(page->verdictText().contains(QStringLiteral("factor of 2.8")), qPrintable(page->verdictText()));
        page->check(QStringLiteral("61 days"));
        QVERIFY2(page->verdictText().contains(QStringLiteral("memory size")), qPrintable(page->verdictText()));
        // The derivation, one working line at a time, ending at the model states.
        QCOMPARE(page->stepCount(), 5);
        QCOMPARE(page->revealedSteps(), 0);
        while (page->revealNext()) {
        }
        QCOMPARE(page->revealedSteps(), 5);
        QVERIFY2(page->stepText(2).contains(QStringLiteral("Gradients on this GPU")), qPrintable(page->stepText(2)));
        QVERIFY2(page->stepText(4).startsWith(QStringLiteral("5. Model states on this GPU")), qPrintable(page->stepText(4)));
        QVERIFY(page->stepText(4).endsWith(QStringLiteral("38.5 GB")));
        // Chinese, live.
        w.languageManager()->setLanguage(QStringLiteral("zh_CN"));
        QTRY_VERIFY2(page->questionText().contains(QStringLiteral("每卡模型状态")), qPrintable(page->questionText())); // LanguageChange is posted
        w.languageManager()->setLanguage(QStringLiteral("en"));
        QTRY_VERIFY(page->questionText().startsWith(QStringLiteral("The same 7B")));
        // Open in the explorer: the drill's scenario, one undo step, the explorer shown.
        const int before = w.controller()->undoStack()->index();
        QTest::mouseClick(page->findChildren<QPushButton*>().last(), Qt::LeftButton);
        w.controller()->flush();
        QCOMPARE(w.controller()->scenario().model.preset, std::string("textbook-7b"));
        QCOMPARE(w.controller()->undoStack()->index(), before + 1);
        QCOMPARE(w.explorerPages()->currentIndex(), 0);
    }
};

QTEST_MAIN(TestTeachWindow)
#include "tst_teachwindow.moc"
