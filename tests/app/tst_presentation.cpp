// Presentation mode: the seeds' deck steps with the clicker keys and the bars end at each
// scene's numbers (ZeRO 112 / 38.5 / 26.25 / 14 GB), the glide passes through the numbers in
// between, Esc leaves, decks load and save, a scene can be added, themes reach the chart.
// It never touches the explorer's scenario, file, modified flag or undo stack; what is dragged
// live can be undone there and kept as new scenes; titles and the strip quote live numbers.
#include <QtTest>

#include <QCheckBox>
#include <QEasingCurve>
#include <QFontInfo>
#include <QLabel>
#include <QSettings>
#include <QSlider>
#include <QTemporaryDir>
#include <QUndoStack>

#include "../widgets/guiscenarios.h"
#include "app/documents/deckdocument.h"
#include "app/documents/documentcontroller.h"
#include "app/slides/decknavigator.h"
#include "app/slides/figuretext.h"
#include "app/mainwindow.h"
#include "app/slides/presentationcontrols.h"
#include "app/slides/presentationwindow.h"
#include "app/slides/stepscene.h"
#include "widgets/step/memorytimelineview.h"
#include "widgets/step/scheduleview.h"
#include "widgets/goodput/runview.h"
#include "widgets/step/stepcursor.h"
#include "app/scenariocontroller.h"
#include "core/io/scenario_io.h"
#include "widgets/charts/animatedmemorychart.h"
#include "widgets/figurestrip.h"
#include "widgets/valueslider.h"

namespace {

/// Weights + gradients + optimizer states of the first bar: the "model states" of ZeRO §3.
double modelStateGB(const AnimatedMemoryChart* chart)
{
    const MemoryChart* c = chart->chart();
    return (c->barBytes(0, core::Component::Weights) + c->barBytes(0, core::Component::Gradients)
            + c->barBytes(0, core::Component::OptimizerStates)) / 1e9;
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-9 * std::max(1.0, std::abs(b));
}

/// What the explorer's user owns: the scenario, its file, whether it is modified, the undo history.
struct ExplorerState
{
    std::string scenario;
    QString path;
    bool modified = false;
    int undoCount = 0;
    int undoIndex = 0;
    QStringList undoTexts;
    QString windowTitle;
    QByteArray fileBytes;

    static ExplorerState of(MainWindow& w)
    {
        w.controller()->flush();
        ExplorerState s;
        s.scenario = core::saveScenario(w.controller()->scenario());
        s.path = w.documentController()->filePath();
        s.modified = w.documentController()->isModified();
        const QUndoStack* stack = w.controller()->undoStack();
        s.undoCount = stack->count();
        s.undoIndex = stack->index();
        for (int i = 0; i < stack->count(); ++i)
            s.undoTexts << stack->text(i);
        s.windowTitle = w.windowTitle();
        QFile f(s.path);
        if (f.open(QIODevice::ReadOnly))
            s.fileBytes = f.readAll();
        return s;
    }
    bool operator==(const ExplorerState&) const = default;
};

QString filled(const PresentationWindow& w, int scene)
{
    return FigureText::fill(w.navigator()->title(scene), w.controller()->scenario(), w.controller()->estimate());
}

} // namespace

class TestPresentation : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        // Recent files and sessions go to a scratch directory, never the user's.
        QVERIFY(m_dir.isValid());
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath(QStringLiteral("settings")));
        QCoreApplication::setOrganizationName(QStringLiteral("ShardScopeTest"));
    }

    void init()
    {
        AnimatedMemoryChart::setAnimationsEnabled(false);
    }

    void shipsTheSeedsDeck()
    {
        PresentationWindow w;
        QCOMPARE(w.navigator()->count(), 19);
        w.navigator()->goTo(0);
        QVERIFY(w.sceneTitle().contains(QStringLiteral("112 GB")));
        QVERIFY(!w.sceneNotes().isEmpty());
    }

    void stepScenePlays()
    {
        PresentationWindow w;
        w.setInteractive(false);
        w.navigator()->goTo(16);
        w.controller()->flush();
        QVERIFY(!w.showsStep()); // the GRPO scene: bars
        QTest::keyClick(&w, Qt::Key_Right);
        w.controller()->flush();
        QCOMPARE(w.navigator()->currentIndex(), 17);
        QVERIFY(w.showsStep());
        StepScene* step = w.stepScene();
        QVERIFY(step->hasTimeline());
        // The deck's 70B scene: TP 8 × PP 4 × DP 2, global batch 16 → 8 micro-batches per step.
        QCOMPARE(int(step->timeline().stages.size()), 4);
        QCOMPARE(step->timeline().microBatches, 8);
        // It opens on stage 0's peak, paused, as its still slide shows it.
        const double peak = step->position();
        QVERIFY(peak > 0);
        QVERIFY(!step->cursor()->isPlaying());
        QTest::keyClick(&w, Qt::Key_P); // the first press plays from the start
        QVERIFY(step->cursor()->isPlaying());
        QCOMPARE(step->position(), 0.0);
        step->cursor()->advance(1000); // one second of the 12-second play
        QCOMPARE(step->position(), step->length() / 12);
        QCOMPARE(step->scheduleView()->cursorPosition(), step->position());
        QCOMPARE(step->memoryView()->cursorPosition(), step->position());
        QTest::keyClick(&w, Qt::Key_P); // pause
        QVERIFY(!step->cursor()->isPlaying());
        const double paused = step->position();
        QTest::keyClick(&w, Qt::Key_P); // and on from there, not from the start
        QVERIFY(step->cursor()->isPlaying());
        QCOMPARE(step->position(), paused);
        // A slider re-plans the step while it plays: micro-batch 2 → 16 / (2 × 2) = 4 per step.
        core::Scenario s = w.controller()->scenario();
        s.training.microBatchSize = 2;
        w.controller()->setScenario(s, QStringLiteral("micro-batch 2"));
        w.controller()->flush();
        QCOMPARE(step->timeline().microBatches, 4);
        QVERIFY(step->cursor()->isPlaying());
        // 8192 / (2 × 2) = 2048 micro-batches per step, above the 1024 drawn (as in the step
        // dock): the scene says why, and nothing plays.
        s.training.globalBatchSize = 8192;
        w.controller()->setScenario(s, QStringLiteral("global batch 8192"));
        w.controller()->flush();
        QVERIFY(!step->hasTimeline());
        QVERIFY(!step->cursor()->isPlaying());
        QTest::keyClick(&w, Qt::Key_P);
        QVERIFY(!step->cursor()->isPlaying());
        s.training.globalBatchSize = 16;
        w.controller()->setScenario(s, QStringLiteral("global batch 16"));
        w.controller()->flush();
        QVERIFY(step->hasTimeline());
        QVERIFY(!step->showsServing());
        // Served instead of trained: the scene plays the serving run (the KV cache filling).
        s.mode = core::Mode::Inference;
        w.controller()->setScenario(s, QStringLiteral("serving"));
        w.controller()->flush();
        QVERIFY(step->showsServing());
        QVERIFY(step->hasTimeline());
        s.mode = core::Mode::Train;
        w.controller()->setScenario(s, QStringLiteral("training"));
        w.controller()->flush();
        QVERIFY(!step->showsServing());
        // Left still steps the scenes: the bars again, the clock stopped.
        QTest::keyClick(&w, Qt::Key_Left);
        QCOMPARE(w.navigator()->currentIndex(), 16);
        QVERIFY(!w.showsStep());
        QVERIFY(!step->cursor()->isPlaying());
        QTest::keyClick(&w, Qt::Key_P); // nothing to play on a scene of bars
        QVERIFY(!step->cursor()->isPlaying());
    }

    void stepSceneRoundTrips()
    {
        QTemporaryDir dir;
        PresentationWindow w;
        w.setInteractive(false);
        w.navigator()->goTo(17);
        w.controller()->flush();
        const int at = w.addCurrentScene(QStringLiteral("Played again"));
        QCOMPARE(w.navigator()->deck().scenes.at(std::size_t(at)).view, core::SceneView::Step); // as it was shown
        const QString path = dir.filePath(QStringLiteral("played.json"));
        QString error;
        QVERIFY2(w.saveDeck(path, &error), qPrintable(error));
        PresentationWindow other;
        QVERIFY2(other.openDeck(path, &error), qPrintable(error));
        QCOMPARE(other.navigator()->count(), 20);
        QCOMPARE(other.navigator()->deck().scenes.at(17).view, core::SceneView::Step);
        QCOMPARE(other.navigator()->deck().scenes.at(18).view, core::SceneView::Step);
        QCOMPARE(other.navigator()->deck().scenes.at(16).view, core::SceneView::Memory);
        QCOMPARE(other.navigator()->deck().scenes.at(19).view, core::SceneView::Run);
    }

    void runScenePlays()
    {
        // The seed deck's last scene: Llama 3 405B on 16,384 H100 at the Llama 3 report's rate,
        // an interruption every 54 × 24 / 419 = 3.09 hours; its title quotes it live.
        PresentationWindow w;
        w.setInteractive(false);
        w.navigator()->goTo(18);
        w.controller()->flush();
        QVERIFY(w.showsRun());
        QVERIFY(!w.showsStep());
        QVERIFY2(w.sceneTitle().contains(QStringLiteral("16,384 H100")), qPrintable(w.sceneTitle()));
        QVERIFY2(w.sceneTitle().contains(QStringLiteral("every 3.1 hours")), qPrintable(w.sceneTitle()));
        RunView* run = w.runView();
        QVERIFY(run->hasRun());
        QCOMPARE(run->rowSeconds(), 2 * 3600.0); // five interruptions, 15.5 h, in rows of 2 h
        QCOMPARE(run->rows(), 8);
        QTest::keyClick(&w, Qt::Key_P);
        QVERIFY(run->cursor()->isPlaying());
        run->cursor()->advance(3000);
        QCOMPARE_GT(run->cursor()->position(), 0.0);
        QTest::keyClick(&w, Qt::Key_P);
        QVERIFY(!run->cursor()->isPlaying());
        QVERIFY(!w.grab().isNull());
        // Add Scene keeps the view it shows
        const int at = w.addCurrentScene(QStringLiteral("Run again"));
        QCOMPARE(w.navigator()->deck().scenes.at(std::size_t(at)).view, core::SceneView::Run);
    }

    void keysStepScenes_data()
    {
        QTest::addColumn<int>("key");
        QTest::addColumn<int>("from");
        QTest::addColumn<int>("to");
        QTest::addRow("Right") << int(Qt::Key_Right) << 0 << 1;
        QTest::addRow("PageDown (clicker)") << int(Qt::Key_PageDown) << 1 << 2;
        QTest::addRow("Space") << int(Qt::Key_Space) << 2 << 3;
        QTest::addRow("Left") << int(Qt::Key_Left) << 3 << 2;
        QTest::addRow("PageUp (clicker)") << int(Qt::Key_PageUp) << 1 << 0;
        QTest::addRow("Left at the start stays") << int(Qt::Key_Left) << 0 << 0;
        QTest::addRow("End") << int(Qt::Key_End) << 0 << 18;
        QTest::addRow("Right at the end stays") << int(Qt::Key_Right) << 18 << 18;
        QTest::addRow("Home") << int(Qt::Key_Home) << 9 << 0;
    }
    void keysStepScenes()
    {
        QFETCH(int, key);
        QFETCH(int, from);
        QFETCH(int, to);
        PresentationWindow w;
        ScenarioController& controller = *w.controller();
        w.navigator()->goTo(from);
        QTest::keyClick(&w, Qt::Key(key));
        QCOMPARE(w.navigator()->currentIndex(), to);
        controller.flush();
        QCOMPARE(controller.scenario(), w.navigator()->deck().scenes[std::size_t(to)].scenario);
        QCOMPARE(w.sceneTitle(), filled(w, to));
        QVERIFY2(!w.sceneTitle().contains(QLatin1Char('{')), qPrintable(w.sceneTitle()));
    }

    void barsEndAtEachScenesNumbers_data()
    {
        QTest::addColumn<bool>("animated");
        QTest::addRow("immediate") << false;
        QTest::addRow("animated") << true;
    }
    void barsEndAtEachScenesNumbers()
    {
        QFETCH(bool, animated);
        AnimatedMemoryChart::setAnimationsEnabled(animated);
        PresentationWindow w;
        ScenarioController& controller = *w.controller();
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.navigator()->goTo(0);
        controller.flush();
        QTRY_VERIFY(!w.chart()->isAnimating());
        QVERIFY(near(modelStateGB(w.chart()), 112.0)); // ZeRO §3.1: 16 B × 7e9 on every GPU
        const double expected[] = {38.5, 26.25, 14.0}; // ZeRO-1, 2, 3 over 8 ranks: (4 + 12/8)·7, (2 + 14/8)·7, 16/8·7 GB
        for (double gb : expected) {
            QTest::keyClick(&w, Qt::Key_Right);
            controller.flush();
            if (animated)
                QVERIFY(w.chart()->isAnimating());
            QTRY_VERIFY(!w.chart()->isAnimating());
            QVERIFY2(near(modelStateGB(w.chart()), gb), qPrintable(QString::number(modelStateGB(w.chart()))));
        }
    }

    void glidePassesThroughTheNumbersBetween()
    {
        AnimatedMemoryChart::setAnimationsEnabled(true);
        PresentationWindow w;
        ScenarioController& controller = *w.controller();
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.navigator()->goTo(0);
        controller.flush();
        QTRY_VERIFY(!w.chart()->isAnimating());
        QTest::keyClick(&w, Qt::Key_Right); // ZeRO-0 → ZeRO-1: 112 → 38.5 GB
        controller.flush();
        QVERIFY(w.chart()->isAnimating());
        w.chart()->setProgress(0.0);
        QVERIFY(near(modelStateGB(w.chart()), 112.0));
        w.chart()->setProgress(0.5);
        const double t = QEasingCurve(QEasingCurve::OutCubic).valueForProgress(0.5);
        QVERIFY(near(modelStateGB(w.chart()), 112.0 + (38.5 - 112.0) * t));
        w.chart()->setProgress(1.0);
        QVERIFY(near(modelStateGB(w.chart()), 38.5));
    }

    void glideBetweenDifferentBarCounts()
    {
        // One bar (7B, DP) to four pipeline stages (70B, PP 4): the chart ends with four.
        AnimatedMemoryChart::setAnimationsEnabled(true);
        PresentationWindow w;
        ScenarioController& controller = *w.controller();
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.navigator()->goTo(3);
        controller.flush();
        QTRY_VERIFY(!w.chart()->isAnimating());
        QCOMPARE(w.chart()->chart()->groupCount(), 1);
        QTest::keyClick(&w, Qt::Key_Right);
        controller.flush();
        QTRY_VERIFY(!w.chart()->isAnimating());
        const core::Estimate e = controller.estimate();
        QCOMPARE(w.chart()->chart()->groupCount(), int(e.groups.size()));
        for (int g = 0; g < int(e.groups.size()); ++g)
            QCOMPARE(w.chart()->chart()->barTotalBytes(g), e.groups[std::size_t(g)].totalBytes);
    }

    void escapeLeaves()
    {
        PresentationWindow w;
        QSignalSpy left(&w, &PresentationWindow::left);
        w.start();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(w.isVisible());
        QVERIFY(w.isFullScreen());
        QTest::keyClick(&w, Qt::Key_Escape);
        QVERIFY(!w.isVisible());
        QCOMPARE(left.count(), 1);
    }

    void mainWindowF5LeavesTheExplorerAsItWas()
    {
        // A document the teacher is working on: a file, one more edit (modified), an undo history.
        const QString path = m_dir.filePath(QStringLiteral("mydoc.json"));
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QByteArray::fromStdString(core::saveScenario(guiscenarios::llama70bOn64(), "My 70B")));
        }
        MainWindow window;
        window.documentController()->setInteractive(false);
        QVERIFY(window.openScenario(path));
        window.controller()->set(core::Field::TrainingZeroStage, 2);
        window.controller()->flush();
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const ExplorerState before = ExplorerState::of(window);
        QVERIFY(before.modified);
        QVERIFY(before.undoCount >= 1);

        QTest::keyClick(&window, Qt::Key_F5);
        PresentationWindow* p = window.presentationWindow();
        QVERIFY(p);
        p->setInteractive(false);
        QTRY_VERIFY(p->isVisible());
        QVERIFY(QTest::qWaitForWindowActive(p)); // the keys go where a teacher's would
        QVERIFY(p->controller() != window.controller());
        p->controller()->flush();
        QCOMPARE(p->controller()->scenario(), p->navigator()->deck().scenes[0].scenario);
        // Step through scenes, drag, undo, save the deck: none of it reaches the explorer.
        for (int i = 0; i < 5; ++i)
            QTest::keyClick(p, Qt::Key_Right);
        p->controls()->gpusSlider()->slider()->setValue(p->controls()->gpusSlider()->slider()->value() + 1);
        p->controller()->flush();
        QTest::keyClick(p, Qt::Key_Z, Qt::ControlModifier);
        QTest::keyClick(p, Qt::Key_Z, Qt::ControlModifier); // nothing left to undo here: still not the explorer's
        QTest::keyClick(p, Qt::Key_S, Qt::ControlModifier); // the deck's Save, never the scenario file
        p->controls()->zeroSlider()->slider()->setValue(0);
        QString error;
        QVERIFY2(p->saveDeck(m_dir.filePath(QStringLiteral("deck-from-f5.json")), &error), qPrintable(error));
        const ExplorerState during = ExplorerState::of(window);
        QCOMPARE(during.scenario, before.scenario);
        QCOMPARE(during.path, before.path);
        QCOMPARE(during.modified, before.modified);
        QCOMPARE(during.undoTexts, before.undoTexts);
        QCOMPARE(during.undoIndex, before.undoIndex);
        QCOMPARE(during.windowTitle, before.windowTitle);
        QCOMPARE(during.fileBytes, before.fileBytes);
        QCOMPARE(during, before);
        QTest::keyClick(p, Qt::Key_Escape);
        QVERIFY(!p->isVisible());
        QCOMPARE(ExplorerState::of(window), before);
        // The explorer's own undo still steps back through its own history only.
        window.controller()->undoStack()->undo();
        window.controller()->flush();
        QCOMPARE(window.controller()->scenario().training.zeroStage, guiscenarios::llama70bOn64().training.zeroStage);
    }

    void undoInsideThePresentation()
    {
        PresentationWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.navigator()->goTo(0);
        w.controller()->flush();
        QCOMPARE(w.controller()->undoStack()->count(), 0); // a scene is a starting point, not an edit
        w.controls()->zeroSlider()->slider()->setValue(3);
        w.controller()->flush();
        QCOMPARE(w.controller()->scenario().training.zeroStage, 3);
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
        w.controller()->flush();
        QCOMPARE(w.controller()->scenario(), w.navigator()->deck().scenes[0].scenario);
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        w.controller()->flush();
        QCOMPARE(w.controller()->scenario().training.zeroStage, 3);
        // Stepping on: the next scene starts clean, and undo cannot reach back into the last.
        QTest::keyClick(&w, Qt::Key_Right);
        w.controller()->flush();
        QCOMPARE(w.controller()->undoStack()->count(), 0);
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
        w.controller()->flush();
        QCOMPARE(w.controller()->scenario(), w.navigator()->deck().scenes[1].scenario);
    }

    void somethingToKeepOnlyAfterAnEdit()
    {
        PresentationWindow w;
        w.setInteractive(false);
        w.start();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(!w.hasChangesToKeep());
        QTest::keyClick(&w, Qt::Key_Right);
        QTest::keyClick(&w, Qt::Key_Right);
        QVERIFY(!w.hasChangesToKeep()); // stepping is not an edit
        w.controls()->zeroSlider()->slider()->setValue(0);
        QVERIFY(w.hasChangesToKeep());
        QTest::keyClick(&w, Qt::Key_Z, Qt::ControlModifier);
        QVERIFY(!w.hasChangesToKeep()); // undone: nothing left to keep
        w.controls()->zeroSlider()->slider()->setValue(0);
        QTest::keyClick(&w, Qt::Key_Right); // remembered, though the scene is left
        QVERIFY(w.hasChangesToKeep());
        QCOMPARE(w.pendingEditCount(), 1);
        // Leaving without a dialog discards: the deck is the one the presentation began with.
        QTest::keyClick(&w, Qt::Key_Escape);
        QVERIFY(!w.isVisible());
        QCOMPARE(w.navigator()->count(), 19);
        QVERIFY(!w.hasChangesToKeep());
        QCOMPARE(w.controller()->scenario(), w.navigator()->currentScene()->scenario);
    }

    void liveEditsBecomeScenes()
    {
        PresentationWindow w;
        w.setInteractive(false);
        w.start();
        w.navigator()->goTo(1); // ZeRO-1
        w.controller()->flush();
        w.controls()->zeroSlider()->slider()->setValue(3);
        w.controller()->flush();
        w.navigator()->goTo(9); // 7B × 1T tokens on 64 A100
        w.controller()->flush();
        QCOMPARE(w.pendingEditCount(), 1);
        w.controls()->zeroSlider()->slider()->setValue(3);
        w.controller()->flush();
        QCOMPARE(w.controller()->scenario().training.zeroStage, 3);
        QVERIFY(w.hasChangesToKeep());
        w.keepLiveEdits();
        // Each edit right after the scene it came from: 1 → 2 (new), 9 → 11 (new, one shifted in before).
        QCOMPARE(w.navigator()->count(), 21);
        const core::Deck& deck = w.navigator()->deck();
        QCOMPARE(deck.scenes[1].scenario.training.zeroStage, 1);
        QCOMPARE(deck.scenes[2].scenario.training.zeroStage, 3);
        QCOMPARE(deck.scenes[2].title.en, deck.scenes[1].title.en); // the template: its numbers follow
        QCOMPARE(deck.scenes[10].scenario.training.zeroStage, 1);
        QCOMPARE(deck.scenes[11].scenario.training.zeroStage, 3);
        QCOMPARE(w.navigator()->currentIndex(), 10); // still on the 7B × 1T scene
        QVERIFY(w.document()->isModified());
        QCOMPARE(w.pendingEditCount(), 0);
        const QString path = m_dir.filePath(QStringLiteral("kept.json"));
        QString error;
        QVERIFY2(w.saveDeck(path, &error), qPrintable(error));
        QVERIFY(!w.hasChangesToKeep());
        PresentationWindow other;
        QVERIFY2(other.openDeck(path, &error), qPrintable(error));
        QCOMPARE(other.navigator()->count(), 21);
        QCOMPARE(other.navigator()->deck().scenes[2].scenario, deck.scenes[2].scenario);
    }

    void deckSaveIsItsOwnAndAtomic()
    {
        PresentationWindow w;
        const QString path = m_dir.filePath(QStringLiteral("own.json"));
        QString error;
        QVERIFY2(w.saveDeck(path, &error), qPrintable(error));
        QCOMPARE(w.document()->filePath(), path);
        QVERIFY(w.windowTitle().contains(QStringLiteral("own.json")));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray saved = f.readAll();
        f.close();
        QVERIFY(core::loadDeck(saved.toStdString()).ok);
        w.addCurrentScene(QStringLiteral("Extra"));
        QVERIFY(w.document()->isModified());
        // A directory cannot be written as a file: the save fails, says so, keeps the old file.
        QVERIFY(!w.saveDeck(m_dir.path(), &error));
        QVERIFY2(error.contains(m_dir.path()), qPrintable(error));
        QVERIFY(w.document()->isModified());
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), saved);
    }

    void titlesQuoteLiveNumbers()
    {
        PresentationWindow w;
        w.navigator()->goTo(0);
        w.controller()->flush();
        QCOMPARE(w.sceneTitle(), QStringLiteral("7B on 8 GPUs, no ZeRO: 112 GB of model states per GPU"));
        w.controls()->zeroSlider()->slider()->setValue(1); // ZeRO-1: 14 + 14 + 84/8 (ZeRO §5)
        w.controller()->flush();
        QCOMPARE(w.sceneTitle(), QStringLiteral("7B on 8 GPUs, no ZeRO: 38.5 GB of model states per GPU"));
        w.controller()->set(core::Field::ParallelGpus, 16); // 14 + 14 + 84/16 = 33.25
        w.controller()->flush();
        QCOMPARE(w.sceneTitle(), QStringLiteral("7B on 16 GPUs, no ZeRO: 33.3 GB of model states per GPU"));
        // An invalid layout has no numbers: a dash, never a stale one.
        w.controller()->set(core::Field::ParallelTensor, 3);
        w.controller()->flush();
        QVERIFY2(w.sceneTitle().contains(QStringLiteral("— GB")), qPrintable(w.sceneTitle()));
    }

    void stripShowsTheScenesFigures()
    {
        PresentationWindow w;
        w.navigator()->goTo(9); // 7B × 1T tokens on 64 A100
        // The seeds' arithmetic is the compute alone: no interruptions and no checkpoint within
        // the run (an interval longer than its 953,674 steps), so the wall-clock is the compute.
        w.controller()->set(core::Field::GoodputGpuInterruptions, 0.0);
        w.controller()->set(core::Field::GoodputNodeInterruptions, 0.0);
        w.controller()->set(core::Field::GoodputCheckpointInterval, std::int64_t(100000000));
        w.controller()->flush();
        const QVector<FigureStrip::Item> items = w.figureStrip()->items();
        QCOMPARE(items.size(), 4);
        QCOMPARE(items[0].caption, FigureText::caption(core::Figure::TrainingDays));
        // 6 · 7e9 · 1e12 = 4.2e22 FLOPs over 64 × 312e12 × 0.4 FLOP/s = 5,258,413 s = 60.9 days.
        QCOMPARE(items[0].value, QStringLiteral("60.9 days"));
        // ZeRO 0–3 scenes: model states, the fullest GPU and its capacity.
        w.navigator()->goTo(0);
        w.controller()->flush();
        QCOMPARE(w.figureStrip()->items().value(0).value, QStringLiteral("112.0 GB"));
        QCOMPARE(w.figureStrip()->items().value(2).value, QStringLiteral("85.9 GB")); // 80 GiB = 85.9 GB
    }

    void globalBatchFollowsGpus()
    {
        PresentationWindow w;
        w.navigator()->goTo(9); // 64 GPUs, global batch 512 = 8 accumulation steps × DP 64
        w.controller()->set(core::Field::GoodputGpuInterruptions, 0.0); // the compute alone, as above
        w.controller()->set(core::Field::GoodputNodeInterruptions, 0.0);
        w.controller()->set(core::Field::GoodputCheckpointInterval, std::int64_t(100000000));
        w.controller()->flush();
        QVERIFY(w.batchFollowsGpus());
        ValueSlider* gpus = w.controls()->gpusSlider();
        const int at1024 = int(gpus->steps().indexOf(1024));
        QVERIFY(at1024 >= 0);
        gpus->slider()->setValue(at1024);
        w.controller()->flush();
        QVERIFY(w.controller()->estimate().valid);
        QCOMPARE(w.controller()->scenario().training.globalBatchSize, 8LL * 1024);
        // 16× the GPUs, the same FLOPs: 5,258,413 s / 16 = 328,651 s = 3.80 days.
        QCOMPARE(w.figureStrip()->items().value(0).value, QStringLiteral("3.80 days"));
        QVERIFY2(w.sceneTitle().contains(QStringLiteral("on 1,024 A100: ≈ 4 days")), qPrintable(w.sceneTitle()));
        // Without it, 1024 GPUs cannot share a global batch of 512: the layout is invalid.
        w.navigator()->goTo(9);
        w.controls()->batchFollowsGpusBox()->setChecked(false);
        w.controller()->flush();
        QCOMPARE(w.controller()->scenario().parallel.gpus, 64);
        gpus->slider()->setValue(int(gpus->steps().indexOf(1024)));
        w.controller()->flush();
        QCOMPARE(w.controller()->scenario().parallel.gpus, 1024);
        QVERIFY(!w.controller()->estimate().valid);
    }

    void axisLockKeepsTheScale()
    {
        PresentationWindow w;
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.navigator()->goTo(0); // 112 GB of model states on 80 GB GPUs
        w.controller()->flush();
        const double top = w.chart()->chart()->axisMaximumBytes();
        QTest::keyClick(&w, Qt::Key_L);
        QVERIFY(w.isAxisLocked());
        QTest::keyClick(&w, Qt::Key_End);
        w.navigator()->goTo(3); // ZeRO-3: 14 GB
        w.controller()->flush();
        QCOMPARE(w.chart()->chart()->axisMaximumBytes(), top);
        QTest::keyClick(&w, Qt::Key_L);
        w.controller()->refresh();
        w.controller()->flush();
        QVERIFY(w.chart()->chart()->axisMaximumBytes() < top);
    }

    void errorsReadableFromTheBackRow()
    {
        // At 1080p every error and warning line is at least 24 px tall (about 1/45 of the height).
        PresentationWindow w;
        w.resize(1920, 1080);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.navigator()->goTo(0);
        w.controller()->set(core::Field::ParallelTensor, 3); // does not divide the heads or the GPUs
        w.controller()->flush();
        QVERIFY(!w.statusLabel()->text().isEmpty());
        QVERIFY(w.chart()->chart()->isShowingInvalid());
        QCOMPARE_GE(QFontInfo(w.statusLabel()->font()).pixelSize(), 24);
        QCOMPARE_GE(QFontInfo(w.chart()->chart()->messageFont()).pixelSize(), 24);
        QCOMPARE_GE(QFontInfo(w.warningLabel()->font()).pixelSize(), 24);
        QCOMPARE_GE(QFontInfo(w.figureStrip()->valueLabel(0)->font()).pixelSize(), 24);
    }

    void controlsDriveTheController()
    {
        PresentationWindow w;
        ScenarioController& controller = *w.controller();
        w.navigator()->goTo(0);
        controller.flush();
        w.controls()->zeroSlider()->slider()->setValue(3); // as a drag would
        controller.flush();
        QCOMPARE(controller.scenario().training.zeroStage, 3);
        QVERIFY(near(modelStateGB(w.chart()), 14.0));
        // The sliders never take the keyboard from the scenes.
        QCOMPARE(w.controls()->zeroSlider()->slider()->focusPolicy(), Qt::NoFocus);
    }

    void decksLoadAddAndSave()
    {
        QTemporaryDir dir;
        PresentationWindow w;
        ScenarioController& controller = *w.controller();
        controller.setScenario(guiscenarios::llama70bOn64());
        controller.flush();
        w.navigator()->goTo(2);
        controller.setScenario(guiscenarios::llama70bOn64()); // the teacher changed things
        controller.flush();
        const int at = w.addCurrentScene(QStringLiteral("My 70B layout"));
        QCOMPARE(at, 3);
        QCOMPARE(w.navigator()->count(), 20);
        QCOMPARE(w.sceneTitle(), QStringLiteral("My 70B layout"));
        QVERIFY(w.document()->isModified());
        const QString path = dir.filePath(QStringLiteral("deck.json"));
        QString error;
        QVERIFY2(w.saveDeck(path, &error), qPrintable(error));

        PresentationWindow other;
        QVERIFY2(other.openDeck(path, &error), qPrintable(error));
        QCOMPARE(other.navigator()->count(), 20);
        QCOMPARE(other.navigator()->title(3), QStringLiteral("My 70B layout"));
        QCOMPARE(other.navigator()->deck().scenes[3].scenario, guiscenarios::llama70bOn64());
        QCOMPARE(other.navigator()->currentIndex(), 0);
    }

    void badDeckLeavesTheDeck_data()
    {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("needle");
        QTest::addRow("truncated") << QByteArray("{\"scenes\": [{\"title\": \"x\", \"scenario\": {\"schema_ver") << "deck.json";
        QTest::addRow("no scenes") << QByteArray("{\"title\": \"empty\", \"scenes\": []}") << "no scenes";
        QTest::addRow("not a deck") << QByteArray("[1, 2, 3]") << "deck.json";
        QTest::addRow("invalid scenario") << QByteArray("{\"scenes\": [{\"scenario\": {\"schema_version\": 1, \"parallel\": {\"gpus\": \"many\"}}}]}")
                                          << "deck.json";
    }
    void badDeckLeavesTheDeck()
    {
        QFETCH(QByteArray, content);
        QFETCH(QString, needle);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("deck.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        PresentationWindow w;
        w.navigator()->goTo(5);
        QString error;
        QVERIFY(!w.openDeck(path, &error));
        QVERIFY2(error.contains(needle), qPrintable(error));
        QCOMPARE(w.navigator()->count(), 19);
        QCOMPARE(w.navigator()->currentIndex(), 5);
        QString missing;
        QVERIFY(!w.openDeck(dir.filePath(QStringLiteral("none.json")), &missing));
        QVERIFY(missing.contains(QStringLiteral("none.json")));
    }

    void highContrastThemes()
    {
        PresentationWindow w;
        w.setTheme(SlideTheme::Theme::HighContrastDark);
        QCOMPARE(w.palette().color(QPalette::Window), QColor(Qt::black));
        QCOMPARE(w.chart()->chart()->palette().color(QPalette::Base), QColor(Qt::black));
        QTest::keyClick(&w, Qt::Key_T);
        QCOMPARE(w.theme(), SlideTheme::Theme::HighContrastLight);
        QCOMPARE(w.chart()->chart()->palette().color(QPalette::Base), QColor(Qt::white));
        QCOMPARE(w.chart()->chart()->palette().color(QPalette::WindowText), QColor(Qt::black));
    }

    void chineseTitlesFollowTheLanguage()
    {
        DeckNavigator deck;
        deck.setLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(deck.title(0), QString::fromStdString(deck.deck().scenes[0].title.zhCN));
        deck.setLanguage(QStringLiteral("en"));
        QCOMPARE(deck.title(0), QString::fromStdString(deck.deck().scenes[0].title.en));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"
